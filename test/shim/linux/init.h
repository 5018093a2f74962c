/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/init.h>: no init sections. */
#ifndef _SC_SHIM_INIT_H
#define _SC_SHIM_INIT_H
#define __init
#define __initdata
#define __initconst
#endif
