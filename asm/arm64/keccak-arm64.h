/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Assembler macros shared by the arm64 Keccak kernels on NEON registers,
 * "sha3ce"/"sha3cex2" (keccak-arm64.S) and "neonx2" (keccakx-neon.S).  The
 * round constants they share are sc_keccak_arm64_rc in keccak-arm64.S.
 *
 * Include only from .S files.
 */
#ifndef _SC_ARM64_KECCAK_ARM64_H
#define _SC_ARM64_KECCAK_ARM64_H

#include "neon-d8-d15.h"

/*
 * The x2 rows' two lane-interleaved states at x0 (lane i of both: the two
 * 64-bit words at x0 + 64 * i) into v0..v24, and back: x9 walks the
 * lanes, x11 = 64 is set by _kx2_load and must still hold for _kx2_store.
 */
.macro	_kx2_lane	op, i
	\op	{v\i\().2d}, [x9], x11
.endm

.macro	_kx2_load
	mov	x9, x0
	mov	x11, #64
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	_kx2_lane	ld1, \i
	.endr
.endm

.macro	_kx2_store
	mov	x9, x0
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24
	_kx2_lane	st1, \i
	.endr
.endm

#endif
