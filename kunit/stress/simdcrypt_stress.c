// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt_stress: concurrency stress for the debug kernel (KCSAN,
 * lockdep, preemption checks; `make check-kcsan`).
 *
 * At load, one kthread per online CPU runs every algorithm simdcrypt
 * registers (chacha20, xchacha20, xchacha12, poly1305, sha3-224..512,
 * rfc7539 and rfc7539esp) for @seconds, on random lengths and data, and
 * checks each answer against the kernel's own generic drivers (7.x has no
 * poly1305 hash driver but ours: there the Poly1305 library).  Meanwhile
 * one more kthread forces a random row (or "fastest") for every algorithm
 * through sc_force_impl(), the function behind the *_impl= parameters,
 * about once a millisecond.  Init returns 0 when every
 * answer agreed, -EIO otherwise; the counts go to the kernel log:
 *
 *   simdcrypt_stress: 4 workers, 20 s: 123456 operations, 0 mismatches,
 *   19876 row switches
 *
 * The module stays loaded until rmmod (it imports simdcrypt's test hooks,
 * so simdcrypt.ko cannot go before it).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/poly1305.h>
#include <crypto/skcipher.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include "compat/compat.h"
#include "simdcrypt.h"

static unsigned int seconds = 20;
module_param(seconds, uint, 0444);
MODULE_PARM_DESC(seconds, "how long the workers run (default 20)");

/*
 * The negative control: with race=1 every worker also bumps one shared
 * counter with plain accesses, a data race KCSAN must report, so that
 * the layer can be shown to fail (SC_STRESS_RACE=1 scripts/check-kunit-qemu.sh).
 */
static bool race;
module_param(race, bool, 0444);
MODULE_PARM_DESC(race, "add a deliberate data race (the layer must fail)");
static unsigned long sc_st_racy;

/* Plain increments, often enough for KCSAN's sampling to catch two CPUs. */
static void sc_st_race(void)
{
	unsigned int k;

	for (k = 0; k < 10000; k++) {
		sc_st_racy++;
		barrier();	/* keep every access: no folding into one add */
	}
}

#define SC_ST_MAXLEN	(2 * SC_SIMD_CHUNK + 64)
#define SC_ST_AD	16

enum sc_st_kind { SC_ST_SKCIPHER, SC_ST_SHASH, SC_ST_AEAD };

struct sc_st_alg {
	const char *name;		/* cra_name; ours is the priority winner */
	enum sc_st_kind kind;
	unsigned int keylen;		/* skcipher, aead */
	unsigned int ivsize;
};

static const struct sc_st_alg sc_st_algs[] = {
	{ "chacha20", SC_ST_SKCIPHER, 32, 16 },
	{ "xchacha20", SC_ST_SKCIPHER, 32, 32 },
	{ "xchacha12", SC_ST_SKCIPHER, 32, 32 },
	{ "poly1305", SC_ST_SHASH },
	{ "sha3-224", SC_ST_SHASH },
	{ "sha3-256", SC_ST_SHASH },
	{ "sha3-384", SC_ST_SHASH },
	{ "sha3-512", SC_ST_SHASH },
	{ "rfc7539", SC_ST_AEAD, 32, 12 },
	{ "rfc7539esp", SC_ST_AEAD, 36, 8 },
};
#define SC_ST_NALGS	ARRAY_SIZE(sc_st_algs)

/* One algorithm's pair of transforms: ours and the kernel's generic one. */
struct sc_st_tfms {
	void *tfm[2];
};

struct sc_st_worker {
	struct task_struct *task;
	struct sc_st_tfms t[SC_ST_NALGS];
	struct rnd_state rs;
	u8 *buf[2];
	u8 *key;
	unsigned long ops, bad;
	int err;
};

static unsigned long sc_st_flips;

