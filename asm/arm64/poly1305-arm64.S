/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 block function for arm64 in general-purpose registers, base 2^64.
 *
 * Algorithm.  The accumulator is h = h0 + h1*2^64 + h2*2^128 (h2 small,
 * h only partially reduced between blocks) and the clamped key is
 * r = r0 + r1*2^64, exactly the canonical layout of struct
 * sc_poly1305_core (h[3] at offsets 0/8/16, r[2] at 24/32), so no
 * conversion is needed on entry or exit.  Per 16-byte block m:
 *
 *	h += m + padbit*2^128
 *	h *= r  (mod 2^130 - 5)
 *
 * Clamping makes r1 a multiple of 4, so 2^128*r1 == 2^130*(r1/4) ==
 * 5*(r1/4) == s1 (mod p) with s1 = r1 + (r1 >> 2).  The product is then
 *
 *	d0 = h0*r0 + h1*s1
 *	d1 = h0*r1 + h1*r0 + h2*s1
 *	d2 = h2*r0
 *
 * with 64x64->128 products from MUL (low half) and UMULH (high half) and
 * carries through ADDS/ADCS.  d2 collects the bits above 2^128; the bits
 * above 2^130 are folded back multiplied by 5: c = (d2 >> 2) * 5 =
 * (d2 & ~3) + (d2 >> 2), h2 = d2 & 3, h += c.  That fold is made from
 * column 2 alone, before the carries out of column 1, which x20 counts and
 * adds to h2 at once; and the next block's message goes into columns 0
 * and 1 while the fold is being computed.  The next block's products then
 * wait for the fold's add and its two carries only (as in x86's
 * poly1305-mulx.h).  h2 stays at most 9 inside the loop (three carries,
 * the pad bit, the message's carry, d2 & 3 and the fold's carry), so every
 * product fits in 128 bits (r0, r1 < 2^60, s1 < 2^61, h2 s1 < 2^64), and is
 * folded to at most 4 on return.  No branch or address depends on secret
 * data.
 *
 * Latency (llvm-mca's models, NOT timings; scripts/arm64-mca.sh): 16
 * blocks in 264 cycles on Cortex-A57 (A72/A76/N1), 320 on TSV110, 208 on
 * Exynos M5, 288 on Apple M1, 720 on the in-order Cortex-A55, against
 * 352, 416, 336, 432 and 736 with the message added at the top of each
 * block and the carries before the fold; 2.1-2.9 instructions per byte
 * (4 KiB to 64 B) against 1.9-2.4.
 *
 * Register allocation (callee-saved x19-x22 saved on the stack):
 *	x0  core		x1  src			x2  blocks left
 *	x3  padbit (zero-extended)
 *	x4, x5, x6  h0, h1, h2	x7, x8  r0, r1	x9  s1
 *	x10-x17, x19  products	x20  column 1's carries
 *	x21, x22  the next block's message words
 *
 * Variants: this one kernel serves every length; it is the "arm64" row
 * (needs no NEON, so it may run in any context: .simd = false).
 */
#include <linux/linkage.h>

/* Message words are little-endian; a big-endian kernel swaps them. */
#ifdef __AARCH64EB__
#define SC_BE(x...)	x
#else
#define SC_BE(x...)
#endif

	.text

/*
 * h = h * r, partially reduced, h = h + m already; with \next, the next
 * block's message (x21, x22, loaded early) and pad bit go in before the
 * fold.  Column 2 and its fold come first, without the carries out of
 * column 1, which x20 counts and adds to h2 at once: the next block's
 * products wait for the fold's add and two carries only.
 */
.macro _poly_mul next
	umulh	x17, x4, x8			// col 2: h0 r1, high
	umulh	x11, x5, x7			// col 2: h1 r0, high
	mul	x20, x6, x7			// col 2: h2 r0
	mul	x12, x4, x7			// col 0: h0 r0
	mul	x14, x5, x9			// col 0: h1 s1
	umulh	x13, x4, x7			// col 1
	umulh	x15, x5, x9			// col 1
	mul	x16, x4, x8			// col 1: h0 r1, low
	mul	x10, x5, x7			// col 1: h1 r0, low
	mul	x19, x6, x9			// col 1: h2 s1

	// column 2 (no carries yet): h2 = d2 & 3, fold = 5 (d2 >> 2)
	add	x17, x17, x11
	add	x17, x17, x20
	and	x6, x17, #3
	and	x11, x17, #~3
	add	x11, x11, x17, lsr #2

	// columns 0 and 1, column 1's carries counted in x20
	adds	x12, x12, x14
	adcs	x13, x13, x15
	adc	x20, xzr, xzr
	adds	x13, x13, x16
	adc	x20, x20, xzr
	adds	x13, x13, x10
	adc	x20, x20, xzr
	adds	x13, x13, x19
	adc	x20, x20, xzr
.if \next
	adds	x12, x12, x21
	adcs	x13, x13, x22
	adc	x20, x20, x3
.endif
	add	x6, x6, x20

	// the fold
	adds	x4, x12, x11
	adcs	x5, x13, xzr
	adc	x6, x6, xzr
.endm

/*
 * void sc_poly1305_arm64_blocks(struct sc_poly1305_core *core,
 *				 const u8 *src, size_t len, u32 padbit);
 * @len is a multiple of 16 (any remainder is ignored).
 */
SYM_FUNC_START(sc_poly1305_arm64_blocks)
	lsr	x2, x2, #4
	cbz	x2, .Lpoly_done
	stp	x19, x20, [sp, #-32]!
	stp	x21, x22, [sp, #16]
	mov	w3, w3				// zero-extend padbit
	ldp	x4, x5, [x0]			// h0, h1
	ldr	x6, [x0, #16]			// h2
	ldp	x7, x8, [x0, #24]		// r0, r1
	add	x9, x8, x8, lsr #2		// s1 = 5/4 * r1

	// h += m + padbit * 2^128 for the first block
	ldp	x10, x11, [x1], #16
SC_BE(	rev	x10, x10	)
SC_BE(	rev	x11, x11	)
	adds	x4, x4, x10
	adcs	x5, x5, x11
	adc	x6, x6, x3
	subs	x2, x2, #1
	b.eq	.Lpoly_last

	// each block but the last adds the next one's message in _poly_mul
.Lpoly_loop:
	ldp	x21, x22, [x1], #16
SC_BE(	rev	x21, x21	)
SC_BE(	rev	x22, x22	)
	_poly_mul	1
	subs	x2, x2, #1
	b.ne	.Lpoly_loop
.Lpoly_last:
	_poly_mul	0

	// h2 <= 4 on the way out, as every row leaves it: h += 5 (h2 >> 2)
	lsr	x10, x6, #2
	add	x10, x10, x10, lsl #2
	and	x6, x6, #3
	adds	x4, x4, x10
	adcs	x5, x5, xzr
	adc	x6, x6, xzr

	stp	x4, x5, [x0]
	str	x6, [x0, #16]
	ldp	x21, x22, [sp, #16]
	ldp	x19, x20, [sp], #32
.Lpoly_done:
	ret
SYM_FUNC_END(sc_poly1305_arm64_blocks)
