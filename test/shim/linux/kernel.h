/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/kernel.h>: the helpers the shared C uses. */
#ifndef _SC_SHIM_KERNEL_H
#define _SC_SHIM_KERNEL_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/compiler.h>

#define U32_MAX		UINT32_MAX
#define __aligned(n)	__attribute__((__aligned__(n)))
#define container_of(ptr, type, member) \
	((type *)((const char *)(ptr) - offsetof(type, member)))
#define min_t(type, a, b) \
	({ type __a = (a), __b = (b); __a < __b ? __a : __b; })
#define clamp_t(type, v, lo, hi) min_t(type, max_t(type, v, lo), hi)
#define max_t(type, a, b) \
	({ type __a = (a), __b = (b); __a > __b ? __a : __b; })

/* As the kernel's: the number of characters written, never more than len - 1. */
static inline __attribute__((format(printf, 3, 4)))
int scnprintf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!len)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return 0;
	return (size_t)n < len ? n : (int)(len - 1);
}
#endif
