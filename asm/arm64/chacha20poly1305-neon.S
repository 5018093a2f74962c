/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha20-Poly1305 (RFC 8439 AEAD) for arm64: NEON ChaCha20 and Poly1305
 * in general registers, stitched into one loop.
 *
 * Algorithm.  The text goes in batches of four ChaCha20 blocks (256
 * bytes), computed exactly as sc_chacha_neon_xor4 does (chacha-neon.S,
 * macros in chacha-neon.h).  Poly1305 runs in the general registers,
 * base 2^64, exactly as sc_poly1305_arm64_blocks does (poly1305-arm64.S
 * derives the arithmetic): per 16-byte block m, h += m + 2^128, then
 * h *= r mod 2^130 - 5 with ten MUL/UMULH products, ADDS/ADCS carries and
 * the 5 * (d2 >> 2) fold; every block here is a full one (padbit 1): a
 * partial last block has been zero-padded by the caller, as RFC 8439
 * section 2.8 pads the ciphertext.  The two halves share nothing but the
 * loop, so the NEON pipes run ChaCha while the integer pipes (and the
 * multiplier) run Poly1305:
 *
 *	seal	batch 0: ChaCha only.  Batch i > 0: ChaCha rounds of batch i
 *		with the MAC of batch i - 1's ciphertext (already stored)
 *		woven in.  After the loop the last batch's ciphertext is
 *		MACed alone (16 blocks), unless it was the caller's partial
 *		tail, which the caller pads and MACs.
 *	open	batch i: ChaCha rounds of batch i with the MAC of batch i's
 *		ciphertext (the input, read before it is overwritten) woven
 *		in.  Nothing is left over.
 *
 * Layout.  Within a batch the ChaCha state is "vertical" (v0-v15: word N
 * of the four blocks in vN).  A double round is two _qr4 of 56 NEON
 * instructions, fourteen groups of four independent ones; _qr4 has a slot
 * after each group, and a stitched double round hangs the fourteen steps
 * of one Poly1305 block (_ccp_poly_step 0..13, one to three instructions
 * each, 28 in all) on the slots of each _qr4: two blocks per double round,
 * so the 16 blocks of a batch ride on 8 of its 10 double rounds and the
 * last 2 are plain.  Poly1305 reads its blocks through its own pointer
 * (x7), so the same rounds serve seal (the previous batch's output) and
 * open (this batch's input).
 *
 * Latency and batches.  A Poly1305 block is one serial chain (add the
 * message, ten MUL/UMULH of 3-6 cycles on most cores' single multiplier,
 * the carries, the fold): 21-27 cycles a block in a loop of its own
 * under llvm-mca's Cortex-A57, TSV110 and Apple models, while a _qr4 needs
 * 28 or more cycles of two NEON pipes.  So each block finishes inside the
 * _qr4 it rides on and the integer side never holds up the NEON side: the
 * models put a stitched batch at exactly the cycles of the ChaCha batch
 * alone (A57 979, TSV110 1145, Exynos-M5 557, Apple-M1 609 cycles per 256
 * bytes), 1.32-1.35x fewer than ChaCha then NEON Poly1305 as the
 * "onepass" row runs them.  The steps are ordered so that no step reads
 * a product made in the step before it, for in-order cores: the
 * Cortex-A55 model, which issues a 128-bit NEON op on both its NEON pipes
 * and waits on every dependency, still gains only 1.08x (1912 cycles
 * against 2076).  scripts/arm64-mca.sh makes these estimates; they are
 * models, NOT timings (no arm64 hardware was available).  Instructions:
 * 6.8 per byte at 16 KiB against 7.3 for "onepass" (arm64-icount.sh):
 * stitching saves no arithmetic, only the second pass and the NEON
 * Poly1305's limb conversions.  Four blocks per batch is the width of
 * the existing NEON kernel; a partial last batch still runs four blocks:
 * a 1-block NEON kernel is one serial chain of about 280 dependent
 * instructions per block, no faster on a real core than four blocks side
 * by side, a general-register block would need the registers Poly1305
 * holds here, and the 4-block batch also carries the previous batch's
 * MAC.
 *
 * Variants.  Two bodies, two entry points each:
 *
 *	sc_ccp_neon_seal(state, core, dst, src, nfull, tail)
 *	sc_ccp_neon_open(state, core, dst, src, nfull, tail, tailblocks)
 *	sc_ccp_neon_x8_seal(state, core, dst, src, nfull)
 *	sc_ccp_neon_x8_open(state, core, dst, src, nfull)
 *
 * The x8 pair (_ccp8_body, below: the 8-way rounds of chacha-neon.h)
 * takes nfull whole batches of 512 bytes (block b of batch i: counter
 * state[12] + 8i + b) and no tail; otherwise as the first pair, whose
 * arguments are these.
 * nfull batches of 256 bytes from src to dst (may alias), then, if tail
 * is not NULL, one more batch in place in the 256-byte buffer tail
 * (open: whose first tailblocks 16-byte blocks are zero-padded
 * ciphertext to MAC).  Block b of batch i uses counter state[12] + 4i + b
 * (32-bit vector add: wraps like the generic code); state is not written.
 * core is struct sc_poly1305_core (h[3] at 0/8/16, r[2] at 24/32), read
 * and written back base 2^64 with h2 small: the canonical state, so rows
 * can alternate at any block.  The "neon" and "neon-x8" AEAD rows
 * (aead_arm64.c) are the only callers.
 *
 * Registers.
 *	v0-v15	ChaCha state, word N of four blocks in vN
 *	v16-v19	temporaries, input data
 *	v20	rotate-by-8 TBL index	v21 this batch's counters
 *	v22	{4, 4, 4, 4}: the counter step per batch
 *	x0 state  x1 core  x2 dst  x3 src  x4 full batches left
 *	x5 tail buffer (cleared once used)
 *	x6 seal: the tail buffer as passed; open: tail blocks to MAC
 *	x7 MAC pointer  x8 blocks to MAC in this batch
 *	x9-x11 h0-h2  x12, x13 r0, r1  x14 s1 = r1 + (r1 >> 2)
 *	x15, x16 message words, then products (as are h1, h2 once read)
 *	x17, x19-x23 product temporaries  x24 the constant 1 (pad bit)
 *	x25, x26 this batch's input and output  x27, x28 round counters
 *	x18 (shadow call stack) and x29/x30 are not touched; x19-x28 and
 *	d8-d15 are saved: frame = 64 bytes of d8-d15 (_save_d8_d15), then
 *	80 bytes of x19-x28 below them, sp 16-byte aligned throughout.
 */
#include <linux/linkage.h>
#include "chacha-neon.h"

/* Message words are little-endian; a big-endian kernel swaps them. */
#ifdef __AARCH64EB__
#define SC_BE(x...)	x
#else
#define SC_BE(x...)
#endif

	.text

	state	.req	x0
	core	.req	x1
	dst	.req	x2
	src	.req	x3
	nfull	.req	x4
	tail	.req	x5
	tailarg	.req	x6
	mp	.req	x7
	mcount	.req	x8
	acc0	.req	x9
	acc1	.req	x10
	acc2	.req	x11
	rk0	.req	x12
	rk1	.req	x13
	rs1	.req	x14
	mw0	.req	x15
	mw1	.req	x16
	tm0	.req	x17
	tm1	.req	x19
	tm2	.req	x20
	tm3	.req	x21
	tm4	.req	x22
	tm5	.req	x23
	one	.req	x24
	bin	.req	x25
	bout	.req	x26

/*
 * Step \n (0..13) of one Poly1305 block from [mp] (post-incremented):
 * h += m + 2^128; h *= r.  One to three instructions a step, ordered so
 * that no step reads a MUL/UMULH product made in the step before it (on
 * an in-order core the multiplier's latency then hides behind the NEON
 * group between two steps; only the final fold, steps 10-13, is a chain
 * of one-cycle operations).  d0 =
 * tm1:tm0, d1 = tm5:tm4; mw0, mw1, acc1 and acc2 are reused for products
 * once their value has been read for the last time.
 */
.macro	_ccp_poly_step	n
.if \n == 0
	ldp	mw0, mw1, [mp], #16
SC_BE(	rev	mw0, mw0	)
SC_BE(	rev	mw1, mw1	)
.elseif \n == 1
	adds	acc0, acc0, mw0
	adcs	acc1, acc1, mw1
	adc	acc2, acc2, one
.elseif \n == 2
	mul	tm0, acc0, rk0			// d0 = h0 * r0
	mul	tm4, acc0, rk1			// d1 = h0 * r1
.elseif \n == 3
	umulh	tm1, acc0, rk0
	umulh	tm5, acc0, rk1
.elseif \n == 4
	mul	tm2, acc1, rs1			// d0 += h1 * s1
	mul	mw0, acc2, rs1			// d1 += h2 * s1 (h2 < 8)
.elseif \n == 5
	umulh	tm3, acc1, rs1
	mul	acc2, acc2, rk0			// d2 = h2 * r0
.elseif \n == 6
	mul	mw1, acc1, rk0			// d1 += h1 * r0
	adds	tm4, tm4, mw0
.elseif \n == 7
	umulh	acc1, acc1, rk0
	adc	tm5, tm5, xzr
.elseif \n == 8
	adds	tm0, tm0, tm2
	adc	tm1, tm1, tm3
.elseif \n == 9
	adds	tm4, tm4, mw1
	adc	tm5, tm5, acc1
.elseif \n == 10
	adds	tm4, tm4, tm1			// carry d0 -> d1 -> d2:
	adc	tm5, tm5, acc2			// tm5 = bits 128 and up
.elseif \n == 11
	and	tm2, tm5, #~3			// 5 * (bits >= 2^130)
	and	acc2, tm5, #3
.elseif \n == 12
	add	tm2, tm2, tm5, lsr #2
.elseif \n == 13
	adds	acc0, tm0, tm2
	adcs	acc1, tm4, xzr
	adc	acc2, acc2, xzr
.else
	.error	"_ccp_poly_step: step out of range"
.endif
.endm

/* One whole Poly1305 block, not stitched. */
.macro	_ccp_poly_block
.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
	_ccp_poly_step	\n
.endr
.endm

/* v\w0..v\w3 += the broadcast input words (four words from [x28]). */
.macro	_ccp_add_input	w0, w1, w2, w3
	ld4r	{v16.4s-v19.4s}, [x28], #16
	add	v\w0\().4s, v\w0\().4s, v16.4s
	add	v\w1\().4s, v\w1\().4s, v17.4s
	add	v\w2\().4s, v\w2\().4s, v18.4s
	add	v\w3\().4s, v\w3\().4s, v19.4s
.endm

/*
 * The next batch's input and output (bin, bout): the next \bytes of
 * src and dst, or the tail buffer once no whole batch is left; open:
 * mp and mcount for its MAC (\blocks, or the tail's blocks).
 */
.macro	_ccp_next_batch	seal, bytes, blocks
	cbz	nfull, .Luse_tail\@
	mov	bin, src
	mov	bout, dst
	add	src, src, #\bytes
	add	dst, dst, #\bytes
	sub	nfull, nfull, #1
.if !\seal
	mov	mcount, #\blocks
.endif
	b	.Lhave_batch\@
.Luse_tail\@:
	mov	bin, tail
	mov	bout, tail
	mov	tail, #0
.if !\seal
	mov	mcount, tailarg
.endif
.Lhave_batch\@:
.if !\seal
	mov	mp, bin				// open: MAC this batch's input
.endif
.endm

/*
 * Poly1305's registers from core (h, r, s1 = r1 + r1 / 4, the pad bit);
 * seal: nothing to MAC in the first batch, and the tail as passed, to
 * tell a full last batch from it.
 */
.macro	_ccp_poly_begin	seal
	ldp	acc0, acc1, [core]
	ldr	acc2, [core, #16]
	ldp	rk0, rk1, [core, #24]
	add	rs1, rk1, rk1, lsr #2
	mov	one, #1
.if \seal
	mov	tailarg, tail
	mov	mcount, #0
.endif
.endm

/*
 * After the last batch: seal MACs its ciphertext, unless it was the
 * caller's tail; h back to core.
 */
.macro	_ccp_poly_end	seal
.if \seal
	cmp	mp, tailarg
	b.eq	.Ldone\@
.Lmac_last\@:
	_ccp_poly_block
	subs	mcount, mcount, #1
	b.ne	.Lmac_last\@
.Ldone\@:
.endif
	stp	acc0, acc1, [core]
	str	acc2, [core, #16]
.endm

/* v0-v15 = the state's words, each in all four lanes (x28: scratch) */
.macro	_ccp_load_words
	mov	x28, state
	ld4r	{v0.4s-v3.4s}, [x28], #16
	ld4r	{v4.4s-v7.4s}, [x28], #16
	ld4r	{v8.4s-v11.4s}, [x28], #16
	ld4r	{v12.4s-v15.4s}, [x28]
.endm

/* v0-v15 += the input state, with the counters in v21 for word 12 */
.macro	_ccp_add_state
	mov	x28, state
	_ccp_add_input	0, 1, 2, 3
	_ccp_add_input	4, 5, 6, 7
	_ccp_add_input	8, 9, 10, 11
	ld4r	{v16.4s-v19.4s}, [x28]
	add	v12.4s, v12.4s, v21.4s
	add	v13.4s, v13.4s, v17.4s
	add	v14.4s, v14.4s, v18.4s
	add	v15.4s, v15.4s, v19.4s
.endm

/* The callee-saved registers both bodies use: d8-d15, x19-x28 */
.macro	_ccp_save
	_save_d8_d15
	stp	x19, x20, [sp, #-80]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
	stp	x27, x28, [sp, #64]
.endm

.macro	_ccp_restore
	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x27, x28, [sp, #64]
	ldp	x19, x20, [sp], #80
	_restore_d8_d15
.endm

/* \seal: 1 for sc_ccp_neon_seal, 0 for sc_ccp_neon_open. */
.macro	_ccp_body	seal
	_ccp_save

	_rot8_index	x28
	_lane_offsets	0, x28		// v21 = state[12] + {0, 1, 2, 3}
	add	x28, state, #48
	ld1r	{v16.4s}, [x28]
	add	v21.4s, v21.4s, v16.4s
	movi	v22.4s, #4

	_ccp_poly_begin	\seal

.Lbatch\@:
	_ccp_next_batch	\seal, 256, 16

	_ccp_load_words
	mov	v12.16b, v21.16b

	/* mcount / 2 stitched double rounds, then the rest plain */
	lsr	w27, w8, #1
	mov	w28, #10
	sub	w28, w28, w27
	cbz	w27, .Lodd\@
.Lmac_round\@:
	_dround4	_ccp_poly_step
	subs	w27, w27, #1
	b.ne	.Lmac_round\@
.Lodd\@:
	tbz	w8, #0, .Lplain\@
	_ccp_poly_block				// an odd block (open's tail only)
.Lplain\@:
	_dround4
	subs	w28, w28, #1
	b.ne	.Lplain\@

	/* add the input state, with this batch's counters for word 12 */
	_ccp_add_state
	add	v21.4s, v21.4s, v22.4s

	_xor_batch4	bin, bout
.if \seal
	sub	mp, bout, #256			// seal: MAC it during the next
	mov	mcount, #16
.endif
	cbnz	nfull, .Lbatch\@
	cbnz	tail, .Lbatch\@

	_ccp_poly_end	\seal

	_ccp_restore
.endm

/*
 * The 8-way body: batches of eight blocks (512 bytes), two 4-way batches
 * in one round loop (_dround8, chacha-neon.h), the MAC of 32 Poly1305
 * blocks on 8 of each batch's 10 double rounds: four blocks a double
 * round, a block's fourteen steps on the first fourteen of the sixteen
 * slots of four quarter-rounds.  The tail works as in _ccp_body, with a
 * 512-byte buffer (open: blocks to MAC beyond a multiple of four go
 * before the plain rounds, unstitched).  The vector registers are all
 * ChaCha words and v31, so the batch's first counter waits in the frame
 * (X8_CTR) and the lane offsets are rebuilt for each use, with x28 as
 * their scratch register (x5 is the tail pointer here).
 */
#define X8_CTR		X8_FRAME
#define X8_CCP_FRAME	(X8_FRAME + 16)

/* slot \n (0..63) of a stitched 8-way double round */
.macro	_ccp8_poly_slot	n
.if (\n % 16) < 14
	_ccp_poly_step	(\n % 16)
.endif
.endm

/* v21 = the batch's first counter + \base .. \base + 3.  Clobbers x28. */
.macro	_ccp8_counters	base
	_lane_offsets	\base, x28
	add	x28, sp, #X8_CTR
	ld1r	{v31.4s}, [x28]
	add	v21.4s, v21.4s, v31.4s
.endm

/* A's (or B's, \base 4) words v0-v15 plus the input state, XORed out. */
.macro	_ccp8_out	base
	_ccp8_counters	\base
	_ccp_add_state
	_xor_batch4	bin, bout
.endm

.macro	_ccp8_body	seal
	_ccp_save
	sub	sp, sp, #X8_CCP_FRAME

	ldr	w28, [state, #48]
	str	w28, [sp, #X8_CTR]
	_ccp_poly_begin	\seal

.Lbatch8\@:
	_ccp_next_batch	\seal, 512, 32
	_ccp_load_words
	_ccp8_counters	0
	mov	v12.16b, v21.16b
	_x8_batch_b

	/* mcount / 4 stitched double rounds, mcount % 4 blocks, the rest plain */
	lsr	w27, w8, #2
	mov	w28, #10
	sub	w28, w28, w27
	cbz	w27, .Lrest8\@
.Lmac_round8\@:
	_dround8	_ccp8_poly_slot
	subs	w27, w27, #1
	b.ne	.Lmac_round8\@
.Lrest8\@:
	ands	w27, w8, #3		// open's tail only
	b.eq	.Lplain8\@
.Lmac_rest8\@:
	_ccp_poly_block
	subs	w27, w27, #1
	b.ne	.Lmac_rest8\@
.Lplain8\@:
	_dround8
	subs	w28, w28, #1
	b.ne	.Lplain8\@

	_x8_spill_b
	_ccp8_out	0
	_x8_load_b	x28
	_ccp8_out	4
	ldr	w28, [sp, #X8_CTR]
	add	w28, w28, #8
	str	w28, [sp, #X8_CTR]
.if \seal
	sub	mp, bout, #512		// seal: MAC it during the next
	mov	mcount, #32
.endif
	cbnz	nfull, .Lbatch8\@
	cbnz	tail, .Lbatch8\@

	_ccp_poly_end	\seal

	_x8_wipe
	add	sp, sp, #X8_CCP_FRAME
	_ccp_restore
.endm

/*
 * void sc_ccp_neon_x8_seal(const u32 *state, struct sc_poly1305_core *core,
 *			    u8 *dst, const u8 *src, size_t nfull, u8 *tail);
 * void sc_ccp_neon_x8_open(const u32 *state, struct sc_poly1305_core *core,
 *			    u8 *dst, const u8 *src, size_t nfull, u8 *tail,
 *			    size_t tailblocks);
 * As sc_ccp_neon_seal/open with batches of 512 bytes (counters
 * state[12] + 8i + b) and a 512-byte tail buffer.
 */
SYM_FUNC_START(sc_ccp_neon_x8_seal)
	_ccp8_body	1
	ret
SYM_FUNC_END(sc_ccp_neon_x8_seal)

SYM_FUNC_START(sc_ccp_neon_x8_open)
	_ccp8_body	0
	ret
SYM_FUNC_END(sc_ccp_neon_x8_open)

/*
 * void sc_ccp_neon_seal(const u32 *state, struct sc_poly1305_core *core,
 *			 u8 *dst, const u8 *src, size_t nfull, u8 *tail);
 */
SYM_FUNC_START(sc_ccp_neon_seal)
	_ccp_body	1
	ret
SYM_FUNC_END(sc_ccp_neon_seal)

/*
 * void sc_ccp_neon_open(const u32 *state, struct sc_poly1305_core *core,
 *			 u8 *dst, const u8 *src, size_t nfull, u8 *tail,
 *			 size_t tailblocks);
 */
SYM_FUNC_START(sc_ccp_neon_open)
	_ccp_body	0
	ret
SYM_FUNC_END(sc_ccp_neon_open)

	.unreq	state
	.unreq	core
	.unreq	dst
	.unreq	src
	.unreq	nfull
	.unreq	tail
	.unreq	tailarg
	.unreq	mp
	.unreq	mcount
	.unreq	acc0
	.unreq	acc1
	.unreq	acc2
	.unreq	rk0
	.unreq	rk1
	.unreq	rs1
	.unreq	mw0
	.unreq	mw1
	.unreq	tm0
	.unreq	tm1
	.unreq	tm2
	.unreq	tm3
	.unreq	tm4
	.unreq	tm5
	.unreq	one
	.unreq	bin
	.unreq	bout
