// SPDX-License-Identifier: GPL-2.0
/*
 * What the suites of the simdcrypt KUnit module share (common.h): every
 * resource released when the test ends, even when an assertion aborts it
 * (a leaked tfm would pin simdcrypt.ko), rows forced for one test,
 * deterministic random data, scatterlists cut at random points,
 * test/vectors.h's hex as bytes, and the parameters of per-row cases.
 */
#include <kunit/test.h>
#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <linux/prandom.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/compat.h"
#include "simdcrypt.h"
#include "common.h"

static void sc_free_skcipher(void *p) { crypto_free_skcipher(p); }
static void sc_free_shash(void *p) { crypto_free_shash(p); }
static void sc_free_aead(void *p) { crypto_free_aead(p); }

struct crypto_skcipher *sc_get_skcipher(struct kunit *test, const char *name)
{
	struct crypto_skcipher *tfm = crypto_alloc_skcipher(name, 0, 0);

	if (!IS_ERR(tfm) &&
	    kunit_add_action_or_reset(test, sc_free_skcipher, tfm))
		return ERR_PTR(-ENOMEM);
	return tfm;
}

struct crypto_shash *sc_get_shash(struct kunit *test, const char *name)
{
	struct crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);

	if (!IS_ERR(tfm) && kunit_add_action_or_reset(test, sc_free_shash, tfm))
		return ERR_PTR(-ENOMEM);
	return tfm;
}

struct crypto_aead *sc_get_aead(struct kunit *test, const char *name)
{
	struct crypto_aead *tfm = crypto_alloc_aead(name, 0, 0);

	if (!IS_ERR(tfm) && kunit_add_action_or_reset(test, sc_free_aead, tfm))
		return ERR_PTR(-ENOMEM);
	return tfm;
}

const char *const sc_alg_label[SC_ALG_COUNT] = {
	[SC_ALG_CHACHA] = "chacha",
	[SC_ALG_POLY1305] = "poly1305",
	[SC_ALG_KECCAK] = "keccak",
	[SC_ALG_AEAD] = "aead",
	[SC_ALG_KECCAK_XN] = "keccakx",
};

static void sc_unforce(void *p)
{
	sc_force_impl((enum sc_alg)(uintptr_t)p, "fastest");
}

void sc_unforce_at_end(struct kunit *test, enum sc_alg alg)
{
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sc_unforce,
							(void *)(uintptr_t)alg), 0);
}

void sc_force_for_test(struct kunit *test, enum sc_alg alg, const char *name)
{
	KUNIT_ASSERT_EQ_MSG(test, sc_force_impl(alg, name), 0,
			    "forcing %s row %s", sc_alg_label[alg], name);
	sc_unforce_at_end(test, alg);
}

long sc_simd_picks(void)
{
	unsigned int alg, i;
	long n = 0;

	if (sc_pick_count(0, 0) < 0)
		return -1;
	for (alg = 0; alg < SC_ALG_COUNT; alg++)
		for (i = 0; i < sc_nimpls[alg]; i++) {
			const struct sc_impl *row = sc_impl_row(alg, i);

			if (row && row->simd)
				n += sc_pick_count(alg, i);
		}
	return n;
}

