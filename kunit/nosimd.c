// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt_nosimd: contexts where SIMD may not be used.  The no-SIMD
 * pickers return rows without SIMD, also with a SIMD row forced; the
 * crypto API and the SHAKE API with crypto_simd_disabled_for_test set
 * (process, irqs off, BH off, hard IRQ) give the answers of the normal
 * path, and pick no row that needs SIMD (counted picks, test builds).
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/poly1305.h>
#include <crypto/skcipher.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/compat.h"
#include "simdcrypt.h"
#include "include/simdcrypt/shake.h"
#include "common.h"

/* Every row the no-SIMD pickers return needs no SIMD section. */
static const size_t sc_nosimd_lens[] = {
	0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 135, 136, 137, 167, 168, 169,
	255, 256, 511, 512, 513, 1024, 4095, 4096, 4097, 65536, 1 << 20,
};

static const struct sc_impl *sc_pick_nosimd_row(enum sc_alg alg, size_t len)
{
	return sc_impl_pick(alg, len, false);
}

static const struct sc_impl *sc_pick_row(enum sc_alg alg, size_t len)
{
	return sc_impl_pick(alg, len, true);
}

/*
 * What simdcrypt.h documents for the static plan, restricted to rows
 * without SIMD: the last supported row with min_len at most the longest
 * length of @len's size class (row 0 always qualifies).  NULL when a
 * candidate row has cpu_avoid or later_on flags (whether they apply needs
 * sc_cpu_features(), which the module does not export), or when the plan
 * was measured at load (calibrate=1): then any row without SIMD may win.
 */
static const struct sc_impl *sc_expected_nosimd(enum sc_alg alg, size_t len)
{
	unsigned int i, at = sc_class_len[sc_size_class(len)];

	if (sc_dispatch_calibrated(alg))
		return NULL;
	for (i = sc_nimpls[alg]; i-- > 1;) {
		const struct sc_impl *row = sc_impl_row(alg, i);

		if (row->simd || !sc_impl_supported(row) || at < row->min_len)
			continue;
		if (row->cpu_avoid || row->later_on)
			return NULL;
		return row;
	}
	return sc_impl_row(alg, 0);
}

static void sc_test_nosimd_pickers(struct kunit *test)
{
	unsigned int alg, r, l, n = 0;

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		sc_unforce_at_end(test, alg);
		/* r == nimpls: "fastest" */
		for (r = 0; r <= sc_nimpls[alg]; r++) {
			const struct sc_impl *forced = NULL;
			const char *name = "fastest";

			if (r < sc_nimpls[alg]) {
				forced = sc_impl_row(alg, r);
				KUNIT_ASSERT_NOT_NULL(test, forced);
				if (!sc_impl_supported(forced))
					continue;
				name = forced->name;
			}
			KUNIT_ASSERT_EQ_MSG(test, sc_force_impl(alg, name), 0,
					    "forcing %s row %s", sc_alg_label[alg], name);
			for (l = 0; l < ARRAY_SIZE(sc_nosimd_lens); l++) {
				size_t len = sc_nosimd_lens[l];
				const struct sc_impl *got = sc_pick_nosimd_row(alg, len);
				const struct sc_impl *want;

				KUNIT_ASSERT_NOT_NULL(test, got);
				KUNIT_EXPECT_FALSE_MSG(test, got->simd,
						       "%s forced %s, len %zu: no-SIMD pick is SIMD row %s",
						       sc_alg_label[alg], name, len, got->name);
				KUNIT_EXPECT_TRUE_MSG(test, sc_impl_supported(got),
						      "%s: no-SIMD pick %s unsupported",
						      sc_alg_label[alg], got->name);
				if (forced && !forced->simd)
					want = forced;		/* a forced GPR row serves */
				else
					want = sc_expected_nosimd(alg, len);
				if (want)
					KUNIT_EXPECT_PTR_EQ_MSG(test, got, want,
								"%s forced %s, len %zu: no-SIMD pick %s, expected %s",
								sc_alg_label[alg], name, len,
								got->name, want->name);
				/* the SIMD-allowed pick still honours the forced row */
				if (forced)
					KUNIT_EXPECT_PTR_EQ_MSG(test, sc_pick_row(alg, len), forced,
								"%s forced %s, len %zu: pick ignores it",
								sc_alg_label[alg], name, len);
				n++;
			}
			KUNIT_EXPECT_EQ(test, sc_forced_impl(alg), forced ? (int)r : -1);
		}
		KUNIT_EXPECT_EQ(test, sc_force_impl(alg, "fastest"), 0);
	}
	kunit_info(test, "%u no-SIMD picks checked\n", n);
}

