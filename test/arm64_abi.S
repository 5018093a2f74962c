/* SPDX-License-Identifier: GPL-2.0 */
/*
 * u64 sc_abi_call(void *fn, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5);
 *
 * Test helper for test/arm64_diff.c (aarch64 only): calls fn(a0..a5) with
 * known patterns in every register the AAPCS64 says a callee must
 * preserve (x19-x28, x29, the low halves of v8-v15) plus x18, the
 * platform register the kernel's shadow call stack uses, and returns the
 * OR of (value after ^ pattern) over all of them and of the stack pointer
 * difference: 0 means the callee kept the contract.
 *
 * As abi_x86_64.S does for test/harness.c, it fills the SC_ABI_SCAN bytes
 * below sp with SC_ABI_FILL before the call and copies them to
 * sc_abi_stack[] after it (what the callee left on the stack), and
 * sc_abi_leak(p) leaves the 64 bytes at p in a frame it does not wipe.
 */
#include <linux/linkage.h>

#define SC_ABI_SCAN	16384	/* as in harness.c */

	.text
SYM_FUNC_START(sc_abi_call)
	stp	x29, x30, [sp, #-176]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	d8, d9, [sp, #96]
	stp	d10, d11, [sp, #112]
	stp	d12, d13, [sp, #128]
	stp	d14, d15, [sp, #144]
	str	x18, [sp, #160]

	movz	x12, #0xc5c5			/* SC_ABI_FILL */
	movk	x12, #0xc5c5, lsl #16
	movk	x12, #0xc5c5, lsl #32
	movk	x12, #0xc5c5, lsl #48
	mov	x13, sp
	sub	x14, x13, #SC_ABI_SCAN
0:	str	x12, [x14], #8
	cmp	x14, x13
	b.lo	0b

	mov	x9, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	mov	x3, x4
	mov	x4, x5
	mov	x5, x6
	.irp	n, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28
	movz	x\n, #(0x\n\n)
	movk	x\n, #0xa00a, lsl #48
	.endr
	.irp	n, 8, 9, 10, 11, 12, 13, 14, 15
	movz	x10, #(0x\n\n)
	movk	x10, #0xd00d, lsl #48
	fmov	d\n, x10
	.endr
	blr	x9

	adrp	x12, sc_abi_stack
	add	x12, x12, :lo12:sc_abi_stack
	mov	x13, sp
	sub	x14, x13, #SC_ABI_SCAN
1:	ldr	x15, [x14], #8
	str	x15, [x12], #8
	cmp	x14, x13
	b.lo	1b

	mov	x0, #0
	.irp	n, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28
	movz	x10, #(0x\n\n)
	movk	x10, #0xa00a, lsl #48
	eor	x10, x10, x\n
	orr	x0, x0, x10
	.endr
	.irp	n, 8, 9, 10, 11, 12, 13, 14, 15
	movz	x10, #(0x\n\n)
	movk	x10, #0xd00d, lsl #48
	fmov	x11, d\n
	eor	x10, x10, x11
	orr	x0, x0, x10
	.endr
	mov	x10, sp
	eor	x10, x10, x29
	orr	x0, x0, x10

	ldr	x18, [sp, #160]
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	d8, d9, [sp, #96]
	ldp	d10, d11, [sp, #112]
	ldp	d12, d13, [sp, #128]
	ldp	d14, d15, [sp, #144]
	ldp	x29, x30, [sp], #176
	ret
SYM_FUNC_END(sc_abi_call)

SYM_FUNC_START(sc_abi_leak)
	sub	sp, sp, #80
	.irp	off, 0, 16, 32, 48
	ldp	x1, x2, [x0, #\off]
	stp	x1, x2, [sp, #\off]
	.endr
	add	sp, sp, #80
	ret
SYM_FUNC_END(sc_abi_leak)

	.bss
	.balign	64
	.globl	sc_abi_stack
	.type	sc_abi_stack, %object
sc_abi_stack:
	.zero	SC_ABI_SCAN
	.size	sc_abi_stack, SC_ABI_SCAN
