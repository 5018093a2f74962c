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

#endif
