/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/errno.h>.  glibc's <errno.h> itself
 * includes <linux/errno.h>, so take the numbers from the UAPI header.
 */
#ifndef _SC_SHIM_ERRNO_H
#define _SC_SHIM_ERRNO_H
#include <asm/errno.h>
#endif
