/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] for arm64, two ways, plus the absorb loop of each.
 *
 * Algorithm (FIPS 202 section 3): 25 64-bit lanes a[x + 5y]; 24 rounds of
 *	theta	C[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
 *		D[x] = C[x-1] ^ rol(C[x+1], 1);  a[x + 5y] ^= D[x]
 *	rho+pi	a[y + 5((2x+3y) % 5)] = rol(a[x + 5y], r[x + 5y])
 *	chi	a[x] ^= ~a[x+1] & a[x+2]  (within each row of five)
 *	iota	a[0] ^= RC[round]
 * rho+pi is one 24-cycle over lanes 1..24.  The GPR variant walks it in
 * place with a single temporary (_rhopi_cycle lists it: destination,
 * source, rotation); the SHA3 variant lays the lanes out for chi instead.
 *
 * Variant "sha3ce" (ARMv8.2 SHA3 extension, FEAT_SHA3):
 *	v0-v24	lane i in the low 64 bits of vi (high halves stay zero)
 *	v25-v29	C0..C4, then D0=v25 D1=v30 D2=v26 D3=v27 D4=v31
 *	v28,v29	b23/b24 (row 4's b3, b4) between rho+pi and chi
 *	EOR3 computes C in two steps per column, RAX1 gives D[x] directly
 *	(a ^ rol(b, 1)), XAR fuses theta's XOR with the rho rotation, and
 *	BCAX is chi's a ^ (b & ~c).  rho+pi writes each lane where chi wants
 *	it (see the round), so a round is 10 EOR3 + 5 RAX1 + 24 XAR + 1 EOR
 *	+ 25 BCAX + iota and the loop: 69 instructions, no register copies.
 *	x0 state  x1 input  x2 blocks  w3 rate  x8 round constant pointer
 *	(d8-d15, callee-saved in the AAPCS64, are saved on the stack)
 *
 * Variant "sha3ce" x2 (Keccak xN row "sha3cex2"): the same round on two
 *	states, one in each 64-bit half of v0-v24 (sc_keccakx2_ce_permute).
 *
 * Variant "arm64" (general-purpose registers, any ARMv8 core):
 *	all 25 lanes live in x0-x17 and x19-x25 (ln0..ln24); x26-x28 and x30
 *	are the four temporaries (tm0..tm3).  x18 (the platform register,
 *	shadow call stack) and x29 (frame pointer) are left alone, so the
 *	state pointer, the input pointer, the block count, the rate, the
 *	round-constant pointer and C4 live in a 160-byte stack frame (the
 *	C4 slot, the only state-dependent one, is zeroed before return).
 *	theta with four temporaries: C0..C3 in registers, C4 on the stack;
 *	D1 and D2 are formed in place of C0/C1 and undone afterwards
 *	(x ^ rol(y,1) twice is x), which saves the fifth register.  The
 *	rol-by-1 and chi's and-not come free with EOR/BIC shifted-register
 *	operands (ROR #63, BIC).  About 140 instructions per round.
 *
 * Both absorb loops XOR floor(rate/8) input lanes into the state per
 * block (like the generic code) and step the input by rate bytes.  Input
 * lanes are little-endian: LD1 .8b (byte order) in the NEON variant, LDR +
 * REV on big-endian kernels in the GPR one.  The round constants are the
 * same table for both.  No branch or address depends on data.
 */
#include <linux/linkage.h>
#include "keccak-arm64.h"
#include "../../generic/keccak_rc.h"

#ifdef __AARCH64EB__
#define SC_BE(x...)	x
#else
#define SC_BE(x...)
#endif

	.arch	armv8.2-a+sha3

	/* the round constants, also read by keccakx-neon.S */
	.section .rodata
	.align	6
	.globl	sc_keccak_arm64_rc
	.type	sc_keccak_arm64_rc, %object
sc_keccak_arm64_rc:
	.quad	SC_KECCAK_RC
sc_keccak_arm64_rc_end:
	.size	sc_keccak_arm64_rc, . - sc_keccak_arm64_rc

	.text

/* The rho+pi cycle: \m dst, src, rol-amount for every lane but 0. */
.macro	_rhopi_cycle m, tmp
	\m	\tmp, 1, 1
	\m	1, 6, 44
	\m	6, 9, 20
	\m	9, 22, 61
	\m	22, 14, 39
	\m	14, 20, 18
	\m	20, 2, 62
	\m	2, 12, 43
	\m	12, 13, 25
	\m	13, 19, 8
	\m	19, 23, 56
	\m	23, 15, 41
	\m	15, 4, 27
	\m	4, 24, 14
	\m	24, 21, 2
	\m	21, 8, 55
	\m	8, 16, 45
	\m	16, 5, 36
	\m	5, 3, 28
	\m	3, 18, 21
	\m	18, 17, 15
	\m	17, 11, 10
	\m	11, 7, 6
	\m	7, 10, 3
.endm

/* ================= SHA3 extension ================= */

/* v\dst = rol(v\src ^ D[src % 5], rot) */
.macro	_ce_rp	dst, src, rot
	.if	(\src % 5) == 0
	xar	v\dst\().2d, v\src\().2d, v25.2d, #((64 - \rot) % 64)
	.elseif	(\src % 5) == 1
	xar	v\dst\().2d, v\src\().2d, v30.2d, #((64 - \rot) % 64)
	.elseif	(\src % 5) == 2
	xar	v\dst\().2d, v\src\().2d, v26.2d, #((64 - \rot) % 64)
	.elseif	(\src % 5) == 3
	xar	v\dst\().2d, v\src\().2d, v27.2d, #((64 - \rot) % 64)
	.else
	xar	v\dst\().2d, v\src\().2d, v31.2d, #((64 - \rot) % 64)
	.endif
.endm

/*
 * chi on one row: b0..b2 are in the row's home registers \h0..\h2, b3 and
 * b4 in \t3 and \t4 (where rho+pi put them); the home registers \h3 and
 * \h4 are free, so a3' and a4' are written there first and a0'..a2' then
 * in place.  No copies.
 */
.macro	_ce_chi	h0, h1, h2, h3, h4, t3, t4
	bcax	v\h3\().16b, v\t3\().16b, v\h0\().16b, v\t4\().16b
	bcax	v\h4\().16b, v\t4\().16b, v\h1\().16b, v\h0\().16b
	bcax	v\h0\().16b, v\h0\().16b, v\h2\().16b, v\h1\().16b
	bcax	v\h1\().16b, v\h1\().16b, v\t3\().16b, v\h2\().16b
	bcax	v\h2\().16b, v\h2\().16b, v\t4\().16b, v\t3\().16b
.endm

/*
 * 24 rounds on v0-v24; clobbers v25-v31, x8, x10.  \x2: both 64-bit
 * halves of every register are states (iota on both), else the low one.
 */
.macro	_ce_keccakf x2=0
	adrp	x8, sc_keccak_arm64_rc
	add	x8, x8, :lo12:sc_keccak_arm64_rc
	add	x10, x8, #(24 * 8)
.Lce_round\@:
	eor3	v25.16b, v0.16b, v5.16b, v10.16b
	eor3	v26.16b, v1.16b, v6.16b, v11.16b
	eor3	v27.16b, v2.16b, v7.16b, v12.16b
	eor3	v28.16b, v3.16b, v8.16b, v13.16b
	eor3	v29.16b, v4.16b, v9.16b, v14.16b
	eor3	v25.16b, v25.16b, v15.16b, v20.16b
	eor3	v26.16b, v26.16b, v16.16b, v21.16b
	eor3	v27.16b, v27.16b, v17.16b, v22.16b
	eor3	v28.16b, v28.16b, v18.16b, v23.16b
	eor3	v29.16b, v29.16b, v19.16b, v24.16b

	rax1	v30.2d, v25.2d, v27.2d		// D1 = C0 ^ rol(C2, 1)
	rax1	v31.2d, v28.2d, v25.2d		// D4 = C3 ^ rol(C0, 1)
	rax1	v25.2d, v29.2d, v26.2d		// D0 = C4 ^ rol(C1, 1)
	rax1	v26.2d, v26.2d, v28.2d		// D2 = C1 ^ rol(C3, 1)
	rax1	v27.2d, v27.2d, v29.2d		// D3 = C2 ^ rol(C4, 1)

	/*
	 * rho+pi, placed for chi: b[5y+x] goes to its home register v(5y+x)
	 * for x = 0, 1, 2; b3 and b4 of row y go to the (then free) x = 3, 4
	 * home registers of row y + 1 (rows 0 and 1 swapped: b3 -> x = 4),
	 * those of row 4 to v28 and v29.  Moving A into that layout is two
	 * chains (starting at the A3 and A4 registers) and no cycle, so it
	 * takes one XAR per lane and no copy.  Each line: destination
	 * register, source lane, rotation; comments name the lane produced.
	 */
	eor	v0.16b, v0.16b, v25.16b		// b0 = a0 ^ D0
	_ce_rp	29, 21, 2		// b24
	_ce_rp	21, 8, 55		// b21
	_ce_rp	8, 24, 14		// b4
	_ce_rp	24, 23, 56		// b19
	_ce_rp	23, 17, 15		// b18
	_ce_rp	17, 11, 10		// b17
	_ce_rp	11, 7, 6		// b11
	_ce_rp	7, 10, 3		// b7
	_ce_rp	10, 1, 1		// b10
	_ce_rp	1, 6, 44		// b1
	_ce_rp	6, 9, 20		// b6
	_ce_rp	9, 18, 21		// b3
	_ce_rp	18, 19, 8		// b13
	_ce_rp	19, 20, 18		// b14
	_ce_rp	20, 2, 62		// b20
	_ce_rp	2, 12, 43		// b2
	_ce_rp	12, 13, 25		// b12
	_ce_rp	13, 22, 61		// b9
	_ce_rp	22, 14, 39		// b22
	_ce_rp	14, 16, 45		// b8
	_ce_rp	16, 5, 36		// b16
	_ce_rp	5, 3, 28		// b5
	_ce_rp	28, 15, 41		// b23
	_ce_rp	15, 4, 27		// b15

	_ce_chi	0, 1, 2, 3, 4, 9, 8
	_ce_chi	5, 6, 7, 8, 9, 14, 13
	_ce_chi	10, 11, 12, 13, 14, 18, 19
	_ce_chi	15, 16, 17, 18, 19, 23, 24
	_ce_chi	20, 21, 22, 23, 24, 28, 29

	.if	\x2
	ld1r	{v28.2d}, [x8], #8
	.else
	ld1	{v28.1d}, [x8], #8
	.endif
	eor	v0.16b, v0.16b, v28.16b
	cmp	x8, x10
	b.ne	.Lce_round\@
.endm

.macro	_ce_load_state
	mov	x9, x0
	ld1	{v0.1d-v3.1d}, [x9], #32
	ld1	{v4.1d-v7.1d}, [x9], #32
	ld1	{v8.1d-v11.1d}, [x9], #32
	ld1	{v12.1d-v15.1d}, [x9], #32
	ld1	{v16.1d-v19.1d}, [x9], #32
	ld1	{v20.1d-v23.1d}, [x9], #32
	ld1	{v24.1d}, [x9]
.endm

.macro	_ce_store_state
	mov	x9, x0
	st1	{v0.1d-v3.1d}, [x9], #32
	st1	{v4.1d-v7.1d}, [x9], #32
	st1	{v8.1d-v11.1d}, [x9], #32
	st1	{v12.1d-v15.1d}, [x9], #32
	st1	{v16.1d-v19.1d}, [x9], #32
	st1	{v20.1d-v23.1d}, [x9], #32
	st1	{v24.1d}, [x9]
.endm

/* void sc_keccak_ce_permute(u64 *st); */
SYM_FUNC_START(sc_keccak_ce_permute)
	_save_d8_d15
	_ce_load_state
	_ce_keccakf
	_ce_store_state
	_restore_d8_d15
	ret
SYM_FUNC_END(sc_keccak_ce_permute)

/*
 * void sc_keccak_ce_absorb(u64 *st, const u8 *in, size_t nblocks,
 *			    unsigned int rate);
 */
SYM_FUNC_START(sc_keccak_ce_absorb)
	cbz	x2, .Lce_absorb_done
	mov	w3, w3
	_save_d8_d15
	_ce_load_state
.Lce_absorb_block:
	mov	x11, x1
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	cmp	x3, #(8 * \i + 7)
	b.ls	.Lce_absorb_xored
	ld1	{v28.8b}, [x11], #8
	eor	v\i\().16b, v\i\().16b, v28.16b
	.endr
.Lce_absorb_xored:
	add	x1, x1, x3
	_ce_keccakf
	subs	x2, x2, #1
	b.ne	.Lce_absorb_block
	_ce_store_state
	_restore_d8_d15
.Lce_absorb_done:
	ret
SYM_FUNC_END(sc_keccak_ce_absorb)

/*
 * void sc_keccakx2_ce_permute(u64 *st);
 *
 * Two states, lane-interleaved (simdcrypt.h): lane i of the two is the
 * pair of 64-bit words at st + 64 * i, one register (LD1 .2d keeps each
 * word's byte order on either endianness).  The round is the one above,
 * every instruction working on both halves; only iota's constant is
 * replicated (LD1R).
 */
SYM_FUNC_START(sc_keccakx2_ce_permute)
	_save_d8_d15
	_kx2_load
	_ce_keccakf 1
	_kx2_store
	_restore_d8_d15
	ret
SYM_FUNC_END(sc_keccakx2_ce_permute)

/* ================= general-purpose registers ================= */

ln0	.req	x0
ln1	.req	x1
ln2	.req	x2
ln3	.req	x3
ln4	.req	x4
ln5	.req	x5
ln6	.req	x6
ln7	.req	x7
ln8	.req	x8
ln9	.req	x9
ln10	.req	x10
ln11	.req	x11
ln12	.req	x12
ln13	.req	x13
ln14	.req	x14
ln15	.req	x15
ln16	.req	x16
ln17	.req	x17
ln18	.req	x19
ln19	.req	x20
ln20	.req	x21
ln21	.req	x22
ln22	.req	x23
ln23	.req	x24
ln24	.req	x25
tm0	.req	x26
lntmp	.req	x26		/* tm0 as the rho+pi temporary */
tm1	.req	x27
tm2	.req	x28
tm3	.req	x30

/* stack frame */
#define F_SIZE	160
#define F_ST	88
#define F_IN	96
#define F_NB	104
#define F_RATE	112
#define F_RC	120
#define F_C4	128

.macro	_gpr_prologue
	stp	x19, x20, [sp, #-F_SIZE]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
	stp	x27, x28, [sp, #64]
	str	x30, [sp, #80]
	stp	x0, x1, [sp, #F_ST]
	stp	x2, x3, [sp, #F_NB]
.endm

/*
 * The whole frame but the round constants' pointer is wiped: the
 * prologue stores x1-x3 even for permute, which takes only x0, and there
 * the caller's leftovers may be lanes (the xN wrapper's gather loop left
 * the last one in x1, which the harness's leftover scan found on the
 * stack); the caller's x19-x28 may be lanes for the same reason.
 */
.macro	_gpr_epilogue
	str	xzr, [sp, #F_C4]		// C4 is state-dependent: wipe
	stp	xzr, xzr, [sp, #F_ST]
	stp	xzr, xzr, [sp, #F_NB]
	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x27, x28, [sp, #64]
	ldr	x30, [sp, #80]
	ldp	x19, x20, [sp]
	stp	xzr, xzr, [sp]
	stp	xzr, xzr, [sp, #16]
	stp	xzr, xzr, [sp, #32]
	stp	xzr, xzr, [sp, #48]
	stp	xzr, xzr, [sp, #64]
	add	sp, sp, #F_SIZE
.endm

.macro	_gpr_load_state
	ldr	tm0, [sp, #F_ST]
	ldp	ln0, ln1, [tm0]
	ldp	ln2, ln3, [tm0, #16]
	ldp	ln4, ln5, [tm0, #32]
	ldp	ln6, ln7, [tm0, #48]
	ldp	ln8, ln9, [tm0, #64]
	ldp	ln10, ln11, [tm0, #80]
	ldp	ln12, ln13, [tm0, #96]
	ldp	ln14, ln15, [tm0, #112]
	ldp	ln16, ln17, [tm0, #128]
	ldp	ln18, ln19, [tm0, #144]
	ldp	ln20, ln21, [tm0, #160]
	ldp	ln22, ln23, [tm0, #176]
	ldr	ln24, [tm0, #192]
.endm

.macro	_gpr_store_state
	ldr	tm0, [sp, #F_ST]
	stp	ln0, ln1, [tm0]
	stp	ln2, ln3, [tm0, #16]
	stp	ln4, ln5, [tm0, #32]
	stp	ln6, ln7, [tm0, #48]
	stp	ln8, ln9, [tm0, #64]
	stp	ln10, ln11, [tm0, #80]
	stp	ln12, ln13, [tm0, #96]
	stp	ln14, ln15, [tm0, #112]
	stp	ln16, ln17, [tm0, #128]
	stp	ln18, ln19, [tm0, #144]
	stp	ln20, ln21, [tm0, #160]
	stp	ln22, ln23, [tm0, #176]
	str	ln24, [tm0, #192]
.endm

/* \t = C[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20] */
.macro	_gpr_column	t, a, b, c, d, e
	eor	\t, ln\a, ln\b
	eor	\t, \t, ln\c
	eor	\t, \t, ln\d
	eor	\t, \t, ln\e
.endm

/* a[x + 5y] ^= \dv for every y */
.macro	_gpr_apply	dv, a, b, c, d, e
	eor	ln\a, ln\a, \dv
	eor	ln\b, ln\b, \dv
	eor	ln\c, ln\c, \dv
	eor	ln\d, ln\d, \dv
	eor	ln\e, ln\e, \dv
.endm

.macro	_gpr_rp	dst, src, rot
	ror	ln\dst, ln\src, #((64 - \rot) % 64)
.endm

.macro	_gpr_chi	a0, a1, a2, a3, a4
	bic	tm0, ln\a2, ln\a1
	bic	tm1, ln\a3, ln\a2
	bic	tm2, ln\a4, ln\a3
	bic	tm3, ln\a0, ln\a4
	eor	ln\a2, ln\a2, tm2
	bic	tm2, ln\a1, ln\a0
	eor	ln\a3, ln\a3, tm3
	eor	ln\a4, ln\a4, tm2
	eor	ln\a0, ln\a0, tm0
	eor	ln\a1, ln\a1, tm1
.endm

/* 24 rounds on ln0..ln24. */
.macro	_gpr_keccakf
	adrp	tm0, sc_keccak_arm64_rc
	add	tm0, tm0, :lo12:sc_keccak_arm64_rc
	str	tm0, [sp, #F_RC]
.Lgpr_round\@:
	/* theta */
	_gpr_column	tm0, 4, 9, 14, 19, 24
	str	tm0, [sp, #F_C4]
	_gpr_column	tm0, 0, 5, 10, 15, 20
	_gpr_column	tm1, 1, 6, 11, 16, 21
	_gpr_column	tm2, 2, 7, 12, 17, 22
	_gpr_column	tm3, 3, 8, 13, 18, 23
	eor	tm0, tm0, tm2, ror #63		// D1 = C0 ^ rol(C2, 1)
	_gpr_apply	tm0, 1, 6, 11, 16, 21
	eor	tm0, tm0, tm2, ror #63		// C0 again
	eor	tm1, tm1, tm3, ror #63		// D2 = C1 ^ rol(C3, 1)
	_gpr_apply	tm1, 2, 7, 12, 17, 22
	eor	tm1, tm1, tm3, ror #63		// C1 again
	eor	tm3, tm3, tm0, ror #63		// D4 = C3 ^ rol(C0, 1)
	_gpr_apply	tm3, 4, 9, 14, 19, 24
	ldr	tm0, [sp, #F_C4]		// C4
	eor	tm2, tm2, tm0, ror #63		// D3 = C2 ^ rol(C4, 1)
	_gpr_apply	tm2, 3, 8, 13, 18, 23
	eor	tm0, tm0, tm1, ror #63		// D0 = C4 ^ rol(C1, 1)
	_gpr_apply	tm0, 0, 5, 10, 15, 20

	/* rho + pi */
	_rhopi_cycle	_gpr_rp, tmp
	mov	ln10, tm0

	/* chi */
	_gpr_chi	0, 1, 2, 3, 4
	_gpr_chi	5, 6, 7, 8, 9
	_gpr_chi	10, 11, 12, 13, 14
	_gpr_chi	15, 16, 17, 18, 19
	_gpr_chi	20, 21, 22, 23, 24

	/* iota */
	ldr	tm0, [sp, #F_RC]
	ldr	tm1, [tm0], #8
	eor	ln0, ln0, tm1
	str	tm0, [sp, #F_RC]
	adrp	tm1, sc_keccak_arm64_rc_end
	add	tm1, tm1, :lo12:sc_keccak_arm64_rc_end
	cmp	tm0, tm1
	b.ne	.Lgpr_round\@
.endm

/* void sc_keccak_gpr_permute(u64 *st); */
SYM_FUNC_START(sc_keccak_gpr_permute)
	_gpr_prologue
	_gpr_load_state
	_gpr_keccakf
	_gpr_store_state
	_gpr_epilogue
	ret
SYM_FUNC_END(sc_keccak_gpr_permute)

/*
 * void sc_keccak_gpr_absorb(u64 *st, const u8 *in, size_t nblocks,
 *			     unsigned int rate);
 */
SYM_FUNC_START(sc_keccak_gpr_absorb)
	cbz	x2, .Lgpr_absorb_ret
	mov	w3, w3
	_gpr_prologue
	_gpr_load_state
.Lgpr_absorb_block:
	ldr	tm0, [sp, #F_IN]
	ldr	tm2, [sp, #F_RATE]
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	cmp	tm2, #(8 * \i + 7)
	b.ls	.Lgpr_absorb_xored
	ldr	tm1, [tm0, #(8 * \i)]
SC_BE(	rev	tm1, tm1	)
	eor	ln\i, ln\i, tm1
	.endr
.Lgpr_absorb_xored:
	add	tm0, tm0, tm2
	str	tm0, [sp, #F_IN]
	_gpr_keccakf
	ldr	tm0, [sp, #F_NB]
	subs	tm0, tm0, #1
	str	tm0, [sp, #F_NB]
	b.ne	.Lgpr_absorb_block
	_gpr_store_state
	_gpr_epilogue
.Lgpr_absorb_ret:
	ret
SYM_FUNC_END(sc_keccak_gpr_absorb)
