// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt_keccakx: the Keccak xN rows, the multi-stream SHAKE API
 * (include/simdcrypt/shake.h, sc_shake128/256_xn_*) and ML-DSA ExpandA
 * (include/simdcrypt/mldsa.h), once per xN row the CPU supports (forced)
 * and once with length-based dispatch:
 *
 * - every stream equals the single-stream sc_shake128()/sc_shake256(), and
 *   the kernel's own shake128()/shake256() where it has them (6.19+), for
 *   N = 1..8 streams, input lengths 0..600 absorbed in pieces, outputs of
 *   1..5 blocks squeezed in steps, streams stopped along the way;
 * - the same answers where SIMD may not be used (crypto_simd_disabled_for_
 *   test set, preemption or interrupts off);
 * - ExpandA for ML-DSA-44/65/87: known answers from Python's hashlib
 *   (test/mldsa_kat.py) and a single-stream ExpandA written here over
 *   sc_shake128().
 * The rows suite (simdcrypt_kunit.c) calls sc_keccakx_kunit_row() per row.
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/sha3.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "simdcrypt.h"
#include "compat/kunit.h"
#include "compat/unaligned.h"
#include "include/simdcrypt/shake.h"
#include "include/simdcrypt/mldsa.h"
#include "test/mldsa_kat.h"
#include "common.h"
#include "keccakx.h"


#define SC_KX_MAXIN	600
#define SC_KX_BLOCKS	5
#define SC_KX_OUT	(SC_KX_BLOCKS * SHAKE128_RATE)

struct sc_kx_buf {
	struct sc_shake_xn_ctx ctx;
	u8 in[SC_KECCAKX_MAX][SC_KX_MAXIN];
	u8 out[SC_KECCAKX_MAX][SC_KX_OUT];
	u8 ref[SC_KX_OUT];
};

static struct sc_kx_buf *sc_kx_alloc(struct kunit *test)
{
	struct sc_kx_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	return b;
}


/*
 * One request on @b: @n streams of @len bytes absorbed in two pieces, then
 * @nblocks blocks squeezed one step at a time (steps of 1 and 2 blocks),
 * stream j stopped after block j % 3 + 1 when @stop.  Leaves in out[j] the
 * blocks stream j got and returns their count per stream in @got.
 */
static void sc_kx_request(struct sc_kx_buf *b, bool s256, unsigned int n,
			  unsigned int len, unsigned int nblocks, bool stop,
			  unsigned int *got)
{
	unsigned int rate = s256 ? SHAKE256_RATE : SHAKE128_RATE;
	const u8 *in[SC_KECCAKX_MAX];
	u8 *out[SC_KECCAKX_MAX];
	unsigned int j, blk, step;

	if (s256)
		sc_shake256_xn_init(&b->ctx, n);
	else
		sc_shake128_xn_init(&b->ctx, n);
	for (j = 0; j < n; j++)
		in[j] = b->in[j];
	sc_shake_xn_absorb(&b->ctx, in, len / 3);
	for (j = 0; j < n; j++)
		in[j] = b->in[j] + len / 3;
	sc_shake_xn_absorb(&b->ctx, in, len - len / 3);
	for (j = 0; j < n; j++) {
		out[j] = b->out[j];
		got[j] = 0;
	}
	for (blk = 0; blk < nblocks; blk += step) {
		step = blk + 2 <= nblocks && (blk & 1) ? 2 : 1;
		sc_shake_xn_squeeze_blocks(&b->ctx, out, step);
		for (j = 0; j < n; j++) {
			if (!out[j])
				continue;
			got[j] += step;
			out[j] += step * rate;
			if (stop && got[j] > j % 3)
				out[j] = NULL;
		}
	}
	sc_shake_xn_zeroize(&b->ctx);
}

/* Every stream of one request against single-stream SHAKE; 0 on a failure. */
static unsigned int sc_kx_check(struct kunit *test, struct sc_kx_buf *b,
				bool s256, unsigned int n, unsigned int len,
				unsigned int nblocks, bool stop, const char *what)
{
	unsigned int rate = s256 ? SHAKE256_RATE : SHAKE128_RATE;
	unsigned int got[SC_KECCAKX_MAX], j, cases = 0;

	sc_kx_request(b, s256, n, len, nblocks, stop, got);
	for (j = 0; j < n; j++) {
		size_t olen = (size_t)got[j] * rate;

		if (s256)
			sc_shake256(b->in[j], len, b->ref, olen);
		else
			sc_shake128(b->in[j], len, b->ref, olen);
		KUNIT_EXPECT_MEMEQ_MSG(test, b->out[j], b->ref, olen,
				       "%s: shake%s x%u, len %u, stream %u, %u blocks",
				       what, s256 ? "256" : "128", n, len, j, got[j]);
		if (memcmp(b->out[j], b->ref, olen))
			return 0;
#if SC_HAVE_KERNEL_SHAKE
		if (s256)
			shake256(b->in[j], len, b->ref, olen);
		else
			shake128(b->in[j], len, b->ref, olen);
		KUNIT_EXPECT_MEMEQ_MSG(test, b->out[j], b->ref, olen,
				       "%s: shake%s x%u, len %u, stream %u: kernel's shake differs",
				       what, s256 ? "256" : "128", n, len, j);
		cases++;
#endif
		cases++;
	}
	return cases;
}

