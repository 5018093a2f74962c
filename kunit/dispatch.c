// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt_dispatch: the plans built at load, forced rows honoured by
 * the very next request, a pick for every SIMD section, and the *_impl
 * parameters' set and get.
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/poly1305.h>
#include <crypto/skcipher.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "compat/compat.h"
#include "simdcrypt.h"
#include "common.h"

/* One real request through the crypto API for @alg; false if none known. */
static bool sc_dispatch_request(struct kunit *test, enum sc_alg alg,
				unsigned int len)
{
	u8 *buf = sc_alloc(test, len + POLY1305_KEY_SIZE);
	u8 out[SHA3_256_DIGEST_SIZE], key[CHACHA_KEY_SIZE] = { 1 };
	u8 iv[CHACHA_IV_SIZE] = { 0 };

	switch (alg) {
	case SC_ALG_CHACHA: {
		struct crypto_skcipher *tfm = sc_get_skcipher(test, "chacha20-simdcrypt");
		struct skcipher_request *req;
		struct scatterlist sg;

		KUNIT_ASSERT_FALSE(test, IS_ERR(tfm));
		KUNIT_ASSERT_EQ(test, crypto_skcipher_setkey(tfm, key, sizeof(key)), 0);
		req = skcipher_request_alloc(tfm, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, req);
		sg_init_one(&sg, buf, len);
		skcipher_request_set_callback(req, 0, NULL, NULL);
		skcipher_request_set_crypt(req, &sg, &sg, len, iv);
		KUNIT_EXPECT_EQ(test, crypto_skcipher_encrypt(req), 0);
		skcipher_request_free(req);
		return true;
	}
	case SC_ALG_POLY1305:
	case SC_ALG_KECCAK: {
		struct crypto_shash *tfm = sc_get_shash(test, alg == SC_ALG_KECCAK ?
							"sha3-256-simdcrypt" :
							"poly1305-simdcrypt");

		KUNIT_ASSERT_FALSE(test, IS_ERR(tfm));
		KUNIT_EXPECT_EQ(test, crypto_shash_tfm_digest(tfm, buf, len + POLY1305_KEY_SIZE,
							      out), 0);
		return true;
	}
	default:
		return false;
	}
}

/*
 * Every row, forced through the same call the *_impl= parameters make:
 * the very next pick returns it at every length, and the very next real
 * request goes through it (the per-row pick counters of the test flavour);
 * "fastest" returns to the plan just as immediately.
 */
static void sc_test_force_takes_effect(struct kunit *test)
{
	static const size_t lens[] = { 0, 16, 64, 200, 1000, 4096, 1 << 20 };
	unsigned int alg, i, l, requests = 0;
	bool counting = sc_pick_count(0, 0) >= 0;

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		sc_unforce_at_end(test, alg);
		for (i = 0; i < sc_nimpls[alg]; i++) {
			const struct sc_impl *row = sc_impl_row(alg, i);
			long before;

			if (!sc_impl_supported(row))
				continue;
			KUNIT_ASSERT_EQ(test, sc_force_impl(alg, row->name), 0);
			for (l = 0; l < ARRAY_SIZE(lens); l++)
				KUNIT_EXPECT_PTR_EQ_MSG(test, sc_impl_pick(alg, lens[l], true),
							row, "%s forced %s, len %zu",
							sc_alg_label[alg], row->name, lens[l]);
			before = sc_pick_count(alg, i);
			if (!sc_dispatch_request(test, alg, 1000))
				continue;
			requests++;
			if (counting)
				KUNIT_EXPECT_GT_MSG(test, sc_pick_count(alg, i), before,
						    "%s forced %s: the next request did not use it",
						    sc_alg_label[alg], row->name);
		}
		KUNIT_ASSERT_EQ(test, sc_force_impl(alg, "fastest"), 0);
		if (counting) {
			/*
			 * The glue picks for what it processes: SHA3's request
			 * hashes 1000 + 32 bytes; Poly1305's reads its 32 key
			 * bytes without a pick, then picks for the 1000.
			 */
			size_t glue_len = alg == SC_ALG_KECCAK ?
					  1000 + POLY1305_KEY_SIZE : 1000;
			const struct sc_impl *plan = sc_impl_pick(alg, glue_len, true);
			int idx = sc_impl_find(alg, plan->name);
			long before = sc_pick_count(alg, idx);

			if (sc_dispatch_request(test, alg, 1000))
				KUNIT_EXPECT_GT_MSG(test, sc_pick_count(alg, idx), before,
						    "%s after fastest: the next request did not use %s",
						    sc_alg_label[alg], plan->name);
		}
	}
	if (counting)
		kunit_info(test, "%u requests went through the row forced just before\n",
			   requests);
	else
		kunit_info(test, "%u forced picks checked; the pick counters that show a real request used the row are in the test flavour only (SIMDCRYPT_TEST=1)\n",
			   requests);
}

/* Picks of any row of @alg so far (test builds count them). */
static long sc_dispatch_picks(enum sc_alg alg)
{
	unsigned int i;
	long n = 0;

	for (i = 0; i < sc_nimpls[alg]; i++)
		n += sc_pick_count(alg, i);
	return n;
}

