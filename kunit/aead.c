// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt_aead: the one-pass rfc7539 and rfc7539esp(chacha20,poly1305)
 * drivers against the kernel's own template built over the kernel's own
 * chacha20 and poly1305 (crypto/chacha20poly1305.c), byte for byte:
 *
 * - every text length 0..4096 and some longer ones (several SIMD sections
 *   and walk steps), the AD length moving with it, and every AD length
 *   0..64 (+8 for esp) at a few text lengths;
 * - linear buffers and random scatterlists, in place and out of place
 *   (out of place the AD is copied to dst, as the template does);
 * - a flipped bit in every byte of the AD, the text and the tag gives
 *   -EBADMSG and leaves an in-place buffer as it was;
 * - a request's context holds no key, Poly1305 key, opened text or right
 *   tag of a forged message once the request returns;
 * - wrong key, tag, AD and text sizes give -EINVAL.
 * The rows suite (core.c) runs sc_aead_agree_rows() once per AEAD row.
 */
#include <kunit/test.h>
#include <crypto/aead.h>
#include <crypto/internal/aead.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "simdcrypt.h"
#include "common.h"
#include "aead.h"

#define SC_TAG		16
#define SC_AD_MAX	(1000 + 8)
#define SC_TEXT_MAX	4096

static const unsigned int sc_aead_long_lens[] = {
	4097, 4160, 6291, 8191, 12345, 16387, 65536 + 17,
};
#define SC_AEAD_BUF	(SC_AD_MAX + 65536 + 17 + SC_TAG)

struct sc_aead_case {
	const char *tmpl;		/* "rfc7539" or "rfc7539esp" */
	struct crypto_aead *ours, *ref;
	unsigned int klen, ivsize;
	bool esp;
	u8 *a, *b, *c;			/* SC_AEAD_BUF each */
	struct rnd_state rs;
};

/* The template over the kernel's own drivers, whichever this kernel has. */
static struct crypto_aead *sc_aead_ref(struct kunit *test, const char *tmpl)
{
	static const char *const chacha[] = { "chacha20-lib", "chacha20-generic" };
	struct crypto_aead *ref = ERR_PTR(-ENOENT);
	char name[CRYPTO_MAX_ALG_NAME];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(chacha) && IS_ERR(ref); i++) {
		snprintf(name, sizeof(name), "%s(%s,poly1305-generic)", tmpl,
			 chacha[i]);
		ref = sc_get_aead(test, name);
	}
	return ref;
}

static void sc_aead_setup(struct kunit *test, struct sc_aead_case *t,
			  const char *tmpl, u64 salt)
{
	char name[CRYPTO_MAX_ALG_NAME], drv[CRYPTO_MAX_ALG_NAME];
	u8 key[36];

	t->tmpl = tmpl;
	t->esp = !strcmp(tmpl, "rfc7539esp");
	t->klen = t->esp ? 36 : 32;
	snprintf(name, sizeof(name), "%s(chacha20,poly1305)", tmpl);
	snprintf(drv, sizeof(drv), "%s-chacha20-poly1305" SC_DRV_SUFFIX, tmpl);
	t->ours = sc_get_aead(test, name);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(t->ours), "%s: %ld", name,
			       PTR_ERR(t->ours));
	KUNIT_ASSERT_STREQ(test, crypto_aead_driver_name(t->ours), drv);
	t->ref = sc_aead_ref(test, tmpl);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(t->ref),
			       "no %s template over the kernel's drivers", tmpl);
	t->ivsize = crypto_aead_ivsize(t->ours);
	KUNIT_ASSERT_EQ(test, t->ivsize, t->esp ? 8u : 12u);
	KUNIT_ASSERT_EQ(test, crypto_aead_ivsize(t->ref), t->ivsize);
	t->a = sc_alloc(test, SC_AEAD_BUF);
	t->b = sc_alloc(test, SC_AEAD_BUF);
	t->c = sc_alloc(test, SC_AEAD_BUF);
	sc_seed(test, &t->rs, salt);
	sc_rand(&t->rs, key, t->klen);
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(t->ours, key, t->klen), 0);
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(t->ref, key, t->klen), 0);
	KUNIT_ASSERT_EQ(test, crypto_aead_setauthsize(t->ours, SC_TAG), 0);
	KUNIT_ASSERT_EQ(test, crypto_aead_setauthsize(t->ref, SC_TAG), 0);
}

/*
 * One request with request flags @flags; with @ctx, the request context
 * as the driver left it is copied there (crypto_aead_reqsize() bytes)
 * before the request is freed.
 */
