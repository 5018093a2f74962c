/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What harness.c shares with the test files beside it (aead_test.c):
 * case bookkeeping, the random stream, the rows under test, and the row
 * wrappers that check the calling convention.
 */
#ifndef _SC_TEST_HARNESS_H
#define _SC_TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>
#include "simdcrypt.h"

extern bool g_quick;
/* The rows the CPU supports, per algorithm (indices into the tables). */
extern unsigned int g_rows[SC_ALG_COUNT][32], g_nrows[SC_ALG_COUNT];

/* One test case: counted under @alg/@row, printed if it failed. */
bool __attribute__((format(printf, 4, 5)))
check(bool ok, const char *alg, const char *row, const char *fmt, ...);
void die(const char *what);

u64 rnd64(void);
size_t rnd_below(size_t n);
void rnd_fill(u8 *p, size_t n);

struct sc_msg;
size_t unhex(const char *s, u8 *out);
size_t msg_bytes(const struct sc_msg *m, u8 *out);

const char *row_name(enum sc_alg alg, unsigned int i);
unsigned int rnd_row(enum sc_alg alg);

#include "fence.h"

void row_aead(const struct sc_aead_impl *im, bool seal, const u32 *st,
	      struct sc_poly1305_core *core, u8 *dst, const u8 *src,
	      unsigned int len, struct sc_ccp_held *held);

/* Poly1305 texts that drive the vector rows' last carries under r = 1 */
#define POLY_CARRY_MAX	(74 * 16)
size_t poly_carry_text(unsigned int i, u8 *msg);

/* aead_test.c */
void test_aead(void);

#endif
