// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites for simdcrypt, run through the kernel crypto API.
 *
 * - simdcrypt_names:     every algorithm allocated by NAME resolves to our
 *                        driver (we win the priority); the kernel's own
 *                        drivers are there to compare against.
 * - simdcrypt_kat:       known answers (RFC 8439, draft-irtf-cfrg-xchacha,
 *                        FIPS 202) through the API.
 * - simdcrypt_agree:     agreement with the kernel's own drivers for lengths
 *                        0..4096, random scatterlist splits (in place and out
 *                        of place), incremental updates, export/import.
 * - simdcrypt_templates: hmac(sha3-256), adiantum(xchacha12/20,aes),
 *                        (the rfc7539 AEADs: simdcrypt_aead in aead.c)
 *                        agree with instances built on the kernel's drivers.
 * - simdcrypt_context:   the API called from softirq context.
 * - simdcrypt_badinput:  wrong key sizes, short poly1305 input, bad rows.
 * - simdcrypt_rows:      the known answers and agreement tests once per
 *                        implementation row the CPU supports (forced through
 *                        the module's test hooks); case names carry the row.
 *
 * The module's other suites have files of their own: simdcrypt_aead
 * (aead.c), simdcrypt_keccakx (keccakx.c), simdcrypt_safety (safety.c),
 * simdcrypt_shake (shake.c), simdcrypt_nosimd (nosimd.c) and
 * simdcrypt_dispatch (dispatch.c); common.c has what they share.
 *
 * Load simdcrypt.ko first.
 */

#include <kunit/test.h>
#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <crypto/poly1305.h>
#include <crypto/sha3.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/compat.h"
#include "simdcrypt.h"
#include "common.h"
#include "aead.h"
#include "keccakx.h"
#include "test/vectors.h"

#define MAX_LEN		4096
/* beyond MAX_LEN: more than one 4 KiB SIMD section, page-crossing walks */
static const unsigned int sc_long_lens[] = {
	4097, 4159, 4160, 6291, 8191, 8192, 8193, 12345, 16387, 65536 + 17,
};
#define LONG_MAX_LEN	(65536 + 17)


/* ------------------------------------------------------------------------ */
/* Algorithms                                                               */

enum sc_kind { SC_SKCIPHER, SC_SHASH };

struct sc_alg_desc {
	const char *name;
	enum sc_kind kind;
	enum sc_alg impl_alg;		/* which row table serves it */
	unsigned int ivsize;		/* skcipher */
	unsigned int digestsize;	/* shash */
};

static const struct sc_alg_desc sc_algs[] = {
	{ "chacha20",  SC_SKCIPHER, SC_ALG_CHACHA, 16, 0 },
	{ "xchacha20", SC_SKCIPHER, SC_ALG_CHACHA, 32, 0 },
	{ "xchacha12", SC_SKCIPHER, SC_ALG_CHACHA, 32, 0 },
	{ "poly1305",  SC_SHASH,    SC_ALG_POLY1305, 0, 16 },
	{ "sha3-224",  SC_SHASH,    SC_ALG_KECCAK, 0, 28 },
	{ "sha3-256",  SC_SHASH,    SC_ALG_KECCAK, 0, 32 },
	{ "sha3-384",  SC_SHASH,    SC_ALG_KECCAK, 0, 48 },
	{ "sha3-512",  SC_SHASH,    SC_ALG_KECCAK, 0, 64 },
};

static void sc_alg_desc_name(const struct sc_alg_desc *a, char *desc)
{
	strscpy(desc, a->name, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(sc_all_algs, sc_algs, sc_alg_desc_name);

static const struct sc_alg_desc *const sc_skciphers[] = {
	&sc_algs[0], &sc_algs[1], &sc_algs[2],
};
static const struct sc_alg_desc *const sc_sha3s[] = {
	&sc_algs[4], &sc_algs[5], &sc_algs[6], &sc_algs[7],
};

static void sc_alg_ptr_name(const struct sc_alg_desc *const *a, char *desc)
{
	strscpy(desc, (*a)->name, KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(sc_skcipher_algs, sc_skciphers, sc_alg_ptr_name);
KUNIT_ARRAY_PARAM(sc_sha3_algs, sc_sha3s, sc_alg_ptr_name);

/* The kernel's own driver for @alg: "<alg>-lib" on 7.x, "-generic" before. */
static void sc_ref_driver(struct kunit *test, const struct sc_alg_desc *a,
			  char *drv, size_t size)
{
	static const char *const suffixes[] = { "-lib", "-generic" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(suffixes); i++) {
		void *tfm;

		snprintf(drv, size, "%s%s", a->name, suffixes[i]);
		if (a->kind == SC_SKCIPHER)
			tfm = crypto_alloc_skcipher(drv, 0, 0);
		else
			tfm = crypto_alloc_shash(drv, 0, 0);
		if (IS_ERR(tfm))
			continue;
		if (a->kind == SC_SKCIPHER)
			crypto_free_skcipher(tfm);
		else
			crypto_free_shash(tfm);
		return;
	}
	drv[0] = '\0';
}

/* Lengths: every length to 300, then sparser, with the block edges. */
static unsigned int sc_next_len(unsigned int len)
{
	if (len < 300)
		return len + 1;
	if (len < 1100)
		return len + 61;
	if (len < MAX_LEN - 70)
		return len + 253;
	if (len < MAX_LEN)
		return len + 1 > MAX_LEN - 2 ? len + 1 : MAX_LEN - 2;
	for (unsigned int i = 0; i < ARRAY_SIZE(sc_long_lens); i++)
		if (sc_long_lens[i] > len)
			return sc_long_lens[i];
	return UINT_MAX;
}

/* ------------------------------------------------------------------------ */
/* Operations                                                              */

static int sc_skcipher_sg(struct crypto_skcipher *tfm, bool enc,
			  struct scatterlist *src, struct scatterlist *dst,
			  unsigned int len, const u8 *iv_in)
{
	DECLARE_CRYPTO_WAIT(wait);
	struct skcipher_request *req;
	u8 iv[32];
	int err;

	memcpy(iv, iv_in, crypto_skcipher_ivsize(tfm));
	req = skcipher_request_alloc(tfm, GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	skcipher_request_set_callback(req, CRYPTO_TFM_REQ_MAY_BACKLOG |
				      CRYPTO_TFM_REQ_MAY_SLEEP,
				      crypto_req_done, &wait);
	skcipher_request_set_crypt(req, src, dst, len, iv);
	err = crypto_wait_req(enc ? crypto_skcipher_encrypt(req) :
				    crypto_skcipher_decrypt(req), &wait);
	skcipher_request_free(req);
	return err;
}

/* Linear buffers (@in and @out may be equal). */
static int sc_skcipher_buf(struct crypto_skcipher *tfm, bool enc, const u8 *in,
			   u8 *out, unsigned int len, const u8 *iv)
{
	struct scatterlist s, d;

	sg_init_one(&s, in, len);
	sg_init_one(&d, out, len);
	return sc_skcipher_sg(tfm, enc, &s, in == out ? &s : &d, len, iv);
}

static struct shash_desc *sc_desc(struct kunit *test, struct crypto_shash *tfm)
{
	struct shash_desc *d = kunit_kzalloc(test, sizeof(*d) +
					     crypto_shash_descsize(tfm), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, d);
	d->tfm = tfm;
	return d;
}

/* ------------------------------------------------------------------------ */
/* Known answers                                                           */

/* HMAC-SHA3-256, key 00..1f, "Sample message for keylen<blocklen" */
static const char hmac_msg[] = "Sample message for keylen<blocklen";
static const u8 hmac_sha3_256_tag[32] = {
	0x4f, 0xe8, 0xe2, 0x02, 0xc4, 0xf0, 0x58, 0xe8, 0xdd, 0xdc, 0x23, 0xd8,
	0xc3, 0x4e, 0x46, 0x73, 0x43, 0xe2, 0x35, 0x55, 0xe2, 0x4f, 0xc2, 0xf0,
	0x25, 0xd5, 0x98, 0xf5, 0x58, 0xf6, 0x72, 0x05,
};

/* A vectors.h message (text, hex, or a byte repeated) in test memory. */
static u8 *sc_kat_msg(struct kunit *test, const struct sc_msg *m, unsigned int *len)
{
	u8 *out;

	if (m->hex)
		return sc_unhex(test, m->hex, len);
	*len = m->text ? strlen(m->text) : m->rep_len;
	out = sc_alloc(test, *len);
	if (m->text)
		memcpy(out, m->text, *len);
	else
		memset(out, m->rep_byte, *len);
	return out;
}

/* ------------------------------------------------------------------------ */
/* Test bodies shared by the by-name suites and the per-row suite          */

static void sc_kat_skcipher(struct kunit *test, const char *alg, const u8 *key,
			    const u8 *iv, const u8 *pt, const u8 *ct,
			    unsigned int len)
{
	struct crypto_skcipher *tfm = sc_get_skcipher(test, alg);
	struct rnd_state rs;
	u8 *buf = sc_alloc(test, len), *ptbuf = sc_alloc(test, len);
	unsigned int split;

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", alg, PTR_ERR(tfm));
	/* scatterlists need linear-map memory, not the module's rodata */
	memcpy(ptbuf, pt, len);
	pt = ptbuf;
	KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(tfm, key, 32), 0);

	/* out of place, in place, decrypt */
	memcpy(buf, pt, len);
	KUNIT_ASSERT_EQ(test, sc_skcipher_buf(tfm, true, pt, buf, len, iv), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, buf, ct, len, "%s encrypt", alg);
	memcpy(buf, pt, len);
	KUNIT_ASSERT_EQ(test, sc_skcipher_buf(tfm, true, buf, buf, len, iv), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, buf, ct, len, "%s encrypt in place", alg);
	KUNIT_ASSERT_EQ(test, sc_skcipher_buf(tfm, false, buf, buf, len, iv), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, buf, pt, len, "%s decrypt", alg);

	/* every two-way split of the message */
	sc_seed(test, &rs, len);
	for (split = 1; split < len; split++) {
		struct scatterlist sg[2];
		u8 *a = sc_alloc(test, split), *b = sc_alloc(test, len - split);

		memcpy(a, pt, split);
		memcpy(b, pt + split, len - split);
		sg_init_table(sg, 2);
		sg_set_buf(&sg[0], a, split);
		sg_set_buf(&sg[1], b, len - split);
		KUNIT_ASSERT_EQ(test, sc_skcipher_sg(tfm, true, sg, sg, len, iv), 0);
		if (memcmp(a, ct, split) || memcmp(b, ct + split, len - split)) {
			KUNIT_FAIL(test, "%s: wrong output with sg split at %u",
				   alg, split);
			break;
		}
		kunit_kfree(test, a);
		kunit_kfree(test, b);
	}
}

/*
 * Every ChaCha20 and XChaCha20/12 answer of test/vectors.h.  The kernel's
 * IVs: chacha20 LE32 counter || 12-byte nonce, xchacha 24-byte nonce ||
 * LE64 counter.  An answer without a plaintext is the keystream.
 */
static void sc_kat_chacha_all(struct kunit *test)
{
	unsigned int i, len, n;
	u8 *key, *ct, *pt, iv[32];

	for (i = 0; i < ARRAY_SIZE(sc_chacha_kats); i++) {
		const struct sc_chacha_kat *k = &sc_chacha_kats[i];

		key = sc_unhex(test, k->key, NULL);
		ct = sc_unhex(test, k->ct, &len);
		pt = sc_kat_msg(test, &k->pt, &n);
		if (!n)
			pt = sc_alloc(test, len);
		else
			KUNIT_ASSERT_EQ_MSG(test, n, len, "%s", k->src);
		put_unaligned_le32(k->counter, iv);
		KUNIT_ASSERT_EQ(test, hex2bin(iv + 4, k->nonce, 12), 0);
		sc_kat_skcipher(test, "chacha20", key, iv, pt, ct, len);
	}
	for (i = 0; i < ARRAY_SIZE(sc_xchacha_kats); i++) {
		const struct sc_xchacha_kat *k = &sc_xchacha_kats[i];

		key = sc_unhex(test, k->key, NULL);
		ct = sc_unhex(test, k->ct, &len);
		pt = sc_kat_msg(test, &k->pt, &n);
		KUNIT_ASSERT_EQ_MSG(test, n, len, "%s", k->src);
		KUNIT_ASSERT_EQ(test, hex2bin(iv, k->nonce24, 24), 0);
		put_unaligned_le64(k->counter, iv + 24);
		sc_kat_skcipher(test, k->nrounds == 12 ? "xchacha12" : "xchacha20",
				key, iv, pt, ct, len);
	}
}

static void sc_poly1305_api(struct kunit *test, struct crypto_shash *tfm,
			    const u8 *key, const u8 *msg, unsigned int len,
			    u8 *out)
{
	struct shash_desc *d = sc_desc(test, tfm);

	KUNIT_ASSERT_EQ(test, crypto_shash_init(d), 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_update(d, key, 32), 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_update(d, msg, len), 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_final(d, out), 0);
	kunit_kfree(test, d);
}

/* Every Poly1305 answer of test/vectors.h, key and message as updates and as one digest. */
static void sc_kat_poly1305_all(struct kunit *test)
{
	struct crypto_shash *tfm = sc_get_shash(test, "poly1305");
	unsigned int i, len;
	u8 *key, *msg, *tag, *data, out[16];

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "poly1305: %ld", PTR_ERR(tfm));
	for (i = 0; i < ARRAY_SIZE(sc_poly1305_kats); i++) {
		const struct sc_poly1305_kat *k = &sc_poly1305_kats[i];

		key = sc_unhex(test, k->key, NULL);
		msg = sc_kat_msg(test, &k->msg, &len);
		tag = sc_unhex(test, k->tag, NULL);
		sc_poly1305_api(test, tfm, key, msg, len, out);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, tag, 16, "%s", k->src);

		/* one digest() call over r||s||msg */
		data = sc_alloc(test, 32 + len);
		memcpy(data, key, 32);
		memcpy(data + 32, msg, len);
		memset(out, 0, sizeof(out));
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfm, data, 32 + len, out), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, tag, 16, "%s, one digest()", k->src);

		/* empty message: the tag is s */
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfm, key, 32, out), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, key + 16, 16, "%s, key only", k->src);
	}
}

