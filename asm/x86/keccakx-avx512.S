/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] on several states at once for x86_64 with AVX-512: four
 * states in ymm registers (AVX-512VL) or eight in zmm registers (AVX-512F),
 * one body for both widths.
 *
 * Algorithm
 * ---------
 * Keccak-f[1600] (FIPS 202 section 3.3): 24 rounds of theta, rho, pi, chi
 * and iota on 25 64-bit lanes a[x + 5y].  With N states side by side, lane
 * i of every state sits in one vector register (one state per 64-bit
 * element), so the round is exactly the one-state algorithm with every
 * 64-bit operation done N times by one instruction; no shuffles at all.
 * The steps are those of keccak-avx512vl.S (one state per xmm), from
 * keccak-lanes.h:
 *
 *   vpternlogq  column parities a^b^c (0x96) and chi's a ^ (~b & c) (0xd2)
 *   vprolq      rho's rotates and theta's rol 1
 *   pi          no data moves: the lane names are assembler symbols that
 *               the pi macro rebinds; 24 rounds bring every name back
 *
 * Per round 95 vector ALU instructions (29 rotates, 35 vpternlogq, 30
 * XORs, 1 for iota) whatever the width, so eight states in zmm cost about
 * what one state in xmm costs.
 *
 * Layout
 * ------
 * The states are lane-interleaved in memory (simdcrypt.h): lane i of state
 * j is the 64-bit word st[8 * i + j], so lane i of eight states is the
 * 64-byte line at st + 64 * i.  The x8 variant loads and stores whole
 * lines; the x4 variant the first 32 bytes of each line from its @st, so
 * it permutes states j..j+3 when called with st + j.
 *
 * Order, latency and throughput (Zen 5)
 * -------------------------------------
 * The round is _keccak_round of keccak-lanes.h, the one the one-state
 * kernel runs: the column parities and D, then for each output plane y
 * its five source lanes (theta's XOR with D, rho's rotate; pi only
 * renames), with each plane's chi about two planes later (why:
 * Documentation/design.rst, "Instruction order").  About 30 cycles a
 * round, 725-735 a permutation, x4 and x8 alike, where 95 ALU
 * instructions would issue in 24 (rotates two a cycle, the rest four);
 * the forms measured slower are listed in Documentation/sha3.rst.  Zen 5
 * runs zmm at full width, so eight states cost what four cost.
 *
 * Variants
 * --------
 *   sc_keccakx4_permute_avx512vl  ymm, 4 states: AVX-512F + VL (Skylake-X
 *                                 and later, Zen 4/5); the choice where
 *                                 zmm is avoided (prefer-ymm CPUs)
 *   sc_keccakx8_permute_avx512    zmm, 8 states: AVX-512F, not on CPUs
 *                                 that prefer ymm
 *   sc_keccakx8_extract_avx512    the squeeze's bytes of all eight states
 *                                 (an 8x8 transpose; see it below)
 *   sc_keccakx8_squeeze_avx512    several squeezed blocks per call, the
 *   sc_keccakx4_squeeze_avx512vl  states in registers throughout and
 *                                 each block's bytes transposed out of
 *                                 them (see them below)
 * The permutations and squeezes call one loop of the 24 rounds per width
 * (_kx4_rounds, _kx8_rounds: the state in V0-V24, nothing in memory).
 * All are reached through asm/x86/keccakx_x86.c.
 *
 * Registers
 * ---------
 *   V0-V24   the state: lane a[i] in V<i> on entry and exit
 *   V25-V31  theta's column parities C0..C4 (V25-V29), then D0..D4 (V27,
 *            V30, V29, V31, V26), each written over a parity no longer
 *            needed; chi's copies of b[0], b[1] (V25, V28).  iota's
 *            round constant is a broadcast memory operand; between
 *            the squeezes' permutations, the transpose
 *   r14, r15 the round constant's address and the constants' end (the
 *            callers of the rounds save them)
 *   rdi      st; the squeezes' other registers are listed with them
 */