static int sc_aead_run_flags(struct crypto_aead *tfm, bool enc,
			     struct scatterlist *src, struct scatterlist *dst,
			     unsigned int alen, unsigned int cryptlen,
			     const u8 *iv, u32 flags, u8 *ctx)
{
	DECLARE_CRYPTO_WAIT(wait);
	struct aead_request *req = aead_request_alloc(tfm, GFP_KERNEL);
	u8 ivbuf[16];
	int err;

	if (!req)
		return -ENOMEM;
	memcpy(ivbuf, iv, crypto_aead_ivsize(tfm));
	aead_request_set_callback(req, flags, crypto_req_done, &wait);
	aead_request_set_ad(req, alen);
	aead_request_set_crypt(req, src, dst, cryptlen, ivbuf);
	err = crypto_wait_req(enc ? crypto_aead_encrypt(req) :
				    crypto_aead_decrypt(req), &wait);
	if (ctx)
		memcpy(ctx, aead_request_ctx(req), crypto_aead_reqsize(tfm));
	aead_request_free(req);
	return err;
}

static int sc_aead_run_ctx(struct crypto_aead *tfm, bool enc,
			   struct scatterlist *src, struct scatterlist *dst,
			   unsigned int alen, unsigned int cryptlen,
			   const u8 *iv, u8 *ctx)
{
	return sc_aead_run_flags(tfm, enc, src, dst, alen, cryptlen, iv,
				 CRYPTO_TFM_REQ_MAY_SLEEP, ctx);
}

static int sc_aead_run(struct crypto_aead *tfm, bool enc,
		       struct scatterlist *src, struct scatterlist *dst,
		       unsigned int alen, unsigned int cryptlen, const u8 *iv)
{
	return sc_aead_run_ctx(tfm, enc, src, dst, alen, cryptlen, iv, NULL);
}

static int sc_aead_linear(struct crypto_aead *tfm, bool enc, const u8 *in,
			  u8 *out, unsigned int alen, unsigned int cryptlen,
			  const u8 *iv)
{
	unsigned int total = alen + cryptlen + (enc ? SC_TAG : 0);
	struct scatterlist s, d;

	sg_init_one(&s, in, total);
	sg_init_one(&d, out, total);
	return sc_aead_run(tfm, enc, &s, in == out ? &s : &d, alen, cryptlen,
			   iv);
}

/* How a case lays out its buffers, cycled through by the callers. */
enum sc_aead_layout { SC_LINEAR_INPLACE, SC_LINEAR_OOP, SC_SG_INPLACE,
		      SC_SG_OOP, SC_LAYOUTS };

static const char *const sc_layout_name[SC_LAYOUTS] = {
	"linear in place", "linear out of place", "sg in place",
	"sg out of place",
};

/*
 * Our driver on @in (@total bytes) in @layout, the result in @out.
 * Out of place, dst starts as junk so a missing AD copy shows.
 */
static int sc_aead_ours(struct kunit *test, struct sc_aead_case *t, bool enc,
			enum sc_aead_layout layout, const u8 *in, u8 *out,
			unsigned int alen, unsigned int cryptlen, const u8 *iv)
{
	unsigned int total = alen + cryptlen + (enc ? SC_TAG : 0);
	struct sc_sg *s, *d;
	int err;

	switch (layout) {
	case SC_LINEAR_INPLACE:
		memmove(out, in, total);
		return sc_aead_linear(t->ours, enc, out, out, alen, cryptlen, iv);
	case SC_LINEAR_OOP:
		memset(out, 0xa5, total + SC_TAG);
		return sc_aead_linear(t->ours, enc, in, out, alen, cryptlen, iv);
	default:
		break;
	}
	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_ASSERT_NOT_NULL(test, d);
	/* room for the tag in both, so one layout serves both directions */
	sc_sg_build(test, &t->rs, s, alen + cryptlen + SC_TAG);
	sc_sg_fill(test, s, in, total);
	if (layout == SC_SG_INPLACE) {
		err = sc_aead_run(t->ours, enc, s->sg, s->sg, alen, cryptlen, iv);
		sc_sg_read(test, s, out, total);
	} else {
		sc_sg_build(test, &t->rs, d, alen + cryptlen + SC_TAG);
		memset(out, 0xa5, total);
		sc_sg_fill(test, d, out, total);
		err = sc_aead_run(t->ours, enc, s->sg, d->sg, alen, cryptlen, iv);
		sc_sg_read(test, d, out, total);
	}
	kunit_kfree(test, s);
	kunit_kfree(test, d);
	return err;
}

/*
 * One message: the template seals it, ours must give the same bytes and
 * open it again.  Returns false (after a KUnit failure) on a mismatch.
 */
static bool sc_aead_one(struct kunit *test, struct sc_aead_case *t,
			unsigned int alen, unsigned int len,
			enum sc_aead_layout layout)
{
	unsigned int total = alen + len + SC_TAG;
	u8 iv[16];
	int err;

