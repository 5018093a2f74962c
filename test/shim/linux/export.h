/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/export.h>: nothing to export. */
#ifndef _SC_SHIM_EXPORT_H
#define _SC_SHIM_EXPORT_H
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_SYMBOL_NS_GPL(sym, ns)
#endif
