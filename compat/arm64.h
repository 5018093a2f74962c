/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64: NEON sections and CPU features.
 *
 * From v6.19 kernel_neon_begin()/kernel_neon_end() take a caller-provided
 * struct user_fpsimd_state for the saved state (about 528 bytes), and
 * <asm/simd.h> offers scoped_ksimd(), a guard that keeps that buffer on the
 * caller's stack for one block.  The glue never sees either: on such
 * kernels sc_simd_begin()/sc_simd_end() open and close a scoped_ksimd()
 * block (so they must pair up in one C block, and no break/continue may
 * cross them; return is fine, the guard ends the section), before v6.19
 * they are the plain calls.
 *
 * The choice is a feature probe: scoped_ksimd is a macro of <asm/simd.h>
 * (compat.h includes it before this file), so a kernel with the new API
 * gets the scoped form whatever its version says.  Checked against the
 * Debian 6.1, 6.12 and 7.3 arm64 headers (build) and kernels (QEMU boot).
 */
#ifndef _SC_COMPAT_ARM64_H
#define _SC_COMPAT_ARM64_H

#include <asm/cpufeature.h>
#include <asm/neon.h>
#include <asm/hwcap.h>

#if defined(scoped_ksimd)
/* scoped_ksimd() keeps the state buffer on the stack for one section. */
#define sc_simd_begin()	do { scoped_ksimd() {
#define sc_simd_end()	} } while (0)
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
#error "kernel_neon_begin() takes a state buffer from v6.19 but <asm/simd.h> has no scoped_ksimd(): extend the test above"
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
