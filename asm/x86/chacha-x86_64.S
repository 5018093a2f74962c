/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha20 / ChaCha12 keystream XOR and HChaCha for x86_64: SSSE3, AVX2,
 * AVX-512VL (xmm/ymm) and AVX-512 (zmm) from one macro body, and a scalar
 * kernel in general registers.
 *
 * Algorithm
 * ---------
 * ChaCha's state is 16 32-bit words; a double round is four column
 * quarter-rounds followed by four diagonal ones, and the keystream block is
 * the permuted state plus the input state (feed-forward).  Block i of a call
 * uses the block counter state[12] + i, wrapping at 32 bits; word 13 is never
 * touched.  The round count (20 or 12) is a run-time argument.
 *
 * Layout: "vertical", N blocks at once
 * ------------------------------------
 * Register Pj holds word j of N consecutive blocks (lane i = block i), so a
 * quarter-round on four registers does that quarter-round for N blocks and
 * needs no shuffles between column and diagonal rounds.  N = VL / 4: 4
 * blocks in xmm, 8 in ymm, 16 in zmm.  After the rounds and the feed-forward
 * the 16 x N words are transposed back into block order:
 *
 *   1. a 4x4 dword transpose inside every 128-bit lane of each group of four
 *      registers (P0-3, P4-7, P8-11, P12-15): vpunpck{l,h}{dq,qdq};
 *   2. ymm: vperm2i128 / vshufi64x2 pair the 128-bit lanes of groups 0+1 and
 *      2+3 into 32-byte halves of blocks; zmm: a 4x4 transpose of the 128-bit
 *      lanes across the groups (vshufi32x4, two steps) gives whole blocks.
 *
 * Every register then holds one VL-byte "piece" of keystream; the pieces are
 * XORed into the data in memory order.  The last piece of a call may be
 * partial: AVX-512 uses a byte-masked load/store (no bounce buffer, nothing
 * read or written outside the buffers).  SSSE3/AVX2 (16 registers, so the
 * batch is finished in two halves) XOR whole batches straight into the
 * data; the last, short batch goes through a stack buffer, VL bytes and
 * then single bytes at a time.  The stack is wiped before returning.
 *
 * Layout: "horizontal", for a few blocks
 * ----------------------------------------
 * Register a holds row 0 (words 0-3) of one block per 128-bit lane (1, 2 or
 * 4 blocks in xmm, ymm, zmm), b row 1, c row 2, d row 3.  The diagonal
 * round rotates the words of a, c and d in each lane (pshufd) and back.
 * HChaCha uses it for its one block; the AVX-512 "horizontal" kernels use
 * it for calls of up to 8 blocks (see the comment above _set_h).
 *
 * Rotations: AVX-512 has vprold.  Without it, rotations by 16 and 8 are a
 * byte shuffle (pshufb) and by 12 and 7 two shifts and an OR, which needs a
 * temporary register.
 *
 * Latency and batches
 * -------------------
 * One batch has only four independent dependency chains (the four
 * quarter-rounds of a round), 3 ops deep per quarter-round step.  On cores
 * where vector integer ops take 2 cycles (Zen 5) one batch keeps about two
 * ops per cycle busy, half the machine.  The long-input AVX-512 paths
 * therefore run two independent batches interleaved (2 x 16 blocks in zmm,
 * 2 x 8 blocks in ymm): batch A in V0-V15, batch B in V16-V31, no spills in
 * the rounds.  The feed-forward adds the input words straight from @state
 * with embedded broadcasts; four registers of batch B go to the stack while
 * batch A is transposed (and the stack is wiped before returning).
 *
 * Variants (all: void fn(const u32 *state, u8 *dst, const u8 *src,
 *                        unsigned int len, int nrounds))
 *
 *   sc_chacha_xor_ssse3_4x      xmm0-15,  4 blocks per batch
 *   sc_chacha_xor_avx2_8x       ymm0-15,  8 blocks per batch
 *   sc_chacha_xor_avx512vl_4x   xmm0-31,  4 blocks per batch (short inputs)
 *   sc_chacha_xor_avx512vl_16x  ymm0-31,  2 x 8 blocks, ymm only: for CPUs
 *                               that down-clock on zmm (PREFER_YMM)
 *   sc_chacha_xor_avx512_32x    zmm0-31,  2 x 16 blocks (1 x 16 for <= 1 KiB)
 *   sc_chacha_xor_{avx512vl_4x,avx512vl_16x,avx512_32x}_key
 *                               the same three with a sixth argument, u8
 *                               *key: block state[12] goes there as plain
 *                               keystream and the data start at the next
 *                               block (a ChaCha20-Poly1305 key block in the
 *                               same batch as the text, where it costs
 *                               nothing: the batch is latency-bound)
 *   sc_chacha_xor_avx512_32x_mac  the zmm kernel with Poly1305 in
 *                               general registers woven into its two-batch
 *                               rounds (a sixth argument says which
 *                               blocks; see _mac_begin): the AEAD row
 *                               avx512-mulx
 *   sc_chacha_xor_avx512_24vh_mac  the same for the 17-24 block kernel
 *                               (_chacha_vh), its one round loop
 *   sc_chacha_xor_avx512_32x_gkey  keyed, for texts of whole 32-block
 *                               groups: the key block computed in general
 *                               registers inside the first group's rounds
 *                               (_key_slot) instead of a batch of its own
 *   sc_chacha_xor_avx512vl_1h   horizontal, groups of 1 block in xmm
 *   sc_chacha_xor_avx512vl_2h   horizontal, groups of 2 blocks in ymm
 *   sc_chacha_xor_avx512_4h     horizontal, groups of 4 blocks in zmm
 *   sc_chacha_xor_avx512_8h     horizontal, groups of 2 x 4 blocks in zmm
 *   sc_chacha_xor_{avx512vl_2h,avx512_4h,avx512_8h}_key
 *                               keyed, as above
 *   sc_chacha_xor_avx2_1h, _2h  horizontal with AVX2 (shift rotations,
 *                               16 registers): 1 block in xmm, 2 in ymm
 *   sc_chacha_xor_avx2_4h       horizontal, 2 x 2 blocks in ymm
 *   sc_chacha_xor_avx2_6h       horizontal, 3 x 2 blocks in ymm (see
 *                               _chacha_h3)
 *   sc_chacha_xor_avx512vl_{10vh,12vh}[_key]  9-10 / 11-12 blocks: one
 *                               vertical ymm batch of 8 and one or two
 *                               horizontal ymm batches of 2 in one round
 *                               loop (see _chacha_vh)
 *   sc_chacha_xor_avx512_24vh[_key]  17-24 blocks: one vertical zmm batch
 *                               of 16 and two horizontal zmm batches of 4
 *                               in one round loop (see _chacha_vh)
 *   sc_chacha_xor_avx512_24zy[_key,_mac]  17-24 blocks where zmm issues
 *                               as two halves (Zen 4): a vertical zmm batch
 *                               of 16 and a vertical ymm batch of 8 in one
 *                               round loop (see _chacha_zy); _mac as
 *                               24vh_mac
 *   sc_hchacha_ssse3 / sc_hchacha_avx512vl: one block, one row per register
 *                               (the classic "horizontal" layout), diagonals
 *                               by pshufd.
 *   sc_chacha_xor_avx2_9x       the AVX2 batch plus a scalar block in the
 *                               same round loop (whole 576-byte groups)
 *   sc_chacha_xor_avx2_5h       five blocks: two horizontal ymm batches
 *                               plus a scalar block in one round loop
 *   sc_chacha_xor_avx2_16x      two AVX2 batches (2 x 8 blocks) in one round
 *                               loop, most words in the frame (whole 1 KiB
 *                               groups; see _xseg)
 *   sc_chacha_xor_scalar / sc_hchacha_scalar: one block at a time in general
 *                               registers (see the comment above them), for
 *                               one or two blocks and for no-SIMD contexts.
 *
 * Register use: %rdi state, %rsi dst, %rdx src, %ecx bytes left, %r8d
 * rounds, %r9d counter of the current batch (the keyed calls' key pointer
 * arrives in %r9 and moves to the frame first), %r10d round loop,
 * %rax/%r11 scratch.  The round loops count down by two while positive, so
 * a bad round count gives wrong output rather than a hang.  No callee-saved
 * register is used but by the general-register code (the _mac kernels'
 * Poly1305, the scalar kernel: _push_saved around them) and %rbp, the frame
 * pointer of the 64-byte aligned frames that hold vector registers
 * (frame.h); the scalar kernel's frame is a plain sub/add of %rsp.
 */
#include <linux/linkage.h>
#include "vregs.h"
#include "frame.h"
#include "poly1305-mulx.h"

#define STATE	%rdi
#define DST	%rsi
#define SRC	%rdx
#define LEN	%ecx
#define LEN64	%rcx
#define NROUNDS	%r8d
#define CTR	%r9d
#define CTR64	%r9
#define RLOOP	%r10d

.section .rodata.sc_chacha, "a"
.p2align 6
/* block offsets within a batch (one entry per 32-bit lane) */
.Lsc_inc:
	.long	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
/* pshufb patterns: rotate every dword left by 16 / by 8 */
.Lsc_rol16:
	.byte	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
	.byte	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
.Lsc_rol8:
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
/* horizontal layout: block offset of each 128-bit lane, in its word 12 */
.Lsc_hinc:
	.long	0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
/* ... and the step from one register's blocks to the next: 1, 2, 4 */
.Lsc_hstep16:
	.long	1, 0, 0, 0
.Lsc_hstep32:
	.long	2, 0, 0, 0
.Lsc_hstep64:
	.long	4, 0, 0, 0

.text

/*
 * _set_vl VL, ISA: name the vector registers V0-V31 for this width, batch A
 * (A0-A15 = V0-V15) and batch B (B0-B15 = V16-V31).  ISA: 0 SSSE3, 1 AVX2,
 * 2 AVX-512.
 */
.macro _set_vl vl, isa
	.set	VL, \vl
	.set	ISA, \isa
	.set	NBLK, \vl / 4
	_set_vregs VL
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.set	A\i, V\i
.endr
	.set	B0, V16
	.set	B1, V17
	.set	B2, V18
	.set	B3, V19
	.set	B4, V20
	.set	B5, V21
	.set	B6, V22
	.set	B7, V23
	.set	B8, V24
	.set	B9, V25
	.set	B10, V26
	.set	B11, V27
	.set	B12, V28
	.set	B13, V29
	.set	B14, V30
	.set	B15, V31
.endm

/* ---- width/ISA-neutral helpers -------------------------------------- */

/* d = s1 op s2, for the three-operand ISAs; SSSE3 needs d == s1. */
.macro _vpaddd s2, s1, d
.if ISA == 0
	paddd	\s2, \d
.else
	vpaddd	\s2, \s1, \d
.endif
.endm

.macro _vpxor s2, s1, d
.if ISA == 0
	pxor	\s2, \d
.elseif ISA == 1
	vpxor	\s2, \s1, \d
.else
	vpxord	\s2, \s1, \d
.endif
.endm

.macro _vmova s, d
.if ISA == 0
	movdqa	\s, \d
.elseif ISA == 1
	vmovdqa	\s, \d
.else
	vmovdqa64 \s, \d
.endif
.endm

.macro _vmovu s, d
.if ISA == 0
	movdqu	\s, \d
.elseif ISA == 1
	vmovdqu	\s, \d
.else
	vmovdqu64 \s, \d
.endif
.endm

/* reg += the 32-bit word at @mem, broadcast (AVX-512 only; \vl: reg's width) */
.macro _vpaddd_bcst mem, reg, vl=VL
.if \vl == 64
	vpaddd	\mem{1to16}, \reg, \reg
.elseif \vl == 32
	vpaddd	\mem{1to8}, \reg, \reg
.else
	vpaddd	\mem{1to4}, \reg, \reg
.endif
.endm

/* ---- the rounds ------------------------------------------------------ */

/* one quarter-round's step in batch P: x += y; z ^= x; z <<<= r */
.macro _qr_512 P, r, x, y, z
	vpaddd	\P\y, \P\x, \P\x
	vpxord	\P\x, \P\z, \P\z
	vprold	$\r, \P\z, \P\z
.endm

/*
 * One step of four quarter-rounds: x += y; z ^= x; z <<<= r for the four
 * (x, y, z) triples, in batch A and (if \two) batch B.  AVX-512.  One
 * quarter-round at a time, the batches alternating: on Zen 5 a vprold
 * result that the very next instructions read costs issue slots, and
 * grouping by operation (all adds, all XORs, all rotates) put each
 * rotate's readers right behind the rotates; this order measured 3-4%
 * faster for the two-batch zmm and ymm kernels (16 KiB and 4 KiB).
 */
.macro _qstep_512 two, r, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	_qr_512	A, \r, \x0, \y0, \z0
.if \two
	_qr_512	B, \r, \x0, \y0, \z0
.endif
	_mac_slot
	_key_slot	\r, \x0, \y0, \z0
	_qr_512	A, \r, \x1, \y1, \z1
.if \two
	_qr_512	B, \r, \x1, \y1, \z1
.endif
	_mac_slot
	_key_slot	\r, \x1, \y1, \z1
	_qr_512	A, \r, \x2, \y2, \z2
.if \two
	_qr_512	B, \r, \x2, \y2, \z2
.endif
	_mac_slot
	_key_slot	\r, \x2, \y2, \z2
	_qr_512	A, \r, \x3, \y3, \z3
.if \two
	_qr_512	B, \r, \x3, \y3, \z3
.endif
	_mac_slot
	_key_slot	\r, \x3, \y3, \z3
.endm