#include <linux/linkage.h>
#include "vregs.h"
#include <asm/frame.h>
#include "../../generic/keccak_rc.h"
#include "keccak-lanes.h"

/* V0..V31 name the registers of width VL (bytes): ymm or zmm. */
.macro _kx_set_vl	vl
	.set	VL, \vl
.if VL != 32 && VL != 64
	.error "keccakx-avx512: unsupported vector length"
.endif
	_set_vregs VL
	/* the state, lane a[i] in V<i> */
.irp i, 0,1,2,3,4,5,6,7,8,9
	.set	A0\i, V\i
.endr
.irp i, 10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	.set	A\i, V\i
.endr
	.set	C0, V25
	.set	C1, V26
	.set	C2, V27
	.set	C3, V28
	.set	C4, V29
	.set	D1, V30
	.set	D3, V31
	.set	D0, V27
	.set	D2, V29
	.set	D4, V26
	.set	T0, V25
	.set	T1, V28
.endm

/* iota: a ^= the round constant at (%r14), broadcast from memory */
.macro _keccak_iota	a
.if VL == 32
	vpxorq		(%r14){1to4}, \a, \a
.else
	vpxorq		(%r14){1to8}, \a, \a
.endif
.endm



/* load (or store) the VL-byte head of each of the 25 lines */
.macro _kx_load
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	vmovdqu64	64 * \i(%rdi), V\i
.endr
.endm

.macro _kx_store
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	vmovdqu64	V\i, 64 * \i(%rdi)
.endr
.endm

/* the names of _kx_set_vl again, at the width already set */
.macro _kx_names
	_kx_set_vl	VL
.endm

/* The 24 rounds at width \vl; the callers save r14 and r15. */
.macro _kx_rounds	vl
	_kx_set_vl	\vl
	_keccak_rounds	.Lkx_rc, %r14, %r15, _kx_names
	RET
.endm

/*
 * The whole permutation of the states at (%rdi), through \rounds (a call:
 * FRAME_BEGIN keeps frame-pointer unwinding whole where it is on).
 */
.macro _kx_permute	vl, rounds
	FRAME_BEGIN
	push		%r14
	push		%r15
	_kx_set_vl	\vl
	_kx_load
	call		\rounds
	_kx_store
	vzeroupper
	pop		%r15
	pop		%r14
	FRAME_END
	RET
.endm

/*
 * Stream j's row (VL bytes: VL / 8 lanes) from \row to \ptr + \off + r8
 * (\ptr holds out[j]), under mask register \k where \k is not 0; not at
 * all where out[j] is NULL.
 */
.macro _kxs_store	row, ptr, off, k=0
	test		\ptr, \ptr
	jz		.Lkxs_skip\@
.ifc \k, 0
	vmovdqu64	\row, \off(\ptr,%r8)
.else
	vmovdqu64	\row, \off(\ptr,%r8){\k}
.endif
.Lkxs_skip\@:
.endm

/*
 * Half of the 8x8 transpose of lane registers \l0..\l7 (as in
 * _kxx_transpose8 below): the qword interleaves of lane pairs with \op
 * (vpunpcklqdq for the even states, vpunpckhqdq for the odd ones), then
 * two rounds of 128-bit chunk shuffles give the rows of four states: \s0
 * and \s2 from the interleaves' even chunks, \s1 and \s3 from their odd
 * ones.  All in V25-V31.
 */
.macro _kxs_half8	op, l0, l1, l2, l3, l4, l5, l6, l7, s0, s1, s2, s3, off, k
	\op		\l1, \l0, V25
	\op		\l3, \l2, V26
	\op		\l5, \l4, V27
	\op		\l7, \l6, V28
	vshufi64x2	$0x88, V26, V25, V29
	vshufi64x2	$0xdd, V26, V25, V30
	vshufi64x2	$0x88, V28, V27, V25
	vshufi64x2	$0xdd, V28, V27, V26
	vshufi64x2	$0x88, V25, V29, V27
	vshufi64x2	$0xdd, V25, V29, V28
	vshufi64x2	$0x88, V26, V30, V31
	vshufi64x2	$0xdd, V26, V30, V29
	_kxs_store	V27, OUT\s0, \off, \k
	_kxs_store	V28, OUT\s2, \off, \k
	_kxs_store	V31, OUT\s1, \off, \k
	_kxs_store	V29, OUT\s3, \off, \k
