/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Poly1305 for arm64 NEON, base 2^26, two lanes, four blocks per step.
 *
 * Algorithm.  With h split into five 26-bit limbs and the multiplier
 * r^k likewise (r0..r4, and s_i = 5*r_i for the products that wrap past
 * 2^130, since 2^130 == 5 mod p), h*r^k mod p is the usual schoolbook
 *
 *	d0 = h0 r0 + h1 s4 + h2 s3 + h3 s2 + h4 s1
 *	d1 = h0 r1 + h1 r0 + h2 s4 + h3 s3 + h4 s2
 *	d2 = h0 r2 + h1 r1 + h2 r0 + h3 s4 + h4 s3
 *	d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s4
 *	d4 = h0 r4 + h1 r3 + h2 r2 + h3 r1 + h4 r0
 *
 * of 32x32->64-bit UMULL/UMLAL products, followed by a carry pass that
 * brings every limb back to about 26 bits.  Two lanes run side by side:
 * lane 0 takes blocks 4j and 4j+2, lane 1 blocks 4j+1 and 4j+3, and each
 * step computes, per lane,
 *
 *	acc = (acc + m[4j + lane]) * X + m[4j + 2 + lane] * Y
 *
 * with (X, Y) = (r^4, r^2) in both lanes for every step but the last, and
 * (X, Y) = (r^4, r^2) in lane 0 and (r^3, r) in lane 1 in the last step.
 * Block i then ends up multiplied by r^(n - i), so h = lane 0 + lane 1.
 * The m * Y products come first: they need no accumulator, so they do not
 * wait for the previous step's carry pass, and the step's chain from acc
 * to acc is five UMLAL per limb and the carries.
 * The caller (poly1305_arm64.c) converts the canonical base 2^64 state to
 * limbs (h in lane 0, zero in lane 1), builds the four multiplier tables
 * from r with the scalar kernel, and adds the lanes back together; blocks
 * beyond a multiple of four go to the scalar kernel.
 *
 * Bounds: limbs enter a step below 2^27, message limbs below 2^26 (2^24
 * plus the pad bit for the top one), r limbs below 2^27 and s limbs below
 * 2^30, so each of the ten products per limb is below 2^57 and their sum
 * below 2^61; the carry pass leaves limbs below 2^26 + 2^12.
 *
 * Register allocation:
 *	v0-v4	h limbs (.2s: lane 0, lane 1)
 *	v5-v9	limbs of blocks 4j+2, 4j+3
 *	v10-v14	d0..d4 (.2d); first the limbs of blocks 4j, 4j+1
 *	v15-v23	the multiplier in use: r0 r1 r2 r3 r4 s1 s2 s3 s4 (.2s)
 *	v24	2^26 - 1 in each 64-bit lane	v25  pad bit << 24 (.2s)
 *	v26	2^26 - 1 in each 32-bit lane	v27-v31  temporaries
 *	x0 h limbs (u32 [5][2])  x1 src  x2 steps  x3 tables  w4 padbit
 *	x5 table of this step
 *
 * The table at x3 is four multipliers of nine .2s vectors (72 bytes each):
 * X and Y for the ordinary steps, then X and Y for the last one.
 * d8-d15 are saved (callee-saved in the AAPCS64, see chacha-neon.S).
 */
#include <linux/linkage.h>

#ifdef __AARCH64EB__
#define SC_BE(x...)	x
#else
#define SC_BE(x...)
#endif

	.text

/* Split two blocks (lo halves in \lo, hi halves in \hi, .2d) into limbs. */
.macro	_split	lo, hi, l0, l1, l2, l3, l4
	xtn	v\l0\().2s, v\lo\().2d
	shrn	v\l1\().2s, v\lo\().2d, #26
	ushr	v31.2d, v\lo\().2d, #52
	sli	v31.2d, v\hi\().2d, #12
	xtn	v\l2\().2s, v31.2d
	shrn	v\l3\().2s, v\hi\().2d, #14
	ushr	v31.2d, v\hi\().2d, #40
	xtn	v\l4\().2s, v31.2d
	and	v\l0\().8b, v\l0\().8b, v26.8b
	and	v\l1\().8b, v\l1\().8b, v26.8b
	and	v\l2\().8b, v\l2\().8b, v26.8b
	and	v\l3\().8b, v\l3\().8b, v26.8b
	orr	v\l4\().8b, v\l4\().8b, v25.8b
.endm

