/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SC_EXPORT_TEST(sym): export a test hook (the pickers, sc_force_impl(), the
 * row tables) into the SIMDCRYPT_INTERNAL symbol namespace, which only the
 * KUnit and stress modules import (SC_MODULE_IMPORT_NS(SIMDCRYPT_INTERNAL),
 * compat.h); in the test flavour only (SIMDCRYPT_TEST=1, what those load
 * with), as the kernel's EXPORT_SYMBOL_IF_KUNIT: a namespace is no access
 * control, and the default build should not offer every GPL module the
 * dispatcher's writable state.  The module's public surface is the SHAKE
 * and multi-stream SHAKE API and ML-DSA's ExpandA (shake.c, shake_xn.c,
 * mldsa.c).
 *
 * EXPORT_SYMBOL_NS_GPL takes the namespace as a string literal from v6.13
 * on.  Shared with userspace, where test/shim's <linux/export.h> exports
 * nothing.
 */
#ifndef _SC_COMPAT_EXPORT_H
#define _SC_COMPAT_EXPORT_H

#include <linux/export.h>

#if defined(__KERNEL__) && !defined(SIMDCRYPT_TEST)
#define SC_EXPORT_TEST(sym)
#elif defined(__KERNEL__)
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define SC_EXPORT_TEST(sym)	EXPORT_SYMBOL_NS_GPL(sym, "SIMDCRYPT_INTERNAL")
#else
#define SC_EXPORT_TEST(sym)	EXPORT_SYMBOL_NS_GPL(sym, SIMDCRYPT_INTERNAL)
#endif
#else
#define SC_EXPORT_TEST(sym)	EXPORT_SYMBOL_NS_GPL(sym, SIMDCRYPT_INTERNAL)
#endif

#endif /* _SC_COMPAT_EXPORT_H */
