/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Assembler macros shared by the NEON ChaCha kernels (chacha-neon.S) and
 * the stitched ChaCha20-Poly1305 kernels (chacha20poly1305-neon.S): the
 * 4-way "vertical" quarter-rounds, the 8-way ones (two batches) and their
 * frame, the transpose back to block order, the XOR of a keystream block,
 * the rotate-by-8 index and the d8-d15 save.
 * The layout they assume is described in chacha-neon.S:
 *
 *	v0-v15	word N of four blocks in vN
 *	v16-v19	temporaries
 *	v20	TBL index for rotate-left-by-8
 *
 * Include only from .S files.
 */
#ifndef _SC_ARM64_CHACHA_NEON_H
#define _SC_ARM64_CHACHA_NEON_H

#include "neon-d8-d15.h"

/* v20 = rotate-left-by-8 byte index, per 32-bit lane: 3,0,1,2, 7,4,5,6 ... */
.macro	_rot8_index	tmp
	movz	\tmp, #0x0003
	movk	\tmp, #0x0201, lsl #16
	movk	\tmp, #0x0407, lsl #32
	movk	\tmp, #0x0605, lsl #48
	mov	v20.d[0], \tmp
	movz	\tmp, #0x080b
	movk	\tmp, #0x0a09, lsl #16
	movk	\tmp, #0x0c0f, lsl #32
	movk	\tmp, #0x0e0d, lsl #48
	mov	v20.d[1], \tmp
.endm

/*
 * A slot for other work between two groups of four NEON instructions:
 * expands to "\hook \n" when a hook macro is named, to nothing otherwise.
 * The stitched AEAD kernel hangs the fourteen steps of a Poly1305 block on
 * the fourteen slots of one _qr4.
 */
.macro	_qr4_slot	hook, n
.ifnb	\hook
	\hook	\n
.endif
.endm

/*
 * Four quarter-rounds side by side on vertical state words:
 * QR(a0,b0,c0,d0) ... QR(a3,b3,c3,d3), register numbers as arguments;
 * \hook (optional) is called with 0..13 after each group of four.
 */
.macro	_qr4	a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, hook
	add	v\a0\().4s, v\a0\().4s, v\b0\().4s
	add	v\a1\().4s, v\a1\().4s, v\b1\().4s
	add	v\a2\().4s, v\a2\().4s, v\b2\().4s
	add	v\a3\().4s, v\a3\().4s, v\b3\().4s
	_qr4_slot	\hook, 0
	eor	v\d0\().16b, v\d0\().16b, v\a0\().16b
	eor	v\d1\().16b, v\d1\().16b, v\a1\().16b
	eor	v\d2\().16b, v\d2\().16b, v\a2\().16b
	eor	v\d3\().16b, v\d3\().16b, v\a3\().16b
	_qr4_slot	\hook, 1
	rev32	v\d0\().8h, v\d0\().8h
	rev32	v\d1\().8h, v\d1\().8h
	rev32	v\d2\().8h, v\d2\().8h
	rev32	v\d3\().8h, v\d3\().8h
	_qr4_slot	\hook, 2

	add	v\c0\().4s, v\c0\().4s, v\d0\().4s
	add	v\c1\().4s, v\c1\().4s, v\d1\().4s
	add	v\c2\().4s, v\c2\().4s, v\d2\().4s
	add	v\c3\().4s, v\c3\().4s, v\d3\().4s
	_qr4_slot	\hook, 3
	eor	v16.16b, v\b0\().16b, v\c0\().16b
	eor	v17.16b, v\b1\().16b, v\c1\().16b
	eor	v18.16b, v\b2\().16b, v\c2\().16b
	eor	v19.16b, v\b3\().16b, v\c3\().16b
	_qr4_slot	\hook, 4
	shl	v\b0\().4s, v16.4s, #12
	shl	v\b1\().4s, v17.4s, #12
	shl	v\b2\().4s, v18.4s, #12
	shl	v\b3\().4s, v19.4s, #12
	_qr4_slot	\hook, 5
	sri	v\b0\().4s, v16.4s, #20
	sri	v\b1\().4s, v17.4s, #20
	sri	v\b2\().4s, v18.4s, #20
	sri	v\b3\().4s, v19.4s, #20
	_qr4_slot	\hook, 6

	add	v\a0\().4s, v\a0\().4s, v\b0\().4s
	add	v\a1\().4s, v\a1\().4s, v\b1\().4s
	add	v\a2\().4s, v\a2\().4s, v\b2\().4s
	add	v\a3\().4s, v\a3\().4s, v\b3\().4s
	_qr4_slot	\hook, 7
	eor	v\d0\().16b, v\d0\().16b, v\a0\().16b
	eor	v\d1\().16b, v\d1\().16b, v\a1\().16b
	eor	v\d2\().16b, v\d2\().16b, v\a2\().16b
	eor	v\d3\().16b, v\d3\().16b, v\a3\().16b
	_qr4_slot	\hook, 8
	tbl	v\d0\().16b, {v\d0\().16b}, v20.16b
	tbl	v\d1\().16b, {v\d1\().16b}, v20.16b
	tbl	v\d2\().16b, {v\d2\().16b}, v20.16b
	tbl	v\d3\().16b, {v\d3\().16b}, v20.16b
	_qr4_slot	\hook, 9

	add	v\c0\().4s, v\c0\().4s, v\d0\().4s
	add	v\c1\().4s, v\c1\().4s, v\d1\().4s
	add	v\c2\().4s, v\c2\().4s, v\d2\().4s
	add	v\c3\().4s, v\c3\().4s, v\d3\().4s
	_qr4_slot	\hook, 10
	eor	v16.16b, v\b0\().16b, v\c0\().16b
	eor	v17.16b, v\b1\().16b, v\c1\().16b
	eor	v18.16b, v\b2\().16b, v\c2\().16b
	eor	v19.16b, v\b3\().16b, v\c3\().16b
	_qr4_slot	\hook, 11
	shl	v\b0\().4s, v16.4s, #7
	shl	v\b1\().4s, v17.4s, #7
	shl	v\b2\().4s, v18.4s, #7
	shl	v\b3\().4s, v19.4s, #7
	_qr4_slot	\hook, 12
	sri	v\b0\().4s, v16.4s, #25
	sri	v\b1\().4s, v17.4s, #25
	sri	v\b2\().4s, v18.4s, #25
	sri	v\b3\().4s, v19.4s, #25
	_qr4_slot	\hook, 13
