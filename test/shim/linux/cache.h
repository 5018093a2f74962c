/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/cache.h>. */
#ifndef _SC_SHIM_CACHE_H
#define _SC_SHIM_CACHE_H
#define __ro_after_init
#endif
