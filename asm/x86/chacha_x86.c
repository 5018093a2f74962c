// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 ChaCha rows: thin wrappers around chacha-x86_64.S.  Each row picks
 * the asm variant for the length it is given; the dispatcher (impl.c) picks
 * the row by length with the min_len cutoffs below (see
 * Documentation/chacha.rst for the measurements behind them).
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/linkage.h>
#include "../../simdcrypt.h"
#include "chacha_rows.h"

#ifndef asmlinkage
#define asmlinkage	/* userspace harness */
#endif

asmlinkage void sc_chacha_xor_ssse3_4x(const u32 *state, u8 *dst,
				       const u8 *src, unsigned int len,
				       int nrounds);
asmlinkage void sc_chacha_xor_avx2_8x(const u32 *state, u8 *dst,
				      const u8 *src, unsigned int len,
				      int nrounds);
asmlinkage void sc_chacha_xor_avx2_16x(const u32 *state, u8 *dst,
				       const u8 *src, unsigned int len,
				       int nrounds);
asmlinkage void sc_chacha_xor_avx2_9x(const u32 *state, u8 *dst,
				      const u8 *src, unsigned int len,
				      int nrounds);
asmlinkage void sc_chacha_xor_avx512vl_4x(const u32 *state, u8 *dst,
					  const u8 *src, unsigned int len,
					  int nrounds);
asmlinkage void sc_chacha_xor_avx512vl_16x(const u32 *state, u8 *dst,
					   const u8 *src, unsigned int len,
					   int nrounds);
asmlinkage void sc_chacha_xor_avx512_32x(const u32 *state, u8 *dst,
					 const u8 *src, unsigned int len,
					 int nrounds);