u8 *sc_alloc(struct kunit *test, size_t len)
{
	u8 *p = kunit_kzalloc(test, len ? len : 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	return p;
}

void sc_rand(struct rnd_state *rs, u8 *p, size_t len)
{
	while (len--)
		*p++ = prandom_u32_state(rs);
}

unsigned int sc_rand_below(struct rnd_state *rs, unsigned int n)
{
	return n ? prandom_u32_state(rs) % n : 0;
}

void sc_seed(struct kunit *test, struct rnd_state *rs, u64 salt)
{
	/* Deterministic per test so a failure reproduces. */
	prandom_seed_state(rs, 0x5c5c0000ull ^ salt ^ strlen(test->name) * 7919ull);
}

void sc_sg_build(struct kunit *test, struct rnd_state *rs,
			struct sc_sg *s, unsigned int len)
{
	unsigned int cuts[MAX_SG + 1];
	unsigned int n, i, j;

	n = 1 + sc_rand_below(rs, MAX_SG);
	if (n > len)
		n = len ? len : 1;
	/* n - 1 distinct cut points in (0, len) */
	cuts[0] = 0;
	cuts[n] = len;
	for (i = 1; i < n; i++) {
		unsigned int c;
again:
		c = 1 + sc_rand_below(rs, len - 1);
		for (j = 1; j < i; j++)
			if (cuts[j] == c)
				goto again;
		cuts[i] = c;
	}
	/* insertion sort */
	for (i = 2; i < n; i++)
		for (j = i; j > 1 && cuts[j - 1] > cuts[j]; j--)
			swap(cuts[j - 1], cuts[j]);
	sg_init_table(s->sg, n);
	for (i = 0; i < n; i++) {
		unsigned int piece = cuts[i + 1] - cuts[i];
		unsigned int off = sc_rand_below(rs, 16);
		u8 *buf;

		/*
		 * One entry in three starts just before a page boundary, so
		 * the walk hands the cipher a short piece, then the rest.
		 */
		if (piece > 1 && sc_rand_below(rs, 3) == 0) {
			off = PAGE_SIZE - 1 - sc_rand_below(rs, min(piece - 1, 100u));
			/* power-of-two kmalloc sizes are naturally aligned */
			buf = sc_alloc(test, roundup_pow_of_two(off + piece + 16));
		} else {
			buf = sc_alloc(test, piece + off + 16);
		}
		sg_set_buf(&s->sg[i], buf + off, piece);
	}
	s->nents = n;
}

void sc_sg_fill(struct kunit *test, struct sc_sg *s, const u8 *src, unsigned int len)
{
	KUNIT_EXPECT_EQ(test,
			sg_copy_from_buffer(s->sg, s->nents, src, len), (size_t)len);
}

void sc_sg_read(struct kunit *test, struct sc_sg *s, u8 *dst, unsigned int len)
{
	KUNIT_EXPECT_EQ(test,
			sg_copy_to_buffer(s->sg, s->nents, dst, len), (size_t)len);
}

/*
 * The RFC 8439, draft-irtf-cfrg-xchacha, FIPS 202 and testmgr.h answers
 * are test/vectors.h's, the userspace harness's (which also checks each of
 * them against OpenSSL or libsodium): hex there, bytes here.
 */
u8 *sc_unhex(struct kunit *test, const char *hex, unsigned int *len)
{
	unsigned int n = strlen(hex) / 2;
	u8 *out = sc_alloc(test, n);

	KUNIT_ASSERT_EQ_MSG(test, hex2bin(out, hex, n), 0, "bad hex in test/vectors.h");
	if (len)
		*len = n;
	return out;
}

/* Every supported row of @alg (of every table when @alg is SC_ALG_COUNT). */
static void sc_rows_collect(struct sc_row_list *l, unsigned int alg)
{
	unsigned int a, i;

	l->n = 0;
	for (a = 0; a < SC_ALG_COUNT; a++) {
		if (alg != SC_ALG_COUNT && a != alg)
			continue;
		for (i = 0; i < sc_nimpls[a] && l->n < SC_MAX_ROWS; i++) {
			const struct sc_impl *row = sc_impl_row(a, i);

			if (row && sc_impl_supported(row))
				l->p[l->n++] = (struct sc_row_param){ a, i, row->name };
		}
	}
}

const struct sc_row_param *sc_row_params_next(const void *prev, char *desc,
					      struct sc_row_list *l,
					      unsigned int alg, bool fastest)
{
	const struct sc_row_param *p = prev;

	if (!p) {
		sc_rows_collect(l, alg);
		if (fastest && alg < SC_ALG_COUNT && l->n < SC_MAX_ROWS)
			l->p[l->n++] = (struct sc_row_param){ alg, sc_nimpls[alg], "fastest" };
		p = l->p;
	} else {
		p++;
	}
	if (p >= l->p + l->n)
		return NULL;
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s@%s", sc_alg_label[p->alg], p->name);
	return p;
}
