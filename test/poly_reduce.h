/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A Poly1305 accumulator fully reduced, for tests that compare cores
 * rather than tags (a tag, h + s mod 2^128, drops a carry into h2):
 * the arm64 programs (arm64_common.h) and the harness.
 */
#ifndef _SC_TEST_POLY_REDUCE_H
#define _SC_TEST_POLY_REDUCE_H

#include <linux/types.h>
#include "../simdcrypt.h"

/* h mod 2^130-5, fully reduced, as three words. */
static inline void poly_reduce(const u64 *hin, u64 *out)
{
	unsigned __int128 t;
	u64 h0 = hin[0], h1 = hin[1], h2 = hin[2], g0, g1, g2;
	int i;

	for (i = 0; i < 3; i++)
		sc_poly1305_fold130(&h0, &h1, &h2);
	t = (unsigned __int128)h0 + 5;
	g0 = (u64)t;
	t = (unsigned __int128)h1 + (u64)(t >> 64);
	g1 = (u64)t;
	g2 = h2 + (u64)(t >> 64);
	if (g2 >> 2) {
		h0 = g0;
		h1 = g1;
		h2 = g2 & 3;
	}
	out[0] = h0;
	out[1] = h1;
	out[2] = h2;
}

#endif