/* d (v10-v14) \op= limbs (\a0..\a4) * multiplier in v15-v23 */
.macro	_mulr	op, a0, a1, a2, a3, a4
	\op	v10.2d, v\a0\().2s, v15.2s
	\op	v11.2d, v\a0\().2s, v16.2s
	\op	v12.2d, v\a0\().2s, v17.2s
	\op	v13.2d, v\a0\().2s, v18.2s
	\op	v14.2d, v\a0\().2s, v19.2s
	umlal	v10.2d, v\a1\().2s, v23.2s
	umlal	v11.2d, v\a1\().2s, v15.2s
	umlal	v12.2d, v\a1\().2s, v16.2s
	umlal	v13.2d, v\a1\().2s, v17.2s
	umlal	v14.2d, v\a1\().2s, v18.2s
	umlal	v10.2d, v\a2\().2s, v22.2s
	umlal	v11.2d, v\a2\().2s, v23.2s
	umlal	v12.2d, v\a2\().2s, v15.2s
	umlal	v13.2d, v\a2\().2s, v16.2s
	umlal	v14.2d, v\a2\().2s, v17.2s
	umlal	v10.2d, v\a3\().2s, v21.2s
	umlal	v11.2d, v\a3\().2s, v22.2s
	umlal	v12.2d, v\a3\().2s, v23.2s
	umlal	v13.2d, v\a3\().2s, v15.2s
	umlal	v14.2d, v\a3\().2s, v16.2s
	umlal	v10.2d, v\a4\().2s, v20.2s
	umlal	v11.2d, v\a4\().2s, v21.2s
	umlal	v12.2d, v\a4\().2s, v22.2s
	umlal	v13.2d, v\a4\().2s, v23.2s
	umlal	v14.2d, v\a4\().2s, v15.2s
.endm

/* carry d\from -> d\to (64-bit lanes) */
.macro	_carry	from, to
	ushr	v27.2d, v\from\().2d, #26
	and	v\from\().16b, v\from\().16b, v24.16b
	add	v\to\().2d, v\to\().2d, v27.2d
.endm

/*
 * void sc_poly1305_neon_steps(u32 h[5][2], const u8 *src, size_t steps,
 *			       const u32 tables[4][9][2], u32 padbit);
 * Absorbs 64 * steps bytes (steps >= 1).
 */
SYM_FUNC_START(sc_poly1305_neon_steps)
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]

	movi	v24.2d, #0xffffffffffffffff
	ushr	v26.4s, v24.4s, #6
	ushr	v24.2d, v24.2d, #38
	lsl	w4, w4, #24
	dup	v25.2s, w4
	ld1	{v0.2s-v3.2s}, [x0], #32
	ld1	{v4.2s}, [x0]
	sub	x0, x0, #32

.Lpoly_neon_step:
	ld2	{v27.2d, v28.2d}, [x1], #32	// blocks 4j, 4j+1: lo, hi
	ld2	{v29.2d, v30.2d}, [x1], #32	// blocks 4j+2, 4j+3
SC_BE(	rev64	v27.16b, v27.16b	)
SC_BE(	rev64	v28.16b, v28.16b	)
SC_BE(	rev64	v29.16b, v29.16b	)
SC_BE(	rev64	v30.16b, v30.16b	)
	_split	27, 28, 10, 11, 12, 13, 14
	_split	29, 30, 5, 6, 7, 8, 9
	add	v0.2s, v0.2s, v10.2s
	add	v1.2s, v1.2s, v11.2s
	add	v2.2s, v2.2s, v12.2s
	add	v3.2s, v3.2s, v13.2s
	add	v4.2s, v4.2s, v14.2s

	/* the last step takes the second pair of multipliers */
	add	x5, x3, #(2 * 72)
	cmp	x2, #1
	csel	x5, x5, x3, eq
	add	x6, x5, #72
	ld1	{v15.2s-v18.2s}, [x6], #32
	ld1	{v19.2s-v22.2s}, [x6], #32
	ld1	{v23.2s}, [x6]
	_mulr	umull, 5, 6, 7, 8, 9
	ld1	{v15.2s-v18.2s}, [x5], #32
	ld1	{v19.2s-v22.2s}, [x5], #32
	ld1	{v23.2s}, [x5]
	_mulr	umlal, 0, 1, 2, 3, 4

	/* carry: two interleaved chains, the top one folding back times 5 */
	_carry	10, 11
	_carry	13, 14
	_carry	11, 12
	ushr	v27.2d, v14.2d, #26
	and	v14.16b, v14.16b, v24.16b
	add	v10.2d, v10.2d, v27.2d
	shl	v27.2d, v27.2d, #2
	add	v10.2d, v10.2d, v27.2d
	_carry	12, 13
	_carry	10, 11
	_carry	13, 14
	xtn	v0.2s, v10.2d
	xtn	v1.2s, v11.2d
	xtn	v2.2s, v12.2d
	xtn	v3.2s, v13.2d
	xtn	v4.2s, v14.2d

	subs	x2, x2, #1
	b.ne	.Lpoly_neon_step

	st1	{v0.2s-v3.2s}, [x0], #32
	st1	{v4.2s}, [x0]

	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
	ret
SYM_FUNC_END(sc_poly1305_neon_steps)
