// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt_shake: the SHAKE128/256 library API (include/simdcrypt/
 * shake.h) once per Keccak row: FIPS 202 known answers, lengths
 * 0..3*rate+1 in random absorb and squeeze pieces against the row
 * "generic", 10000-byte outputs; and against the kernel's shake128()/
 * shake256() where it has them (else skipped).
 */
#include <kunit/test.h>
#include <crypto/hash.h>	/* before sha3.h: 6.1's needs struct shash_desc */
#include <crypto/sha3.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/string.h>

#include "simdcrypt.h"
#include "include/simdcrypt/shake.h"
#include "common.h"
#include "test/vectors.h"

/*
 * SHAKE128/SHAKE256 of "", "abc" and 200 bytes of 0xa3: test/vectors.h's
 * answers (200 bytes of output for the empty message: more than one rate,
 * so the squeeze permutes; 64 for the others).
 */
struct sc_shake_kat {
	unsigned int bits, rate;
	const u8 *empty, *abc, *a3;
};

static void sc_shake_kat_load(struct kunit *test, struct sc_shake_kat *k, unsigned int bits)
{
	char alg[9];
	unsigned int i, mdlen;

	snprintf(alg, sizeof(alg), "shake%u", bits);
	memset(k, 0, sizeof(*k));
	k->bits = bits;
	k->rate = bits == 128 ? SHAKE128_RATE : SHAKE256_RATE;
	for (i = 0; i < ARRAY_SIZE(sc_sha3_kats); i++) {
		const struct sc_sha3_kat *v = &sc_sha3_kats[i];
		const u8 *md;

		if (strcmp(v->alg, alg))
			continue;
		md = sc_unhex(test, v->md, &mdlen);
		if (v->msg.text && !strcmp(v->msg.text, "") && mdlen >= 200)
			k->empty = md;
		else if (v->msg.text && !strcmp(v->msg.text, "abc") && mdlen >= 64)
			k->abc = md;
		else if (!v->msg.text && !v->msg.hex && v->msg.rep_byte == 0xa3 &&
			 v->msg.rep_len == 200 && mdlen >= 64)
			k->a3 = md;
	}
	KUNIT_ASSERT_TRUE_MSG(test, k->empty && k->abc && k->a3,
			      "test/vectors.h lacks a SHAKE%u answer", bits);
}

static void sc_shake_init_bits(struct sc_shake_ctx *ctx, unsigned int bits)
{
	if (bits == 128)
		sc_shake128_init(ctx);
	else
		sc_shake256_init(ctx);
}

static void sc_shake_oneshot_bits(unsigned int bits, const u8 *in, size_t inlen,
				  u8 *out, size_t outlen)
{
	if (bits == 128)
		sc_shake128(in, inlen, out, outlen);
	else
		sc_shake256(in, inlen, out, outlen);
}

/* A piece length: 0, 1, the rate and its neighbours, or up to @max. */
static size_t sc_shake_piece(struct rnd_state *rs, unsigned int rate, size_t max)
{
	switch (sc_rand_below(rs, 8)) {
	case 0:
		return 0;
	case 1:
		return 1;
	case 2:
		return rate - 1;
	case 3:
		return rate;
	case 4:
		return rate + 1;
	default:
		return sc_rand_below(rs, max + 1);
	}
}

/*
 * SHAKE-@bits(@in) through init / absorb / finalize / squeeze, the input
 * and the output cut into random pieces (empty pieces included), finalize
 * called explicitly or left to the first squeeze; the context is zeroized
 * at the end and must then be all zero.
 */
static void sc_shake_pieces(struct kunit *test, struct rnd_state *rs,
			    unsigned int bits, const u8 *in, size_t inlen,
			    u8 *out, size_t outlen, size_t maxpiece)
{
	unsigned int rate = bits == 128 ? SHAKE128_RATE : SHAKE256_RATE;
	struct sc_shake_ctx ctx;
	size_t pos, n;

	sc_shake_init_bits(&ctx, bits);
	for (pos = 0; pos < inlen; pos += n) {
		n = min(inlen - pos, sc_shake_piece(rs, rate, maxpiece));
		sc_shake_absorb(&ctx, in + pos, n);
	}
	if (sc_rand_below(rs, 2))
		sc_shake_finalize(&ctx);
	for (pos = 0; pos < outlen; pos += n) {
		n = min(outlen - pos, sc_shake_piece(rs, rate, maxpiece));
		sc_shake_squeeze(&ctx, out + pos, n);
	}
	sc_shake_zeroize(&ctx);
	KUNIT_EXPECT_NULL_MSG(test, memchr_inv(&ctx, 0, sizeof(ctx)),
			      "sc_shake_zeroize left state behind");
}

