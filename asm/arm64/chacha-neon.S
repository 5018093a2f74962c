/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha20/ChaCha12 and HChaCha for arm64: NEON (ASIMD), and general
 * registers beside it or alone.
 *
 * Algorithm (RFC 8439): 16 32-bit words, nrounds/2 double rounds of four
 * column quarter-rounds then four diagonal quarter-rounds; a keystream
 * block is the permuted state plus the input state, serialised
 * little-endian.  HChaCha returns words 0-3 and 12-15 of the permuted state
 * without the final addition.
 *
 * The kernels share the quarter-round and rotate helpers (the 4-way ones
 * live in chacha-neon.h, shared with chacha20poly1305-neon.S):
 *
 * 1. sc_chacha_neon_xor4: four consecutive blocks at once, "vertical"
 *    layout.  Vector register vN holds word N of the four blocks (lane b =
 *    block b, counter state[12] + b, added with a 32-bit vector add so the
 *    counter wraps exactly like the generic code).  A double round is then
 *    the scalar code with every operation four lanes wide, and the four
 *    independent quarter-rounds of a half-round are interleaved for ILP.
 *    At the end each 4x4 group of words is transposed (TRN1/TRN2 on .4s,
 *    then on .2d) so that v(4g+b) holds bytes 16g..16g+15 of block b.
 *
 *	v0-v15	the 16 state words x 4 blocks
 *	v16-v19	temporaries (b^c before the 12/7 rotations; input data)
 *	v20	TBL index for rotate-left-by-8
 *	v21	{0, 1, 2, 3}: the per-lane counter offsets
 *	x0 state  x1 dst  x2 src  w3 nrounds  w4 double-round counter
 *	(d8-d15 are saved on the stack: callee-saved in the AAPCS64)
 *
 * 2. sc_chacha_neon_xor5: the 4-way kernel plus a fifth block (counter
 *    state[12] + 4) in general registers, 320 bytes a call.  The 4-way
 *    rounds leave the integer pipes idle; the fifth block's four
 *    quarter-rounds of each half-round run there, one step of all four
 *    (four ADD, EOR or ROR) after each group of four NEON instructions of
 *    the same step (_qr4's hook slots).  Its words are added to the input
 *    state, paired into 64-bit values and XORed with LDP/STP.
 *    llvm-mca's models of out-of-order cores put a call at about the
 *    cycles of the 4-way kernel: 1.2x fewer cycles per byte (Cortex-A57,
 *    TSV110, Exynos M5); the in-order Cortex-A53/A55 models are 4-13%
 *    slower per byte, so the row that uses it ("neon-gpr") is chosen only
 *    by load-time calibration (Documentation/arm64.rst).
 *
 *	v0-v21	as sc_chacha_neon_xor4
 *	w3, w5-w17, w19, w20	words 0-15 of the fifth block
 *	x21, x22	temporaries of the output (x19-x22 saved on the stack)
 *	x0 state  x1 dst  x2 src  w4 double-round counter (w3 nrounds on entry)
 *
 * 3. sc_chacha_arm64_xor1 and sc_chacha_arm64_hchacha: that fifth block
 *    alone, for one block, a text's last block and HChaCha, in general
 *    registers only (no NEON section needed).  Four quarter-rounds a step
 *    side by side, where a 1-block NEON kernel ("horizontal", rows in
 *    v0-v3, until 2026-12-05) was one chain of dependent vector steps:
 *    llvm-mca's LLVM 19 models put one call at 250-500 cycles on the
 *    out-of-order cores against 620-990 for that kernel, and level on
 *    the in-order Cortex-A55 (Documentation/arm64.rst).
 *
 * 4. sc_chacha_neon_xor9: two 4-way batches (blocks 0-3 in v0-v15, 4-7
 *    in v16-v30 and the frame) in one round loop, one quarter-round of
 *    each batch in turn (_qr1, _dround8 in chacha-neon.h), and a ninth
 *    block in general registers as in sc_chacha_neon_xor5, its steps on
 *    every other of _qr1's slots: 576 bytes a call.  One batch's four
 *    chains of dependent steps leave half of a four-pipe core's vector
 *    pipes idle (Neoverse V1/V2); eight fill them.  With every register
 *    taken, the rotation by 8 is a shift pair too and v31 is the one
 *    temporary.  LLVM 19's models: 1.25-1.30 cycles per byte on V1/V2
 *    against 1.84-1.87 for sc_chacha_neon_xor5 (1.40 without the ninth
 *    block); slower than that on two-pipe and in-order cores, so its
 *    row ("neon-x8-gpr") is chosen only by calibration.
 *
 *	v0-v15	batch A as in sc_chacha_neon_xor4
 *	v16-v30	batch B's words 0-14 (word 15 in the frame, see _dround8)
 *	v31	temporary
 *	w3, w5-w17, w19, w20	the ninth block, as in sc_chacha_neon_xor5
 *	frame	256 bytes: batch B's words for the output, wiped on return
 *
 * Rotations: by 16 with REV32 on halfwords, by 8 with TBL, by 12 and 7
 * with SHL + SRI (shift left, then shift-right-and-insert); one ROR each in
 * general registers.  Constants are built with MOVZ/MOVK, so the code has
 * no data references.
 *
 * Endianness: the state is loaded with element-sized loads (LD4R, LDP),
 * so lanes hold the words' values on either endianness, and data and
 * keystream meet as bytes (LD1/ST1 .16b: register byte j is memory byte
 * j), which serialises each lane little-endian.  No swaps are needed on a
 * big-endian kernel, but for the general-register block's 64-bit words
 * (REV).
 *
 * The C wrappers (chacha_arm64.c) feed whole 320-, 256- or 64-byte blocks
 * and bounce a partial tail through a stack buffer, so these functions
 * never read or write beyond the block(s) they are given.
 */
#include <linux/linkage.h>
#include "chacha-neon.h"

	.text

/*
 * v0-v15 = the state's words, one per register, in all four lanes, with
 * the lane offsets 0-3 (v21) added to the counter; v20 the rot8 index.
 * Clobbers x5.
 */
.macro	_load_batch4
	_rot8_index	x5
	_lane_offsets	0

	mov	x5, x0
	ld4r	{v0.4s-v3.4s}, [x5], #16
	ld4r	{v4.4s-v7.4s}, [x5], #16
	ld4r	{v8.4s-v11.4s}, [x5], #16
	ld4r	{v12.4s-v15.4s}, [x5]
	add	v12.4s, v12.4s, v21.4s
.endm

/* Add the input state (counters + lane offsets) to v0-v15.  Clobbers x5. */
.macro	_add_state4
	mov	x5, x0
	ld4r	{v16.4s-v19.4s}, [x5], #16
	add	v0.4s, v0.4s, v16.4s
	add	v1.4s, v1.4s, v17.4s
	add	v2.4s, v2.4s, v18.4s
	add	v3.4s, v3.4s, v19.4s
	ld4r	{v16.4s-v19.4s}, [x5], #16
	add	v4.4s, v4.4s, v16.4s
	add	v5.4s, v5.4s, v17.4s
	add	v6.4s, v6.4s, v18.4s
	add	v7.4s, v7.4s, v19.4s
	ld4r	{v16.4s-v19.4s}, [x5], #16
	add	v8.4s, v8.4s, v16.4s
	add	v9.4s, v9.4s, v17.4s
	add	v10.4s, v10.4s, v18.4s
	add	v11.4s, v11.4s, v19.4s
	ld4r	{v16.4s-v19.4s}, [x5]
	add	v16.4s, v16.4s, v21.4s
	add	v12.4s, v12.4s, v16.4s
	add	v13.4s, v13.4s, v17.4s
	add	v14.4s, v14.4s, v18.4s
	add	v15.4s, v15.4s, v19.4s
.endm

/*
 * void sc_chacha_neon_xor4(const u32 *state, u8 *dst, const u8 *src,
 *			    int nrounds);
 * XOR 256 bytes (blocks with counters state[12] + 0..3) from src into dst.
 */
SYM_FUNC_START(sc_chacha_neon_xor4)
	_save_d8_d15
	_load_batch4
	lsr	w4, w3, #1
.Lxor4_round:
	_dround4
	subs	w4, w4, #1
	b.ne	.Lxor4_round

	_add_state4
	_xor_batch4
	_restore_d8_d15
	ret
SYM_FUNC_END(sc_chacha_neon_xor4)

/*
 * The fifth block's quarter-rounds, woven into _qr4's slots: the scalar
 * steps of four quarter-rounds side by side, one step (four instructions)
 * after a group of four NEON instructions of the same kind.  The scalar
 * rotations are one ROR each, so _qr4's second rotate slots (6 and 13)
 * stay empty.  Arguments: the slot, then w-register numbers a, b, c, d of
 * the four quarter-rounds.
 */
.macro	_gpr_op4	op, r0, s0, r1, s1, r2, s2, r3, s3
	\op	w\r0, w\r0, w\s0
	\op	w\r1, w\r1, w\s1
	\op	w\r2, w\r2, w\s2
	\op	w\r3, w\r3, w\s3
.endm

.macro	_gpr_ror4	n, r0, r1, r2, r3
	ror	w\r0, w\r0, #\n
	ror	w\r1, w\r1, #\n
	ror	w\r2, w\r2, #\n
	ror	w\r3, w\r3, #\n
.endm

.macro	_gpr_qr4_slot	n, a0, b0, c0, d0, a1, b1, c1, d1, \
			a2, b2, c2, d2, a3, b3, c3, d3
.if \n == 0 || \n == 7
	_gpr_op4	add, \a0, \b0, \a1, \b1, \a2, \b2, \a3, \b3
.elseif \n == 1 || \n == 8
	_gpr_op4	eor, \d0, \a0, \d1, \a1, \d2, \a2, \d3, \a3
.elseif \n == 2
	_gpr_ror4	16, \d0, \d1, \d2, \d3
.elseif \n == 9
	_gpr_ror4	24, \d0, \d1, \d2, \d3
.elseif \n == 3 || \n == 10
	_gpr_op4	add, \c0, \d0, \c1, \d1, \c2, \d2, \c3, \d3
.elseif \n == 4 || \n == 11
	_gpr_op4	eor, \b0, \c0, \b1, \c1, \b2, \c2, \b3, \c3
.elseif \n == 5
	_gpr_ror4	20, \b0, \b1, \b2, \b3
.elseif \n == 12
	_gpr_ror4	25, \b0, \b1, \b2, \b3
.endif
.endm

/*
 * Word i of the fifth block lives in w(3, 5-17, 19, 20)[i]; its column
 * and diagonal quarter-rounds as _qr4 hooks.
 */
.macro	_gpr_col	n
	_gpr_qr4_slot	\n, 3, 8, 12, 16,  5, 9, 13, 17,  6, 10, 14, 19,  7, 11, 15, 20
.endm

.macro	_gpr_diag	n
	_gpr_qr4_slot	\n, 3, 9, 14, 20,  5, 10, 15, 16,  6, 11, 12, 17,  7, 8, 13, 19
.endm

/*
 * Fifth block: add the input state (counter + 4) to its words and XOR the
 * keystream into the 64 bytes at [x2] -> [x1], pairs of words as 64-bit
 * little-endian values.  Clobbers x21, x22.
 */
.macro	_gpr_add2	off, lo, hi, ctr=0
	ldp	w21, w22, [x0, #\off]
.if \ctr
	add	w21, w21, #\ctr
.endif
	add	w\lo, w\lo, w21
	add	w\hi, w\hi, w22
	orr	x\lo, x\lo, x\hi, lsl #32
#ifdef __AARCH64EB__
	rev	x\lo, x\lo
#endif
.endm

.macro	_gpr_xor16	off, k0, k1
	ldp	x21, x22, [x2, #\off]
	eor	x21, x21, x\k0
	eor	x22, x22, x\k1
	stp	x21, x22, [x1, #\off]
.endm

/* The state's words into the fifth block's registers. */
.macro	_gpr_load
	ldp	w3, w5, [x0]
	ldp	w6, w7, [x0, #8]
	ldp	w8, w9, [x0, #16]
	ldp	w10, w11, [x0, #24]
	ldp	w12, w13, [x0, #32]
	ldp	w14, w15, [x0, #40]
	ldp	w16, w17, [x0, #48]
	ldp	w19, w20, [x0, #56]
.endm

/* A double round of the general-register block alone (no NEON). */
.macro	_gpr_dround
	.irp	n, 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12
	_gpr_col	\n
	.endr
	.irp	n, 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12
	_gpr_diag	\n
	.endr
.endm

/*
 * The general-register block's words plus the input state (counter +
 * \ctr), paired into 64-bit little-endian values in x3, x6, x8, x10, x12,
 * x14, x16, x19; then XORed into the 64 bytes at [x2] -> [x1].
 */
.macro	_gpr_add_state	ctr
	_gpr_add2	0, 3, 5
	_gpr_add2	8, 6, 7
	_gpr_add2	16, 8, 9
	_gpr_add2	24, 10, 11
	_gpr_add2	32, 12, 13
	_gpr_add2	40, 14, 15
	_gpr_add2	48, 16, 17, \ctr
	_gpr_add2	56, 19, 20
.endm

.macro	_gpr_xor_block
	_gpr_xor16	0, 3, 6
	_gpr_xor16	16, 8, 10
	_gpr_xor16	32, 12, 14
	_gpr_xor16	48, 16, 19
.endm

/*
 * void sc_chacha_neon_xor5(const u32 *state, u8 *dst, const u8 *src,
 *			    int nrounds);
 * XOR 320 bytes (blocks with counters state[12] + 0..4) from src into dst:
 * blocks 0-3 in NEON registers as sc_chacha_neon_xor4 does, block 4 in
 * general registers, both in one round loop.
 */
SYM_FUNC_START(sc_chacha_neon_xor5)
	stp	x19, x20, [sp, #-32]!
	stp	x21, x22, [sp, #16]
	_save_d8_d15
	_load_batch4
	lsr	w4, w3, #1
	_gpr_load
	add	w16, w16, #4
.Lxor5_round:
	_qr4	0, 4, 8, 12,  1, 5, 9, 13,  2, 6, 10, 14,  3, 7, 11, 15, _gpr_col
	_qr4	0, 5, 10, 15,  1, 6, 11, 12,  2, 7, 8, 13,  3, 4, 9, 14, _gpr_diag
	subs	w4, w4, #1
	b.ne	.Lxor5_round

	_gpr_add_state	4		/* before _add_state4 takes x5 */
	_add_state4
	_xor_batch4
	_gpr_xor_block
	_restore_d8_d15
	ldp	x21, x22, [sp, #16]
	ldp	x19, x20, [sp], #32
	ret
SYM_FUNC_END(sc_chacha_neon_xor5)

/*
 * The ninth block's steps on _dround8's slots (0..63): a step of its four
 * column quarter-rounds on every other slot of the column half (0..26),
 * of the diagonal ones on every other slot of the diagonal half.
 */
.macro	_x9_gpr_slot	n
.if (\n) < 32 && ((\n) % 2) == 0
	_gpr_col	((\n) / 2)
.elseif (\n) >= 32 && ((\n) % 2) == 0
	_gpr_diag	(((\n) - 32) / 2)
.endif
.endm

/*
 * void sc_chacha_neon_xor9(const u32 *state, u8 *dst, const u8 *src,
 *			    int nrounds);
 * XOR 576 bytes (counters state[12] + 0..8): sc_chacha_neon_xor8's two
 * batches and a ninth block in general registers, as in
 * sc_chacha_neon_xor5, in one round loop.
 */
SYM_FUNC_START(sc_chacha_neon_xor9)
	stp	x19, x20, [sp, #-32]!
	stp	x21, x22, [sp, #16]
	_save_d8_d15
	sub	sp, sp, #X8_FRAME
	_load_batch4
	_x8_batch_b
	lsr	w4, w3, #1
	_gpr_load
	add	w16, w16, #8
.Lxor9_round:
	_dround8	_x9_gpr_slot
	subs	w4, w4, #1
	b.ne	.Lxor9_round

	_gpr_add_state	8		/* before x5 is taken */
	_x8_spill_b
	_lane_offsets	0
	_add_state4
	_xor_batch4
	_x8_load_b
	_lane_offsets	4
	_add_state4
	_xor_batch4
	_gpr_xor_block
	_x8_wipe
	add	sp, sp, #X8_FRAME
	_restore_d8_d15
	ldp	x21, x22, [sp, #16]
	ldp	x19, x20, [sp], #32
	ret
SYM_FUNC_END(sc_chacha_neon_xor9)

/*
 * void sc_chacha_arm64_xor1(const u32 *state, u8 *dst, const u8 *src,
 *			     int nrounds);
 * XOR one 64-byte block (counter state[12]) from src into dst, in general
 * registers only: the fifth block of sc_chacha_neon_xor5 on its own.  Four
 * independent quarter-rounds a step keep the integer pipes busy, where
 * a 1-block NEON kernel is one chain of dependent vector steps; it needs
 * no NEON section.
 */
SYM_FUNC_START(sc_chacha_arm64_xor1)
	stp	x19, x20, [sp, #-32]!
	stp	x21, x22, [sp, #16]
	lsr	w4, w3, #1
	_gpr_load
.Lgpr1_round:
	_gpr_dround
	subs	w4, w4, #1
	b.ne	.Lgpr1_round

	_gpr_add_state	0
	_gpr_xor_block
	ldp	x21, x22, [sp, #16]
	ldp	x19, x20, [sp], #32
	ret
SYM_FUNC_END(sc_chacha_arm64_xor1)

/*
 * void sc_chacha_arm64_hchacha(const u32 *state, u32 *out, int nrounds);
 * HChaCha in general registers: out[0..3] = permuted words 0-3, out[4..7]
 * = permuted words 12-15.
 */
SYM_FUNC_START(sc_chacha_arm64_hchacha)
	stp	x19, x20, [sp, #-16]!
	lsr	w4, w2, #1
	_gpr_load
.Lgpr_hchacha_round:
	_gpr_dround
	subs	w4, w4, #1
	b.ne	.Lgpr_hchacha_round

	stp	w3, w5, [x1]
	stp	w6, w7, [x1, #8]
	stp	w16, w17, [x1, #16]
	stp	w19, w20, [x1, #24]
	ldp	x19, x20, [sp], #16
	ret
SYM_FUNC_END(sc_chacha_arm64_hchacha)
