/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/compiler.h>: single-copy accesses. */
#ifndef _SC_SHIM_COMPILER_H
#define _SC_SHIM_COMPILER_H
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)	(*(volatile __typeof__(x) *)&(x) = (val))
#endif