/*
 * Every SHA3-224/256/384/512 answer of test/vectors.h (FIPS 202's
 * examples: "", "abc", 200 bytes of 0xa3); the message in two updates at
 * every split as well.
 */
static void sc_kat_sha3_all(struct kunit *test)
{
	unsigned int i, len, mdlen, split;
	u8 *msg, *md, out[64];

	for (i = 0; i < ARRAY_SIZE(sc_sha3_kats); i++) {
		const struct sc_sha3_kat *k = &sc_sha3_kats[i];
		struct crypto_shash *tfm;

		if (strncmp(k->alg, "sha3-", 5))
			continue;	/* SHAKE: simdcrypt_shake's answers */
		tfm = sc_get_shash(test, k->alg);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", k->alg, PTR_ERR(tfm));
		msg = sc_kat_msg(test, &k->msg, &len);
		md = sc_unhex(test, k->md, &mdlen);
		KUNIT_ASSERT_EQ(test, crypto_shash_digestsize(tfm), mdlen);
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfm, msg, len, out), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, md, mdlen, "%s", k->src);
		for (split = 0; split <= len; split++) {
			struct shash_desc *d = sc_desc(test, tfm);

			KUNIT_ASSERT_EQ(test, crypto_shash_init(d), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(d, msg, split), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(d, msg + split, len - split), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_final(d, out), 0);
			kunit_kfree(test, d);
			if (memcmp(out, md, mdlen)) {
				KUNIT_FAIL(test, "%s: wrong digest with update split at %u",
					   k->src, split);
				break;
			}
		}
	}
}

