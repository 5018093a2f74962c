// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 Keccak xN rows (several states per call; simdcrypt.h has the
 * lane-interleaved layout): thin C wrappers around the asm kernels, which
 * the wrappers call directly (no asm address is taken).
 *
 *   scalar       one state, general registers (keccak-x86_64.S): the row
 *                for one live stream and for contexts without SIMD
 *   avx2x4       four states in ymm, AVX2 only (keccakx-avx2.S)
 *   avx2x8       eight: two groups of four, a round of each in turn
 *                (keccakx-avx2.S), for CPUs without AVX-512
 *   avx512vlx4   four states in ymm with vpternlogq/vprolq
 *                (keccakx-avx512.S): where zmm is avoided
 *   avx512x8     eight states in zmm (keccakx-avx512.S)
 *
 * Cutoffs (min_len: SC_KECCAKX_LEN(live states)), measured on Zen 5 with
 * bench/bench.c (Documentation/sha3.rst): every vector row beats the
 * scalar one from two states on; up to four states the x4 rows (one
 * group, a 4x4 extract) and from five the zmm row, which permutes eight
 * states for what the ymm x4 row costs.  At four states the x4 row ran a
 * whole SHAKE128 squeeze 7.6% faster than the x8 row; with x8 as the
 * static choice there, noise in the calibration kept it about one run in
 * two.  The vector rows also write the squeezed bytes themselves
 * (extract: a lane transpose) and squeeze several blocks per call
 * (squeeze): the AVX-512 rows with the states held in registers, the
 * AVX2 rows with the column parities carried from block to block.
 */
#include <linux/types.h>
#include <linux/linkage.h>
#include <linux/string.h>
#include "../../simdcrypt.h"
#include "keccakx_rows.h"

asmlinkage void sc_keccak_absorb_x86_64(u64 *st, const u8 *in, size_t nblocks,
					unsigned int rate);
asmlinkage void sc_keccakx4_permute_avx2(u64 *st);
asmlinkage void sc_keccakx8_permute_avx2(u64 *st);
asmlinkage void sc_keccakx4_permute_avx512vl(u64 *st);
asmlinkage void sc_keccakx8_permute_avx512(u64 *st);
asmlinkage void sc_keccakx4_squeeze_avx2(u64 *st, u8 *const *out,
					 unsigned int nblocks,
					 unsigned int nlanes);
asmlinkage void sc_keccakx8_squeeze_avx2(u64 *st, u8 *const *out,
					 unsigned int nblocks,
					 unsigned int nlanes);
asmlinkage void sc_keccakx4_extract_avx2(const u64 *st, u8 *const *out,
					 unsigned int nlanes);
asmlinkage void sc_keccakx8_extract_avx512(const u64 *st, u8 *const *out,
					   unsigned int nlanes);
asmlinkage void sc_keccakx8_squeeze_avx512(u64 *st, u8 *const *out,
					   unsigned int nblocks,
					   unsigned int nlanes);
asmlinkage void sc_keccakx4_squeeze_avx512vl(u64 *st, u8 *const *out,
					     unsigned int nblocks,
					     unsigned int nlanes);

static void sc_keccakx1_permute_scalar(u64 *st)
{
	u64 a[KECCAK_STATE_LANES];
	unsigned int i;

	for (i = 0; i < KECCAK_STATE_LANES; i++)
		a[i] = st[SC_KECCAKX_MAX * i];
	sc_keccak_absorb_x86_64(a, NULL, 1, 0);
	for (i = 0; i < KECCAK_STATE_LANES; i++)
		st[SC_KECCAKX_MAX * i] = a[i];
	memzero_explicit(a, sizeof(a));
}

const struct sc_keccakx_impl sc_keccakx_impl_scalar = {
	.base = {
		.name		= "scalar",
		.cpu_features	= SC_CPU_BMI1 | SC_CPU_BMI2,
	},
	.width		= 1,
	.permute	= sc_keccakx1_permute_scalar,
};

static void sc_keccakx4_permute_avx2_row(u64 *st)
{
	sc_keccakx4_permute_avx2(st);
}

/* Both x4 rows: a 4x4 transpose of lane lines per 32 output bytes. */
static void sc_keccakx4_extract_avx2_row(const u64 *st, u8 *const *out,
					 unsigned int nlanes)
{
	sc_keccakx4_extract_avx2(st, out, nlanes);
}

/* Several blocks, the parities carried from one to the next. */
static void sc_keccakx4_squeeze_avx2_row(u64 *st, u8 *const *out,
					 unsigned int nblocks,
					 unsigned int nlanes)
{
	sc_keccakx4_squeeze_avx2(st, out, nblocks, nlanes);
}