/* SHAKE-@bits(@in) by the row "generic", then back to row @row. */
static void sc_shake_generic(struct kunit *test, const char *row, unsigned int bits,
			     const u8 *in, size_t inlen, u8 *out, size_t outlen)
{
	KUNIT_ASSERT_EQ(test, sc_force_impl(SC_ALG_KECCAK, "generic"), 0);
	sc_shake_oneshot_bits(bits, in, inlen, out, outlen);
	KUNIT_ASSERT_EQ_MSG(test, sc_force_impl(SC_ALG_KECCAK, row), 0,
			    "forcing keccak row %s", row);
}

static struct sc_row_list sc_keccak_rows;

static const void *sc_keccak_rows_gen_params(SC_GEN_ARGS)
{
	return sc_row_params_next(prev, desc, &sc_keccak_rows, SC_ALG_KECCAK, false);
}

static void sc_test_shake_kat(struct kunit *test)
{
	const struct sc_row_param *p = test->param_value;
	u8 *a3 = sc_alloc(test, 200), out[200];
	unsigned int i, j, split, n = 0;

	sc_force_for_test(test, SC_ALG_KECCAK, p->name);
	KUNIT_ASSERT_EQ(test, sc_forced_impl(SC_ALG_KECCAK), (int)p->idx);
	memset(a3, 0xa3, 200);

	for (i = 0; i < 2; i++) {
		struct sc_shake_kat kat, *k = &kat;
		struct sc_shake_ctx ctx, fork;

		sc_shake_kat_load(test, k, i ? 256 : 128);

		/* one shot */
		sc_shake_oneshot_bits(k->bits, NULL, 0, out, 200);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, k->empty, 200, "SHAKE%u(\"\")", k->bits);
		sc_shake_oneshot_bits(k->bits, (const u8 *)"abc", 3, out, 64);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, k->abc, 64, "SHAKE%u(\"abc\")", k->bits);
		sc_shake_oneshot_bits(k->bits, a3, 200, out, 64);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, k->a3, 64, "SHAKE%u(a3*200)", k->bits);
		n += 3;

		/* an XOF: every shorter output is a prefix */
		for (j = 0; j <= 64; j++) {
			memset(out, 0x5a, sizeof(out));
			sc_shake_oneshot_bits(k->bits, (const u8 *)"abc", 3, out, j);
			if (memcmp(out, k->abc, j) || memchr_inv(out + j, 0x5a, sizeof(out) - j)) {
				KUNIT_FAIL(test, "SHAKE%u(\"abc\") to %u bytes: wrong or overran",
					   k->bits, j);
				break;
			}
			n++;
		}

		/* "abc" a byte at a time, the output a byte at a time */
		sc_shake_init_bits(&ctx, k->bits);
		for (j = 0; j < 3; j++)
			sc_shake_absorb(&ctx, (const u8 *)"abc" + j, 1);
		sc_shake_absorb(&ctx, (const u8 *)"", 0);
		for (j = 0; j < 64; j++)
			sc_shake_squeeze(&ctx, out + j, 1);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, k->abc, 64, "SHAKE%u(\"abc\") bytewise", k->bits);
		n++;

		/* empty message; finalize twice; fork the stream by copying */
		sc_shake_init_bits(&ctx, k->bits);
		sc_shake_finalize(&ctx);
		sc_shake_finalize(&ctx);
		sc_shake_squeeze(&ctx, out, 0);
		sc_shake_squeeze(&ctx, out, 10);
		fork = ctx;
		sc_shake_squeeze(&ctx, out + 10, 190);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, k->empty, 200, "SHAKE%u(\"\") 10+190", k->bits);
		memset(out + 10, 0, 190);
		sc_shake_squeeze(&fork, out + 10, k->rate - 10);
		sc_shake_squeeze(&fork, out + k->rate, 200 - k->rate);
		KUNIT_EXPECT_MEMEQ_MSG(test, out, k->empty, 200, "SHAKE%u(\"\") forked", k->bits);
		sc_shake_zeroize(&ctx);
		KUNIT_EXPECT_NULL(test, memchr_inv(&ctx, 0, sizeof(ctx)));
		sc_shake_zeroize(&fork);
		n += 2;

		/* 200 bytes of a3 in two absorbs at every split, two squeezes */
		for (split = 0; split <= 200; split++) {
			sc_shake_init_bits(&ctx, k->bits);
			sc_shake_absorb(&ctx, a3, split);
			sc_shake_absorb(&ctx, a3 + split, 200 - split);
			sc_shake_squeeze(&ctx, out, split % 65);
			sc_shake_squeeze(&ctx, out + split % 65, 64 - split % 65);
			sc_shake_zeroize(&ctx);
			if (memcmp(out, k->a3, 64)) {
				KUNIT_FAIL(test, "SHAKE%u(a3*200): wrong with absorb split at %u",
					   k->bits, split);
				break;
			}
			n++;
		}
	}
	KUNIT_EXPECT_EQ(test, sc_forced_impl(SC_ALG_KECCAK), (int)p->idx);
	kunit_info(test, "shake on keccak row %s: %u known-answer checks\n", p->name, n);
}

