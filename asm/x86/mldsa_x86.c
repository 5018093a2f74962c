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

#define SC_REJ16_BYTES	48

asmlinkage unsigned int sc_mldsa_rej16_avx512(u32 *a, unsigned int j,
					      const u8 *buf);

bool sc_mldsa_rej_simd_supported(void)
{
	return (sc_cpu_features() & SC_CPU_AVX512) == SC_CPU_AVX512;
}

unsigned int sc_mldsa_rej_simd(u32 *a, unsigned int *j, const u8 *buf,
			       unsigned int len)
{
	unsigned int i, n = *j;

	for (i = 0; i + SC_REJ16_BYTES <= len && n <= SC_MLDSA_N - 16;
	     i += SC_REJ16_BYTES)
		n = sc_mldsa_rej16_avx512(a, n, buf + i);
	*j = n;
	return i;
}
