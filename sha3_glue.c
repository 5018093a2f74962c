// SPDX-License-Identifier: GPL-2.0
/*
 * shash glue for sha3-224/256/384/512.  The descriptor holds the Keccak
 * state and a partial block; whole blocks go to the row the dispatcher
 * picks, in SIMD sections of at most SC_SIMD_CHUNK bytes.
 *
 * The exported state is the kernel's layout for block hashes: the 200-byte
 * state (lanes little-endian), the partial block padded to the block size,
 * and its length in one byte: 200 + rate + 1 bytes, at most 345 (7.x's
 * HASH_MAX_STATESIZE).  export_core/import_core (hmac) use the first 200.
 */
#include <linux/module.h>
#include <linux/string.h>
#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include "compat/simd.h"
#include "simdcrypt.h"
#include "generic/keccak.h"

#define SC_SHA3_MAX_RATE	SHA3_224_RATE

struct sc_sha3_desc {
	u64 st[KECCAK_STATE_LANES];
	u8 buf[SC_SHA3_MAX_RATE];
	unsigned int buflen;
};

static unsigned int sc_sha3_rate(struct shash_desc *desc)
{
	return crypto_shash_blocksize(desc->tfm);
}

static int sc_sha3_init(struct shash_desc *desc)
{
	memset(shash_desc_ctx(desc), 0, sizeof(struct sc_sha3_desc));
	return 0;
}

static void sc_sha3_absorb(struct sc_sha3_desc *s, unsigned int rate,
			   const u8 *src, unsigned int len)
{
	BUILD_BUG_ON(SC_SIMD_CHUNK > 4096);

	while (len) {
		unsigned int n = min_t(unsigned int, len, SC_SIMD_CHUNK);
		const struct sc_keccak_impl *impl = sc_keccak_pick_here(len);

		sc_simd_run(impl->base.simd,
			    s->buflen = sc_keccak_absorb_buffered(impl, s->st,
								  s->buf,
								  s->buflen,
								  rate, src, n));
		src += n;
		len -= n;
	}
}

static int sc_sha3_update(struct shash_desc *desc, const u8 *src,
			  unsigned int len)
{
	sc_sha3_absorb(shash_desc_ctx(desc), sc_sha3_rate(desc), src, len);
	return 0;
}

static int sc_sha3_final(struct shash_desc *desc, u8 *out)
{
	struct sc_sha3_desc *s = shash_desc_ctx(desc);
	/*
	 * The last block is one permutation: the row for the bytes still
	 * buffered, which for a message shorter than the rate is the whole
	 * message, as calibration timed it.  Picked for 200 bytes, a short
	 * message's only permutation took that class's row: on Zen 5 the
	 * scalar row where avx512vl took 10-20% less time at 16 B-1 KiB.
	 */
	const struct sc_keccak_impl *impl = sc_keccak_pick_here(s->buflen);
	unsigned int rate = sc_sha3_rate(desc);

	sc_simd_run(impl->base.simd,
		    sc_keccak_absorb_final(impl, s->st, s->buf, s->buflen,
					   rate, SHA3_DSBYTE));
	sc_keccak_extract_bytes(s->st, 0, out, crypto_shash_digestsize(desc->tfm));
	if (sc_test_corrupt(SC_CORRUPT_SHA3))
		out[0] ^= 1;
	memzero_explicit(s, sizeof(*s));
	return 0;
}

static int sc_sha3_finup(struct shash_desc *desc, const u8 *src,
			 unsigned int len, u8 *out)
{
	sc_sha3_update(desc, src, len);
	return sc_sha3_final(desc, out);
}

static int sc_sha3_digest(struct shash_desc *desc, const u8 *src,
			  unsigned int len, u8 *out)
{
	sc_sha3_init(desc);
	return sc_sha3_finup(desc, src, len, out);
}

static void sc_sha3_put_state(const struct sc_sha3_desc *s, u8 *out)
{
	int i;

	for (i = 0; i < KECCAK_STATE_LANES; i++)
		put_unaligned_le64(s->st[i], out + 8 * i);
}

static void sc_sha3_get_state(struct sc_sha3_desc *s, const u8 *in)
{
	int i;

	for (i = 0; i < KECCAK_STATE_LANES; i++)
		s->st[i] = get_unaligned_le64(in + 8 * i);
}

static int sc_sha3_export(struct shash_desc *desc, void *out)
{
	const struct sc_sha3_desc *s = shash_desc_ctx(desc);
	unsigned int rate = sc_sha3_rate(desc);
	u8 *p = out;

	sc_sha3_put_state(s, p);
	memcpy(p + KECCAK_STATE_SIZE, s->buf, s->buflen);
	memset(p + KECCAK_STATE_SIZE + s->buflen, 0, rate - s->buflen);
	p[KECCAK_STATE_SIZE + rate] = s->buflen;
	return 0;
}

static int sc_sha3_import(struct shash_desc *desc, const void *in)
{
	struct sc_sha3_desc *s = shash_desc_ctx(desc);
	unsigned int rate = sc_sha3_rate(desc);
	const u8 *p = in;

	if (p[KECCAK_STATE_SIZE + rate] >= rate)
		return -EINVAL;
	sc_sha3_get_state(s, p);
	s->buflen = p[KECCAK_STATE_SIZE + rate];
	memcpy(s->buf, p + KECCAK_STATE_SIZE, s->buflen);
	return 0;
}

/* The state at a block boundary (hmac exports it right after the pad block). */
static int __maybe_unused sc_sha3_export_core(struct shash_desc *desc,
					       void *out)
{
	const struct sc_sha3_desc *s = shash_desc_ctx(desc);

	if (s->buflen)
		return -EINVAL;
	sc_sha3_put_state(s, out);
	return 0;
}

static int __maybe_unused sc_sha3_import_core(struct shash_desc *desc,
					       const void *in)
{
	struct sc_sha3_desc *s = shash_desc_ctx(desc);

	sc_sha3_init(desc);
	sc_sha3_get_state(s, in);
	return 0;
}

#define SC_SHA3_ALG(_bits, _rate) {					\
	.digestsize		= (_bits) / 8,				\
	.init			= sc_sha3_init,				\
	.update			= sc_sha3_update,			\
	.final			= sc_sha3_final,			\
	.finup			= sc_sha3_finup,			\
	.digest			= sc_sha3_digest,			\
	.export			= sc_sha3_export,			\
	.import			= sc_sha3_import,			\
	SC_SHASH_CORE(sc_sha3_export_core, sc_sha3_import_core)	\
	.descsize		= sizeof(struct sc_sha3_desc),		\
	.statesize		= KECCAK_STATE_SIZE + (_rate) + 1,	\
	.base.cra_name		= "sha3-" #_bits,			\
	.base.cra_driver_name	= "sha3-" #_bits "-simdcrypt",		\
	.base.cra_priority	= SC_PRIORITY,				\
	.base.cra_blocksize	= (_rate),				\
	.base.cra_module	= THIS_MODULE,				\
}

static struct shash_alg sc_sha3_algs[] = {
	SC_SHA3_ALG(224, SHA3_224_RATE),
	SC_SHA3_ALG(256, SHA3_256_RATE),
	SC_SHA3_ALG(384, SHA3_384_RATE),
	SC_SHA3_ALG(512, SHA3_512_RATE),
};

int sc_sha3_register(void)
{
	return crypto_register_shashes(sc_sha3_algs, ARRAY_SIZE(sc_sha3_algs));
}

void sc_sha3_unregister(void)
{
	crypto_unregister_shashes(sc_sha3_algs, ARRAY_SIZE(sc_sha3_algs));
}