/* The kernel's own driver for @a: "-lib" (7.x) or "-generic" (6.x). */
static void *sc_st_alloc(const struct sc_st_alg *a, bool ours)
{
	static const char *const sfx[] = { "-lib", "-generic" };
	static const char *const chacha[] = { "chacha20-lib", "chacha20-generic" };
	static const char *const poly[] = { "poly1305-generic", "poly1305" };
	char name[CRYPTO_MAX_ALG_NAME];
	void *tfm = ERR_PTR(-ENOENT);
	unsigned int i, j;

	if (a->kind == SC_ST_AEAD) {
		if (ours) {
			snprintf(name, sizeof(name), "%s-chacha20-poly1305-simdcrypt",
				 a->name);
			return crypto_alloc_aead(name, 0, CRYPTO_ALG_ASYNC);
		}
		for (i = 0; i < ARRAY_SIZE(chacha) && IS_ERR(tfm); i++)
			for (j = 0; j < ARRAY_SIZE(poly) && IS_ERR(tfm); j++) {
				snprintf(name, sizeof(name), "%s(%s,%s)", a->name,
					 chacha[i], poly[j]);
				tfm = crypto_alloc_aead(name, 0, CRYPTO_ALG_ASYNC);
			}
		return tfm;
	}
	for (i = 0; i < (ours ? 1 : ARRAY_SIZE(sfx)) && IS_ERR(tfm); i++) {
		snprintf(name, sizeof(name), "%s%s", a->name,
			 ours ? "-simdcrypt" : sfx[i]);
		if (a->kind == SC_ST_SKCIPHER)
			tfm = crypto_alloc_sync_skcipher(name, 0, 0);
		else
			tfm = crypto_alloc_shash(name, 0, 0);
	}
	/* NULL: the Poly1305 library is the reference */
	if (IS_ERR(tfm) && !ours && !strcmp(a->name, "poly1305") &&
	    IS_REACHABLE(CONFIG_CRYPTO_LIB_POLY1305))
		return NULL;
	return tfm;
}

static void sc_st_free(const struct sc_st_alg *a, void *tfm)
{
	if (IS_ERR_OR_NULL(tfm))
		return;
	if (a->kind == SC_ST_SKCIPHER)
		crypto_free_sync_skcipher(tfm);
	else if (a->kind == SC_ST_SHASH)
		crypto_free_shash(tfm);
	else
		crypto_free_aead(tfm);
}

/* The kernel's shash semantics: the first 32 bytes are the key. */
static int sc_st_lib_poly1305(const u8 *src, unsigned int len, u8 *out)
{
#if IS_REACHABLE(CONFIG_CRYPTO_LIB_POLY1305)
	struct poly1305_desc_ctx ctx;

	if (len < POLY1305_KEY_SIZE)
		return -ENOKEY;
	poly1305_init(&ctx, src);
	poly1305_update(&ctx, src + POLY1305_KEY_SIZE, len - POLY1305_KEY_SIZE);
	poly1305_final(&ctx, out);
	return 0;
#else
	return -ENOENT;
#endif
}

static int sc_st_skcipher(struct crypto_sync_skcipher *tfm, const u8 *key,
			  u8 *iv, u8 *buf, unsigned int len)
{
	SYNC_SKCIPHER_REQUEST_ON_STACK(req, tfm);
	struct scatterlist sg;
	int err;

	err = crypto_sync_skcipher_setkey(tfm, key, 32);
	if (err)
		return err;
	sg_init_one(&sg, buf, len);
	skcipher_request_set_sync_tfm(req, tfm);
	skcipher_request_set_callback(req, 0, NULL, NULL);
	skcipher_request_set_crypt(req, &sg, &sg, len, iv);
	err = crypto_skcipher_encrypt(req);
	skcipher_request_zero(req);
	return err;
}