/*
 * Poly1305 woven into zmm rounds (the _mac kernels): MAC_BLOCKS blocks
 * of the MULX code (poly1305-mulx.h) a double round, each block the
 * message add and the seven pieces, spread over the round's 32 vertical
 * quarter-rounds (pairs of them in the two-batch kernel) as evenly as
 * they go.  MACW is 1 only while a _mac kernel's woven loop is
 * assembled; MSLOT counts its slots, MPIECE its pieces.  A block is a
 * chain of about 13 cycles: five fit a double round of two zmm batches
 * on Zen 5 (six made it 15% slower there), four one of the 24-block
 * kernel (_chacha_vh).
 */
	.set	MACW, 0
.macro _mac_slot
.if MACW
	.set	MSLOT, MSLOT + 1
.rept (MSLOT * 8 * MAC_BLOCKS) / 32 - ((MSLOT - 1) * 8 * MAC_BLOCKS) / 32
	_mac_piece
.endr
.endif
.endm

/* the next piece: h += the block at %rsi with its pad bit, or a product step */
.macro _mac_piece
	.set	MPK, MPIECE % 8
.if MPK == 0
	addq	(%rsi), %r13
	adcq	8(%rsi), %r14
	adcq	$1, %r15
	leaq	16(%rsi), %rsi
.else
	_mulx_step	MPK
.endif
	.set	MPIECE, MPIECE + 1
.endm

/*
 * A ChaCha block in general registers woven into zmm rounds (the gkey
 * kernel's first two-batch iteration): after each quarter-round of the
 * vector step, the same step of the same quarter-round of the scalar
 * block (_key_slot), so that its 20 rounds end with the vector ones.  The
 * scalar words 0-7 and 12-15 live in the registers _kreg names, the four
 * c words (8-11) in the frame at KC, %r14d is scratch.  A step is three
 * dependent one-cycle operations (five with c in the frame, its load
 * early): the block's chain fits a double round of two zmm batches with
 * room to spare, and the integer units are idle there.  KEYW is 1 only
 * while that loop is assembled.
 */
	.set	KEYW, 0
.macro _key_slot r, x, y, z
.if KEYW
	_kstep	\r, \x, \y, \z
.endif
.endm

/* \sym := the general register of scalar word \i (a register symbol) */
.macro _kreg sym, i
.if \i == 0
	.set	\sym, %eax
.elseif \i == 1
	.set	\sym, %ebx
.elseif \i == 2
	.set	\sym, %ecx
.elseif \i == 3
	.set	\sym, %edx
.elseif \i == 4
	.set	\sym, %esi
.elseif \i == 5
	.set	\sym, %edi
.elseif \i == 6
	.set	\sym, %r8d
.elseif \i == 7
	.set	\sym, %r9d
.elseif \i == 12
	.set	\sym, %r10d
.elseif \i == 13
	.set	\sym, %r11d
.elseif \i == 14
	.set	\sym, %r12d
.elseif \i == 15
	.set	\sym, %r13d
.else
	.error "_kreg: the c words are in the frame"
.endif
.endm

/* scalar x += y; z ^= x; z <<<= r */
.macro _kstep r, x, y, z
	_kreg	KY, \y
	_kreg	KZ, \z
.if \x >= 8 && \x <= 11
	movl	KC + 4 * (\x - 8)(%rsp), %r14d
	addl	KY, %r14d
	movl	%r14d, KC + 4 * (\x - 8)(%rsp)
	xorl	%r14d, KZ
.else
	_kreg	KX, \x
	addl	KY, KX
	xorl	KX, KZ
.endif
	roll	$\r, KZ
.endm

/* rotate one register without vprold; \t is clobbered */
.macro _rol1 r, z, t
.if \r == 16 || \r == 8
.if ISA == 0
	pshufb	.Lsc_rol\r(%rip), \z
.else
	vpshufb	.Lsc_rol\r(%rip), \z, \z
.endif
.else
.if ISA == 0
	movdqa	\z, \t
	pslld	$\r, \t
	psrld	$(32 - \r), \z
	por	\t, \z
.else
	vpslld	$\r, \z, \t
	vpsrld	$(32 - \r), \z, \z
	vpor	\t, \z, \z
.endif
.endif
.endm

/*
 * The same step with 16 registers (SSSE3, AVX2), batch A only, one
 * quarter-round after the other (measured 2-3% faster here than grouping by
 * operation).  Rotations by 12 and 7 need a temporary: those steps
 * (c += d; b ^= c) never touch words 0-3, so A0 is parked in the stack slot
 * SPILL and its register used.
 */
.macro _qstep_16 r, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
.if \r == 12 || \r == 7
	_vmovu	A0, SPILL(%rsp)
.endif
	_vpaddd	A\y0, A\x0, A\x0
	_vpxor	A\x0, A\z0, A\z0
	_rol1	\r, A\z0, A0
	_vpaddd	A\y1, A\x1, A\x1
	_vpxor	A\x1, A\z1, A\z1
	_rol1	\r, A\z1, A0
	_vpaddd	A\y2, A\x2, A\x2
	_vpxor	A\x2, A\z2, A\z2
	_rol1	\r, A\z2, A0
	_vpaddd	A\y3, A\x3, A\x3
	_vpxor	A\x3, A\z3, A\z3
	_rol1	\r, A\z3, A0
.if \r == 12 || \r == 7
	_vmovu	SPILL(%rsp), A0
.endif
.endm

.macro _qstep two, r, args:vararg
.if \two == 2
	_qstep_zy \r, \args
.elseif ISA == 2
	_qstep_512 \two, \r, \args
.else
	_qstep_16 \r, \args
.endif
.endm

/*
 * One double round: columns, then diagonals.  \two: 0 batch A, 1 batches
 * A and B, 2 batch A in zmm and Y in ymm (_chacha_zy).
 */
.macro _dround two
	_qstep	\two, 16, 0,4,12, 1,5,13, 2,6,14, 3,7,15
	_qstep	\two, 12, 8,12,4, 9,13,5, 10,14,6, 11,15,7
	_qstep	\two, 8, 0,4,12, 1,5,13, 2,6,14, 3,7,15
	_qstep	\two, 7, 8,12,4, 9,13,5, 10,14,6, 11,15,7
	_qstep	\two, 16, 0,5,15, 1,6,12, 2,7,13, 3,4,14
	_qstep	\two, 12, 10,15,5, 11,12,6, 8,13,7, 9,14,4
	_qstep	\two, 8, 0,5,15, 1,6,12, 2,7,13, 3,4,14
	_qstep	\two, 7, 10,15,5, 11,12,6, 8,13,7, 9,14,4
.endm

/*
 * One multiply per batch, into V0 just before the batch's state overwrites
 * it, to keep the vector multiplier powered.  Intel (family 6 model 167)
 * powers it down after about 2000-4000 cycles without a multiply, and the
 * first multiplies after that run slowly: a 4 KiB call here is long enough,
 * so the Poly1305 call that follows it in the AEAD took about 300 cycles
 * more (11% of a 4 KiB onepass piece).  The multiply costs one uop per
 * batch on every CPU.
 */
.macro _keep_mul
.if ISA
	vpmuludq	%xmm0, %xmm0, %xmm0
.endif
.endm

/* ---- state setup and feed-forward ----------------------------------- */

/*
 * AVX-512: batch P := input state broadcast, word 12 = counter (32-bit
 * word at \ctr) + block index.
 */
.macro _init_512 P, ctr
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpbroadcastd	(4 * \i)(STATE), \P\i
.endr
	vpbroadcastd	\ctr, \P\()12
	vpaddd		.Lsc_inc(%rip), \P\()12, \P\()12
.endm

.macro _ffw_512 P, ctr, vl=VL
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	_vpaddd_bcst	(4 * \i)(STATE), \P\i, \vl
.endr
	vpaddd		.Lsc_inc(%rip), \P\()12, \P\()12
	_vpaddd_bcst	\ctr, \P\()12, \vl
.endm

/* ---- transposes ------------------------------------------------------ */

/* 4x4 dword transpose inside each 128-bit lane, temporaries t0-t3 */
.macro _tr_dq a, b, c, d, t0, t1, t2, t3
.if ISA == 0
	movdqa		\a, \t0
	punpckldq	\b, \t0
	movdqa		\a, \t1
	punpckhdq	\b, \t1
	movdqa		\c, \t2
	punpckldq	\d, \t2
	movdqa		\c, \t3
	punpckhdq	\d, \t3
	movdqa		\t0, \a
	punpcklqdq	\t2, \a
	movdqa		\t0, \b
	punpckhqdq	\t2, \b
	movdqa		\t1, \c
	punpcklqdq	\t3, \c
	movdqa		\t1, \d
	punpckhqdq	\t3, \d
.else
	vpunpckldq	\b, \a, \t0
	vpunpckhdq	\b, \a, \t1
	vpunpckldq	\d, \c, \t2
	vpunpckhdq	\d, \c, \t3
	vpunpcklqdq	\t2, \t0, \a
	vpunpckhqdq	\t2, \t0, \b
	vpunpcklqdq	\t3, \t1, \c
	vpunpckhqdq	\t3, \t1, \d
.endif
.endm

/*
 * ymm: p, q from groups 0/1 (or 2/3) -> p = [p.lo, q.lo], q = [p.hi, q.hi]
 */
.macro _tr_lanes2 p, q, t
.if ISA == 2
	vshufi64x2	$0, \q, \p, \t
	vshufi64x2	$3, \q, \p, \q
	vmovdqa64	\t, \p
.else
	vperm2i128	$0x20, \q, \p, \t
	vperm2i128	$0x31, \q, \p, \q
	vmovdqa		\t, \p
.endif
.endm

/* zmm: 4x4 transpose of the 128-bit lanes of a, b, c, d */
.macro _tr_lanes4 a, b, c, d, t0, t1, t2, t3
	vshufi32x4	$0x44, \b, \a, \t0
	vshufi32x4	$0xee, \b, \a, \t1
	vshufi32x4	$0x44, \d, \c, \t2
	vshufi32x4	$0xee, \d, \c, \t3
	vshufi32x4	$0x88, \t2, \t0, \a
	vshufi32x4	$0xdd, \t2, \t0, \b
	vshufi32x4	$0x88, \t3, \t1, \c
	vshufi32x4	$0xdd, \t3, \t1, \d
.endm

/*
 * Transpose the batch in r0-r15 (word j of every block in rj) into pieces
 * and XOR them into the data in memory order.
 */
.macro _transpose r0,r1,r2,r3,r4,r5,r6,r7,r8,r9,r10,r11,r12,r13,r14,r15, t0,t1,t2,t3
	_tr_dq	\r0, \r1, \r2, \r3, \t0, \t1, \t2, \t3
	_tr_dq	\r4, \r5, \r6, \r7, \t0, \t1, \t2, \t3
	_tr_dq	\r8, \r9, \r10, \r11, \t0, \t1, \t2, \t3
	_tr_dq	\r12, \r13, \r14, \r15, \t0, \t1, \t2, \t3
.if VL == 32
	_tr_lanes2	\r0, \r4, \t0
	_tr_lanes2	\r1, \r5, \t0
	_tr_lanes2	\r2, \r6, \t0
	_tr_lanes2	\r3, \r7, \t0
	_tr_lanes2	\r8, \r12, \t0
	_tr_lanes2	\r9, \r13, \t0
	_tr_lanes2	\r10, \r14, \t0
	_tr_lanes2	\r11, \r15, \t0
.elseif VL == 64
	_tr_lanes4	\r0, \r4, \r8, \r12, \t0, \t1, \t2, \t3
	_tr_lanes4	\r1, \r5, \r9, \r13, \t0, \t1, \t2, \t3
	_tr_lanes4	\r2, \r6, \r10, \r14, \t0, \t1, \t2, \t3
	_tr_lanes4	\r3, \r7, \r11, \r15, \t0, \t1, \t2, \t3
.endif
.endm

/* ---- output ---------------------------------------------------------- */

/*
 * XOR one VL-byte piece of keystream \r into the data.  A short last piece
 * goes to .Lpartial_\id in TMP; the end of the data to .Ldone_\id.
 */
.macro _out1 id, r
	cmp	$VL, LEN
	jae	1f
	_vmova	\r, TMP
	jmp	.Lpartial_\id
1:
.if ISA == 0
	movdqu	(SRC), TMP
	pxor	TMP, \r
.else
	_vpxor	(SRC), \r, \r
.endif
	_vmovu	\r, (DST)
	add	$VL, SRC
	add	$VL, DST
	sub	$VL, LEN
	jz	.Ldone_\id
.endm

/*
 * The pieces of a transposed batch, in memory order.  \key (a label
 * suffix): this is batch A of a keyed call, whose block 0 may be the key
 * block (see _key_block); .Lblock1_\key goes after that block's pieces.
 */
.macro _out id, r0,r1,r2,r3,r4,r5,r6,r7,r8,r9,r10,r11,r12,r13,r14,r15, key
.if VL == 16
.irp r, \r0,\r4,\r8,\r12
	_out1	\id, \r
.endr
.ifnb \key
.Lblock1_\key:
.endif
.irp r, \r1,\r5,\r9,\r13, \r2,\r6,\r10,\r14, \r3,\r7,\r11,\r15
	_out1	\id, \r
.endr
.elseif VL == 32
.irp r, \r0,\r8
	_out1	\id, \r
.endr
.ifnb \key
.Lblock1_\key:
.endif
.irp r, \r1,\r9, \r2,\r10, \r3,\r11, \r4,\r12, \r5,\r13, \r6,\r14, \r7,\r15
	_out1	\id, \r
.endr
.else
	_out1	\id, \r0
.ifnb \key
.Lblock1_\key:
.endif
.irp r, \r1,\r2,\r3,\r4,\r5,\r6,\r7,\r8,\r9,\r10,\r11,\r12,\r13,\r14,\r15
	_out1	\id, \r
.endr
.endif
.endm

/*
 * Keyed calls (see _chacha_512): the first batch's block 0 goes, as plain
 * keystream, to the pointer saved at KEYP(%rsp), which is then cleared;
 * SRC/DST/LEN, which the entry set 64 bytes early, step over it, and the
 * output continues at the batch's block 1.  Batch A is transposed, so its
 * block 0 is \r0 (zmm); \r0, \r8 (ymm); \r0, \r4, \r8, \r12 (xmm).
 */