/*
 * Agreement of an skcipher with the kernel's own driver: lengths 0..4096
 * (linear, in place), random scatterlist splits (in place and out of
 * place), decrypt round trip, and a block counter about to wrap.
 * Returns the number of (length, layout) cases compared.
 */
static unsigned int sc_agree_skcipher(struct kunit *test, const char *alg)
{
	struct sc_alg_desc a = { .name = alg, .kind = SC_SKCIPHER };
	struct crypto_skcipher *ours, *ref;
	u8 *key, *iv, *pt, *ct, *exp, *tmp;
	char refname[CRYPTO_MAX_ALG_NAME];
	unsigned int len, ivsize, n = 0;
	struct rnd_state rs;

	sc_ref_driver(test, &a, refname, sizeof(refname));
	KUNIT_ASSERT_TRUE_MSG(test, refname[0], "no kernel driver for %s", alg);
	ours = sc_get_skcipher(test, alg);
	ref = sc_get_skcipher(test, refname);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ours));
	KUNIT_ASSERT_FALSE(test, IS_ERR(ref));
	KUNIT_ASSERT_TRUE_MSG(test, strstr(crypto_skcipher_driver_name(ours), "simdcrypt"),
			      "%s resolves to %s", alg, crypto_skcipher_driver_name(ours));
	ivsize = crypto_skcipher_ivsize(ours);
	KUNIT_ASSERT_EQ(test, ivsize, crypto_skcipher_ivsize(ref));

	sc_seed(test, &rs, 1);
	key = sc_alloc(test, 32);
	iv = sc_alloc(test, 32);
	pt = sc_alloc(test, LONG_MAX_LEN);
	ct = sc_alloc(test, LONG_MAX_LEN);
	exp = sc_alloc(test, LONG_MAX_LEN);
	tmp = sc_alloc(test, LONG_MAX_LEN);

	for (len = 0; len <= LONG_MAX_LEN; len = sc_next_len(len)) {
		struct sc_sg s1, s2;

		sc_rand(&rs, key, 32);
		sc_rand(&rs, iv, ivsize);
		sc_rand(&rs, pt, len);
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(ours, key, 32), 0);
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(ref, key, 32), 0);
		KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ref, true, pt, exp, len, iv), 0);

		/* linear, out of place */
		KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ours, true, pt, ct, len, iv), 0);
		if (memcmp(ct, exp, len)) {
			KUNIT_FAIL(test, "%s len %u: encrypt differs from %s",
				   alg, len, refname);
			return n;
		}
		/* linear, in place decrypt */
		KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ours, false, ct, ct, len, iv), 0);
		if (memcmp(ct, pt, len)) {
			KUNIT_FAIL(test, "%s len %u: decrypt round trip fails", alg, len);
			return n;
		}
		/* random splits, in place */
		sc_sg_build(test, &rs, &s1, len);
		sc_sg_fill(test, &s1, pt, len);
		KUNIT_ASSERT_EQ(test, sc_skcipher_sg(ours, true, s1.sg, s1.sg, len, iv), 0);
		sc_sg_read(test, &s1, tmp, len);
		if (memcmp(tmp, exp, len)) {
			KUNIT_FAIL(test, "%s len %u: in-place %u-entry sg differs",
				   alg, len, s1.nents);
			return n;
		}
		/* random splits, out of place with a different layout */
		sc_sg_build(test, &rs, &s1, len);
		sc_sg_build(test, &rs, &s2, len);
		sc_sg_fill(test, &s1, pt, len);
		KUNIT_ASSERT_EQ(test, sc_skcipher_sg(ours, true, s1.sg, s2.sg, len, iv), 0);
		sc_sg_read(test, &s2, tmp, len);
		if (memcmp(tmp, exp, len)) {
			KUNIT_FAIL(test, "%s len %u: %u->%u-entry sg differs",
				   alg, len, s1.nents, s2.nents);
			return n;
		}
		sc_sg_read(test, &s1, tmp, len);
		if (memcmp(tmp, pt, len)) {
			KUNIT_FAIL(test, "%s len %u: out-of-place encrypt wrote its source",
				   alg, len);
			return n;
		}
		n += 4;
	}

	/* the 32-bit block counter about to wrap (the kernel wraps, no carry) */
	if (ivsize == 16) {
		static const u32 ctrs[] = { 0xffffffff, 0xfffffffe, 0xfffffff0 };
		unsigned int i;

		for (i = 0; i < ARRAY_SIZE(ctrs); i++) {
			sc_rand(&rs, iv, 16);
			iv[0] = ctrs[i];
			iv[1] = ctrs[i] >> 8;
			iv[2] = ctrs[i] >> 16;
			iv[3] = ctrs[i] >> 24;
			len = 17 * 64 + 5;
			sc_rand(&rs, pt, len);
			KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ref, true, pt, exp, len, iv), 0);
			KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ours, true, pt, ct, len, iv), 0);
			KUNIT_EXPECT_MEMEQ_MSG(test, ct, exp, len,
					       "%s counter %#x wrap", alg, ctrs[i]);
			n++;
		}
	}
	return n;
}