/*
 * The crypto API and the SHAKE API in a context without SIMD must give the
 * answers of the normal path.  may_use_simd() alone does not make such a
 * context: on x86_64 it is irq_fpu_usable(), true in most hard IRQs, and
 * UML (arch/um/include/asm/fpu/api.h) hard-wires it to true.  So every
 * context sets the per-CPU crypto_simd_disabled_for_test flag, as testmgr
 * does (needs CONFIG_CRYPTO_SELFTESTS_FULL, CONFIG_CRYPTO_MANAGER_EXTRA_TESTS
 * before 6.15), with preemption off, and the work checks that
 * crypto_simd_usable() is then false.  The contexts:
 *  - "selftest-flag": process context, preempt_disable();
 *  - "irqs-off+flag": local_irq_save() (hard-IRQ-like);
 *  - "bh-off+flag":   local_bh_disable();
 *  - "hardirq+flag":  an HRTIMER_MODE_REL_HARD callback, in_hardirq() true.
 *    No skcipher there: skcipher_walk WARNs in hard IRQ (crypto/skcipher.c).
 * Each runs once with length-based dispatch and once per SIMD row forced.
 */
enum sc_ns_ctx { SC_NS_FLAG, SC_NS_IRQOFF_FLAG, SC_NS_BH, SC_NS_HARDIRQ, SC_NS_COUNT };

static const char *const sc_ns_ctx_names[SC_NS_COUNT] = {
	[SC_NS_FLAG] = "selftest-flag",
	[SC_NS_IRQOFF_FLAG] = "irqs-off+flag",
	[SC_NS_BH] = "bh-off+flag",
	[SC_NS_HARDIRQ] = "hardirq+flag",
};

static const enum sc_ns_ctx sc_ns_ctxs[] = {
	SC_NS_FLAG, SC_NS_IRQOFF_FLAG, SC_NS_BH, SC_NS_HARDIRQ,
};

static void sc_ns_ctx_name(const enum sc_ns_ctx *c, char *desc)
{
	strscpy(desc, sc_ns_ctx_names[*c], KUNIT_PARAM_DESC_SIZE);
}
KUNIT_ARRAY_PARAM(sc_ns_contexts, sc_ns_ctxs, sc_ns_ctx_name);

static const unsigned int sc_ns_lens[] = { 0, 1, 64, 65, 136, 200, 4096, 4097, 16384 + 3 };
#define SC_NS_NLENS	ARRAY_SIZE(sc_ns_lens)
#define SC_NS_MAXLEN	(16384 + 3)
#define SC_NS_XOF	300

/* The answers of one run, for every length. */
struct sc_ns_out {
	u8 *chacha20, *xchacha12;	/* concatenated, sc_ns_lens[] bytes each */
	u8 poly1305[SC_NS_NLENS][16];
	u8 sha3[SC_NS_NLENS][32];
	u8 shake128[SC_NS_NLENS][SC_NS_XOF];
	u8 shake256[SC_NS_NLENS][SC_NS_XOF];
	int err;
	bool simd_usable;		/* crypto_simd_usable() seen by the work */
	bool flag_seen;			/* the work ran with the flag set */
	bool hardirq;			/* in_hardirq() seen by the work */
};

struct sc_ns_work {
	struct crypto_sync_skcipher *chacha20, *xchacha12;
	struct crypto_shash *poly1305, *sha3;
	const u8 *msg, *key, *iv;
	bool skcipher;			/* not in hard IRQ */
	bool no_simd;			/* set crypto_simd_disabled_for_test */
	struct sc_ns_out *out;
	struct hrtimer timer;
	struct completion done;
};

static int sc_ns_skcipher(struct crypto_sync_skcipher *tfm, const u8 *in, u8 *out,
			  unsigned int len, const u8 *iv_in)
{
	SYNC_SKCIPHER_REQUEST_ON_STACK(req, tfm);
	struct scatterlist s, d;
	u8 iv[32];
	int err;

	memcpy(iv, iv_in, crypto_sync_skcipher_ivsize(tfm));
	sg_init_one(&s, in, len);
	sg_init_one(&d, out, len);
	skcipher_request_set_sync_tfm(req, tfm);
	skcipher_request_set_callback(req, 0, NULL, NULL);
	skcipher_request_set_crypt(req, &s, &d, len, iv);
	err = crypto_skcipher_encrypt(req);
	skcipher_request_zero(req);
	return err;
}