.macro _key_block id, lbl, r0, r4, r8, r12
	mov	KEYP(%rsp), %rax
	test	%rax, %rax
	jz	1f
	_vmovu	\r0, (%rax)
.if VL == 32
	_vmovu	\r8, 32(%rax)
.elseif VL == 16
	_vmovu	\r4, 16(%rax)
	_vmovu	\r8, 32(%rax)
	_vmovu	\r12, 48(%rax)
.endif
	movq	$0, KEYP(%rsp)
	add	$64, SRC
	add	$64, DST
	sub	$64, LEN
	jz	.Ldone_\id
	jmp	.Lblock1_\lbl
1:
.endm

/*
 * .Lpartial_\id: the last, short piece (LEN < VL bytes, its keystream in
 * TMP, from _out1) XORed with a byte-masked load and store (mask
 * (1 << LEN) - 1): nothing outside the buffers is read or written.
 */
.macro _partial_masked id
.Lpartial_\id:
	mov	$1, %eax
	shl	%cl, %rax
	dec	%rax
	kmovq	%rax, %k1
	vmovdqu8	(SRC), TMP2{%k1}{z}
	vpxord		TMP, TMP2, TMP2
	vmovdqu8	TMP2, (DST){%k1}
.endm

/*
 * .Lpartial_\id without masks (AVX2): the keystream of the last LEN < VL
 * bytes in TMP, XORed 16, 8 and then 1 byte at a time from registers, so
 * that no keystream is left on the stack.
 */
.macro _partial_reg id
.Lpartial_\id:
.if VL == 32
	cmp	$16, LEN
	jb	1f
	vpxor	(SRC), TMPX, %xmm0
	vmovdqu	%xmm0, (DST)
	vextracti128	$1, TMP, TMPX
	add	$16, SRC
	add	$16, DST
	sub	$16, LEN
	jz	.Ldone_\id
1:
.endif
	vmovq	TMPX, %rax
	cmp	$8, LEN
	jb	2f
	xor	(SRC), %rax
	mov	%rax, (DST)
	vpextrq	$1, TMPX, %rax
	add	$8, SRC
	add	$8, DST
	sub	$8, LEN
	jz	.Ldone_\id
2:
	xorb	(SRC), %al
	movb	%al, (DST)
	shr	$8, %rax
	inc	SRC
	inc	DST
	dec	LEN
	jnz	2b
	xor	%eax, %eax
.endm

/* ---- AVX-512 body ---------------------------------------------------- */

/*
 * The _mac kernel's struct sc_chacha_mac (aead_avx512_x86.c asserts
 * these offsets): the Poly1305 core, the next block to MAC, how many
 * two-batch iterations go by before the first that MACs, and where the
 * blocks go on after that first one (0: right after its blocks; the
 * two-batch kernel only).
 */
#define MAC_CORE	0
#define MAC_BLOCKS_AT	8
#define MAC_SKIP	16
#define MAC_THEN	24

/*
 * ChaCha's general registers to the frame (GSAVE) and the round count to
 * MRND, the woven loop's counter, around a round loop whose woven code
 * takes the registers; and back.
 */
.macro _park_gprs
	mov	STATE, GSAVE(%rsp)
	mov	DST, GSAVE + 8(%rsp)
	mov	SRC, GSAVE + 16(%rsp)
	mov	LEN64, GSAVE + 24(%rsp)
	mov	%r8, GSAVE + 32(%rsp)
	mov	CTR64, GSAVE + 40(%rsp)
	mov	NROUNDS, MRND(%rsp)
.endm

.macro _unpark_gprs
	mov	GSAVE(%rsp), STATE
	mov	GSAVE + 8(%rsp), DST
	mov	GSAVE + 16(%rsp), SRC
	mov	GSAVE + 24(%rsp), LEN64
	mov	GSAVE + 32(%rsp), %r8
	mov	GSAVE + 40(%rsp), CTR64
.endm

/*
 * Around a round loop with MULX blocks woven in (_mac_slot).  The MULX
 * code needs thirteen general registers: _mac_begin parks ChaCha's in the
 * frame (the rounds need none of them), loads r, s1 and h from the core
 * and the next block's address (%rsi walks the blocks), and copies the
 * round count to MRND, the woven loop's counter; _mac_end puts h back in
 * the core, folded (h2 <= 4) as every Poly1305 row leaves it, and
 * ChaCha's registers back.  The kernel's frame has MCORE, MACP, MRND and
 * GSAVE (six registers).
 */
.macro _mac_begin
	_park_gprs
	mov	MCORE(%rsp), %rax
	_mulx_load	%rax
	mov	MACP(%rsp), %rsi
.endm

.macro _mac_end
	mov	%rsi, MACP(%rsp)
	_mulx_fold
	mov	MCORE(%rsp), %rax
	mov	%r13, CORE_H0(%rax)
	mov	%r14, CORE_H1(%rax)
	mov	%r15, CORE_H2(%rax)
	_unpark_gprs
.endm

/*
 * The callee-saved registers the general-register code takes: the MULX
 * code of the _mac kernels, the scalar kernel's words (_spush).
 */
.macro _push_saved
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
.endm

.macro _pop_saved
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
.endm

/* The mac argument's fields to the frame (from %r9, before CTR is set). */
.macro _mac_args
	mov	MAC_CORE(%r9), %rax
	mov	%rax, MCORE(%rsp)
	mov	MAC_BLOCKS_AT(%r9), %rax
	mov	%rax, MACP(%rsp)
	mov	MAC_SKIP(%r9), %eax
	mov	%eax, MSKIP(%rsp)
.endm

/*
 * The rounds of a two-batch iteration, five blocks a double round woven
 * in; after the first, the blocks go on at mac->then if it is set (a
 * seal's first iteration MACs the ciphertext an earlier call held back).
 */
.macro _mac_rounds
	_mac_begin
4:
	.set	MACW, 1
	.set	MAC_BLOCKS, 5
	.set	MSLOT, 0
	.set	MPIECE, 0
	_dround	1
	.set	MACW, 0
	subl	$2, MRND(%rsp)
	jg	4b
	_mac_end
	mov	MTHEN(%rsp), %rax
	test	%rax, %rax
	jz	5f
	mov	%rax, MACP(%rsp)
	movq	$0, MTHEN(%rsp)
5:
.endm

/*
 * The gkey kernel's first two-batch iteration (see _key_slot): ChaCha's
 * registers to the frame as for the MAC, the scalar block's words from
 * the state (its counter state[12], one below the batches'), then after
 * the rounds the feed-forward, the block to MKEY, the c words wiped and
 * MKEY cleared (no other iteration computes it).  Keystream words stay in
 * %eax, %r10 and %r11 (cleared at the end) and in callee-saved registers
 * (popped).
 */
.macro _key_begin
	_park_gprs
	mov	STATE, %r14
.irp i, 8, 9, 10, 11
	movl	4 * \i(%r14), %eax
	movl	%eax, KC + 4 * (\i - 8)(%rsp)
.endr
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15
	_kreg	KW, \i
	movl	4 * \i(%r14), KW
.endr
.endm

.macro _key_end
	mov	GSAVE(%rsp), %r14
	mov	MKEY(%rsp), %r15
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15
	_kreg	KW, \i
	addl	4 * \i(%r14), KW
	movl	KW, 4 * \i(%r15)
.endr
.irp i, 8, 9, 10, 11
	movl	KC + 4 * (\i - 8)(%rsp), %eax
	addl	4 * \i(%r14), %eax
	movl	%eax, 4 * \i(%r15)
.endr
	movq	$0, KC(%rsp)
	movq	$0, KC + 8(%rsp)
	movq	$0, MKEY(%rsp)
	_unpark_gprs
.endm

/* The rounds of the gkey iteration: a scalar block woven in */
.macro _key_rounds
	_key_begin
4:
	.set	KEYW, 1
	_dround	1
	.set	KEYW, 0
	subl	$2, MRND(%rsp)
	jg	4b
	_key_end
.endm

/*
 * \two: run two batches while more than one batch of data is left.
 * \key: a keyed call, void fn(state, dst, src, len, nrounds, u8 *key):
 * block state[12] goes to key[0..63] as plain keystream and the data
 * start at block state[12] + 1, as if the data were the 64 bytes after a
 * key block (the pointers are set 64 bytes early but never read or
 * written there).
 * \mac: the _mac kernel, void fn(state, dst, src, len, nrounds,
 * const struct sc_chacha_mac *mac), see _mac_begin.
 * Frame: [0, 4 VL) batch B spill, then the two batch counters, then the
 * key pointer; the _mac kernel's fields after it.
 */
.macro _chacha_512 id, vl, two, key=0, mac=0, gkey=0
	_set_vl	\vl, 2
	.set	BATCH, 16 * VL
	.set	CTRA, 4 * VL
	.set	CTRB, 4 * VL + 4
	.set	KEYP, 4 * VL + 8
.if \mac
	.set	MCORE, 4 * VL + 16
	.set	MACP, 4 * VL + 24
	.set	MSKIP, 4 * VL + 32
	.set	MRND, 4 * VL + 36
	.set	GSAVE, 4 * VL + 40
	.set	MTHEN, 4 * VL + 88
	.set	MKEY, 4 * VL + 96
	.set	KC, 4 * VL + 104
	.set	FRAME, 4 * VL + 128
.else
	.set	FRAME, 4 * VL + 24
.endif
	.set	TMP, V30
	.set	TMP2, V31

.if \key
	sub	$64, SRC
	sub	$64, DST
	add	$64, LEN
.endif
	test	LEN, LEN
	jz	.Lret_\id
	_frame_enter	FRAME
.if \key
	mov	%r9, KEYP(%rsp)
.endif
.if \gkey
	/* no MAC: MSKIP is never reached; the key block's buffer */
	movl	$-1, MSKIP(%rsp)
	movq	$0, MTHEN(%rsp)
	mov	%r9, MKEY(%rsp)
.elseif \mac
	_mac_args
	mov	MAC_THEN(%r9), %rax
	mov	%rax, MTHEN(%rsp)
	movq	$0, MKEY(%rsp)
.endif
	mov	48(STATE), CTR
.if \gkey
	inc	CTR		/* the batches start after the key block */
.endif
.Lmain_\id:
	_keep_mul
	mov	CTR, CTRA(%rsp)
.if \two
	cmp	$BATCH, LEN
	jbe	.Lone_\id
	lea	NBLK(CTR64), %eax
	mov	%eax, CTRB(%rsp)
	_init_512	A, CTRA(%rsp)
	_init_512	B, CTRB(%rsp)
.if \mac
	cmpl	$0, MSKIP(%rsp)
	je	2f
	decl	MSKIP(%rsp)
	cmpq	$0, MKEY(%rsp)
	jne	6f
.endif
	mov	NROUNDS, RLOOP
1:
	_dround	1
	sub	$2, RLOOP
	jg	1b
.if \mac
	jmp	3f
2:
	_mac_rounds
	jmp	3f
6:
	_key_rounds
3:
.endif
	_ffw_512	A, CTRA(%rsp)
	_ffw_512	B, CTRB(%rsp)
	/* park B12-B15, transpose and write batch A with them as temps */
	vmovdqu64	B12, 0 * VL(%rsp)
	vmovdqu64	B13, 1 * VL(%rsp)
	vmovdqu64	B14, 2 * VL(%rsp)
	vmovdqu64	B15, 3 * VL(%rsp)
	_transpose	A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15, B12,B13,B14,B15
.if \key
	_key_block	\id, \id\()_2, A0, A4, A8, A12
	_out	\id, A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15, \id\()_2
.else
	_out	\id, A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15
.endif
	/* batch B with its last four words in A12-A15, temps A0-A3 */
	vmovdqu64	0 * VL(%rsp), A12
	vmovdqu64	1 * VL(%rsp), A13
	vmovdqu64	2 * VL(%rsp), A14
	vmovdqu64	3 * VL(%rsp), A15
	_transpose	B0,B1,B2,B3,B4,B5,B6,B7,B8,B9,B10,B11,A12,A13,A14,A15, A0,A1,A2,A3
	_out	\id, B0,B1,B2,B3,B4,B5,B6,B7,B8,B9,B10,B11,A12,A13,A14,A15
	add	$(2 * NBLK), CTR
	jmp	.Lmain_\id
.Lone_\id:
.endif
	_init_512	A, CTRA(%rsp)
	mov	NROUNDS, RLOOP
1:
	_dround	0
	sub	$2, RLOOP
	jg	1b
	_ffw_512	A, CTRA(%rsp)
	_transpose	A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15, B0,B1,B2,B3
.if \key
	_key_block	\id, \id\()_1, A0, A4, A8, A12
	_out	\id, A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15, \id\()_1
.else
	_out	\id, A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15
.endif
	add	$NBLK, CTR
	jmp	.Lmain_\id

	_partial_masked	\id
.Ldone_\id:
.if \two
	vpxord		TMP, TMP, TMP
	vmovdqu64	TMP, 0 * VL(%rsp)
	vmovdqu64	TMP, 1 * VL(%rsp)
	vmovdqu64	TMP, 2 * VL(%rsp)
	vmovdqu64	TMP, 3 * VL(%rsp)
.endif
.if \mac
	/*
	 * the scratch registers that nothing restores: MULX products, or
	 * key block words (gkey)
	 */
	xor	%eax, %eax
	xor	%r10d, %r10d
	xor	%r11d, %r11d
.endif
	_frame_leave
	vzeroupper
.Lret_\id:
.endm

SYM_FUNC_START(sc_chacha_xor_avx512_32x)
	_chacha_512	z32, 64, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_32x)

SYM_FUNC_START(sc_chacha_xor_avx512vl_16x)
	_chacha_512	y16, 32, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_16x)

