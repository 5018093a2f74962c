// SPDX-License-Identifier: GPL-2.0
/*
 * SHAKE128/256 library API (include/simdcrypt/shake.h): the buffered
 * sponge of generic/keccak.c driven by the row the dispatcher picks.
 *
 * Each call walks its data in pieces of at most SC_SIMD_CHUNK bytes.  A
 * SIMD row runs inside sc_simd_begin/end() when the context allows it;
 * otherwise the last general-register row the CPU supports does the work
 * (the x86_64 "scalar" row, or generic C), so the API works in any context.
 */
#include <linux/module.h>
#include <linux/bug.h>
#include <linux/string.h>
#include "compat/compat.h"
#include "simdcrypt.h"
#include "generic/keccak.h"
#include "include/simdcrypt/shake.h"

/* The fastest row that needs no SIMD section. */
static const struct sc_keccak_impl *sc_shake_gpr_row(void)
{
	unsigned int i = sc_nimpls[SC_ALG_KECCAK];

	while (--i) {
		const struct sc_keccak_impl *impl = sc_keccak_impls[i];

		if (!impl->base.simd && sc_impl_supported(&impl->base))
			return impl;
	}
	return &sc_keccak_impl_generic;
}

/*
 * The row for @len bytes of work; *@simd says whether the caller must
 * bracket it with sc_simd_begin/end().
 */
static const struct sc_keccak_impl *sc_shake_row(size_t len, bool *simd)
{
	const struct sc_keccak_impl *impl = sc_keccak_pick(len);

	*simd = false;
	if (!impl->base.simd)
		return impl;
	if (sc_simd_usable()) {
		*simd = true;
		return impl;
	}
	return sc_shake_gpr_row();
}

static void sc_shake_init(struct sc_shake_ctx *ctx, unsigned int rate)
{
	sc_keccak_sponge_init(&ctx->sp, rate);
	ctx->squeezing = false;
}

void sc_shake128_init(struct sc_shake_ctx *ctx)
{
	sc_shake_init(ctx, SHAKE128_RATE);
}
EXPORT_SYMBOL_GPL(sc_shake128_init);

void sc_shake256_init(struct sc_shake_ctx *ctx)
{
	sc_shake_init(ctx, SHAKE256_RATE);
}
EXPORT_SYMBOL_GPL(sc_shake256_init);

void sc_shake_absorb(struct sc_shake_ctx *ctx, const u8 *in, size_t len)
{
	BUILD_BUG_ON(SC_SIMD_CHUNK > 4096);

	if (WARN_ON_ONCE(ctx->squeezing))
		return;
	while (len) {
		size_t n = min_t(size_t, len, SC_SIMD_CHUNK);
		const struct sc_keccak_impl *impl;
		bool simd;

		impl = sc_shake_row(len, &simd);
		if (simd)
			sc_simd_begin();
		sc_keccak_sponge_absorb(impl, &ctx->sp, in, n);
		if (simd)
			sc_simd_end();
		in += n;
		len -= n;
	}
}
EXPORT_SYMBOL_GPL(sc_shake_absorb);

void sc_shake_finalize(struct sc_shake_ctx *ctx)
{
	const struct sc_keccak_impl *impl;
	bool simd;

	if (ctx->squeezing)
		return;
	/* one permutation: not worth a SIMD section unless a row is forced */
	impl = sc_shake_row(0, &simd);
	if (simd)
		sc_simd_begin();
	sc_keccak_sponge_finalize(impl, &ctx->sp, SHAKE_DSBYTE);
	if (simd)
		sc_simd_end();
	ctx->squeezing = true;
}
EXPORT_SYMBOL_GPL(sc_shake_finalize);

void sc_shake_squeeze(struct sc_shake_ctx *ctx, u8 *out, size_t len)
{
	sc_shake_finalize(ctx);
	while (len) {
		size_t n = min_t(size_t, len, SC_SIMD_CHUNK);
		const struct sc_keccak_impl *impl;
		bool simd;

		impl = sc_shake_row(len, &simd);
		if (simd)
			sc_simd_begin();
		sc_keccak_sponge_squeeze(impl, &ctx->sp, out, n);
		if (simd)
			sc_simd_end();
		out += n;
		len -= n;
	}
}
EXPORT_SYMBOL_GPL(sc_shake_squeeze);

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

void sc_shake128(const u8 *in, size_t inlen, u8 *out, size_t outlen)
{
	sc_shake_oneshot(SHAKE128_RATE, in, inlen, out, outlen);
}
EXPORT_SYMBOL_GPL(sc_shake128);

void sc_shake256(const u8 *in, size_t inlen, u8 *out, size_t outlen)
{
	sc_shake_oneshot(SHAKE256_RATE, in, inlen, out, outlen);
}
EXPORT_SYMBOL_GPL(sc_shake256);