/*
 * Everything the test compares; callable in any context (no sleeping).
 * With @w->no_simd, the caller has preemption off and the work sets
 * crypto_simd_disabled_for_test around itself.
 */
static void sc_ns_do_work(struct sc_ns_work *w)
{
	struct sc_ns_out *o = w->out;
	unsigned int i, off = 0;
	int err = 0;

	if (w->no_simd)
		sc_simd_test_flag(true);
	o->flag_seen = w->no_simd;
	o->simd_usable = crypto_simd_usable();
	o->hardirq = in_hardirq();
	for (i = 0; i < SC_NS_NLENS && !err; i++) {
		unsigned int len = sc_ns_lens[i];
		struct sc_shake_ctx ctx;

		if (w->skcipher) {
			err = sc_ns_skcipher(w->chacha20, w->msg, o->chacha20 + off, len, w->iv);
			err = err ?: sc_ns_skcipher(w->xchacha12, w->msg, o->xchacha12 + off,
						    len, w->iv);
		}
		{
			SHASH_DESC_ON_STACK(d, w->poly1305);

			d->tfm = w->poly1305;
			err = err ?: crypto_shash_init(d) ?:
			      crypto_shash_update(d, w->key, 32) ?:
			      crypto_shash_finup(d, w->msg, len, o->poly1305[i]);
			shash_desc_zero(d);
		}
		{
			SHASH_DESC_ON_STACK(d, w->sha3);

			d->tfm = w->sha3;
			err = err ?: crypto_shash_init(d) ?:
			      crypto_shash_update(d, w->msg, len / 3) ?:
			      crypto_shash_finup(d, w->msg + len / 3, len - len / 3,
						 o->sha3[i]);
			shash_desc_zero(d);
		}
		sc_shake128(w->msg, len, o->shake128[i], SC_NS_XOF);
		sc_shake256_init(&ctx);
		sc_shake_absorb(&ctx, w->msg, len / 2);
		sc_shake_absorb(&ctx, w->msg + len / 2, len - len / 2);
		sc_shake_squeeze(&ctx, o->shake256[i], 7);
		sc_shake_squeeze(&ctx, o->shake256[i] + 7, SC_NS_XOF - 7);
		sc_shake_zeroize(&ctx);
		off += len;
	}
	o->err = err;
	if (w->no_simd)
		sc_simd_test_flag(false);
}

static enum hrtimer_restart sc_ns_timer_fn(struct hrtimer *t)
{
	struct sc_ns_work *w = container_of(t, struct sc_ns_work, timer);

	sc_ns_do_work(w);
	complete(&w->done);
	return HRTIMER_NORESTART;
}

static void sc_ns_run(struct kunit *test, struct sc_ns_work *w, enum sc_ns_ctx c)
{
	unsigned long flags;

	w->skcipher = c != SC_NS_HARDIRQ;
	w->no_simd = SC_HAVE_SIMD_TEST_FLAG;
	switch (c) {
	case SC_NS_FLAG:
		preempt_disable();
		sc_ns_do_work(w);
		preempt_enable();
		break;
	case SC_NS_IRQOFF_FLAG:
		local_irq_save(flags);
		sc_ns_do_work(w);
		local_irq_restore(flags);
		break;
	case SC_NS_BH:
		local_bh_disable();
		sc_ns_do_work(w);
		local_bh_enable();
		break;
	case SC_NS_HARDIRQ:
		init_completion(&w->done);
		sc_hrtimer_setup(&w->timer, sc_ns_timer_fn, CLOCK_MONOTONIC,
				 HRTIMER_MODE_REL_HARD);
		hrtimer_start(&w->timer, ns_to_ktime(100 * NSEC_PER_USEC),
			      HRTIMER_MODE_REL_HARD);
		if (!wait_for_completion_timeout(&w->done, 30 * HZ)) {
			hrtimer_cancel(&w->timer);
			KUNIT_FAIL(test, "the hard-IRQ timer did not run");
		}
		break;
	default:
		KUNIT_FAIL(test, "unknown context %d", c);
		break;
	}
	w->no_simd = false;
}

