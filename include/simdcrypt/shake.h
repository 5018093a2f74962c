/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHAKE128 / SHAKE256 (FIPS 202) for in-kernel users, backed by the fastest
 * Keccak-f[1600] row simdcrypt has on this CPU.
 *
 *	struct sc_shake_ctx ctx;
 *
 *	sc_shake256_init(&ctx);
 *	sc_shake_absorb(&ctx, seed, seedlen);	(any number of times)
 *	sc_shake_finalize(&ctx);
 *	sc_shake_squeeze(&ctx, out, outlen);	(repeatable, any length)
 *	sc_shake_zeroize(&ctx);
 *
 * Callable from any context, hard IRQ included: SIMD rows are used only
 * where SIMD may be used, in sections of at most 4 KiB, else the best
 * general-register row.  The context holds no pointers: it may live on the
 * stack and be copied to fork a stream.  Documentation/sha3.rst has more.
 */
#ifndef _SIMDCRYPT_SHAKE_H
#define _SIMDCRYPT_SHAKE_H

#include <linux/types.h>
#include "../../generic/keccak.h"

struct sc_shake_ctx {
	struct sc_keccak_sponge sp;
	bool squeezing;
};

void sc_shake128_init(struct sc_shake_ctx *ctx);
void sc_shake256_init(struct sc_shake_ctx *ctx);
void sc_shake_absorb(struct sc_shake_ctx *ctx, const u8 *in, size_t len);
void sc_shake_finalize(struct sc_shake_ctx *ctx);
void sc_shake_squeeze(struct sc_shake_ctx *ctx, u8 *out, size_t len);
void sc_shake_zeroize(struct sc_shake_ctx *ctx);

/* One-shot: SHAKE128/256(@in) truncated to @outlen bytes. */
void sc_shake128(const u8 *in, size_t inlen, u8 *out, size_t outlen);
void sc_shake256(const u8 *in, size_t inlen, u8 *out, size_t outlen);

#endif /* _SIMDCRYPT_SHAKE_H */
