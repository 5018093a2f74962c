/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64: NEON sections and CPU features.  From v6.19 kernel_neon_begin()
 * takes a caller-provided buffer for the saved state; the glue never sees
 * that, so the buffer lives here, per CPU section, on the caller's stack via
 * the macro pair below.
 */
#ifndef _SC_COMPAT_ARM64_H
#define _SC_COMPAT_ARM64_H

#include <asm/cpufeature.h>
#include <asm/neon.h>
#include <asm/hwcap.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
/* scoped_ksimd() keeps the state buffer on the stack for one section. */
#define sc_simd_begin()	do { scoped_ksimd() {
#define sc_simd_end()	} } while (0)
#define SC_SIMD_SCOPED	1
#else
static inline void sc_simd_begin(void)
{
	kernel_neon_begin();
}

static inline void sc_simd_end(void)
{
	kernel_neon_end();
}
#endif

static inline u32 sc_arch_cpu_features(void)
{
	u32 f = 0;

	if (cpu_have_named_feature(ASIMD))
		f |= SC_CPU_NEON;
	if (cpu_have_named_feature(SHA3))
		f |= SC_CPU_ARM_SHA3;
	return f;
}

#endif /* _SC_COMPAT_ARM64_H */
