/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sc_simd_usable() and sc_simd_run() where sources are built both into the
 * module and into the userspace harness and benchmark (the multi-stream
 * SHAKE API, ML-DSA's ExpandA, Poly1305's message state), and
 * sc_pick_here(), the pick every caller uses.  In the kernel the first two
 * are compat.h's; in userspace a section is a plain call and "SIMD usable"
 * is a switch the tests turn off to take the no-SIMD path.
 */
#ifndef _SC_COMPAT_SIMD_H
#define _SC_COMPAT_SIMD_H

#include "../simdcrypt.h"

#ifdef __KERNEL__
#include "compat.h"
#else
#include <linux/types.h>

extern bool sc_test_simd_off;	/* test/cpu_user.c */

static inline bool sc_simd_usable(void)
{
	return !sc_test_simd_off;
}

#ifdef SC_TEST_SECTIONS
/*
 * The test programs (test/Makefile) count the SIMD sections entered, so
 * that their spy rows can see a section's bounds; the benchmark runs
 * without the count, as the kernel does.
 */
extern unsigned long sc_test_sections;	/* test/cpu_user.c */
#define sc_simd_run(simd, call)					\
	do { sc_test_sections += !!(simd); call; } while (0)
#else
#define sc_simd_run(simd, call)	do { (void)(simd); call; } while (0)
#endif
#endif

/*
 * The row for @len bytes where the caller runs: sc_pick() with SIMD
 * allowed, unless that row needs SIMD and this context may not use it.
 * sc_simd_usable() (per-CPU state in the kernel) is asked only then; short
 * messages mostly take rows that need none.  The same row as
 * sc_pick(alg, len, sc_simd_usable()): a row the SIMD-allowed plan takes
 * that needs no SIMD is the no-SIMD plan's too (sc_dispatch_init()).
 */
static __always_inline const struct sc_impl *sc_pick_here(enum sc_alg alg,
							  size_t len)
{
	const struct sc_impl *row = sc_plan_row(alg, len, true);

	if (row->simd && !sc_simd_usable())
		row = sc_plan_row(alg, len, false);
	sc_count_pick(alg, row);
	return row;
}

/* sc_pick_here() for each table, typed like simdcrypt.h's picks. */
#define sc_chacha_pick_here(len)					\
	((const struct sc_chacha_impl *)sc_pick_here(SC_ALG_CHACHA, (len)))
#define sc_poly1305_pick_here(len)					\
	((const struct sc_poly1305_impl *)sc_pick_here(SC_ALG_POLY1305, (len)))
#define sc_keccak_pick_here(len)					\
	((const struct sc_keccak_impl *)sc_pick_here(SC_ALG_KECCAK, (len)))
#define sc_aead_pick_here(len)						\
	((const struct sc_aead_impl *)sc_pick_here(SC_ALG_AEAD, (len)))
#define sc_keccakx_pick_here(nstates)					\
	((const struct sc_keccakx_impl *)sc_pick_here(SC_ALG_KECCAK_XN,	\
					SC_KECCAKX_LEN(nstates)))

#endif
