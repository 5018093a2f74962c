/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The AAPCS64 makes the low halves of v8-v15 callee-saved.  The kernel
 * never keeps FP values in them (-mgeneral-regs-only), but the userspace
 * harness runs the same objects from compiled code, so the NEON kernels
 * that need those registers save them: 8 instructions a call.
 *
 * Include only from .S files (chacha-neon.h, keccak-arm64.h).
 */
#ifndef _SC_ARM64_NEON_D8_D15_H
#define _SC_ARM64_NEON_D8_D15_H

.macro	_save_d8_d15
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
.endm

.macro	_restore_d8_d15
	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
.endm

#endif
