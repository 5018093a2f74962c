/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] absorb for x86_64 general-purpose registers (BMI1 ANDN,
 * BMI2 RORX).  No SIMD state is touched, so the caller needs no
 * kernel_fpu_begin(): this is the row for every context.
 *
 * Algorithm
 * ---------
 * Keccak-f[1600] (FIPS 202 section 3.3) on 25 64-bit lanes a[x + 5y].  Each
 * round is computed one output row at a time:
 *
 *   D[x]   = C[x-1] ^ rol(C[x+1], 1)          C = column parities
 *   b[k]   = rol(a[src(k)] ^ D[src(k) % 5], rho[src(k)])   theta, rho, pi
 *   out[x] = b[x] ^ (~b[x+1] & b[x+2])        chi (ANDN), iota on out[0]
 *
 * where src(k) are the five lanes pi sends to output row y.  The 25 lanes
 * live in two 200-byte buffers in the stack frame; a round reads one and
 * writes the other, so two rounds make one loop iteration and the state is
 * back in the first buffer after it.  The column parities of the next round
 * are kept in registers as the rows are written (C[4] is gathered from the
 * buffer during the last row), so a round starts from registers, not from
 * freshly stored memory.  RORX rotates without touching the source and
 * without flags; ANDN is chi's ~b & c in one instruction.
 *
 * Per round: 10 (D) + 25 (xor D) + 24 (rotates) + 50 (chi) + 20 (parities)
 * + 1 (iota) ALU instructions, 26 loads and 26 stores, about 182
 * instructions in all.  Six integer ALUs, three of which rotate, would
 * issue that in about 23 cycles; Zen 5 takes 35 (5.2 instructions a
 * cycle), and removing any one class of instructions speeds it up in
 * proportion to its count: the instruction rate bounds it.
 *
 * Registers
 * ---------
 *   D0 D2-D4    %rdi %r8 %r9 %r10             theta's D[x], every round
 *   set 1       %rax %rbx %rcx %rdx %rsi
 *   set 2       %r11 %r12 %r13 %r14 %r15
 * In even rounds set 1 holds the incoming parities, then the row's b[0..4],
 * and set 2 collects the outgoing parities C[0..3] plus a scratch register
 * that ends as C[4]; odd rounds swap the two sets.  All 14 registers are in
 * use during a round; D[1], the pointers and the counters live in the frame
 * (D[1] as a memory operand of the XOR costs nothing measurable).  %rbp is
 * left alone so that frame-pointer unwinding (objtool --stackval) stays
 * valid.
 *
 * Variants
 * --------
 *   sc_keccak_absorb_x86_64  x86_64 with BMI1 + BMI2 (Haswell, Zen and
 *                            later); reached through asm/x86/keccak_x86.c.
 */
#include <linux/linkage.h>
#include "../../generic/keccak_rc.h"

#define D0	%rdi
#define D2	%r8
#define D3	%r9
#define D4	%r10

/* stack frame */
#define SA		0		/* state buffer A: 25 lanes */
#define SE		200		/* state buffer E */
#define F_ST		400		/* u64 *st */
#define F_IN		408		/* next input block */
#define F_NBLK		416		/* blocks left */
#define F_RATE		424		/* rate (0: permute) */
#define F_RC		432		/* this round pair's constants */
#define F_D1		440		/* theta's D[1] */
#define FRAME		448

/* b = rol(lane ^ d, r), the lane read from the frame at offset off */
.macro _theta_rho_lane b, d, off, r
	mov		\off(%rsp), \b
	xor		\d, \b
.if \r
	rorx		$(64 - \r), \b, \b
.endif
.endm

/*
 * chi and iota on output row 0: out[x] = b[x] ^ (~b[x+1] & b[x+2]), stored
 * to the destination buffer; out[0..3] also start the next round's column
 * parities in o0..o3 (o3 briefly points at the round constants), out[4]
 * goes through t.
 */