	sc_rand(&t->rs, iv, t->ivsize);
	sc_rand(&t->rs, t->a, alen + len);
	if (t->esp)	/* seqiv's layout: the IV ends the AD */
		memcpy(t->a + alen - 8, iv, 8);
	KUNIT_ASSERT_EQ(test, sc_aead_linear(t->ref, true, t->a, t->b, alen,
					     len, iv), 0);
	err = sc_aead_ours(test, t, true, layout, t->a, t->c, alen, len, iv);
	if (err || memcmp(t->b, t->c, total)) {
		KUNIT_FAIL(test, "%s seal AD %u text %u (%s): err %d, differs from %s",
			   t->tmpl, alen, len, sc_layout_name[layout], err,
			   crypto_aead_driver_name(t->ref));
		return false;
	}
	err = sc_aead_ours(test, t, false, layout, t->b, t->c, alen,
			   len + SC_TAG, iv);
	if (err || memcmp(t->a, t->c, alen + len)) {
		KUNIT_FAIL(test, "%s open AD %u text %u (%s): err %d",
			   t->tmpl, alen, len, sc_layout_name[layout], err);
		return false;
	}
	return true;
}

static unsigned int sc_aead_adlen(const struct sc_aead_case *t, unsigned int i)
{
	return (t->esp ? 8 : 0) + i % 65;
}

static unsigned int sc_aead_sweep(struct kunit *test, struct sc_aead_case *t,
				  unsigned int maxlen, unsigned int step)
{
	unsigned int len, i, n = 0;

	for (len = 0; len <= maxlen; len += len < 300 ? 1 : step) {
		if (!sc_aead_one(test, t, sc_aead_adlen(t, len), len,
				 len % SC_LAYOUTS))
			return n;
		n++;
	}
	for (i = 0; i < ARRAY_SIZE(sc_aead_long_lens); i++) {
		if (!sc_aead_one(test, t, sc_aead_adlen(t, i),
				 sc_aead_long_lens[i], i % SC_LAYOUTS))
			return n;
		n++;
	}
	return n;
}

static void sc_test_aead_lengths(struct kunit *test, const char *tmpl)
{
	static const unsigned int texts[] = { 0, 1, 15, 16, 63, 64, 65, 192,
					      193, 1000, 4096 };
	/* past one 256-byte AD piece: the AD is read before the walk */
	static const unsigned int long_ads[] = { 255, 256, 257, 511, 1000 };
	static const unsigned int long_ad_texts[] = { 0, 64, 961, 4096, 5000 };
	struct sc_aead_case t;
	unsigned int i, j, ad, n;

	sc_aead_setup(test, &t, tmpl, 21);
	n = sc_aead_sweep(test, &t, SC_TEXT_MAX, 1);
	for (i = 0; i < ARRAY_SIZE(texts); i++)
		for (ad = 0; ad <= 64; ad++, n++)
			if (!sc_aead_one(test, &t, (t.esp ? 8 : 0) + ad,
					 texts[i], (ad + i) % SC_LAYOUTS))
				return;
	for (i = 0; i < ARRAY_SIZE(long_ads); i++)
		for (j = 0; j < ARRAY_SIZE(long_ad_texts); j++, n++)
			if (!sc_aead_one(test, &t, (t.esp ? 8 : 0) + long_ads[i],
					 long_ad_texts[j], (i + j) % SC_LAYOUTS))
				return;
	kunit_info(test, "%s vs %s: %u messages\n",
		   crypto_aead_driver_name(t.ours),
		   crypto_aead_driver_name(t.ref), n);
}

static void sc_test_aead_rfc7539(struct kunit *test)
{
	sc_test_aead_lengths(test, "rfc7539");
}

static void sc_test_aead_rfc7539esp(struct kunit *test)
{
	sc_test_aead_lengths(test, "rfc7539esp");
}

/* A random message sealed in place in t->a, to be forged: AD, text, tag. */
static void sc_aead_sealed(struct kunit *test, struct sc_aead_case *t,
			   unsigned int alen, unsigned int len, u8 *iv)
{
	sc_rand(&t->rs, iv, t->ivsize);
	sc_rand(&t->rs, t->a, alen + len);
	if (t->esp)
		memcpy(t->a + alen - 8, iv, 8);
	KUNIT_ASSERT_EQ(test, sc_aead_linear(t->ours, true, t->a, t->a, alen,
					     len, iv), 0);
}

/*
 * A flipped bit anywhere the tag covers gives -EBADMSG, and the in-place
 * buffer is left exactly as it was given (the forged message).
 */
