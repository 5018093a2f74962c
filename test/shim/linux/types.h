/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/types.h>: the kernel's integer names. */
#ifndef _SC_SHIM_TYPES_H
#define _SC_SHIM_TYPES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;
typedef uint16_t __le16;
typedef uint32_t __le32;
typedef uint64_t __le64;

/* <linux/compiler_attributes.h> pieces the shared sources use */
#ifndef __aligned
#define __aligned(n) __attribute__((__aligned__(n)))
#endif
#ifndef noinline
#define noinline __attribute__((__noinline__))
#endif
#endif