/*
 * Message lengths 0 .. 3*rate+1: the row under test in one shot and in
 * random absorb/squeeze pieces against the row "generic" in one shot.
 */
static void sc_test_shake_agree(struct kunit *test)
{
	static const unsigned int bitss[] = { 128, 256 };
	const struct sc_row_param *p = test->param_value;
	unsigned int b, n = 0;
	struct rnd_state rs;
	u8 *msg, *exp, *out;
	size_t maxout = 3 * SHAKE128_RATE + 2;

	sc_force_for_test(test, SC_ALG_KECCAK, p->name);
	msg = sc_alloc(test, 3 * SHAKE128_RATE + 2);
	exp = sc_alloc(test, maxout);
	out = sc_alloc(test, maxout);
	sc_seed(test, &rs, 0x5a4e);

	for (b = 0; b < ARRAY_SIZE(bitss); b++) {
		unsigned int bits = bitss[b];
		unsigned int rate = bits == 128 ? SHAKE128_RATE : SHAKE256_RATE;
		size_t len, outlen;

		for (len = 0; len <= 3 * rate + 1; len++) {
			/* output lengths around the rate boundaries too */
			outlen = len % 4 ? sc_rand_below(&rs, maxout + 1) :
				 (len / 4) % (3 * rate + 2);
			sc_rand(&rs, msg, len);
			sc_shake_generic(test, p->name, bits, msg, len, exp, outlen);

			memset(out, 0, maxout);
			sc_shake_oneshot_bits(bits, msg, len, out, outlen);
			if (memcmp(out, exp, outlen)) {
				KUNIT_FAIL(test, "SHAKE%u len %zu out %zu: one-shot on %s differs from generic",
					   bits, len, outlen, p->name);
				return;
			}
			memset(out, 0, maxout);
			sc_shake_pieces(test, &rs, bits, msg, len, out, outlen, 2 * rate);
			if (memcmp(out, exp, outlen)) {
				KUNIT_FAIL(test, "SHAKE%u len %zu out %zu: pieces on %s differ from generic",
					   bits, len, outlen, p->name);
				return;
			}
			n += 2;
		}
	}
	KUNIT_EXPECT_EQ(test, sc_forced_impl(SC_ALG_KECCAK), (int)p->idx);
	kunit_info(test, "shake on keccak row %s: %u agreement checks\n", p->name, n);
}

/* 10000 bytes of output (and a 13065-byte input): > 4 KiB SIMD sections. */
#define SC_SHAKE_LONG_OUT	10000
#define SC_SHAKE_LONG_IN	(3 * 4096 + 777)

static void sc_test_shake_long(struct kunit *test)
{
	static const unsigned int bitss[] = { 128, 256 };
	static const size_t inlens[] = { 0, 33, SC_SHAKE_LONG_IN };
	const struct sc_row_param *p = test->param_value;
	u8 *msg, *exp, *one, *out;
	unsigned int b, i, r, n = 0;
	struct rnd_state rs;

	sc_force_for_test(test, SC_ALG_KECCAK, p->name);
	msg = sc_alloc(test, SC_SHAKE_LONG_IN);
	exp = sc_alloc(test, SC_SHAKE_LONG_OUT);
	one = sc_alloc(test, SC_SHAKE_LONG_OUT);
	out = sc_alloc(test, SC_SHAKE_LONG_OUT);
	sc_seed(test, &rs, 0x10000);
	sc_rand(&rs, msg, SC_SHAKE_LONG_IN);

	for (b = 0; b < ARRAY_SIZE(bitss); b++)
		for (i = 0; i < ARRAY_SIZE(inlens); i++) {
			unsigned int bits = bitss[b];

			sc_shake_generic(test, p->name, bits, msg, inlens[i], exp,
					 SC_SHAKE_LONG_OUT);
			sc_shake_oneshot_bits(bits, msg, inlens[i], one, SC_SHAKE_LONG_OUT);
			KUNIT_EXPECT_MEMEQ_MSG(test, one, exp, SC_SHAKE_LONG_OUT,
					       "SHAKE%u in %zu out %u: one-shot vs generic",
					       bits, inlens[i], SC_SHAKE_LONG_OUT);
			n++;
			/* pieces up to 5000 bytes: some cross a 4 KiB section */
			for (r = 0; r < 4; r++) {
				memset(out, 0, SC_SHAKE_LONG_OUT);
				sc_shake_pieces(test, &rs, bits, msg, inlens[i], out,
						SC_SHAKE_LONG_OUT, 5000);
				if (memcmp(out, one, SC_SHAKE_LONG_OUT)) {
					KUNIT_FAIL(test, "SHAKE%u in %zu: random pieces (round %u) differ from one-shot",
						   bits, inlens[i], r);
					return;
				}
				n++;
			}
		}
	kunit_info(test, "shake on keccak row %s: %u long-output checks\n", p->name, n);
}

