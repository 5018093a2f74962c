/* SPDX-License-Identifier: GPL-2.0 */
/*
 * get/put_unaligned_le*(): <asm/unaligned.h> up to 6.11, <linux/unaligned.h>
 * from 6.12 on (and in the userspace shim).
 */
#ifndef _SC_COMPAT_UNALIGNED_H
#define _SC_COMPAT_UNALIGNED_H

#if __has_include(<linux/unaligned.h>)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#endif