.endm

/* zmm: lanes \l0..\l7 of all eight states, 64 bytes each */
.macro _kxs_lanes8	l0, l1, l2, l3, l4, l5, l6, l7, off, k=0
	_kxs_half8	vpunpcklqdq, \l0, \l1, \l2, \l3, \l4, \l5, \l6, \l7, 0, 2, 4, 6, \off, \k
	_kxs_half8	vpunpckhqdq, \l0, \l1, \l2, \l3, \l4, \l5, \l6, \l7, 1, 3, 5, 7, \off, \k
.endm

/*
 * ymm: lanes \l0..\l3 of four states, 32 bytes each: the qword
 * interleaves of the two lane pairs, then each state's row from one
 * 128-bit chunk of each (vshufi64x2: vperm2i128 cannot reach V16-V31).
 */
.macro _kxs_lanes4	l0, l1, l2, l3, off, k=0
	vpunpcklqdq	\l1, \l0, V25
	vpunpckhqdq	\l1, \l0, V26
	vpunpcklqdq	\l3, \l2, V27
	vpunpckhqdq	\l3, \l2, V28
	vshufi64x2	$0x0, V27, V25, V29
	vshufi64x2	$0x0, V28, V26, V30
	vshufi64x2	$0x3, V27, V25, V31
	vshufi64x2	$0x3, V28, V26, V25
	_kxs_store	V29, OUT0, \off, \k
	_kxs_store	V30, OUT1, \off, \k
	_kxs_store	V31, OUT2, \off, \k
	_kxs_store	V25, OUT3, \off, \k
.endm

/*
 * Both squeezes: the output pointers out[0..\n-1] into OUT0.., the store
 * masks for lanes 16..23 (k1 the first four lanes', or all eight's for
 * zmm; k2 the last four's) from @nlanes in ecx, r9 = 8 * nlanes, r8 = 0,
 * and the state into V0-V24.  The pointers stay in registers, so that no
 * load sits between a block's stores (24 fewer loads a block for x8).
 */
.macro _kxs_enter	n
	FRAME_BEGIN
	push		%r14
	push		%r15
.if \n == 8
	push		%rbx
	push		%r12
	push		%r13
.endif
	lea		-16(%rcx), %ecx
	mov		$1, %eax
	shl		%cl, %eax
	dec		%eax
	kmovw		%eax, %k1
	kshiftrw	$4, %k1, %k2
	lea		128(, %rcx, 8), %r9
	xor		%r8d, %r8d
.irp j, 7,6,5,4,3,2,1,0
.if \j < \n
	mov		8 * \j(%rsi), OUT\j
.endif
.endr
	_kx_load
.endm

.macro _kxs_leave	n
	_kx_store
	vzeroupper
.if \n == 8
	pop		%r13
	pop		%r12
	pop		%rbx
.endif
	pop		%r15
	pop		%r14
	FRAME_END
	RET
.endm

	/* the output pointers of the squeezes; OUT0 is rsi (out) itself */
	.set	OUT0, %rsi
	.set	OUT1, %rax
	.set	OUT2, %rcx
	.set	OUT3, %r10
	.set	OUT4, %r11
	.set	OUT5, %rbx
	.set	OUT6, %r12
	.set	OUT7, %r13

.section .rodata, "a"
.balign 64
.Lkx_rc:
	.quad	SC_KECCAK_RC

.text

/* the rounds alone, state in registers: called by the functions below */
SYM_FUNC_START_LOCAL(_kx4_rounds)
	_kx_rounds	32
SYM_FUNC_END(_kx4_rounds)

