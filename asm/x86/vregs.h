/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register names bound to one vector width, so that one macro body
 * assembles for xmm, ymm and zmm (the style of the kernel's
 * aes-xts-avx-x86_64.S): V0..V31 for every register (_set_vregs), or a
 * file's own name for register n (_set_vreg).  For the .S files of
 * asm/x86/.
 */
#ifndef _SC_ASM_X86_VREGS_H
#define _SC_ASM_X86_VREGS_H

/* V\i = %xmm\i, %ymm\i or %zmm\i for a width of 16, 32 or 64 bytes */
.macro _set_vregs vl
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
.if \vl == 16
	.set	V\i, %xmm\i
.elseif \vl == 32
	.set	V\i, %ymm\i
.elseif \vl == 64
	.set	V\i, %zmm\i
.else
	.error "_set_vregs: the width must be 16, 32 or 64 bytes"
.endif
.endr
.endm

/* \name = register \n of the width \vl, for files that name their own */
.macro _set_vreg name, n, vl
.if \vl == 16
	.set	\name, %xmm\n
.elseif \vl == 32
	.set	\name, %ymm\n
.elseif \vl == 64
	.set	\name, %zmm\n
.else
	.error "_set_vreg: the width must be 16, 32 or 64 bytes"
.endif
.endm

#endif
