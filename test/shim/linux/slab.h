/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/slab.h>. */
#ifndef _SC_SHIM_SLAB_H
#define _SC_SHIM_SLAB_H
#include <stdlib.h>
#include <linux/string.h>

typedef unsigned int gfp_t;
#define GFP_KERNEL	0u

static inline void *kmalloc(size_t n, gfp_t gfp)
{
	(void)gfp;
	return malloc(n);
}

static inline void kfree(void *p)
{
	free(p);
}
#endif
