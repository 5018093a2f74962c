// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 Poly1305 rows: thin wrappers around the assembler kernels.
 *
 *   "arm64"  poly1305-arm64.S: base 2^64 in general registers (MUL/UMULH).
 *            Needs no NEON, so .simd = false: usable in any context and
 *            for every length.
 */
#include <linux/types.h>
#include "../../simdcrypt.h"
#include "rows.h"

void sc_poly1305_arm64_blocks(struct sc_poly1305_core *core, const u8 *src,
			      size_t len, u32 padbit);

static void sc_poly1305_blocks_arm64(struct sc_poly1305_core *core,
				     const u8 *src, size_t len, u32 padbit)
{
	sc_poly1305_arm64_blocks(core, src, len, padbit);
}

const struct sc_poly1305_impl sc_poly1305_impl_arm64 = {
	.base = {
		.name = "arm64",
		.simd = false,
		.min_len = 0,
	},
	.blocks = sc_poly1305_blocks_arm64,
};
