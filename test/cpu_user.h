/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace CPU feature detection shared by test/ and bench/ (cpu_user.c). */
#ifndef _SC_TEST_CPU_USER_H
#define _SC_TEST_CPU_USER_H

#include <linux/types.h>

u32 sc_cpu_detect_raw(void);
u32 sc_cpu_apply_mask(u32 raw, const char *spec);
void sc_cpu_describe(u32 f, char *buf, size_t len);
#if defined(__x86_64__)
/*
 * CPUID's vendor string, and the family and model as /proc/cpuinfo shows
 * them (the extended fields added as Intel's and AMD's manuals say).
 */
void sc_cpu_ident(char vendor[13], unsigned int *family, unsigned int *model);
#endif

/* Harness hook: while on, sc_cpu_features() returns sc_test_cpu_override. */
extern bool sc_test_cpu_override_on;
extern u32 sc_test_cpu_override;
/* While set, sc_simd_usable() (compat/simd.h) is false: the no-SIMD path. */
extern bool sc_test_simd_off;
/* SIMD sections sc_simd_run() (compat/simd.h) has entered */
extern unsigned long sc_test_sections;
/* While set, sc_ccp_copy_get() has no copy to give: opened in place, the key block's own call. */
extern bool sc_test_copy_off;

/*
 * A spy row's work per SIMD section: sc_section_add() from inside the
 * row, with what the call did (bytes, permutations); @most is the most
 * that one section has held.  A section must hold at most 4 KiB of work
 * (SC_SIMD_CHUNK), so that preemption waits no longer.
 */
struct sc_section_tally {
	unsigned long section, now, most;
};

static inline void sc_section_add(struct sc_section_tally *t, unsigned long n)
{
	if (t->section != sc_test_sections) {
		t->section = sc_test_sections;
		t->now = 0;
	}
	t->now += n;
	if (t->now > t->most)
		t->most = t->now;
}

#endif