SYM_FUNC_START(sc_chacha_xor_avx512vl_4x)
	_chacha_512	x4, 16, 0
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_4x)

/* keyed: the same with block state[12] to key[0..63], see _chacha_512 */
SYM_FUNC_START(sc_chacha_xor_avx512_32x_key)
	_chacha_512	z32k, 64, 1, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_32x_key)

SYM_FUNC_START(sc_chacha_xor_avx512vl_16x_key)
	_chacha_512	y16k, 32, 1, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_16x_key)

SYM_FUNC_START(sc_chacha_xor_avx512vl_4x_key)
	_chacha_512	x4k, 16, 0, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_4x_key)

/*
 * The zmm kernel with Poly1305 woven into its two-batch rounds, see
 * _mac_rounds: void fn(state, dst, src, len, nrounds,
 * const struct sc_chacha_mac *mac).  Every two-batch iteration after the
 * first mac->skip MACs 5 * nrounds / 2 blocks from mac->blocks on; the
 * caller makes sure they are there to read (ciphertext written by an
 * earlier iteration, or not yet overwritten).
 */
SYM_FUNC_START(sc_chacha_xor_avx512_32x_mac)
	_push_saved
	_chacha_512	z32m, 64, 1, 0, 1
	_pop_saved
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_32x_mac)

/*
 * keyed, for texts of whole two-batch groups (32 blocks), where the
 * keyed kernels above would need a batch for the key block alone: void
 * fn(state, dst, src, len, nrounds, u8 *key) as sc_chacha_xor_avx512_32x_key
 * (block state[12] to key[0..63], the data from block state[12] + 1), the
 * key block computed in general registers inside the first two-batch
 * iteration's rounds (_key_slot).  @len > 1 KiB.
 */
SYM_FUNC_START(sc_chacha_xor_avx512_32x_gkey)
	_push_saved
	_chacha_512	z32g, 64, 1, 0, 1, 1
	_pop_saved
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_32x_gkey)

/* ---- SSSE3 / AVX2 body (16 vector registers) ------------------------- */

/* reg := the 32-bit word at @mem in every lane */
.macro _bcast mem, reg
.if ISA == 0
	movd	\mem, \reg
	pshufd	$0, \reg, \reg
.else
	vpbroadcastd	\mem, \reg
.endif
.endm

/*
 * Feed-forward, transpose and output of one SSSE3/AVX2 batch.  \fast: a
 * whole batch of data is left, XOR the pieces straight into it; otherwise
 * store them to BUF for the tail loop.  \slots: words 12-15 are not in
 * A12-A15 but in the two-batch kernel's state slots at \slots(%r11)
 * (sc_chacha_xor_avx2_16x), so they need no parking in SAVE.
 */
.macro _piece reg, off, fast, tmp
.if \fast
.if ISA == 0
	movdqu	(\off)(SRC), \tmp
	pxor	\tmp, \reg
	movdqu	\reg, (\off)(DST)
.else
	vpxor	(\off)(SRC), \reg, \reg
	vmovdqu	\reg, (\off)(DST)
.endif
.else
	_vmovu	\reg, (BUF + \off)(%rsp)
.endif
.endm

.macro _finish_16 fast, slots
	.set	TMPF, A12
	/* words 0-11: feed-forward, transpose, out */
.ifb \slots
	_vmovu	A12, (SAVE + 0 * VL)(%rsp)
	_vmovu	A13, (SAVE + 1 * VL)(%rsp)
	_vmovu	A14, (SAVE + 2 * VL)(%rsp)
	_vmovu	A15, (SAVE + 3 * VL)(%rsp)
.endif
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11
	_bcast	(4 * \i)(STATE), A12
	_vpaddd	A12, A\i, A\i
.endr
	_tr_dq	A0, A1, A2, A3, A12, A13, A14, A15
	_tr_dq	A4, A5, A6, A7, A12, A13, A14, A15
	_tr_dq	A8, A9, A10, A11, A12, A13, A14, A15
.if VL == 32
	_tr_lanes2	A0, A4, A12
	_tr_lanes2	A1, A5, A12
	_tr_lanes2	A2, A6, A12
	_tr_lanes2	A3, A7, A12
.irp k, 0,1,2,3
	_piece	A\k, 64*\k, \fast, TMPF
.endr
	_piece	A4, 256+0, \fast, TMPF
	_piece	A5, 256+64, \fast, TMPF
	_piece	A6, 256+128, \fast, TMPF
	_piece	A7, 256+192, \fast, TMPF
.else
.irp k, 0,1,2,3
	_piece	A\k, 64*\k, \fast, TMPF
.endr
	_piece	A4, 16+0, \fast, TMPF
	_piece	A5, 16+64, \fast, TMPF
	_piece	A6, 16+128, \fast, TMPF
	_piece	A7, 16+192, \fast, TMPF
	_piece	A8, 32+0, \fast, TMPF
	_piece	A9, 32+64, \fast, TMPF
	_piece	A10, 32+128, \fast, TMPF
	_piece	A11, 32+192, \fast, TMPF
.endif

	/* words 12-15 */
	.set	TMPF, A0
.ifb \slots
	_vmovu	(SAVE + 0 * VL)(%rsp), A12
	_vmovu	(SAVE + 1 * VL)(%rsp), A13
	_vmovu	(SAVE + 2 * VL)(%rsp), A14
	_vmovu	(SAVE + 3 * VL)(%rsp), A15
.else
	vmovdqa	(\slots + 32 * 12)(%r11), A12
	vmovdqa	(\slots + 32 * 13)(%r11), A13
	vmovdqa	(\slots + 32 * 14)(%r11), A14
	vmovdqa	(\slots + 32 * 15)(%r11), A15
.endif
.irp i, 13,14,15
	_bcast	(4 * \i)(STATE), A0
	_vpaddd	A0, A\i, A\i
.endr
	_bcast	CTRS(%rsp), A0
	_vpaddd	.Lsc_inc(%rip), A0, A0
	_vpaddd	A0, A12, A12
	_tr_dq	A12, A13, A14, A15, A0, A1, A2, A3
.if VL == 32
	_tr_lanes2	A8, A12, A0
	_tr_lanes2	A9, A13, A0
	_tr_lanes2	A10, A14, A0
	_tr_lanes2	A11, A15, A0
	_piece	A8, 32+0, \fast, TMPF
	_piece	A9, 32+64, \fast, TMPF
	_piece	A10, 32+128, \fast, TMPF
	_piece	A11, 32+192, \fast, TMPF
	_piece	A12, 256+32+0, \fast, TMPF
	_piece	A13, 256+32+64, \fast, TMPF
	_piece	A14, 256+32+128, \fast, TMPF
	_piece	A15, 256+32+192, \fast, TMPF
.else
	_piece	A12, 48+0, \fast, TMPF
	_piece	A13, 48+64, \fast, TMPF
	_piece	A14, 48+128, \fast, TMPF
	_piece	A15, 48+192, \fast, TMPF
.endif
.endm

/*
 * The last, short batch, whose keystream _finish_16 0 left in BUF: XOR
 * LEN (1 to 16 VL - 1) bytes of it into the data, VL bytes at a time and
 * then single bytes; falls through to the code after it.
 */
.macro _buf_xor id
	xor	%eax, %eax
2:
	cmp	$VL, LEN
	jb	.Lpartial_\id
.if ISA == 0
	movdqu	BUF(%rsp,%rax), A0
	movdqu	(SRC,%rax), A1
	pxor	A1, A0
	movdqu	A0, (DST,%rax)
.else
	vmovdqu	BUF(%rsp,%rax), A0
	vpxor	(SRC,%rax), A0, A0
	vmovdqu	A0, (DST,%rax)
.endif
	add	$VL, %eax
	sub	$VL, LEN
	jz	.Lbuf_done_\id
	jmp	2b

.Lpartial_\id:
	/* fewer than VL bytes left, at offset %rax of this batch */
	lea	BUF(%rsp, %rax), %r11
	add	%rax, SRC
	add	%rax, DST
3:
	movb	(%r11), %al
	xorb	(SRC), %al
	movb	%al, (DST)
	inc	%r11
	inc	SRC
	inc	DST
	dec	LEN
	jnz	3b
.Lbuf_done_\id:
.endm

/*
 * One batch (4 blocks in xmm or 8 in ymm) per iteration, all 16 words in
 * A0-A15.  The feed-forward needs a temporary and the transpose four, so
 * A12-A15 are parked in SAVE while A0-A11 are finished.  Whole batches are
 * XORed straight into the data; the last, short one goes to BUF and is
 * XORed from there (VL bytes, then single bytes).
 * Frame: BUF (16 VL), SAVE (4 VL), SPILL (VL, see _qstep_16), counter.
 */
.macro _chacha_16 id, vl, isa
	_set_vl	\vl, \isa
	.set	BATCH, 16 * VL
	.set	BUF, 0
	.set	SAVE, 16 * VL
	.set	SPILL, 20 * VL
	.set	CTRS, 21 * VL
	.set	FRAME, 21 * VL + 8

	test	LEN, LEN
	jz	.Lret_\id
	_frame_enter	FRAME
	mov	48(STATE), CTR
.Lmain_\id:
	_keep_mul
	mov	CTR, CTRS(%rsp)
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	_bcast	(4 * \i)(STATE), A\i
.endr
	_bcast	CTRS(%rsp), A12
	_vpaddd	.Lsc_inc(%rip), A12, A12
	mov	NROUNDS, RLOOP
1:
	_dround	0
	sub	$2, RLOOP
	jg	1b

	cmp	$BATCH, LEN
	jb	.Ltail_\id
	_finish_16	1
	add	$BATCH, SRC
	add	$BATCH, DST
	sub	$BATCH, LEN
	jz	.Ldone_\id
	add	$NBLK, CTR
	jmp	.Lmain_\id

.Ltail_\id:
	_finish_16	0
	_buf_xor	\id
.Ldone_\id:
	/* wipe keystream and state copies from the stack */
.if ISA == 0
	pxor	A0, A0
.else
	vpxor	A0, A0, A0
.endif
	.set	.Loff, 0
.rept 21
	_vmovu	A0, .Loff(%rsp)
	.set	.Loff, .Loff + VL
.endr
	_frame_leave
.if ISA
	vzeroupper
.endif
.Lret_\id:
.endm

SYM_FUNC_START(sc_chacha_xor_avx2_8x)
	_chacha_16	a8, 32, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx2_8x)

/*
 * Two AVX2 batches (2 x 8 blocks) in one round loop, their state in the
 * frame.  One batch in ymm0-15 has four dependency chains; where vector
 * ops take 2 cycles (Zen 5) that keeps about half the vector pipes busy,
 * and a second batch needs 16 more registers than AVX2 has.  Here every
 * half round is four segments, each loading the words of two
 * quarter-rounds of one batch, running them (interleaved by step) and
 * storing them back: batch A's quarter-rounds 0-1, then 2-3, then batch
 * B's.  Register renaming lets a segment start while the ones before it
 * finish, so the core sees the eight chains of both batches; the loads
 * and stores go to the load and store pipes, which are idle otherwise.
 * Standalone round loops on Zen 5 (family 26 model 2): 40 TSC ticks per
 * block for 10 double rounds against 52 for one batch in registers; three
 * or four batches this way 39-40.  Zen 4 (family 25 model 17) stores one
 * ymm register a cycle, as many as the loop's four ALU pipes need cycles,
 * so there the stores count: four words of each batch stay in registers
 * from one half round to the next (_xcolumns), the first half round reads
 * the input state instead of slots filled for it (_xload), and the output
 * takes words 12-15 from their slots (_finish_16's \slots), together 3
 * stores per block and double round and 1.00 -> 0.90 cycles/byte at
 * 4 KiB there.
 * Whole 1 KiB groups, the last of which may be short if it has more than
 * 512 bytes (len % 1024 == 0 or > 512, len > 512): its batch B goes
 * through BUF like _chacha_16's last batch.  BUF lies over batch A's
 * slots (A is finished by then; B's words are read from B's slots) and
 * clear of CTRS, which _finish_16 reads after writing BUF: %r11 is %rsp +
 * X_BUF, so A's slots start at X_BUF and end before B's.  The frame is
 * 64-byte aligned (_frame_enter), and so are the state slots.
 */
/*
 * Word \w of batch \b into \reg: from its slot, or in a group's first
 * half round (\first) from the input state, word 12 the counter plus the
 * block index (no slot is written before the rounds).
 */
.macro _xload first, b, w, reg
.if !\first
	vmovdqa	(\b + 32 * \w)(%r11), \reg
.elseif \w == 12
	vpbroadcastd	CTRS(%rsp), \reg
	vpaddd	(.Lsc_inc + \b / 16)(%rip), \reg, \reg
.else
	vpbroadcastd	(4 * \w)(STATE), \reg
.endif
.endm

/*
 * One segment: two quarter-rounds of batch \b, words \a0..\d1 in the
 * registers \ra0..\rd1.  \ld and \st: bit k set (k = 0..7 for \a0, \b0,
 * \c0, \d0, \a1, \b1, \c1, \d1) loads word k from its slot first / stores
 * it back after; a word not loaded is already in its register, and one
 * not stored stays there for a later segment of the same batch.
 */
/*
 * \store 0: load, 1: store the words of batch \b whose bit is set in
 * \mask, given as (word, register) pairs, bit k for the k-th pair.
 */
.macro _xwords store, first, b, mask, pairs:vararg
	.set	.Lk, 0
.irp w, \pairs
.if .Lk % 2 == 0
	.set	.Lw, \w
.elseif (\mask >> (.Lk / 2)) & 1
.if \store
	vmovdqa	\w, (\b + 32 * .Lw)(%r11)
.else
	_xload	\first, \b, .Lw, \w
.endif
.endif
	.set	.Lk, .Lk + 1
.endr
.endm