/* Incremental hashing with random update splits and export/import. */
static unsigned int sc_agree_shash(struct kunit *test, const char *alg,
				   unsigned int minlen, const char *refname,
				   void (*ref_digest)(const u8 *, unsigned int, u8 *))
{
	struct crypto_shash *ours, *ref = NULL;
	unsigned int len, ds, ss, n = 0;
	u8 *msg, *state, exp[64], out[64];
	struct rnd_state rs;
	bool can_export;

	ours = sc_get_shash(test, alg);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ours));
	KUNIT_ASSERT_TRUE_MSG(test, strstr(crypto_shash_driver_name(ours), "simdcrypt"),
			      "%s resolves to %s", alg, crypto_shash_driver_name(ours));
	if (refname) {
		ref = sc_get_shash(test, refname);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ref), "%s: %ld", refname, PTR_ERR(ref));
	}
	ds = crypto_shash_digestsize(ours);
	ss = crypto_shash_statesize(ours);
	msg = sc_alloc(test, LONG_MAX_LEN + 64);
	state = sc_alloc(test, ss);
	can_export = ss != 0;
	sc_seed(test, &rs, 2);

	for (len = minlen; len <= LONG_MAX_LEN; len = sc_next_len(len)) {
		struct shash_desc *d, *d2;
		unsigned int pos, nupd = 0;

		sc_rand(&rs, msg, len + 32);
		if (ref)
			KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(ref, msg, len, exp), 0);
		else
			ref_digest(msg, len, exp);

		/* one shot */
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(ours, msg, len, out), 0);
		if (memcmp(out, exp, ds)) {
			KUNIT_FAIL(test, "%s len %u: digest differs from %s",
				   alg, len, refname ?: "the kernel's library");
			return n;
		}
		/* random update splits, an export/import to a fresh desc midway */
		d = sc_desc(test, ours);
		d2 = sc_desc(test, ours);
		KUNIT_ASSERT_EQ(test, crypto_shash_init(d), 0);
		for (pos = 0; pos < len; ) {
			unsigned int step = 1 + sc_rand_below(&rs, nupd & 1 ? 16 : len - pos);

			step = min(step, len - pos);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(d, msg + pos, step), 0);
			pos += step;
			if (++nupd == 2 && can_export) {
				int err = crypto_shash_export(d, state);

				if (err == -ENOSYS || err == -EOPNOTSUPP) {
					kunit_info(test, "%s: no export/import (%d)\n", alg, err);
					can_export = false;
					continue;
				}
				KUNIT_ASSERT_EQ(test, err, 0);
				memset(d, 0xa5, sizeof(*d) + crypto_shash_descsize(ours));
				d->tfm = ours;
				KUNIT_ASSERT_EQ(test, crypto_shash_import(d2, state), 0);
				swap(d, d2);
			}
		}
		KUNIT_ASSERT_EQ(test, crypto_shash_final(d, out), 0);
		if (memcmp(out, exp, ds)) {
			KUNIT_FAIL(test, "%s len %u: %u updates (export/import) differ",
				   alg, len, nupd);
			return n;
		}
		/* finup */
		KUNIT_ASSERT_EQ(test, crypto_shash_init(d), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_update(d, msg, len / 3), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_finup(d, msg + len / 3,
							 len - len / 3, out), 0);
		if (memcmp(out, exp, ds)) {
			KUNIT_FAIL(test, "%s len %u: finup differs", alg, len);
			return n;
		}
		kunit_kfree(test, d);
		kunit_kfree(test, d2);
		n += 3;
	}
	return n;
}

#if IS_REACHABLE(CONFIG_CRYPTO_LIB_POLY1305)
static void sc_lib_poly1305(const u8 *data, unsigned int len, u8 *out)
{
	struct poly1305_desc_ctx ctx;

	/* kernel shash semantics: the first 32 bytes are the key */
	poly1305_init(&ctx, data);
	poly1305_update(&ctx, data + 32, len - 32);
	poly1305_final(&ctx, out);
}
#endif

#if IS_REACHABLE(CONFIG_CRYPTO_LIB_POLY1305)
/* 7.x: no poly1305 shash of the kernel's; the library, data = key || msg */
static unsigned int sc_agree_poly1305_lib(struct kunit *test)
{
	struct crypto_shash *ours;
	unsigned int len, n = 0;
	struct rnd_state rs;
	u8 *msg, exp[16], out[16];

	ours = sc_get_shash(test, "poly1305");
	KUNIT_ASSERT_FALSE(test, IS_ERR(ours));
	msg = sc_alloc(test, LONG_MAX_LEN + 32);
	sc_seed(test, &rs, 3);
	for (len = 0; len <= LONG_MAX_LEN; len = sc_next_len(len)) {
		unsigned int tot = len + 32, pos, step;
		struct shash_desc *d = sc_desc(test, ours);

		sc_rand(&rs, msg, tot);
		sc_lib_poly1305(msg, tot, exp);
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(ours, msg, tot, out), 0);
		if (memcmp(out, exp, 16)) {
			KUNIT_FAIL(test, "poly1305 len %u: differs from lib poly1305", len);
			return n;
		}
		/* random splits, including ones inside the key */
		KUNIT_ASSERT_EQ(test, crypto_shash_init(d), 0);
		for (pos = 0; pos < tot; pos += step) {
			step = min(1 + sc_rand_below(&rs, 40), tot - pos);
			KUNIT_ASSERT_EQ(test, crypto_shash_update(d, msg + pos, step), 0);
		}
		KUNIT_ASSERT_EQ(test, crypto_shash_final(d, out), 0);
		if (memcmp(out, exp, 16)) {
			KUNIT_FAIL(test, "poly1305 len %u: split updates differ", len);
			return n;
		}
		kunit_kfree(test, d);
		n += 2;
	}
	/* also the export/import path */
	n += sc_agree_shash(test, "poly1305", 32, NULL, sc_lib_poly1305);
	return n;
}
#endif

static unsigned int sc_agree_poly1305(struct kunit *test)
{
	struct crypto_shash *gen;

	/* a poly1305 shash of the kernel's own (6.x: poly1305-generic) */
	gen = crypto_alloc_shash("poly1305-generic", 0, 0);
	if (!IS_ERR(gen)) {
		crypto_free_shash(gen);
		return sc_agree_shash(test, "poly1305", 32, "poly1305-generic", NULL);
	}
#if IS_REACHABLE(CONFIG_CRYPTO_LIB_POLY1305)
	return sc_agree_poly1305_lib(test);
#else
	kunit_skip(test, "no poly1305-generic shash and no lib poly1305");
	return 0;
#endif
}

static unsigned int sc_agree_sha3(struct kunit *test, const char *alg)
{
	struct sc_alg_desc a = { .name = alg, .kind = SC_SHASH };
	char refname[CRYPTO_MAX_ALG_NAME];

	sc_ref_driver(test, &a, refname, sizeof(refname));
	KUNIT_ASSERT_TRUE_MSG(test, refname[0], "no kernel driver for %s", alg);
	return sc_agree_shash(test, alg, 0, refname, NULL);
}

/* ------------------------------------------------------------------------ */
/* simdcrypt_names                                                         */

