// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite simdcrypt_safety: what a distribution needs before shipping.
 *
 * - register_rule:  an algorithm is registered (its driver name resolves)
 *                   exactly where sc_alg_has_native_row() says so, and that
 *                   is "a supported row other than generic" (for the AEAD:
 *                   native ChaCha and Poly1305 rows).
 * - poly1305_import: import takes back what export gave, rejects what this
 *                   driver cannot have exported (flags not 0/1, s without r,
 *                   unclamped r, h2 > 4, a full partial block, bytes past
 *                   it or in the zero pad) with -EINVAL and leaves the
 *                   descriptor wiped.
 * - poly1305_export_plain: the exported state is plain data: no pointer
 *                   (core.pow, which a long update sets) and nothing past
 *                   the partial block.
 * - poly1305_nokey: final before r and s were seen is -ENOKEY and wipes the
 *                   descriptor (r and a partial s were in it).
 * - sha3_import:    sha3-224/256/384/512 import takes back the longest
 *                   partial block (rate - 1 bytes) and refuses a length of
 *                   the rate or more (the descriptor's buffer holds
 *                   sha3-224's rate) with -EINVAL, the descriptor unchanged.
 * - shash_init:     init starts over a message half hashed, for poly1305
 *                   and every sha3.
 * - sha3_state:     the driver's final wipes the descriptor (7.x's API
 *                   does it too, 6.1's and 6.12's do not); export writes
 *                   every byte of the state, the partial block padded
 *                   with zeros; export_core refuses a state with a
 *                   partial block, import_core drops the one the
 *                   descriptor had (6.16+).
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/internal/hash.h>	/* crypto_shash_export_core() */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include "compat/compat.h"
#include "compat/kunit.h"
#include "simdcrypt.h"
#include "generic/poly1305.h"

/* The driver that proves each algorithm is registered. */
static const char *const sc_safety_drivers[SC_ALG_COUNT] = {
	[SC_ALG_CHACHA] = "chacha20-simdcrypt",
	[SC_ALG_POLY1305] = "poly1305-simdcrypt",
	[SC_ALG_KECCAK] = "sha3-256-simdcrypt",
	[SC_ALG_AEAD] = "rfc7539-chacha20-poly1305-simdcrypt",
};

static bool sc_safety_any_native(enum sc_alg alg)
{
	unsigned int i;

	for (i = 1; i < sc_nimpls[alg]; i++)
		if (sc_impl_supported(sc_impl_row(alg, i)))
			return true;
	return false;
}

static void sc_test_register_rule(struct kunit *test)
{
	unsigned int alg;

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		bool want = alg == SC_ALG_AEAD ?
			sc_safety_any_native(SC_ALG_CHACHA) &&
			sc_safety_any_native(SC_ALG_POLY1305) :
			sc_safety_any_native(alg);
		bool native = sc_alg_has_native_row(alg);
		bool registered;

		KUNIT_EXPECT_EQ_MSG(test, native, want, "alg %u", alg);
		/* a library API only (Keccak xN): nothing to register */
		if (!sc_safety_drivers[alg])
			continue;
		registered = crypto_has_alg(sc_safety_drivers[alg], 0, 0);
		KUNIT_EXPECT_EQ_MSG(test, registered, native,
				    "%s registered %d, native row %d",
				    sc_safety_drivers[alg], registered, native);
		kunit_info(test, "%s: native row %s, registered %s\n",
			   sc_safety_drivers[alg], native ? "yes" : "no",
			   registered ? "yes" : "no");
	}
	KUNIT_EXPECT_FALSE(test, sc_alg_has_native_row(SC_ALG_COUNT));
	/* x86_64 always has the general-register ChaCha row */
	if (IS_ENABLED(CONFIG_X86_64))
		KUNIT_EXPECT_TRUE(test, sc_alg_has_native_row(SC_ALG_CHACHA));
}

struct sc_safety_desc {
	struct crypto_shash *tfm;
	struct shash_desc *desc;
	u8 *state;
	u8 *bad;
};

static void sc_safety_free(void *tfm)
{
	crypto_free_shash(tfm);
}