static void sc_free_sync_skcipher(void *p) { crypto_free_sync_skcipher(p); }

static struct crypto_sync_skcipher *sc_get_sync(struct kunit *test, const char *name)
{
	struct crypto_sync_skcipher *tfm = crypto_alloc_sync_skcipher(name, 0, 0);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", name, PTR_ERR(tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_free_sync_skcipher, tfm), 0);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(crypto_skcipher_driver_name(&tfm->base), "simdcrypt"),
			      "%s is %s", name, crypto_skcipher_driver_name(&tfm->base));
	return tfm;
}

static struct sc_ns_out *sc_ns_out_alloc(struct kunit *test, size_t total)
{
	struct sc_ns_out *o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, o);
	o->chacha20 = sc_alloc(test, total);
	o->xchacha12 = sc_alloc(test, total);
	return o;
}

/*
 * Compare @got with @ref; returns the number of answers compared, or 0
 * after reporting the first difference (one short line: a flood of hex
 * dumps would overrun the log the KTAP is read from).
 */
static unsigned int sc_ns_compare(struct kunit *test, const struct sc_ns_out *ref,
				  const struct sc_ns_out *got, bool skcipher,
				  const char *ctx, const char *cfg)
{
	unsigned int i, off = 0, n = 0;

	for (i = 0; i < SC_NS_NLENS; i++) {
		unsigned int len = sc_ns_lens[i], k;
		/* the two skcipher answers first: only @skcipher runs have them */
		const struct {
			const char *what;
			const u8 *got, *ref;
			size_t size;
		} pairs[] = {
			{ "chacha20", got->chacha20 + off, ref->chacha20 + off, len },
			{ "xchacha12", got->xchacha12 + off, ref->xchacha12 + off, len },
			{ "poly1305", got->poly1305[i], ref->poly1305[i], 16 },
			{ "sha3-256", got->sha3[i], ref->sha3[i], 32 },
			{ "SHAKE128 (one-shot)", got->shake128[i], ref->shake128[i], SC_NS_XOF },
			{ "SHAKE256 (incremental)", got->shake256[i], ref->shake256[i],
			  SC_NS_XOF },
		};

		for (k = skcipher ? 0 : 2; k < ARRAY_SIZE(pairs); k++) {
			if (memcmp(pairs[k].got, pairs[k].ref, pairs[k].size)) {
				KUNIT_FAIL(test, "%s, %s: %s len %u differs from the normal path",
					   ctx, cfg, pairs[k].what, len);
				return 0;
			}
			n++;
		}
		off += len;
	}
	return n;
}

/* A row configuration: @row of @alg forced, or (NULL) length-based dispatch. */
struct sc_ns_cfg {
	enum sc_alg alg;
	const struct sc_impl *row;
};