/* Lengths 0..600, every one; N and the output length move with them. */
static unsigned int sc_kx_sweep(struct kunit *test, struct sc_kx_buf *b,
				unsigned int step, const char *what)
{
	struct rnd_state rs;
	unsigned int len, j, cases = 0, c;

	prandom_seed_state(&rs, 0x6b78ull + step);
	for (j = 0; j < SC_KECCAKX_MAX; j++)
		prandom_bytes_state(&rs, b->in[j], SC_KX_MAXIN);
	for (len = 0; len <= SC_KX_MAXIN; len += step) {
		c = sc_kx_check(test, b, len & 1, 1 + len % SC_KECCAKX_MAX, len,
				1 + len % SC_KX_BLOCKS, len % 3 == 0, what);
		if (!c)
			break;
		cases += c;
	}
	return cases;
}

/* Called by simdcrypt_rows with this row forced. */
unsigned int sc_keccakx_kunit_row(struct kunit *test)
{
	return sc_kx_sweep(test, sc_kx_alloc(test), 7, "rows suite");
}

/* ---- per row: the API, all lengths ---- */

/* Every supported row, then "fastest": the length-based dispatch. */
static struct sc_row_list sc_kx_rows;

static const void *sc_kx_gen_params(SC_GEN_ARGS)
{
	return sc_row_params_next(prev, desc, &sc_kx_rows, SC_ALG_KECCAK_XN, true);
}

static void sc_test_kx_api(struct kunit *test)
{
	const struct sc_row_param *p = test->param_value;
	struct sc_kx_buf *b = sc_kx_alloc(test);
	unsigned int n;

	sc_force_for_test(test, SC_ALG_KECCAK_XN, p->name);
	n = sc_kx_sweep(test, b, 1, p->name);
	kunit_info(test, "keccakx@%s: %u streams equal single-stream SHAKE%s\n",
		   p->name, n, SC_HAVE_KERNEL_SHAKE ? " (ours and the kernel's)" : "");
}

/* ---- where SIMD may not be used ---- */

static void sc_test_kx_nosimd(struct kunit *test)
{
	struct sc_kx_buf *b = sc_kx_alloc(test);
	u8 *ref = kunit_kzalloc(test, SC_KECCAKX_MAX * SC_KX_OUT, GFP_KERNEL);
	unsigned int got[SC_KECCAKX_MAX], len, r, j, n = 0;
	unsigned long flags;
	bool usable;

	if (!SC_HAVE_SIMD_TEST_FLAG)
		kunit_skip(test, "no crypto_simd_disabled_for_test in this kernel");
	KUNIT_ASSERT_NOT_NULL(test, ref);
	sc_unforce_at_end(test, SC_ALG_KECCAK_XN);
	for (j = 0; j < SC_KECCAKX_MAX; j++)
		memset(b->in[j], 0x31 * j + 7, SC_KX_MAXIN);
	/* r == nimpls: length-based dispatch */
	for (r = 0; r <= sc_nimpls[SC_ALG_KECCAK_XN]; r++) {
		const struct sc_impl *row = r < sc_nimpls[SC_ALG_KECCAK_XN] ?
					    sc_impl_row(SC_ALG_KECCAK_XN, r) : NULL;

		if (row && (!row->simd || !sc_impl_supported(row)))
			continue;
		KUNIT_ASSERT_EQ(test, sc_force_impl(SC_ALG_KECCAK_XN,
						    row ? row->name : "fastest"), 0);
		for (len = 0; len <= SC_KX_MAXIN; len += 37) {
			unsigned int nst = 1 + len % SC_KECCAKX_MAX;

			/* the normal path first (streams past nst stay zero) */
			memset(b->out, 0, sizeof(b->out));
			sc_kx_request(b, len & 1, nst, len, SC_KX_BLOCKS, false, got);
			memcpy(ref, b->out, SC_KECCAKX_MAX * SC_KX_OUT);
			memset(b->out, 0, sizeof(b->out));
			if (len & 2) {
				local_irq_save(flags);
				sc_simd_test_flag(true);
				usable = crypto_simd_usable();
				sc_kx_request(b, len & 1, nst, len, SC_KX_BLOCKS, false, got);
				sc_simd_test_flag(false);
				local_irq_restore(flags);
			} else {
				preempt_disable();
				sc_simd_test_flag(true);
				usable = crypto_simd_usable();
				sc_kx_request(b, len & 1, nst, len, SC_KX_BLOCKS, false, got);
				sc_simd_test_flag(false);
				preempt_enable();
			}
			KUNIT_ASSERT_FALSE(test, usable);
			KUNIT_EXPECT_MEMEQ_MSG(test, b->out, ref, SC_KECCAKX_MAX * SC_KX_OUT,
					       "no-SIMD, %s forced, x%u len %u: differs",
					       row ? row->name : "nothing", nst, len);
			n++;
		}
	}
	kunit_info(test, "%u no-SIMD requests equal the normal path\n", n);
}