/* A poly1305 descriptor; the test is skipped where the driver is absent. */
static void sc_safety_get(struct kunit *test, struct sc_safety_desc *d)
{
	const size_t size = sizeof(struct sc_poly1305_msg);
	const size_t ss = sizeof(struct sc_poly1305_state);

	d->desc = kunit_kzalloc(test, sizeof(*d->desc) + size, GFP_KERNEL);
	d->state = kunit_kzalloc(test, ss + 1, GFP_KERNEL);
	d->bad = kunit_kzalloc(test, ss + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d->desc);
	KUNIT_ASSERT_NOT_NULL(test, d->state);
	KUNIT_ASSERT_NOT_NULL(test, d->bad);
	d->tfm = crypto_alloc_shash("poly1305-simdcrypt", 0, 0);
	if (IS_ERR(d->tfm))
		kunit_skip(test, "poly1305-simdcrypt is not registered here (%ld)",
			   PTR_ERR(d->tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_safety_free,
							d->tfm), 0);
	d->desc->tfm = d->tfm;
	KUNIT_ASSERT_EQ(test, crypto_shash_descsize(d->tfm), size);
	KUNIT_ASSERT_EQ(test, crypto_shash_statesize(d->tfm), ss);
}

static bool sc_safety_wiped(struct shash_desc *desc)
{
	return !memchr_inv(shash_desc_ctx(desc), 0,
			   crypto_shash_descsize(desc->tfm));
}

static void sc_test_poly1305_import(struct kunit *test)
{
	static const struct {
		const char *what;
		size_t off;
		unsigned int size;
		u64 value;	/* OR-ed into the field */
	} bad[] = {
		{ "rset 2", offsetof(struct sc_poly1305_state, rset), 1, 2 },
		{ "sset 2", offsetof(struct sc_poly1305_state, sset), 1, 2 },
		{ "buflen 16", offsetof(struct sc_poly1305_state, buflen), 1, 16 },
		{ "r0 bit 28", offsetof(struct sc_poly1305_state, r[0]), 8,
		  1ull << 28 },
		{ "r1 bit 0", offsetof(struct sc_poly1305_state, r[1]), 8, 1 },
		{ "h2 5", offsetof(struct sc_poly1305_state, h[2]), 8, 5 },
		{ "past the partial block",
		  offsetof(struct sc_poly1305_state, buf[15]), 1, 1 },
		{ "zero[4]", offsetof(struct sc_poly1305_state, zero[4]), 1, 1 },
	};
	u8 msg[32 + 21], tag1[POLY1305_DIGEST_SIZE], tag2[POLY1305_DIGEST_SIZE];
	struct sc_safety_desc d;
	unsigned int i;
	u8 *in;

	sc_safety_get(test, &d);
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = i * 37 + 11;

	/* a state with r and s set and 5 bytes buffered survives the trip */
	KUNIT_EXPECT_EQ(test, crypto_shash_init(d.desc), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_update(d.desc, msg, 32 + 21), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_export(d.desc, d.state), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_final(d.desc, tag1), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_import(d.desc, d.state), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_final(d.desc, tag2), 0);
	KUNIT_EXPECT_MEMEQ(test, tag1, tag2, sizeof(tag1));
	/* ... from an unaligned buffer too */
	in = d.bad + 1;
	memcpy(in, d.state, sizeof(struct sc_poly1305_state));
	KUNIT_EXPECT_EQ(test, crypto_shash_import(d.desc, in), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_final(d.desc, tag2), 0);
	KUNIT_EXPECT_MEMEQ(test, tag1, tag2, sizeof(tag1));

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		u64 v = 0;

		memcpy(d.bad, d.state, sizeof(struct sc_poly1305_state));
		memcpy(&v, d.bad + bad[i].off, bad[i].size);
		v |= bad[i].value;
		memcpy(d.bad + bad[i].off, &v, bad[i].size);
		/* a live state in the descriptor first: it must not survive */
		KUNIT_EXPECT_EQ(test, crypto_shash_import(d.desc, d.state), 0);
		KUNIT_EXPECT_EQ_MSG(test, crypto_shash_import(d.desc, d.bad),
				    -EINVAL, "%s", bad[i].what);
		KUNIT_EXPECT_TRUE_MSG(test, sc_safety_wiped(d.desc),
				      "%s: descriptor not wiped", bad[i].what);
	}

	/* s without r */
	memset(d.bad, 0, sizeof(struct sc_poly1305_state));
	d.bad[offsetof(struct sc_poly1305_state, sset)] = 1;
	KUNIT_EXPECT_EQ(test, crypto_shash_import(d.desc, d.bad), -EINVAL);
}