static void sc_test_nosimd_api(struct kunit *test)
{
	const enum sc_ns_ctx c = *(const enum sc_ns_ctx *)test->param_value;
	const char *cname = sc_ns_ctx_names[c];
	struct sc_ns_work *w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	struct sc_ns_out *ref, *got;
	struct sc_ns_cfg cfgs[1 + 3 * 16];
	unsigned int alg, r, i, k, n = 0, ncfgs = 0;
	size_t total = 0;
	struct rnd_state rs;
	u8 *msg, *key, *iv;
	long picks;

	KUNIT_ASSERT_NOT_NULL(test, w);
	if (!SC_HAVE_SIMD_TEST_FLAG)
		kunit_skip(test, "no crypto_simd_disabled_for_test (CONFIG_CRYPTO_SELFTESTS_FULL off): %s NOT run",
			   cname);
	for (i = 0; i < SC_NS_NLENS; i++)
		total += sc_ns_lens[i];
	msg = sc_alloc(test, SC_NS_MAXLEN);
	key = sc_alloc(test, 32);
	iv = sc_alloc(test, 32);
	sc_seed(test, &rs, 0x9051d + c);
	sc_rand(&rs, msg, SC_NS_MAXLEN);
	sc_rand(&rs, key, 32);
	sc_rand(&rs, iv, 32);

	w->chacha20 = sc_get_sync(test, "chacha20");
	w->xchacha12 = sc_get_sync(test, "xchacha12");
	w->poly1305 = sc_get_shash(test, "poly1305");
	w->sha3 = sc_get_shash(test, "sha3-256");
	KUNIT_ASSERT_FALSE(test, IS_ERR(w->poly1305));
	KUNIT_ASSERT_FALSE(test, IS_ERR(w->sha3));
	KUNIT_ASSERT_EQ(test, crypto_sync_skcipher_setkey(w->chacha20, key, 32), 0);
	KUNIT_ASSERT_EQ(test, crypto_sync_skcipher_setkey(w->xchacha12, key, 32), 0);
	w->msg = msg;
	w->key = key;
	w->iv = iv;
	for (alg = 0; alg < SC_ALG_COUNT; alg++)
		sc_unforce_at_end(test, alg);

	/* the normal path: process context, SIMD allowed, fastest rows */
	ref = sc_ns_out_alloc(test, total);
	got = sc_ns_out_alloc(test, total);
	w->out = ref;
	w->skcipher = true;
	w->no_simd = false;
	sc_ns_do_work(w);
	KUNIT_ASSERT_EQ(test, ref->err, 0);
	KUNIT_ASSERT_TRUE_MSG(test, ref->simd_usable, "SIMD not usable in process context");

	/* length-based dispatch first, then each supported SIMD row forced */
	cfgs[ncfgs++] = (struct sc_ns_cfg){ SC_ALG_COUNT, NULL };
	for (alg = 0; alg < SC_ALG_COUNT; alg++)
		for (r = 0; r < sc_nimpls[alg] && ncfgs < ARRAY_SIZE(cfgs); r++) {
			const struct sc_impl *row = sc_impl_row(alg, r);

			if (row && row->simd && sc_impl_supported(row))
				cfgs[ncfgs++] = (struct sc_ns_cfg){ alg, row };
		}

	for (k = 0; k < ncfgs; k++) {
		const struct sc_impl *row = cfgs[k].row;
		char cfg[48] = "fastest rows";

		if (row) {
			snprintf(cfg, sizeof(cfg), "%s row %s forced",
				 sc_alg_label[cfgs[k].alg], row->name);
			KUNIT_ASSERT_EQ(test, sc_force_impl(cfgs[k].alg, row->name), 0);
		}
		memset(got->chacha20, 0, total);
		memset(got->xchacha12, 0, total);
		memset(got->poly1305, 0, sizeof(got->poly1305) + sizeof(got->sha3) +
		       sizeof(got->shake128) + sizeof(got->shake256));
		got->err = -EINPROGRESS;
		w->out = got;
		picks = sc_simd_picks();
		sc_ns_run(test, w, c);
		/* the answers alone cannot tell: UML runs SIMD rows anywhere */
		if (picks >= 0)
			KUNIT_EXPECT_EQ_MSG(test, sc_simd_picks(), picks,
					    "%s, %s: a row that needs SIMD was picked",
					    cname, cfg);
		if (row)
			KUNIT_ASSERT_EQ(test, sc_force_impl(cfgs[k].alg, "fastest"), 0);
		KUNIT_ASSERT_EQ_MSG(test, got->err, 0, "%s, %s", cname, cfg);
		KUNIT_ASSERT_TRUE_MSG(test, got->flag_seen, "%s: the work did not run", cname);
		KUNIT_ASSERT_FALSE_MSG(test, got->simd_usable,
				       "%s: crypto_simd_usable() still true with the flag set",
				       cname);
		if (c == SC_NS_HARDIRQ)
			KUNIT_EXPECT_TRUE_MSG(test, got->hardirq,
					      "the timer callback was not in hard IRQ");
		i = sc_ns_compare(test, ref, got, w->skcipher, cname, cfg);
		if (!i)
			return;
		n += i;
	}
	kunit_info(test, "%s: %u answers equal the normal path (%u row configurations)\n",
		   cname, n, ncfgs);
}

static struct kunit_case sc_nosimd_cases[] = {
	KUNIT_CASE(sc_test_nosimd_pickers),
	KUNIT_CASE_PARAM(sc_test_nosimd_api, sc_ns_contexts_gen_params),
	{}
};

static struct kunit_suite sc_nosimd_suite = {
	.name = "simdcrypt_nosimd",
	.test_cases = sc_nosimd_cases,
};

kunit_test_suites(&sc_nosimd_suite);