/* one quarter-round step of two columns: x += y; z ^= x; z <<<= r */
.macro _xstep r, x0, y0, z0, x1, y1, z1
	vpaddd	\y0, \x0, \x0
	vpxor	\x0, \z0, \z0
	_rol1	\r, \z0, A4
	vpaddd	\y1, \x1, \x1
	vpxor	\x1, \z1, \z1
	_rol1	\r, \z1, A5
.endm

.macro _xseg first, b, ld, st, a0,ra0, b0,rb0, c0,rc0, d0,rd0, a1,ra1, b1,rb1, c1,rc1, d1,rd1
	_xwords	0, \first, \b, \ld, \a0,\ra0, \b0,\rb0, \c0,\rc0, \d0,\rd0, \a1,\ra1, \b1,\rb1, \c1,\rc1, \d1,\rd1
	_xstep	16, \ra0,\rb0,\rd0, \ra1,\rb1,\rd1	/* a += b; d ^= a; d <<<= 16 */
	_xstep	12, \rc0,\rd0,\rb0, \rc1,\rd1,\rb1	/* c += d; b ^= c; b <<<= 12 */
	_xstep	8, \ra0,\rb0,\rd0, \ra1,\rb1,\rd1	/* a += b; d ^= a; d <<<= 8 */
	_xstep	7, \rc0,\rd0,\rb0, \rc1,\rd1,\rb1	/* c += d; b ^= c; b <<<= 7 */
	_xwords	1, 0, \b, \st, \a0,\ra0, \b0,\rb0, \c0,\rc0, \d0,\rd0, \a1,\ra1, \b1,\rb1, \c1,\rc1, \d1,\rd1
.endm

/*
 * The column and the diagonal half rounds of both batches (A at 0, B at
 * 512 bytes from %r11), the segments in the order A, A, B, B.  Four words
 * of each batch stay in registers from its second segment of a half round
 * to its first of the next (the words the two quarter-rounds share): A's
 * in A8-A11, B's in A12-A15, a quarter of the loads and stores saved.
 * Each segment's other words are in A0-A3, its rotation temporaries A4
 * and A5.  Between double rounds words 4, 8, 9 and 13 are the ones in
 * registers (\first: the group's first columns, from the input state, take
 * them there).
 */
/* .LR0-.LR3: the registers of batch \b's words kept between half rounds */
.macro _xres b
.if \b
	.set	.LR0, A12
	.set	.LR1, A13
	.set	.LR2, A14
	.set	.LR3, A15
.else
	.set	.LR0, A8
	.set	.LR1, A9
	.set	.LR2, A10
	.set	.LR3, A11
.endif
.endm

.macro _xcolumns first=0
	.set	.Lld, 0x39 + 0xc6 * \first
.irp b, 0, 512
	_xres	\b
	/* 0 4 8 12, 1 5 9 13: 4 8 9 13 in registers */
	_xseg	\first, \b, .Lld, 0xff, 0,A0, 4,.LR0, 8,.LR1, 12,A1, 1,A2, 5,A3, 9,.LR2, 13,.LR3
	/* 2 6 10 14, 3 7 11 15: 6 10 11 15 stay */
	_xseg	\first, \b, 0xff, 0x39, 2,A0, 6,.LR0, 10,.LR1, 14,A1, 3,A2, 7,A3, 11,.LR2, 15,.LR3
.endr
.endm

.macro _xdiagonals
.irp b, 0, 512
	_xres	\b
	/* 0 5 10 15, 1 6 11 12: 6 10 11 15 in registers */
	_xseg	0, \b, 0x93, 0xff, 0,A0, 5,A1, 10,.LR1, 15,.LR3, 1,A2, 6,.LR0, 11,.LR2, 12,A3
	/* 2 7 8 13, 3 4 9 14: 4 8 9 13 stay */
	_xseg	0, \b, 0xff, 0x93, 2,A0, 7,A1, 8,.LR1, 13,.LR3, 3,A2, 4,.LR0, 9,.LR2, 14,A3
.endr
.endm

/* after the rounds: the words still in registers to their slots */
.macro _xspill
.irp b, 0, 512
	_xres	\b
	_xwords	1, 0, \b, 0xf, 4,.LR0, 8,.LR1, 9,.LR2, 13,.LR3
.endr
.endm

/* batch \b's words 0-11 from its slots into A0-A11, then out to the data */
.macro _xfinish b
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11
	vmovdqa	(\b + 32 * \i)(%r11), A\i
.endr
	_finish_16	1, \b
.endm

#define X_CTRS	0
/* a short last batch B's keystream: over batch A's slots, which are dead */
#define X_BUF	64
/* CTRS, then 1 KiB of state slots */
#define X_FRAME	(X_BUF + 1024)

SYM_FUNC_START(sc_chacha_xor_avx2_16x)
	_set_vl	32, 1
	.set	CTRS, X_CTRS
	.set	BUF, X_BUF
	_frame_enter	X_FRAME
	lea	X_BUF(%rsp), %r11
	mov	48(STATE), CTR
.Lx_main:
	_keep_mul
	mov	CTR, CTRS(%rsp)
	/* the first double round starts from the input state */
	_xcolumns	1
	_xdiagonals
	mov	NROUNDS, RLOOP
	sub	$2, RLOOP
	jle	2f
1:
	_xcolumns
	_xdiagonals
	sub	$2, RLOOP
	jg	1b
2:
	_xspill

	_xfinish	0
	add	$512, SRC
	add	$512, DST
	sub	$512, LEN
	lea	8(CTR64), %eax
	mov	%eax, CTRS(%rsp)
	cmp	$512, LEN
	jb	.Lx_tail
	_xfinish	512
	add	$512, SRC
	add	$512, DST
	add	$16, CTR
	sub	$512, LEN
	jnz	.Lx_main
	jmp	.Lx_done

.Lx_tail:
	/* BUF lies over A's slots: B's are untouched */
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11
	vmovdqa	(512 + 32 * \i)(%r11), A\i
.endr
	_finish_16	0, 512
	_buf_xor	x16

.Lx_done:
	/* wipe the state slots, the counter and BUF */
	vpxor	A0, A0, A0
	.set	.Loff, 0
.rept X_FRAME / 32
	vmovdqu	A0, .Loff(%rsp)
	.set	.Loff, .Loff + 32
.endr
	_frame_leave
	vzeroupper
	RET
SYM_FUNC_END(sc_chacha_xor_avx2_16x)

SYM_FUNC_START(sc_chacha_xor_ssse3_4x)
	_chacha_16	s4, 16, 0
	RET
SYM_FUNC_END(sc_chacha_xor_ssse3_4x)

/*
 * State row \r (words 4r..4r+3) into %xmm\r, and into every 128-bit lane
 * of \reg if given.  Word by word: callers fill the state with 32-bit
 * stores just before the call, and a 16-byte load of words still in the
 * store buffer cannot be forwarded from them (measured on Intel: 60
 * cycles more per call than these loads).
 */
.macro _hrow r, reg
	vmovd	(16 * \r)(STATE), %xmm\r
	vpinsrd	$1, (16 * \r + 4)(STATE), %xmm\r, %xmm\r
	vpinsrd	$2, (16 * \r + 8)(STATE), %xmm\r, %xmm\r
	vpinsrd	$3, (16 * \r + 12)(STATE), %xmm\r, %xmm\r
.ifnb \reg
.if VL == 16
	_vmova		%xmm\r, \reg
.elseif ISA < 2
	vinserti128	$1, %xmm\r, %ymm\r, \reg
.elseif VL == 32
	vshufi32x4	$0, %ymm\r, %ymm\r, \reg
.else
	vshufi32x4	$0, %zmm\r, %zmm\r, \reg
.endif
.endif
.endm

/* ---- HChaCha: one block, one row per register ------------------------ */

.macro _pshufd imm, s, d
.if ISA == 0
	pshufd	$\imm, \s, \d
.else
	vpshufd	$\imm, \s, \d
.endif
.endm

.macro _hrol r, z, t
.if ISA == 2
	vprold	$\r, \z, \z
.else
	_rol1	\r, \z, \t
.endif
.endm

/* four quarter-rounds on rows a, b, c, d at once */
.macro _hqr a, b, c, d, t
	_vpaddd	\b, \a, \a
	_vpxor	\a, \d, \d
	_hrol	16, \d, \t
	_vpaddd	\d, \c, \c
	_vpxor	\c, \b, \b
	_hrol	12, \b, \t
	_vpaddd	\b, \a, \a
	_vpxor	\a, \d, \d
	_hrol	8, \d, \t
	_vpaddd	\d, \c, \c
	_vpxor	\c, \b, \b
	_hrol	7, \b, \t
.endm

/* void fn(const u32 *state, u32 *out, int nrounds): rows 0 and 3 to out */
.macro _hchacha isa
	_set_vl	16, \isa
	/* word by word, as the horizontal kernels do (see _hrow) */
.if ISA == 2
	_hrow	0
	_hrow	1
	_hrow	2
	_hrow	3
.else
.irp r, 0,1,2,3
	movd		(16 * \r)(STATE), V\r
	movd		(16 * \r + 4)(STATE), V4
	punpckldq	V4, V\r
	movd		(16 * \r + 8)(STATE), V4
	movd		(16 * \r + 12)(STATE), V5
	punpckldq	V5, V4
	punpcklqdq	V4, V\r
.endr
.endif
	mov	%edx, RLOOP
1:
	_hqr	V0, V1, V2, V3, V4
	/* diagonals become columns, b stays (see _hhalf) */
	_pshufd	0x93, V0, V0
	_pshufd	0x39, V2, V2
	_pshufd	0x4e, V3, V3
	_hqr	V0, V1, V2, V3, V4
	_pshufd	0x39, V0, V0
	_pshufd	0x93, V2, V2
	_pshufd	0x4e, V3, V3
	sub	$2, RLOOP
	jg	1b
	_vmovu	V0, 0(%rsi)
	_vmovu	V3, 16(%rsi)
.if ISA
	vzeroupper
.endif
.endm

SYM_FUNC_START(sc_hchacha_ssse3)
	_hchacha	0
	RET
SYM_FUNC_END(sc_hchacha_ssse3)

SYM_FUNC_START(sc_hchacha_avx512vl)
	_hchacha	2
	RET
SYM_FUNC_END(sc_hchacha_avx512vl)


/* ---- horizontal: one row of 1, 2 or 4 blocks per register -------------- */

/*
 * For inputs of a few blocks, where the vertical batch's cost (4 dependency
 * chains through 16 registers plus a transpose, about 470 cycles on Intel
 * however few blocks it holds) is mostly waste.  Register a holds row 0
 * (words 0-3) of 1, 2 or 4 blocks, one per 128-bit lane, b row 1, c row 2,
 * d row 3; the diagonal round is reached by rotating the lanes' words of
 * a, c and d with vpshufd, as in HChaCha.  A round is then 4 steps of
 * three 1-cycle ops: about 12 cycles a half-round (see _hhalf), the same
 * for 1, 2 or 4 blocks (measured on Intel: 234 cycles for a 1-block call,
 * 260 for 4, against 430 for the vertical xmm kernel and 340 for the
 * scalar one).  Two such batches (rows H<j>_0..3 for batch j) interleave
 * in the 8-block kernel, where the ports, not the chain, set the pace
 * (about 430 cycles; 4 batches took 775 at 1 KiB, slower than the vertical
 * zmm kernel's 600).  The output needs only the 128-bit-lane transpose of
 * the vertical zmm/ymm paths.  _chacha_vh (below) runs two such batches in
 * the round loop of a vertical one.
 *
 * Registers: batches in V0-V7, input rows 0-2 in V16-V18, row 3 of the
 * next group (counter in word 12 of each lane) in V19, row 3 of batch j in
 * V20+j, the counter step in V24, temporaries V25-V28, V30, V31.  No stack.
 * %r11: the keyed calls' key pointer, cleared once the key block is out.
 * AVX2 (16 registers, no vprold, no masks: _set_h16) keeps everything in
 * V0-V15, rotates by 12 and 7 through TMP (two shifts and an OR: 14 cycles
 * a half-round instead of 12) and XORs the last piece from registers
 * (_partial_reg); measured on Intel, a 1-block call takes about 1.35x the
 * AVX-512 one, 0.88x the scalar kernel's and about the same as
 * libsodium's one-block SSSE3 code.
 */
.macro _set_h vl, isa=2
	_set_vl	\vl, \isa
	.set	H0_0, V0
	.set	H0_1, V1
	.set	H0_2, V2
	.set	H0_3, V3
	.set	H1_0, V4
	.set	H1_1, V5
	.set	H1_2, V6
	.set	H1_3, V7
.if ISA < 2
	_set_h16
.exitm
.endif
	.set	HR0, V16
	.set	HR1, V17
	.set	HR2, V18
	.set	HR3, V19
	.set	HD0, V20
	.set	HD1, V21
	.set	HSTEP, V24
	.set	TMP, V30
	.set	TMP2, V31
.endm

/*
 * AVX2 (16 registers): the same batches, no second temporary (there are
 * no masked stores), input rows next to the batches, TMP the rotations'
 * temporary and the last piece's keystream.
 */
.macro _set_h16
	.set	HR0, V8
	.set	HR1, V9
	.set	HR2, V10
	.set	HR3, V11
	.set	HD0, V12
	.set	HD1, V13
	.set	HSTEP, V14
	.set	TMP, V15
	.set	TMPX, %xmm15
.endm

/* \op for row \s into row \d of the first \nb batches */
.macro _hop op, nb, s, d
	\op	H0_\s, H0_\d, H0_\d
.if \nb > 1
	\op	H1_\s, H1_\d, H1_\d
.endif
.if \nb > 2
	\op	H2_\s, H2_\d, H2_\d
.endif
.endm

/* \op $\imm on row \d of the first \nb batches */
.macro _himm op, nb, imm, d
	\op	$\imm, H0_\d, H0_\d
.if \nb > 1
	\op	$\imm, H1_\d, H1_\d