/*
 * The key split over two updates leaves s bytes in the descriptor's buffer
 * past the 8 buffered; core.pow is what a long update sets while it runs.
 * Neither may reach the exported state.
 */
static void sc_test_poly1305_export_plain(struct kunit *test)
{
	const size_t ss = sizeof(struct sc_poly1305_state);
	const size_t past = offsetof(struct sc_poly1305_state, buf[8]);
	struct sc_poly1305_msg *msg;
	struct sc_safety_desc d;
	u8 data[40];

	sc_safety_get(test, &d);
	msg = shash_desc_ctx(d.desc);
	memset(data, 0x3c, sizeof(data));
	KUNIT_EXPECT_EQ(test, crypto_shash_init(d.desc), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_update(d.desc, data, 20), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_update(d.desc, data + 20, 20), 0);
	KUNIT_ASSERT_EQ(test, msg->buflen, 8u);
	KUNIT_EXPECT_EQ(test, crypto_shash_export(d.desc, d.state), 0);
	KUNIT_EXPECT_FALSE(test, memchr_inv(d.state + past, 0, 8));
	msg->core.pow = (struct sc_poly1305_pow *)d.desc;
	KUNIT_EXPECT_EQ(test, crypto_shash_export(d.desc, d.bad), 0);
	msg->core.pow = NULL;
	KUNIT_EXPECT_MEMEQ(test, d.state, d.bad, ss);
}

static void sc_test_poly1305_nokey(struct kunit *test)
{
	u8 key[20], tag[POLY1305_DIGEST_SIZE];
	struct sc_safety_desc d;

	sc_safety_get(test, &d);
	memset(key, 0x5a, sizeof(key));
	/* r and 4 bytes of s: -ENOKEY, and neither may stay behind */
	KUNIT_EXPECT_EQ(test, crypto_shash_init(d.desc), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_update(d.desc, key, sizeof(key)), 0);
	KUNIT_EXPECT_FALSE(test, sc_safety_wiped(d.desc));
	KUNIT_EXPECT_EQ(test, crypto_shash_final(d.desc, tag), -ENOKEY);
	KUNIT_EXPECT_TRUE(test, sc_safety_wiped(d.desc));
}

/*
 * The sha3 state ends with the partial block's length (sha3_glue.c): what
 * an import takes is at most rate - 1, else it would copy up to 255 bytes
 * into a buffer of sha3-224's rate.  A refused import changes nothing.
 */