static void sc_test_aead_forgery_one(struct kunit *test, const char *tmpl)
{
	static const unsigned int texts[] = { 0, 1, 17, 192, 193, 300, 1000 };
	struct sc_aead_case t;
	unsigned int i, pos, n = 0;
	u8 iv[16];

	sc_aead_setup(test, &t, tmpl, 22);
	for (i = 0; i < ARRAY_SIZE(texts); i++) {
		unsigned int len = texts[i], alen = sc_aead_adlen(&t, 13 + i);
		unsigned int total = alen + len + SC_TAG;

		sc_aead_sealed(test, &t, alen, len, iv);
		for (pos = 0; pos < total; pos++) {
			struct scatterlist sg;
			int err;

			/* esp: the IV at the end of the AD is not authenticated */
			if (t.esp && pos >= alen - 8 && pos < alen)
				continue;
			t.a[pos] ^= 1 << (pos % 8);
			memcpy(t.b, t.a, total);
			sg_init_one(&sg, t.b, total);
			err = sc_aead_run(t.ours, false, &sg, &sg, alen,
					  len + SC_TAG, iv);
			if (err != -EBADMSG || memcmp(t.a, t.b, total)) {
				KUNIT_FAIL(test, "%s text %u: bit flipped at byte %u: err %d%s",
					   tmpl, len, pos, err,
					   err == -EBADMSG ? ", buffer changed" : "");
				return;
			}
			t.a[pos] ^= 1 << (pos % 8);
			n++;
		}
	}
	kunit_info(test, "%s: %u forgeries refused\n", tmpl, n);
}

/*
 * A few forgeries of long texts, opened out of place and in place.  Out of
 * place, a forged message releases no plaintext: the text in dst is either
 * untouched (a short text waits in the request context) or zeroed (a long
 * one was decrypted piece by piece, some of it with the key block in the
 * same ChaCha call).  In place, the buffer is left as it was given, also
 * where a lead (the text's first blocks, opened with the key block) was
 * stepped over: 576 and 1100 bytes have one with the AVX2 row.  Returns
 * the forgeries refused, 0 after a failure.
 */
static unsigned int sc_aead_forge_few(struct kunit *test, const char *tmpl,
				      u32 seed)
{
	static const unsigned int texts[] = { 100, 576, 961, 1100, 1420, 2000,
					      4000, 5000 };
	struct sc_aead_case t;
	unsigned int i, j, n = 0;
	u8 iv[16];

	sc_aead_setup(test, &t, tmpl, seed);
	for (i = 0; i < ARRAY_SIZE(texts); i++) {
		unsigned int len = texts[i], alen = sc_aead_adlen(&t, 13 + i);
		unsigned int total = alen + len + SC_TAG;
		unsigned int pos[3] = { len / 2, len + 3, len + SC_TAG - 1 };

		sc_aead_sealed(test, &t, alen, len, iv);
		for (j = 0; j < ARRAY_SIZE(pos); j++) {
			u8 *text = t.c + alen;
			struct scatterlist sg;
			bool kept, zeroed, changed;
			int err, err2;

			t.a[alen + pos[j]] ^= 0x40;
			memset(t.c, 0xa5, total);
			err = sc_aead_linear(t.ours, false, t.a, t.c, alen,
					     len + SC_TAG, iv);
			kept = !memchr_inv(text, 0xa5, len);
			zeroed = !memchr_inv(text, 0, len);
			memcpy(t.b, t.a, total);
			sg_init_one(&sg, t.b, total);
			err2 = sc_aead_run(t.ours, false, &sg, &sg, alen,
					   len + SC_TAG, iv);
			changed = memcmp(t.a, t.b, total);
			t.a[alen + pos[j]] ^= 0x40;
			if (err != -EBADMSG || !(kept || zeroed)) {
				KUNIT_FAIL(test,
					   "%s text %u, byte %u of text+tag flipped, out of place: err %d, dst text %s",
					   tmpl, len, pos[j], err,
					   kept || zeroed ? "clean" : "holds other bytes");
				return 0;
			}
			if (err2 != -EBADMSG || changed) {
				KUNIT_FAIL(test,
					   "%s text %u, byte %u of text+tag flipped, in place: err %d%s",
					   tmpl, len, pos[j], err2,
					   err2 == -EBADMSG ? ", buffer changed" : "");
				return 0;
			}
			n += 2;
		}
	}
	return n;
}

static void sc_test_aead_forgery(struct kunit *test)
{
	sc_test_aead_forgery_one(test, "rfc7539");
	sc_test_aead_forgery_one(test, "rfc7539esp");
	kunit_info(test, "rfc7539: %u forgeries refused out of place and in place\n",
		   sc_aead_forge_few(test, "rfc7539", 27));
	kunit_info(test, "rfc7539esp: %u forgeries refused out of place and in place\n",
		   sc_aead_forge_few(test, "rfc7539esp", 28));
}

/*
 * The Poly1305 key of @nonce: the first 32 bytes of ChaCha20 block 0, into
 * @out, which a scatterlist maps (so not stack memory).
 */
