// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 Keccak-f[1600] rows: thin C wrappers around the asm kernels.
 *
 * Each kernel is one absorb loop, sc_keccak_absorb_<row>(st, in, nblocks,
 * rate); a rate of 0 means "permute nblocks times without input", which is
 * how permute() reaches the same code.  The wrappers call the asm directly,
 * so no asm address is taken (no CFI type needed).
 *
 *   scalar    BMI1 + BMI2 general-purpose registers; no SIMD section needed,
 *             usable in any context (hard IRQ included).
 *   avx512vl  one lane per xmm register, vpternlogq + vprolq; SIMD section.
 */
#include <linux/types.h>
#include <linux/linkage.h>
#include "../../simdcrypt.h"
#include "keccak_rows.h"

asmlinkage void sc_keccak_absorb_x86_64(u64 *st, const u8 *in, size_t nblocks,
					unsigned int rate);
asmlinkage void sc_keccak_absorb_avx512vl(u64 *st, const u8 *in, size_t nblocks,
					  unsigned int rate);

static void sc_keccak_permute_scalar_row(u64 *st)
{
	sc_keccak_absorb_x86_64(st, NULL, 1, 0);
}

static void sc_keccak_absorb_scalar_row(u64 *st, const u8 *in, size_t nblocks,
					unsigned int rate)
{
	sc_keccak_absorb_x86_64(st, in, nblocks, rate);
}

const struct sc_keccak_impl sc_keccak_impl_scalar = {
	.base = {
		.name		= "scalar",
		.cpu_features	= SC_CPU_BMI1 | SC_CPU_BMI2,
		.simd		= false,
	},
	.permute	= sc_keccak_permute_scalar_row,
	.absorb		= sc_keccak_absorb_scalar_row,
};

static void sc_keccak_permute_avx512vl_row(u64 *st)
{
	sc_keccak_absorb_avx512vl(st, NULL, 1, 0);
}

static void sc_keccak_absorb_avx512vl_row(u64 *st, const u8 *in,
					  size_t nblocks, unsigned int rate)
{
	sc_keccak_absorb_avx512vl(st, in, nblocks, rate);
}

/*
 * avx512vl permutes in about 700-730 cycles against 970-1040 for scalar
 * (Zen 5, both timed alone; 1.18x-1.26x at every size in make bench), but
 * needs a kernel_fpu section, which costs a few hundred cycles where the
 * task's FPU state must be saved (and restored on the way back to user
 * space).  From 512 bytes (four or more permutations at any SHA-3 rate)
 * the saving pays for that; below it the scalar row, which needs none,
 * is the static choice (Documentation/sha3.rst).  It was 2048 while the
 * row was 4-8% faster per block; calibration measures it anyway.
 *
 * On Intel (measured on an Emerald Rapids Xeon) it never wins: scalar is
 * 0-12% faster at every size from 64 B to 1 MiB, so auto-dispatch skips it
 * there (bench/RESULTS-intel-family6-model207.md).
 */
const struct sc_keccak_impl sc_keccak_impl_avx512vl = {
	.base = {
		.name		= "avx512vl",
		.cpu_features	= SC_CPU_AVX512,
		.cpu_avoid	= SC_CPU_INTEL,
		.simd		= true,
		.min_len	= 512,
	},
	.permute	= sc_keccak_permute_avx512vl_row,
	.absorb		= sc_keccak_absorb_avx512vl_row,
};
