/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the arm64 test programs (arm64_diff.c, arm64_aead.c) share: the
 * case counters and CHECK(), a small deterministic random stream, hex.
 * Each program is one translation unit, so these are plain statics.
 */
#ifndef _SC_TEST_ARM64_COMMON_H
#define _SC_TEST_ARM64_COMMON_H

#include <stdio.h>
#include <linux/types.h>

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

static void unhex(u8 *out, const char *hex)
{
	unsigned int v;

	while (*hex) {
		sscanf(hex, "%2x", &v);
		*out++ = (u8)v;
		hex += 2;
	}
}


#endif