static void sc_test_sha3_import(struct kunit *test)
{
	static const unsigned int bits[] = { 224, 256, 384, 512 };
	unsigned int b, i;

	for (b = 0; b < ARRAY_SIZE(bits); b++) {
		unsigned int rate, ss, ds, len, mdlen = bits[b] / 8;
		u8 *state, *bad, *before, *msg, want[64], got[64];
		struct crypto_shash *tfm;
		struct shash_desc *desc;
		char drv[32];

		snprintf(drv, sizeof(drv), "sha3-%u-simdcrypt", bits[b]);
		tfm = crypto_alloc_shash(drv, 0, 0);
		if (IS_ERR(tfm))
			kunit_skip(test, "%s is not registered here (%ld)", drv,
				   PTR_ERR(tfm));
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_safety_free,
								tfm), 0);
		rate = crypto_shash_blocksize(tfm);
		ss = crypto_shash_statesize(tfm);
		ds = crypto_shash_descsize(tfm);
		KUNIT_ASSERT_EQ(test, ss, KECCAK_STATE_SIZE + rate + 1);
		len = 2 * rate - 1;
		desc = kunit_kzalloc(test, sizeof(*desc) + ds, GFP_KERNEL);
		state = kunit_kzalloc(test, ss, GFP_KERNEL);
		bad = kunit_kzalloc(test, ss, GFP_KERNEL);
		before = kunit_kzalloc(test, ds, GFP_KERNEL);
		msg = kunit_kzalloc(test, len, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, desc);
		KUNIT_ASSERT_NOT_NULL(test, state);
		KUNIT_ASSERT_NOT_NULL(test, bad);
		KUNIT_ASSERT_NOT_NULL(test, before);
		KUNIT_ASSERT_NOT_NULL(test, msg);
		for (i = 0; i < len; i++)
			msg[i] = i * 29 + bits[b];
		desc->tfm = tfm;
		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(tfm, msg, len, want), 0);

		/* rate - 1 bytes buffered, exported, imported, finished */
		KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg, len), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_export(desc, state), 0);
		KUNIT_EXPECT_EQ(test, (unsigned int)state[KECCAK_STATE_SIZE + rate], rate - 1);
		KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_import(desc, state), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_final(desc, got), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, got, want, mdlen,
				       "%s: the longest partial block imported", drv);

		/* rate, rate + 1, 255 bytes: refused, the descriptor as it was */
		for (i = 0; i < 3; i++) {
			unsigned int v = i == 2 ? 255 : rate + i;

			memcpy(bad, state, ss);
			bad[KECCAK_STATE_SIZE + rate] = v;
			KUNIT_EXPECT_EQ(test, crypto_shash_import(desc, state), 0);
			memcpy(before, shash_desc_ctx(desc), ds);
			KUNIT_EXPECT_EQ_MSG(test, crypto_shash_import(desc, bad), -EINVAL,
					    "%s: a partial block of %u bytes", drv, v);
			KUNIT_EXPECT_MEMEQ_MSG(test, (u8 *)shash_desc_ctx(desc),
					       before, ds,
					       "%s: refused import of %u changed it",
					       drv, v);
		}
		KUNIT_EXPECT_EQ(test, crypto_shash_final(desc, got), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, got, want, mdlen,
				       "%s: after refused imports", drv);
	}
}

/* A driver's shash and a zeroed descriptor for it; skipped where absent. */
static struct shash_desc *sc_safety_shash(struct kunit *test, const char *drv)
{
	struct crypto_shash *tfm = crypto_alloc_shash(drv, 0, 0);
	struct shash_desc *desc;

	if (IS_ERR(tfm))
		kunit_skip(test, "%s is not registered here (%ld)", drv,
			   PTR_ERR(tfm));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_safety_free,
							tfm), 0);
	desc = kunit_kzalloc(test, sizeof(*desc) + crypto_shash_descsize(tfm),
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, desc);
	desc->tfm = tfm;
	return desc;
}

static void sc_test_shash_init(struct kunit *test)
{
	static const char *const drvs[] = {
		"poly1305-simdcrypt", "sha3-224-simdcrypt", "sha3-256-simdcrypt",
		"sha3-384-simdcrypt", "sha3-512-simdcrypt",
	};
	u8 msg[32 + 200], want[64], got[64];
	unsigned int d, i;

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = i * 53 + 7;
	for (d = 0; d < ARRAY_SIZE(drvs); d++) {
		struct shash_desc *desc = sc_safety_shash(test, drvs[d]);
		unsigned int ds = crypto_shash_digestsize(desc->tfm);

		KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(desc->tfm, msg,
							      sizeof(msg), want), 0);
		/* a message half hashed, then init again */
		KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg + 1, 40), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg, sizeof(msg)), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_final(desc, got), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, got, want, ds,
				       "%s: init after a message half hashed",
				       drvs[d]);
	}
}

/*
 * 6.16+: export_core refuses a partial block; import_core drops the one
 * the descriptor had.  @msg: 2 rates of bytes; @state: statesize bytes.
 */