const struct sc_keccakx_impl sc_keccakx_impl_avx2x4 = {
	.base = {
		.name		= "avx2x4",
		.cpu_features	= SC_CPU_AVX2,
		.simd		= true,
		.min_len	= SC_KECCAKX_LEN(2),
	},
	.width		= 4,
	.permute	= sc_keccakx4_permute_avx2_row,
	.extract	= sc_keccakx4_extract_avx2_row,
	.squeeze	= sc_keccakx4_squeeze_avx2_row,
};

static void sc_keccakx8_permute_avx2_row(u64 *st)
{
	sc_keccakx8_permute_avx2(st);
}

/* Each group of four through the x4 rows' transpose. */
static void sc_keccakx8_extract_avx2_row(const u64 *st, u8 *const *out,
					 unsigned int nlanes)
{
	sc_keccakx4_extract_avx2(st, out, nlanes);
	sc_keccakx4_extract_avx2(st + 4, out + 4, nlanes);
}

static void sc_keccakx8_squeeze_avx2_row(u64 *st, u8 *const *out,
					 unsigned int nblocks,
					 unsigned int nlanes)
{
	sc_keccakx8_squeeze_avx2(st, out, nblocks, nlanes);
}

/*
 * From five states: below that the x4 row permutes one group for what
 * this row costs for two.  Where AVX-512 is there its rows come later in
 * the table and take over; calibration may still time this one.
 */
const struct sc_keccakx_impl sc_keccakx_impl_avx2x8 = {
	.base = {
		.name		= "avx2x8",
		.cpu_features	= SC_CPU_AVX2,
		.simd		= true,
		.min_len	= SC_KECCAKX_LEN(5),
		.min_len_firm	= true,
	},
	.width		= 8,
	.permute	= sc_keccakx8_permute_avx2_row,
	.extract	= sc_keccakx8_extract_avx2_row,
	.squeeze	= sc_keccakx8_squeeze_avx2_row,
};

static void sc_keccakx4_permute_avx512vl_row(u64 *st)
{
	sc_keccakx4_permute_avx512vl(st);
}

/* Several blocks with the states kept in registers between them. */
static void sc_keccakx4_squeeze_avx512vl_row(u64 *st, u8 *const *out,
					     unsigned int nblocks,
					     unsigned int nlanes)
{
	sc_keccakx4_squeeze_avx512vl(st, out, nblocks, nlanes);
}

const struct sc_keccakx_impl sc_keccakx_impl_avx512vlx4 = {
	.base = {
		.name		= "avx512vlx4",
		.cpu_features	= SC_CPU_AVX512,
		.simd		= true,
		.min_len	= SC_KECCAKX_LEN(2),
	},
	.width		= 4,
	.permute	= sc_keccakx4_permute_avx512vl_row,
	.extract	= sc_keccakx4_extract_avx2_row,
	.squeeze	= sc_keccakx4_squeeze_avx512vl_row,
};

static void sc_keccakx8_permute_avx512_row(u64 *st)
{
	sc_keccakx8_permute_avx512(st);
}

static void sc_keccakx8_extract_avx512_row(const u64 *st, u8 *const *out,
					   unsigned int nlanes)
{
	sc_keccakx8_extract_avx512(st, out, nlanes);
}

static void sc_keccakx8_squeeze_avx512_row(u64 *st, u8 *const *out,
					   unsigned int nblocks,
					   unsigned int nlanes)
{
	sc_keccakx8_squeeze_avx512(st, out, nblocks, nlanes);
}

const struct sc_keccakx_impl sc_keccakx_impl_avx512x8 = {
	.base = {
		.name		= "avx512x8",
		.cpu_features	= SC_CPU_AVX512,
		.cpu_avoid	= SC_CPU_PREFER_YMM,
		.simd		= true,
		.min_len	= SC_KECCAKX_LEN(5),
		/*
		 * Up to four states the x4 rows run the same permutations with
		 * a smaller transpose (and half the work where zmm is double
		 * pumped).  Since both rows' squeezes, on Zen 5 calibration
		 * measured x8 3-6% ahead there in some plans, the benchmark x4
		 * 6-8% ahead (Documentation/sha3.rst): x8 is not timed there.
		 */
		.min_len_firm	= true,
		/*
		 * Zen 4 issues zmm as two halves: there the x4 row, twice,
		 * ran five to eight streams 2-3% faster (calibration's
		 * operation in the steady state, 2026-12-06), so only
		 * measuring picks x8 (by more than 3%).
		 */
		.later_on	= SC_CPU_ZMM_SPLIT,
		.later_len	= ~0U,
	},
	.width		= 8,
	.permute	= sc_keccakx8_permute_avx512_row,
	.extract	= sc_keccakx8_extract_avx512_row,
	.squeeze	= sc_keccakx8_squeeze_avx512_row,
};
