/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/compiler.h>: single-copy accesses, hints. */
#ifndef _SC_SHIM_COMPILER_H
#define _SC_SHIM_COMPILER_H
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)	(*(volatile __typeof__(x) *)&(x) = (val))
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#endif