static void sc_aead_polykey(struct kunit *test, const u8 *key,
			    const u8 *nonce, u8 *out)
{
	struct crypto_skcipher *tfm = sc_get_skcipher(test, "chacha20");
	DECLARE_CRYPTO_WAIT(wait);
	struct skcipher_request *req;
	struct scatterlist sg;
	u8 iv[16] = { 0 };
	int err;

	KUNIT_ASSERT_FALSE(test, IS_ERR(tfm));
	KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(tfm, key, 32), 0);
	req = skcipher_request_alloc(tfm, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	memcpy(iv + 4, nonce, 12);
	memset(out, 0, 32);
	sg_init_one(&sg, out, 32);
	skcipher_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP,
				      crypto_req_done, &wait);
	skcipher_request_set_crypt(req, &sg, &sg, 32, iv);
	err = crypto_wait_req(crypto_skcipher_encrypt(req), &wait);
	skcipher_request_free(req);
	KUNIT_ASSERT_EQ(test, err, 0);
}

/* Whether @len bytes of @secret appear anywhere in @size bytes of @mem. */
static bool sc_aead_holds(const u8 *mem, size_t size, const u8 *secret,
			  size_t len)
{
	size_t i;

	for (i = 0; i + len <= size; i++)
		if (!memcmp(mem + i, secret, len))
			return true;
	return false;
}

/*
 * What a request leaves in its context once it returns (aead_glue.c keeps
 * its buffers there): not the key, not the Poly1305 key, not an opened
 * text, and not the tag a forged message should have had.  The context is
 * the caller's memory, reused for the next request or freed unwiped.
 * Short texts pass through the context (the head), long ones through the
 * walk; sealed, opened and forged, in place and out of place.
 */
static void sc_test_aead_ctx_wiped_one(struct kunit *test, const char *tmpl)
{
	static const unsigned int texts[] = { 16, 17, 100, 300, 1000, 5000 };
	static const char *const ops[] = { "seal", "open", "forged open" };
	u8 key[36], iv[16], nonce[12];
	struct sc_aead_case t;
	unsigned int i, j, reqsize;
	u8 *ctx, *out, *polykey;

	sc_aead_setup(test, &t, tmpl, 30);
	sc_rand(&t.rs, key, t.klen);
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(t.ours, key, t.klen), 0);
	reqsize = crypto_aead_reqsize(t.ours);
	ctx = sc_alloc(test, reqsize);
	out = sc_alloc(test, SC_AEAD_BUF);
	/* a scatterlist's buffer: not on the stack (vmapped on arm64) */
	polykey = sc_alloc(test, 32);
	for (i = 0; i < ARRAY_SIZE(texts); i++) {
		unsigned int len = texts[i], alen = sc_aead_adlen(&t, 5 + i);
		unsigned int total = alen + len + SC_TAG;
		const u8 *text = t.a + alen, *tag = t.b + alen + len;

		/* t.a: AD and text; t.b: sealed */
		sc_rand(&t.rs, iv, t.ivsize);
		sc_rand(&t.rs, t.a, alen + len);
		if (t.esp)
			memcpy(t.a + alen - 8, iv, 8);
		memcpy(t.b, t.a, alen + len);
		KUNIT_ASSERT_EQ(test, sc_aead_linear(t.ours, true, t.b, t.b,
						     alen, len, iv), 0);
		memcpy(nonce, t.esp ? key + 32 : iv, t.esp ? 4 : 12);
		if (t.esp)
			memcpy(nonce + 4, iv, 8);
		sc_aead_polykey(test, key, nonce, polykey);
		for (j = 0; j < 2 * ARRAY_SIZE(ops); j++) {
			unsigned int op = j % ARRAY_SIZE(ops);
			bool oop = j >= ARRAY_SIZE(ops);
			struct scatterlist s, d;
			int err;

			memcpy(t.c, op ? t.b : t.a, total);
			if (op == 2)
				t.c[total - 1] ^= 1;
			sg_init_one(&s, t.c, total);
			sg_init_one(&d, out, total);
			err = sc_aead_run_ctx(t.ours, !op, &s, oop ? &d : &s,
					      alen, op ? len + SC_TAG : len, iv,
					      ctx);
			KUNIT_EXPECT_EQ_MSG(test, err, op == 2 ? -EBADMSG : 0,
					    "%s text %u: %s", tmpl, len, ops[op]);
			KUNIT_EXPECT_FALSE_MSG(test,
					       sc_aead_holds(ctx, reqsize, key, 32),
					       "%s text %u, %s%s: the key is in the request context",
					       tmpl, len, ops[op], oop ? " out of place" : "");
			KUNIT_EXPECT_FALSE_MSG(test,
					       sc_aead_holds(ctx, reqsize, polykey, 16) ||
					       sc_aead_holds(ctx, reqsize, polykey + 16, 16),
					       "%s text %u, %s%s: the Poly1305 key is in the request context",
					       tmpl, len, ops[op], oop ? " out of place" : "");
			if (op)
				KUNIT_EXPECT_FALSE_MSG(test,
						       sc_aead_holds(ctx, reqsize, text, 16) ||
						       sc_aead_holds(ctx, reqsize,
								     text + len - 16, 16),
						       "%s text %u, %s%s: the text is in the request context",
						       tmpl, len, ops[op], oop ? " out of place" : "");
			if (op == 2)
				KUNIT_EXPECT_FALSE_MSG(test,
						       sc_aead_holds(ctx, reqsize, tag, SC_TAG),
						       "%s text %u, %s%s: the right tag is in the request context",
						       tmpl, len, ops[op], oop ? " out of place" : "");
		}
	}
}