SYM_FUNC_START_LOCAL(_kx8_rounds)
	_kx_rounds	64
SYM_FUNC_END(_kx8_rounds)

/* void sc_keccakx4_permute_avx512vl(u64 *st): states st[j..j+3] (ymm) */
SYM_FUNC_START(sc_keccakx4_permute_avx512vl)
	_kx_permute	32, _kx4_rounds
SYM_FUNC_END(sc_keccakx4_permute_avx512vl)

/* void sc_keccakx8_permute_avx512(u64 *st): all eight states (zmm) */
SYM_FUNC_START(sc_keccakx8_permute_avx512)
	_kx_permute	64, _kx8_rounds
SYM_FUNC_END(sc_keccakx8_permute_avx512)

/*
 * void sc_keccakx8_squeeze_avx512(u64 *st, u8 *const out[8],
 *				   unsigned int nblocks, unsigned int nlanes)
 * void sc_keccakx4_squeeze_avx512vl(u64 *st, u8 *const out[4],
 *				     unsigned int nblocks, unsigned int nlanes)
 *
 * @nblocks times (at least 1): permute the states, then write the first
 * @nlanes lanes (17..24: SHAKE128's 21, SHAKE256's 17) of state j to
 * out[j] + 8 * nlanes * block, or nowhere where out[j] is NULL.  The
 * states stay in V0-V24 from the first permutation to the last and the
 * bytes leave from there, the transpose done in the seven spare
 * registers: for zmm the 8x8 one of sc_keccakx8_extract_avx512 (below),
 * half at a time; for ymm a 4x4 per four lanes.  Against permute and
 * extract called per block this saves the state's reload, the calls and
 * the C loop, and the transpose overlaps the next permutation
 * (Documentation/sha3.rst has the figures).
 *
 *   rdi st, rsi out, edx blocks left, ecx nlanes, r8 the block's output
 *   offset, r9 its step (8 * nlanes), rax an output pointer, k1/k2 the
 *   store masks of lanes 16..23
 */
SYM_FUNC_START(sc_keccakx8_squeeze_avx512)
	_kx_set_vl	64
	_kxs_enter	8
.Lkxs8_loop:
	call		_kx8_rounds
	_kxs_lanes8	V0, V1, V2, V3, V4, V5, V6, V7, 0
	_kxs_lanes8	V8, V9, V10, V11, V12, V13, V14, V15, 64
	_kxs_lanes8	V16, V17, V18, V19, V20, V21, V22, V23, 128, %k1
	add		%r9, %r8
	dec		%edx
	jnz		.Lkxs8_loop
	_kxs_leave	8
SYM_FUNC_END(sc_keccakx8_squeeze_avx512)

SYM_FUNC_START(sc_keccakx4_squeeze_avx512vl)
	_kx_set_vl	32
	_kxs_enter	4
.Lkxs4_loop:
	call		_kx4_rounds
	_kxs_lanes4	V0, V1, V2, V3, 0
	_kxs_lanes4	V4, V5, V6, V7, 32
	_kxs_lanes4	V8, V9, V10, V11, 64
	_kxs_lanes4	V12, V13, V14, V15, 96
	_kxs_lanes4	V16, V17, V18, V19, 128, %k1
	_kxs_lanes4	V20, V21, V22, V23, 160, %k2
	add		%r9, %r8
	dec		%edx
	jnz		.Lkxs4_loop
	_kxs_leave	4
SYM_FUNC_END(sc_keccakx4_squeeze_avx512vl)