.endm

/* One double round: columns, then diagonals; \hook as for _qr4. */
.macro	_dround4	hook
	_qr4	0, 4, 8, 12,  1, 5, 9, 13,  2, 6, 10, 14,  3, 7, 11, 15, \hook
	_qr4	0, 5, 10, 15,  1, 6, 11, 12,  2, 7, 8, 13,  3, 4, 9, 14, \hook
.endm

/* Transpose words w..w+3 (v\w .. v\w+3) of 4 blocks into block order. */
.macro	_transpose4	w0, w1, w2, w3
	trn1	v16.4s, v\w0\().4s, v\w1\().4s
	trn2	v17.4s, v\w0\().4s, v\w1\().4s
	trn1	v18.4s, v\w2\().4s, v\w3\().4s
	trn2	v19.4s, v\w2\().4s, v\w3\().4s
	trn1	v\w0\().2d, v16.2d, v18.2d
	trn1	v\w1\().2d, v17.2d, v19.2d
	trn2	v\w2\().2d, v16.2d, v18.2d
	trn2	v\w3\().2d, v17.2d, v19.2d
.endm

/*
 * XOR one 64-byte block of keystream (four registers) into [\src] ->
 * [\dst], both pointers post-incremented by 64.
 */
.macro	_xor_block	k0, k1, k2, k3, src=x2, dst=x1
	ld1	{v16.16b-v19.16b}, [\src], #64
	eor	v16.16b, v16.16b, v\k0\().16b
	eor	v17.16b, v17.16b, v\k1\().16b
	eor	v18.16b, v18.16b, v\k2\().16b
	eor	v19.16b, v19.16b, v\k3\().16b
	st1	{v16.16b-v19.16b}, [\dst], #64
.endm

/*
 * The four blocks of a batch (vN: word N of the four blocks, lane b =
 * block b) turned from words into blocks, XORed with 256 bytes at \src
 * into \dst.
 */
.macro	_xor_batch4	src=x2, dst=x1
	_transpose4	0, 1, 2, 3
	_transpose4	4, 5, 6, 7
	_transpose4	8, 9, 10, 11
	_transpose4	12, 13, 14, 15
	_xor_block	0, 4, 8, 12, \src, \dst
	_xor_block	1, 5, 9, 13, \src, \dst
	_xor_block	2, 6, 10, 14, \src, \dst
	_xor_block	3, 7, 11, 15, \src, \dst
.endm

/*
 * One quarter-round of one batch on vertical words (register numbers),
 * the 8-way kernels' way: v31 is its only temporary (b ^ c before the
 * rotations by 12 and 7, d ^ a before the one by 8, which is a shift pair
 * here: no register is left for the TBL index).  Program order reuses
 * v31 from one quarter-round to the next; register renaming runs them
 * side by side.  \hook (optional) is called with 4 * \k + 0..3 after the
 * 4th, 8th, 12th and 15th instruction (\k: the quarter-round's place in
 * the double round, 0..15).
 */
.macro	_qr1	a, b, c, d, hook, k
	add	v\a\().4s, v\a\().4s, v\b\().4s
	eor	v\d\().16b, v\d\().16b, v\a\().16b
	rev32	v\d\().8h, v\d\().8h
	add	v\c\().4s, v\c\().4s, v\d\().4s
	_qr4_slot	\hook, (4 * \k)
	eor	v31.16b, v\b\().16b, v\c\().16b
	shl	v\b\().4s, v31.4s, #12
	sri	v\b\().4s, v31.4s, #20
	add	v\a\().4s, v\a\().4s, v\b\().4s
	_qr4_slot	\hook, (4 * \k + 1)
	eor	v31.16b, v\d\().16b, v\a\().16b
	shl	v\d\().4s, v31.4s, #8
	sri	v\d\().4s, v31.4s, #24
	add	v\c\().4s, v\c\().4s, v\d\().4s
	_qr4_slot	\hook, (4 * \k + 2)
	eor	v31.16b, v\b\().16b, v\c\().16b
	shl	v\b\().4s, v31.4s, #7
	sri	v\b\().4s, v31.4s, #25
	_qr4_slot	\hook, (4 * \k + 3)
