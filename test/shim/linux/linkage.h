/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/linkage.h> so the kernel's .S files build
 * unchanged into the harness: SYM_FUNC_START/END and RET.
 */
#ifndef _SC_SHIM_LINKAGE_H
#define _SC_SHIM_LINKAGE_H

#ifndef __ASSEMBLER__
/* C prototypes of asm functions: nothing special in userspace. */
#define asmlinkage
#endif

#ifdef __ASSEMBLER__
#if defined(__x86_64__)
#define SC_SHIM_ALIGN	.p2align 4, 0x90
#define RET		ret
#else
#define SC_SHIM_ALIGN	.p2align 2
#endif

#define SYM_FUNC_START(name)			\
	.globl name;				\
	.type name, @function;			\
	SC_SHIM_ALIGN;				\
	name:

#define SYM_FUNC_START_LOCAL(name)		\
	.type name, @function;			\
	SC_SHIM_ALIGN;				\
	name:

#define SYM_FUNC_END(name)			\
	.size name, .-name

#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)

#define SYM_DATA_START_LOCAL(name)	name:
#define SYM_DATA_END(name)
#define SYM_DATA_LOCAL(name, ...)	name: __VA_ARGS__
#endif

#endif
