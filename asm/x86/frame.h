/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A stack frame for vector registers, for the .S files of asm/x86.
 *
 * The kernel's %rsp is only 8-byte aligned, and at a call it is wherever
 * the caller's depth leaves it, so a frame that is a plain sub of %rsp puts
 * its 32- and 64-byte slots across cache lines at some depths and across a
 * page at a few.  Measured on Zen 4 (family 25 model 17), 4 KiB calls at
 * each of the 512 8-byte depths in a page: the AVX2 ChaCha batch, which
 * stores and reloads its spill slot at every rotation by 12 and 7, ran 6%
 * slower at 3 depths in 8 (the slot across a line) and 4x slower at 4 of
 * 512 (across a page); the SSSE3 and AVX2 + scalar kernels the same.  Which
 * depth a user gets is fixed by the call path, so a whole workload could
 * sit on the slow one, and so could calibration.
 *
 * _frame_enter gives a frame of at least \size bytes at a 64-byte aligned
 * %rsp (whole lines: no slot of a vector or less crosses a line or a page).
 * %rbp keeps the caller's %rsp: a frame pointer, which objtool and the
 * unwinder follow.  _frame_leave returns to it.  Everything pushed before
 * _frame_enter is popped after _frame_leave.
 */
#ifndef _SC_ASM_X86_FRAME_H
#define _SC_ASM_X86_FRAME_H

.macro _frame_enter size
	pushq		%rbp
	movq		%rsp, %rbp
	andq		$-64, %rsp
	subq		$((\size + 63) & ~63), %rsp
.endm

.macro _frame_leave
	movq		%rbp, %rsp
	popq		%rbp
.endm

#endif
