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
 * (d2 & ~3) + (d2 >> 2), h2 = d2 & 3, h += c.  h2 stays below 8 so every
 * product fits in 128 bits (r0, r1 < 2^60, s1 < 2^61).  No branch or
 * address depends on secret data.
 *
 * Register allocation (a leaf function, callee-saved registers untouched):
 *	x0  core		x1  src			x2  blocks left
 *	x3  padbit (zero-extended)
 *	x4, x5, x6  h0, h1, h2	x7, x8  r0, r1	x9  s1
 *	x10, x11  message words	x12-x17  product and carry temporaries
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
 * void sc_poly1305_arm64_blocks(struct sc_poly1305_core *core,
 *				 const u8 *src, size_t len, u32 padbit);
 * @len is a multiple of 16 (any remainder is ignored).
 */
SYM_FUNC_START(sc_poly1305_arm64_blocks)
	lsr	x2, x2, #4
	cbz	x2, .Lpoly_done
	mov	w3, w3				// zero-extend padbit
	ldp	x4, x5, [x0]			// h0, h1
	ldr	x6, [x0, #16]			// h2
	ldp	x7, x8, [x0, #24]		// r0, r1
	add	x9, x8, x8, lsr #2		// s1 = 5/4 * r1

.Lpoly_loop:
	ldp	x10, x11, [x1], #16
SC_BE(	rev	x10, x10	)
SC_BE(	rev	x11, x11	)
	// h += m + padbit * 2^128
	adds	x4, x4, x10
	adcs	x5, x5, x11
	adc	x6, x6, x3

	// d0 = h0*r0 + h1*s1  ->  x13:x12
	mul	x12, x4, x7
	umulh	x13, x4, x7
	mul	x14, x5, x9
	umulh	x15, x5, x9
	adds	x12, x12, x14
	adc	x13, x13, x15

	// d1 = h0*r1 + h1*r0 + h2*s1  ->  x15:x14
	mul	x14, x4, x8
	umulh	x15, x4, x8
	mul	x16, x5, x7
	umulh	x17, x5, x7
	adds	x14, x14, x16
	adc	x15, x15, x17
	mul	x16, x6, x9
	adds	x14, x14, x16
	adc	x15, x15, xzr

	// d2 = h2*r0, then carry d0 -> d1 -> d2
	mul	x16, x6, x7
	adds	x14, x14, x13
	adc	x15, x15, xzr
	add	x16, x16, x15

	// fold the bits at and above 2^130 back times 5
	and	x17, x16, #~3
	add	x17, x17, x16, lsr #2
	and	x6, x16, #3
	adds	x4, x12, x17
	adcs	x5, x14, xzr
	adc	x6, x6, xzr

	subs	x2, x2, #1
	b.ne	.Lpoly_loop

	stp	x4, x5, [x0]
	str	x6, [x0, #16]
.Lpoly_done:
	ret
SYM_FUNC_END(sc_poly1305_arm64_blocks)