.endif
.if \nb > 2
	\op	$\imm, H2_\d, H2_\d
.endif
.endm

/* row \d of the first \nb batches <<<= \r; AVX2 through TMP */
.macro _hrot nb, r, d
.if ISA == 2
	_himm	vprold, \nb, \r, \d
.else
	_rol1	\r, H0_\d, TMP
.if \nb > 1
	_rol1	\r, H1_\d, TMP
.endif
.if \nb > 2
	_rol1	\r, H2_\d, TMP
.endif
.endif
.endm

/*
 * Four quarter-rounds on rows 0-3, then the words of rows a, c, d rotated
 * by \sa/\sc/\sd (vpshufd) so that the diagonals become columns (and
 * back).  The usual choice rotates b, c, d, but b's last rotation feeds the
 * next round's first add directly, so its shuffle would be on the critical
 * path; a, c and d are done with earlier (a after its last XOR into d, d
 * and c after their last use), so their shuffles run in the shadow of the
 * chain: 12 cycles a half-round instead of 13.
 */
.macro _hhalf nb, sa, sc, sd
	_hop	vpaddd, \nb, 1, 0
	_hop	_vpxor, \nb, 0, 3
	_hrot	\nb, 16, 3
	_hop	vpaddd, \nb, 3, 2
	_hop	_vpxor, \nb, 2, 1
	_hrot	\nb, 12, 1
	_hop	vpaddd, \nb, 1, 0
	_hop	_vpxor, \nb, 0, 3
	_himm	vpshufd, \nb, \sa, 0
	_hrot	\nb, 8, 3
	_hop	vpaddd, \nb, 3, 2
	_himm	vpshufd, \nb, \sd, 3
	_hop	_vpxor, \nb, 2, 1
	_himm	vpshufd, \nb, \sc, 2
	_hrot	\nb, 7, 1
.endm

/* the rounds of the first \nb batches: double rounds until NROUNDS */
.macro _hrounds nb
	mov	NROUNDS, RLOOP
1:
	_hhalf	\nb, 0x93, 0x39, 0x4e
	_hhalf	\nb, 0x39, 0x93, 0x4e
	sub	$2, RLOOP
	jg	1b
.endm

/* batch \j: rows from the input, row 3 from HD\j */
.macro _hinit j
	_vmova	HR0, H\j\()_0
	_vmova	HR1, H\j\()_1
	_vmova	HR2, H\j\()_2
	_vmova	HD\j, H\j\()_3
.endm

.macro _hffw j
	vpaddd	HR0, H\j\()_0, H\j\()_0
	vpaddd	HR1, H\j\()_1, H\j\()_1
	vpaddd	HR2, H\j\()_2, H\j\()_2
	vpaddd	HD\j, H\j\()_3, H\j\()_3
.endm

/*
 * Batch \j into whole blocks, then its pieces into the data.  zmm: the
 * 128-bit lanes of rows 0-3 transposed, one block per register; ymm: the
 * lanes of rows 0/1 and 2/3 paired, pieces 0, 2, 1, 3; xmm: as it is.
 * \key: batch 0 of a keyed call, whose block 0 may be the key block.
 */
.macro _hout id, j, key=0
.if VL == 64
	_tr_lanes4	H\j\()_0, H\j\()_1, H\j\()_2, H\j\()_3, V25, V26, V27, V28
.elseif VL == 32
	_tr_lanes2	H\j\()_0, H\j\()_1, TMP
	_tr_lanes2	H\j\()_2, H\j\()_3, TMP
.endif
.if \key
	test	%r11, %r11
	jz	1f
	vmovdqu64	H\j\()_0, (%r11)
.if VL == 32
	vmovdqu64	H\j\()_2, 32(%r11)
.elseif VL == 16
	vmovdqu64	H\j\()_1, 16(%r11)
	vmovdqu64	H\j\()_2, 32(%r11)
	vmovdqu64	H\j\()_3, 48(%r11)
.endif
	xor	%r11d, %r11d
	add	$64, SRC
	add	$64, DST
	sub	$64, LEN
	jz	.Ldone_\id
	jmp	.Lhblock1_\id
1:
.endif
.if VL == 64
	_out1	\id, H\j\()_0
.if \key
.Lhblock1_\id:
.endif
	_out1	\id, H\j\()_1
	_out1	\id, H\j\()_2
	_out1	\id, H\j\()_3
.elseif VL == 32
	_out1	\id, H\j\()_0
	_out1	\id, H\j\()_2
.if \key
.Lhblock1_\id:
.endif
	_out1	\id, H\j\()_1
	_out1	\id, H\j\()_3
.else
.irp r, 0,1,2,3
	_out1	\id, H\j\()_\r
.endr
.if \key
.Lhblock1_\id:
.endif
.endif
.endm

/*
 * void fn(const u32 *state, u8 *dst, const u8 *src, unsigned int len,
 *         int nrounds[, u8 *key]): groups of \nb batches of VL / 16
 * blocks each until the data are done.  \key: as _chacha_512's keyed
 * calls (block state[12] to key[0..63], the data from the next block).
 */
.macro _chacha_h id, vl, nb, key=0, isa=2
	_set_h	\vl, \isa
.if \key
	mov	%r9, %r11
	sub	$64, SRC
	sub	$64, DST
	add	$64, LEN
.endif
	test	LEN, LEN
	jz	.Lret_\id
	_hrow	0, HR0
	_hrow	1, HR1
	_hrow	2, HR2
	_hrow	3, HR3
.if VL == 16
	_vmovu		.Lsc_hstep16(%rip), HSTEP
.elseif ISA < 2
	vbroadcasti128	.Lsc_hstep\vl(%rip), HSTEP
.else
	vbroadcasti32x4	.Lsc_hstep\vl(%rip), HSTEP
.endif
.if VL > 16
	vpaddd	.Lsc_hinc(%rip), HR3, HR3
.endif
.Lhgroup_\id:
	_vmova	HR3, HD0
.if \nb > 1
	vpaddd		HSTEP, HD0, HD1
.endif
.if \nb > 1
	vpaddd		HSTEP, HD1, HR3
.else
	vpaddd		HSTEP, HD0, HR3
.endif
	_hinit	0
.if \nb > 1
	_hinit	1
.endif
	_hrounds	\nb
	_hffw	0
.if \nb > 1
	_hffw	1
.endif
	_hout	\id, 0, \key
.if \nb > 1
	_hout	\id, 1
.endif
	jmp	.Lhgroup_\id

.if ISA == 2
	_partial_masked	\id
.else
	_partial_reg	\id
.endif
.Ldone_\id:
	vzeroupper
.Lret_\id:
.endm

/* batch \j += input rows 0-2 from the frame (_chacha_h3) */
.macro _hffw_frame j
	vpaddd	0(%rsp), H\j\()_0, H\j\()_0
	vpaddd	32(%rsp), H\j\()_1, H\j\()_1
	vpaddd	64(%rsp), H\j\()_2, H\j\()_2
.endm

/*
 * AVX2, three horizontal batches of two blocks (ymm), for calls of 5 or 6
 * blocks: three chains keep more of the ports busy than two, and the
 * vertical 8-block batch costs the same however few blocks it holds
 * (measured on Intel: 445 cycles against 477).
 * void fn(const u32 *state, u8 *dst, const u8 *src, unsigned int len,
 * int nrounds), groups of 6 blocks until the data are done.
 * Registers: batches in V0-V11, row 3 of the next group in HR3 (V12), the
 * counter step V13, row 3 of batch 0 V14, TMP V15; input rows 0-2 live in
 * the frame (the feed-forward adds them from there) and are wiped.
 */

.macro _chacha_h3 id
	_set_h	32, 1
	.set	H2_0, V8
	.set	H2_1, V9
	.set	H2_2, V10
	.set	H2_3, V11
	.set	HR3, V12
	.set	HSTEP, V13
	.set	HD0, V14
	.set	FRAME, 96

	test	LEN, LEN
	jz	.Lret_\id
	_frame_enter	FRAME
	_hrow	0, V0
	_hrow	1, V1
	_hrow	2, V2
	_hrow	3, HR3
.irp r, 0,1,2
	vmovdqu	V\r, (32 * \r)(%rsp)
.endr
	vbroadcasti128	.Lsc_hstep32(%rip), HSTEP
	vpaddd	.Lsc_hinc(%rip), HR3, HR3
.Lhgroup_\id:
	vmovdqa	HR3, HD0
	vmovdqa	HR3, H0_3
	vpaddd	HSTEP, HR3, H1_3
	vpaddd	HSTEP, H1_3, H2_3
	vpaddd	HSTEP, H2_3, HR3
.irp r, 0,1,2
	vmovdqu	(32 * \r)(%rsp), H0_\r
	vmovdqa	H0_\r, H1_\r
	vmovdqa	H0_\r, H2_\r
.endr
	_hrounds	3
	_hffw_frame	0
	_hffw_frame	1
	_hffw_frame	2
	vpaddd	HD0, H0_3, H0_3
	vpaddd	HSTEP, HD0, TMP
	vpaddd	TMP, H1_3, H1_3
	vpaddd	HSTEP, TMP, TMP
	vpaddd	TMP, H2_3, H2_3
	_hout	\id, 0
	_hout	\id, 1
	_hout	\id, 2
	jmp	.Lhgroup_\id

	_partial_reg	\id
.Ldone_\id:
	vpxor	V0, V0, V0
.irp r, 0,1,2
	vmovdqu	V0, (32 * \r)(%rsp)
.endr
	_frame_leave
	vzeroupper
.Lret_\id:
.endm

/*
 * The one-loop kernels' frame and entry (_chacha_vh, _chacha_zy): the
 * _mac kernels' fields at 16-87 (after the counter and the key pointer),
 * then a keyed call's pointers set a block early (see _chacha_512), the
 * frame, the key pointer and the _mac kernel's arguments.
 */
.macro _vh_mac_fields
	.set	MCORE, 16
	.set	MACP, 24
	.set	MSKIP, 32
	.set	MRND, 36
	.set	GSAVE, 40
.endm

.macro _vh_enter key, mac
.if \key
	sub	$64, SRC
	sub	$64, DST
	add	$64, LEN
.endif
	_frame_enter	FRAME
.if \key
	mov	%r9, KEYP(%rsp)
.endif
.if \mac
	_mac_args
.endif
.endm

/*
 * The round loop of the one-loop kernels (_chacha_vh, _chacha_zy): each
 * double round is _dround \two, then \nh horizontal batches' two half
 * rounds (none for _chacha_zy); with \mac, four MULX blocks are woven into
 * each double round (_mac_begin).
 */
.macro _vh_rounds mac, two, nh=0
.if \mac
	_mac_begin
1:
	.set	MACW, 1
	.set	MAC_BLOCKS, 4
	.set	MSLOT, 0
	.set	MPIECE, 0
	_dround	\two
	.set	MACW, 0
	_vh_hhalves	\nh
	subl	$2, MRND(%rsp)
	jg	1b
	_mac_end
.else
	mov	NROUNDS, RLOOP
1:
	_dround	\two
	_vh_hhalves	\nh
	sub	$2, RLOOP
	jg	1b
.endif
.endm

/* the column and diagonal half rounds of \nh horizontal batches */
.macro _vh_hhalves nh
.if \nh
	_hhalf	\nh, 0x93, 0x39, 0x4e
	_hhalf	\nh, 0x39, 0x93, 0x4e
.endif
.endm

/*
 * One vertical batch and two horizontal ones in the same round loop:
 * \vl 64, blocks 0-15 in zmm and 16-23, for calls of 17 to 24 blocks;
 * \vl 32, blocks 0-7 in ymm and 8-11, for 9 to 12.  Where every vector
 * instruction costs a port slot (Intel), the blocks after the vertical
 * batch cost 60 instructions a double round this way, against 96 in a
 * second vertical batch; where 512-bit instructions issue as two halves
 * (Zen 4), the ymm kernel's 9 blocks took 0.8 of the two-batch ymm
 * kernel's time (the avx512vl row's 9-16 blocks).
 * void fn(const u32 *state, u8 *dst, const u8 *src, unsigned int len,
 * int nrounds[, u8 *key]), len (plus 64 for a keyed call) above 16 * VL
 * and at most 24 * VL bytes.
 * Registers: A0-A15 vertical; horizontal rows in V16-V23, input rows
 * V24-V26, the batches' row 3 in V27/V28; V24-V28 are temporaries once
 * the horizontal feed-forward is done.  Frame: the counter, the key
 * pointer.
 */
.macro _chacha_vh id, vl, nh=2, key=0, mac=0
	_set_vl	\vl, 2
	.set	H0_0, V16
	.set	H0_1, V17
	.set	H0_2, V18
	.set	H0_3, V19
	.set	H1_0, V20
	.set	H1_1, V21
	.set	H1_2, V22
	.set	H1_3, V23
	.set	HR0, V24
	.set	HR1, V25
	.set	HR2, V26
	.set	HD0, V27
	.set	HD1, V28
	.set	TMP, V30
	.set	TMP2, V31
	.set	CTRA, 0
	.set	KEYP, 8
.if \mac
	_vh_mac_fields
	.set	FRAME, 96
.else
	.set	FRAME, 24
.endif

	_vh_enter	\key, \mac
	/*
	 * horizontal rows; row 3 at the blocks after the vertical batch's
	 * NBLK: four steps of a horizontal batch's VL / 16 blocks
	 */
	_hrow	0, HR0
	_hrow	1, HR1
	_hrow	2, HR2
	_hrow	3, HD0
	vpaddd		.Lsc_hinc(%rip), HD0, HD0
	vbroadcasti32x4	.Lsc_hstep\vl(%rip), V29
	vpslld		$2, V29, HD1
	vpaddd		HD1, HD0, HD0
	vpaddd		V29, HD0, HD1
	_hinit	0
.if \nh > 1
	_hinit	1
