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
 *          same source into it, 24 lanes, 48 instructions.  A rotate
 *          cannot write its own source, so each one writes a register
 *          that is free and frees its source: pi is a walk along chains
 *          that start at the four free registers (see Layout), and no
 *          register is copied.
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
 * In registers, a[i] is in v<i> at the start and end of every round.
 * Between rho+pi and chi, b[5y + x] for x = 0, 1, 2 is in its home
 * register v(5y + x); the x = 3, 4 lanes of each row are where chi can
 * read them before anything overwrites them:
 *
 *	row 0: b3, b4 in v25, v28	row 3: b18, b19 in v30, v31
 *	row 1: b8, b9 in v23, v24	row 4: b23, b24 in v18, v19
 *	row 2: b13, b14 in v3, v4
 *
 * and chi runs rows 1, 2, 0, 4, 3, so that v8, v9 and v13, v14 (the x = 3,
 * 4 homes of rows 1 and 2, free) take the first results and every other
 * x = 3, 4 home is written only after the row parked there has been read.
 * Moving A there is four chains and no cycle, of 7, 7, 7 and 3 rotates,
 * walked side by side.
 *
 * Latency and order
 * -----------------
 * No arm64 hardware was available; the order is for cores that issue in
 * order, where a 128-bit NEON result is not ready for several cycles (an
 * out-of-order core reorders anyway).  The parities are built a plane at a
 * time (five independent chains), theta's 25 XORs fill the gaps of the
 * dependent SHL -> SRI -> EOR of each D, rho+pi runs its four chains side
 * by side (four SHLs, then the four SRIs), and in chi the five BICs of a
 * row come before its five EORs.  That layout and order took llvm-mca's
 * Cortex-A55 model from 313 to 182 cycles a round (A53: 421 to 230; the
 * GPR code: 170 and 178 for two states), and left the out-of-order models
 * where they were (Cortex-A57 83, against 130 for two GPR rounds):
 * scripts/arm64-mca.sh, model estimates, not timings.  The round is one
 * loop body of 648 bytes; unrolling would remove only the two loop
 * instructions.
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
 *   v0-v24   the state (see Layout)
 *   v25-v29  theta's C0..C4, then D0 = v27, D1 = v30, D2 = v29, D3 = v31,
 *            D4 = v26, each written over a parity no longer needed
 *   v25, v28, v30, v31  free after theta: the four chains of rho+pi start
 *            there (row 0's and row 3's b3, b4)
 *   v26, v27, v29  chi's temporaries
 *   v25      iota's round constant, both halves (after row 0's chi)
 *   x0 st, x8 round-constant pointer, x9 lane pointer, x10 end of the
 *   constants, x11 the 64-byte lane stride; d8-d15 saved on the stack
 */
#include <linux/linkage.h>
#include "keccak-arm64.h"

/* v25..v29 = C0..C4 over planes 0 and 1 */
.macro	_nx_par_first
	eor	v25.16b, v0.16b, v5.16b
	eor	v26.16b, v1.16b, v6.16b
	eor	v27.16b, v2.16b, v7.16b
	eor	v28.16b, v3.16b, v8.16b
	eor	v29.16b, v4.16b, v9.16b
.endm

/* C0..C4 ^= the plane a0..a4 */
.macro	_nx_par_plane	a0, a1, a2, a3, a4
	eor	v25.16b, v25.16b, v\a0\().16b
	eor	v26.16b, v26.16b, v\a1\().16b
	eor	v27.16b, v27.16b, v\a2\().16b
	eor	v28.16b, v28.16b, v\a3\().16b
	eor	v29.16b, v29.16b, v\a4\().16b
.endm

/* theta's last step for lane \i: a[i] ^= D[i % 5] */
.macro	_nx_theta	i
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

/*
 * v\d = v\cm ^ rol(v\cp, 1), one D, with theta's XOR on the lanes f0..f4
 * (whose D is ready) between its dependent steps
 */
.macro	_nx_d_theta	d, cm, cp, f0, f1, f2, f3, f4
	shl	v\d\().2d, v\cp\().2d, #1
	_nx_theta	\f0
	_nx_theta	\f1
	sri	v\d\().2d, v\cp\().2d, #63
	_nx_theta	\f2
	_nx_theta	\f3
	eor	v\d\().16b, v\d\().16b, v\cm\().16b
	_nx_theta	\f4
.endm

