/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the files of the simdcrypt KUnit module (core.c has
 * their definitions): resources released when a test ends, deterministic
 * random data, and scatterlists cut at random points.
 */
#ifndef _SC_KUNIT_COMMON_H
#define _SC_KUNIT_COMMON_H

#include <kunit/test.h>
#include <crypto/aead.h>
#include <linux/prandom.h>
#include <linux/scatterlist.h>

#include "compat/kunit.h"

#define SC_DRV_SUFFIX	"-simdcrypt"
#define MAX_SG		8

struct sc_sg {
	struct scatterlist sg[MAX_SG];
	unsigned int nents;
};

struct crypto_aead *sc_get_aead(struct kunit *test, const char *name);
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