.endif
	mov	48(STATE), CTR
	mov	CTR, CTRA(%rsp)
	_init_512	A, CTRA(%rsp)
	_vh_rounds	\mac, 0, \nh
	_hffw	0
.if \nh > 1
	_hffw	1
.endif
	_ffw_512	A, CTRA(%rsp)
	_transpose	A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15, V24,V25,V26,V27
.if \key
	_key_block	\id, \id\()_v, A0, A4, A8, A12
	_out	\id, A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15, \id\()_v
.else
	_out	\id, A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15
.endif
	_hout	\id, 0
.if \nh > 1
	_hout	\id, 1
.endif
	jmp	.Ldone_\id

	_partial_masked	\id
.Ldone_\id:
.if \mac
	/* the MULX products' scratch registers that nothing restores */
	xor	%eax, %eax
	xor	%r10d, %r10d
	xor	%r11d, %r11d
.endif
	_frame_leave
	vzeroupper
.endm

SYM_FUNC_START(sc_chacha_xor_avx512_24vh)
	_chacha_vh	z24vh, 64
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_24vh)

SYM_FUNC_START(sc_chacha_xor_avx512_24vh_key)
	_chacha_vh	z24vhk, 64, 2, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_24vh_key)

SYM_FUNC_START(sc_chacha_xor_avx512vl_10vh)
	_chacha_vh	y10vh, 32, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_10vh)

SYM_FUNC_START(sc_chacha_xor_avx512vl_10vh_key)
	_chacha_vh	y10vhk, 32, 1, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_10vh_key)

SYM_FUNC_START(sc_chacha_xor_avx512vl_12vh)
	_chacha_vh	y12vh, 32
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_12vh)

SYM_FUNC_START(sc_chacha_xor_avx512vl_12vh_key)
	_chacha_vh	y12vhk, 32, 2, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_12vh_key)

/*
 * The same with Poly1305 woven into its rounds, four blocks a double
 * round: void fn(state, dst, src, len, nrounds,
 * const struct sc_chacha_mac *mac) as sc_chacha_xor_avx512_32x_mac, the
 * rounds MACing 4 * nrounds / 2 blocks from mac->blocks (mac->skip is not
 * read: there is one round loop, before any output).
 */
SYM_FUNC_START(sc_chacha_xor_avx512_24vh_mac)
	_push_saved
	_chacha_vh	z24vhm, 64, 2, 0, 1
	_pop_saved
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_24vh_mac)

/*
 * 17 to 24 blocks where 512-bit instructions issue as two halves (Zen 4):
 * blocks 0-15 in a vertical zmm batch (A, zmm0-15) and 16-23 in a
 * vertical ymm batch (Y, ymm16-31), one round loop, each step A's four
 * quarter-rounds then Y's.  Both batches are vertical, so no lane is
 * idle and there is no shuffle in the rounds: a double round is 192
 * half-width slots for A and 96 for Y, 72 cycles on four pipes.  On Zen 4, cycles a call: 24
 * blocks in _chacha_vh took 999-1007 (its horizontal rows cost pshufds
 * and a quarter of their lanes at 17-23 blocks), a zmm batch of 16 alone
 * 647 and a ymm batch of 8 alone 425.  Same arguments and lengths as
 * _chacha_vh at \vl 64.  After the rounds Y's last four words are parked
 * in the frame while A is transposed (zmm28-31 its temporaries) and
 * written, then Y is transposed at ymm width (ymm0-3 its temporaries).
 * \mac: four MULX Poly1305 blocks a double round woven in, as
 * _chacha_vh's.  Frame: the two batch counters, the key pointer, the
 * _mac kernel's fields, the parked words.
 */
.macro _chacha_zy id, key=0, mac=0
	_set_vl	64, 2
	.set	Y0, %ymm16
	.set	Y1, %ymm17
	.set	Y2, %ymm18
	.set	Y3, %ymm19
	.set	Y4, %ymm20
	.set	Y5, %ymm21
	.set	Y6, %ymm22
	.set	Y7, %ymm23
	.set	Y8, %ymm24
	.set	Y9, %ymm25
	.set	Y10, %ymm26
	.set	Y11, %ymm27
	.set	Y12, %ymm28
	.set	Y13, %ymm29
	.set	Y14, %ymm30
	.set	Y15, %ymm31
	.set	TMP, V30
	.set	TMP2, V31
	.set	CTRA, 0
	.set	CTRB, 4
	.set	KEYP, 8
.if \mac
	_vh_mac_fields
	.set	YPARK, 128
.else
	.set	YPARK, 64
.endif
	.set	FRAME, YPARK + 4 * 32

	_vh_enter	\key, \mac
	mov	48(STATE), CTR
	mov	CTR, CTRA(%rsp)
	lea	16(CTR64), %eax
	mov	%eax, CTRB(%rsp)
	_init_512	A, CTRA(%rsp)
	_init_512	Y, CTRB(%rsp)
	_vh_rounds	\mac, 2
	_ffw_512	A, CTRA(%rsp)
	_ffw_512	Y, CTRB(%rsp), 32
	/* park Y12-Y15, transpose and write A with zmm28-31 as temps */
	vmovdqa64	%ymm28, (YPARK + 0 * 32)(%rsp)
	vmovdqa64	%ymm29, (YPARK + 1 * 32)(%rsp)
	vmovdqa64	%ymm30, (YPARK + 2 * 32)(%rsp)
	vmovdqa64	%ymm31, (YPARK + 3 * 32)(%rsp)
	_transpose	A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15, V28,V29,V30,V31
.if \key
	_key_block	\id, \id\()_v, A0, A4, A8, A12
	_out	\id, A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15, \id\()_v
.else
	_out	\id, A0,A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15
.endif
	/* Y at ymm width: B0-B15 name ymm16-31, A0-A3 (ymm0-3) the temps */
	_set_vl	32, 2
	.set	TMP, V30
	.set	TMP2, V31
	vmovdqa64	(YPARK + 0 * 32)(%rsp), B12
	vmovdqa64	(YPARK + 1 * 32)(%rsp), B13
	vmovdqa64	(YPARK + 2 * 32)(%rsp), B14
	vmovdqa64	(YPARK + 3 * 32)(%rsp), B15
	_transpose	B0,B1,B2,B3,B4,B5,B6,B7,B8,B9,B10,B11,B12,B13,B14,B15, A0,A1,A2,A3
	_out	\id\()y, B0,B1,B2,B3,B4,B5,B6,B7,B8,B9,B10,B11,B12,B13,B14,B15
	jmp	.Ldone_\id

	_partial_masked	\id\()y
	jmp	.Ldone_\id
	_set_vl	64, 2
	.set	TMP, V30
	.set	TMP2, V31
	_partial_masked	\id
.Ldone_\id\()y:
.Ldone_\id:
.if \mac
	/* the MULX products' scratch registers that nothing restores */
	xor	%eax, %eax
	xor	%r10d, %r10d
	xor	%r11d, %r11d
.endif
	/* wipe the parked keystream words */
	vpxor		%ymm0, %ymm0, %ymm0
	vmovdqa		%ymm0, (YPARK + 0 * 32)(%rsp)
	vmovdqa		%ymm0, (YPARK + 1 * 32)(%rsp)
	vmovdqa		%ymm0, (YPARK + 2 * 32)(%rsp)
	vmovdqa		%ymm0, (YPARK + 3 * 32)(%rsp)
	_frame_leave
	vzeroupper
.endm

/*
 * One step of the four quarter-rounds, A's (zmm) then Y's (ymm).  On Zen 4
 * a 1420-byte call took 896-906 cycles this way, and 925-952 with the two
 * batches alternating quarter-round by quarter-round, the two-batch zmm
 * kernel's order (Zen 5's choice, chacha.rst).
 */
.macro _qstep_zy r, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	_qr_512	A, \r, \x0, \y0, \z0
	_qr_512	A, \r, \x1, \y1, \z1
	_qr_512	A, \r, \x2, \y2, \z2
	_qr_512	A, \r, \x3, \y3, \z3
	_qr_512	Y, \r, \x0, \y0, \z0
	_mac_slot
	_qr_512	Y, \r, \x1, \y1, \z1
	_mac_slot
	_qr_512	Y, \r, \x2, \y2, \z2
	_mac_slot
	_qr_512	Y, \r, \x3, \y3, \z3
	_mac_slot
.endm

SYM_FUNC_START(sc_chacha_xor_avx512_24zy)
	_chacha_zy	z24zy
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_24zy)

SYM_FUNC_START(sc_chacha_xor_avx512_24zy_key)
	_chacha_zy	z24zyk, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_24zy_key)

/*
 * The same with Poly1305 woven into its rounds, four blocks a double
 * round, as sc_chacha_xor_avx512_24vh_mac (its arguments and contract).
 */
SYM_FUNC_START(sc_chacha_xor_avx512_24zy_mac)
	_push_saved
	_chacha_zy	z24zym, 0, 1
	_pop_saved
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_24zy_mac)

SYM_FUNC_START(sc_chacha_xor_avx512vl_1h)
	_chacha_h	x1h, 16, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_1h)

SYM_FUNC_START(sc_chacha_xor_avx512vl_2h)
	_chacha_h	y2h, 32, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_2h)

SYM_FUNC_START(sc_chacha_xor_avx512_4h)
	_chacha_h	z4h, 64, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_4h)

SYM_FUNC_START(sc_chacha_xor_avx512_8h)
	_chacha_h	z8h, 64, 2
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_8h)

SYM_FUNC_START(sc_chacha_xor_avx512vl_2h_key)
	_chacha_h	y2hk, 32, 1, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512vl_2h_key)

SYM_FUNC_START(sc_chacha_xor_avx512_4h_key)
	_chacha_h	z4hk, 64, 1, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_4h_key)

SYM_FUNC_START(sc_chacha_xor_avx512_8h_key)
	_chacha_h	z8hk, 64, 2, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx512_8h_key)

/* AVX2: the horizontal kernels with shift rotations, 1, 2, 4 and 6 blocks */
SYM_FUNC_START(sc_chacha_xor_avx2_1h)
	_chacha_h	a1h, 16, 1, 0, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx2_1h)

SYM_FUNC_START(sc_chacha_xor_avx2_2h)
	_chacha_h	a2h, 32, 1, 0, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx2_2h)

SYM_FUNC_START(sc_chacha_xor_avx2_4h)
	_chacha_h	a4h, 32, 2, 0, 1
	RET
SYM_FUNC_END(sc_chacha_xor_avx2_4h)

SYM_FUNC_START(sc_chacha_xor_avx2_6h)
	_chacha_h3	a6h
	RET
SYM_FUNC_END(sc_chacha_xor_avx2_6h)

/* ---- scalar: one block at a time in general registers ---------------- */

/*
 * For inputs of one block, where a vector batch's latency (about 340 cycles
 * however few blocks it holds) loses to 1-cycle scalar ops, and for contexts
 * that may not use SIMD.  Fourteen words live in registers: a0-a3 in
 * eax/ebx/ecx/edx, b4-b7 in esi/edi/r8d/r9d, d12-d15 in r12d-r15d and two
 * of the c words (8-11) in r10d/r11d.  The other two c words wait on the
 * stack: the column round needs c8/c9 then c10/c11, the diagonal round
 * c10/c11 then c8/c9, so one swap per round.  Pointers, length and the
 * round counter live in the frame too.
 */
#define S_STATE	0
#define S_DST	8
#define S_SRC	16
#define S_LEN	24
#define S_RND	28
#define S_CTR	32
#define S_NR	36
#define S_C	40		/* c8-c11 */
#define S_KS	56		/* one keystream block */
#define S_FRAME	128		/* keeps %rsp 16-byte aligned */

/* two quarter-rounds interleaved, all operands in registers */
.macro _sqr2 a0, b0, c0, d0, a1, b1, c1, d1
	add	\b0, \a0
	add	\b1, \a1
	xor	\a0, \d0
	xor	\a1, \d1
	rol	$16, \d0
	rol	$16, \d1
	add	\d0, \c0
	add	\d1, \c1
	xor	\c0, \b0
	xor	\c1, \b1
	rol	$12, \b0
	rol	$12, \b1
	add	\b0, \a0
	add	\b1, \a1
	xor	\a0, \d0
	xor	\a1, \d1
	rol	$8, \d0
	rol	$8, \d1
	add	\d0, \c0
	add	\d1, \c1
	xor	\c0, \b0
	xor	\c1, \b1
	rol	$7, \b0
	rol	$7, \b1
.endm

.macro _sdround coff=S_C
	/* columns: (0,4,8,12) (1,5,9,13), then (2,6,10,14) (3,7,11,15) */
	_sqr2	%eax, %esi, %r10d, %r12d, %ebx, %edi, %r11d, %r13d
	mov	%r10d, (\coff + 0)(%rsp)
	mov	%r11d, (\coff + 4)(%rsp)
	mov	(\coff + 8)(%rsp), %r10d
	mov	(\coff + 12)(%rsp), %r11d
	_sqr2	%ecx, %r8d, %r10d, %r14d, %edx, %r9d, %r11d, %r15d
	/* diagonals: (0,5,10,15) (1,6,11,12), then (2,7,8,13) (3,4,9,14) */
	_sqr2	%eax, %edi, %r10d, %r15d, %ebx, %r8d, %r11d, %r12d
	mov	%r10d, (\coff + 8)(%rsp)
	mov	%r11d, (\coff + 12)(%rsp)
	mov	(\coff + 0)(%rsp), %r10d
	mov	(\coff + 4)(%rsp), %r11d
	_sqr2	%ecx, %r9d, %r10d, %r13d, %edx, %esi, %r11d, %r14d
.endm

/*
 * Load the scalar block's state from %r11 into the registers the rounds
 * use: c10/c11 parked in the frame at \c + 8, word 12 (the block counter)
 * from \ctr(%rsp), c8/c9 in %r10d/%r11d (so %r11 is consumed last).
 */
