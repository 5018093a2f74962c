// SPDX-License-Identifier: GPL-2.0
/*
 * Multi-stream SHAKE128/256 (include/simdcrypt/shake.h): up to
 * SC_KECCAKX_MAX independent streams whose states sit side by side, so
 * that a Keccak xN row permutes several of them per instruction.
 *
 * Every step first picks the xN row for the number of streams still live
 * (sc_keccakx_pick: a single-state row for one stream, the widest row the
 * CPU runs well for many), then runs the generic/keccakx.c sponge with it,
 * inside a SIMD section only where this context may use SIMD and the row
 * needs one.  A section's time is its permutations, one per block of each
 * group of width states (a SIMD row permutes its group in about the time
 * one state takes: Documentation/sha3.rst), so one section holds at most
 * the permutations of SC_SIMD_CHUNK bytes of a single-stream sponge, and
 * at least one block.  Rows may change between steps: they all keep the
 * same lane-interleaved state.
 *
 * Built into the module and into the userspace harness and benchmark.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/export.h>
#include "compat/simd.h"
#include "simdcrypt.h"
#include "generic/keccakx.h"
#include "include/simdcrypt/shake.h"

static unsigned int sc_shake_xn_count(unsigned int live)
{
	unsigned int n = 0;

	for (; live; live &= live - 1)
		n++;
	return n;
}

static const struct sc_keccakx_impl *sc_shake_xn_row(unsigned int live)
{
	unsigned int n = sc_shake_xn_count(live);

	return sc_keccakx_pick_here(n);
}

/* The groups of @impl->width states that hold a live stream. */
static unsigned int sc_shake_xn_groups(const struct sc_keccakx_impl *impl,
				       unsigned int live)
{
	unsigned int mask = (1u << impl->width) - 1, g, n = 0;

	for (g = 0; g < SC_KECCAKX_MAX; g += impl->width)
		n += !!((live >> g) & mask);
	return n;
}

/* A bad @n leaves no stream: the context reads and writes nothing. */
static void sc_shake_xn_init(struct sc_shake_xn_ctx *ctx, unsigned int n,
			     unsigned int rate)
{
	if (WARN_ON_ONCE(n < 1 || n > SC_KECCAKX_MAX))
		n = 0;
	sc_keccakx_sponge_init(&ctx->sp, n, rate);
}

/**
 * sc_shake128_xn_init() - start @n SHAKE128 streams
 * @ctx: the context (may live on the stack; holds no pointers)
 * @n: number of streams, 1 to SC_KECCAKX_MAX (8); any other count warns
 *     and leaves a context whose calls read and write nothing
 */
void sc_shake128_xn_init(struct sc_shake_xn_ctx *ctx, unsigned int n)
{
	sc_shake_xn_init(ctx, n, SHAKE128_RATE);
}
EXPORT_SYMBOL_GPL(sc_shake128_xn_init);

/**
 * sc_shake256_xn_init() - start @n SHAKE256 streams
 * @ctx: the context (may live on the stack; holds no pointers)
 * @n: number of streams, 1 to SC_KECCAKX_MAX (8); any other count warns
 *     and leaves a context whose calls read and write nothing
 */
void sc_shake256_xn_init(struct sc_shake_xn_ctx *ctx, unsigned int n)
{
	sc_shake_xn_init(ctx, n, SHAKE256_RATE);
}
EXPORT_SYMBOL_GPL(sc_shake256_xn_init);

/**
 * sc_shake_xn_absorb() - absorb @len bytes into every stream
 * @ctx: the context, not yet squeezed
 * @in: @in[j] is stream j's input, for j below the @n given at init
 * @len: bytes of each input
 *
 * May be called any number of times before the first squeeze; stream j
 * then hashes the concatenation of its inputs.  After a squeeze, or on a
 * context never started (zeroed, or wiped by sc_shake_xn_zeroize()), it
 * warns and does nothing.
 */
void sc_shake_xn_absorb(struct sc_shake_xn_ctx *ctx, const u8 *const in[],
			size_t len)
{
	struct sc_keccakx_sponge *sp = &ctx->sp;
	size_t off = 0;

	BUILD_BUG_ON(SC_KECCAKX_MAX * KECCAK_MAX_RATE > SC_SIMD_CHUNK);
	if (WARN_ON_ONCE(sp->squeezing || !sp->rate) || !sp->live)
		return;
	while (off < len) {
		const struct sc_keccakx_impl *impl = sc_shake_xn_row(sp->live);
		unsigned int groups = sc_shake_xn_groups(impl, sp->live);
		size_t n = len - off;

		/* a seed fits a section with any groups: no division then */
		if (n > SC_SIMD_CHUNK / SC_KECCAKX_MAX)
			n = min_t(size_t, n, SC_SIMD_CHUNK / groups);
		sc_simd_run(impl->base.simd,
			    sc_keccakx_sponge_absorb(impl, sp, in, off, n));
		off += n;
	}
}
EXPORT_SYMBOL_GPL(sc_shake_xn_absorb);

/**
 * sc_shake_xn_squeeze_blocks() - the next @nblocks output blocks of each stream
 * @ctx: the context (the first squeeze ends the input)
 * @out: @out[j] receives @nblocks * rate bytes of stream j (rate: 168 for
 *	 SHAKE128, 136 for SHAKE256), or is NULL to stop stream j for good
 * @nblocks: blocks to squeeze
 *
 * @out is not advanced: the next call writes from @out[j] again.  A
 * stream stopped in an earlier call stays stopped: its @out[j] is not
 * written, NULL or not.  A stopped stream costs nothing once no live
 * stream shares its row's group; the row is chosen again for the streams
 * still live.  On a context never started it warns and does nothing.
 */
void sc_shake_xn_squeeze_blocks(struct sc_shake_xn_ctx *ctx,
				u8 *const out[], unsigned int nblocks)
{
	struct sc_keccakx_sponge *sp = &ctx->sp;
	u8 *o[SC_KECCAKX_MAX];
	unsigned int j;

	if (WARN_ON_ONCE(!sp->rate))
		return;
	if (!sp->squeezing)
		sc_keccakx_sponge_finalize(sp, SHAKE_DSBYTE);
	for (j = 0; j < sp->n; j++) {
		o[j] = out[j];
		if (!o[j])
			sp->live &= ~(1u << j);
	}
	if (!sp->live)
		return;
	while (nblocks) {
		const struct sc_keccakx_impl *impl = sc_shake_xn_row(sp->live);
		unsigned int bytes = sp->rate * sc_shake_xn_groups(impl, sp->live);
		unsigned int n = nblocks;

		if ((u64)n * bytes > SC_SIMD_CHUNK)	/* no division then */
			n = max_t(unsigned int, SC_SIMD_CHUNK / bytes, 1);
		sc_simd_run(impl->base.simd,
			    sc_keccakx_sponge_squeeze(impl, sp, o, n));
		nblocks -= n;
	}
}
EXPORT_SYMBOL_GPL(sc_shake_xn_squeeze_blocks);

/**
 * sc_shake_xn_zeroize() - wipe the context
 * @ctx: the context
 */
void sc_shake_xn_zeroize(struct sc_shake_xn_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(sc_shake_xn_zeroize);