static void sc_test_driver_name(struct kunit *test)
{
	const struct sc_alg_desc *a = test->param_value;
	char want[CRYPTO_MAX_ALG_NAME], ref[CRYPTO_MAX_ALG_NAME];
	const char *drv;

	snprintf(want, sizeof(want), "%s" SC_DRV_SUFFIX, a->name);
	if (a->kind == SC_SKCIPHER) {
		struct crypto_skcipher *tfm = sc_get_skcipher(test, a->name);

		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", a->name, PTR_ERR(tfm));
		drv = crypto_skcipher_driver_name(tfm);
		KUNIT_EXPECT_EQ(test, crypto_skcipher_ivsize(tfm), a->ivsize);
		KUNIT_EXPECT_EQ(test, crypto_skcipher_min_keysize(tfm), 32u);
		KUNIT_EXPECT_EQ(test, crypto_skcipher_max_keysize(tfm), 32u);
		KUNIT_EXPECT_EQ(test, crypto_skcipher_blocksize(tfm), 1u);
		KUNIT_EXPECT_EQ(test, crypto_skcipher_chunksize(tfm), 64u);
	} else {
		struct crypto_shash *tfm = sc_get_shash(test, a->name);

		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", a->name, PTR_ERR(tfm));
		drv = crypto_shash_driver_name(tfm);
		KUNIT_EXPECT_EQ(test, crypto_shash_digestsize(tfm), a->digestsize);
	}
	KUNIT_EXPECT_STREQ(test, drv, want);
	sc_ref_driver(test, a, ref, sizeof(ref));
	if (ref[0])
		kunit_info(test, "%s -> %s (kernel's own: %s)\n", a->name, drv, ref);
	else if (a->impl_alg != SC_ALG_POLY1305)
		KUNIT_FAIL(test, "no kernel driver for %s to compare against", a->name);
	else
		kunit_info(test, "%s -> %s (no kernel shash; compared with lib poly1305)\n",
			   a->name, drv);
}

static struct kunit_case sc_names_cases[] = {
	KUNIT_CASE_PARAM(sc_test_driver_name, sc_all_algs_gen_params),
	{}
};

static struct kunit_suite sc_names_suite = {
	.name = "simdcrypt_names",
	.test_cases = sc_names_cases,
};

/* ------------------------------------------------------------------------ */
/* simdcrypt_kat                                                           */

static void sc_test_kat_chacha(struct kunit *test) { sc_kat_chacha_all(test); }
static void sc_test_kat_poly1305(struct kunit *test) { sc_kat_poly1305_all(test); }
static void sc_test_kat_sha3(struct kunit *test) { sc_kat_sha3_all(test); }

static void sc_test_kat_hmac_sha3(struct kunit *test)
{
	struct crypto_shash *tfm = sc_get_shash(test, "hmac(sha3-256)");
	u8 key[32], out[32];
	unsigned int i;

	for (i = 0; i < sizeof(key); i++)
		key[i] = i;
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "hmac(sha3-256): %ld", PTR_ERR(tfm));
	KUNIT_EXPECT_TRUE_MSG(test, strstr(crypto_shash_driver_name(tfm), "sha3-256" SC_DRV_SUFFIX),
			      "hmac(sha3-256) is %s", crypto_shash_driver_name(tfm));
	KUNIT_ASSERT_EQ(test, crypto_shash_setkey(tfm, key, 32), 0);
	KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfm, (const u8 *)hmac_msg,
						      strlen(hmac_msg), out), 0);
	KUNIT_EXPECT_MEMEQ(test, out, hmac_sha3_256_tag, 32);
}

/*
 * One ChaCha20-Poly1305 answer of test/vectors.h through @k's template
 * (rfc7539, or rfc7539esp: key || salt, 8-byte IV at the end of the AD),
 * sealed and opened in place.
 */
static void sc_kat_aead_one(struct kunit *test, const struct sc_aead_kat *k)
{
	const char *alg = k->esp ? "rfc7539esp(chacha20,poly1305)" :
				   "rfc7539(chacha20,poly1305)";
	struct crypto_aead *tfm = sc_get_aead(test, alg);
	unsigned int klen, ivlen, alen, len, tlen;
	u8 *key, *iv, *ad, *pt, *ct, *tag, *buf;
	DECLARE_CRYPTO_WAIT(wait);
	struct aead_request *req;
	struct scatterlist sg;

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", alg, PTR_ERR(tfm));
	KUNIT_EXPECT_TRUE_MSG(test, strstr(crypto_aead_driver_name(tfm), "simdcrypt"),
			      "%s is %s", alg, crypto_aead_driver_name(tfm));
	key = sc_unhex(test, k->key, &klen);
	iv = sc_unhex(test, k->iv, &ivlen);
	ad = sc_unhex(test, k->ad, &alen);
	pt = sc_kat_msg(test, &k->pt, &len);
	ct = sc_unhex(test, k->ct, NULL);
	tag = sc_unhex(test, k->tag, &tlen);
	KUNIT_ASSERT_EQ(test, crypto_aead_ivsize(tfm), ivlen);
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(tfm, key, klen), 0);
	KUNIT_ASSERT_EQ(test, crypto_aead_setauthsize(tfm, tlen), 0);
	buf = sc_alloc(test, alen + len + tlen);
	memcpy(buf, ad, alen);
	memcpy(buf + alen, pt, len);
	req = aead_request_alloc(tfm, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	sg_init_one(&sg, buf, alen + len + tlen);
	aead_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP, crypto_req_done, &wait);
	aead_request_set_ad(req, alen);
	aead_request_set_crypt(req, &sg, &sg, len, iv);
	KUNIT_EXPECT_EQ(test, crypto_wait_req(crypto_aead_encrypt(req), &wait), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, buf + alen, ct, len, "%s: seal", k->src);
	KUNIT_EXPECT_MEMEQ_MSG(test, buf + alen + len, tag, tlen, "%s: tag", k->src);
	aead_request_set_crypt(req, &sg, &sg, len + tlen, iv);
	KUNIT_EXPECT_EQ(test, crypto_wait_req(crypto_aead_decrypt(req), &wait), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, buf + alen, pt, len, "%s: open", k->src);
	aead_request_free(req);
}

static void sc_test_kat_rfc7539(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sc_aead_kats); i++)
		sc_kat_aead_one(test, &sc_aead_kats[i]);
}

static struct kunit_case sc_kat_cases[] = {
	KUNIT_CASE(sc_test_kat_chacha),
	KUNIT_CASE(sc_test_kat_poly1305),
	KUNIT_CASE(sc_test_kat_sha3),
	KUNIT_CASE(sc_test_kat_hmac_sha3),
	KUNIT_CASE(sc_test_kat_rfc7539),
	{}
};

static struct kunit_suite sc_kat_suite = {
	.name = "simdcrypt_kat",
	.test_cases = sc_kat_cases,
};

/* ------------------------------------------------------------------------ */
/* simdcrypt_agree                                                         */

static void sc_test_agree_skcipher(struct kunit *test)
{
	const struct sc_alg_desc *const *a = test->param_value;
	unsigned int n = sc_agree_skcipher(test, (*a)->name);

	kunit_info(test, "%s: %u cases agreed with the kernel's driver\n", (*a)->name, n);
}

static void sc_test_agree_sha3(struct kunit *test)
{
	const struct sc_alg_desc *const *a = test->param_value;
	unsigned int n = sc_agree_sha3(test, (*a)->name);

	kunit_info(test, "%s: %u cases agreed with the kernel's driver\n", (*a)->name, n);
}

static void sc_test_agree_poly1305(struct kunit *test)
{
	unsigned int n = sc_agree_poly1305(test);

	kunit_info(test, "poly1305: %u cases agreed\n", n);
}