.macro _chi_first dst, rc, b0, b1, b2, b3, b4, o0, o1, o2, o3, t
	andn		\b2, \b1, \o0
	xor		\b0, \o0
	mov		F_RC(%rsp), \o3
	xor		\rc(\o3), \o0
	mov		\o0, \dst(%rsp)
	andn		\b3, \b2, \o1
	xor		\b1, \o1
	mov		\o1, \dst + 8(%rsp)
	andn		\b4, \b3, \o2
	xor		\b2, \o2
	mov		\o2, \dst + 16(%rsp)
	andn		\b0, \b4, \o3
	xor		\b3, \o3
	mov		\o3, \dst + 24(%rsp)
	andn		\b1, \b0, \t
	xor		\b4, \t
	mov		\t, \dst + 32(%rsp)
.endm

/* one output of rows 1..4: store it and add it to its column parity */
.macro _chi_out dst, b0, b1, b2, o, t
	andn		\b2, \b1, \t
	xor		\b0, \t
	mov		\t, \dst(%rsp)
	xor		\t, \o
.endm

/* chi on output rows 1..3 */
.macro _chi_mid dst, y, b0, b1, b2, b3, b4, o0, o1, o2, o3, t
	_chi_out		\dst+40*\y+0, \b0, \b1, \b2, \o0, \t
	_chi_out		\dst+40*\y+8, \b1, \b2, \b3, \o1, \t
	_chi_out		\dst+40*\y+16, \b2, \b3, \b4, \o2, \t
	_chi_out		\dst+40*\y+24, \b3, \b4, \b0, \o3, \t
	andn		\b1, \b0, \t
	xor		\b4, \t
	mov		\t, \dst+40*\y+32(%rsp)
.endm

/*
 * chi on output row 4; t ends as C[4]: rows 0..3 of column 4 are gathered
 * from the stored buffer into D0 (free: the row's lanes are loaded) while
 * the row is computed, so only one XOR follows the last output.
 */
.macro _chi_last dst, y, b0, b1, b2, b3, b4, o0, o1, o2, o3, t
	mov		\dst + 32(%rsp), D0
	xor		\dst + 72(%rsp), D0
	xor		\dst + 112(%rsp), D0
	xor		\dst + 152(%rsp), D0
	_chi_out		\dst+160, \b0, \b1, \b2, \o0, \t
	_chi_out		\dst+168, \b1, \b2, \b3, \o1, \t
	_chi_out		\dst+176, \b2, \b3, \b4, \o2, \t
	_chi_out		\dst+184, \b3, \b4, \b0, \o3, \t
	andn		\b1, \b0, \t
	xor		\b4, \t
	mov		\t, \dst + 192(%rsp)
	xor		D0, \t
.endm

/*
 * One round from buffer src to buffer dst.  c0..c4 hold the column
 * parities on entry and the b[] of each row after; f0..f3 collect the new
 * parities C[0..3] and f4 ends as C[4].  rc: offset of this round's
 * constant from the pointer at F_RC.
 */
