/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 ML-DSA rejection sampling for mldsa.c (asm/x86/mldsa_x86.c). */
#ifndef _SC_X86_MLDSA_H
#define _SC_X86_MLDSA_H

#include <linux/types.h>
#include <linux/linkage.h>

/* AVX-512 (F, BW, VL), zmm welcome: sc_mldsa_rej_simd() may be used. */
bool sc_mldsa_rej_simd_supported(void);
/*
 * In a SIMD section: whole 48-byte groups of @buf into @a from *@j, while
 * *@j <= 240; returns the bytes consumed (a multiple of 48), *@j updated
 * (asm/x86/mldsa-avx512.S).
 */
asmlinkage unsigned int sc_mldsa_rej_avx512(u32 *a, unsigned int *j,
					    const u8 *buf, unsigned int len);

static inline unsigned int sc_mldsa_rej_simd(u32 *a, unsigned int *j,
					     const u8 *buf, unsigned int len)
{
	return sc_mldsa_rej_avx512(a, j, buf, len);
}

#endif