static void sc_test_aead_ctx_wiped(struct kunit *test)
{
	sc_test_aead_ctx_wiped_one(test, "rfc7539");
	sc_test_aead_ctx_wiped_one(test, "rfc7539esp");
}

/*
 * @buf (AD, text, room for the tag) sealed or opened in place where SIMD
 * may not be used: preemption off and the self-tests' flag set, as
 * testmgr runs its no-SIMD checks.  The request is made before, so
 * nothing sleeps.  Returns the result, or -EPERM if SIMD looked usable
 * or a row that needs SIMD was picked.
 */
static int sc_aead_nosimd_run(struct crypto_aead *tfm, bool enc, u8 *buf,
			      unsigned int alen, unsigned int cryptlen,
			      const u8 *iv)
{
	struct aead_request *req = aead_request_alloc(tfm, GFP_KERNEL);
	struct scatterlist sg;
	long picks;
	u8 ivbuf[16];
	bool usable;
	int err;

	if (!req)
		return -ENOMEM;
	memcpy(ivbuf, iv, crypto_aead_ivsize(tfm));
	sg_init_one(&sg, buf, alen + cryptlen + (enc ? SC_TAG : 0));
	aead_request_set_callback(req, 0, NULL, NULL);
	aead_request_set_ad(req, alen);
	aead_request_set_crypt(req, &sg, &sg, cryptlen, ivbuf);
	preempt_disable();
	sc_simd_test_flag(true);
	usable = crypto_simd_usable();
	picks = sc_simd_picks();
	err = enc ? crypto_aead_encrypt(req) : crypto_aead_decrypt(req);
	/* a SIMD row gives the same answers in UML: count the picks */
	if (picks >= 0 && sc_simd_picks() != picks)
		err = -EPERM;
	sc_simd_test_flag(false);
	preempt_enable();
	aead_request_free(req);
	return usable ? -EPERM : err;
}

/* Both AEADs where SIMD may not be used give the template's answers. */
static void sc_test_aead_nosimd_one(struct kunit *test, const char *tmpl)
{
	static const unsigned int texts[] = { 0, 1, 16, 63, 64, 65, 256, 257,
					      1000, 4096, 5000 };
	struct sc_aead_case t;
	unsigned int i, alen, total;
	u8 iv[16];
	int err;

	sc_aead_setup(test, &t, tmpl, 29);
	for (i = 0; i < ARRAY_SIZE(texts); i++) {
		alen = (t.esp ? 8 : 0) + i * 7;
		total = alen + texts[i] + SC_TAG;
		sc_rand(&t.rs, iv, t.ivsize);
		sc_rand(&t.rs, t.a, alen + texts[i]);
		if (t.esp)
			memcpy(t.a + alen - 8, iv, 8);
		KUNIT_ASSERT_EQ(test, sc_aead_linear(t.ref, true, t.a, t.b, alen,
						     texts[i], iv), 0);
		memcpy(t.c, t.a, alen + texts[i]);
		err = sc_aead_nosimd_run(t.ours, true, t.c, alen, texts[i], iv);
		KUNIT_ASSERT_EQ_MSG(test, err, 0, "%s no-SIMD seal, text %u",
				    tmpl, texts[i]);
		KUNIT_ASSERT_TRUE_MSG(test, !memcmp(t.c, t.b, total),
				      "%s no-SIMD seal, text %u: differs from %s",
				      tmpl, texts[i],
				      crypto_aead_driver_name(t.ref));
		err = sc_aead_nosimd_run(t.ours, false, t.c, alen,
					 texts[i] + SC_TAG, iv);
		KUNIT_ASSERT_EQ_MSG(test, err, 0, "%s no-SIMD open, text %u",
				    tmpl, texts[i]);
		KUNIT_ASSERT_TRUE_MSG(test, !memcmp(t.c, t.a, alen + texts[i]),
				      "%s no-SIMD open, text %u: differs",
				      tmpl, texts[i]);
		/* a forged tag: -EBADMSG here too */
		memcpy(t.c, t.b, total);
		t.c[total - 1] ^= 1;
		err = sc_aead_nosimd_run(t.ours, false, t.c, alen,
					 texts[i] + SC_TAG, iv);
		KUNIT_ASSERT_EQ_MSG(test, err, -EBADMSG,
				    "%s no-SIMD open of a forgery, text %u",
				    tmpl, texts[i]);
	}
}