.macro _keccak_round src, dst, rc, c0, c1, c2, c3, c4, f0, f1, f2, f3, f4
	rorx		$63, \c1, D0
	xor		\c4, D0
	rorx		$63, \c2, \f0
	xor		\c0, \f0
	mov		\f0, F_D1(%rsp)
	rorx		$63, \c3, D2
	xor		\c1, D2
	rorx		$63, \c4, D3
	xor		\c2, D3
	rorx		$63, \c0, D4
	xor		\c3, D4
	/* row 0 of the output: lanes 0, 6, 12, 18, 24 */
	_theta_rho_lane	\c0, D0, \src+8*0, 0
	_theta_rho_lane	\c1, F_D1(%rsp), \src+8*6, 44
	_theta_rho_lane	\c2, D2, \src+8*12, 43
	_theta_rho_lane	\c3, D3, \src+8*18, 21
	_theta_rho_lane	\c4, D4, \src+8*24, 14
	_chi_first	\dst, \rc, \c0, \c1, \c2, \c3, \c4, \
			\f0, \f1, \f2, \f3, \f4
	/* row 1 of the output: lanes 3, 9, 10, 16, 22 */
	_theta_rho_lane	\c0, D3, \src+8*3, 28
	_theta_rho_lane	\c1, D4, \src+8*9, 20
	_theta_rho_lane	\c2, D0, \src+8*10, 3
	_theta_rho_lane	\c3, F_D1(%rsp), \src+8*16, 45
	_theta_rho_lane	\c4, D2, \src+8*22, 61
	_chi_mid	\dst, 1, \c0, \c1, \c2, \c3, \c4, \
			\f0, \f1, \f2, \f3, \f4
	/* row 2 of the output: lanes 1, 7, 13, 19, 20 */
	_theta_rho_lane	\c0, F_D1(%rsp), \src+8*1, 1
	_theta_rho_lane	\c1, D2, \src+8*7, 6
	_theta_rho_lane	\c2, D3, \src+8*13, 25
	_theta_rho_lane	\c3, D4, \src+8*19, 8
	_theta_rho_lane	\c4, D0, \src+8*20, 18
	_chi_mid	\dst, 2, \c0, \c1, \c2, \c3, \c4, \
			\f0, \f1, \f2, \f3, \f4
	/* row 3 of the output: lanes 4, 5, 11, 17, 23 */
	_theta_rho_lane	\c0, D4, \src+8*4, 27
	_theta_rho_lane	\c1, D0, \src+8*5, 36
	_theta_rho_lane	\c2, F_D1(%rsp), \src+8*11, 10
	_theta_rho_lane	\c3, D2, \src+8*17, 15
	_theta_rho_lane	\c4, D3, \src+8*23, 56
	_chi_mid	\dst, 3, \c0, \c1, \c2, \c3, \c4, \
			\f0, \f1, \f2, \f3, \f4
	/* row 4 of the output: lanes 2, 8, 14, 15, 21 */
	_theta_rho_lane	\c0, D2, \src+8*2, 62
	_theta_rho_lane	\c1, D3, \src+8*8, 55
	_theta_rho_lane	\c2, D4, \src+8*14, 39
	_theta_rho_lane	\c3, D0, \src+8*15, 41
	_theta_rho_lane	\c4, F_D1(%rsp), \src+8*21, 2
	_chi_last	\dst, 4, \c0, \c1, \c2, \c3, \c4, \
			\f0, \f1, \f2, \f3, \f4
.endm

.section .rodata, "a"
.balign 64
.Lkeccak_rc:
	.quad	SC_KECCAK_RC
.Lkeccak_rc_end:

.text

/*
 * void sc_keccak_absorb_x86_64(u64 st[25], const u8 *in, size_t nblocks,
 *				unsigned int rate);
 *
 * For each of @nblocks blocks: XOR @rate bytes of @in (72, 104, 136, 144
 * or 168; any alignment) into the state, then permute.  @rate 0 permutes
 * @nblocks times without reading @in.
 */
SYM_FUNC_START(sc_keccak_absorb_x86_64)
	push		%rbx
	push		%r12
	push		%r13
	push		%r14
	push		%r15
	sub		$FRAME, %rsp
	mov		%rdi, F_ST(%rsp)
	mov		%rsi, F_IN(%rsp)
	mov		%rdx, F_NBLK(%rsp)
	mov		%ecx, %ecx
	mov		%rcx, F_RATE(%rsp)
	mov		0(%rdi), %rax
	mov		%rax, SA + 0(%rsp)
	mov		8(%rdi), %rax
	mov		%rax, SA + 8(%rsp)
	mov		16(%rdi), %rax
	mov		%rax, SA + 16(%rsp)
	mov		24(%rdi), %rax
	mov		%rax, SA + 24(%rsp)
	mov		32(%rdi), %rax
	mov		%rax, SA + 32(%rsp)
	mov		40(%rdi), %rax
	mov		%rax, SA + 40(%rsp)
	mov		48(%rdi), %rax
	mov		%rax, SA + 48(%rsp)
	mov		56(%rdi), %rax
	mov		%rax, SA + 56(%rsp)
	mov		64(%rdi), %rax
	mov		%rax, SA + 64(%rsp)
	mov		72(%rdi), %rax
	mov		%rax, SA + 72(%rsp)
	mov		80(%rdi), %rax
	mov		%rax, SA + 80(%rsp)
	mov		88(%rdi), %rax
	mov		%rax, SA + 88(%rsp)
	mov		96(%rdi), %rax
	mov		%rax, SA + 96(%rsp)
	mov		104(%rdi), %rax
	mov		%rax, SA + 104(%rsp)
	mov		112(%rdi), %rax
	mov		%rax, SA + 112(%rsp)
	mov		120(%rdi), %rax
	mov		%rax, SA + 120(%rsp)
	mov		128(%rdi), %rax
	mov		%rax, SA + 128(%rsp)
	mov		136(%rdi), %rax
	mov		%rax, SA + 136(%rsp)
	mov		144(%rdi), %rax
	mov		%rax, SA + 144(%rsp)
	mov		152(%rdi), %rax
	mov		%rax, SA + 152(%rsp)
	mov		160(%rdi), %rax
	mov		%rax, SA + 160(%rsp)
	mov		168(%rdi), %rax
	mov		%rax, SA + 168(%rsp)
	mov		176(%rdi), %rax
	mov		%rax, SA + 176(%rsp)
	mov		184(%rdi), %rax
	mov		%rax, SA + 184(%rsp)
	mov		192(%rdi), %rax
	mov		%rax, SA + 192(%rsp)
	test		%rdx, %rdx
	jz		.Lout