/* Our SHAKE against the kernel's shake128()/shake256(), every row. */
static void sc_test_shake_vs_kernel(struct kunit *test)
{
#if SC_HAVE_KERNEL_SHAKE
	static const unsigned int bitss[] = { 128, 256 };
	unsigned int r, b, n = 0;
	struct rnd_state rs;
	u8 *msg, *exp, *out;

	msg = sc_alloc(test, SC_SHAKE_LONG_IN);
	exp = sc_alloc(test, SC_SHAKE_LONG_OUT);
	out = sc_alloc(test, SC_SHAKE_LONG_OUT);
	sc_unforce_at_end(test, SC_ALG_KECCAK);
	sc_seed(test, &rs, 0x4e4e);

	/* r == nimpls: back to "fastest" (length-based dispatch) */
	for (r = 0; r <= sc_nimpls[SC_ALG_KECCAK]; r++) {
		const char *name = "fastest";

		if (r < sc_nimpls[SC_ALG_KECCAK]) {
			const struct sc_impl *row = sc_impl_row(SC_ALG_KECCAK, r);

			KUNIT_ASSERT_NOT_NULL(test, row);
			if (!sc_impl_supported(row))
				continue;
			name = row->name;
		}
		KUNIT_ASSERT_EQ_MSG(test, sc_force_impl(SC_ALG_KECCAK, name), 0,
				    "forcing keccak row %s", name);
		for (b = 0; b < ARRAY_SIZE(bitss); b++) {
			unsigned int bits = bitss[b];
			unsigned int rate = bits == 128 ? SHAKE128_RATE : SHAKE256_RATE;
			size_t len, outlen;

			for (len = 0; len <= 3 * rate + 1; len++) {
				outlen = sc_rand_below(&rs, 3 * rate + 2);
				sc_rand(&rs, msg, len);
				if (bits == 128)
					shake128(msg, len, exp, outlen);
				else
					shake256(msg, len, exp, outlen);
				sc_shake_oneshot_bits(bits, msg, len, out, outlen);
				if (memcmp(out, exp, outlen)) {
					KUNIT_FAIL(test, "row %s: SHAKE%u len %zu out %zu differs from the kernel's",
						   name, bits, len, outlen);
					return;
				}
				n++;
			}
			sc_rand(&rs, msg, SC_SHAKE_LONG_IN);
			if (bits == 128)
				shake128(msg, SC_SHAKE_LONG_IN, exp, SC_SHAKE_LONG_OUT);
			else
				shake256(msg, SC_SHAKE_LONG_IN, exp, SC_SHAKE_LONG_OUT);
			sc_shake_pieces(test, &rs, bits, msg, SC_SHAKE_LONG_IN, out,
					SC_SHAKE_LONG_OUT, 5000);
			KUNIT_EXPECT_MEMEQ_MSG(test, out, exp, SC_SHAKE_LONG_OUT,
					       "row %s: SHAKE%u long, in pieces, vs the kernel's",
					       name, bits);
			n++;
		}
	}
	kunit_info(test, "%u comparisons with the kernel's shake128()/shake256()\n", n);
#else
	kunit_skip(test, "the kernel has no shake128()/shake256() library (CONFIG_CRYPTO_LIB_SHA3, v6.19+): comparison NOT run");
#endif
}

static struct kunit_case sc_shake_cases[] = {
	KUNIT_CASE_PARAM(sc_test_shake_kat, sc_keccak_rows_gen_params),
	KUNIT_CASE_PARAM(sc_test_shake_agree, sc_keccak_rows_gen_params),
	KUNIT_CASE_PARAM(sc_test_shake_long, sc_keccak_rows_gen_params),
	KUNIT_CASE(sc_test_shake_vs_kernel),
	{}
};

static struct kunit_suite sc_shake_suite = {
	.name = "simdcrypt_shake",
	.test_cases = sc_shake_cases,
};

kunit_test_suites(&sc_shake_suite);