.macro _sload c, ctr
	mov	0(%r11), %eax
	mov	4(%r11), %ebx
	mov	8(%r11), %ecx
	mov	12(%r11), %edx
	mov	16(%r11), %esi
	mov	20(%r11), %edi
	mov	24(%r11), %r8d
	mov	28(%r11), %r9d
	mov	40(%r11), %r10d
	mov	%r10d, (\c + 8)(%rsp)
	mov	44(%r11), %r10d
	mov	%r10d, (\c + 12)(%rsp)
	mov	\ctr(%rsp), %r12d
	mov	52(%r11), %r13d
	mov	56(%r11), %r14d
	mov	60(%r11), %r15d
	mov	32(%r11), %r10d
	mov	36(%r11), %r11d
.endm

/*
 * The scalar block's feed-forward: the permuted words (c8-c11 in
 * %r10d/%r11d and the frame at \c) plus the input state (its pointer at
 * \st(%rsp), the counter at \ctr(%rsp)) into the keystream block at
 * \ks(%rsp).  Clobbers %r10 and the block's registers.
 */
.macro _sffw st, c, ctr, ks
	mov	%r10d, (\c + 0)(%rsp)
	mov	%r11d, (\c + 4)(%rsp)
	mov	\st(%rsp), %r10
	add	0(%r10), %eax
	add	4(%r10), %ebx
	add	8(%r10), %ecx
	add	12(%r10), %edx
	add	16(%r10), %esi
	add	20(%r10), %edi
	add	24(%r10), %r8d
	add	28(%r10), %r9d
	add	\ctr(%rsp), %r12d
	add	52(%r10), %r13d
	add	56(%r10), %r14d
	add	60(%r10), %r15d
	mov	%eax, (\ks + 0)(%rsp)
	mov	%ebx, (\ks + 4)(%rsp)
	mov	%ecx, (\ks + 8)(%rsp)
	mov	%edx, (\ks + 12)(%rsp)
	mov	%esi, (\ks + 16)(%rsp)
	mov	%edi, (\ks + 20)(%rsp)
	mov	%r8d, (\ks + 24)(%rsp)
	mov	%r9d, (\ks + 28)(%rsp)
	mov	%r12d, (\ks + 48)(%rsp)
	mov	%r13d, (\ks + 52)(%rsp)
	mov	%r14d, (\ks + 56)(%rsp)
	mov	%r15d, (\ks + 60)(%rsp)
	mov	(\c + 0)(%rsp), %eax
	mov	(\c + 4)(%rsp), %ebx
	mov	(\c + 8)(%rsp), %ecx
	mov	(\c + 12)(%rsp), %edx
	add	32(%r10), %eax
	add	36(%r10), %ebx
	add	40(%r10), %ecx
	add	44(%r10), %edx
	mov	%eax, (\ks + 32)(%rsp)
	mov	%ebx, (\ks + 36)(%rsp)
	mov	%ecx, (\ks + 40)(%rsp)
	mov	%edx, (\ks + 44)(%rsp)
.endm

/* the scalar block's keystream at \ks(%rsp) into the data at \at */
.macro _sxor at, ks
.irp off, 0, 8, 16, 24, 32, 40, 48, 56
	mov	(\at + \off)(SRC), %rax
	xor	(\ks + \off)(%rsp), %rax
	mov	%rax, (\at + \off)(DST)
.endr
.endm

/* load the state (word 12 from S_CTR) and run the rounds */
.macro _sblock
	mov	S_NR(%rsp), %eax
	mov	%eax, S_RND(%rsp)
	mov	S_STATE(%rsp), %r11
	_sload	S_C, S_CTR
1:
	_sdround
	subl	$2, S_RND(%rsp)
	jg	1b
.endm

.macro _spush
	_push_saved
	sub	$S_FRAME, %rsp
.endm

.macro _spop
	add	$S_FRAME, %rsp
	_pop_saved
.endm

/* void sc_chacha_xor_scalar(state, dst, src, len, nrounds) */
SYM_FUNC_START(sc_chacha_xor_scalar)
	test	%ecx, %ecx
	jz	.Lsret
	_spush
	mov	%rdi, S_STATE(%rsp)
	mov	%rsi, S_DST(%rsp)
	mov	%rdx, S_SRC(%rsp)
	mov	%ecx, S_LEN(%rsp)
	mov	%r8d, S_NR(%rsp)
	mov	48(%rdi), %eax
	mov	%eax, S_CTR(%rsp)
.Lsblock:
	_sblock
	/* feed-forward into S_KS */
	_sffw	S_STATE, S_C, S_CTR, S_KS

	/* XOR it into the data */
	mov	S_SRC(%rsp), %rsi
	mov	S_DST(%rsp), %rdi
	mov	S_LEN(%rsp), %ecx
	cmp	$64, %ecx
	jb	.Lspartial
.irp off, 0, 8, 16, 24, 32, 40, 48, 56
	mov	\off(%rsi), %rax
	xor	(S_KS + \off)(%rsp), %rax
	mov	%rax, \off(%rdi)
.endr
	add	$64, %rsi
	add	$64, %rdi
	mov	%rsi, S_SRC(%rsp)
	mov	%rdi, S_DST(%rsp)
	incl	S_CTR(%rsp)
	sub	$64, %ecx
	mov	%ecx, S_LEN(%rsp)
	jnz	.Lsblock
	jmp	.Lsdone

.Lspartial:
	/* 1-63 bytes: eight at a time, then one at a time */
	xor	%edx, %edx
	cmp	$8, %ecx
	jb	2f
1:
	mov	(%rsi, %rdx), %rax
	xor	S_KS(%rsp, %rdx), %rax
	mov	%rax, (%rdi, %rdx)
	add	$8, %edx
	sub	$8, %ecx
	cmp	$8, %ecx
	jae	1b
	test	%ecx, %ecx
	jz	.Lsdone
2:
	movzbl	S_KS(%rsp, %rdx), %eax
	xorb	(%rsi, %rdx), %al
	movb	%al, (%rdi, %rdx)
	inc	%edx
	dec	%ecx
	jnz	2b

.Lsdone:
	/* wipe the keystream block and the c words */
	xor	%eax, %eax
.irp off, 0, 8, 16, 24, 32, 40, 48, 56, 64, 72
	mov	%rax, (S_C + \off)(%rsp)
.endr
	_spop
.Lsret:
	RET
SYM_FUNC_END(sc_chacha_xor_scalar)

/* void sc_hchacha_scalar(const u32 *state, u32 *out, int nrounds) */
SYM_FUNC_START(sc_hchacha_scalar)
	_spush
	mov	%rdi, S_STATE(%rsp)
	mov	%rsi, S_DST(%rsp)
	mov	%edx, S_NR(%rsp)
	mov	48(%rdi), %eax
	mov	%eax, S_CTR(%rsp)
	_sblock
	mov	S_DST(%rsp), %r10
	mov	%eax, 0(%r10)
	mov	%ebx, 4(%r10)
	mov	%ecx, 8(%r10)
	mov	%edx, 12(%r10)
	mov	%r12d, 16(%r10)
	mov	%r13d, 20(%r10)
	mov	%r14d, 24(%r10)
	mov	%r15d, 28(%r10)
	xor	%eax, %eax
	mov	%rax, (S_C + 0)(%rsp)
	mov	%rax, (S_C + 8)(%rsp)
	_spop
	RET
SYM_FUNC_END(sc_hchacha_scalar)

/* ---- AVX2 + scalar: 8 blocks in ymm and a ninth in general registers -- */

/*
 * One 8-block AVX2 batch is latency-bound (four dependency chains), which
 * leaves the integer ALUs idle; a scalar block woven into the same round
 * loop runs there nearly for free.  This kernel takes whole 576-byte
 * groups only (len a non-zero multiple of 576); chacha_x86.c hands the
 * rest to sc_chacha_xor_avx2_8x.
 */
#define H_SAVE	512
#define H_SPILL	640
#define H_CTRS	672
#define H_SCTR	676
#define H_STATE	680
#define H_DST	688
#define H_SRC	696
#define H_LEN	704
#define H_NR	708
#define H_RND	712
#define H_C	716
#define H_KS	732
#define H_FRAME	808

SYM_FUNC_START(sc_chacha_xor_avx2_9x)
	_set_vl	32, 1
	.set	SAVE, H_SAVE
	.set	SPILL, H_SPILL
	.set	CTRS, H_CTRS
	_push_saved
	_frame_enter	H_FRAME
	mov	%rdi, H_STATE(%rsp)
	mov	%rsi, H_DST(%rsp)
	mov	%rdx, H_SRC(%rsp)
	mov	%ecx, H_LEN(%rsp)
	mov	%r8d, H_NR(%rsp)
	mov	48(%rdi), %eax
	mov	%eax, H_CTRS(%rsp)
.Lh_loop:
	mov	H_STATE(%rsp), %rdi
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	_bcast	(4 * \i)(STATE), A\i
.endr
	_bcast	H_CTRS(%rsp), A12
	_vpaddd	.Lsc_inc(%rip), A12, A12
	/* the scalar block: counter + 8 */
	mov	H_CTRS(%rsp), %eax
	add	$8, %eax
	mov	%eax, H_SCTR(%rsp)
	mov	H_NR(%rsp), %eax
	mov	%eax, H_RND(%rsp)
	mov	%rdi, %r11
	_sload	H_C, H_SCTR
1:
	_dround	0
	_sdround H_C
	subl	$2, H_RND(%rsp)
	jg	1b

	/* scalar block: feed-forward into H_KS */
	_sffw	H_STATE, H_C, H_SCTR, H_KS

	/* the vector batch straight into the data, then the scalar block */
	mov	H_STATE(%rsp), STATE
	mov	H_SRC(%rsp), SRC
	mov	H_DST(%rsp), DST
	_finish_16	1
	_sxor	512, H_KS
	add	$576, SRC
	add	$576, DST
	mov	SRC, H_SRC(%rsp)
	mov	DST, H_DST(%rsp)
	addl	$9, H_CTRS(%rsp)
	subl	$576, H_LEN(%rsp)
	ja	.Lh_loop

	/* wipe SAVE, SPILL and the scalar block's words */
	vpxor	A0, A0, A0
	.set	.Loff, H_SAVE
.rept (H_FRAME - H_SAVE) / 32
	vmovdqu	A0, .Loff(%rsp)
	.set	.Loff, .Loff + 32
.endr
	_frame_leave
	_pop_saved
	vzeroupper
	RET
SYM_FUNC_END(sc_chacha_xor_avx2_9x)

/* ---- AVX2 + scalar: 5 blocks, 1 in general registers, 4 horizontal --- */

/*
 * Calls of five blocks: two horizontal ymm batches (blocks 1-4) are two
 * dependency chains that leave the integer ALUs idle, and the third chain
 * of sc_chacha_xor_avx2_6h costs a third more port time for one block.
 * Here block 0 runs in general registers in the same round loop instead
 * (as sc_chacha_xor_avx2_9x does beside a vertical batch), and is XORed
 * into the data first.  len 65..320 bytes; the C glue calls it for 257..320
 * on AMD (the scalar block's ALU work shares ports with vector code on
 * Intel cores, as the zmm row's key block in general registers does).
 * Registers: the horizontal batches as _chacha_h's (V0-V15); the scalar
 * block as sc_chacha_xor_scalar's, so pointers, length and the round count
 * live in the frame during the rounds.
 */
#define G_KS	0		/* the scalar block's keystream */
#define G_C	64		/* its c8-c11 */
#define G_STATE	80
#define G_DST	88
#define G_SRC	96
#define G_LEN	104
#define G_RND	108
#define G_SCTR	112
#define G_FRAME	128

SYM_FUNC_START(sc_chacha_xor_avx2_5h)
	_set_h	32, 1
	_push_saved
	_frame_enter	G_FRAME
	mov	STATE, G_STATE(%rsp)
	mov	DST, G_DST(%rsp)
	mov	SRC, G_SRC(%rsp)
	mov	LEN, G_LEN(%rsp)
	mov	NROUNDS, G_RND(%rsp)
	mov	48(STATE), %eax
	mov	%eax, G_SCTR(%rsp)
	/* blocks 1-2 in batch 0, 3-4 in batch 1 */
	_hrow	0, HR0
	_hrow	1, HR1
	_hrow	2, HR2
	_hrow	3, HR3
	vbroadcasti128	.Lsc_hstep16(%rip), TMP
	vbroadcasti128	.Lsc_hstep32(%rip), HSTEP
	vpaddd	.Lsc_hinc(%rip), HR3, HR3
	vpaddd	TMP, HR3, HD0
	vpaddd	HSTEP, HD0, HD1
	_hinit	0
	_hinit	1
	mov	STATE, %r11
	_sload	G_C, G_SCTR
1:
	_hhalf	2, 0x93, 0x39, 0x4e
	_hhalf	2, 0x39, 0x93, 0x4e
	_sdround G_C
	subl	$2, G_RND(%rsp)
	jg	1b

	_sffw	G_STATE, G_C, G_SCTR, G_KS
	mov	G_STATE(%rsp), STATE
	mov	G_DST(%rsp), DST
	mov	G_SRC(%rsp), SRC
	mov	G_LEN(%rsp), LEN
	_sxor	0, G_KS
	add	$64, SRC
	add	$64, DST
	sub	$64, LEN
	_hffw	0
	_hffw	1
	_hout	a5h, 0
	_hout	a5h, 1
	jmp	.Ldone_a5h

	_partial_reg	a5h
.Ldone_a5h:
	/* wipe the scalar block's keystream and words */
	vpxor	V0, V0, V0
	vmovdqa	V0, (G_KS + 0)(%rsp)
	vmovdqa	V0, (G_KS + 32)(%rsp)
	vmovdqa	%xmm0, G_C(%rsp)
	_frame_leave
	_pop_saved
	vzeroupper
	RET
SYM_FUNC_END(sc_chacha_xor_avx2_5h)
