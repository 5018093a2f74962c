/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] on four or eight states at once for x86_64 with AVX2 (ymm,
 * no AVX-512).
 *
 * Algorithm
 * ---------
 * Keccak-f[1600] (FIPS 202 section 3.3), 24 rounds, with four states side
 * by side: lane i of every state in one ymm register (one state per 64-bit
 * element), so each 64-bit step of the one-state algorithm is one
 * instruction for all four.  AVX2 has sixteen ymm registers, too few for
 * 25 lanes, so the state stays in memory and each round is computed one
 * output plane at a time, as the general-register row does
 * (keccak-x86_64.S):
 *
 *   D[x]   = C[x-1] ^ rol(C[x+1], 1)       C[x]: column parities, kept in
 *                                          registers from round to round
 *   b[X]   = rol(a[src] ^ D[src % 5], rho[src])  X = 0..4, src = the
 *            lanes pi sends to output plane Y: src = x + 5X with
 *            x = 3 (Y - 3X) mod 5
 *   out[X + 5Y] = b[X] ^ (~b[X+1] & b[X+2])    (vpandn), iota on out[0]
 *   C'[X] ^= out[X + 5Y]                   the next round's parities
 *
 * A round reads one buffer and writes the other: the caller's state (even
 * rounds read it) and a 800-byte buffer in the stack frame (odd rounds read
 * it), so two rounds make one loop iteration and the state ends where it
 * started.  The frame is wiped before returning.  Carrying the parities in
 * registers, rather than reloading the 25 lanes every round, took the
 * permutation from about 1510 to 1400 cycles on Zen 5.
 *
 * AVX2 has no 64-bit rotate: rol(v, r) is vpsllq + vpsrlq + vpor, except
 * rol 1 (vpaddq for the left shift: adds issue on four pipes, shifts on
 * two) and rol 8 / rol 56 (one vpshufb each, its mask a memory operand).
 *
 * Layout
 * ------
 * Lane-interleaved (simdcrypt.h): lane i of state j is the 64-bit word
 * st[8 * i + j]; this row reads and writes the first 32 bytes of each
 * 64-byte line from its @st, so it permutes states j..j+3 when called with
 * st + j.  The x4 frame buffer packs the lanes 32 bytes apart; the x8
 * kernel reads and writes whole lines (the second group at +32), and its
 * frame buffer has the same layout.  Frames are 64-byte aligned (%rbp
 * keeps the caller's %rsp): at %rsp's usual 8 mod 16 half the lanes
 * crossed a cache line, and over 168 placements of the state and the
 * stack on Zen 5 the x4 kernel's slowest took 1.27-1.30x its average
 * time (aligned: 1.02-1.03x, the same average).
 *
 * Latency and the x8 kernel
 * -------------------------
 * Per round: 20 instructions for D, 25 XORs with D (each with its load),
 * 68 for the rotates (44 of them shifts), 50 for chi, 20 for the next
 * parities, one for iota, 25 stores: about 185 vector instructions, 46
 * cycles at the four a cycle Zen 5 issues, in about 58.  The round's
 * chain (the last plane's chi, the parities, D, the next round's first
 * XORs and rotates) is short, but nothing else is left to run while it
 * does: with D made independent of the parities the same round takes
 * 15% less.
 *
 * The x8 kernel therefore runs two groups of four states, one round of
 * the first group, then the same round of the second: each group's chain
 * waits behind the other group's round instead of stalling the pipes.
 * Sixteen registers hold one group's C, D and b, so a group's parities go
 * to the frame at the end of its round and its D is computed from there
 * (five loads and five stores a round).  On Zen 5 the x8 kernel takes
 * 8% less time than two x4 calls (about 53 cycles a round per group).
 *
 * Variants
 * --------
 *   sc_keccakx4_permute_avx2  AVX2 (Haswell, Zen 1 and later); the xN row
 *                             for CPUs without AVX-512
 *   sc_keccakx8_permute_avx2  the same, two groups of four states, round
 *                             by round
 *   sc_keccakx4_extract_avx2  the squeeze's bytes of four states (a 4x4
 *                             transpose; see it below), for this row and
 *                             the AVX-512VL x4 row
 *   sc_keccakx4_squeeze_avx2  several squeezed blocks per call: permute,
 *   sc_keccakx8_squeeze_avx2  then the transpose, the parities carried
 *                             from one block to the next
 * All are reached through asm/x86/keccakx_x86.c.
 *
 * Registers
 * ---------
 *   ymm0-ymm4   C[0..4]: this round's column parities, then the next's
 *               (x8: the group's, in the frame between its rounds)
 *   ymm5-ymm9   D[0..4]
 *   ymm10-14    b[0..4] of the plane being computed
 *   ymm15       temporary (rotates, chi)
 *   rdi st, rsp the frame buffer, rbp the caller's rsp, rax the round
 *   constants, ecx the count; the transpose's and the squeezes' are
 *   listed with them
 */
#include <linux/linkage.h>
#include "../../generic/keccak_rc.h"
#include "frame.h"

#define FRAME	800		/* x4: 25 lanes x 32 bytes */
#define X8_C	1600		/* x8: 25 lanes x 64 bytes, then */
#define X8_FRAME (X8_C + 2 * 160)	/* two groups' C[0..4] */

.set	C0, %ymm0
.set	C1, %ymm1
.set	C2, %ymm2
.set	C3, %ymm3
.set	C4, %ymm4
.set	D0, %ymm5
.set	D1, %ymm6
.set	D2, %ymm7
.set	D3, %ymm8
.set	D4, %ymm9
.set	B0, %ymm10
.set	B1, %ymm11
.set	B2, %ymm12
.set	B3, %ymm13
.set	B4, %ymm14
.set	T, %ymm15

/* v = rol(v, r) */
.macro _k2_rol	v, r
.if \r == 0
.elseif \r == 8
	vpshufb		.Lk2_rot8(%rip), \v, \v
.elseif \r == 56
	vpshufb		.Lk2_rot56(%rip), \v, \v
.elseif \r == 1
	vpsrlq		$63, \v, T
	vpaddq		\v, \v, \v
	vpor		T, \v, \v
.else
	vpsllq		$\r, \v, T
	vpsrlq		$(64 - \r), \v, \v
	vpor		T, \v, \v
.endif
.endm

/* c = column x of the state at \s, lanes \ss bytes apart (before round 0) */
.macro _k2_parity	c, s, ss, x
	vmovdqu		(\x * \ss)(\s), \c
	vpxor		((\x + 5) * \ss)(\s), \c, \c
	vpxor		((\x + 10) * \ss)(\s), \c, \c
	vpxor		((\x + 15) * \ss)(\s), \c, \c
	vpxor		((\x + 20) * \ss)(\s), \c, \c
.endm

/* d = cm ^ rol(cp, 1); cm may be a memory operand, cp may be d */
.macro _k2_d	d, cm, cp
	vpsrlq		$63, \cp, T
	vpaddq		\cp, \cp, \d
	vpor		T, \d, \d
	vpxor		\cm, \d, \d
.endm

/* x8: d = C[m] ^ rol(C[p], 1), group g's parities in the frame */
.macro _k2_d_frame	d, g, m, p
	vmovdqa		(X8_C + \g * 160 + \p * 32)(%rsp), \d
	_k2_d		\d, (X8_C + \g * 160 + \m * 32)(%rsp), \d
.endm

/* b = rol(lane i of \s ^ d, r); \go: the group's offset in a line */
.macro _k2_b	b, s, ss, i, d, r, go
	vpxor		(\i * \ss + \go)(\s), \d, \b
	_k2_rol		\b, \r
.endm

/*
 * out = b0 ^ (~b1 & b2) to lane \i of \t, and into the next round's
 * parity c (the first plane starts it, the others add to it)
 */
.macro _k2_chi	t, ts, go, i, b0, b1, b2, c, first, iota=0
	vpandn		\b2, \b1, T
	vpxor		\b0, T, T
.if \iota
	vpxor		(%rax), T, T
.endif
	vmovdqu		T, (\i * \ts + \go)(\t)
.if \first
	vmovdqa		T, \c
.else
	vpxor		T, \c, \c
.endif
.endm

/* chi on b[0..4] into lanes \i..\i+4 of \t; iota on plane 0 */
.macro _k2_chi5	t, ts, go, i, first
	_k2_chi		\t, \ts, \go, (\i + 0), B0, B1, B2, C0, \first, \first
	_k2_chi		\t, \ts, \go, (\i + 1), B1, B2, B3, C1, \first
	_k2_chi		\t, \ts, \go, (\i + 2), B2, B3, B4, C2, \first
	_k2_chi		\t, \ts, \go, (\i + 3), B3, B4, B0, C3, \first
	_k2_chi		\t, \ts, \go, (\i + 4), B4, B0, B1, C4, \first
.endm

/*
 * One round from the state at \s (lanes \ss bytes apart) to \t (\ts);
 * round constant at (%rax).  x4 (\g = -1): the column parities in C0..C4
 * on entry, the output's on exit.  x8: group \g (its lanes at +32 * \g in
 * each line), its parities in the frame on entry and on exit.
 */
.macro _k2_round	s, ss, t, ts, g=-1
.if \g < 0
	k2_go = 0
	_k2_d		D0, C4, C1
	_k2_d		D1, C0, C2
	_k2_d		D2, C1, C3
	_k2_d		D3, C2, C4
	_k2_d		D4, C3, C0
.else
	k2_go = 32 * \g
	_k2_d_frame	D0, \g, 4, 1
	_k2_d_frame	D1, \g, 0, 2
	_k2_d_frame	D2, \g, 1, 3
	_k2_d_frame	D3, \g, 2, 4
	_k2_d_frame	D4, \g, 3, 0
.endif
	/* plane 0: lanes 0, 6, 12, 18, 24 */
	_k2_b		B0, \s, \ss, 0, D0, 0, k2_go
	_k2_b		B1, \s, \ss, 6, D1, 44, k2_go
	_k2_b		B2, \s, \ss, 12, D2, 43, k2_go
	_k2_b		B3, \s, \ss, 18, D3, 21, k2_go
	_k2_b		B4, \s, \ss, 24, D4, 14, k2_go
	_k2_chi5	\t, \ts, k2_go, 0, 1
	/* plane 1: lanes 3, 9, 10, 16, 22 */
	_k2_b		B0, \s, \ss, 3, D3, 28, k2_go
	_k2_b		B1, \s, \ss, 9, D4, 20, k2_go
	_k2_b		B2, \s, \ss, 10, D0, 3, k2_go
	_k2_b		B3, \s, \ss, 16, D1, 45, k2_go
	_k2_b		B4, \s, \ss, 22, D2, 61, k2_go
	_k2_chi5	\t, \ts, k2_go, 5, 0
	/* plane 2: lanes 1, 7, 13, 19, 20 */
	_k2_b		B0, \s, \ss, 1, D1, 1, k2_go
	_k2_b		B1, \s, \ss, 7, D2, 6, k2_go
	_k2_b		B2, \s, \ss, 13, D3, 25, k2_go
	_k2_b		B3, \s, \ss, 19, D4, 8, k2_go
	_k2_b		B4, \s, \ss, 20, D0, 18, k2_go
	_k2_chi5	\t, \ts, k2_go, 10, 0
	/* plane 3: lanes 4, 5, 11, 17, 23 */
	_k2_b		B0, \s, \ss, 4, D4, 27, k2_go
	_k2_b		B1, \s, \ss, 5, D0, 36, k2_go
	_k2_b		B2, \s, \ss, 11, D1, 10, k2_go
	_k2_b		B3, \s, \ss, 17, D2, 15, k2_go
	_k2_b		B4, \s, \ss, 23, D3, 56, k2_go
	_k2_chi5	\t, \ts, k2_go, 15, 0
	/* plane 4: lanes 2, 8, 14, 15, 21 */
	_k2_b		B0, \s, \ss, 2, D2, 62, k2_go
	_k2_b		B1, \s, \ss, 8, D3, 55, k2_go
	_k2_b		B2, \s, \ss, 14, D4, 39, k2_go
	_k2_b		B3, \s, \ss, 15, D0, 41, k2_go
	_k2_b		B4, \s, \ss, 21, D1, 2, k2_go
	_k2_chi5	\t, \ts, k2_go, 20, 0
.if \g >= 0
	vmovdqa		C0, (X8_C + \g * 160 + 0 * 32)(%rsp)
	vmovdqa		C1, (X8_C + \g * 160 + 1 * 32)(%rsp)
	vmovdqa		C2, (X8_C + \g * 160 + 2 * 32)(%rsp)
	vmovdqa		C3, (X8_C + \g * 160 + 3 * 32)(%rsp)
	vmovdqa		C4, (X8_C + \g * 160 + 4 * 32)(%rsp)
.endif
.endm

/* a 64-byte aligned frame of \size bytes (frame.h) */
.macro _k2_enter	size
	_frame_enter	\size
.endm

/* wipe the frame (ymm0 is zeroed), then back to the caller's %rsp */
.macro _k2_leave	size
	vpxor		%ymm0, %ymm0, %ymm0
	xorl		%ecx, %ecx
.Lk2_wipe\@:
	vmovdqa		%ymm0, (%rsp,%rcx)
	addl		$32, %ecx
	cmpl		$\size, %ecx
	jb		.Lk2_wipe\@
	_frame_leave
	vzeroupper
.endm

.section .rodata, "a"
.balign 32
/* vpshufb masks: each 64-bit element rotated left by 8, and by 56 */
.Lk2_rot8:
	.byte	7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
	.byte	7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
.Lk2_rot56:
	.byte	1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
	.byte	1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
/* the round constants, each four times (one per state) */
.Lk2_rc:
.irp rc, SC_KECCAK_RC
	.quad	\rc, \rc, \rc, \rc
.endr

.text

/*
 * The 24 rounds of the states at \st (lanes 64 bytes apart), the column
 * parities in C0..C4 on entry and the output's on exit: each iteration
 * takes two rounds, \st to the frame and back.
 */
.macro _k2_rounds24	st
	lea		.Lk2_rc(%rip), %rax
	mov		$12, %ecx
.Lk2_loop\@:
	_k2_round	\st, 64, %rsp, 32
	add		$32, %rax
	_k2_round	%rsp, 32, \st, 64
	add		$32, %rax
	dec		%ecx
	jnz		.Lk2_loop\@
.endm

/* C0..C4 = the column parities of the states at \st */
.macro _k2_parity5	st
.irp x, 0, 1, 2, 3, 4
	_k2_parity	C\x, \st, 64, \x
.endr
.endm

/* void sc_keccakx4_permute_avx2(u64 *st): states st[j..j+3] */
SYM_FUNC_START(sc_keccakx4_permute_avx2)
	_k2_enter	FRAME
	_k2_parity5	%rdi
	_k2_rounds24	%rdi
	_k2_leave	FRAME
	RET
SYM_FUNC_END(sc_keccakx4_permute_avx2)

/* both groups' column parities to the frame (\tmp: a spare register) */
.macro _k2x8_parity	st, tmp
	leaq		32(\st), \tmp
.irp x, 0, 1, 2, 3, 4
	_k2_parity	C0, \st, 64, \x
	vmovdqa		C0, (X8_C + \x * 32)(%rsp)
	_k2_parity	C1, \tmp, 64, \x
	vmovdqa		C1, (X8_C + 160 + \x * 32)(%rsp)
.endr
.endm

/* x8: the 24 rounds of both groups, one round of each in turn */
.macro _k2x8_rounds24	st
	lea		.Lk2_rc(%rip), %rax
	mov		$12, %ecx
.Lk2x8_loop\@:
	_k2_round	\st, 64, %rsp, 64, 0
	_k2_round	\st, 64, %rsp, 64, 1
	add		$32, %rax
	_k2_round	%rsp, 64, \st, 64, 0
	_k2_round	%rsp, 64, \st, 64, 1
	add		$32, %rax
	dec		%ecx
	jnz		.Lk2x8_loop\@
.endm

/*
 * void sc_keccakx8_permute_avx2(u64 *st): states st[0..7], two groups of
 * four, one round of each in turn (the frame's layout is the state's)
 */
SYM_FUNC_START(sc_keccakx8_permute_avx2)
	_k2_enter	X8_FRAME
	_k2x8_parity	%rdi, %rsi
	_k2x8_rounds24	%rdi
	_k2_leave	X8_FRAME
	RET
SYM_FUNC_END(sc_keccakx8_permute_avx2)

/*
 * The squeeze's byte output, for sc_keccakx4_extract_avx2 and both
 * squeezes (below): the first \left lanes (1..21) of the
 * four states at \src to out[0..3] + \off (\out the array), 8 * \left
 * bytes each, nothing where out[j] is NULL.  Four lane lines make a 4x4
 * transpose (vpunpck[lh]qdq then vperm2i128) whose rows are 32
 * contiguous output bytes of one state; a last group of one to three
 * lanes still loads four lines (at most lane 23 of the 25) and stores one
 * xmm and/or one quadword per state.  Replaces 4 * nlanes quadword copies
 * in C (Documentation/sha3.rst has the figures).  \src and \off advance,
 * \left counts down; ymm0-4 (the squeeze's parities) are not touched.
 *
 *   ymm5-8 four lane lines, ymm9-12 their qword interleaves, ymm13-15
 *   and ymm5 the four states' rows; rax an output pointer
 */
.macro _k2x_transpose4
	vpunpcklqdq	%ymm6, %ymm5, %ymm9
	vpunpckhqdq	%ymm6, %ymm5, %ymm10
	vpunpcklqdq	%ymm8, %ymm7, %ymm11
	vpunpckhqdq	%ymm8, %ymm7, %ymm12
	vperm2i128	$0x20, %ymm11, %ymm9, %ymm13
	vperm2i128	$0x20, %ymm12, %ymm10, %ymm14
	vperm2i128	$0x31, %ymm11, %ymm9, %ymm15
	vperm2i128	$0x31, %ymm12, %ymm10, %ymm5
.endm

.macro _k2x_load4	src
	vmovdqu		0 * 64(\src), %ymm5
	vmovdqu		1 * 64(\src), %ymm6
	vmovdqu		2 * 64(\src), %ymm7
	vmovdqu		3 * 64(\src), %ymm8
.endm

/* state j's 32-byte row @y at out[j] + off */
.macro _k2x_store	j, y, out, off
	mov		8 * \j(\out), %rax
	test		%rax, %rax
	jz		.Lk2x_skip\@
	vmovdqu		\y, (%rax,\off)
.Lk2x_skip\@:
.endm

/* state j's first \left (1..3) quadwords of @y (low half @x) */
.macro _k2x_store_tail	j, y, x, out, off, left
	mov		8 * \j(\out), %rax
	test		%rax, %rax
	jz		.Lk2x_next\@
	add		\off, %rax
	test		$2, \left
	jz		.Lk2x_odd\@
	vmovdqu		\x, (%rax)
	vextracti128	$1, \y, \x
	add		$16, %rax
.Lk2x_odd\@:
	test		$1, \left
	jz		.Lk2x_next\@
	vmovq		\x, (%rax)
.Lk2x_next\@:
.endm

.macro _k2x_lanes	src, out, off, left
	cmp		$4, \left
	jb		.Lk2x_tail\@
.Lk2x_loop\@:
	_k2x_load4	\src
	_k2x_transpose4
	_k2x_store	0, %ymm13, \out, \off
	_k2x_store	1, %ymm14, \out, \off
	_k2x_store	2, %ymm15, \out, \off
	_k2x_store	3, %ymm5, \out, \off
	add		$4 * 64, \src
	add		$32, \off
	sub		$4, \left
	cmp		$4, \left
	jae		.Lk2x_loop\@
.Lk2x_tail\@:
	test		\left, \left
	jz		.Lk2x_done\@
	_k2x_load4	\src
	_k2x_transpose4
	/* one to three lanes: an xmm for two, then a quadword for an odd one */
	_k2x_store_tail	0, %ymm13, %xmm13, \out, \off, \left
	_k2x_store_tail	1, %ymm14, %xmm14, \out, \off, \left
	_k2x_store_tail	2, %ymm15, %xmm15, \out, \off, \left
	_k2x_store_tail	3, %ymm5, %xmm5, \out, \off, \left
.Lk2x_done\@:
.endm

/*
 * void sc_keccakx4_extract_avx2(const u64 *st, u8 *const out[4],
 *				 unsigned int nlanes)
 *
 * The first @nlanes lanes (1..21) of states st[j..j+3] to out[0..3]
 * (_k2x_lanes above).  rdi st (advanced), rsi out, edx lanes left, rcx
 * the output offset.
 */
SYM_FUNC_START(sc_keccakx4_extract_avx2)
	xor		%ecx, %ecx
	_k2x_lanes	%rdi, %rsi, %rcx, %edx
	vzeroupper
	RET
SYM_FUNC_END(sc_keccakx4_extract_avx2)

/*
 * void sc_keccakx4_squeeze_avx2(u64 *st, u8 *const out[4],
 *				 unsigned int nblocks, unsigned int nlanes)
 *
 * @nblocks times (at least 1): permute states st[j..j+3], then write the
 * first @nlanes lanes (1..21) of state j to out[j] + 8 * nlanes * block,
 * or nowhere where out[j] is NULL.  The parities are computed once: the
 * rounds leave the output's in C0..C4 and the transpose keeps off them.
 * Against permute and extract called per block this saves the parities,
 * the frame's wipe, the calls and the C loop (Documentation/sha3.rst).
 *
 *   rdi st, rsi out, edx blocks left, r8d nlanes, r9 the block's output
 *   offset, r10 and ecx the transpose's lane pointer and count, r11 its
 *   output offset
 */
SYM_FUNC_START(sc_keccakx4_squeeze_avx2)
	_k2_enter	FRAME
	mov		%ecx, %r8d
	xor		%r9d, %r9d
	_k2_parity5	%rdi
.Lk2s_loop:
	_k2_rounds24	%rdi
	mov		%rdi, %r10
	mov		%r9, %r11
	mov		%r8d, %ecx
	_k2x_lanes	%r10, %rsi, %r11, %ecx
	lea		(%r9,%r8,8), %r9
	dec		%edx
	jnz		.Lk2s_loop
	_k2_leave	FRAME
	RET
SYM_FUNC_END(sc_keccakx4_squeeze_avx2)

/*
 * void sc_keccakx8_squeeze_avx2(u64 *st, u8 *const out[8],
 *				 unsigned int nblocks, unsigned int nlanes)
 *
 * The same for all eight states: the x8 rounds, then each group's lanes
 * to its four outputs; the parities stay in the frame between blocks.
 * Registers as sc_keccakx4_squeeze_avx2's.
 */
SYM_FUNC_START(sc_keccakx8_squeeze_avx2)
	_k2_enter	X8_FRAME
	mov		%ecx, %r8d
	xor		%r9d, %r9d
	_k2x8_parity	%rdi, %r10
.Lk2s8_loop:
	_k2x8_rounds24	%rdi
	mov		%rdi, %r10
	mov		%r9, %r11
	mov		%r8d, %ecx
	_k2x_lanes	%r10, %rsi, %r11, %ecx
	lea		32(%rdi), %r10
	mov		%r9, %r11
	mov		%r8d, %ecx
	add		$32, %rsi
	_k2x_lanes	%r10, %rsi, %r11, %ecx
	sub		$32, %rsi
	lea		(%r9,%r8,8), %r9
	dec		%edx
	jnz		.Lk2s8_loop
	_k2_leave	X8_FRAME
	RET
SYM_FUNC_END(sc_keccakx8_squeeze_avx2)