/* Odd-sized sg entries whose lengths are not multiples of 64. */
static void sc_test_odd_sg(struct kunit *test)
{
	static const unsigned int sizes[][MAX_SG] = {
		{ 1, 63, 65, 127, 129, 3, 200, 1 },
		{ 63, 1, 64, 1, 63, 2, 62, 100 },
		{ 17, 31, 300, 4, 7, 777, 1, 15 },
		{ 4095, 1, 2, 3, 5, 8, 13, 21 },
	};
	unsigned int i, k, j;

	for (k = 0; k < ARRAY_SIZE(sc_skciphers); k++) {
		const char *alg = sc_skciphers[k]->name;
		struct sc_alg_desc a = *sc_skciphers[k];
		struct crypto_skcipher *ours = sc_get_skcipher(test, alg), *ref;
		char refname[CRYPTO_MAX_ALG_NAME];
		struct rnd_state rs;
		u8 key[32], iv[32];

		sc_ref_driver(test, &a, refname, sizeof(refname));
		ref = sc_get_skcipher(test, refname);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ours));
		KUNIT_ASSERT_FALSE(test, IS_ERR(ref));
		sc_seed(test, &rs, k);
		sc_rand(&rs, key, 32);
		sc_rand(&rs, iv, 32);
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(ours, key, 32), 0);
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(ref, key, 32), 0);
		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			struct scatterlist sg[MAX_SG];
			unsigned int len = 0;
			u8 *pt, *exp, *got;

			sg_init_table(sg, MAX_SG);
			for (j = 0; j < MAX_SG; j++) {
				u8 *b = sc_alloc(test, sizes[i][j] + 1);

				sg_set_buf(&sg[j], b + 1, sizes[i][j]);
				len += sizes[i][j];
			}
			pt = sc_alloc(test, len);
			exp = sc_alloc(test, len);
			got = sc_alloc(test, len);
			sc_rand(&rs, pt, len);
			KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ref, true, pt, exp, len, iv), 0);
			KUNIT_ASSERT_EQ(test, sg_copy_from_buffer(sg, MAX_SG, pt, len), (size_t)len);
			KUNIT_ASSERT_EQ(test, sc_skcipher_sg(ours, true, sg, sg, len, iv), 0);
			KUNIT_ASSERT_EQ(test, sg_copy_to_buffer(sg, MAX_SG, got, len), (size_t)len);
			KUNIT_EXPECT_MEMEQ_MSG(test, got, exp, len, "%s layout %u", alg, i);
		}
	}
}

static struct kunit_case sc_agree_cases[] = {
	KUNIT_CASE_PARAM(sc_test_agree_skcipher, sc_skcipher_algs_gen_params),
	KUNIT_CASE(sc_test_agree_poly1305),
	KUNIT_CASE_PARAM(sc_test_agree_sha3, sc_sha3_algs_gen_params),
	KUNIT_CASE(sc_test_odd_sg),
	{}
};

static struct kunit_suite sc_agree_suite = {
	.name = "simdcrypt_agree",
	.test_cases = sc_agree_cases,
};

/* ------------------------------------------------------------------------ */
/* simdcrypt_templates                                                     */

static void sc_test_hmac(struct kunit *test)
{
	static const char *const refs[] = {
		"hmac-shash(sha3-256-lib)", "hmac(sha3-256-lib)", "hmac(sha3-256-generic)",
	};
	struct crypto_shash *ours = sc_get_shash(test, "hmac(sha3-256)"), *ref = NULL;
	unsigned int i, klen, len;
	struct rnd_state rs;
	u8 key[200], *msg, a[32], b[32];

	KUNIT_ASSERT_FALSE(test, IS_ERR(ours));
	KUNIT_EXPECT_TRUE_MSG(test, strstr(crypto_shash_driver_name(ours), "simdcrypt"),
			      "hmac(sha3-256) is %s", crypto_shash_driver_name(ours));
	for (i = 0; i < ARRAY_SIZE(refs) && IS_ERR_OR_NULL(ref); i++) {
		ref = sc_get_shash(test, refs[i]);
		if (IS_ERR(ref))
			kunit_info(test, "%s: %ld\n", refs[i], PTR_ERR(ref));
	}
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR_OR_NULL(ref), "no hmac over the kernel's sha3-256");
	kunit_info(test, "%s vs %s\n", crypto_shash_driver_name(ours),
		   crypto_shash_driver_name(ref));
	msg = sc_alloc(test, 1024);
	sc_seed(test, &rs, 4);
	for (klen = 0; klen <= 200; klen += 13) {
		sc_rand(&rs, key, klen);
		KUNIT_ASSERT_EQ(test, crypto_shash_setkey(ours, key, klen), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_setkey(ref, key, klen), 0);
		for (len = 0; len <= 1024; len += 1 + len / 2) {
			sc_rand(&rs, msg, len);
			KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(ours, msg, len, a), 0);
			KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(ref, msg, len, b), 0);
			if (memcmp(a, b, 32)) {
				KUNIT_FAIL(test, "hmac(sha3-256) klen %u len %u differs", klen, len);
				return;
			}
		}
	}
}

struct sc_adiantum_case {
	const char *stream;
};

static void sc_test_adiantum_one(struct kunit *test, const char *stream)
{
	static const char *const aes[] = { "aes-lib", "aes-generic" };
	static const unsigned int lens[] = { 16, 17, 31, 32, 63, 64, 65, 100, 512,
					     1000, 4096 };
	char name[CRYPTO_MAX_ALG_NAME], refname[CRYPTO_MAX_ALG_NAME];
	struct sc_alg_desc a = { .name = stream, .kind = SC_SKCIPHER };
	struct crypto_skcipher *ours, *ref = ERR_PTR(-ENOENT);
	char sref[CRYPTO_MAX_ALG_NAME / 2];	/* room for "adiantum(%s,aes-generic)" */
	unsigned int i;
	struct rnd_state rs;
	u8 key[32], iv[32], *pt, *ct, *exp;

	snprintf(name, sizeof(name), "adiantum(%s,aes)", stream);
	ours = sc_get_skcipher(test, name);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ours), "%s: %ld", name, PTR_ERR(ours));
	KUNIT_EXPECT_TRUE_MSG(test, strstr(crypto_skcipher_driver_name(ours), stream),
			      "%s is %s", name, crypto_skcipher_driver_name(ours));
	snprintf(refname, sizeof(refname), "%s" SC_DRV_SUFFIX, stream);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(crypto_skcipher_driver_name(ours), refname),
			      "%s is %s", name, crypto_skcipher_driver_name(ours));
	sc_ref_driver(test, &a, sref, sizeof(sref));
	for (i = 0; i < ARRAY_SIZE(aes) && IS_ERR(ref); i++) {
		snprintf(refname, sizeof(refname), "adiantum(%s,%s)", sref, aes[i]);
		ref = sc_get_skcipher(test, refname);
	}
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ref), "no adiantum over %s: %ld", sref, PTR_ERR(ref));
	kunit_info(test, "%s vs %s\n", crypto_skcipher_driver_name(ours),
		   crypto_skcipher_driver_name(ref));
	pt = sc_alloc(test, 4096);
	ct = sc_alloc(test, 4096);
	exp = sc_alloc(test, 4096);
	sc_seed(test, &rs, 5);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		unsigned int len = lens[i];
		struct sc_sg s;

		sc_rand(&rs, key, 32);
		sc_rand(&rs, iv, 32);
		sc_rand(&rs, pt, len);
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(ours, key, 32), 0);
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(ref, key, 32), 0);
		KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ref, true, pt, exp, len, iv), 0);
		KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ours, true, pt, ct, len, iv), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, ct, exp, len, "%s len %u", name, len);
		KUNIT_ASSERT_EQ(test, sc_skcipher_buf(ours, false, ct, ct, len, iv), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, ct, pt, len, "%s len %u decrypt", name, len);
		sc_sg_build(test, &rs, &s, len);
		sc_sg_fill(test, &s, pt, len);
		KUNIT_ASSERT_EQ(test, sc_skcipher_sg(ours, true, s.sg, s.sg, len, iv), 0);
		sc_sg_read(test, &s, ct, len);
		KUNIT_EXPECT_MEMEQ_MSG(test, ct, exp, len, "%s len %u, %u sg entries",
				       name, len, s.nents);
	}
}

