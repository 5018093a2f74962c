/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Assembler macros shared by the NEON ChaCha kernels (chacha-neon.S) and
 * the stitched ChaCha20-Poly1305 kernel (chacha20poly1305-neon.S): the
 * 4-way "vertical" quarter-rounds, the transpose back to block order, the
 * XOR of a keystream block, the rotate-by-8 index and the d8-d15 save.
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

#endif /* _SC_ARM64_CHACHA_NEON_H */