/*
 * A SIMD section holds at most SC_SIMD_CHUNK bytes, and the glue picks a
 * row for each: a request of 4 chunks and a bit makes at least 5 picks.
 * UML cannot see a section (kernel_fpu_begin() is a no-op there), the
 * picks can.  A shash gets the whole buffer at once; the skcipher walk
 * hands over at most a page, so for chacha this matters where a page is
 * larger than SC_SIMD_CHUNK (arm64 with 16K or 64K pages).
 */
static void sc_test_simd_sections(struct kunit *test)
{
	static const enum sc_alg algs[] = {
		SC_ALG_CHACHA, SC_ALG_POLY1305, SC_ALG_KECCAK,
	};
	const unsigned int len = 4 * SC_SIMD_CHUNK + 100;
	unsigned int i;

	if (sc_pick_count(0, 0) < 0)
		kunit_skip(test, "picks are counted in the test flavour only (SIMDCRYPT_TEST=1)");
	for (i = 0; i < ARRAY_SIZE(algs); i++) {
		long before = sc_dispatch_picks(algs[i]);

		KUNIT_ASSERT_TRUE(test, sc_dispatch_request(test, algs[i], len));
		KUNIT_EXPECT_GE_MSG(test, sc_dispatch_picks(algs[i]) - before,
				    (long)DIV_ROUND_UP(len, SC_SIMD_CHUNK),
				    "%s: %u bytes in fewer sections than %u-byte ones",
				    sc_alg_label[algs[i]], len, SC_SIMD_CHUNK);
	}
}

/*
 * The *_impl parameters' operations (main.c), as sysfs calls them when a
 * user writes or reads /sys/module/simdcrypt/parameters/chacha_impl (a
 * kthread's path lookup does not see init's /sys): a row written with
 * echo's newline is taken and shown in brackets, a name that is no row is
 * refused with -EINVAL once the module is loaded, "fastest" is taken
 * back.
 */
static void sc_test_impl_param(struct kunit *test)
{
	const struct kernel_param kp = {
		.name = "chacha_impl",
		.arg = (void *)(uintptr_t)SC_ALG_CHACHA,
	};
	const struct kernel_param_ops *ops = &sc_impl_param_ops;
	/* sysfs hands get() a page */
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	int generic = sc_impl_find(SC_ALG_CHACHA, "generic");

	KUNIT_ASSERT_NOT_NULL(test, buf);
	sc_unforce_at_end(test, SC_ALG_CHACHA);
	KUNIT_ASSERT_GT(test, ops->get(buf, &kp), 0);
	KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(buf, "[fastest] "),
			      "chacha_impl reads \"%s\"", buf);
	KUNIT_EXPECT_EQ(test, ops->set("generic\n", &kp), 0);
	KUNIT_EXPECT_EQ(test, sc_forced_impl(SC_ALG_CHACHA), generic);
	KUNIT_ASSERT_GT(test, ops->get(buf, &kp), 0);
	KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(buf, "fastest [generic] ") &&
			      !strchr(buf + 10, '['),
			      "chacha_impl reads \"%s\" with generic forced", buf);
	KUNIT_EXPECT_EQ(test, ops->set("no-such-row\n", &kp), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_forced_impl(SC_ALG_CHACHA), generic);
	KUNIT_EXPECT_EQ(test, ops->set("fastest\n", &kp), 0);
	KUNIT_EXPECT_LT(test, sc_forced_impl(SC_ALG_CHACHA), 0);
	KUNIT_ASSERT_GT(test, ops->get(buf, &kp), 0);
	KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(buf, "[fastest] ") &&
			      !strchr(buf + 1, '['),
			      "chacha_impl reads \"%s\" after fastest", buf);
}

/* Out-of-range algorithms are refused by every entry point. */
static void sc_test_dispatch_range(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, sc_impl_row(SC_ALG_COUNT, 0));
	KUNIT_EXPECT_NULL(test, sc_impl_pick(SC_ALG_COUNT, 64, true));
	KUNIT_EXPECT_EQ(test, sc_impl_find(SC_ALG_COUNT, "generic"), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_forced_impl(SC_ALG_COUNT), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_force_impl(SC_ALG_COUNT, "generic"), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_forced_impl((enum sc_alg)-1), -EINVAL);
}

/* The size classes the plans are indexed by cover every length, in order. */
static void sc_test_size_classes(struct kunit *test)
{
	unsigned int c, prev = 0;
	size_t len;

	for (len = 0; len <= 5000; len++) {
		c = sc_size_class(len);
		KUNIT_ASSERT_LT(test, c, (unsigned int)SC_NCLASSES);
		KUNIT_ASSERT_GE(test, c, prev);
		if (c + 1 < SC_NCLASSES)
			KUNIT_ASSERT_LE(test, len, (size_t)sc_class_len[c]);
		if (c)
			KUNIT_ASSERT_GT(test, len, (size_t)sc_class_len[c - 1]);
		prev = c;
	}
	KUNIT_EXPECT_EQ(test, sc_size_class(SIZE_MAX), SC_NCLASSES - 1);
}

static struct kunit_case sc_dispatch_cases[] = {
	KUNIT_CASE(sc_test_force_takes_effect),
	KUNIT_CASE(sc_test_dispatch_range),
	KUNIT_CASE(sc_test_size_classes),
	KUNIT_CASE(sc_test_simd_sections),
	KUNIT_CASE(sc_test_impl_param),
	{}
};

static struct kunit_suite sc_dispatch_suite = {
	.name = "simdcrypt_dispatch",
	.test_cases = sc_dispatch_cases,
};

kunit_test_suites(&sc_dispatch_suite);
