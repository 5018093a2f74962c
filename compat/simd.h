/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sc_simd_usable() and sc_simd_run() for the sources that are built both
 * into the module and into the userspace harness and benchmark (the
 * multi-stream SHAKE API, ML-DSA's ExpandA).  In the kernel they are
 * compat.h's; in userspace a section is a plain call and "SIMD usable" is
 * a switch the tests turn off to take the no-SIMD path.
 */
#ifndef _SC_COMPAT_SIMD_H
#define _SC_COMPAT_SIMD_H

#ifdef __KERNEL__
#include "compat.h"
#else
#include <linux/types.h>

extern bool sc_test_simd_off;	/* test/cpu_user.c */

static inline bool sc_simd_usable(void)
{
	return !sc_test_simd_off;
}

#define sc_simd_run(simd, call)	do { (void)(simd); call; } while (0)
#endif

#endif
