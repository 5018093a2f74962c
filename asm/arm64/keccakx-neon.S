/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] on two states at once in plain NEON (ARMv8.0 Advanced
 * SIMD, no SHA3 extension): the Keccak xN row "neonx2" for arm64 cores
 * without EOR3/RAX1/XAR/BCAX (Cortex-A53/A55/A57/A72/A73/A76/N1 ...).
 *
 * Algorithm
 * ---------
 * Keccak-f[1600] (FIPS 202 section 3.3): 24 rounds of theta, rho, pi, chi
 * and iota on 25 64-bit lanes a[x + 5y].  Lane i of both states is one
 * 128-bit register (state 0 in the low 64 bits, state 1 in the high), so
 * the round is the one-state algorithm with every 64-bit step done twice
 * by one .2d/.16b instruction; the halves never mix.  Per round:
 *
 *   theta  C[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]   20 EOR
 *          D[x] = C[x-1] ^ rol(C[x+1], 1)                 5 x (SHL+SRI+EOR)
 *          a[i] ^= D[i % 5]                                     25 EOR
 *   rho+pi b = rol(a, r): SHL into a free register, then SRI of the
 *          same source into it; 24 lanes, 48 instructions.  The result
 *          has to land in another register anyway, so the walk of
 *          keccak-arm64.h (the "sha3ce" layout) is the right one: each
 *          rotate writes the register the previous one freed, and lanes
 *          end where chi wants them, with no copies.
 *   chi    a[x] = b[x] ^ (b[x+2] & ~b[x+1]): BIC + EOR per lane; the x = 3,
 *          4 results go straight into the row's free home registers, the
 *          other three through a temporary: 50 instructions, no copies.
 *   iota   LD1R of the round constant into both halves, one EOR.
 *
 * 162 instructions a round with the loop (20 + 15 + 25 + 48 + 50 + 2 + 2),
 * 4020 for two states through sc_keccakx_permute_live() (the round loop,
 * 50 loads and stores, the d8-d15 save, the C wrapper), against 7265 for
 * two states through the general-register row "arm64" and 1788 with the
 * SHA3 instructions ("sha3cex2"): 0.55 times the work of the GPR code,
 * counted under qemu-aarch64 by scripts/arm64-icount.sh (instruction
 * counts, not timings; see Documentation/arm64.rst).
 *
 * Layout
 * ------
 * The states are lane-interleaved in memory (simdcrypt.h): lane i of state
 * j is the 64-bit word st[8 * i + j], so lane i of states j and j + 1 is
 * the 16 bytes at st + j + 8 * i: 25 LD1 .2d with a 64-byte stride (the
 * element size keeps each word's byte order on either endianness).  Called
 * with st + j, it permutes states j and j + 1 and touches nothing else.
 *
 * Latency and order
 * -----------------
 * No arm64 hardware was available, so the order was chosen for the
 * instruction count and for cores that issue in order: the 25 theta XORs
 * are independent and come in one run before rho; each rotate is a
 * two-instruction dependency (SRI inserts into what SHL wrote), and the
 * rho walk has to be serial (each rotate writes the register the one
 * before freed), which an out-of-order core renames away; in chi the five
 * BICs of a row come before its five EORs.  The whole round is one loop
 * body of 650 bytes: unrolling would not remove anything but the two
 * loop instructions.
 *
 * Variants
 * --------
 *   sc_keccakx2_neon_permute  two states, any ARMv8 core with NEON; the
 *                             xN row "neonx2" (keccak_arm64.c).  On a core
 *                             with the SHA3 extension "sha3cex2"
 *                             (keccak-arm64.S) comes later in the table
 *                             and is the static choice.
 *
 * Registers
 * ---------
 *   v0-v24   the state: lane a[i] of both states in v<i> on entry and at
 *            the end of every round
 *   v25-v29  theta's C0..C4, then D0 = v27, D1 = v30, D2 = v29, D3 = v31,
 *            D4 = v26, each written over a parity no longer needed; v25
 *            and v28 are then free and take b24 and b23 in rho+pi
 *   v26,v27,v29  chi's temporaries (the D registers are free after rho)
 *   v31      iota's round constant, both halves
 *   x0 st, x8 round-constant pointer, x9 lane pointer, x10 end of the
 *   constants, x11 the 64-byte lane stride; d8-d15 saved on the stack
 */
#include <linux/linkage.h>
#include "keccak-arm64.h"

/* v\c = C[x], the parity of the column a0..a4: four EORs */
.macro	nx_parity	c, a0, a1, a2, a3, a4
	eor	v\c\().16b, v\a0\().16b, v\a1\().16b
	eor	v\c\().16b, v\c\().16b, v\a2\().16b
	eor	v\c\().16b, v\c\().16b, v\a3\().16b
	eor	v\c\().16b, v\c\().16b, v\a4\().16b
.endm

/* v\d = v\cm ^ rol(v\cp, 1): D[x] from C[x-1] and C[x+1] */
.macro	nx_d		d, cm, cp
	shl	v\d\().2d, v\cp\().2d, #1
	sri	v\d\().2d, v\cp\().2d, #63
	eor	v\d\().16b, v\d\().16b, v\cm\().16b
.endm

/* theta's last step for lane \i: a[i] ^= D[i % 5] */
.macro	nx_theta	i
	.if	(\i % 5) == 0
	eor	v\i\().16b, v\i\().16b, v27.16b
	.elseif	(\i % 5) == 1
	eor	v\i\().16b, v\i\().16b, v30.16b
	.elseif	(\i % 5) == 2
	eor	v\i\().16b, v\i\().16b, v29.16b
	.elseif	(\i % 5) == 3
	eor	v\i\().16b, v\i\().16b, v31.16b
	.else
	eor	v\i\().16b, v\i\().16b, v26.16b
	.endif
.endm

/* rho for one lane of the walk: v\dst = rol(v\src, rot) */
.macro	nx_rp		dst, src, rot
	shl	v\dst\().2d, v\src\().2d, #\rot
	sri	v\dst\().2d, v\src\().2d, #(64 - \rot)
.endm

/*
 * chi on one row laid out by the walk (keccak-arm64.h): b0..b2 in
 * h0..h2, b3 in t3, b4 in t4, h3 and h4 free.
 */
.macro	nx_chi		h0, h1, h2, h3, h4, t3, t4
	bic	v\h3\().16b, v\h0\().16b, v\t4\().16b	// b0 & ~b4
	bic	v\h4\().16b, v\h1\().16b, v\h0\().16b	// b1 & ~b0
	bic	v26.16b, v\h2\().16b, v\h1\().16b	// b2 & ~b1
	bic	v27.16b, v\t3\().16b, v\h2\().16b	// b3 & ~b2
	bic	v29.16b, v\t4\().16b, v\t3\().16b	// b4 & ~b3
	eor	v\h3\().16b, v\h3\().16b, v\t3\().16b
	eor	v\h4\().16b, v\h4\().16b, v\t4\().16b
	eor	v\h0\().16b, v\h0\().16b, v26.16b
	eor	v\h1\().16b, v\h1\().16b, v27.16b
	eor	v\h2\().16b, v\h2\().16b, v29.16b
.endm

/* void sc_keccakx2_neon_permute(u64 *st); */
SYM_FUNC_START(sc_keccakx2_neon_permute)
	sc_save_d8_d15
	mov	x9, x0
	mov	x11, #64
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	ld1	{v\i\().2d}, [x9], x11
	.endr
	adrp	x8, sc_keccak_arm64_rc
	add	x8, x8, :lo12:sc_keccak_arm64_rc
	add	x10, x8, #(24 * 8)

.Lnx_round:
	/* theta: C0..C4 in v25..v29, D over the parities as they die */
	nx_parity	25, 0, 5, 10, 15, 20
	nx_parity	26, 1, 6, 11, 16, 21
	nx_parity	27, 2, 7, 12, 17, 22
	nx_parity	28, 3, 8, 13, 18, 23
	nx_parity	29, 4, 9, 14, 19, 24
	nx_d	30, 25, 27		// D1 = C0 ^ rol(C2, 1)
	nx_d	31, 27, 29		// D3 = C2 ^ rol(C4, 1)
	nx_d	27, 29, 26		// D0 = C4 ^ rol(C1, 1)
	nx_d	29, 26, 28		// D2 = C1 ^ rol(C3, 1)
	nx_d	26, 28, 25		// D4 = C3 ^ rol(C0, 1)
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	nx_theta	\i
	.endr

	/* rho+pi from the free v25 (b24) and v28 (b23); b0 stays in v0 */
	keccak_rhopi_placed	nx_rp, 25, 28

	/* chi, then iota (its constant loaded first, into both halves) */
	ld1r	{v31.2d}, [x8], #8
	keccak_chi_rows		nx_chi, 25, 28
	eor	v0.16b, v0.16b, v31.16b
	cmp	x8, x10
	b.ne	.Lnx_round

	mov	x9, x0
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	st1	{v\i\().2d}, [x9], x11
	.endr
	sc_restore_d8_d15
	ret
SYM_FUNC_END(sc_keccakx2_neon_permute)
