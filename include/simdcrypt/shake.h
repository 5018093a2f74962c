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
 * Callable from any context but NMI, hard IRQ included: SIMD rows are used only
 * where SIMD may be used, in sections of at most 4 KiB, else the best
 * general-register row.  The context holds no pointers: it may live on the
 * stack and be copied to fork a stream.  Documentation/sha3.rst has more.
 */
#ifndef _SIMDCRYPT_SHAKE_H
#define _SIMDCRYPT_SHAKE_H

#include <linux/types.h>
#include "../../generic/keccak.h"
#include "../../generic/keccakx.h"

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

/*
 * Multi-stream SHAKE: up to SC_KECCAKX_MAX (8) independent streams that
 * advance together, several Keccak states per instruction (the "Keccak xN"
 * rows: AVX-512 x8, AVX-512VL and AVX2 x4, ... on any CPU, groups of one
 * state where nothing wider exists).  For matrix and vector expansion in
 * ML-KEM / ML-DSA: many short inputs, each squeezed for a few blocks.
 *
 *	struct sc_shake_xn_ctx ctx;	(about 1.7 KiB: heap, or a roomy stack)
 *	const u8 *in[4] = { ... };	(four inputs of len bytes each)
 *	u8 *out[4] = { ... };		(four outputs of 2 * 168 bytes each)
 *
 *	sc_shake128_xn_init(&ctx, 4);
 *	sc_shake_xn_absorb(&ctx, in, len);	(any number of times)
 *	sc_shake_xn_squeeze_blocks(&ctx, out, 2);
 *	out[1] = NULL;				(stream 1 is done: stop it)
 *	sc_shake_xn_squeeze_blocks(&ctx, out, 1);	(the next block of 0, 2
 *						 and 3, over their first:
 *						 out[] is not advanced)
 *	sc_shake_xn_zeroize(&ctx);
 *
 * Output comes in whole blocks of the rate (168 bytes for SHAKE128, 136
 * for SHAKE256); stream j's bytes are exactly SHAKE128/256 of its input.
 * Callable from any context but NMI, like the single-stream API.
 */
struct sc_shake_xn_ctx {
	struct sc_keccakx_sponge sp;
};

void sc_shake128_xn_init(struct sc_shake_xn_ctx *ctx, unsigned int n);
void sc_shake256_xn_init(struct sc_shake_xn_ctx *ctx, unsigned int n);
void sc_shake_xn_absorb(struct sc_shake_xn_ctx *ctx, const u8 *const in[],
			size_t len);
void sc_shake_xn_squeeze_blocks(struct sc_shake_xn_ctx *ctx,
				u8 *const out[], unsigned int nblocks);
void sc_shake_xn_zeroize(struct sc_shake_xn_ctx *ctx);

#endif /* _SIMDCRYPT_SHAKE_H */
