/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Assembler macros shared by the arm64 Keccak kernels that keep the 25
 * lanes in v0-v24: "sha3ce"/"sha3cex2" (keccak-arm64.S) and "neonx2"
 * (keccakx-neon.S).  Both lay rho+pi out for chi the same way, so the
 * order of that walk and the chi rows that read it are written once here;
 * each kernel passes its own per-lane step macro.  The round constants
 * are the table sc_keccak_arm64_rc in keccak-arm64.S (24 quads).
 *
 * Include only from .S files.
 */
#ifndef _SC_ARM64_KECCAK_ARM64_H
#define _SC_ARM64_KECCAK_ARM64_H

/*
 * The AAPCS64 makes the low halves of v8-v15 callee-saved.  The kernel
 * never keeps FP values in them (-mgeneral-regs-only), but the userspace
 * harness runs the same objects from compiled code: 8 instructions a call.
 */
.macro	sc_save_d8_d15
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
.endm

.macro	sc_restore_d8_d15
	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
.endm

/*
 * rho+pi placed for chi.  \m dst, src, rot writes rol(a[src] (^ D), rot)
 * into register v<dst>, which is free at that point; v<src> is free after
 * it.  b[5y+x] lands in its home register v(5y+x) for x = 0, 1, 2; b3 and
 * b4 of row y land in the x = 3, 4 home registers of row y + 1 (rows 0 and
 * 1 swapped: b3 -> x = 4), and row 4's in the two registers \f1 (b23) and
 * \f0 (b24) that the caller keeps free when rho+pi starts.  The walk is
 * two chains and no cycle (starting at \f0 and \f1, ending by freeing v3
 * and v4, the registers chi of row 0 writes first), so every lane moves
 * once and no register is copied.  b0 (lane 0, no rotation) stays in v0
 * and is not listed.  Comments name the lane produced.
 */
.macro	keccak_rhopi_placed	m, f0, f1
	\m	\f0, 21, 2		// b24
	\m	21, 8, 55		// b21
	\m	8, 24, 14		// b4
	\m	24, 23, 56		// b19
	\m	23, 17, 15		// b18
	\m	17, 11, 10		// b17
	\m	11, 7, 6		// b11
	\m	7, 10, 3		// b7
	\m	10, 1, 1		// b10
	\m	1, 6, 44		// b1
	\m	6, 9, 20		// b6
	\m	9, 18, 21		// b3
	\m	18, 19, 8		// b13
	\m	19, 20, 18		// b14
	\m	20, 2, 62		// b20
	\m	2, 12, 43		// b2
	\m	12, 13, 25		// b12
	\m	13, 22, 61		// b9
	\m	22, 14, 39		// b22
	\m	14, 16, 45		// b8
	\m	16, 5, 36		// b16
	\m	5, 3, 28		// b5
	\m	\f1, 15, 41		// b23
	\m	15, 4, 27		// b15
.endm

/*
 * chi on the layout above, row by row: \m h0, h1, h2, h3, h4, t3, t4 with
 * b0..b2 of the row in its home registers h0..h2, b3 in t3 and b4 in t4;
 * h3 and h4 are free when the row starts (row y + 1's h3/h4 are row y's
 * t4/t3, read before they are written), and the result goes home.
 */
.macro	keccak_chi_rows		m, f0, f1
	\m	0, 1, 2, 3, 4, 9, 8
	\m	5, 6, 7, 8, 9, 14, 13
	\m	10, 11, 12, 13, 14, 18, 19
	\m	15, 16, 17, 18, 19, 23, 24
	\m	20, 21, 22, 23, 24, \f1, \f0
.endm

#endif