.endm

/* The 8-way kernels' frame at sp: batch B's word w at 16 * w */
#define X8_FRAME	256
#define X8_W14		224
#define X8_W15		240

/*
 * A double round of the 8-way kernel: batch A (words in v0-v15) and
 * batch B (words 0-14 in v16-v30, word 15 in the frame at X8_W15), one
 * quarter-round of each in turn.  B's word 15 is needed by its last
 * column and its first diagonal quarter-round, which follow each other:
 * for those two it takes v30, and word 14 (not needed again before the
 * last diagonal quarter-round) waits in the frame at X8_W14.  \hook as
 * for _qr1.
 */
.macro	_dround8	hook
	_qr1	0, 4, 8, 12, \hook, 0
	_qr1	16, 20, 24, 28, \hook, 1
	_qr1	1, 5, 9, 13, \hook, 2
	_qr1	17, 21, 25, 29, \hook, 3
	_qr1	2, 6, 10, 14, \hook, 4
	_qr1	18, 22, 26, 30, \hook, 5
	_qr1	3, 7, 11, 15, \hook, 6
	str	q30, [sp, #X8_W14]
	ldr	q30, [sp, #X8_W15]
	_qr1	19, 23, 27, 30, \hook, 7

	_qr1	0, 5, 10, 15, \hook, 8
	_qr1	16, 21, 26, 30, \hook, 9
	str	q30, [sp, #X8_W15]
	ldr	q30, [sp, #X8_W14]
	_qr1	1, 6, 11, 12, \hook, 10
	_qr1	17, 22, 27, 28, \hook, 11
	_qr1	2, 7, 8, 13, \hook, 12
	_qr1	18, 23, 24, 29, \hook, 13
	_qr1	3, 4, 9, 14, \hook, 14
	_qr1	19, 20, 25, 30, \hook, 15
.endm

/*
 * v21 = the counter offsets of a batch's four lanes: \base .. \base + 3.
 * Clobbers \tmp.
 */
.macro	_lane_offsets	base, tmp=x5
	movz	\tmp, #\base
	movk	\tmp, #(\base + 1), lsl #32
	mov	v21.d[0], \tmp
	movz	\tmp, #(\base + 2)
	movk	\tmp, #(\base + 3), lsl #32
	mov	v21.d[1], \tmp
.endm

/*
 * Batch B of the 8-way kernels from batch A (v0-v15, counters + 0..3):
 * words 0-14 into v16-v30 with the counters + 4..7, word 15 (the same in
 * both) into the frame.
 */
.macro	_x8_batch_b
	str	q15, [sp, #X8_W15]
	mov	v16.16b, v0.16b
	mov	v17.16b, v1.16b
	mov	v18.16b, v2.16b
	mov	v19.16b, v3.16b
	mov	v20.16b, v4.16b
	mov	v21.16b, v5.16b
	mov	v22.16b, v6.16b
	mov	v23.16b, v7.16b
	mov	v24.16b, v8.16b
	mov	v25.16b, v9.16b
	mov	v26.16b, v10.16b
	mov	v27.16b, v11.16b
	movi	v31.4s, #4
	add	v28.4s, v12.4s, v31.4s
	mov	v29.16b, v13.16b
	mov	v30.16b, v14.16b
.endm

/* After the rounds: batch B's words 0-14 to the frame (15 is there). */
.macro	_x8_spill_b
	stp	q16, q17, [sp]
	stp	q18, q19, [sp, #32]
	stp	q20, q21, [sp, #64]
	stp	q22, q23, [sp, #96]
	stp	q24, q25, [sp, #128]
	stp	q26, q27, [sp, #160]
	stp	q28, q29, [sp, #192]
	str	q30, [sp, #X8_W14]
.endm

/* Batch B's words from the frame into v0-v15.  Clobbers \tmp. */
.macro	_x8_load_b	tmp=x5
	mov	\tmp, sp
	ld1	{v0.16b-v3.16b}, [\tmp], #64
	ld1	{v4.16b-v7.16b}, [\tmp], #64
	ld1	{v8.16b-v11.16b}, [\tmp], #64
	ld1	{v12.16b-v15.16b}, [\tmp]
.endm

/* The frame wiped: it held permuted state words. */
.macro	_x8_wipe
	movi	v16.16b, #0
	.irp	off, 0, 32, 64, 96, 128, 160, 192, 224
	stp	q16, q16, [sp, #\off]
	.endr
.endm

#endif /* _SC_ARM64_CHACHA_NEON_H */
