/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 block functions for x86_64: scalar MULX, AVX2, AVX-512 IFMA.
 *
 * Algorithm
 * ---------
 * Poly1305 (RFC 8439 section 2.5) evaluates, for 16-byte blocks m_1..m_n
 * (each with the 2^128 pad bit added), h = (h + m_i) * r mod p, p = 2^130-5.
 * Every function here takes the canonical state of struct sc_poly1305_core,
 * h in base 2^64 (h0 + h1 2^64 + h2 2^128, h2 small, partially reduced)
 * and the clamped r = r0 + r1 2^64, converts it to its own representation,
 * absorbs len bytes and writes h back in the same form with h2 <= 4, so the
 * caller may switch functions at any block boundary.
 *
 * Scalar (sc_poly1305_blocks_x86_mulx)
 * ------------------------------------
 * h is three 64-bit limbs.  With s1 = r1 + r1/4 (r1 is a multiple of 4, so
 * 2^128 r1 = 2^130 r1/4 == 5 r1/4 mod p):
 *
 *   d0 = h0 r0 + h1 s1
 *   d1 = h0 r1 + h1 r0 + h2 s1
 *   d2 =                 h2 r0
 *
 * MULX produces the four 128-bit products without touching the flags.
 * Bits 130 and up of d are folded back as 5 * (d2 >> 2), computed from
 * column 2 before the carries out of column 1 arrive (they go to h2), which
 * takes the fold off the end of the carry chain.  One block costs one
 * dependent MULX + add + fold chain; the loop adds each next block's
 * message while the fold is computed (_mulx_sums_next), about 11 cycles a
 * block on Zen 5 (7-10% fewer than with the message added at the top of
 * the loop); nothing is set up, so this is the function for short
 * messages and it needs no SIMD section.
 * (An ADCX/ADOX version that summed the columns in two carry chains and
 * folded at the end took 17 cycles: the chains were never the long pole.)
 *
 * Registers: rsi src, r8 r0, r9 r1, r12 s1, r13/r14/r15 h0/h1/h2,
 * rax rbx rcx rdx rdi r10 r11 products; the stack holds the pad bit, the
 * end pointer and core.
 *
 * AVX-512 IFMA (sc_poly1305_blocks_x86_ifma)
 * ------------------------------------------
 * vpmadd52luq/vpmadd52huq add the low/high 52 bits of a 52x52-bit product
 * to a 64-bit lane.  h and r are kept in base 2^44: three limbs of 44, 44
 * and 42 bits, one limb per zmm register, one accumulator per qword lane:
 *
 *   x = x0 + x1 2^44 + x2 2^88,  2^132 == 20 (mod p), s_i = 20 r_i
 *
 *   d0 = h0 r0 + h1 s2 + h2 s1
 *   d1 = h0 r1 + h1 r0 + h2 s2
 *   d2 = h0 r2 + h1 r1 + h2 r0
 *
 * Each d_i comes out as a low sum L_i (weight 2^44i) and a high sum U_i
 * (weight 2^(44i+52) = 2^8 times the next limb), so the limbs are
 * L0, L1 + U0 << 8, L2 + U1 << 8, and U2 << 8 at 2^132, i.e. U2 << 10 at
 * 2^130.  The carry step moves every limb's excess up in parallel (the top
 * one back to limb 0 times 5) and then once more from limb 0 to limb 1,
 * which leaves limbs below 2^44 + 2^11: small enough that h + m stays below
 * the 52 bits the multiplier reads.
 *
 * Two accumulators A and B of eight lanes each take sixteen blocks per
 * iteration: block 16i + j goes to lane j of A (j < 8) or of B.  Every
 * lane is multiplied by r^16 per iteration, and the last iteration
 * multiplies lane by lane with the power that brings each block to its
 * place instead (r^16..r^9 for A, r^8..r^1 for B); the sixteen lanes are
 * then added up.  A and B are independent, so two multiply-and-carry chains
 * (about 30 cycles each) are in flight at once.  vpunpck{l,h}qdq split two
 * 64-byte loads into low and high halves of blocks 0,4,1,5,2,6,3,7, so
 * that is the lane order of the tables:
 *
 *   lane      0   1   2   3   4   5   6   7
 *   A block   0   4   1   5   2   6   3   7      power r^(16 - block)
 *   B block   8  12   9  13  10  14  11  15      power r^(16 - block)
 *
 * The zmm function computes the powers r^2, r^3, r^4 in scalar code
 * (_mulx_r), then r^5..r^8 and r^9..r^16 in two vector multiplications,
 * the multiplier of each broadcast from lane 0 of the one before: about
 * 125 cycles.  Four vector multiplications (r^2; r^3/r^4; r^5..r^8;
 * r^9..r^16) took about 165: a 256-byte call 254-261 -> 215-220 cycles,
 * a 1 KiB one 381-401 -> 372-383 (Intel, family 6 model 167).  The ymm
 * function's three levels stay in vectors.  Either way the C wrapper uses
 * the scalar code below 256 bytes.  Both widths
 * compute them once per message when the caller keeps them for it
 * (core->pow, struct sc_poly1305_pow: the shash update of a long
 * message, the AEAD's long text), and on every call otherwise (the core
 * state has only r); loading them back costs about 20 cycles.
 * Measured on Intel (family 6 model 167), zmm: 16 KiB in 4 KiB calls
 * 0.272 -> 0.255 cycles/byte, 64 KiB 0.267 -> 0.239; ymm (three levels,
 * about 75 cycles): 5% less time at 16 KiB, 6-7% at 64 KiB-1 MiB.
 * Inside the loop the next group's blocks are not added to h before the
 * multiplication but inside it: h = h r^16 + m, the low product sums
 * starting from m's limbs (_mulr's \add).  That saves the zeroing and the
 * add of three limbs per accumulator and group, 6 of about 50 vector ops,
 * on a loop the two 512-bit ports bound on Intel: 52.5 -> 47.7 cycles per
 * group there (family 6 model 167), 16 KiB in 4 KiB calls 0.228 -> 0.206
 * cycles/byte.
 * The high sums reach the limbs by multiply-adds rather than shifts and
 * adds (_mulr's \fold): U0 and U1 times 2^8 into limbs 1 and 2, the top
 * carry times 5 into limb 0.  On Zen 4 (family 25 model 17), where the
 * zmm loop is bound by the number of double-pumped 512-bit instructions,
 * 4-16 KiB calls took 7-8% less time in zmm and 5% in ymm (1 KiB: 4-6%
 * and 3%); the ymm VBMI2 loop took 6-10% more and keeps the shifts.  The
 * five alone had been measured on Intel (family 6 model 167): 2.5% less
 * time in zmm, 5-7% in ymm.
 * On Zen 5 (family 26 model 2) the loop is near its issue limit: with
 * B's multiply left out, A alone took a group in about 28 cycles against
 * 33 for both (1 MiB: 0.11 against 0.13 cycles/byte).  Measured there and
 * not kept (2026-12-03): four accumulators (r^32 a step, two of them
 * folded in with r^16 after the loop), 0.14 at 1 MiB and 0.36 instead of
 * 0.28 at 1 KiB; A's and B's instructions interleaved one by one, 0.15.
 * A length that is not a multiple of 256 starts with a partial group
 * (see the code before .Lifma_loop), so there is no scalar tail.
 *
 * Registers (zmm): 0-2 A, 3-5 B, 6-11 products and message limbs,
 * 12-16 r^16 (r0 r1 r2 s1 s2), 17-21 A's last powers, 22-26 B's last
 * powers, 27 2^44-1, 28 2^42-1, 29 the pad bit (at bit 40; at bit 0 with
 * VBMI2), 30-31 scratch while the powers are made, then 256 and 5 (the
 * fold's multipliers).
 * The key powers are cleared from the registers before return.
 *
 * AVX2 (sc_poly1305_blocks_x86_avx2)
 * ----------------------------------
 * vpmuludq multiplies the low 32 bits of each qword lane, so h and r are in
 * base 2^26, five limbs, s_i = 5 r_i (2^130 == 5), 25 products per block:
 *
 *   d_k = sum over i + j == k of h_i r_j  +  sum over i + j == k + 5 of h_i s_j
 *
 * followed by the usual two interleaved carry chains.  Two accumulators of
 * four lanes take eight blocks per iteration (lane order 0 2 1 3 from
 * vpunpck{l,h}qdq, r^8 per iteration, r^8 r^6 r^7 r^5 / r^4 r^2 r^3 r^1 in
 * the last one).  With only 16 ymm registers the key powers are a table in
 * the stack frame, used as memory operands and wiped before return.  r^2,
 * r^3 and r^4 come from the scalar multiplication (_mulx_r, a shorter chain
 * than a vector multiply-and-carry), converted to base 2^26 into the lanes
 * as they come; r^5..r^8 from one vector multiplication by r^4, r^8
 * broadcast from lane 0.  That took the powers from about 170 to about 120
 * cycles (three vector multiplications before: r^2; r^3/r^4; r^5..r^8),
 * still a twentieth of a 4 KiB call, so like the zmm IFMA code this
 * function keeps them in core->pow when the caller provides one
 * (_ypow_store/_ypow_load): 4 KiB calls 2330 -> 2180 cycles (Intel, family
 * 6 model 167).  Any length: a partial first group is built in the frame
 * as in the IFMA code.
 *
 * Registers (ymm): 0-4 A, 5-9 B, 10-14 products and message limbs, 15
 * scratch; %rbp holds the caller's %rsp while the frame is realigned to
 * 64 bytes (frame.h: the table rows must not cross cache lines).
 *
 * Variants
 * --------
 *   sc_poly1305_blocks_x86_mulx  BMI2, general registers (row "scalar")
 *   sc_poly1305_blocks_x86_avx2  AVX2, 256-bit (row "avx2")
 *   sc_poly1305_blocks_x86_ifma  AVX-512F + IFMA, 512-bit (row "ifma")
 *   sc_poly1305_blocks_x86_ifma_ymm  AVX-512VL + IFMA, 256-bit, for CPUs
 *		that prefer ymm (row "ifma-ymm"): the same macro (_ifma_func)
 *		with the register names bound to ymm, 2 x 4 lanes, 8-block
 *		groups, r^8 per iteration and three levels of key powers.
 *   sc_poly1305_blocks_x86_ifma_vbmi2, sc_poly1305_blocks_x86_ifma_ymm_vbmi2
 *		the same two for CPUs with AVX-512 VBMI2 (Ice Lake and later,
 *		Zen 4 and later): the message split with vpshrdq (_msgl); rows
 *		"ifma-vbmi2" and "ifma-ymm-vbmi2", faster on Intel, slower on
 *		AMD Zen 5.
 * All are reached through asm/x86/poly1305_x86.c, which calls them directly
 * (no address is taken).
 */
#include <linux/linkage.h>
#include "vregs.h"
#include "frame.h"
#include "poly1305-mulx.h"

/* struct sc_poly1305_core */
#define CORE_POW	40		/* after poly1305-mulx.h's CORE_* */
/* struct sc_poly1305_pow (simdcrypt.h) */
#define POW_READY	0
#define POW_IFMA	1		/* values of POW_READY */
#define POW_AVX2	2
#define POW_IFMA_YMM	3
#define POW_Q		8		/* the zmm IFMA row's layout */
#define POW_W		32
#define POW_V		224
#define POW_P8		8		/* the AVX2 row's layout */
#define POW_VA		48
#define POW_VB		208

/* ---------------------------------------------------------------------- */
/* Scalar: base 2^64, MULX                                                 */
/* ---------------------------------------------------------------------- */

/* stack frame of the scalar loop */
#define S_PAD		0
#define S_END		8
#define S_CORE		16
#define S_SIZE		24

/*
 * h = h r (partially reduced), base 2^64: r0 in %r8, r1 in %r9, s1 in %r12,
 * h in %r13/%r14/%r15 (h2 at most 9 on entry, at most 7 on exit, reduced
 * to at most 4 on the way out).  Clobbers %rax %rbx %rcx %rdx %rdi %r10
 * %r11.  The pieces are poly1305-mulx.h's, shared with the stitched AEAD.
 */
.macro _mulx_r
.irp k, 1,2,3,4,5,6,7
	_mulx_step	\k
.endr
.endm

/*
 * Around the _mulx_r calls of a vector function that computes its powers
 * in general registers: the callee-saved registers and the arguments
 * _mulx_r clobbers (%rdi core, %rdx len) to the 56-byte frame slot \save,
 * then r0, r1, s1 and h = r from core; and back.
 */
.macro _mulx_r_enter save
	movq		%rbx, \save(%rsp)
	movq		%r12, \save+8(%rsp)
	movq		%r13, \save+16(%rsp)
	movq		%r14, \save+24(%rsp)
	movq		%r15, \save+32(%rsp)
	movq		%rdi, \save+40(%rsp)
	movq		%rdx, \save+48(%rsp)
	movq		CORE_R0(%rdi), %r8
	movq		CORE_R1(%rdi), %r9
	movq		%r9, %r12
	shrq		$2, %r12
	addq		%r9, %r12			/* s1 = r1 + r1/4 */
	movq		%r8, %r13
	movq		%r9, %r14
	xorl		%r15d, %r15d
.endm

.macro _mulx_r_leave save
	movq		\save(%rsp), %rbx
	movq		\save+8(%rsp), %r12
	movq		\save+16(%rsp), %r13
	movq		\save+24(%rsp), %r14
	movq		\save+32(%rsp), %r15
	movq		\save+40(%rsp), %rdi
	movq		\save+48(%rsp), %rdx
.endm

/*
 * void sc_poly1305_blocks_x86_mulx(struct sc_poly1305_core *core,
 *				    const u8 *src, size_t len, u32 padbit)
 */
SYM_FUNC_START(sc_poly1305_blocks_x86_mulx)
	andq		$-16, %rdx
	jz		.Lmulx_none
	pushq		%rbx
	pushq		%r12
	pushq		%r13
	pushq		%r14
	pushq		%r15
	subq		$S_SIZE, %rsp
	movl		%ecx, %ecx
	movq		%rcx, S_PAD(%rsp)
	addq		%rsi, %rdx
	movq		%rdx, S_END(%rsp)
	movq		%rdi, S_CORE(%rsp)

	_mulx_load	%rdi

	/*
	 * h += m + pad * 2^128 for the first block; each block but the last
	 * adds the next one's inside its multiplication (_mulx_sums_next).
	 */
	addq		0(%rsi), %r13
	adcq		8(%rsi), %r14
	adcq		S_PAD(%rsp), %r15
	addq		$16, %rsi
	cmpq		S_END(%rsp), %rsi
	jae		.Lmulx_last
.Lmulx_loop:
.irp k, 1,2,3,4,5
	_mulx_step	\k
.endr
	_mulx_sums_next	%rsi, S_PAD(%rsp)
	addq		$16, %rsi
	cmpq		S_END(%rsp), %rsi
	jb		.Lmulx_loop
.Lmulx_last:
	_mulx_r

	/* h2 <= 4 for the other rows and the final reduction */
	_mulx_fold
	movq		S_CORE(%rsp), %rdi
	movq		%r13, CORE_H0(%rdi)
	movq		%r14, CORE_H1(%rdi)
	movq		%r15, CORE_H2(%rdi)
	addq		$S_SIZE, %rsp
	popq		%r15
	popq		%r14
	popq		%r13
	popq		%r12
	popq		%rbx
.Lmulx_none:
	RET
SYM_FUNC_END(sc_poly1305_blocks_x86_mulx)

/* ---------------------------------------------------------------------- */
/* AVX-512 IFMA: base 2^44, 2 x 8 lanes                                    */
/* ---------------------------------------------------------------------- */

/*
 * Register names, bound to zmm or ymm registers by _ifma_regs (the same
 * numbers either way).
 */
.macro _ifma_regs vl
.if \vl != 32 && \vl != 64
	.error "_ifma_regs: the width must be 32 or 64 bytes"
.endif
	VLB = \vl
	_set_vreg HA0, 0, \vl
	_set_vreg HA1, 1, \vl
	_set_vreg HA2, 2, \vl
	_set_vreg HB0, 3, \vl
	_set_vreg HB1, 4, \vl
	_set_vreg HB2, 5, \vl
	_set_vreg T0, 6, \vl
	_set_vreg T1, 7, \vl
	_set_vreg T2, 8, \vl
	_set_vreg T3, 9, \vl
	_set_vreg T4, 10, \vl
	_set_vreg T5, 11, \vl
	_set_vreg Q0, 12, \vl
	_set_vreg Q1, 13, \vl
	_set_vreg Q2, 14, \vl
	_set_vreg Q3, 15, \vl
	_set_vreg Q4, 16, \vl
	_set_vreg W0, 17, \vl
	_set_vreg W1, 18, \vl
	_set_vreg W2, 19, \vl
	_set_vreg W3, 20, \vl
	_set_vreg W4, 21, \vl
	_set_vreg V0, 22, \vl
	_set_vreg V1, 23, \vl
	_set_vreg V2, 24, \vl
	_set_vreg V3, 25, \vl
	_set_vreg V4, 26, \vl
	_set_vreg M44, 27, \vl
	_set_vreg M42, 28, \vl
	_set_vreg PADV, 29, \vl
	_set_vreg X0, 30, \vl
	_set_vreg X1, 31, \vl
	_set_vreg K256, 30, \vl		/* X0 and X1 in the loop */
	_set_vreg K5, 31, \vl
.endm

/* s = 20 * a (a < 2^45, so s < 2^50) */
.macro _scale20 a, s
	vpsllq		$2, \a, \s
	vpsllq		$4, \a, T0
	vpaddq		T0, \s, \s
.endm

/*
 * h = h * r (mod p, partially reduced), h and r in base 2^44, s1/s2 = 20 r1,
 * 20 r2.  r may be registers or memory.  h is written only after every
 * product is formed, so h may alias r.  Clobbers T0-T5.  With \add, T0-T2
 * come in holding limbs to add to the product (the next blocks, _msgl), at
 * no cost: the low sums start from them instead of from zero.
 *
 * With \fold (= ifma), the high sums reach the limbs by multiply-adds:
 * U0 and U1 times 2^8 (K256) into limbs 1 and 2, and the top carry
 * c = c2 + U2 << 10 times 5 (K5) into limb 0, each one instruction for a
 * shift and an add (four fewer of about 51 per accumulator and group).  The sums are the
 * same as with shifts: U0, U1 < 2^41 and c < 2^49, so each product fits
 * the 52 bits the multiplier returns.  (Limb 0 still needs its second
 * carry: left at up to 2^51, it would come back through h0 r2 into c
 * several times larger, and grow from group to group.)
 */
.macro _mulr h0, h1, h2, r0, r1, r2, s1, s2, add, fold
.ifb \add
	vpxorq		T0, T0, T0
	vpxorq		T1, T1, T1
	vpxorq		T2, T2, T2
.endif
	vpxorq		T3, T3, T3
	vpxorq		T4, T4, T4
	vpxorq		T5, T5, T5
	vpmadd52luq	\s1, \h2, T0			/* d0 += h2 s1 */
	vpmadd52huq	\s1, \h2, T3
	vpmadd52luq	\s2, \h2, T1			/* d1 += h2 s2 */
	vpmadd52huq	\s2, \h2, T4
	vpmadd52luq	\r0, \h2, T2			/* d2 += h2 r0 */
	vpmadd52huq	\r0, \h2, T5
	vpmadd52luq	\r0, \h0, T0			/* d0 += h0 r0 */
	vpmadd52huq	\r0, \h0, T3
	vpmadd52luq	\r1, \h0, T1			/* d1 += h0 r1 */
	vpmadd52huq	\r1, \h0, T4
	vpmadd52luq	\r2, \h0, T2			/* d2 += h0 r2 */
	vpmadd52huq	\r2, \h0, T5
	vpmadd52luq	\s2, \h1, T0			/* d0 += h1 s2 */
	vpmadd52huq	\s2, \h1, T3
	vpmadd52luq	\r0, \h1, T1			/* d1 += h1 r0 */
	vpmadd52huq	\r0, \h1, T4
	vpmadd52luq	\r1, \h1, T2			/* d2 += h1 r1 */
	vpmadd52huq	\r1, \h1, T5

	/* limbs: T0, T1 + T3 << 8, T2 + T4 << 8; T5 << 10 at 2^130 */
.ifb \fold
	vpsllq		$8, T3, T3
	vpsllq		$8, T4, T4
	vpsllq		$10, T5, T5
	vpaddq		T3, T1, T1
	vpaddq		T4, T2, T2
	/* carry every limb at once, the top one times 5 into limb 0 */
	vpsrlq		$42, T2, \h0			/* c2 */
	vpandq		M42, T2, \h2
	vpsrlq		$44, T1, T4			/* c1 */
	vpandq		M44, T1, \h1
	vpsrlq		$44, T0, T3			/* c0 */
	vpandq		M44, T0, T0
	vpaddq		T5, \h0, \h0			/* c = c2 + top */
	vpaddq		T4, \h2, \h2
	vpaddq		T3, \h1, \h1
	vpaddq		\h0, T0, T0
	vpsllq		$2, \h0, \h0
	vpaddq		\h0, T0, T0			/* limb 0 + 5 c */
.else
	vpmadd52luq	K256, T3, T1
	vpmadd52luq	K256, T4, T2
	vpsrlq		$42, T2, T3			/* c2 */
	vpsllq		$10, T5, T5
	vpaddq		T5, T3, T3			/* c = c2 + top */
	vpandq		M42, T2, \h2
	vpsrlq		$44, T1, T4			/* c1 */
	vpandq		M44, T1, \h1
	vpsrlq		$44, T0, T5			/* c0 */
	vpandq		M44, T0, T0
	vpaddq		T4, \h2, \h2
	vpaddq		T5, \h1, \h1
	vpmadd52luq	K5, T3, T0			/* limb 0 + 5 c */
.endif
	/* and once more from limb 0 to limb 1 */
	vpsrlq		$44, T0, T3
	vpandq		M44, T0, \h0
	vpaddq		T3, \h1, \h1
.endm

/*
 * T0-T2 = the limbs of the eight blocks (ymm: four) at \off(%rsi), lane
 * order 0 4 1 5 2 6 3 7 (ymm: 0 2 1 3), with the pad bit (with \kp: in
 * the lanes of \kp only).  With \lm0 and \lm1, the two loads take only the
 * qwords in those masks (the others read as zero).  Clobbers T3-T5.
 * With VBMI2 the limbs that straddle the two halves take one double shift
 * (vpshrdq) each: m1 = (hi:lo) >> 44, masked, and m2 = (pad:hi) >> 24,
 * the pad bit coming in from PADV (which then holds it at bit 0, not 40).
 * Two of eight vector ops fewer, on a loop that is bound by the two
 * 512-bit ports on Intel: 4-5% less time from 4 KiB (family 6 model 167).
 */
.macro _msgl off, kp, lm0, lm1
.ifb \lm0
	vmovdqu64	\off(%rsi), T3
	vmovdqu64	\off+VLB(%rsi), T4
.else
	vmovdqu64	\off(%rsi), T3{\lm0}{z}
	vmovdqu64	\off+VLB(%rsi), T4{\lm1}{z}
.endif
	vpunpcklqdq	T4, T3, T5			/* low halves */
	vpunpckhqdq	T4, T3, T4			/* high halves */
	vpandq		M44, T5, T0			/* m0 */
.if VBMI2
	vpshrdq		$44, T4, T5, T1
	vpandq		M44, T1, T1			/* m1 */
.ifb \kp
	vpshrdq		$24, PADV, T4, T2		/* m2 */
.else
	vpsrlq		$24, T4, T2
	vpshrdq		$24, PADV, T4, T2{\kp}
.endif
.else
	vpsrlq		$44, T5, T1
	vpsllq		$20, T4, T3
	vpternlogq	$0xa8, M44, T3, T1		/* m1 = (T1 | T3) & M44 */
	vpsrlq		$24, T4, T2
.ifb \kp
	vporq		PADV, T2, T2			/* m2 */
.else
	vporq		PADV, T2, T2{\kp}
.endif
.endif
.endm

/* h += those limbs (the first group; the loop adds them inside _mulr) */
.macro _absorb off, h0, h1, h2, kp, lm0, lm1
	_msgl		\off, \kp, \lm0, \lm1
	vpaddq		T0, \h0, \h0
	vpaddq		T1, \h1, \h1
	vpaddq		T2, \h2, \h2
.endm

/*
 * \k = the lanes of one accumulator's blocks set in \pos (a 32-bit
 * register): blocks 0..2q-1 in the lane order 0 q 1 q+1 ... (q = 4 for
 * zmm: 0 4 1 5 2 6 3 7; q = 2 for ymm: 0 2 1 3).  Needs %r10 = 0x55;
 * clobbers %rax and %r11.
 */
.macro _lanemask pos, k, q
	movl		\pos, %eax
	andl		$((1 << \q) - 1), %eax
	pdepq		%r10, %rax, %rax
	movl		\pos, %r11d
	shrl		$\q, %r11d
	andl		$((1 << \q) - 1), %r11d
	pdepq		%r10, %r11, %r11
	leaq		(%rax, %r11, 2), %rax
	kmovw		%eax, \k
.endm

/* copy three limbs */
.macro _mov3 a0, a1, a2, b0, b1, b2
	vmovdqa64	\a0, \b0
	vmovdqa64	\a1, \b1
	vmovdqa64	\a2, \b2
.endm

/* b = a in the lanes of mask k */
.macro _blend3 k, a0, a1, a2, b0, b1, b2
	vmovdqa64	\a0, \b0{\k}
	vmovdqa64	\a1, \b1{\k}
	vmovdqa64	\a2, \b2{\k}
.endm

/* b = lane 0 of a (given as xmm registers), in every lane */
.macro _bcast3 a0, a1, a2, b0, b1, b2
	vpbroadcastq	\a0, \b0
	vpbroadcastq	\a1, \b1
	vpbroadcastq	\a2, \b2
.endm

/* horizontal sum of the qwords of \z into \gpr (clobbers \z, T0) */
.macro _hsum vl, z, y, x, gpr
.if \vl == 64
	vextracti64x4	$1, \z, %ymm6
	vpaddq		%ymm6, \y, \y
.endif
	vextracti128	$1, \y, %xmm6
	vpaddq		%xmm6, \x, \x
	vpsrldq		$8, \x, %xmm6
	vpaddq		%xmm6, \x, \x
	vmovq		\x, \gpr
.endm

/*
 * void NAME(struct sc_poly1305_core *core, const u8 *src, size_t len,
 *	     u32 padbit)
 *
 * len: a non-zero multiple of 16.  _ifma_func builds it for zmm (\vl = 64:
 * 2 x 8 lanes, 16-block groups) or ymm (\vl = 32: 2 x 4 lanes, 8-block
 * groups, for the CPUs that prefer ymm); the comments speak of zmm.
 */
/*
 * The zmm function's frame while it computes the powers (the first-group
 * buffer, not yet in use): the registers _mulx_r clobbers.
 */
#define FR_SAVE		128

/*
 * The base 2^44 limbs of h (%r13, %r14, %r15, base 2^64, partially
 * reduced) into the lanes \k of HA0, HA1, HA2, broadcast straight from
 * the general registers (a table in memory would be read back with wide
 * loads from narrow stores, which cannot be forwarded); \z: {z} for the
 * first, which leaves the other lanes zero.  Clobbers %rax, %rcx, %r11.
 */
.macro _limbs44_lanes k, z
	movabsq		$0xfffffffffff, %rcx
	movq		%r13, %rax
	andq		%rcx, %rax
	vpbroadcastq	%rax, HA0{\k}\z
	movq		%r13, %rax
	shrq		$44, %rax
	movq		%r14, %r11
	shlq		$20, %r11
	orq		%r11, %rax
	andq		%rcx, %rax
	vpbroadcastq	%rax, HA1{\k}\z
	movq		%r14, %rax
	shrq		$24, %rax
	movq		%r15, %r11
	shlq		$40, %r11
	orq		%r11, %rax
	vpbroadcastq	%rax, HA2{\k}\z
.endm

/*
 * The powers, kept across the calls of one message in a struct
 * sc_poly1305_pow the caller attaches as core->pow (computing them takes
 * about 125 cycles for zmm, an eighth of a 4 KiB call on Intel; about 75
 * for ymm, 256-byte calls 179 -> 105 cycles when they are kept):
 * the multiplier's limbs (r^16 or r^8), and the limbs of A's and B's last
 * powers, in 64-byte rows for both widths; the 20x multiples are
 * recomputed (_scale20).  \p: the struct, \tag: POW_IFMA (zmm) or
 * POW_IFMA_YMM, so that neither takes the other's.
 */
.macro _pow_store p, tag
	vmovq		%xmm12, POW_Q(\p)
	vmovq		%xmm13, POW_Q+8(\p)
	vmovq		%xmm14, POW_Q+16(\p)
	vmovdqu64	W0, POW_W(\p)
	vmovdqu64	W1, POW_W+64(\p)
	vmovdqu64	W2, POW_W+128(\p)
	vmovdqu64	V0, POW_V(\p)
	vmovdqu64	V1, POW_V+64(\p)
	vmovdqu64	V2, POW_V+128(\p)
	movq		$\tag, POW_READY(\p)
.endm

.macro _pow_load p
	vpbroadcastq	POW_Q(\p), Q0
	vpbroadcastq	POW_Q+8(\p), Q1
	vpbroadcastq	POW_Q+16(\p), Q2
	vmovdqu64	POW_W(\p), W0
	vmovdqu64	POW_W+64(\p), W1
	vmovdqu64	POW_W+128(\p), W2
	vmovdqu64	POW_V(\p), V0
	vmovdqu64	POW_V+64(\p), V1
	vmovdqu64	POW_V+128(\p), V2
	_scale20		Q1, Q3
	_scale20		Q2, Q4
	_scale20		W1, W3
	_scale20		W2, W4
	_scale20		V1, V3
	_scale20		V2, V4
.endm

.macro _ifma_func name, vl, vbmi2, fold
	VBMI2 = \vbmi2
.if \vl == 64
	POWTAG = POW_IFMA
.else
	POWTAG = POW_IFMA_YMM
.endif
SYM_FUNC_START(\name)
	_ifma_regs	\vl
	_frame_enter	(4 * \vl)			/* first-group buffer */
	movabsq		$0xfffffffffff, %r10		/* 2^44 - 1 */
	vpbroadcastq	%r10, M44
	movabsq		$0x3ffffffffff, %rax		/* 2^42 - 1 */
	vpbroadcastq	%rax, M42
	movl		%ecx, %eax
.if !VBMI2
	shlq		$40, %rax
.endif
	vpbroadcastq	%rax, PADV

	/* powers a caller kept from an earlier call of this message */
	movq		CORE_POW(%rdi), %rax
	testq		%rax, %rax
	jz		.L\name\()_powers
	cmpq		$POWTAG, POW_READY(%rax)
	jne		.L\name\()_powers
	_pow_load	%rax
	jmp		.L\name\()_powered
.L\name\()_powers:
.if \vl == 64
	/*
	 * The powers.  r^2, r^3 and r^4 come from the scalar multiplication
	 * (_mulx_r, about 15 cycles each, against about 40 for a vector
	 * multiplication and the broadcast of its lane 0), their base 2^44
	 * limbs broadcast into their lanes of X3 as they come.  Then two
	 * vector multiplications; a power
	 * needed in every lane is broadcast from lane 0 of a product rather
	 * than computed in eight lanes of its own:
	 *   HA = X3 = [r^4 r^4 r^3 r^3 r^2 r^2 r r];  Q = r^4
	 *   V = Y = X3 r^4 = [r^8 r^8 r^7 r^7 ...];  HB:X0:X1 = r^8 (lane 0)
	 *   V = [r^8 r^4 r^7 r^3 r^6 r^2 r^5 r]  (B's last powers)
	 *   W = V r^8 (A's last powers);  Q = r^16 (lane 0)
	 * _mulx_r needs the callee-saved registers and %rdi, %rdx too: they
	 * wait in the frame (_mulx_r_enter).
	 */
	_mulx_r_enter	FR_SAVE
	movl		$0xc0, %eax
	kmovw		%eax, %k1
	movl		$0x30, %eax
	kmovw		%eax, %k2
	movl		$0x0c, %eax
	kmovw		%eax, %k4
	_limbs44_lanes	%k1, {z}			/* r */
	_mulx_r
	_limbs44_lanes	%k2				/* r^2 */
	_mulx_r
	_limbs44_lanes	%k4				/* r^3 */
	_mulx_r
	movl		$0x03, %eax
	kmovw		%eax, %k4
	_limbs44_lanes	%k4				/* r^4 */
	_bcast3		%xmm0, %xmm1, %xmm2, Q0, Q1, Q2		/* r^4 */
	_mulx_r_leave	FR_SAVE
	movabsq		$0xfffffffffff, %r10		/* 2^44 - 1, again */
	_scale20		Q1, Q3
	_scale20		Q2, Q4
	_mov3		HA0, HA1, HA2, V0, V1, V2
	_mulr		V0, V1, V2, Q0, Q1, Q2, Q3, Q4
	_bcast3		%xmm22, %xmm23, %xmm24, HB0, HB1, HB2	/* V */
	_scale20		HB1, X0
	_scale20		HB2, X1
	movl		$0xaa, %eax
	kmovw		%eax, %k3
	_blend3		%k3, HA0, HA1, HA2, V0, V1, V2
	_scale20		V1, V3
	_scale20		V2, V4
	_mov3		V0, V1, V2, W0, W1, W2
	_mulr		W0, W1, W2, HB0, HB1, HB2, X0, X1
	_scale20		W1, W3
	_scale20		W2, W4
	_bcast3		%xmm17, %xmm18, %xmm19, Q0, Q1, Q2	/* W */
	_scale20		Q1, Q3
	_scale20		Q2, Q4

.else
	/* Q = r in every lane */
	movq		CORE_R0(%rdi), %r8
	movq		CORE_R1(%rdi), %r9
	movq		%r8, %rax
	andq		%r10, %rax
	vpbroadcastq	%rax, Q0
	movq		%r8, %rax
	shrq		$44, %rax
	movq		%r9, %r11
	shlq		$20, %r11
	orq		%r11, %rax
	andq		%r10, %rax
	vpbroadcastq	%rax, Q1
	movq		%r9, %rax
	shrq		$24, %rax
	vpbroadcastq	%rax, Q2
	_scale20		Q1, Q3
	_scale20		Q2, Q4
	/*
	 * ymm: the powers, three multiplications deep:
	 *   W = r^2;  V = X2 = [r^2 r^2 r r]
	 *   HA = Z = X2 r^2 = [r^4 r^4 r^3 r^3];  Q = r^4 (lane 0)
	 *   V = [r^4 r^2 r^3 r]  (B's last powers)
	 *   W = V r^4 = [r^8 r^6 r^7 r^5] (A's last powers);  Q = r^8 (lane 0)
	 */
	_mov3		Q0, Q1, Q2, W0, W1, W2
	_mulr		W0, W1, W2, Q0, Q1, Q2, Q3, Q4
	_scale20		W1, W3
	_scale20		W2, W4
	movl		$0xc, %eax
	kmovw		%eax, %k1
	_mov3		W0, W1, W2, V0, V1, V2
	_blend3		%k1, Q0, Q1, Q2, V0, V1, V2
	_mov3		V0, V1, V2, HA0, HA1, HA2
	_mulr		HA0, HA1, HA2, W0, W1, W2, W3, W4
	_bcast3		%xmm0, %xmm1, %xmm2, Q0, Q1, Q2		/* HA */
	_scale20		Q1, Q3
	_scale20		Q2, Q4
	movl		$0xa, %eax
	kmovw		%eax, %k3
	_blend3		%k3, V0, V1, V2, HA0, HA1, HA2
	_mov3		HA0, HA1, HA2, V0, V1, V2
	_scale20		V1, V3
	_scale20		V2, V4
	_mov3		V0, V1, V2, W0, W1, W2
	_mulr		W0, W1, W2, Q0, Q1, Q2, Q3, Q4
	_scale20		W1, W3
	_scale20		W2, W4
	_bcast3		%xmm17, %xmm18, %xmm19, Q0, Q1, Q2	/* W */
	_scale20		Q1, Q3
	_scale20		Q2, Q4

.endif
	movq		CORE_POW(%rdi), %rax
	testq		%rax, %rax
	jz		.L\name\()_powered
	_pow_store	%rax, POWTAG
.L\name\()_powered:
	/*
	 * A message of n blocks is handled as z = -n mod 16 zero blocks
	 * followed by the n blocks, so that every group is whole: h starts in
	 * the lane of block z (the first real one), the z leading blocks get
	 * no pad bit, and zero blocks before h does anything leave the result
	 * unchanged.  The first group, the 16 - z real blocks after z zero
	 * ones, is read with masked loads from src - 16 z when those 16 z
	 * bytes lie in src's page; otherwise (a masked-off element on an
	 * unmapped page costs a microcode assist of thousands of cycles) it
	 * is assembled in a stack buffer, which costs a copy and a store-
	 * forwarding stall: 50-90 cycles more per call on Intel.
	 */
	movq		CORE_H0(%rdi), %r8
	movq		CORE_H1(%rdi), %r9
	movq		CORE_H2(%rdi), %r11
	movq		%r8, %rax
	andq		%r10, %rax
	vpbroadcastq	%rax, X0			/* h limb 0, every lane */
	shrq		$44, %r8
	movq		%r9, %rax
	shlq		$20, %rax
	orq		%r8, %rax
	andq		%r10, %rax
	vpbroadcastq	%rax, X1			/* h limb 1 */
	shrq		$24, %r9
	shlq		$40, %r11
	orq		%r11, %r9
	vpbroadcastq	%r9, T5				/* h limb 2 */

	movq		%rdx, %rcx
	shrq		$4, %rcx
	negl		%ecx
	andl		$(\vl / 4 - 1), %ecx		/* z */
	movl		%ecx, %eax
	shll		$4, %eax			/* 16 z */
	addq		%rax, %rdx
	shrq		$(\vl / 32 + 6), %rdx		/* groups of 4 vl bytes */
	movl		$((1 << (\vl / 4)) - 1), %r8d
	shll		%cl, %r8d			/* real blocks, by position */
	movl		$1, %r9d
	shll		%cl, %r9d			/* block z, by position */
	movl		$0x55, %r10d
	/* pad bit lanes of A (k1) and B (k2), h lane in A and in B */
	_lanemask	%r8d, %k1, (\vl / 16)
	shrl		$(\vl / 8), %r8d
	_lanemask	%r8d, %k2, (\vl / 16)
	_lanemask	%r9d, %k3, (\vl / 16)
	vmovdqa64	X0, HA0{%k3}{z}
	vmovdqa64	X1, HA1{%k3}{z}
	vmovdqa64	T5, HA2{%k3}{z}
	shrl		$(\vl / 8), %r9d
	_lanemask	%r9d, %k3, (\vl / 16)
	vmovdqa64	X0, HB0{%k3}{z}
	vmovdqa64	X1, HB1{%k3}{z}
	vmovdqa64	T5, HB2{%k3}{z}

.ifnb \fold
	/* the multipliers of _mulr's fold; X0 and X1 are free from here */
	movl		$256, %eax
	vpbroadcastq	%rax, K256
	movl		$5, %eax
	vpbroadcastq	%rax, K5
.endif
	testl		%ecx, %ecx
	jz		.L\name\()_whole
	shll		$4, %ecx			/* 16 z */
	movl		%esi, %eax
	andl		$4095, %eax
	cmpl		%ecx, %eax
	jb		.L\name\()_copied
	/* load masks: qword i of the group is real from i = 2 z on */
	movl		%ecx, %eax
	shrl		$3, %eax			/* 2 z */
	movl		$-1, %r11d
	shlxl		%eax, %r11d, %r11d
	kmovd		%r11d, %k4
	kshiftrd	$(\vl / 8), %k4, %k5
	kshiftrd	$(\vl / 4), %k4, %k6
	kshiftrd	$(3 * \vl / 8), %k4, %k7
	subq		%rcx, %rsi			/* the loop adds a group */
	_absorb		0, HA0, HA1, HA2, %k1, %k4, %k5
	_absorb		2*\vl, HB0, HB1, HB2, %k2, %k6, %k7
	jmp		.L\name\()_loop
.L\name\()_copied:
	vpxorq		T0, T0, T0
	vmovdqu64	T0, 0(%rsp)
	vmovdqu64	T0, \vl(%rsp)
	vmovdqu64	T0, 2 * \vl(%rsp)
	vmovdqu64	T0, 3 * \vl(%rsp)
	leaq		(%rsp, %rcx), %r9
	movl		$(4 * \vl), %r11d
	subl		%ecx, %r11d			/* the 16 - z real blocks */
	xorl		%eax, %eax
.L\name\()_copy:
	vmovdqu		(%rsi, %rax), %xmm6
	vmovdqu		%xmm6, (%r9, %rax)
	addq		$16, %rax
	cmpq		%r11, %rax
	jb		.L\name\()_copy
	movq		%rsi, %r8
	subq		%rcx, %r8			/* the loop adds a group */
	movq		%rsp, %rsi
	_absorb		0, HA0, HA1, HA2, %k1
	_absorb		2*\vl, HB0, HB1, HB2, %k2
	movq		%r8, %rsi
	jmp		.L\name\()_loop
.L\name\()_whole:
	_absorb		0, HA0, HA1, HA2
	_absorb		2*\vl, HB0, HB1, HB2
	/*
	 * h = h r^16 + the next group's blocks: they are added inside the
	 * multiplication (_mulr's \add), which saves three adds and three
	 * zeroings per accumulator and group.
	 */
.L\name\()_loop:
	decq		%rdx
	jz		.L\name\()_last
	addq		$(4 * \vl), %rsi
	_msgl		0
	_mulr		HA0, HA1, HA2, Q0, Q1, Q2, Q3, Q4, add, \fold
	_msgl		2*\vl
	_mulr		HB0, HB1, HB2, Q0, Q1, Q2, Q3, Q4, add, \fold
	jmp		.L\name\()_loop
.L\name\()_last:
	_mulr		HA0, HA1, HA2, W0, W1, W2, W3, W4,, \fold
	_mulr		HB0, HB1, HB2, V0, V1, V2, V3, V4,, \fold

	/* add up the lanes (each limb sum < 2^49) */
	vpaddq		HB0, HA0, HA0
	vpaddq		HB1, HA1, HA1
	vpaddq		HB2, HA2, HA2
	_hsum		\vl, HA0, %ymm0, %xmm0, %r8
	_hsum		\vl, HA1, %ymm1, %xmm1, %r9
	_hsum		\vl, HA2, %ymm2, %xmm2, %r10

	/* back to base 2^64: h = a0 + a1 2^44 + a2 2^88 */
	movq		%r9, %rax
	shlq		$44, %rax
	shrq		$20, %r9
	movq		%r10, %r11
	shlq		$24, %r11
	shrq		$40, %r10
	addq		%rax, %r8
	adcq		%r11, %r9
	adcq		$0, %r10
	/* partial reduction: h2 <= 4 */
	movq		%r10, %rax
	shrq		$2, %rax
	leaq		(%rax, %rax, 4), %rax
	andq		$3, %r10
	addq		%rax, %r8
	adcq		$0, %r9
	adcq		$0, %r10
	movq		%r8, CORE_H0(%rdi)
	movq		%r9, CORE_H1(%rdi)
	movq		%r10, CORE_H2(%rdi)

	vpxorq		T0, T0, T0
	vmovdqu64	T0, 0(%rsp)
	vmovdqu64	T0, \vl(%rsp)
	vmovdqu64	T0, 2 * \vl(%rsp)
	vmovdqu64	T0, 3 * \vl(%rsp)
	_frame_leave
	/* no key powers left behind: vzeroupper clears bits 128+ of 0-15 */
	vpxord		%xmm12, %xmm12, %xmm12
	vpxord		%xmm13, %xmm13, %xmm13
	vpxord		%xmm14, %xmm14, %xmm14
	vpxord		%xmm15, %xmm15, %xmm15
	vpxord		%xmm16, %xmm16, %xmm16
	vpxord		%xmm17, %xmm17, %xmm17
	vpxord		%xmm18, %xmm18, %xmm18
	vpxord		%xmm19, %xmm19, %xmm19
	vpxord		%xmm20, %xmm20, %xmm20
	vpxord		%xmm21, %xmm21, %xmm21
	vpxord		%xmm22, %xmm22, %xmm22
	vpxord		%xmm23, %xmm23, %xmm23
	vpxord		%xmm24, %xmm24, %xmm24
	vpxord		%xmm25, %xmm25, %xmm25
	vpxord		%xmm26, %xmm26, %xmm26
	vpxord		%xmm30, %xmm30, %xmm30
	vpxord		%xmm31, %xmm31, %xmm31
	vzeroupper
	RET
SYM_FUNC_END(\name)
.endm

_ifma_func	sc_poly1305_blocks_x86_ifma, 64, 0, ifma
_ifma_func	sc_poly1305_blocks_x86_ifma_ymm, 32, 0, ifma
_ifma_func	sc_poly1305_blocks_x86_ifma_vbmi2, 64, 1, ifma
_ifma_func	sc_poly1305_blocks_x86_ifma_ymm_vbmi2, 32, 1

/* ---------------------------------------------------------------------- */
/* AVX2: base 2^26, 2 x 4 lanes                                            */
/* ---------------------------------------------------------------------- */

/*
 * Stack frame (1472 bytes, 32-byte aligned, wiped before return): key power
 * tables of nine 32-byte rows each, r0..r4 then s1..s4 (s_i = 5 r_i),
 * constants, the first group of blocks and the registers the powers'
 * scalar multiplications borrow.
 */
#define Y_P4		0		/* r^4 in every lane */
#define Y_P8		288		/* r^8 in every lane: the loop */
#define Y_VB		576		/* B's last powers: r^4 r^2 r^3 r^1 */
#define Y_VA		864		/* A's last powers: r^8 r^6 r^7 r^5 */
#define Y_M26		1152		/* 2^26 - 1 */
#define Y_PAD		1184		/* pad bit at bit 24 of limb 4 */
#define Y_PADA		1216		/* pad bits of A's first group */
#define Y_PADB		1248		/* pad bits of B's first group */
#define Y_BUF		1280		/* first group, 128 bytes */
#define Y_SAVE		1408		/* registers _mulx_r takes */
#define Y_SIZE		1472

#define YA0	%ymm0
#define YA1	%ymm1
#define YA2	%ymm2
#define YA3	%ymm3
#define YA4	%ymm4
#define YB0	%ymm5
#define YB1	%ymm6
#define YB2	%ymm7
#define YB3	%ymm8
#define YB4	%ymm9
#define YD0	%ymm10
#define YD1	%ymm11
#define YD2	%ymm12
#define YD3	%ymm13
#define YD4	%ymm14
#define YT	%ymm15

/* row i of the power table at \tab */
#define YR(tab, i)	tab+32*i(%rsp)

/* d += h * \m, \m a memory operand (clobbers YT) */
.macro _ymac h, m, d
	vpmuludq	\m, \h, YT
	vpaddq		YT, \d, \d
.endm

/* d = a >> 26 added to b, a &= 2^26 - 1 (clobbers YT) */
.macro _ycarry a, b
	vpsrlq		$26, \a, YT
	vpand		YR(Y_M26, 0), \a, \a
	vpaddq		YT, \b, \b
.endm

/*
 * h = h * r mod p (partially reduced), base 2^26, r the table at \tab:
 *
 *   d0 = h0 r0 + h1 s4 + h2 s3 + h3 s2 + h4 s1
 *   d1 = h0 r1 + h1 r0 + h2 s4 + h3 s3 + h4 s2
 *   d2 = h0 r2 + h1 r1 + h2 r0 + h3 s4 + h4 s3
 *   d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s4
 *   d4 = h0 r4 + h1 r3 + h2 r2 + h3 r1 + h4 r0
 *
 * then two interleaved carry chains leave every limb below 2^26 + 2^8 or
 * so.  Clobbers YD0-YD4, YT.
 */
.macro _ymul h0, h1, h2, h3, h4, tab
	vpmuludq	YR(\tab, 0), \h0, YD0
	vpmuludq	YR(\tab, 1), \h0, YD1
	vpmuludq	YR(\tab, 2), \h0, YD2
	vpmuludq	YR(\tab, 3), \h0, YD3
	vpmuludq	YR(\tab, 4), \h0, YD4
	_ymac		\h1, YR(\tab, 8), YD0
	_ymac		\h1, YR(\tab, 0), YD1
	_ymac		\h1, YR(\tab, 1), YD2
	_ymac		\h1, YR(\tab, 2), YD3
	_ymac		\h1, YR(\tab, 3), YD4
	_ymac		\h2, YR(\tab, 7), YD0
	_ymac		\h2, YR(\tab, 8), YD1
	_ymac		\h2, YR(\tab, 0), YD2
	_ymac		\h2, YR(\tab, 1), YD3
	_ymac		\h2, YR(\tab, 2), YD4
	_ymac		\h3, YR(\tab, 6), YD0
	_ymac		\h3, YR(\tab, 7), YD1
	_ymac		\h3, YR(\tab, 8), YD2
	_ymac		\h3, YR(\tab, 0), YD3
	_ymac		\h3, YR(\tab, 1), YD4
	_ymac		\h4, YR(\tab, 5), YD0
	_ymac		\h4, YR(\tab, 6), YD1
	_ymac		\h4, YR(\tab, 7), YD2
	_ymac		\h4, YR(\tab, 8), YD3
	_ymac		\h4, YR(\tab, 0), YD4

	_ycarry		YD3, YD4
	_ycarry		YD0, YD1
	vpsrlq		$26, YD4, \h0
	vpand		YR(Y_M26, 0), YD4, YD4
	vpaddq		\h0, YD0, YD0
	vpsllq		$2, \h0, \h0
	vpaddq		\h0, YD0, YD0			/* d0 += 5 (d4 >> 26) */
	_ycarry		YD1, YD2
	_ycarry		YD2, YD3
	_ycarry		YD0, YD1
	_ycarry		YD3, YD4
	vmovdqa		YD0, \h0
	vmovdqa		YD1, \h1
	vmovdqa		YD2, \h2
	vmovdqa		YD3, \h3
	vmovdqa		YD4, \h4
.endm

/*
 * h += the four blocks at \off(%rsi) (lane order 0 2 1 3) with the pad
 * bits in the table row \pad.  Clobbers YD0-YD4.
 */
.macro _yabsorb off, h0, h1, h2, h3, h4, pad
	vmovdqu		\off(%rsi), YD0
	vmovdqu		\off+32(%rsi), YD1
	vpunpcklqdq	YD1, YD0, YD2			/* low halves */
	vpunpckhqdq	YD1, YD0, YD3			/* high halves */
	vpand		YR(Y_M26, 0), YD2, YD0		/* m0 */
	vpsrlq		$26, YD2, YD1
	vpand		YR(Y_M26, 0), YD1, YD1		/* m1 */
	vpsrlq		$52, YD2, YD2
	vpsllq		$12, YD3, YD4
	vpor		YD4, YD2, YD2
	vpand		YR(Y_M26, 0), YD2, YD2		/* m2 */
	vpsrlq		$14, YD3, YD4
	vpand		YR(Y_M26, 0), YD4, YD4		/* m3 */
	vpsrlq		$40, YD3, YD3
	vpor		YR(\pad, 0), YD3, YD3		/* m4 */
	vpaddq		YD0, \h0, \h0
	vpaddq		YD1, \h1, \h1
	vpaddq		YD2, \h2, \h2
	vpaddq		YD4, \h3, \h3
	vpaddq		YD3, \h4, \h4
.endm

/* store h0..h4 as the power table \tab, with s_i = 5 h_i (clobbers YT) */
.macro _ystore h0, h1, h2, h3, h4, tab
	vmovdqu		\h0, YR(\tab, 0)
	vmovdqu		\h1, YR(\tab, 1)
	vmovdqu		\h2, YR(\tab, 2)
	vmovdqu		\h3, YR(\tab, 3)
	vmovdqu		\h4, YR(\tab, 4)
	vpsllq		$2, \h1, YT
	vpaddq		\h1, YT, YT
	vmovdqu		YT, YR(\tab, 5)
	vpsllq		$2, \h2, YT
	vpaddq		\h2, YT, YT
	vmovdqu		YT, YR(\tab, 6)
	vpsllq		$2, \h3, YT
	vpaddq		\h3, YT, YT
	vmovdqu		YT, YR(\tab, 7)
	vpsllq		$2, \h4, YT
	vpaddq		\h4, YT, YT
	vmovdqu		YT, YR(\tab, 8)
.endm

/* A = lane 0 of B, in every lane */
.macro _ybcast
	vpbroadcastq	%xmm5, YA0
	vpbroadcastq	%xmm6, YA1
	vpbroadcastq	%xmm7, YA2
	vpbroadcastq	%xmm8, YA3
	vpbroadcastq	%xmm9, YA4
.endm

/* horizontal sum of the qwords of \y into \gpr (clobbers YT) */
.macro _yhsum y, x, gpr
	vextracti128	$1, \y, %xmm15
	vpaddq		%xmm15, \x, \x
	vpsrldq		$8, \x, %xmm15
	vpaddq		%xmm15, \x, \x
	vmovq		\x, \gpr
.endm

/*
 * The base 2^64 value \h0 + \h1 2^64 + \h2 2^128 (registers, unchanged;
 * \h2 at most 7, so limb 4 stays below 2^27) as five base 2^26 limbs,
 * one into each of \x0..\x4 (xmm): as its low qword, the rest zeroed
 * (\how = mov); as the high qword of a register otherwise zero (hi;
 * %xmm15 must be zero); or as the low qword, keeping the high one (lo).
 * Clobbers %rax, %r10.
 */
.macro _y26_put how, x
.ifc \how, mov
	vmovq		%rax, \x
.else
.ifc \how, hi
	vpinsrq		$1, %rax, %xmm15, \x
.else
	vpinsrq		$0, %rax, \x, \x
.endif
.endif
.endm

.macro _y26_limbs h0, h1, h2, how, x0, x1, x2, x3, x4
	movq		\h0, %rax
	andl		$0x3ffffff, %eax
	_y26_put		\how, \x0
	movq		\h0, %rax
	shrq		$26, %rax
	andl		$0x3ffffff, %eax
	_y26_put		\how, \x1
	movq		\h0, %rax
	shrq		$52, %rax
	movq		\h1, %r10
	shlq		$12, %r10
	orq		%r10, %rax
	andl		$0x3ffffff, %eax
	_y26_put		\how, \x2
	movq		\h1, %rax
	shrq		$14, %rax
	andl		$0x3ffffff, %eax
	_y26_put		\how, \x3
	movq		\h1, %rax
	shrq		$40, %rax
	movq		\h2, %r10
	shlq		$24, %r10
	orq		%r10, %rax
	_y26_put		\how, \x4
.endm

/*
 * The powers the loop and the last group use, kept across the calls of one
 * message in the struct sc_poly1305_pow at \p (see the IFMA code): r^8's
 * limbs and the limbs of A's and B's last powers, 368 bytes; the 5x
 * multiples are recomputed (_ystore).  The IFMA code's _pow_store/_pow_load
 * in this function's layout.  Computing them costs three scalar and one
 * vector multiplication, about 120 cycles; loading them about 30.
 */
.macro _ypow_store p
	vmovq		%xmm0, POW_P8(\p)
	vmovq		%xmm1, POW_P8+8(\p)
	vmovq		%xmm2, POW_P8+16(\p)
	vmovq		%xmm3, POW_P8+24(\p)
	vmovq		%xmm4, POW_P8+32(\p)
.irp i, 0, 1, 2, 3, 4
	vmovdqa		YR(Y_VA, \i), YT
	vmovdqu		YT, POW_VA+32*\i(\p)
	vmovdqa		YR(Y_VB, \i), YT
	vmovdqu		YT, POW_VB+32*\i(\p)
.endr
	movq		$POW_AVX2, POW_READY(\p)
.endm

.macro _ypow_load p
	vpbroadcastq	POW_P8(\p), YA0
	vpbroadcastq	POW_P8+8(\p), YA1
	vpbroadcastq	POW_P8+16(\p), YA2
	vpbroadcastq	POW_P8+24(\p), YA3
	vpbroadcastq	POW_P8+32(\p), YA4
	_ystore		YA0, YA1, YA2, YA3, YA4, Y_P8
	vmovdqu		POW_VA(\p), YB0
	vmovdqu		POW_VA+32(\p), YB1
	vmovdqu		POW_VA+64(\p), YB2
	vmovdqu		POW_VA+96(\p), YB3
	vmovdqu		POW_VA+128(\p), YB4
	_ystore		YB0, YB1, YB2, YB3, YB4, Y_VA
	vmovdqu		POW_VB(\p), YB0
	vmovdqu		POW_VB+32(\p), YB1
	vmovdqu		POW_VB+64(\p), YB2
	vmovdqu		POW_VB+96(\p), YB3
	vmovdqu		POW_VB+128(\p), YB4
	_ystore		YB0, YB1, YB2, YB3, YB4, Y_VB
.endm

/*
 * void sc_poly1305_blocks_x86_avx2(struct sc_poly1305_core *core,
 *				    const u8 *src, size_t len, u32 padbit)
 *
 * len: a non-zero multiple of 16.
 */
SYM_FUNC_START(sc_poly1305_blocks_x86_avx2)
	/*
	 * An aligned frame (frame.h): the loop reads about 60 table rows per
	 * group, and at %rsp's usual 8 mod 16 half of them would cross a
	 * cache line (Intel: 13% slower).
	 */
	_frame_enter	Y_SIZE
	movl		$0x3ffffff, %eax
	vmovq		%rax, %xmm15
	vpbroadcastq	%xmm15, YT
	vmovdqu		YT, YR(Y_M26, 0)
	movl		%ecx, %eax
	shlq		$24, %rax
	vmovq		%rax, %xmm15
	vpbroadcastq	%xmm15, YT
	vmovdqu		YT, YR(Y_PAD, 0)

	/* powers a caller kept from an earlier call of this message */
	movq		CORE_POW(%rdi), %r11
	testq		%r11, %r11
	jz		.Lavx2_powers
	cmpq		$POW_AVX2, POW_READY(%r11)
	jne		.Lavx2_powers
	_ypow_load	%r11
	jmp		.Lavx2_powered
.Lavx2_powers:
	/*
	 * The powers: r^2, r^3 and r^4 in general registers (_mulx_r, one
	 * dependent multiplication of about 15 cycles each), each converted
	 * to base 2^26 into the lanes of B = [r^4 r^2 r^3 r] (VB) as it
	 * comes, then one vector multiplication: VA = VB r^4, r^8 its lane
	 * 0.  The three vector multiplications that made r^2 and r^4 before
	 * took about 70 cycles more (Intel, family 6 model 167).  _mulx_r
	 * needs the callee-saved registers and the arguments' too: they wait
	 * in the frame.
	 */
	_mulx_r_enter	Y_SAVE
	vpxor		%xmm15, %xmm15, %xmm15
	/* lanes 2, 3 of B: [0 r] */
	_y26_limbs	%r13, %r14, %r15, hi, %xmm10, %xmm11, %xmm12, %xmm13, %xmm14
	_mulx_r
	/* lanes 0, 1 of B: [0 r^2] */
	_y26_limbs	%r13, %r14, %r15, hi, %xmm5, %xmm6, %xmm7, %xmm8, %xmm9
	_mulx_r
	/* lanes 2, 3 of B: [r^3 r] */
	_y26_limbs	%r13, %r14, %r15, lo, %xmm10, %xmm11, %xmm12, %xmm13, %xmm14
	_mulx_r
	/* lanes 0, 1 of B: [r^4 r^2] */
	_y26_limbs	%r13, %r14, %r15, lo, %xmm5, %xmm6, %xmm7, %xmm8, %xmm9
	_mulx_r_leave	Y_SAVE
	movq		CORE_POW(%rdi), %r11
	vinserti128	$1, %xmm10, YB0, YB0
	vinserti128	$1, %xmm11, YB1, YB1
	vinserti128	$1, %xmm12, YB2, YB2
	vinserti128	$1, %xmm13, YB3, YB3
	vinserti128	$1, %xmm14, YB4, YB4
	vpbroadcastq	%xmm5, YA0			/* r^4, every lane */
	vpbroadcastq	%xmm6, YA1
	vpbroadcastq	%xmm7, YA2
	vpbroadcastq	%xmm8, YA3
	vpbroadcastq	%xmm9, YA4
	_ystore		YB0, YB1, YB2, YB3, YB4, Y_VB
	_ystore		YA0, YA1, YA2, YA3, YA4, Y_P4
	_ymul		YB0, YB1, YB2, YB3, YB4, Y_P4
	_ystore		YB0, YB1, YB2, YB3, YB4, Y_VA
	_ybcast
	_ystore		YA0, YA1, YA2, YA3, YA4, Y_P8
	testq		%r11, %r11
	jz		.Lavx2_powered
	_ypow_store	%r11
.Lavx2_powered:

	/*
	 * As in the IFMA code: n blocks are z = -n mod 8 zero blocks and
	 * then the message; h starts in the lane of block z, the z leading
	 * blocks get no pad bit, and the first group is assembled in the
	 * frame.  Lane masks come from comparing lane positions with z.
	 */
	movq		CORE_H0(%rdi), %r8
	movq		CORE_H1(%rdi), %r9
	movq		CORE_H2(%rdi), %rcx
	_y26_limbs	%r8, %r9, %rcx, mov, %xmm10, %xmm11, %xmm12, %xmm13, %xmm14
	vpbroadcastq	%xmm10, YD0			/* h, every lane */
	vpbroadcastq	%xmm11, YD1
	vpbroadcastq	%xmm12, YD2
	vpbroadcastq	%xmm13, YD3
	vpbroadcastq	%xmm14, YD4

	movq		%rdx, %rcx
	shrq		$4, %rcx
	negl		%ecx
	andl		$7, %ecx			/* z */
	leaq		(%rdx, %rcx, 8), %rdx
	leaq		(%rdx, %rcx, 8), %rdx		/* + 16 z */
	shrq		$7, %rdx			/* groups */
	/* YB0 = lane positions of A (0 2 1 3), YB1 = z, YB2 = 4 */
	movl		$2, %eax
	vmovq		%rax, %xmm5
	vpslldq		$8, %xmm5, %xmm5
	movl		$1, %eax
	vmovq		%rax, %xmm6
	movl		$3, %eax
	vpinsrq		$1, %rax, %xmm6, %xmm6
	vinserti128	$1, %xmm6, YB0, YB0
	vmovq		%rcx, %xmm6
	vpbroadcastq	%xmm6, YB1
	movl		$4, %eax
	vmovq		%rax, %xmm7
	vpbroadcastq	%xmm7, YB2
	/* A: h where position == z, pad where position >= z */
	vpcmpeqq	YB1, YB0, YT
	vpand		YD0, YT, YA0
	vpand		YD1, YT, YA1
	vpand		YD2, YT, YA2
	vpand		YD3, YT, YA3
	vpand		YD4, YT, YA4
	vpcmpgtq	YB0, YB1, YT			/* z > position */
	vpandn		YR(Y_PAD, 0), YT, YT
	vmovdqu		YT, YR(Y_PADA, 0)
	/* B: the same with positions 4 6 5 7 */
	vpaddq		YB2, YB0, YB0
	vpcmpgtq	YB0, YB1, YT
	vpandn		YR(Y_PAD, 0), YT, YT
	vmovdqu		YT, YR(Y_PADB, 0)
	vpcmpeqq	YB1, YB0, YT
	vpand		YD0, YT, YB0
	vpand		YD1, YT, YB1
	vpand		YD2, YT, YB2
	vpand		YD3, YT, YB3
	vpand		YD4, YT, YB4

	testl		%ecx, %ecx
	jz		.Lavx2_whole
	shll		$4, %ecx			/* 16 z */
	vpxor		YT, YT, YT
	vmovdqu		YT, YR(Y_BUF, 0)
	vmovdqu		YT, YR(Y_BUF, 1)
	vmovdqu		YT, YR(Y_BUF, 2)
	vmovdqu		YT, YR(Y_BUF, 3)
	leaq		Y_BUF(%rsp, %rcx), %r9
	movl		$128, %r11d
	subl		%ecx, %r11d			/* the 8 - z real blocks */
	xorl		%eax, %eax
.Lavx2_copy:
	vmovdqu		(%rsi, %rax), %xmm15
	vmovdqu		%xmm15, (%r9, %rax)
	addq		$16, %rax
	cmpq		%r11, %rax
	jb		.Lavx2_copy
	movq		%rsi, %r8
	subq		%rcx, %r8			/* the loop adds a group */
	leaq		Y_BUF(%rsp), %rsi
	_yabsorb		0, YA0, YA1, YA2, YA3, YA4, Y_PADA
	_yabsorb		64, YB0, YB1, YB2, YB3, YB4, Y_PADB
	movq		%r8, %rsi
	jmp		.Lavx2_more
.Lavx2_whole:
	_yabsorb		0, YA0, YA1, YA2, YA3, YA4, Y_PAD
	_yabsorb		64, YB0, YB1, YB2, YB3, YB4, Y_PAD
.Lavx2_more:
	decq		%rdx
	jz		.Lavx2_last
	/*
	 * Each accumulator takes its next blocks right after its own
	 * multiplication, before the other's: A's next products can then
	 * start while B's are in flight (absorbing both first and then
	 * multiplying both was 4% slower on Intel, family 6 model 167).
	 */
	_ymul		YA0, YA1, YA2, YA3, YA4, Y_P8
	_yabsorb		128, YA0, YA1, YA2, YA3, YA4, Y_PAD
	_ymul		YB0, YB1, YB2, YB3, YB4, Y_P8
	_yabsorb		192, YB0, YB1, YB2, YB3, YB4, Y_PAD
	addq		$128, %rsi
	jmp		.Lavx2_more
.Lavx2_last:
	_ymul		YA0, YA1, YA2, YA3, YA4, Y_VA
	_ymul		YB0, YB1, YB2, YB3, YB4, Y_VB

	/* add up the eight lanes (each limb sum < 2^30) */
	vpaddq		YB0, YA0, YA0
	vpaddq		YB1, YA1, YA1
	vpaddq		YB2, YA2, YA2
	vpaddq		YB3, YA3, YA3
	vpaddq		YB4, YA4, YA4
	_yhsum		YA0, %xmm0, %r8
	_yhsum		YA1, %xmm1, %r9
	_yhsum		YA2, %xmm2, %r10
	_yhsum		YA3, %xmm3, %r11
	_yhsum		YA4, %xmm4, %rcx

	/* back to base 2^64: h = l0 + l1 2^26 + l2 2^52 + l3 2^78 + l4 2^104 */
	shlq		$26, %r9
	addq		%r9, %r8			/* < 2^57: no carry */
	movq		%r10, %rax
	shlq		$52, %rax
	shrq		$12, %r10
	shlq		$14, %r11
	addq		%r11, %r10			/* < 2^45: no carry */
	movq		%rcx, %r11
	shlq		$40, %r11
	shrq		$24, %rcx
	addq		%rax, %r8
	adcq		%r11, %r10
	adcq		$0, %rcx
	/* partial reduction: h2 <= 4 */
	movq		%rcx, %rax
	shrq		$2, %rax
	leaq		(%rax, %rax, 4), %rax
	andq		$3, %rcx
	addq		%rax, %r8
	adcq		$0, %r10
	adcq		$0, %rcx
	movq		%r8, CORE_H0(%rdi)
	movq		%r10, CORE_H1(%rdi)
	movq		%rcx, CORE_H2(%rdi)

	/*
	 * Wipe the frame, unrolled as the other kernels do: the loop it
	 * replaces (46 iterations) made 384-1024-byte calls 1-5% slower
	 * (Intel, family 6 model 167).
	 */
	vpxor		YT, YT, YT
	.set		.Loff, 0
.rept Y_SIZE / 32
	vmovdqa		YT, .Loff(%rsp)
	.set		.Loff, .Loff + 32
.endr
	vzeroupper
	_frame_leave
	RET
SYM_FUNC_END(sc_poly1305_blocks_x86_avx2)
