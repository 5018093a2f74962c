/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] with one lane per vector register and AVX-512's
 * vpternlogq and vprolq: the steps the one-state kernel
 * (keccak-avx512vl.S, a lane in each xmm) and the several-state kernel
 * (keccakx-avx512.S, lane i of four or eight states in one ymm or zmm)
 * share, since the algorithm is the same at every width.
 *
 * The includer names the registers: A00..A24 the lanes, C0..C4 the column
 * parities, D0..D4 the theta words written over them (D0 = C2, D2 = C4,
 * D4 = C1; D1 and D3 two spare registers), and T0, T1 (C0 and C3) for
 * chi's copies.  _keccak_pi renames A00..A24 (through P00..P24).
 */
#ifndef _SC_X86_KECCAK_LANES_H
#define _SC_X86_KECCAK_LANES_H

#define XOR3	$0x96		/* a ^ b ^ c */
#define CHI	$0xd2		/* a ^ (~b & c) */

/* C = a0 ^ a1 ^ a2 ^ a3 ^ a4 */
.macro _keccak_parity c, a0, a1, a2, a3, a4
	vmovdqa64	\a0, \c
	vpternlogq	XOR3, \a2, \a1, \c
	vpternlogq	XOR3, \a4, \a3, \c
.endm

/* theta and rho for one lane: a = rol(a ^ d, r), r its rho offset */
.macro _keccak_theta_rho_lane d, a, r
	vpxorq		\d, \a, \a
.if \r
	vprolq		$\r, \a, \a
.endif
.endm

/*
 * D[x] = C[x-1] ^ rol(C[x+1], 1).  With two spare registers the five D
 * fit over the five C: D1 and D3 go to the spares, then each further D
 * overwrites a C whose last use has just passed (C2, C4, C1).
 */
.macro _keccak_theta_d
	_keccak_parity	C0, A15, A00, A05, A10, A20
	_keccak_parity	C1, A16, A01, A06, A11, A21
	_keccak_parity	C2, A17, A02, A07, A12, A22
	_keccak_parity	C3, A18, A03, A08, A13, A23
	_keccak_parity	C4, A19, A04, A09, A14, A24
	vprolq		$1, C2, D1
	vpxorq		C0, D1, D1
	vprolq		$1, C4, D3
	vpxorq		C2, D3, D3
	vprolq		$1, C1, D0
	vpxorq		C4, D0, D0
	vprolq		$1, C3, D2
	vpxorq		C1, D2, D2
	vprolq		$1, C0, D4
	vpxorq		C3, D4, D4
.endm

/*
 * pi: lane x + 5y moves to y + 5((2x + 3y) mod 5).  Only the names move:
 * P<i> names the register that held a[i] before, and the register is
 * renamed to the lane it becomes.  pi's permutation of the 24 non-zero
 * lanes is one cycle, so 24 rounds bind every name to its register again.
 */
.macro _keccak_pi
.irp i, 00,01,02,03,04,05,06,07,08,09,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	.set	P\i, A\i
.endr
	.set	A10, P01
	.set	A20, P02
	.set	A05, P03
	.set	A15, P04
	.set	A16, P05
	.set	A01, P06
	.set	A11, P07
	.set	A21, P08
	.set	A06, P09
	.set	A07, P10
	.set	A17, P11
	.set	A02, P12
	.set	A12, P13
	.set	A22, P14
	.set	A23, P15
	.set	A08, P16
	.set	A18, P17
	.set	A03, P18
	.set	A13, P19
	.set	A14, P20
	.set	A24, P21
	.set	A09, P22
	.set	A19, P23
	.set	A04, P24
.endm

/* chi on one row, in place: a[x] ^= ~a[x+1] & a[x+2] */
.macro _keccak_chi_row a0, a1, a2, a3, a4
	vmovdqa64	\a0, T0
	vmovdqa64	\a1, T1
	vpternlogq	CHI, \a2, \a1, \a0
	vpternlogq	CHI, \a3, \a2, \a1
	vpternlogq	CHI, \a4, \a3, \a2
	vpternlogq	CHI, T0, \a4, \a3
	vpternlogq	CHI, T1, T0, \a4
.endm

/* theta and rho for the five lanes that pi sends to output plane \y */
.macro _keccak_theta_rho_plane y
.if \y == 0
	_keccak_theta_rho_lane	D0, P00, 0
	_keccak_theta_rho_lane	D1, P06, 44
	_keccak_theta_rho_lane	D2, P12, 43
	_keccak_theta_rho_lane	D3, P18, 21
	_keccak_theta_rho_lane	D4, P24, 14
