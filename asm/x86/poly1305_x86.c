// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 Poly1305 rows: thin C wrappers around poly1305-x86_64.S.
 *
 *   scalar  base 2^64, MULX + ADCX/ADOX (BMI2 + ADX).  General registers
 *           only: .simd = false, so it also serves contexts where SIMD may
 *           not be used, and it is the row for short inputs.
 *   ifma    base 2^44, AVX-512 IFMA, two accumulators of eight lanes
 *           (sixteen blocks per iteration).  It computes r^1..r^16 on every
 *           call and takes whole 256-byte groups; the scalar code finishes
 *           the tail.
 *
 * The wrappers call the asm directly, so no asm address is taken.  See
 * Documentation/poly1305.rst for the cutoffs (min_len) and how they were
 * measured.
 */
#include <linux/types.h>
#include "../../simdcrypt.h"
#include "poly1305_rows.h"

/* The asm knows struct sc_poly1305_core by these offsets. */
_Static_assert(__builtin_offsetof(struct sc_poly1305_core, h) == 0 &&
	       __builtin_offsetof(struct sc_poly1305_core, r) == 24,
	       "poly1305-x86_64.S: struct sc_poly1305_core layout");

void sc_poly1305_blocks_x86_mulx(struct sc_poly1305_core *core,
				 const u8 *src, size_t len, u32 padbit);
void sc_poly1305_blocks_x86_ifma(struct sc_poly1305_core *core,
				 const u8 *src, size_t len, u32 padbit);

#define SC_POLY1305_IFMA_GROUP	256	/* 16 blocks: one iteration */

static void sc_poly1305_blocks_scalar(struct sc_poly1305_core *core,
				      const u8 *src, size_t len, u32 padbit)
{
	sc_poly1305_blocks_x86_mulx(core, src, len, padbit);
}

static void sc_poly1305_blocks_ifma(struct sc_poly1305_core *core,
				    const u8 *src, size_t len, u32 padbit)
{
	size_t n = len & ~(size_t)(SC_POLY1305_IFMA_GROUP - 1);

	if (n) {
		sc_poly1305_blocks_x86_ifma(core, src, n, padbit);
		src += n;
		len -= n;
	}
	if (len)
		sc_poly1305_blocks_x86_mulx(core, src, len, padbit);
}

const struct sc_poly1305_impl sc_poly1305_impl_scalar = {
	.base = {
		.name		= "scalar",
		.cpu_features	= SC_CPU_BMI2 | SC_CPU_ADX,
		.simd		= false,
		.min_len	= 0,
	},
	.blocks = sc_poly1305_blocks_scalar,
};

const struct sc_poly1305_impl sc_poly1305_impl_ifma = {
	.base = {
		.name		= "ifma",
		.cpu_features	= SC_CPU_BMI2 | SC_CPU_ADX | SC_CPU_AVX512 |
				  SC_CPU_AVX512IFMA,
		.simd		= true,
		.min_len	= 512,
	},
	.blocks = sc_poly1305_blocks_ifma,
};
