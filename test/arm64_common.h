/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the arm64 test programs (arm64_diff.c, arm64_aead.c) share: the
 * case counters and CHECK(), a small deterministic random stream and
 * the comparison of Poly1305 states.  Each program is one translation
 * unit, so these are plain statics.
 */
#ifndef _SC_TEST_ARM64_COMMON_H
#define _SC_TEST_ARM64_COMMON_H

#include <stdio.h>
#include <string.h>
#include <linux/types.h>
#include "../simdcrypt.h"
#include "../generic/poly1305.h"
#include "poly_reduce.h"

static unsigned int npass, nfail;

#define CHECK(cond, ...) do {						\
	if (cond) {							\
		npass++;						\
	} else {							\
		nfail++;						\
		if (nfail < 30) {					\
			printf("FAIL %s:%d: ", __func__, __LINE__);	\
			printf(__VA_ARGS__);				\
			printf("\n");					\
		}							\
	}								\
} while (0)

static u64 rng_state = 0x9e3779b97f4a7c15ull;

static u64 rnd(void)
{
	u64 x = rng_state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

static void rnd_bytes(void *p, size_t n)
{
	u8 *b = p;

	while (n--)
		*b++ = (u8)rnd();
}

/*
 * @b, a row's state, holds the same h mod p and the same r as @a, and its
 * top word as every row must leave it (h2 <= 4: what import accepts).
 */
static bool poly_same(const struct sc_poly1305_core *a,
		      const struct sc_poly1305_core *b)
{
	u64 x[3], y[3];

	poly_reduce(a->h, x);
	poly_reduce(b->h, y);
	return !memcmp(x, y, sizeof(x)) && a->r[0] == b->r[0] &&
	       a->r[1] == b->r[1] && b->h[2] <= 4;
}

/* a random key and, by @kind % 4: h fresh, random, all ones (twice) */
static void poly_random_core(struct sc_poly1305_core *c, unsigned int kind)
{
	u8 key[16];

	if (kind % 4 == 3)
		memset(key, 0xff, sizeof(key));
	else
		rnd_bytes(key, sizeof(key));
	sc_poly1305_core_setkey(c, key);
	if (kind % 4 == 1) {
		c->h[0] = rnd();
		c->h[1] = rnd();
		c->h[2] = rnd() % 4;
	} else if (kind % 4 >= 2) {
		c->h[0] = ~0ull;
		c->h[1] = ~0ull;
		c->h[2] = 4;
	}
}

#endif
