/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/bug.h>. */
#ifndef _SC_SHIM_BUG_H
#define _SC_SHIM_BUG_H
#define BUILD_BUG_ON(c)		_Static_assert(!(c), #c)
#define WARN_ON_ONCE(c)		(!!(c))
#endif
