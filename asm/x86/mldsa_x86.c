// SPDX-License-Identifier: GPL-2.0
/*
 * ML-DSA rejection sampling with AVX-512: whether the CPU has it.  The
 * sampler (asm/x86/mldsa-avx512.S, through mldsa_x86.h) takes the whole
 * 48-byte groups of a buffer while a 16-coefficient store still fits, for
 * sc_mldsa_rej_ntt() (mldsa.c), which does the rest in C.
 */
#include <linux/types.h>
#include "../../simdcrypt.h"
#include "mldsa_x86.h"

/* All zmm: not on CPUs that prefer ymm, as every zmm row (DESIGN.md). */
bool sc_mldsa_rej_simd_supported(void)
{
	u32 cpu = sc_cpu_features();

	return (cpu & SC_CPU_AVX512) == SC_CPU_AVX512 &&
	       !(cpu & SC_CPU_PREFER_YMM);
}
