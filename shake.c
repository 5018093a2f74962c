// SPDX-License-Identifier: GPL-2.0
/*
 * SHAKE128/256 library API (include/simdcrypt/shake.h): the buffered
 * sponge of generic/keccak.c driven by the row the dispatcher picks.
 *
 * Each call walks its data in pieces of at most SC_SIMD_CHUNK bytes.  A
 * SIMD row runs inside a SIMD section when the context allows it;
 * otherwise the best row that needs none does the work (the x86_64
 * "scalar" row, or generic C), so the API works in any context but NMI.
 * Exported with EXPORT_SYMBOL_GPL, as are the multi-stream API
 * (shake_xn.c) and ExpandA (mldsa.c); the test flavour's hooks live in the
 * SIMDCRYPT_INTERNAL namespace (compat/export.h).
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/string.h>
#include "compat/simd.h"
#include "simdcrypt.h"
#include "generic/keccak.h"
#include "include/simdcrypt/shake.h"

/* The row for @len bytes of work in this context. */
static const struct sc_keccak_impl *sc_shake_row(size_t len)
{
	return sc_keccak_pick_here(len);
}

static void sc_shake_init(struct sc_shake_ctx *ctx, unsigned int rate)
{
	sc_keccak_sponge_init(&ctx->sp, rate);
	ctx->squeezing = false;
}

/**
 * sc_shake128_init() - start a SHAKE128 computation
 * @ctx: the context to initialize (may live on the stack)
 *
 * Context: any context but NMI.
 */
void sc_shake128_init(struct sc_shake_ctx *ctx)
{
	sc_shake_init(ctx, SHAKE128_RATE);
}
EXPORT_SYMBOL_GPL(sc_shake128_init);

/**
 * sc_shake256_init() - start a SHAKE256 computation
 * @ctx: the context to initialize (may live on the stack)
 *
 * Context: any context but NMI.
 */
void sc_shake256_init(struct sc_shake_ctx *ctx)
{
	sc_shake_init(ctx, SHAKE256_RATE);
}
EXPORT_SYMBOL_GPL(sc_shake256_init);

/**
 * sc_shake_absorb() - absorb more input
 * @ctx: a context from sc_shake128_init() or sc_shake256_init()
 * @in: the input
 * @len: its length in bytes (any, 0 included)
 *
 * May be called any number of times before the first squeeze; absorbing
 * after it, or into a context never started (zeroed, or wiped by
 * sc_shake_zeroize()), is a bug (WARN_ON_ONCE, the input is ignored).
 *
 * Context: any context but NMI.  SIMD is used only where
 * crypto_simd_usable() allows it, at most 4 KiB per SIMD section.
 */
void sc_shake_absorb(struct sc_shake_ctx *ctx, const u8 *in, size_t len)
{
	BUILD_BUG_ON(SC_SIMD_CHUNK > 4096);

	if (WARN_ON_ONCE(ctx->squeezing || !ctx->sp.rate))
		return;
	while (len) {
		size_t n = min_t(size_t, len, SC_SIMD_CHUNK);
		const struct sc_keccak_impl *impl = sc_shake_row(len);

		sc_simd_run(impl->base.simd,
			    sc_keccak_sponge_absorb(impl, &ctx->sp, in, n));
		in += n;
		len -= n;
	}
}
EXPORT_SYMBOL_GPL(sc_shake_absorb);

/**
 * sc_shake_finalize() - pad the input and switch to squeezing
 * @ctx: the context
 *
 * Optional: the first sc_shake_squeeze() does it.  Idempotent.  On a
 * context never started it warns and does nothing.
 *
 * Context: any context but NMI.
 */
void sc_shake_finalize(struct sc_shake_ctx *ctx)
{
	const struct sc_keccak_impl *impl;

	if (ctx->squeezing || WARN_ON_ONCE(!ctx->sp.rate))
		return;
	/* one permutation: the row for what is buffered, as sha3_glue.c */
	impl = sc_shake_row(ctx->sp.buflen);
	sc_simd_run(impl->base.simd,
		    sc_keccak_sponge_finalize(impl, &ctx->sp, SHAKE_DSBYTE));
	ctx->squeezing = true;
}
EXPORT_SYMBOL_GPL(sc_shake_finalize);

/**
 * sc_shake_squeeze() - produce more output
 * @ctx: the context (finalized here if it was not yet)
 * @out: where to write the output
 * @len: how many bytes; successive calls continue the output stream
 *
 * On a context never started it warns and writes nothing.
 *
 * Context: any context but NMI.  SIMD is used only where
 * crypto_simd_usable() allows it, at most 4 KiB per SIMD section.
 */
void sc_shake_squeeze(struct sc_shake_ctx *ctx, u8 *out, size_t len)
{
	sc_shake_finalize(ctx);
	if (!ctx->squeezing)
		return;
	while (len) {
		size_t n = min_t(size_t, len, SC_SIMD_CHUNK);
		const struct sc_keccak_impl *impl = sc_shake_row(len);

		sc_simd_run(impl->base.simd,
			    sc_keccak_sponge_squeeze(impl, &ctx->sp, out, n));
		out += n;
		len -= n;
	}
}
EXPORT_SYMBOL_GPL(sc_shake_squeeze);

/**
 * sc_shake_zeroize() - wipe a context
 * @ctx: the context; it holds input-dependent state until wiped, and is
 *	 started again (sc_shake128_init(), sc_shake256_init()) before reuse
 *
 * Context: any context but NMI.
 */
void sc_shake_zeroize(struct sc_shake_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(sc_shake_zeroize);

static void sc_shake_oneshot(unsigned int rate, const u8 *in, size_t inlen,
			     u8 *out, size_t outlen)
{
	struct sc_shake_ctx ctx;

	sc_shake_init(&ctx, rate);
	sc_shake_absorb(&ctx, in, inlen);
	sc_shake_squeeze(&ctx, out, outlen);
	sc_shake_zeroize(&ctx);
}

/**
 * sc_shake128() - one-shot SHAKE128
 * @in: the input
 * @inlen: its length in bytes
 * @out: the output
 * @outlen: how many output bytes
 *
 * Context: any context but NMI.  Leaves no state behind.
 */
void sc_shake128(const u8 *in, size_t inlen, u8 *out, size_t outlen)
{
	sc_shake_oneshot(SHAKE128_RATE, in, inlen, out, outlen);
}
EXPORT_SYMBOL_GPL(sc_shake128);

/**
 * sc_shake256() - one-shot SHAKE256
 * @in: the input
 * @inlen: its length in bytes
 * @out: the output
 * @outlen: how many output bytes
 *
 * Context: any context but NMI.  Leaves no state behind.
 */
void sc_shake256(const u8 *in, size_t inlen, u8 *out, size_t outlen)
{
	sc_shake_oneshot(SHAKE256_RATE, in, inlen, out, outlen);
}
EXPORT_SYMBOL_GPL(sc_shake256);