.Lblock:
	/* rate 0, 72, 104, 136, 144 or 168: 0, 9, 13, 17, 18 or 21 lanes */
	mov		F_IN(%rsp), %rsi
	mov		F_RATE(%rsp), %rcx
	cmp		$72, %ecx
	jb		.Lparity
	mov		0(%rsi), %rax
	xor		%rax, SA + 0(%rsp)
	mov		8(%rsi), %rax
	xor		%rax, SA + 8(%rsp)
	mov		16(%rsi), %rax
	xor		%rax, SA + 16(%rsp)
	mov		24(%rsi), %rax
	xor		%rax, SA + 24(%rsp)
	mov		32(%rsi), %rax
	xor		%rax, SA + 32(%rsp)
	mov		40(%rsi), %rax
	xor		%rax, SA + 40(%rsp)
	mov		48(%rsi), %rax
	xor		%rax, SA + 48(%rsp)
	mov		56(%rsi), %rax
	xor		%rax, SA + 56(%rsp)
	mov		64(%rsi), %rax
	xor		%rax, SA + 64(%rsp)
	cmp		$104, %ecx
	jb		.Linput_done
	mov		72(%rsi), %rax
	xor		%rax, SA + 72(%rsp)
	mov		80(%rsi), %rax
	xor		%rax, SA + 80(%rsp)
	mov		88(%rsi), %rax
	xor		%rax, SA + 88(%rsp)
	mov		96(%rsi), %rax
	xor		%rax, SA + 96(%rsp)
	cmp		$136, %ecx
	jb		.Linput_done
	mov		104(%rsi), %rax
	xor		%rax, SA + 104(%rsp)
	mov		112(%rsi), %rax
	xor		%rax, SA + 112(%rsp)
	mov		120(%rsi), %rax
	xor		%rax, SA + 120(%rsp)
	mov		128(%rsi), %rax
	xor		%rax, SA + 128(%rsp)
	cmp		$144, %ecx
	jb		.Linput_done
	mov		136(%rsi), %rax
	xor		%rax, SA + 136(%rsp)
	cmp		$168, %ecx
	jb		.Linput_done
	mov		144(%rsi), %rax
	xor		%rax, SA + 144(%rsp)
	mov		152(%rsi), %rax
	xor		%rax, SA + 152(%rsp)
	mov		160(%rsi), %rax
	xor		%rax, SA + 160(%rsp)
.Linput_done:
	add		%rcx, %rsi
	mov		%rsi, F_IN(%rsp)