/*
 * void sc_keccakx8_extract_avx512(const u64 *st, u8 *const out[8],
 *				   unsigned int nlanes)
 *
 * The squeeze's byte output: the first @nlanes lanes (1..21) of all eight
 * states to out[0..7], 8 * nlanes bytes each.  Eight lane lines make an
 * 8x8 transpose (vpunpck[lh]qdq, then two rounds of vshufi64x2 on 128-bit
 * chunks) whose rows are 64 contiguous output bytes of one state; a last
 * group of fewer than eight lanes still loads eight lines (at most lane
 * 23 of the 25) and stores under a mask of its lane count.  Replaces
 * 8 * nlanes quadword copies in C (Documentation/sha3.rst has the
 * figures).
 *
 *   zmm0-7 eight lane lines, then the eight states' rows; zmm8-15 their
 *   qword interleaves, zmm16-23 the chunk shuffles, k1 the store mask;
 *   rdi st (advanced), rsi out, edx lanes left, rcx the output offset,
 *   rax an output pointer, r8 a spare
 */
.macro _kxx_transpose8
.irp i, 0,1,2,3,4,5,6,7
	vmovdqu64	\i * 64(%rdi), %zmm\i
.endr
	vpunpcklqdq	%zmm1, %zmm0, %zmm8
	vpunpckhqdq	%zmm1, %zmm0, %zmm9
	vpunpcklqdq	%zmm3, %zmm2, %zmm10
	vpunpckhqdq	%zmm3, %zmm2, %zmm11
	vpunpcklqdq	%zmm5, %zmm4, %zmm12
	vpunpckhqdq	%zmm5, %zmm4, %zmm13
	vpunpcklqdq	%zmm7, %zmm6, %zmm14
	vpunpckhqdq	%zmm7, %zmm6, %zmm15
	/* even 128-bit chunks of a pair (0x88), odd ones (0xdd) */
	vshufi64x2	$0x88, %zmm10, %zmm8, %zmm16
	vshufi64x2	$0xdd, %zmm10, %zmm8, %zmm17
	vshufi64x2	$0x88, %zmm14, %zmm12, %zmm18
	vshufi64x2	$0xdd, %zmm14, %zmm12, %zmm19
	vshufi64x2	$0x88, %zmm11, %zmm9, %zmm20
	vshufi64x2	$0xdd, %zmm11, %zmm9, %zmm21
	vshufi64x2	$0x88, %zmm15, %zmm13, %zmm22
	vshufi64x2	$0xdd, %zmm15, %zmm13, %zmm23
	vshufi64x2	$0x88, %zmm18, %zmm16, %zmm0
	vshufi64x2	$0x88, %zmm22, %zmm20, %zmm1
	vshufi64x2	$0x88, %zmm19, %zmm17, %zmm2
	vshufi64x2	$0x88, %zmm23, %zmm21, %zmm3
	vshufi64x2	$0xdd, %zmm18, %zmm16, %zmm4
	vshufi64x2	$0xdd, %zmm22, %zmm20, %zmm5
	vshufi64x2	$0xdd, %zmm19, %zmm17, %zmm6
	vshufi64x2	$0xdd, %zmm23, %zmm21, %zmm7
.endm

/* the eight rows to out[j] + rcx, under k1 with \masked */
.macro _kxx_store8	masked=0
.irp j, 0,1,2,3,4,5,6,7
	mov		8 * \j(%rsi), %rax
.if \masked
	vmovdqu64	%zmm\j, (%rax,%rcx){%k1}
.else
	vmovdqu64	%zmm\j, (%rax,%rcx)
.endif
.endr
.endm

SYM_FUNC_START(sc_keccakx8_extract_avx512)
	xor		%ecx, %ecx
	cmp		$8, %edx
	jb		.Lkxx_tail
.Lkxx_loop:
	_kxx_transpose8
	_kxx_store8
	add		$8 * 64, %rdi
	add		$64, %rcx
	sub		$8, %edx
	cmp		$8, %edx
	jae		.Lkxx_loop
.Lkxx_tail:
	test		%edx, %edx
	jz		.Lkxx_done
	mov		%rcx, %r8
	mov		%edx, %ecx
	mov		$1, %eax
	shl		%cl, %eax
	dec		%eax
	kmovw		%eax, %k1
	mov		%r8, %rcx
	_kxx_transpose8
	_kxx_store8	1
.Lkxx_done:
	vzeroupper
	RET
SYM_FUNC_END(sc_keccakx8_extract_avx512)