static void sc_test_aead_nosimd(struct kunit *test)
{
	if (!SC_HAVE_SIMD_TEST_FLAG)
		kunit_skip(test, "no crypto_simd_disabled_for_test in this kernel");
	sc_test_aead_nosimd_one(test, "rfc7539");
	sc_test_aead_nosimd_one(test, "rfc7539esp");
}

static void sc_test_aead_bad_input(struct kunit *test)
{
	static const unsigned int keylens[] = { 0, 16, 31, 32, 33, 35, 36, 37, 64 };
	static const unsigned int authsizes[] = { 0, 4, 8, 12, 15, 17 };
	struct sc_aead_case t, e;
	unsigned int i;
	u8 iv[16] = { 0 };

	sc_aead_setup(test, &t, "rfc7539", 23);
	sc_aead_setup(test, &e, "rfc7539esp", 24);
	for (i = 0; i < ARRAY_SIZE(keylens); i++) {
		KUNIT_EXPECT_EQ(test, crypto_aead_setkey(t.ours, t.a, keylens[i]),
				keylens[i] == 32 ? 0 : -EINVAL);
		KUNIT_EXPECT_EQ(test, crypto_aead_setkey(e.ours, t.a, keylens[i]),
				keylens[i] == 36 ? 0 : -EINVAL);
	}
	for (i = 0; i < ARRAY_SIZE(authsizes); i++) {
		KUNIT_EXPECT_EQ(test, crypto_aead_setauthsize(t.ours, authsizes[i]),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, crypto_aead_setauthsize(e.ours, authsizes[i]),
				-EINVAL);
	}
	KUNIT_EXPECT_EQ(test, crypto_aead_setauthsize(t.ours, SC_TAG), 0);
	/* a refused key leaves the tfm keyless (-ENOKEY): key them again */
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(t.ours, t.a, 32), 0);
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(e.ours, t.a, 36), 0);
	/* decrypt needs at least a tag; esp needs the 8-byte IV in the AD */
	for (i = 0; i < SC_TAG; i++)
		KUNIT_EXPECT_EQ(test, sc_aead_linear(t.ours, false, t.a, t.a, 4,
						     i, iv), -EINVAL);
	for (i = 0; i < 8; i++) {
		KUNIT_EXPECT_EQ(test, sc_aead_linear(e.ours, true, t.a, t.a, i,
						     32, iv), -EINVAL);
		KUNIT_EXPECT_EQ(test, sc_aead_linear(e.ours, false, t.a, t.a, i,
						     32, iv), -EINVAL);
	}
}

/*
 * For the rows suite: the AEAD row already forced, a lighter sweep of both
 * drivers against the template, and a few forgeries.  Returns the
 * messages compared.
 */
unsigned int sc_aead_agree_rows(struct kunit *test)
{
	struct sc_aead_case t, e;

	sc_aead_setup(test, &t, "rfc7539", 25);
	sc_aead_setup(test, &e, "rfc7539esp", 26);
	return sc_aead_sweep(test, &t, SC_TEXT_MAX, 211) +
	       sc_aead_sweep(test, &e, SC_TEXT_MAX, 389) +
	       sc_aead_forge_few(test, "rfc7539", 29);
}

/* A forced row is what the next request uses. */
static void sc_test_aead_force(struct kunit *test)
{
	unsigned int i;

	sc_unforce_at_end(test, SC_ALG_AEAD);
	for (i = 0; i < sc_nimpls[SC_ALG_AEAD]; i++) {
		const struct sc_impl *row = sc_impl_row(SC_ALG_AEAD, i);

		if (!sc_impl_supported(row)) {
			KUNIT_EXPECT_EQ(test, sc_force_impl(SC_ALG_AEAD, row->name),
					-ENODEV);
			continue;
		}
		KUNIT_ASSERT_EQ(test, sc_force_impl(SC_ALG_AEAD, row->name), 0);
		KUNIT_EXPECT_PTR_EQ(test, &sc_aead_pick(100000)->base, row);
		if (!row->simd)
			KUNIT_EXPECT_PTR_EQ(test,
					    &sc_aead_pick_nosimd(100000)->base,
					    row);
	}
}

#if IS_ENABLED(CONFIG_FAILSLAB)
/*
 * The walk's allocations failing.  Without CRYPTO_TFM_REQ_MAY_SLEEP the
 * skcipher walk allocates with GFP_ATOMIC, which failslab may fail, and
 * it allocates a bounce block where a 64-byte chunk straddles two
 * scatterlist entries: here every entry but the last ends mid-chunk.
 * With current->fail_nth = n, the n-th such allocation of the request
 * fails: seal and open must return -ENOMEM, and open must leave no
 * plaintext in dst (the text there zeroed); once n is past the
 * request's allocations both must give the right bytes.  Runs where the
 * kernel has failslab (check-uml's debug kernel; its init turns off
 * failslab's stack dumps).
 */
#define SC_FAIL_PIECES	4

struct sc_fail_sg {
	struct scatterlist sg[SC_FAIL_PIECES];
	u8 *piece[SC_FAIL_PIECES];
};

