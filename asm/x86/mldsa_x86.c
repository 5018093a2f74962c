// SPDX-License-Identifier: GPL-2.0
/*
 * ML-DSA rejection sampling with AVX-512 (asm/x86/mldsa-avx512.S): the
 * whole 48-byte groups of a buffer while a 16-coefficient store still
 * fits, for sc_mldsa_rej_ntt() (mldsa.c), which does the rest in C.
 */
#include <linux/types.h>
#include <linux/linkage.h>
#include "../../simdcrypt.h"
#include "../../include/simdcrypt/mldsa.h"
#include "mldsa_x86.h"

asmlinkage unsigned int sc_mldsa_rej_avx512(u32 *a, unsigned int *j,
					    const u8 *buf, unsigned int len);

bool sc_mldsa_rej_simd_supported(void)
{
	return (sc_cpu_features() & SC_CPU_AVX512) == SC_CPU_AVX512;
}

unsigned int sc_mldsa_rej_simd(u32 *a, unsigned int *j, const u8 *buf,
			       unsigned int len)
{
	return sc_mldsa_rej_avx512(a, j, buf, len);
}