/* @buf: AD, text, room for the tag; sealed in place. */
static int sc_st_aead(struct crypto_aead *tfm, const u8 *key,
		      unsigned int keylen, u8 *iv, u8 *buf, unsigned int len)
{
	DECLARE_CRYPTO_WAIT(wait);
	struct aead_request *req;
	struct scatterlist sg;
	int err;

	err = crypto_aead_setkey(tfm, key, keylen);
	if (!err)
		err = crypto_aead_setauthsize(tfm, 16);
	if (err)
		return err;
	req = aead_request_alloc(tfm, GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	sg_init_one(&sg, buf, SC_ST_AD + len + 16);
	aead_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP,
				  crypto_req_done, &wait);
	aead_request_set_ad(req, SC_ST_AD);
	aead_request_set_crypt(req, &sg, &sg, len, iv);
	err = crypto_wait_req(crypto_aead_encrypt(req), &wait);
	aead_request_free(req);
	return err;
}

/* One operation of @a on random input, ours (@which 0) or the kernel's. */
static int sc_st_run(struct sc_st_worker *w, const struct sc_st_alg *a,
		     void *tfm, u8 *buf, const u8 *src, unsigned int len,
		     const u8 *iv0)
{
	u8 iv[32];

	memcpy(iv, iv0, sizeof(iv));
	switch (a->kind) {
	case SC_ST_SKCIPHER:
		memcpy(buf, src, len);
		return sc_st_skcipher(tfm, w->key, iv, buf, len);
	case SC_ST_SHASH:
		if (!tfm)
			return sc_st_lib_poly1305(src, len, buf);
		return crypto_shash_tfm_digest(tfm, src, len, buf);
	default:
		memcpy(buf, src, SC_ST_AD + len);
		/* rfc7539esp: the IV is also the AD's last 8 bytes */
		if (a->ivsize == 8)
			memcpy(buf + SC_ST_AD - 8, iv, 8);
		return sc_st_aead(tfm, w->key, a->keylen, iv, buf, len);
	}
}

static int sc_st_worker_fn(void *arg)
{
	struct sc_st_worker *w = arg;
	u8 *src = w->buf[0] + SC_ST_MAXLEN + 64;
	unsigned int i = 0;

	while (!kthread_should_stop()) {
		const struct sc_st_alg *a = &sc_st_algs[i++ % SC_ST_NALGS];
		struct sc_st_tfms *t = &w->t[a - sc_st_algs];
		unsigned int len = prandom_u32_state(&w->rs) % SC_ST_MAXLEN;
		size_t outlen = a->kind == SC_ST_SHASH ?
				crypto_shash_digestsize(t->tfm[0]) :
				a->kind == SC_ST_AEAD ? SC_ST_AD + len + 16 : len;
		u8 iv[32];
		int e0, e1;

		prandom_bytes_state(&w->rs, iv, sizeof(iv));
		prandom_bytes_state(&w->rs, w->key, 36);
		prandom_bytes_state(&w->rs, src, SC_ST_AD + len);
		e0 = sc_st_run(w, a, t->tfm[0], w->buf[0], src, len, iv);
		e1 = sc_st_run(w, a, t->tfm[1], w->buf[1], src, len, iv);
		w->ops++;
		if (race)
			sc_st_race();
		/* poly1305 under 32 bytes: -ENOKEY from both */
		if (e0 != e1 || (!e0 && memcmp(w->buf[0], w->buf[1], outlen))) {
			if (w->bad++ < 5)
				pr_err("%s len %u: differs from the kernel's driver (errors %d/%d)\n",
				       a->name, len, e0, e1);
		}
		cond_resched();
	}
	return 0;
}

/* Force a random supported row (or "fastest") for every algorithm, ~1/ms. */
static int sc_st_flipper_fn(void *arg)
{
	struct rnd_state rs;
	unsigned int alg, i;

	prandom_seed_state(&rs, 0x5eed);
	while (!kthread_should_stop()) {
		for (alg = 0; alg < SC_ALG_COUNT; alg++) {
			unsigned int n = sc_nimpls[alg];
			const struct sc_impl *row;

			i = prandom_u32_state(&rs) % (n + 1);
			row = i < n ? sc_impl_row(alg, i) : NULL;
			if (row && !sc_impl_supported(row))
				continue;
			if (!sc_force_impl(alg, row ? row->name : "fastest"))
				sc_st_flips++;
		}
		usleep_range(1000, 1100);
	}
	for (alg = 0; alg < SC_ALG_COUNT; alg++)
		sc_force_impl(alg, "fastest");
	return 0;
}