static void sc_fail_sg_init(struct kunit *test, struct sc_fail_sg *f,
			    unsigned int total)
{
	static const unsigned int lens[SC_FAIL_PIECES - 1] = { 100, 37, 1000 };
	unsigned int i, len;

	sg_init_table(f->sg, SC_FAIL_PIECES);
	for (i = 0; i < SC_FAIL_PIECES; i++) {
		len = i < SC_FAIL_PIECES - 1 ? lens[i] : total - 1137;
		f->piece[i] = sc_alloc(test, len);
		sg_set_buf(&f->sg[i], f->piece[i], len);
	}
}

/*
 * One request without CRYPTO_TFM_REQ_MAY_SLEEP and with current->fail_nth
 * = @nth (the request's own GFP_KERNEL allocation does not count: failslab
 * fails atomic ones only); *@hit: the nth came.
 */
static int sc_aead_fail_nth(struct crypto_aead *tfm, bool enc,
			    struct sc_fail_sg *src, struct sc_fail_sg *dst,
			    unsigned int alen, unsigned int cryptlen,
			    const u8 *iv, unsigned int nth, bool *hit)
{
	int err;

	current->fail_nth = nth;
	err = sc_aead_run_flags(tfm, enc, src->sg, dst->sg, alen, cryptlen,
				iv, 0, NULL);
	*hit = !current->fail_nth;
	current->fail_nth = 0;
	return err;
}

static void sc_test_aead_nomem(struct kunit *test)
{
	const unsigned int alen = 16, len = 3000, total = alen + len + SC_TAG;
	struct sc_fail_sg src, dst;
	unsigned int n, failed = 0;
	struct sc_aead_case t;
	bool enc, hit = true;
	u8 iv[16];
	int err;

	sc_aead_setup(test, &t, "rfc7539", 27);
	sc_fail_sg_init(test, &src, total);
	sc_fail_sg_init(test, &dst, total);
	sc_rand(&t.rs, iv, t.ivsize);
	sc_rand(&t.rs, t.a, alen + len);
	/* t.b: the sealed message */
	KUNIT_ASSERT_EQ(test, sc_aead_linear(t.ours, true, t.a, t.b, alen,
					     len, iv), 0);
	for (enc = false; ; enc = true) {
		for (n = 1, hit = true; hit && n < 64; n++) {
			sg_copy_from_buffer(src.sg, SC_FAIL_PIECES,
					    enc ? t.a : t.b, total);
			memset(t.c, 0xa5, total);
			sg_copy_from_buffer(dst.sg, SC_FAIL_PIECES, t.c, total);
			err = sc_aead_fail_nth(t.ours, enc, &src, &dst, alen,
					       enc ? len : len + SC_TAG, iv,
					       n, &hit);
			sg_copy_to_buffer(dst.sg, SC_FAIL_PIECES, t.c, total);
			if (!hit) {
				KUNIT_EXPECT_EQ(test, err, 0);
				KUNIT_EXPECT_TRUE_MSG(test,
						      !memcmp(t.c + alen,
							      (enc ? t.b : t.a) + alen,
							      enc ? len + SC_TAG : len),
						      "%s after %u allocations: wrong bytes",
						      enc ? "seal" : "open", n - 1);
				break;
			}
			failed++;
			KUNIT_EXPECT_EQ_MSG(test, err, -ENOMEM, "%s, allocation %u failed",
					    enc ? "seal" : "open", n);
			if (!enc)
				KUNIT_EXPECT_TRUE_MSG(test,
						      !memchr_inv(t.c + alen, 0, len),
						      "open, allocation %u failed: plaintext left in dst",
						      n);
		}
		KUNIT_EXPECT_FALSE_MSG(test, hit, "%s: more than 63 allocations",
				       enc ? "seal" : "open");
		if (enc)
			break;
	}
	/* the test is void unless the walk did allocate */
	KUNIT_EXPECT_GE(test, failed, 2u);
	kunit_info(test, "%u requests failed at an allocation\n", failed);
}
#endif

static struct kunit_case sc_aead_cases[] = {
	KUNIT_CASE(sc_test_aead_rfc7539),
	KUNIT_CASE(sc_test_aead_rfc7539esp),
	KUNIT_CASE(sc_test_aead_forgery),
	KUNIT_CASE(sc_test_aead_ctx_wiped),
	KUNIT_CASE(sc_test_aead_bad_input),
	KUNIT_CASE(sc_test_aead_nosimd),
	KUNIT_CASE(sc_test_aead_force),
#if IS_ENABLED(CONFIG_FAILSLAB)
	KUNIT_CASE(sc_test_aead_nomem),
#endif
	{}
};

static struct kunit_suite sc_aead_suite = {
	.name = "simdcrypt_aead",
	.test_cases = sc_aead_cases,
};

kunit_test_suites(&sc_aead_suite);
