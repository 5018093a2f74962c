/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/unaligned.h>: little-endian loads/stores. */
#ifndef _SC_SHIM_UNALIGNED_H
#define _SC_SHIM_UNALIGNED_H
#include <linux/types.h>
#include <string.h>

static inline u32 get_unaligned_le32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] | (u32)b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
}

static inline u64 get_unaligned_le64(const void *p)
{
	return (u64)get_unaligned_le32(p) |
	       (u64)get_unaligned_le32((const u8 *)p + 4) << 32;
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = v;
	b[1] = v >> 8;
	b[2] = v >> 16;
	b[3] = v >> 24;
}

/*
 * One store on little-endian hosts, as in the kernel (the compiler does not
 * merge the byte stores above into one): the benchmark times what the
 * module runs.
 */
static inline void put_unaligned_le64(u64 v, void *p)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &v, sizeof(v));
#else
	put_unaligned_le32((u32)v, p);
	put_unaligned_le32((u32)(v >> 32), (u8 *)p + 4);
#endif
}
#endif
