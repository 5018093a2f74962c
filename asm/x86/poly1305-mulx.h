/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 in general registers, base 2^64 with MULX: the core's layout,
 * its load and the fold of h2 before the store, and one multiplication:
 * h = h r, partially reduced, with r0 in %r8, r1 in %r9, s1 = 5 (r1 >> 2)
 * in %r12 and h in %r13/%r14/%r15 (h2 at most 9 on entry, at most 7 on
 * exit); clobbers %rax %rbx %rcx %rdx %rdi %r10 %r11 (poly1305-x86_64.S
 * has the derivation).  In seven pieces, 1 to 7, so that the stitched
 * AEAD code (chacha20poly1305-avx2.S, the _mac kernels of
 * chacha-x86_64.S) can place each between vector instructions, in the
 * order _mulx_step gives; the scalar row runs them back to back
 * (_mulx_r), its loop with pieces 6 and 7 as _mulx_sums_next, which also
 * adds the next block's message.  No piece reads a flag set before it.
 */
#ifndef _SC_ASM_X86_POLY1305_MULX_H
#define _SC_ASM_X86_POLY1305_MULX_H

/* struct sc_poly1305_core (the C wrappers assert these offsets) */
#define CORE_H0		0
#define CORE_H1		8
#define CORE_H2		16
#define CORE_R0		24
#define CORE_R1		32

/* r0, r1, s1 = r1 + r1/4 and h from the core at \c */
.macro _mulx_load c
	movq		CORE_R0(\c), %r8
	movq		CORE_R1(\c), %r9
	movq		%r9, %r12
	shrq		$2, %r12
	addq		%r9, %r12
	movq		CORE_H0(\c), %r13
	movq		CORE_H1(\c), %r14
	movq		CORE_H2(\c), %r15
.endm

/*
 * h2 <= 4, as every Poly1305 row leaves the core: h += 5 (h2 >> 2) with
 * h2 &= 3.
 */
.macro _mulx_fold
	movq		%r15, %rax
	shrq		$2, %rax
	leaq		(%rax, %rax, 4), %rax
	andq		$3, %r15
	addq		%rax, %r13
	adcq		$0, %r14
	adcq		$0, %r15
.endm

/*
 * Pieces 1-3: the products; 4-5: column 2 and its fold (5 (d2 >> 2),
 * h2 = d2 & 3); 6-7: the column sums, whose carries go to h2.
 */
.macro _mulx_piece k
.if \k == 1
	movq		%r12, %rax
	imulq		%r15, %rax			/* h2 s1   (column 1) */
	imulq		%r8, %r15			/* h2 r0   (column 2) */
.elseif \k == 2
	movq		%r13, %rdx
	mulxq		%r8, %r13, %r11			/* h0 r0:  r13 c0, r11 c1 */
	mulxq		%r9, %rbx, %rcx			/* h0 r1:  rbx c1, rcx c2 */
.elseif \k == 3
	movq		%r14, %rdx
	mulxq		%r12, %r10, %r14		/* h1 s1:  r10 c0, r14 c1 */
	mulxq		%r8, %rdi, %rdx			/* h1 r0:  rdi c1, rdx c2 */
.elseif \k == 4
	/*
	 * Column 2 without the carries out of column 1 is folded at once
	 * (h2 = d2 & 3, h += 5 (d2 >> 2)), so the fold does not wait for the
	 * column sums; those carries (at most 3) and the one out of the fold
	 * go to h2, which stays at most 7 here (9 with the pad bit and the
	 * message carry: h2 s1 < 2^64 still).
	 */
	addq		%rdx, %rcx
	addq		%r15, %rcx
	movq		%rcx, %r15
	andq		$3, %r15
.elseif \k == 5
	movq		%rcx, %rdx
	shrq		$2, %rcx
	andq		$-4, %rdx
	addq		%rcx, %rdx			/* 5 (d2 >> 2) */
.elseif \k == 6
	/* A + B + h2 s1 without carries (see _mulx_sums_next) */
	leaq		(%r11, %r14), %r14
	addq		%r10, %r13			/* column 0 */
	leaq		(%r14, %rax), %r14
	adcq		%rbx, %r14			/* column 1 */
	adcq		$0, %r15
.elseif \k == 7
	addq		%rdi, %r14
	adcq		$0, %r15
	addq		%rdx, %r13
	adcq		$0, %r14
	adcq		$0, %r15
.else
	.error "_mulx_piece: pieces are 1 to 7"
.endif
.endm

/*
 * Step \k (1-7) of a multiplication: the pieces in the order they are
 * issued, h0's and h1's products (pieces 2, 3) before h2's (piece 1).
 * h2 is the last limb a block leaves, and with one multiplier the two
 * IMULs that need it would hold h1's MULX products back: Zen 4 (family
 * 25 model 17), the scalar row's loop of 4 KiB 15.0 -> 14.0 cycles a
 * block, 256 bytes 245 -> 226 cycles a call.  Every user that places
 * pieces in sequence goes through here.
 */
.macro _mulx_step k
.if \k == 1
	_mulx_piece	2
.elseif \k == 2
	_mulx_piece	3
.elseif \k == 3
	_mulx_piece	1
.else
	_mulx_piece	\k
.endif
.endm

/*
 * Pieces 6 and 7 for a loop of blocks (the scalar row): column 1's
 * carries counted in %r10 and added to h2 at once, and the next block's
 * message at \m (a register) with its pad bit \pad added before the fold,
 * while the fold is still being computed: the next products then wait
 * for the fold's add and carries only, not for the message's three adds
 * after them.  Zen 5, a loop of blocks: 11.1-11.5 cycles a block against
 * 11.8-12.2 with the message added at the top (counting the carries apart
 * alone: no measurable change, so the stitched loops keep pieces 6-7).
 * Three of column 1's terms are summed first without carries, by LEA off
 * the flag chain: (h0 r0) >> 64 < r0 < 2^60, (h1 s1) >> 64 < s1 < 1.25
 * 2^60 and h2 s1 <= 9 s1 (h2 at most 9 on entry), 13.5 2^60 < 2^64 in
 * all; the carry chain that every next product waits for is then 12
 * operations instead of 17.  Zen 4 (family 25 model 17), 4 KiB: 15.8 ->
 * 15.0 cycles a block (the same h, bit for bit, over 200000 random keys,
 * states and lengths).
 * h2 stays at most 9 (three carries, the pad bit, the message's carry,
 * d2 & 3 and the fold's carry).
 */
.macro _mulx_sums_next m, pad
	leaq		(%r11, %r14), %r14		/* column 1: A + B */
	addq		%r10, %r13			/* column 0 */
	leaq		(%r14, %rax), %r14		/* + h2 s1 */
	adcq		%rbx, %r14			/* column 1 */
	movl		$0, %r10d			/* its carries (mov: */
	adcq		$0, %r10			/* flags kept) */
	addq		%rdi, %r14
	adcq		$0, %r10
	addq		0(\m), %r13			/* the next message */
	adcq		8(\m), %r14
	adcq		\pad, %r10
	addq		%r10, %r15
	addq		%rdx, %r13			/* the fold */
	adcq		$0, %r14
	adcq		$0, %r15
.endm

#endif
