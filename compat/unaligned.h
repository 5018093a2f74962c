/* SPDX-License-Identifier: GPL-2.0 */
/*
 * get/put_unaligned_le*(): <asm/unaligned.h> up to 6.11, <linux/unaligned.h>
 * from 6.12 on (and in the userspace shim).  A version test rather than
 * __has_include, which sparse 0.6.4 does not understand.
 */
#ifndef _SC_COMPAT_UNALIGNED_H
#define _SC_COMPAT_UNALIGNED_H

#ifdef __KERNEL__
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif
#else
#include <linux/unaligned.h>
#endif

#endif