static void sc_test_adiantum_xchacha12(struct kunit *test)
{
	sc_test_adiantum_one(test, "xchacha12");
}

static void sc_test_adiantum_xchacha20(struct kunit *test)
{
	sc_test_adiantum_one(test, "xchacha20");
}

static struct kunit_case sc_template_cases[] = {
	KUNIT_CASE(sc_test_hmac),
	KUNIT_CASE(sc_test_adiantum_xchacha12),
	KUNIT_CASE(sc_test_adiantum_xchacha20),
	{}
};

static struct kunit_suite sc_template_suite = {
	.name = "simdcrypt_templates",
	.test_cases = sc_template_cases,
};

/* ------------------------------------------------------------------------ */
/* simdcrypt_context: the API from softirq context                         */

struct sc_bh_ctx {
	struct tasklet_struct tasklet;
	struct completion done;
	struct crypto_sync_skcipher *chacha;
	struct crypto_shash *sha3, *poly;
	u8 *buf, *key;
	unsigned int len;
	u8 ct[64 + 8], dsha[32], dpoly[16];
	int err;
	bool was_softirq;
};

static void sc_bh_work(struct tasklet_struct *t)
{
	struct sc_bh_ctx *c = from_tasklet(c, t, tasklet);
	struct scatterlist sg;
	u8 iv[16] = { 1 };
	int err;

	c->was_softirq = in_softirq() && !in_hardirq();
	{
		SYNC_SKCIPHER_REQUEST_ON_STACK(req, c->chacha);

		sg_init_one(&sg, c->buf, c->len);
		skcipher_request_set_sync_tfm(req, c->chacha);
		skcipher_request_set_callback(req, 0, NULL, NULL);
		skcipher_request_set_crypt(req, &sg, &sg, c->len, iv);
		err = crypto_skcipher_encrypt(req);
		skcipher_request_zero(req);
	}
	if (!err) {
		SHASH_DESC_ON_STACK(d, c->sha3);

		d->tfm = c->sha3;
		err = crypto_shash_digest(d, c->buf, c->len, c->dsha);
		shash_desc_zero(d);
	}
	if (!err) {
		SHASH_DESC_ON_STACK(d, c->poly);

		d->tfm = c->poly;
		err = crypto_shash_init(d) ?: crypto_shash_update(d, c->key, 32) ?:
		      crypto_shash_finup(d, c->buf, c->len, c->dpoly);
		shash_desc_zero(d);
	}
	c->err = err;
	complete(&c->done);
}

static void sc_free_sync(void *p) { crypto_free_sync_skcipher(p); }

static void sc_test_softirq(struct kunit *test)
{
	static const unsigned int lens[] = { 0, 1, 64, 65, 4096, 4096 + 61, 16384 + 3 };
	struct sc_bh_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct rnd_state rs;
	unsigned int i;
	u8 *ref, *key;

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->chacha = crypto_alloc_sync_skcipher("chacha20", 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(c->chacha));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_free_sync, c->chacha), 0);
	KUNIT_EXPECT_STREQ(test, crypto_skcipher_driver_name(&c->chacha->base),
			   "chacha20" SC_DRV_SUFFIX);
	c->sha3 = sc_get_shash(test, "sha3-256");
	c->poly = sc_get_shash(test, "poly1305");
	KUNIT_ASSERT_FALSE(test, IS_ERR(c->sha3));
	KUNIT_ASSERT_FALSE(test, IS_ERR(c->poly));
	c->buf = sc_alloc(test, 16384 + 3);
	ref = sc_alloc(test, 16384 + 3);
	key = sc_alloc(test, 32);
	c->key = key;
	sc_seed(test, &rs, 7);
	sc_rand(&rs, key, 32);
	KUNIT_ASSERT_EQ(test, crypto_sync_skcipher_setkey(c->chacha, key, 32), 0);
	tasklet_setup(&c->tasklet, sc_bh_work);

	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		u8 iv[16] = { 1 }, dsha[32], dpoly[16];
		struct crypto_skcipher *tfm;
		unsigned int len = lens[i];
		struct shash_desc *d;

		sc_rand(&rs, c->buf, len);
		memcpy(ref, c->buf, len);
		/* the same work in process context */
		tfm = sc_get_skcipher(test, "chacha20");
		KUNIT_ASSERT_FALSE(test, IS_ERR(tfm));
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(tfm, key, 32), 0);
		KUNIT_ASSERT_EQ(test, sc_skcipher_buf(tfm, true, ref, ref, len, iv), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(c->sha3, ref, len, dsha), 0);
		d = sc_desc(test, c->poly);
		KUNIT_ASSERT_EQ(test, crypto_shash_init(d), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_update(d, key, 32), 0);
		KUNIT_ASSERT_EQ(test, crypto_shash_finup(d, ref, len, dpoly), 0);

		c->len = len;
		c->err = -EINPROGRESS;
		init_completion(&c->done);
		tasklet_schedule(&c->tasklet);
		KUNIT_ASSERT_TRUE_MSG(test, wait_for_completion_timeout(&c->done, 10 * HZ),
				      "tasklet did not run");
		KUNIT_EXPECT_TRUE(test, c->was_softirq);
		KUNIT_ASSERT_EQ(test, c->err, 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, c->buf, ref, len, "chacha20 in softirq, len %u", len);
		KUNIT_EXPECT_MEMEQ_MSG(test, c->dsha, dsha, 32, "sha3-256 in softirq, len %u", len);
		KUNIT_EXPECT_MEMEQ_MSG(test, c->dpoly, dpoly, 16, "poly1305 in softirq, len %u", len);
	}
	tasklet_kill(&c->tasklet);
}

static struct kunit_case sc_context_cases[] = {
	KUNIT_CASE(sc_test_softirq),
	{}
};

static struct kunit_suite sc_context_suite = {
	.name = "simdcrypt_context",
	.test_cases = sc_context_cases,
};

/* ------------------------------------------------------------------------ */
/* simdcrypt_badinput                                                      */