asmlinkage void sc_chacha_xor_avx512vl_4x_key(const u32 *state, u8 *dst,
					      const u8 *src, unsigned int len,
					      int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512vl_16x_key(const u32 *state, u8 *dst,
					       const u8 *src, unsigned int len,
					       int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512_32x_key(const u32 *state, u8 *dst,
					     const u8 *src, unsigned int len,
					     int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512_32x_gkey(const u32 *state, u8 *dst,
					      const u8 *src, unsigned int len,
					      int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512vl_10vh(const u32 *state, u8 *dst,
					   const u8 *src, unsigned int len,
					   int nrounds);
asmlinkage void sc_chacha_xor_avx512vl_10vh_key(const u32 *state, u8 *dst,
					       const u8 *src, unsigned int len,
					       int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512vl_12vh(const u32 *state, u8 *dst,
					   const u8 *src, unsigned int len,
					   int nrounds);
asmlinkage void sc_chacha_xor_avx512vl_12vh_key(const u32 *state, u8 *dst,
					       const u8 *src, unsigned int len,
					       int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512vl_1h(const u32 *state, u8 *dst,
					  const u8 *src, unsigned int len,
					  int nrounds);
asmlinkage void sc_chacha_xor_avx512vl_2h(const u32 *state, u8 *dst,
					  const u8 *src, unsigned int len,
					  int nrounds);
asmlinkage void sc_chacha_xor_avx512_4h(const u32 *state, u8 *dst,
					const u8 *src, unsigned int len,
					int nrounds);
asmlinkage void sc_chacha_xor_avx512_8h(const u32 *state, u8 *dst,
					const u8 *src, unsigned int len,
					int nrounds);
asmlinkage void sc_chacha_xor_avx512vl_2h_key(const u32 *state, u8 *dst,
					      const u8 *src, unsigned int len,
					      int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512_4h_key(const u32 *state, u8 *dst,
					    const u8 *src, unsigned int len,
					    int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512_8h_key(const u32 *state, u8 *dst,
					    const u8 *src, unsigned int len,
					    int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512_24vh(const u32 *state, u8 *dst,
					  const u8 *src, unsigned int len,
					  int nrounds);
asmlinkage void sc_chacha_xor_avx512_24vh_key(const u32 *state, u8 *dst,
					      const u8 *src, unsigned int len,
					      int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx512_24zy(const u32 *state, u8 *dst,
					  const u8 *src, unsigned int len,
					  int nrounds);
asmlinkage void sc_chacha_xor_avx512_24zy_key(const u32 *state, u8 *dst,
					      const u8 *src, unsigned int len,
					      int nrounds, u8 *key);
asmlinkage void sc_chacha_xor_avx2_1h(const u32 *state, u8 *dst,
				      const u8 *src, unsigned int len,
				      int nrounds);
asmlinkage void sc_chacha_xor_avx2_2h(const u32 *state, u8 *dst,
				      const u8 *src, unsigned int len,
				      int nrounds);
asmlinkage void sc_chacha_xor_avx2_4h(const u32 *state, u8 *dst,
				      const u8 *src, unsigned int len,
				      int nrounds);
asmlinkage void sc_chacha_xor_avx2_6h(const u32 *state, u8 *dst,
				      const u8 *src, unsigned int len,
				      int nrounds);
asmlinkage void sc_chacha_xor_avx2_5h(const u32 *state, u8 *dst,
				      const u8 *src, unsigned int len,
				      int nrounds);
asmlinkage void sc_chacha_xor_scalar(const u32 *state, u8 *dst,
				     const u8 *src, unsigned int len,
				     int nrounds);
asmlinkage void sc_hchacha_scalar(const u32 *state, u32 *out, int nrounds);
asmlinkage void sc_hchacha_ssse3(const u32 *state, u32 *out, int nrounds);
asmlinkage void sc_hchacha_avx512vl(const u32 *state, u32 *out, int nrounds);

/* Up to this many bytes the 4-block xmm kernel beats the wider ones. */
#define SC_CHACHA_XMM_MAX	256

typedef void sc_chacha_xor_fn(const u32 *state, u8 *dst, const u8 *src,
			      unsigned int len, int nrounds);

/*
 * @fn on a copy of @state whose counter is @blocks on: the part of a call
 * after its first @blocks blocks.  Inlined with a constant @fn, so the
 * call stays direct.
 */
static __always_inline void sc_chacha_xor_at(sc_chacha_xor_fn *fn,
					     const u32 *state,
					     unsigned int blocks, u8 *dst,
					     const u8 *src, unsigned int len,
					     int nrounds)
{
	u32 st[CHACHA_STATE_WORDS];

	memcpy(st, state, sizeof(st));
	st[12] += blocks;
	fn(st, dst, src, len, nrounds);
	memzero_explicit(st, sizeof(st));
}

static void sc_chacha_xor_scalar_x86(const u32 *state, u8 *dst,
				     const u8 *src, unsigned int len,
				     int nrounds)
{
	sc_chacha_xor_scalar(state, dst, src, len, nrounds);
}

static void sc_chacha_xor_ssse3(const u32 *state, u8 *dst, const u8 *src,
				unsigned int len, int nrounds)
{
	sc_chacha_xor_ssse3_4x(state, dst, src, len, nrounds);
}

/*
 * AVX2 with the horizontal kernels (one row of 1 or 2 blocks per register)
 * for calls, and the last part of calls, of up to six blocks.  Measured on
 * Intel (cycles a call, back to back): 1 block 243 (scalar 279), 2 blocks
 * 248, 4 blocks 348, 6 blocks (three ymm chains, port-bound) 445, against
 * 477 for the vertical 8-block batch however few blocks it holds.  Longer
 * parts go to the vertical kernel.
 */
#define SC_CHACHA_AVX2_HORIZ_MAX	(6 * CHACHA_BLOCK_SIZE)

/*
 * Five blocks: the first in general registers beside two horizontal
 * batches (sc_chacha_xor_avx2_5h), where the third batch of the 6-block
 * kernel is a third more port time for one block.  Zen 4 (family 25
 * model 17, AVX2 only), cycles a call, best of 8000: 320 bytes 425
 * against 499-508.  Not on Intel, where the scalar block's operations
 * would share the vector ports (as the zmm row's key block, which is kept
 * out of general registers there); not measured on Intel.
 */
static bool sc_chacha_avx2_5h_ok(void)
{
	return !(sc_cpu_features() & SC_CPU_INTEL);
}

static void sc_chacha_xor_avx2_part(const u32 *state, u8 *dst, const u8 *src,
				    unsigned int len, int nrounds)
{
	if (len <= CHACHA_BLOCK_SIZE)
		sc_chacha_xor_avx2_1h(state, dst, src, len, nrounds);
	else if (len <= 2 * CHACHA_BLOCK_SIZE)
		sc_chacha_xor_avx2_2h(state, dst, src, len, nrounds);
	else if (len <= 4 * CHACHA_BLOCK_SIZE)
		sc_chacha_xor_avx2_4h(state, dst, src, len, nrounds);
	else if (len <= 5 * CHACHA_BLOCK_SIZE && sc_chacha_avx2_5h_ok())
		sc_chacha_xor_avx2_5h(state, dst, src, len, nrounds);
	else if (len <= SC_CHACHA_AVX2_HORIZ_MAX)
		sc_chacha_xor_avx2_6h(state, dst, src, len, nrounds);
	else
		sc_chacha_xor_avx2_8x(state, dst, src, len, nrounds);
}

/*
 * The last part (under 9 blocks) of an avx2 or avx2-x16 call: as
 * avx2-horiz's, but one block in general registers, where Zen 5 (family
 * 26 model 2, AVX2 only) takes 189 TSC ticks against 317 for the xmm
 * kernel (2 blocks: 324 in ymm, 378 in general registers; 4 blocks 390,
 * the 8-block batch 438).
 */
static void sc_chacha_xor_avx2_tail(const u32 *state, u8 *dst,
				    const u8 *src, unsigned int len,
				    int nrounds)
{
	if (len <= CHACHA_BLOCK_SIZE)
		sc_chacha_xor_scalar(state, dst, src, len, nrounds);
	else
		sc_chacha_xor_avx2_part(state, dst, src, len, nrounds);
}

/*
 * AVX2: whole groups of 9 blocks (8 in ymm + 1 in general registers), the
 * rest as sc_chacha_xor_avx2_tail().  Calls under 9 blocks keep the 8-block
 * batch: its short lengths are avx2-horiz's to win in a measured plan.
 */
#define SC_CHACHA_AVX2_GROUP	(9 * CHACHA_BLOCK_SIZE)

static void sc_chacha_xor_avx2(const u32 *state, u8 *dst, const u8 *src,
			       unsigned int len, int nrounds)
{
	unsigned int n = len - len % SC_CHACHA_AVX2_GROUP;

	if (!n) {
		sc_chacha_xor_avx2_8x(state, dst, src, len, nrounds);
		return;
	}
	sc_chacha_xor_avx2_9x(state, dst, src, n, nrounds);
	if (len > n)
		sc_chacha_xor_at(sc_chacha_xor_avx2_tail, state,
				 n / CHACHA_BLOCK_SIZE, dst + n, src + n,
				 len - n, nrounds);
}

/* What is left after an avx2-x16 call's two-batch groups */
static void sc_chacha_xor_avx2_rest(const u32 *state, u8 *dst,
				    const u8 *src, unsigned int len,
				    int nrounds)
{
	if (len >= SC_CHACHA_AVX2_GROUP)
		sc_chacha_xor_avx2(state, dst, src, len, nrounds);
	else
		sc_chacha_xor_avx2_tail(state, dst, src, len, nrounds);
}

/*
 * AVX2, two batches in one round loop: whole 1 KiB groups, and a last
 * group of 11 to 16 blocks the same way (on Zen 5 the two-batch loop costs
 * as much for 11 blocks as for 16, 702-770 TSC ticks, against 810-958 for
 * a 9-block group and the rest); a rest of 9 or 10 blocks as the avx2 row
 * does it, and of fewer as its tail, but for one of up to 3 blocks after
 * a group: the avx2 row takes that group back, as two 9-block groups and
 * a block at most (18 blocks 857 ticks, against 1012 for a group and two
 * blocks).  Only measurement picks it
 * (chacha_rows.h): on Zen 5 its round loop takes about 0.78 of one batch's
 * time per block, where vector ops take 2 cycles and one batch's four
 * chains leave half the pipes idle; on Intel (family 6 model 167) an
 * earlier two-batch loop in 16 registers measured no faster than one
 * batch after the other.
 */
#define SC_CHACHA_AVX2_X16_GROUP	(16 * CHACHA_BLOCK_SIZE)
#define SC_CHACHA_AVX2_X16_PART_MIN	(10 * CHACHA_BLOCK_SIZE + 1)
#define SC_CHACHA_AVX2_X16_REST_MAX	(3 * CHACHA_BLOCK_SIZE)

static void sc_chacha_xor_avx2_x16(const u32 *state, u8 *dst, const u8 *src,
				   unsigned int len, int nrounds)
{
	unsigned int n = len - len % SC_CHACHA_AVX2_X16_GROUP;

	if (len - n >= SC_CHACHA_AVX2_X16_PART_MIN)
		n = len;
	else if (n && len > n && len - n <= SC_CHACHA_AVX2_X16_REST_MAX)
		n -= SC_CHACHA_AVX2_X16_GROUP;
	if (!n) {
		sc_chacha_xor_avx2_rest(state, dst, src, len, nrounds);
		return;
	}
	sc_chacha_xor_avx2_16x(state, dst, src, n, nrounds);
	if (len > n)
		sc_chacha_xor_at(sc_chacha_xor_avx2_rest, state,
				 n / CHACHA_BLOCK_SIZE, dst + n, src + n,
				 len - n, nrounds);
}

/*
 * Whole 8-block batches, then the rest as above.  Unlike the avx2 row no
 * scalar ninth block: on Intel it adds nothing (9 blocks 544 cycles, 8
 * blocks 480), so 4 KiB costs 8 batches instead of 7 groups and a block.
 */
#define SC_CHACHA_AVX2_BATCH	(8 * CHACHA_BLOCK_SIZE)

static noinline void sc_chacha_xor_avx2_batches(const u32 *state, u8 *dst,
						const u8 *src,
						unsigned int len, int nrounds)
{
	unsigned int n = len - len % SC_CHACHA_AVX2_BATCH;

	sc_chacha_xor_avx2_8x(state, dst, src, n, nrounds);
	if (len > n)
		sc_chacha_xor_at(sc_chacha_xor_avx2_part, state,
				 n / CHACHA_BLOCK_SIZE, dst + n, src + n,
				 len - n, nrounds);
}

/*
 * The batches out of line: a short call then jumps straight to its kernel
 * without the frame of the state copy (6 pushes and a wipe it does not
 * need, about 1.5% of a 64-byte call).
 */
static void sc_chacha_xor_avx2_horiz(const u32 *state, u8 *dst,
				     const u8 *src, unsigned int len,
				     int nrounds)
{
	if (len < SC_CHACHA_AVX2_BATCH)
		sc_chacha_xor_avx2_part(state, dst, src, len, nrounds);
	else
		sc_chacha_xor_avx2_batches(state, dst, src, len, nrounds);
}

/*
 * 9-12 blocks: 8 vertically in ymm and the rest in one or two horizontal
 * batches of 2 in the same round loop, not a second vertical batch of 8
 * (ymm only, as the row).  0 for other lengths.
 */
#define SC_CHACHA_YMM_BATCH	(8 * CHACHA_BLOCK_SIZE)

static unsigned int sc_chacha_ymm_vh(unsigned int total)
{
	if (total <= SC_CHACHA_YMM_BATCH || total > 12 * CHACHA_BLOCK_SIZE)
		return 0;
	return total <= 10 * CHACHA_BLOCK_SIZE ? 10 : 12;
}

static void sc_chacha_xor_avx512vl(const u32 *state, u8 *dst, const u8 *src,
				   unsigned int len, int nrounds)
{
	unsigned int vh = sc_chacha_ymm_vh(len);

	if (len <= SC_CHACHA_XMM_MAX)
		sc_chacha_xor_avx512vl_4x(state, dst, src, len, nrounds);
	else if (vh == 10)
		sc_chacha_xor_avx512vl_10vh(state, dst, src, len, nrounds);
	else if (vh == 12)
		sc_chacha_xor_avx512vl_12vh(state, dst, src, len, nrounds);
	else
		sc_chacha_xor_avx512vl_16x(state, dst, src, len, nrounds);
}

/*
 * The keyed calls pick their kernel by the blocks they compute, key
 * included: xmm for short ones, else ymm (@zmm false) or zmm.  A text of
 * whole zmm two-batch groups would pay a batch for the key block alone:
 * there the key block rides the first group's rounds in general registers
 * (gkey), which cost them nothing measurable on Zen 5, where the integer
 * units are idle during the vector rounds.  Not on Intel: there two of
 * the ports that run 512-bit code run the scalar ALU operations too, and
 * the kernel was not measured there.
 */
static void sc_chacha_xor_key_x86(const u32 *state, u8 *key, u8 *dst,
				  const u8 *src, unsigned int len, int nrounds,
				  bool zmm)
{
	unsigned int blocks = (len + CHACHA_BLOCK_SIZE - 1) / CHACHA_BLOCK_SIZE;
	unsigned int vh = sc_chacha_ymm_vh(len + CHACHA_BLOCK_SIZE);

	if (len + CHACHA_BLOCK_SIZE <= SC_CHACHA_XMM_MAX)
		sc_chacha_xor_avx512vl_4x_key(state, dst, src, len, nrounds,
					      key);
	else if (zmm && !(blocks % 32) &&
		 sc_chacha_key_in_gprs(&sc_chacha_impl_avx512))
		sc_chacha_xor_avx512_32x_gkey(state, dst, src, len, nrounds,
					      key);
	else if (zmm)
		sc_chacha_xor_avx512_32x_key(state, dst, src, len, nrounds,
					     key);
	else if (vh == 10)
		sc_chacha_xor_avx512vl_10vh_key(state, dst, src, len, nrounds,
						key);
	else if (vh == 12)
		sc_chacha_xor_avx512vl_12vh_key(state, dst, src, len, nrounds,
						key);
	else
		sc_chacha_xor_avx512vl_16x_key(state, dst, src, len, nrounds,
					       key);
}

static void sc_chacha_xor_key_avx512vl(const u32 *state, u8 *key, u8 *dst,
				       const u8 *src, unsigned int len,
				       int nrounds)
{
	sc_chacha_xor_key_x86(state, key, dst, src, len, nrounds, false);
}

/*
 * Horizontal layout (one row of 1, 2 or 4 blocks per register): a call of
 * up to 8 blocks costs about one round chain, 240-430 cycles on Intel
 * against 430-600 for the vertical kernels.  Beyond 8 blocks the vertical
 * zmm kernel is faster (at 1 KiB 600 cycles against 775 for 4 interleaved
 * horizontal batches), so longer calls go there -- except the last few
 * blocks, which would cost it a whole batch of 16 (see
 * sc_chacha_horiz_split()).
 */
#define SC_CHACHA_HORIZ_MAX	(8 * CHACHA_BLOCK_SIZE)
#define SC_CHACHA_ZMM_BATCH	(16 * CHACHA_BLOCK_SIZE)
#define SC_CHACHA_ZMM_GROUP	(2 * SC_CHACHA_ZMM_BATCH)
#define SC_CHACHA_VH_MAX	(SC_CHACHA_ZMM_BATCH + SC_CHACHA_HORIZ_MAX)

/*
 * A call, or its last part, of at most SC_CHACHA_VH_MAX bytes and not 9-16
 * blocks: the horizontal kernel for its block count, or (17-24 blocks) 16
 * blocks vertically and 8 horizontally in one round loop (or vertically,
 * sc_chacha_zy_ok()).
 */
static void sc_chacha_xor_part(const u32 *state, u8 *dst, const u8 *src,
				unsigned int len, int nrounds)
{
	if (len <= CHACHA_BLOCK_SIZE)
		sc_chacha_xor_avx512vl_1h(state, dst, src, len, nrounds);
	else if (len <= 2 * CHACHA_BLOCK_SIZE)
		sc_chacha_xor_avx512vl_2h(state, dst, src, len, nrounds);
	else if (len <= 4 * CHACHA_BLOCK_SIZE)
		sc_chacha_xor_avx512_4h(state, dst, src, len, nrounds);
	else if (len <= SC_CHACHA_HORIZ_MAX)
		sc_chacha_xor_avx512_8h(state, dst, src, len, nrounds);
	else if (sc_chacha_zy_ok())
		sc_chacha_xor_avx512_24zy(state, dst, src, len, nrounds);
	else
		sc_chacha_xor_avx512_24vh(state, dst, src, len, nrounds);
}

/* The same with the key block first (@len + 64 bytes of keystream). */
static void sc_chacha_xor_part_key(const u32 *state, u8 *key, u8 *dst,
				    const u8 *src, unsigned int len,
				    int nrounds)
{
	unsigned int total = len + CHACHA_BLOCK_SIZE;

	if (total <= 2 * CHACHA_BLOCK_SIZE)
		sc_chacha_xor_avx512vl_2h_key(state, dst, src, len, nrounds,
					      key);
	else if (total <= 4 * CHACHA_BLOCK_SIZE)
		sc_chacha_xor_avx512_4h_key(state, dst, src, len, nrounds,
					    key);
	else if (total <= SC_CHACHA_HORIZ_MAX)
		sc_chacha_xor_avx512_8h_key(state, dst, src, len, nrounds,
					    key);
	else if (sc_chacha_zy_ok())
		sc_chacha_xor_avx512_24zy_key(state, dst, src, len, nrounds,
					      key);
	else
		sc_chacha_xor_avx512_24vh_key(state, dst, src, len, nrounds,
					      key);
}

/*
 * How many of @len bytes (a call's keystream, key block included) go to
 * the vertical zmm kernel first; the rest goes to sc_chacha_xor_part().
 * The vertical kernel runs 2 x 16 blocks, or 16 for what is left after
 * the last pair, and where vector instructions take one cycle each of them
 * costs a port slot (Intel: about 600 cycles for one batch).  What is left
 * after whole pairs costs less in sc_chacha_xor_part() when it is up to 8
 * blocks (at most 430 cycles) or 17-24 (16 + 8 in one loop: 1010 cycles
 * against 1250 for two batches, measured together); 9-16 or 25-31 blocks
 * stay vertical.
 */
static unsigned int sc_chacha_horiz_split(unsigned int len)
{
	unsigned int rest = len % SC_CHACHA_ZMM_GROUP;

	if (rest <= SC_CHACHA_HORIZ_MAX ||
	    (rest > SC_CHACHA_ZMM_BATCH && rest <= SC_CHACHA_VH_MAX))
		return len - rest;
	return len;
}

static noinline void sc_chacha_xor_avx512_split(const u32 *state, u8 *dst,
						const u8 *src,
						unsigned int len, int nrounds)
{
	unsigned int v = sc_chacha_horiz_split(len);

	if (!v) {
		sc_chacha_xor_part(state, dst, src, len, nrounds);
		return;
	}
	sc_chacha_xor_avx512_32x(state, dst, src, v, nrounds);
	if (v < len)
		sc_chacha_xor_at(sc_chacha_xor_part, state,
				 v / CHACHA_BLOCK_SIZE, dst + v, src + v,
				 len - v, nrounds);
}

/*
 * The vertical kernels for calls of up to 16 blocks, then the split: what
 * is left after whole zmm pairs costs less horizontally on Zen 5 too (the
 * avx512-horiz row, measured there: 33 blocks 708 TSC ticks against 769,
 * 17 blocks 438 against 465), so longer calls run as on that row.
 */
static void sc_chacha_xor_avx512(const u32 *state, u8 *dst, const u8 *src,
				 unsigned int len, int nrounds)
{
	if (len <= SC_CHACHA_XMM_MAX)
		sc_chacha_xor_avx512vl_4x(state, dst, src, len, nrounds);
	else if (len <= SC_CHACHA_ZMM_BATCH)
		sc_chacha_xor_avx512_32x(state, dst, src, len, nrounds);
	else
		sc_chacha_xor_avx512_split(state, dst, src, len, nrounds);
}

/* Calls of up to 8 blocks skip the frame of the split (as avx2-horiz). */
static void sc_chacha_xor_avx512_horiz(const u32 *state, u8 *dst,
				       const u8 *src, unsigned int len,
				       int nrounds)
{
	if (len <= SC_CHACHA_HORIZ_MAX)
		sc_chacha_xor_part(state, dst, src, len, nrounds);
	else
		sc_chacha_xor_avx512_split(state, dst, src, len, nrounds);
}

/* The key block is one more block of the same (first) call. */
static void sc_chacha_xor_key_avx512_horiz(const u32 *state, u8 *key,
					   u8 *dst, const u8 *src,
					   unsigned int len, int nrounds)
{
	unsigned int v = sc_chacha_horiz_split(len + CHACHA_BLOCK_SIZE);
	unsigned int text;

	if (!v) {
		sc_chacha_xor_part_key(state, key, dst, src, len, nrounds);
		return;
	}
	text = v - CHACHA_BLOCK_SIZE;
	sc_chacha_xor_avx512_32x_key(state, dst, src, text, nrounds, key);
	if (text < len)
		sc_chacha_xor_at(sc_chacha_xor_part, state,
				 v / CHACHA_BLOCK_SIZE, dst + text, src + text,
				 len - text, nrounds);
}

/*
 * As sc_chacha_xor_avx512() splits a long call, so does its keyed call:
 * over 16 blocks with the key block, as avx512-horiz's, but for whole
 * zmm pairs with the key block in general registers (gkey).  With the
 * 32x kernel for 17-24 blocks, the AEAD sealed 1420 bytes 4-6% slower
 * (make bench, Zen 5) once avx512 took the class avx512-horiz had.
 */
static void sc_chacha_xor_key_avx512(const u32 *state, u8 *key, u8 *dst,
				     const u8 *src, unsigned int len,
				     int nrounds)
{
	unsigned int blocks = (len + CHACHA_BLOCK_SIZE - 1) / CHACHA_BLOCK_SIZE;

	if (len + CHACHA_BLOCK_SIZE > SC_CHACHA_ZMM_BATCH &&
	    (blocks % 32 || !sc_chacha_key_in_gprs(&sc_chacha_impl_avx512)))
		sc_chacha_xor_key_avx512_horiz(state, key, dst, src, len,
					       nrounds);
	else
		sc_chacha_xor_key_x86(state, key, dst, src, len, nrounds, true);
}

/* The asm is only called directly, so it needs no CFI/IBT landing pad. */
static void sc_hchacha_x86_scalar(const u32 *state, u32 *out, int nrounds)
{
	sc_hchacha_scalar(state, out, nrounds);
}

static void sc_hchacha_x86_ssse3(const u32 *state, u32 *out, int nrounds)
{
	sc_hchacha_ssse3(state, out, nrounds);
}

static void sc_hchacha_x86_avx512vl(const u32 *state, u32 *out, int nrounds)
{
	sc_hchacha_avx512vl(state, out, nrounds);
}

/* General registers only: no SIMD section, so also the no-SIMD choice. */
const struct sc_chacha_impl sc_chacha_impl_scalar = {
	.base = {
		.name = "scalar",
		.min_len = SC_CHACHA_MIN_SCALAR,
	},
	.xor_stream = sc_chacha_xor_scalar_x86,
	.hchacha = sc_hchacha_x86_scalar,
};

const struct sc_chacha_impl sc_chacha_impl_ssse3 = {
	.base = {
		.name = "ssse3",
		.cpu_features = SC_CPU_SSSE3,
		.simd = true,
		.min_len = SC_CHACHA_MIN_SSSE3,
	},
	.xor_stream = sc_chacha_xor_ssse3,
	.hchacha = sc_hchacha_x86_ssse3,
};

const struct sc_chacha_impl sc_chacha_impl_avx2 = {
	.base = {
		.name = "avx2",
		/* SSSE3: its HChaCha is the ssse3 one (pshufb) */
		.cpu_features = SC_CPU_SSSE3 | SC_CPU_AVX | SC_CPU_AVX2,
		.simd = true,
		.min_len = SC_CHACHA_MIN_AVX2,
	},
	.xor_stream = sc_chacha_xor_avx2,
	.hchacha = sc_hchacha_x86_ssse3,
};

/*
 * The avx2 row with the horizontal kernels up to six blocks, and for the
 * last blocks of longer calls.  Only measurement picks it (chacha_rows.h):
 * it wins where vector ops take one cycle (Intel); it has not been
 * measured on an AMD core.
 */
const struct sc_chacha_impl sc_chacha_impl_avx2_horiz = {
	.base = {
		.name = "avx2-horiz",
		.cpu_features = SC_CPU_SSSE3 | SC_CPU_AVX | SC_CPU_AVX2,
		.simd = true,
		.min_len = SC_CHACHA_MIN_AVX2_HORIZ,
	},
	.xor_stream = sc_chacha_xor_avx2_horiz,
	.hchacha = sc_hchacha_x86_ssse3,
};

/* Two AVX2 batches in one round loop for 1 KiB groups (see above). */
const struct sc_chacha_impl sc_chacha_impl_avx2_x16 = {
	.base = {
		.name = "avx2-x16",
		.cpu_features = SC_CPU_SSSE3 | SC_CPU_AVX | SC_CPU_AVX2,
		.simd = true,
		.min_len = SC_CHACHA_MIN_AVX2_X16,
		/*
		 * Below 11 blocks: the avx2 row's code (9 and 10 blocks),
		 * avx2-horiz's (2 to 8) or the scalar row's (one)
		 */
		.own_code_from = SC_CHACHA_AVX2_X16_PART_MIN,
	},
	.xor_stream = sc_chacha_xor_avx2_x16,
	.hchacha = sc_hchacha_x86_ssse3,
};

const struct sc_chacha_impl sc_chacha_impl_avx512vl = {
	.base = {
		.name = "avx512vl",
		.cpu_features = SC_CPU_AVX | SC_CPU_AVX2 | SC_CPU_AVX512,
		.simd = true,
		.min_len = SC_CHACHA_MIN_AVX512VL,
	},
	.xor_stream = sc_chacha_xor_avx512vl,
	.hchacha = sc_hchacha_x86_avx512vl,
	.xor_stream_key = sc_chacha_xor_key_avx512vl,
	.key_batch = 16,		/* 2 x 8 blocks in ymm */
};

const struct sc_chacha_impl sc_chacha_impl_avx512 = {
	.base = {
		.name = "avx512",
		.cpu_features = SC_CPU_AVX | SC_CPU_AVX2 | SC_CPU_AVX512,
		.cpu_avoid = SC_CPU_PREFER_YMM,
		.simd = true,
		.min_len = SC_CHACHA_MIN_AVX512,
		.later_on = SC_CPU_ZMM_SPLIT,
		.later_len = SC_CHACHA_LATER_AVX512,
	},
	.xor_stream = sc_chacha_xor_avx512,
	.hchacha = sc_hchacha_x86_avx512vl,
	.xor_stream_key = sc_chacha_xor_key_avx512,
	.key_batch = 32,		/* 2 x 16 blocks in zmm */
	.key_gpr = true,		/* gkey: see sc_chacha_xor_key_x86() */
	.key_gpr_avoid = SC_CPU_INTEL,
};

/*
 * The avx512 row with the horizontal kernels up to 8 blocks, and for the
 * last blocks of longer calls.  Only measurement picks it (see
 * chacha_rows.h): it wins where vector ops take one cycle (Intel); where
 * they take two (Zen 5) a round chain costs about twice as much, and the
 * scalar and vertical rows were the fastest there before it existed (it
 * has not been measured on Zen 5).
 */
const struct sc_chacha_impl sc_chacha_impl_avx512_horiz = {
	.base = {
		.name = "avx512-horiz",
		.cpu_features = SC_CPU_AVX | SC_CPU_AVX2 | SC_CPU_AVX512,
		.cpu_avoid = SC_CPU_PREFER_YMM,
		.simd = true,
		.min_len = SC_CHACHA_MIN_AVX512_HORIZ,
	},
	.xor_stream = sc_chacha_xor_avx512_horiz,
	.hchacha = sc_hchacha_x86_avx512vl,
	.xor_stream_key = sc_chacha_xor_key_avx512_horiz,
	.key_batch = 32,		/* beyond 8 blocks: as avx512 */
};