/* ---- ExpandA ---- */

/* Single-stream ExpandA over sc_shake128(), written independently of mldsa.c. */
static void sc_kx_ref_expand_a(u32 *a, u8 *buf, size_t buflen, const u8 *rho,
			       unsigned int k, unsigned int l)
{
	unsigned int r, s, j;
	size_t i;
	u8 seed[34];

	for (r = 0; r < k; r++) {
		for (s = 0; s < l; s++) {
			u32 *p = a + 256 * (r * l + s);

			memcpy(seed, rho, 32);
			seed[32] = s;
			seed[33] = r;
			sc_shake128(seed, sizeof(seed), buf, buflen);
			for (i = 0, j = 0; j < 256 && i + 3 <= buflen; i += 3) {
				u32 z = buf[i] | buf[i + 1] << 8 |
					(u32)(buf[i + 2] & 0x7f) << 16;

				if (z < SC_MLDSA_Q)
					p[j++] = z;
			}
		}
	}
}

static void sc_test_kx_expand_a(struct kunit *test)
{
	const struct sc_row_param *p = test->param_value;
	size_t words = 64 * 256, buflen = 40 * SHAKE128_RATE;
	u32 *a = kunit_kzalloc(test, words * 4, GFP_KERNEL);
	u32 *ref = kunit_kzalloc(test, words * 4, GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, buflen, GFP_KERNEL);
	u8 *le = kunit_kzalloc(test, words * 4, GFP_KERNEL);
	static const unsigned int kl[3][2] = { { 4, 4 }, { 6, 5 }, { 8, 7 } };
	u8 rho[32], dig[32];
	unsigned int i, w, k, l;

	KUNIT_ASSERT_TRUE(test, a && ref && buf && le);
	sc_force_for_test(test, SC_ALG_KECCAK_XN, p->name);
	for (i = 0; i < ARRAY_SIZE(sc_mldsa_kats); i++) {
		const struct sc_mldsa_kat *v = &sc_mldsa_kats[i];
		unsigned int nw = v->k * v->l * 256;

		KUNIT_ASSERT_EQ(test, sc_mldsa_expand_a(a, v->rho, v->k, v->l), 0);
		for (w = 0; w < nw; w++)
			put_unaligned_le32(a[w], le + 4 * w);
		sc_shake256(le, 4 * nw, dig, sizeof(dig));
		KUNIT_EXPECT_EQ_MSG(test, a[0], v->first, "%s KAT %u", v->name, i);
		KUNIT_EXPECT_EQ_MSG(test, a[nw - 1], v->last, "%s KAT %u", v->name, i);
		KUNIT_EXPECT_MEMEQ_MSG(test, dig, v->digest, sizeof(dig),
				       "%s KAT %u (Python hashlib)", v->name, i);
	}
	for (i = 0; i < 3; i++) {
		k = kl[i][0];
		l = kl[i][1];
		memset(rho, 0x5a + i, sizeof(rho));
		rho[i] ^= 0x80;
		KUNIT_ASSERT_EQ(test, sc_mldsa_expand_a(a, rho, k, l), 0);
		sc_kx_ref_expand_a(ref, buf, buflen, rho, k, l);
		KUNIT_EXPECT_MEMEQ_MSG(test, a, ref, k * l * 256 * sizeof(u32),
				       "ExpandA %ux%u differs from single-stream", k, l);
	}
	KUNIT_EXPECT_EQ(test, sc_mldsa_expand_a(a, rho, 0, 4), -EINVAL);
	KUNIT_EXPECT_EQ(test, sc_mldsa_expand_a(a, rho, 4, 9), -EINVAL);
}

static struct kunit_case sc_kx_cases[] = {
	KUNIT_CASE_PARAM(sc_test_kx_api, sc_kx_gen_params),
	KUNIT_CASE_PARAM(sc_test_kx_expand_a, sc_kx_gen_params),
	KUNIT_CASE(sc_test_kx_nosimd),
	{}
};

static struct kunit_suite sc_kx_suite = {
	.name = "simdcrypt_keccakx",
	.test_cases = sc_kx_cases,
};

kunit_test_suites(&sc_kx_suite);