static void sc_test_bad_keysize(struct kunit *test)
{
	static const unsigned int bad[] = { 0, 1, 16, 31, 33, 64 };
	unsigned int k, i;
	u8 key[64] = {};

	for (k = 0; k < ARRAY_SIZE(sc_skciphers); k++) {
		struct crypto_skcipher *tfm = sc_get_skcipher(test, sc_skciphers[k]->name);

		KUNIT_ASSERT_FALSE(test, IS_ERR(tfm));
		for (i = 0; i < ARRAY_SIZE(bad); i++)
			KUNIT_EXPECT_EQ_MSG(test, crypto_skcipher_setkey(tfm, key, bad[i]),
					    -EINVAL, "%s keylen %u",
					    sc_skciphers[k]->name, bad[i]);
		KUNIT_EXPECT_EQ(test, crypto_skcipher_setkey(tfm, key, 32), 0);
	}
}

static void sc_test_zero_length(struct kunit *test)
{
	unsigned int k;
	u8 *buf = sc_alloc(test, 64), iv[32] = {}, key[32] = {};

	for (k = 0; k < ARRAY_SIZE(sc_skciphers); k++) {
		struct crypto_skcipher *tfm = sc_get_skcipher(test, sc_skciphers[k]->name);

		KUNIT_ASSERT_FALSE(test, IS_ERR(tfm));
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(tfm, key, 32), 0);
		memset(buf, 0x5a, 64);
		KUNIT_EXPECT_EQ(test, sc_skcipher_buf(tfm, true, buf, buf, 0, iv), 0);
		KUNIT_EXPECT_EQ(test, sc_skcipher_buf(tfm, false, buf, buf, 0, iv), 0);
		KUNIT_EXPECT_EQ(test, buf[0], 0x5a);
	}
}

/* The kernel's poly1305 shash wants r||s first; shorter input has no key. */
static void sc_test_poly1305_short(struct kunit *test)
{
	struct crypto_shash *tfm = sc_get_shash(test, "poly1305");
	unsigned int len;
	u8 *key, out[16];

	KUNIT_ASSERT_FALSE(test, IS_ERR(tfm));
	key = sc_unhex(test, sc_poly1305_kats[0].key, NULL);
	KUNIT_EXPECT_NE(test, crypto_shash_setkey(tfm, key, 32), 0);
	for (len = 0; len < 32; len += 7)
		KUNIT_EXPECT_EQ_MSG(test, crypto_shash_tfm_digest(tfm, key, len, out),
				    -ENOKEY, "poly1305 over %u bytes (no key)", len);
}

static void sc_test_bad_rows(struct kunit *test)
{
	unsigned int alg, i;

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		int before = sc_forced_impl(alg);

		KUNIT_EXPECT_EQ(test, sc_force_impl(alg, "no-such-row"), -EINVAL);
		KUNIT_EXPECT_EQ(test, sc_forced_impl(alg), before);
		for (i = 0; i < sc_nimpls[alg]; i++) {
			const struct sc_impl *row = sc_impl_row(alg, i);

			KUNIT_ASSERT_NOT_NULL(test, row);
			if (!sc_impl_supported(row)) {
				KUNIT_EXPECT_EQ_MSG(test, sc_force_impl(alg, row->name), -ENODEV,
						    "forcing unsupported row %s", row->name);
				KUNIT_EXPECT_EQ(test, sc_forced_impl(alg), before);
			}
		}
	}
}

static struct kunit_case sc_bad_cases[] = {
	KUNIT_CASE(sc_test_bad_keysize),
	KUNIT_CASE(sc_test_zero_length),
	KUNIT_CASE(sc_test_poly1305_short),
	KUNIT_CASE(sc_test_bad_rows),
	{}
};

static struct kunit_suite sc_bad_suite = {
	.name = "simdcrypt_badinput",
	.test_cases = sc_bad_cases,
};

/* ------------------------------------------------------------------------ */
/* simdcrypt_rows: everything above, once per supported row                */

static struct sc_row_list sc_all_rows;

static const void *sc_rows_gen_params(SC_GEN_ARGS)
{
	return sc_row_params_next(prev, desc, &sc_all_rows, SC_ALG_COUNT, false);
}

static void sc_test_row(struct kunit *test)
{
	const struct sc_row_param *p = test->param_value;
	unsigned int n = 0, k;

	sc_force_for_test(test, p->alg, p->name);
	KUNIT_ASSERT_EQ(test, sc_forced_impl(p->alg), (int)p->idx);

	switch (p->alg) {
	case SC_ALG_CHACHA:
		sc_kat_chacha_all(test);
		n += 2;
		for (k = 0; k < ARRAY_SIZE(sc_skciphers); k++)
			n += sc_agree_skcipher(test, sc_skciphers[k]->name);
		/* the AEAD on this row: its keyed call, where it has one */
		n += sc_aead_agree_rows(test);
		break;
	case SC_ALG_POLY1305:
		sc_kat_poly1305_all(test);
		n += 3;
		n += sc_agree_poly1305(test);
		break;
	case SC_ALG_KECCAK:
		sc_kat_sha3_all(test);
		n += 4;
		for (k = 0; k < ARRAY_SIZE(sc_sha3s); k++)
			n += sc_agree_sha3(test, sc_sha3s[k]->name);
		break;
	case SC_ALG_AEAD:
		n += sc_aead_agree_rows(test);
		break;
	case SC_ALG_KECCAK_XN:
		n += sc_keccakx_kunit_row(test);
		break;
	default:
		KUNIT_FAIL(test, "unknown algorithm %d", p->alg);
	}
	KUNIT_EXPECT_EQ(test, sc_forced_impl(p->alg), (int)p->idx);
	kunit_info(test, "row %s@%s: %u cases passed\n", sc_alg_label[p->alg],
		   p->name, n);
}

/* Lists every row, supported or not, so the log shows what was skipped. */
static void sc_test_row_inventory(struct kunit *test)
{
	unsigned int alg, i, sup = 0;

	for (alg = 0; alg < SC_ALG_COUNT; alg++)
		for (i = 0; i < sc_nimpls[alg]; i++) {
			const struct sc_impl *row = sc_impl_row(alg, i);

			KUNIT_ASSERT_NOT_NULL(test, row);
			sup += sc_impl_supported(row);
			kunit_info(test, "row %s@%s: %s\n", sc_alg_label[alg], row->name,
				   sc_impl_supported(row) ? "supported, tested" :
				   "not supported by this CPU, skipped");
		}
	KUNIT_EXPECT_GE(test, sup, (unsigned int)SC_ALG_COUNT);
}

static struct kunit_case sc_row_cases[] = {
	KUNIT_CASE(sc_test_row_inventory),
	KUNIT_CASE_PARAM(sc_test_row, sc_rows_gen_params),
	{}
};

static struct kunit_suite sc_row_suite = {
	.name = "simdcrypt_rows",
	.test_cases = sc_row_cases,
};

kunit_test_suites(&sc_names_suite, &sc_kat_suite, &sc_agree_suite,
		  &sc_template_suite, &sc_context_suite, &sc_bad_suite,
		  &sc_row_suite);

MODULE_DESCRIPTION("KUnit tests for simdcrypt");
MODULE_LICENSE("GPL");
/* the row tables, pickers and sc_force_impl() (compat/export.h) */
SC_MODULE_IMPORT_NS(SIMDCRYPT_INTERNAL);
