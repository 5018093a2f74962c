/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the files of the simdcrypt KUnit module (common.c has
 * their definitions): resources released when a test ends, rows forced
 * for one test, deterministic random data, scatterlists cut at random
 * points, and what this kernel has to compare with.
 */
#ifndef _SC_KUNIT_COMMON_H
#define _SC_KUNIT_COMMON_H

#include <kunit/test.h>
#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/sha3.h>
#include <crypto/skcipher.h>
#include <linux/prandom.h>
#include <linux/scatterlist.h>

#include "compat/compat.h"	/* crypto_simd_disabled_for_test */
#include "compat/kunit.h"
#include "simdcrypt.h"

#define SC_DRV_SUFFIX	"-simdcrypt"
#define MAX_SG		8

/* The kernel's own SHAKE library (lib/crypto/sha3.c, v6.19+), if built. */
#if IS_REACHABLE(CONFIG_CRYPTO_LIB_SHA3) && defined(SHAKE256_DEFAULT_SIZE)
#define SC_HAVE_KERNEL_SHAKE	1
#else
#define SC_HAVE_KERNEL_SHAKE	0
#endif

/* crypto_simd_disabled_for_test exists (the crypto self-tests' knob). */
#if defined(CONFIG_CRYPTO_SELFTESTS_FULL) || defined(CONFIG_CRYPTO_MANAGER_EXTRA_TESTS)
#define SC_HAVE_SIMD_TEST_FLAG	1
#else
#define SC_HAVE_SIMD_TEST_FLAG	0
#endif

/*
 * Set or clear that flag on this CPU, as testmgr does around a no-SIMD
 * run; the caller keeps preemption (or interrupts) off in between.
 */
static inline void sc_simd_test_flag(bool on)
{
#if SC_HAVE_SIMD_TEST_FLAG
	this_cpu_write(crypto_simd_disabled_for_test, on);
#endif
}

/* A row of the module's tables, as the per-row suites' parameter. */
#define SC_MAX_ROWS	48

struct sc_row_param {
	enum sc_alg alg;
	unsigned int idx;	/* sc_nimpls[alg]: the row "fastest" */
	const char *name;
};

struct sc_row_list {
	struct sc_row_param p[SC_MAX_ROWS];
	unsigned int n;
};

/*
 * A per-row case's parameters (its generator's body): the supported rows
 * of @alg's table (of every table when @alg is SC_ALG_COUNT), collected
 * into @l when @prev is NULL, then with @fastest the row "fastest"; each
 * case is named "<table>@<row>".
 */
const struct sc_row_param *sc_row_params_next(const void *prev, char *desc,
					      struct sc_row_list *l,
					      unsigned int alg, bool fastest);

struct sc_sg {
	struct scatterlist sg[MAX_SG];
	unsigned int nents;
};

/*
 * Picks of rows that need a SIMD section so far, all tables together
 * (sc_pick_count()); -1 in a build that does not count picks.  Where SIMD
 * may not be used, this must not move.
 */
long sc_simd_picks(void);

/* "chacha", "poly1305", ...: the labels of the row tables in case names */
extern const char *const sc_alg_label[SC_ALG_COUNT];
struct crypto_skcipher *sc_get_skcipher(struct kunit *test, const char *name);
struct crypto_shash *sc_get_shash(struct kunit *test, const char *name);
struct crypto_aead *sc_get_aead(struct kunit *test, const char *name);
/* @alg back to the row "fastest" when the test ends, however it ends. */
void sc_unforce_at_end(struct kunit *test, enum sc_alg alg);
/* Force @alg's row @name for the rest of the test. */
void sc_force_for_test(struct kunit *test, enum sc_alg alg, const char *name);
/* test/vectors.h's hex as bytes in test memory (@len may be NULL). */
u8 *sc_unhex(struct kunit *test, const char *hex, unsigned int *len);
u8 *sc_alloc(struct kunit *test, size_t len);
void sc_rand(struct rnd_state *rs, u8 *p, size_t len);
unsigned int sc_rand_below(struct rnd_state *rs, unsigned int n);
/* Deterministic per test (and @salt), so that a failure reproduces. */
void sc_seed(struct kunit *test, struct rnd_state *rs, u64 salt);
/* @len bytes cut at random points into up to MAX_SG misaligned entries. */
void sc_sg_build(struct kunit *test, struct rnd_state *rs, struct sc_sg *s,
		 unsigned int len);
void sc_sg_fill(struct kunit *test, struct sc_sg *s, const u8 *src,
		unsigned int len);
void sc_sg_read(struct kunit *test, struct sc_sg *s, u8 *dst,
		unsigned int len);

#endif
