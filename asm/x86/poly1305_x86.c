// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 Poly1305 rows: thin C wrappers around poly1305-x86_64.S.
 *
 *   scalar    base 2^64, MULX (BMI2).  General registers only: .simd =
 *             false, so it also serves contexts where SIMD may not be used,
 *             and it is the row for short inputs.
 *   avx2      base 2^26, two accumulators of four lanes (eight blocks per
 *             iteration), for CPUs without AVX-512 IFMA.
 *   ifma      base 2^44, AVX-512 IFMA, two accumulators of eight lanes
 *             (sixteen blocks per iteration).
 *   ifma-ymm  the same in ymm registers, two accumulators of four lanes
 *             (eight blocks per iteration), for the CPUs that prefer ymm
 *             (Ice Lake, Tiger Lake), where the zmm row is avoided.
 *   ifma-vbmi2, ifma-ymm-vbmi2
 *             the same kernels splitting the message blocks with VBMI2's
 *             double shift (vpshrdq).  Rows of their own, because whether
 *             that pays depends on the core: 4-5% less time from 4 KiB on
 *             Intel (family 6 model 167), 17-24% more on AMD Zen 5
 *             (family 26 model 2).  Listed after the plain rows, so the
 *             static table takes them, and avoided on AMD cores.
 *
 * The vector kernels take any length and compute their key powers on
 * every call, unless the caller keeps them in core->pow; their wrappers
 * leave short inputs to the scalar code (every row here requires BMI2).  The wrappers call the asm directly, so no asm address
 * is taken.  The cutoffs (min_len) and how they were measured:
 * Documentation/poly1305.rst.
 */
#include <linux/types.h>
#include "../../simdcrypt.h"
#include "poly1305_rows.h"

/* The asm knows struct sc_poly1305_core by these offsets. */
_Static_assert(__builtin_offsetof(struct sc_poly1305_core, h) == 0 &&
	       __builtin_offsetof(struct sc_poly1305_core, r) == 24 &&
	       __builtin_offsetof(struct sc_poly1305_core, pow) == 40,
	       "poly1305-x86_64.S: struct sc_poly1305_core layout");
_Static_assert(__builtin_offsetof(struct sc_poly1305_pow, ready) == 0 &&
	       __builtin_offsetof(struct sc_poly1305_pow, ifma.q) == 8 &&
	       __builtin_offsetof(struct sc_poly1305_pow, ifma.w) == 32 &&
	       __builtin_offsetof(struct sc_poly1305_pow, ifma.v) == 224 &&
	       __builtin_offsetof(struct sc_poly1305_pow, avx2.p8) == 8 &&
	       __builtin_offsetof(struct sc_poly1305_pow, avx2.va) == 48 &&
	       __builtin_offsetof(struct sc_poly1305_pow, avx2.vb) == 208 &&
	       SC_POLY1305_POW_IFMA == 1 && SC_POLY1305_POW_AVX2 == 2 &&
	       SC_POLY1305_POW_IFMA_YMM == 3,
	       "poly1305-x86_64.S: struct sc_poly1305_pow layout");

/* Below these the key powers cost more than they save (userspace). */
#define SC_POLY1305_AVX2_MIN		384
#define SC_POLY1305_IFMA_MIN		256
#define SC_POLY1305_IFMA_YMM_MIN	256

static void sc_poly1305_blocks_scalar(struct sc_poly1305_core *core,
				      const u8 *src, size_t len, u32 padbit)
{
	sc_poly1305_blocks_x86_mulx(core, src, len, padbit);
}

static void sc_poly1305_blocks_avx2(struct sc_poly1305_core *core,
				    const u8 *src, size_t len, u32 padbit)
{
	if (len >= SC_POLY1305_AVX2_MIN)
		sc_poly1305_blocks_x86_avx2(core, src, len, padbit);
	else
		sc_poly1305_blocks_x86_mulx(core, src, len, padbit);
}

/*
 * The IFMA rows' wrappers: short input to the scalar code, the rest to
 * the row's kernel, sc_poly1305_blocks_x86_<row>.
 */
