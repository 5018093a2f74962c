/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha20/ChaCha12 and HChaCha for arm64 NEON (ASIMD).
 *
 * Algorithm (RFC 8439): 16 32-bit words, nrounds/2 double rounds of four
 * column quarter-rounds then four diagonal quarter-rounds; a keystream
 * block is the permuted state plus the input state, serialised
 * little-endian.  HChaCha returns words 0-3 and 12-15 of the permuted state
 * without the final addition.
 *
 * Two kernels share the quarter-round and rotate helpers (the 4-way ones
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
 * 2. sc_chacha_neon_xor1 and sc_chacha_neon_hchacha: one block,
 *    "horizontal" layout: v0-v3 hold rows 0-3 of the state (four words
 *    each).  The diagonal round rotates rows 1-3 by 1, 2, 3 lanes with EXT,
 *    runs the same column code and rotates them back.
 *
 *	v0-v3	rows  v4 temporary  v16-v19 the input rows  v20 rot8 index
 *
 * Rotations: by 16 with REV32 on halfwords, by 8 with TBL, by 12 and 7
 * with SHL + SRI (shift left, then shift-right-and-insert).  Constants are
 * built with MOVZ/MOVK, so the code has no data references.
 *
 * Endianness: the state is loaded with element-sized loads (LD4R/LD1 .4s),
 * so lanes hold the words' values on either endianness, and data and
 * keystream meet as bytes (LD1/ST1 .16b: register byte j is memory byte
 * j), which serialises each lane little-endian.  No swaps are needed on a
 * big-endian kernel.
 *
 * The C wrappers (chacha_arm64.c) feed whole 256- or 64-byte blocks and
 * bounce a partial tail through a stack buffer, so these functions never
 * read or write beyond the block(s) they are given.
 */
#include <linux/linkage.h>
#include "chacha-neon.h"

	.text

/*
 * void sc_chacha_neon_xor4(const u32 *state, u8 *dst, const u8 *src,
 *			    int nrounds);
 * XOR 256 bytes (blocks with counters state[12] + 0..3) from src into dst.
 */
SYM_FUNC_START(sc_chacha_neon_xor4)
	_save_d8_d15
	_rot8_index	x5
	movz	x5, #0
	movk	x5, #1, lsl #32
	mov	v21.d[0], x5
	movz	x5, #2
	movk	x5, #3, lsl #32
	mov	v21.d[1], x5

	mov	x5, x0
	ld4r	{v0.4s-v3.4s}, [x5], #16
	ld4r	{v4.4s-v7.4s}, [x5], #16
	ld4r	{v8.4s-v11.4s}, [x5], #16
	ld4r	{v12.4s-v15.4s}, [x5]
	add	v12.4s, v12.4s, v21.4s

	lsr	w4, w3, #1
.Lxor4_round:
	_dround4
	subs	w4, w4, #1
	b.ne	.Lxor4_round

	/* add the input state (counters + lane offsets) */
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

	_xor_batch4
	_restore_d8_d15
	ret
SYM_FUNC_END(sc_chacha_neon_xor4)

/* One double round on the horizontal (row) layout in v0-v3. */
.macro	_qr1
	add	v0.4s, v0.4s, v1.4s
	eor	v3.16b, v3.16b, v0.16b
	rev32	v3.8h, v3.8h
	add	v2.4s, v2.4s, v3.4s
	eor	v4.16b, v1.16b, v2.16b
	shl	v1.4s, v4.4s, #12
	sri	v1.4s, v4.4s, #20
	add	v0.4s, v0.4s, v1.4s
	eor	v3.16b, v3.16b, v0.16b
	tbl	v3.16b, {v3.16b}, v20.16b
	add	v2.4s, v2.4s, v3.4s
	eor	v4.16b, v1.16b, v2.16b
	shl	v1.4s, v4.4s, #7
	sri	v1.4s, v4.4s, #25
.endm

.macro	_dround1
	_qr1
	ext	v1.16b, v1.16b, v1.16b, #4
	ext	v2.16b, v2.16b, v2.16b, #8
	ext	v3.16b, v3.16b, v3.16b, #12
	_qr1
	ext	v1.16b, v1.16b, v1.16b, #12
	ext	v2.16b, v2.16b, v2.16b, #8
	ext	v3.16b, v3.16b, v3.16b, #4
.endm

/*
 * void sc_chacha_neon_xor1(const u32 *state, u8 *dst, const u8 *src,
 *			    int nrounds);
 * XOR one 64-byte block (counter state[12]) from src into dst.
 */
SYM_FUNC_START(sc_chacha_neon_xor1)
	_rot8_index	x5
	ld1	{v16.4s-v19.4s}, [x0]
	mov	v0.16b, v16.16b
	mov	v1.16b, v17.16b
	mov	v2.16b, v18.16b
	mov	v3.16b, v19.16b
	lsr	w4, w3, #1
.Lxor1_round:
	_dround1
	subs	w4, w4, #1
	b.ne	.Lxor1_round

	add	v0.4s, v0.4s, v16.4s
	add	v1.4s, v1.4s, v17.4s
	add	v2.4s, v2.4s, v18.4s
	add	v3.4s, v3.4s, v19.4s
	_xor_block	0, 1, 2, 3
	ret
SYM_FUNC_END(sc_chacha_neon_xor1)

/*
 * void sc_chacha_neon_hchacha(const u32 *state, u32 *out, int nrounds);
 * out[0..3] = permuted words 0-3, out[4..7] = permuted words 12-15.
 */
SYM_FUNC_START(sc_chacha_neon_hchacha)
	_rot8_index	x5
	ld1	{v0.4s-v3.4s}, [x0]
	lsr	w4, w2, #1
.Lhchacha_round:
	_dround1
	subs	w4, w4, #1
	b.ne	.Lhchacha_round

	st1	{v0.4s}, [x1], #16
	st1	{v3.4s}, [x1]
	ret
SYM_FUNC_END(sc_chacha_neon_hchacha)