static void sc_st_worker_free(struct sc_st_worker *w)
{
	unsigned int i, k;

	for (i = 0; i < SC_ST_NALGS; i++)
		for (k = 0; k < 2; k++)
			sc_st_free(&sc_st_algs[i], w->t[i].tfm[k]);
	kfree(w->buf[0]);
	kfree(w->buf[1]);
	kfree(w->key);
}

static int sc_st_worker_init(struct sc_st_worker *w, unsigned int cpu)
{
	unsigned int i, k;

	prandom_seed_state(&w->rs, 0x51dc0000ull + cpu);
	/* buf[0]: our output, then the source; buf[1]: the kernel's output */
	w->buf[0] = kmalloc(2 * (SC_ST_MAXLEN + 64), GFP_KERNEL);
	w->buf[1] = kmalloc(SC_ST_MAXLEN + 64, GFP_KERNEL);
	w->key = kmalloc(36, GFP_KERNEL);
	if (!w->buf[0] || !w->buf[1] || !w->key)
		return -ENOMEM;
	for (i = 0; i < SC_ST_NALGS; i++)
		for (k = 0; k < 2; k++) {
			w->t[i].tfm[k] = sc_st_alloc(&sc_st_algs[i], !k);
			if (IS_ERR(w->t[i].tfm[k])) {
				pr_err("%s: no %s transform (%ld)\n",
				       sc_st_algs[i].name, k ? "kernel" : "simdcrypt",
				       PTR_ERR(w->t[i].tfm[k]));
				return PTR_ERR(w->t[i].tfm[k]);
			}
		}
	return 0;
}

static int __init sc_st_init(void)
{
	unsigned int n = num_online_cpus(), i = 0, started = 0, cpu;
	unsigned long ops = 0, bad = 0;
	struct task_struct *flipper;
	struct sc_st_worker *w;
	int err = 0;

	w = kcalloc(n, sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	for (i = 0; i < n && !err; i++)
		err = sc_st_worker_init(&w[i], i);
	if (err)
		goto out;

	flipper = kthread_run(sc_st_flipper_fn, NULL, "sc_st_flip");
	if (IS_ERR(flipper)) {
		err = PTR_ERR(flipper);
		goto out;
	}
	i = 0;
	for_each_online_cpu(cpu) {
		struct task_struct *t;

		if (i == n)
			break;
		t = kthread_create(sc_st_worker_fn, &w[i], "sc_st/%u", cpu);
		if (IS_ERR(t))
			break;
		kthread_bind(t, cpu);
		w[i++].task = t;
		wake_up_process(t);
		started++;
	}
	msleep(seconds * 1000);
	for (i = 0; i < started; i++) {
		kthread_stop(w[i].task);
		ops += w[i].ops;
		bad += w[i].bad;
	}
	kthread_stop(flipper);
	pr_info("%u workers, %u s: %lu operations, %lu mismatches, %lu row switches\n",
		started, seconds, ops, bad, sc_st_flips);
	if (started < n || bad || !ops || !sc_st_flips)
		err = -EIO;
out:
	for (i = 0; i < n; i++)
		sc_st_worker_free(&w[i]);
	kfree(w);
	return err;
}

static void __exit sc_st_exit(void)
{
}

module_init(sc_st_init);
module_exit(sc_st_exit);

MODULE_DESCRIPTION("simdcrypt concurrency stress (KCSAN/lockdep kernels)");
MODULE_LICENSE("GPL");
SC_MODULE_IMPORT_NS(SIMDCRYPT_INTERNAL);