/*
 * One step of each rho+pi chain (three or four): v\d = rol(v\s, r) for
 * each (d, s, r), the SHLs first, then the SRIs that complete them.
 */
.macro	_nx_rho4	d0, s0, r0, d1, s1, r1, d2, s2, r2, d3, s3, r3
	shl	v\d0\().2d, v\s0\().2d, #\r0
	shl	v\d1\().2d, v\s1\().2d, #\r1
	shl	v\d2\().2d, v\s2\().2d, #\r2
	.ifnb	\d3
	shl	v\d3\().2d, v\s3\().2d, #\r3
	.endif
	sri	v\d0\().2d, v\s0\().2d, #(64 - \r0)
	sri	v\d1\().2d, v\s1\().2d, #(64 - \r1)
	sri	v\d2\().2d, v\s2\().2d, #(64 - \r2)
	.ifnb	\d3
	sri	v\d3\().2d, v\s3\().2d, #(64 - \r3)
	.endif
.endm

/*
 * chi on one row: b0..b2 in the row's home registers h0..h2, b3 in t3,
 * b4 in t4, h3 and h4 free; the results go home, through the temporaries
 * v26, v27, v29 for x = 0..2.
 */
.macro	_nx_chi		h0, h1, h2, h3, h4, t3, t4
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
	_save_d8_d15
	_kx2_load
	adrp	x8, sc_keccak_arm64_rc
	add	x8, x8, :lo12:sc_keccak_arm64_rc
	add	x10, x8, #(24 * 8)

.Lnx_round:
	/* theta: C0..C4 in v25..v29, a plane at a time */
	_nx_par_first
	_nx_par_plane	10, 11, 12, 13, 14
	_nx_par_plane	15, 16, 17, 18, 19
	_nx_par_plane	20, 21, 22, 23, 24
	/* D over the parities as they die; a[i] ^= D[i % 5] in between */
	shl	v30.2d, v27.2d, #1
	shl	v31.2d, v29.2d, #1
	sri	v30.2d, v27.2d, #63
	sri	v31.2d, v29.2d, #63
	eor	v30.16b, v30.16b, v25.16b	// D1 = C0 ^ rol(C2, 1)
	eor	v31.16b, v31.16b, v27.16b	// D3 = C2 ^ rol(C4, 1)
	_nx_d_theta	27, 29, 26, 1, 6, 11, 16, 21	// D0 = C4 ^ rol(C1, 1)
	_nx_d_theta	29, 26, 28, 3, 8, 13, 18, 23	// D2 = C1 ^ rol(C3, 1)
	_nx_d_theta	26, 28, 25, 0, 5, 10, 15, 20	// D4 = C3 ^ rol(C0, 1)
	.irp	i, 2, 7, 12, 17, 22, 4, 9, 14, 19, 24
	_nx_theta	\i
	.endr

	/*
	 * rho+pi: four chains from the free v30, v25, v31, v28, a step of
	 * each per line (destination, source lane, rotation); lanes land as
	 * the Layout section of the header says, b0 stays in v0.
	 */
	_nx_rho4	30, 17, 15,	25, 18, 21,	31, 23, 56,	28, 24, 14
	_nx_rho4	17, 11, 10,	18, 15, 41,	23, 16, 45,	24, 22, 61
	_nx_rho4	11, 7, 6,	15, 4, 27,	16, 5, 36,	22, 14, 39
	_nx_rho4	7, 10, 3,	4, 20, 18,	5, 3, 28
	_nx_rho4	10, 1, 1,	20, 2, 62,	3, 19, 8
	_nx_rho4	1, 6, 44,	2, 12, 43,	19, 21, 2
	_nx_rho4	6, 9, 20,	12, 13, 25,	21, 8, 55

	/* chi, rows 1, 2, 0, 4, 3; then iota */
	_nx_chi	5, 6, 7, 8, 9, 23, 24
	_nx_chi	10, 11, 12, 13, 14, 3, 4
	_nx_chi	0, 1, 2, 3, 4, 25, 28
	ld1r	{v25.2d}, [x8], #8
	_nx_chi	20, 21, 22, 23, 24, 18, 19
	_nx_chi	15, 16, 17, 18, 19, 30, 31
	eor	v0.16b, v0.16b, v25.16b
	cmp	x8, x10
	b.ne	.Lnx_round

	_kx2_store
	_restore_d8_d15
	ret
SYM_FUNC_END(sc_keccakx2_neon_permute)