.Lparity:
	/* column parities of buffer A into set 1 */
	mov		SA + 0(%rsp), %rax
	xor		SA + 40(%rsp), %rax
	xor		SA + 80(%rsp), %rax
	xor		SA + 120(%rsp), %rax
	xor		SA + 160(%rsp), %rax
	mov		SA + 8(%rsp), %rbx
	xor		SA + 48(%rsp), %rbx
	xor		SA + 88(%rsp), %rbx
	xor		SA + 128(%rsp), %rbx
	xor		SA + 168(%rsp), %rbx
	mov		SA + 16(%rsp), %rcx
	xor		SA + 56(%rsp), %rcx
	xor		SA + 96(%rsp), %rcx
	xor		SA + 136(%rsp), %rcx
	xor		SA + 176(%rsp), %rcx
	mov		SA + 24(%rsp), %rdx
	xor		SA + 64(%rsp), %rdx
	xor		SA + 104(%rsp), %rdx
	xor		SA + 144(%rsp), %rdx
	xor		SA + 184(%rsp), %rdx
	mov		SA + 32(%rsp), %rsi
	xor		SA + 72(%rsp), %rsi
	xor		SA + 112(%rsp), %rsi
	xor		SA + 152(%rsp), %rsi
	xor		SA + 192(%rsp), %rsi
	lea		.Lkeccak_rc(%rip), D0
	mov		D0, F_RC(%rsp)

.Lround_pair:
	_keccak_round	SA, SE, 0, %rax, %rbx, %rcx, %rdx, %rsi, \
			%r11, %r12, %r13, %r14, %r15
	_keccak_round	SE, SA, 8, %r11, %r12, %r13, %r14, %r15, \
			%rax, %rbx, %rcx, %rdx, %rsi
	mov		F_RC(%rsp), D0
	add		$16, D0
	mov		D0, F_RC(%rsp)
	lea		.Lkeccak_rc_end(%rip), D2
	cmp		D2, D0
	jne		.Lround_pair

	decq		F_NBLK(%rsp)
	jnz		.Lblock

.Lout:
	mov		F_ST(%rsp), %rdi
	mov		SA + 0(%rsp), %rax
	mov		%rax, 0(%rdi)
	mov		SA + 8(%rsp), %rax
	mov		%rax, 8(%rdi)
	mov		SA + 16(%rsp), %rax
	mov		%rax, 16(%rdi)
	mov		SA + 24(%rsp), %rax
	mov		%rax, 24(%rdi)
	mov		SA + 32(%rsp), %rax
	mov		%rax, 32(%rdi)
	mov		SA + 40(%rsp), %rax
	mov		%rax, 40(%rdi)
	mov		SA + 48(%rsp), %rax
	mov		%rax, 48(%rdi)
	mov		SA + 56(%rsp), %rax
	mov		%rax, 56(%rdi)
	mov		SA + 64(%rsp), %rax
	mov		%rax, 64(%rdi)
	mov		SA + 72(%rsp), %rax
	mov		%rax, 72(%rdi)
	mov		SA + 80(%rsp), %rax
	mov		%rax, 80(%rdi)
	mov		SA + 88(%rsp), %rax
	mov		%rax, 88(%rdi)
	mov		SA + 96(%rsp), %rax
	mov		%rax, 96(%rdi)
	mov		SA + 104(%rsp), %rax
	mov		%rax, 104(%rdi)
	mov		SA + 112(%rsp), %rax
	mov		%rax, 112(%rdi)
	mov		SA + 120(%rsp), %rax
	mov		%rax, 120(%rdi)
	mov		SA + 128(%rsp), %rax
	mov		%rax, 128(%rdi)
	mov		SA + 136(%rsp), %rax
	mov		%rax, 136(%rdi)
	mov		SA + 144(%rsp), %rax
	mov		%rax, 144(%rdi)
	mov		SA + 152(%rsp), %rax
	mov		%rax, 152(%rdi)
	mov		SA + 160(%rsp), %rax
	mov		%rax, 160(%rdi)
	mov		SA + 168(%rsp), %rax
	mov		%rax, 168(%rdi)
	mov		SA + 176(%rsp), %rax
	mov		%rax, 176(%rdi)
	mov		SA + 184(%rsp), %rax
	mov		%rax, 184(%rdi)
	mov		SA + 192(%rsp), %rax
	mov		%rax, 192(%rdi)
	/* both buffers and D[1] held the state: clear them */
	xor		%eax, %eax
	mov		%rax, F_D1(%rsp)
	.Loff = 0
.rept (SE + 200) / 8
	mov		%rax, .Loff(%rsp)
	.Loff = .Loff + 8
.endr
	add		$FRAME, %rsp
	pop		%r15
	pop		%r14
	pop		%r13
	pop		%r12
	pop		%rbx
	RET
SYM_FUNC_END(sc_keccak_absorb_x86_64)
