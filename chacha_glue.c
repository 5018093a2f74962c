// SPDX-License-Identifier: GPL-2.0
/*
 * skcipher glue for chacha20, xchacha20 and xchacha12: walk the request,
 * cut it into SIMD sections of at most SC_SIMD_CHUNK bytes, and hand each
 * piece to the row the dispatcher picks (a row that needs no SIMD section
 * when SIMD is unusable).
 */
#include <linux/module.h>
#include <linux/string.h>
#include <crypto/algapi.h>
#include <crypto/internal/skcipher.h>
#include "compat/simd.h"
#include "simdcrypt.h"

struct sc_chacha_ctx {
	u32 key[8];
	int nrounds;
};

/* Encrypt @len bytes at the current stream position in @state. */
static void sc_chacha_xor(u32 *state, u8 *dst, const u8 *src,
			  unsigned int len, int nrounds)
{
	BUILD_BUG_ON(SC_SIMD_CHUNK > 4096 || SC_SIMD_CHUNK % CHACHA_BLOCK_SIZE);

	while (len) {
		unsigned int n = min_t(unsigned int, len, SC_SIMD_CHUNK);
		const struct sc_chacha_impl *impl = sc_chacha_pick_here(len);

		sc_simd_run(impl->base.simd,
			    sc_chacha_crypt(impl, state, dst, src, n, nrounds));
		dst += n;
		src += n;
		len -= n;
	}
}

/* The request from @state (its start); @state is wiped afterwards. */
static int sc_chacha_stream(struct skcipher_request *req, u32 *state,
			    int nrounds)
{
	struct skcipher_walk walk;
	bool first = true;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;
		u8 *dst = walk.dst.virt.addr;

		if (n < walk.total)
			n = round_down(n, walk.stride);
		sc_chacha_xor(state, dst, walk.src.virt.addr, n, nrounds);
		if (sc_test_corrupt(SC_CORRUPT_CHACHA) && first && n)
			dst[0] ^= 1;
		first = false;
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	memzero_explicit(state, CHACHA_STATE_WORDS * sizeof(*state));
	return err;
}

static int sc_chacha_setkey(struct crypto_skcipher *tfm, const u8 *key,
			    unsigned int keylen, int nrounds)
{
	struct sc_chacha_ctx *ctx = crypto_skcipher_ctx(tfm);
	int i;

	if (keylen != CHACHA_KEY_SIZE)
		return -EINVAL;
	for (i = 0; i < 8; i++)
		ctx->key[i] = get_unaligned_le32(key + 4 * i);
	ctx->nrounds = nrounds;
	return 0;
}

static int sc_chacha20_setkey(struct crypto_skcipher *tfm, const u8 *key,
			      unsigned int keylen)
{
	return sc_chacha_setkey(tfm, key, keylen, 20);
}

static int sc_chacha12_setkey(struct crypto_skcipher *tfm, const u8 *key,
			      unsigned int keylen)
{
	return sc_chacha_setkey(tfm, key, keylen, 12);
}

static int sc_chacha_skcipher_crypt(struct skcipher_request *req)
{
	const struct sc_chacha_ctx *ctx =
		crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	u32 state[CHACHA_STATE_WORDS];

	sc_chacha_init_state(state, ctx->key, req->iv);
	return sc_chacha_stream(req, state, ctx->nrounds);
}

/* XChaCha: the subkey's HChaCha through the row one block would take. */
static int sc_xchacha_crypt(struct skcipher_request *req)
{
	const struct sc_chacha_ctx *ctx =
		crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	const struct sc_chacha_impl *impl =
		sc_chacha_pick_here(CHACHA_BLOCK_SIZE);
	u32 state[CHACHA_STATE_WORDS];

	sc_simd_run(impl->base.simd,
		    sc_xchacha_init_state(state, ctx->key, req->iv, impl,
					  ctx->nrounds));
	return sc_chacha_stream(req, state, ctx->nrounds);
}

#define SC_CHACHA_ALG(_name, _ivsize, _setkey, _crypt) {		\
	.base.cra_name		= _name,				\
	.base.cra_driver_name	= _name "-simdcrypt",			\
	.base.cra_priority	= SC_PRIORITY,				\
	.base.cra_blocksize	= 1,					\
	.base.cra_ctxsize	= sizeof(struct sc_chacha_ctx),		\
	.base.cra_module	= THIS_MODULE,				\
	.min_keysize		= CHACHA_KEY_SIZE,			\
	.max_keysize		= CHACHA_KEY_SIZE,			\
	.ivsize			= _ivsize,				\
	.chunksize		= CHACHA_BLOCK_SIZE,			\
	.setkey			= _setkey,				\
	.encrypt		= _crypt,				\
	.decrypt		= _crypt,				\
}

static struct skcipher_alg sc_chacha_algs[] = {
	SC_CHACHA_ALG("chacha20", CHACHA_IV_SIZE, sc_chacha20_setkey,
		      sc_chacha_skcipher_crypt),
	SC_CHACHA_ALG("xchacha20", XCHACHA_IV_SIZE, sc_chacha20_setkey,
		      sc_xchacha_crypt),
	SC_CHACHA_ALG("xchacha12", XCHACHA_IV_SIZE, sc_chacha12_setkey,
		      sc_xchacha_crypt),
};

int sc_chacha_register(void)
{
	return crypto_register_skciphers(sc_chacha_algs,
					 ARRAY_SIZE(sc_chacha_algs));
}

void sc_chacha_unregister(void)
{
	crypto_unregister_skciphers(sc_chacha_algs, ARRAY_SIZE(sc_chacha_algs));
}