static void sc_sha3_core(struct kunit *test, struct shash_desc *desc,
			 const u8 *msg, u8 *state, const char *drv)
{
#if SC_HAVE_SHASH_CORE
	unsigned int rate = crypto_shash_blocksize(desc->tfm);
	unsigned int mdlen = crypto_shash_digestsize(desc->tfm);
	u8 want[64], got[64];

	/* msg[0, rate) then msg[rate, 2 rate - 3), via the core */
	KUNIT_ASSERT_EQ(test, crypto_shash_tfm_digest(desc->tfm, msg,
						      2 * rate - 3, want), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg, 5), 0);
	KUNIT_EXPECT_EQ_MSG(test, crypto_shash_export_core(desc, state),
			    -EINVAL, "%s: export_core with a partial block", drv);
	KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg + 5, rate - 5), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_export_core(desc, state), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg + 1, 7), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_import_core(desc, state), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg + rate, rate - 3), 0);
	KUNIT_EXPECT_EQ(test, crypto_shash_final(desc, got), 0);
	KUNIT_EXPECT_MEMEQ_MSG(test, got, want, mdlen,
			       "%s: import_core over a partial block", drv);
#endif
}

static void sc_test_sha3_state(struct kunit *test)
{
	static const unsigned int bits[] = { 224, 256, 384, 512 };
	unsigned int b, i;

	for (b = 0; b < ARRAY_SIZE(bits); b++) {
		unsigned int rate, ss, ds;
		struct shash_desc *desc;
		u8 *msg, *state, got[64];
		char drv[32];

		snprintf(drv, sizeof(drv), "sha3-%u-simdcrypt", bits[b]);
		desc = sc_safety_shash(test, drv);
		rate = crypto_shash_blocksize(desc->tfm);
		ss = crypto_shash_statesize(desc->tfm);
		ds = crypto_shash_descsize(desc->tfm);
		msg = kunit_kzalloc(test, 2 * rate, GFP_KERNEL);
		state = kunit_kzalloc(test, ss, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, msg);
		KUNIT_ASSERT_NOT_NULL(test, state);
		for (i = 0; i < 2 * rate; i++)
			msg[i] = i * 31 + bits[b];

		/* rate - 1 bytes, then 6: 5 left, older bytes behind them */
		KUNIT_EXPECT_EQ(test, crypto_shash_init(desc), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg, rate - 1), 0);
		KUNIT_EXPECT_EQ(test, crypto_shash_update(desc, msg + rate - 1, 6), 0);
		memset(state, 0xa5, ss);
		KUNIT_EXPECT_EQ(test, crypto_shash_export(desc, state), 0);
		KUNIT_EXPECT_EQ(test, (unsigned int)state[KECCAK_STATE_SIZE + rate], 5u);
		KUNIT_EXPECT_FALSE_MSG(test,
				       memchr_inv(state + KECCAK_STATE_SIZE + 5, 0,
						  rate - 5),
				       "%s: export pads the partial block with other bytes",
				       drv);
		/* the driver's own final: 7.x's crypto_shash_final() wipes too */
		KUNIT_EXPECT_EQ(test, crypto_shash_alg(desc->tfm)->final(desc, got), 0);
		KUNIT_EXPECT_FALSE_MSG(test,
				       memchr_inv(shash_desc_ctx(desc), 0, ds),
				       "%s: final left the descriptor as it was",
				       drv);
		sc_sha3_core(test, desc, msg, state, drv);
	}
}

static struct kunit_case sc_safety_cases[] = {
	KUNIT_CASE(sc_test_register_rule),
	KUNIT_CASE(sc_test_poly1305_import),
	KUNIT_CASE(sc_test_poly1305_export_plain),
	KUNIT_CASE(sc_test_poly1305_nokey),
	KUNIT_CASE(sc_test_sha3_import),
	KUNIT_CASE(sc_test_shash_init),
	KUNIT_CASE(sc_test_sha3_state),
	{}
};

static struct kunit_suite sc_safety_suite = {
	.name = "simdcrypt_safety",
	.test_cases = sc_safety_cases,
};

kunit_test_suites(&sc_safety_suite);
