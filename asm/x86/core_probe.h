/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is another thread using this core's integer pipes?  For calibration
 * (impl.c, sc_calib_core_busy()): the same number of dependent adds run as
 * one chain and as four chains side by side.  Every x86_64 CPU with AVX2
 * (Haswell and later, Zen 1 and later, Gracemont) issues at least four
 * integer operations a cycle, so on a free core the four chains take
 * about as long as the one (1.04-1.11x on Zen 4); when the core's other
 * hardware thread runs integer code, they take longer (1.12-1.79x in a
 * Zen 4 guest while a host neighbour did), and the woven rows, whose
 * general-register block sets the pace, ran 1.1-1.8x slower while the
 * all-vector rows did not.
 */
#ifndef _SC_X86_CORE_PROBE_H
#define _SC_X86_CORE_PROBE_H

#include <linux/types.h>
#include <linux/compiler.h>

#define SC_ADD1	"add $1, %0\n\t"
#define SC_ADD4	"add $1, %0\n\tadd $1, %1\n\tadd $1, %2\n\tadd $1, %3\n\t"

/* @steps times eight dependent adds, as one chain (@four false) or four */
static __always_inline void sc_arch_add_chains(unsigned int steps, bool four)
{
	unsigned long a = 0, b = 0, c = 0, d = 0;

	do {
		if (four)
			asm volatile(SC_ADD4 SC_ADD4 SC_ADD4 SC_ADD4
				     SC_ADD4 SC_ADD4 SC_ADD4 SC_ADD4
				     : "+r" (a), "+r" (b), "+r" (c), "+r" (d));
		else
			asm volatile(SC_ADD1 SC_ADD1 SC_ADD1 SC_ADD1
				     SC_ADD1 SC_ADD1 SC_ADD1 SC_ADD1
				     : "+r" (a));
	} while (--steps);
}

#undef SC_ADD1
#undef SC_ADD4

/* the probe means something only where four adds issue a cycle */
static inline bool sc_arch_add_chains_ok(u32 cpu)
{
	return cpu & SC_CPU_AVX2;
}

#define SC_ARCH_CORE_PROBE

#endif