#define SC_POLY1305_IFMA_ROW(row, min)					\
static void sc_poly1305_blocks_##row(struct sc_poly1305_core *core,	\
				     const u8 *src, size_t len,		\
				     u32 padbit)			\
{									\
	if (len < (min))						\
		sc_poly1305_blocks_x86_mulx(core, src, len, padbit);	\
	else								\
		sc_poly1305_blocks_x86_##row(core, src, len, padbit);	\
}

SC_POLY1305_IFMA_ROW(ifma_ymm, SC_POLY1305_IFMA_YMM_MIN)
SC_POLY1305_IFMA_ROW(ifma_ymm_vbmi2, SC_POLY1305_IFMA_YMM_MIN)
SC_POLY1305_IFMA_ROW(ifma, SC_POLY1305_IFMA_MIN)
SC_POLY1305_IFMA_ROW(ifma_vbmi2, SC_POLY1305_IFMA_MIN)

const struct sc_poly1305_impl sc_poly1305_impl_scalar = {
	.base = {
		.name		= "scalar",
		.cpu_features	= SC_CPU_BMI2,
		.simd		= false,
		.min_len	= 0,
	},
	.blocks = sc_poly1305_blocks_scalar,
};

const struct sc_poly1305_impl sc_poly1305_impl_avx2 = {
	.base = {
		.name		= "avx2",
		/* the key powers are MULX code, whatever the length */
		.cpu_features	= SC_CPU_AVX2 | SC_CPU_BMI2,
		.simd		= true,
		.min_len	= 768,
		.own_code_from	= SC_POLY1305_AVX2_MIN,
	},
	.blocks = sc_poly1305_blocks_avx2,
};

const struct sc_poly1305_impl sc_poly1305_impl_ifma_ymm = {
	.base = {
		.name		= "ifma-ymm",
		.cpu_features	= SC_CPU_BMI2 | SC_CPU_AVX512 |
				  SC_CPU_AVX512IFMA,
		.simd		= true,
		.min_len	= 256,
		.own_code_from	= SC_POLY1305_IFMA_YMM_MIN,
	},
	.blocks = sc_poly1305_blocks_ifma_ymm,
};

const struct sc_poly1305_impl sc_poly1305_impl_ifma_ymm_vbmi2 = {
	.base = {
		.name		= "ifma-ymm-vbmi2",
		.cpu_features	= SC_CPU_BMI2 | SC_CPU_AVX512 |
				  SC_CPU_AVX512IFMA | SC_CPU_AVX512VBMI2,
		.cpu_avoid	= SC_CPU_AMD,
		.simd		= true,
		.min_len	= 256,
		.own_code_from	= SC_POLY1305_IFMA_YMM_MIN,
	},
	.blocks = sc_poly1305_blocks_ifma_ymm_vbmi2,
};

const struct sc_poly1305_impl sc_poly1305_impl_ifma = {
	.base = {
		.name		= "ifma",
		.cpu_features	= SC_CPU_BMI2 | SC_CPU_AVX512 |
				  SC_CPU_AVX512IFMA,
		.cpu_avoid	= SC_CPU_PREFER_YMM,
		.simd		= true,
		.min_len	= 256,
		.own_code_from	= SC_POLY1305_IFMA_MIN,
		/* Zen 4: ifma-ymm to 4 KiB (Documentation/poly1305.rst) */
		.later_on	= SC_CPU_ZMM_SPLIT,
		.later_len	= SC_SIMD_CHUNK + 1,
	},
	.blocks = sc_poly1305_blocks_ifma,
};

const struct sc_poly1305_impl sc_poly1305_impl_ifma_vbmi2 = {
	.base = {
		.name		= "ifma-vbmi2",
		.cpu_features	= SC_CPU_BMI2 | SC_CPU_AVX512 |
				  SC_CPU_AVX512IFMA | SC_CPU_AVX512VBMI2,
		.cpu_avoid	= SC_CPU_PREFER_YMM | SC_CPU_AMD,
		.simd		= true,
		.min_len	= 256,
		.own_code_from	= SC_POLY1305_IFMA_MIN,
	},
	.blocks = sc_poly1305_blocks_ifma_vbmi2,
};