.elseif \y == 1
	_keccak_theta_rho_lane	D3, P03, 28
	_keccak_theta_rho_lane	D4, P09, 20
	_keccak_theta_rho_lane	D0, P10, 3
	_keccak_theta_rho_lane	D1, P16, 45
	_keccak_theta_rho_lane	D2, P22, 61
.elseif \y == 2
	_keccak_theta_rho_lane	D1, P01, 1
	_keccak_theta_rho_lane	D2, P07, 6
	_keccak_theta_rho_lane	D3, P13, 25
	_keccak_theta_rho_lane	D4, P19, 8
	_keccak_theta_rho_lane	D0, P20, 18
.elseif \y == 3
	_keccak_theta_rho_lane	D4, P04, 27
	_keccak_theta_rho_lane	D0, P05, 36
	_keccak_theta_rho_lane	D1, P11, 10
	_keccak_theta_rho_lane	D2, P17, 15
	_keccak_theta_rho_lane	D3, P23, 56
.else
	_keccak_theta_rho_lane	D2, P02, 62
	_keccak_theta_rho_lane	D3, P08, 55
	_keccak_theta_rho_lane	D4, P14, 39
	_keccak_theta_rho_lane	D0, P15, 41
	_keccak_theta_rho_lane	D1, P21, 2
.endif
.endm

/*
 * One round.  Output plane y is theta/rho of its five source lanes, then
 * chi of that row; chi of a plane runs about two planes after its
 * theta/rho (a software pipeline), and the next round's parities take
 * plane 3 (chi'd last) as their copied first operand: on Zen 5 a
 * rotate's or vpternlogq's result read at once costs issue slots
 * (Documentation/design.rst, "Instruction order").  This order measured
 * 5-8% faster than chi straight after each plane's theta/rho
 * (Documentation/sha3.rst).
 * The includer defines _keccak_iota a (a ^= the round's constant, at the
 * pointer _keccak_rounds below walks).
 */
.macro _keccak_round
	_keccak_theta_d
	_keccak_pi
	_keccak_theta_rho_plane	0
	_keccak_theta_rho_plane	1
	_keccak_theta_rho_plane	2
	_keccak_chi_row	A00, A01, A02, A03, A04
	_keccak_iota	A00
	_keccak_theta_rho_plane	3
	_keccak_chi_row	A05, A06, A07, A08, A09
	_keccak_theta_rho_plane	4
	_keccak_chi_row	A10, A11, A12, A13, A14
	_keccak_chi_row	A20, A21, A22, A23, A24
	_keccak_chi_row	A15, A16, A17, A18, A19
.endm

/*
 * After one round pi has left lane i in the register named A<i>, not in
 * V<i> (the includer names the lane registers V0..V24, and V25 spare):
 * move each lane back along pi's one 24-lane cycle, V10's value parked in
 * V25 first.  The moves are eliminated at rename.
 */
.macro _keccak_unpi
	vmovdqa64	V10, V25
	vmovdqa64	V1, V10
	vmovdqa64	V6, V1
	vmovdqa64	V9, V6
	vmovdqa64	V22, V9
	vmovdqa64	V14, V22
	vmovdqa64	V20, V14
	vmovdqa64	V2, V20
	vmovdqa64	V12, V2
	vmovdqa64	V13, V12
	vmovdqa64	V19, V13
	vmovdqa64	V23, V19
	vmovdqa64	V15, V23
	vmovdqa64	V4, V15
	vmovdqa64	V24, V4
	vmovdqa64	V21, V24
	vmovdqa64	V8, V21
	vmovdqa64	V16, V8
	vmovdqa64	V5, V16
	vmovdqa64	V3, V5
	vmovdqa64	V18, V3
	vmovdqa64	V17, V18
	vmovdqa64	V11, V17
	vmovdqa64	V7, V11
	vmovdqa64	V25, V7
.endm

/*
 * The 24 rounds on V0-V24 as a loop of one round and _keccak_unpi: one
 * round's code (about 1 KiB) serves all 24, where unrolled rounds (17 KiB,
 * pi's cycle bringing the names back after 24) ran at the same speed
 * alone but depended on where the code landed (Documentation/sha3.rst).
 * \p walks the round constants at \rc (_keccak_iota reads (\p)) up to
 * \end; \names binds A00..A24 to V0..V24 again for the code after it.
 */
.macro _keccak_rounds	rc, p, end, names
	lea		\rc(%rip), \p
	lea		\rc + 8 * 24(%rip), \end
.Lkeccak_round\@:
	_keccak_round
	_keccak_unpi
	\names
	add		$8, \p
	cmp		\end, \p
	jne		.Lkeccak_round\@
.endm

#endif
