/* SPDX-License-Identifier: GPL-2.0 */
/*
 * u64 sc_abi_call(const void *fn, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4,
 *		   u64 a5)
 *
 * Calls fn(a0..a5) with canary values in every callee-saved register
 * (rbx, rbp, r12-r15) and returns a mask of what the callee broke:
 * bit 0 rbx, 1 rbp, 2 r12, 3 r13, 4 r14, 5 r15, 6 the direction flag left
 * set.  The harness calls every row function through this, so an asm row
 * that clobbers a callee-saved register fails in userspace too (where it
 * would otherwise often pass by luck), not only in the kernel.
 *
 * It also shows what the callee left on the stack: the SC_ABI_SCAN bytes
 * below the caller's stack pointer are filled with SC_ABI_FILL before the
 * call and copied to sc_abi_stack[] after it, so the harness can look
 * there for keystream or key words that a row's frame was not wiped of.
 *
 * void sc_abi_leak(const void *p) copies the 64 bytes at p into a frame of
 * its own and returns without wiping it: the harness's proof that such a
 * leak is found.
 */

#define SC_ABI_SCAN	16384	/* as in harness.c */
	.text
	.globl	sc_abi_call
	.type	sc_abi_call, @function
	.p2align 4
sc_abi_call:
	push	%rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$8, %rsp		/* call with %rsp 16-byte aligned */
	movabs	$0xc5c5c5c5c5c5c5c5, %r10	/* SC_ABI_FILL */
	lea	-SC_ABI_SCAN(%rsp), %r11
0:	mov	%r10, (%r11)
	add	$8, %r11
	cmp	%rsp, %r11
	jb	0b
	mov	%rdi, %rax
	mov	%rsi, %rdi
	mov	%rdx, %rsi
	mov	%rcx, %rdx
	mov	%r8, %rcx
	mov	%r9, %r8
	mov	64(%rsp), %r9		/* a5: past the return address, */
					/* six pushes and the alignment */
	movabs	$0x5c5c0b0b5c5c0b0b, %rbx
	movabs	$0x5c5c0bbb5c5c0bbb, %rbp
	movabs	$0x5c5c012c5c5c012c, %r12
	movabs	$0x5c5c013d5c5c013d, %r13
	movabs	$0x5c5c014e5c5c014e, %r14
	movabs	$0x5c5c015f5c5c015f, %r15
	call	*%rax
	/* the flags first: the copy below needs DF clear */
	pushf
	pop	%r11
	cld
	lea	-SC_ABI_SCAN(%rsp), %rsi
	lea	sc_abi_stack(%rip), %rdi
	mov	$SC_ABI_SCAN, %ecx
	rep movsb
	xor	%eax, %eax
	movabs	$0x5c5c0b0b5c5c0b0b, %r10
	cmp	%r10, %rbx
	je	1f
	or	$1, %eax
1:	movabs	$0x5c5c0bbb5c5c0bbb, %r10
	cmp	%r10, %rbp
	je	2f
	or	$2, %eax
2:	movabs	$0x5c5c012c5c5c012c, %r10
	cmp	%r10, %r12
	je	3f
	or	$4, %eax
3:	movabs	$0x5c5c013d5c5c013d, %r10
	cmp	%r10, %r13
	je	4f
	or	$8, %eax
4:	movabs	$0x5c5c014e5c5c014e, %r10
	cmp	%r10, %r14
	je	5f
	or	$16, %eax
5:	movabs	$0x5c5c015f5c5c015f, %r10
	cmp	%r10, %r15
	je	6f
	or	$32, %eax
6:	test	$0x400, %r11
	jz	7f
	or	$64, %eax
7:	add	$8, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	ret
	.size	sc_abi_call, .-sc_abi_call

	.globl	sc_abi_leak
	.type	sc_abi_leak, @function
	.p2align 4
sc_abi_leak:
	sub	$72, %rsp
	mov	$8, %ecx
	xor	%eax, %eax
1:	mov	(%rdi, %rax, 8), %rdx
	mov	%rdx, (%rsp, %rax, 8)
	inc	%eax
	dec	%ecx
	jnz	1b
	add	$72, %rsp
	ret
	.size	sc_abi_leak, .-sc_abi_leak

	.bss
	.p2align 6
	.globl	sc_abi_stack
	.type	sc_abi_stack, @object
sc_abi_stack:
	.zero	SC_ABI_SCAN
	.size	sc_abi_stack, SC_ABI_SCAN

	.section .note.GNU-stack, "", @progbits
