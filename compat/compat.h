/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that knows about kernel versions and architectures.  Glue
 * code uses only what is defined here:
 *
 *   sc_simd_usable()        SIMD registers may be used in this context
 *   sc_simd_begin/end()     bracket a SIMD section (<= SC_SIMD_CHUNK bytes)
 *   sc_simd_run(simd, call) @call, inside a SIMD section if @simd
 *   sc_arch_cpu_features()  SC_CPU_* flags of the boot CPU, OS support checked
 *   SC_SHASH_CORE(e, i)     .export_core/.import_core where the kernel has them
 *                           (SC_HAVE_SHASH_CORE: 1 there, else 0)
 *   SC_MODULE_IMPORT_NS(ns) MODULE_IMPORT_NS with the right argument syntax
 *                           (the KUnit module imports SIMDCRYPT_INTERNAL,
 *                           which export.h's SC_EXPORT_TEST() exports into)
 */
#ifndef _SC_COMPAT_H
#define _SC_COMPAT_H

#include <linux/version.h>
#include <linux/module.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>
#include "unaligned.h"
#include "../simdcrypt.h"

/* export_core/import_core (v6.16): hmac() needs them to use our sha3. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
#define SC_HAVE_SHASH_CORE	1
#define SC_SHASH_CORE(exp, imp)	.export_core = (exp), .import_core = (imp),
#else
#define SC_HAVE_SHASH_CORE	0
#define SC_SHASH_CORE(exp, imp)
#endif

/* MODULE_IMPORT_NS takes a string literal from v6.13 on. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define SC_MODULE_IMPORT_NS(ns)	MODULE_IMPORT_NS(#ns)
#else
#define SC_MODULE_IMPORT_NS(ns)	MODULE_IMPORT_NS(ns)
#endif

static inline bool sc_simd_usable(void)
{
	return crypto_simd_usable();
}

#if defined(CONFIG_X86_64)
#include "x86.h"
#elif defined(CONFIG_ARM64)
#include "arm64.h"
#else
static inline void sc_simd_begin(void) { }
static inline void sc_simd_end(void) { }
static inline u32 sc_arch_cpu_features(void) { return 0; }
#endif

/*
 * Run @call inside a SIMD section if @simd, else plainly.  Written as one
 * block so that arm64's scoped sections (see arm64.h) pair up.
 */
#define sc_simd_run(simd, call)						\
do {									\
	if (simd) {							\
		sc_simd_begin();					\
		call;							\
		sc_simd_end();						\
	} else {							\
		call;							\
	}								\
} while (0)

#endif /* _SC_COMPAT_H */
