// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 Poly1305 rows: thin wrappers around the assembler kernels.
 *
 *   "arm64"  poly1305-arm64.S: base 2^64 in general registers (MUL/UMULH).
 *            Needs no NEON, so .simd = false: usable in any context and
 *            for every length.
 *   "neon"   poly1305-neon.S: base 2^26, two lanes, four blocks per step,
 *            for inputs of SC_POLY1305_NEON_MIN bytes and more.  The
 *            multiplier tables (r^4, r^2; r^4|r^3, r^2|r) are made with the
 *            scalar kernel on every call: 3 scalar blocks, about 100
 *            instructions, which a 256-byte input repays.  Blocks beyond a
 *            multiple of four go to the scalar kernel.
 */
#include <linux/types.h>
#include <linux/linkage.h>
#include <linux/string.h>
#include "../../simdcrypt.h"
#include "rows.h"

#define SC_POLY1305_NEON_MIN	256

asmlinkage void sc_poly1305_arm64_blocks(struct sc_poly1305_core *core,
					 const u8 *src, size_t len, u32 padbit);
asmlinkage void sc_poly1305_neon_steps(u32 h[5][2], const u8 *src, size_t steps,
				       const u32 tables[4][9][2], u32 padbit);

static void sc_poly1305_blocks_arm64(struct sc_poly1305_core *core,
				     const u8 *src, size_t len, u32 padbit)
{
	sc_poly1305_arm64_blocks(core, src, len, padbit);
}

static const u8 sc_poly1305_zero_block[POLY1305_BLOCK_SIZE];

/* h * r (mod p, partially reduced) with the scalar kernel: (h + 0) * r. */
static void sc_poly1305_mulr(struct sc_poly1305_core *c)
{
	sc_poly1305_arm64_blocks(c, sc_poly1305_zero_block, POLY1305_BLOCK_SIZE,
				 0);
}

/* Limbs of a base 2^64 value (h[2] small) into lane @lane of @out. */
static void sc_poly1305_to26(const u64 *h, u32 out[5][2], int lane)
{
	out[0][lane] = h[0] & 0x3ffffff;
	out[1][lane] = (h[0] >> 26) & 0x3ffffff;
	out[2][lane] = ((h[0] >> 52) | (h[1] << 12)) & 0x3ffffff;
	out[3][lane] = (h[1] >> 14) & 0x3ffffff;
	out[4][lane] = (u32)((h[1] >> 40) | (h[2] << 24));
}

/*
 * Multiplier table entry @t (r0..r4, 5*r1..5*r4) for lane @lane, written
 * in place: no copy of the key's limbs is left on the stack.
 */
static void sc_poly1305_table(const u64 *pow, u32 t[9][2], int lane)
{
	int i;

	sc_poly1305_to26(pow, t, lane);
	for (i = 1; i < 5; i++)
		t[4 + i][lane] = 5 * t[i][lane];
}

static void sc_poly1305_blocks_neon(struct sc_poly1305_core *core,
				    const u8 *src, size_t len, u32 padbit)
{
	unsigned __int128 t;
	struct sc_poly1305_core p;
	u64 pw[5][3];		/* r^1 .. r^4 (index 1..4), base 2^64 */
	u32 tables[4][9][2];
	u32 h[5][2];
	size_t steps = len / (4 * POLY1305_BLOCK_SIZE);
	u64 h0, h1, h2;
	int i;

	if (!steps) {
		sc_poly1305_arm64_blocks(core, src, len, padbit);
		return;
	}

	/*
	 * r^2, r^3, r^4 with the scalar kernel, starting from h = r.  Only
	 * here is the key copied to the stack (wiped below): a copy made
	 * before the early return above was left there.
	 */
	p = *core;
	p.h[0] = core->r[0];
	p.h[1] = core->r[1];
	p.h[2] = 0;
	memcpy(pw[1], p.h, sizeof(pw[1]));
	for (i = 2; i <= 4; i++) {
		sc_poly1305_mulr(&p);
		memcpy(pw[i], p.h, sizeof(pw[i]));
	}
	sc_poly1305_table(pw[4], tables[0], 0);
	sc_poly1305_table(pw[4], tables[0], 1);
	sc_poly1305_table(pw[2], tables[1], 0);
	sc_poly1305_table(pw[2], tables[1], 1);
	sc_poly1305_table(pw[4], tables[2], 0);
	sc_poly1305_table(pw[3], tables[2], 1);
	sc_poly1305_table(pw[2], tables[3], 0);
	sc_poly1305_table(pw[1], tables[3], 1);

	sc_poly1305_to26(core->h, h, 0);
	for (i = 0; i < 5; i++)
		h[i][1] = 0;
	sc_poly1305_neon_steps(h, src, steps, tables, padbit);

	/* lane 0 + lane 1, back to base 2^64 */
	for (i = 0; i < 5; i++)
		h[i][0] += h[i][1];
	t = (unsigned __int128)h[0][0] + ((unsigned __int128)h[1][0] << 26) +
	    ((unsigned __int128)h[2][0] << 52);
	h0 = (u64)t;
	t >>= 64;
	t += ((unsigned __int128)h[3][0] << 14) + ((unsigned __int128)h[4][0] << 40);
	h1 = (u64)t;
	h2 = (u64)(t >> 64);
	sc_poly1305_fold130(&h0, &h1, &h2);	/* h2 <= 4 after */
	core->h[0] = h0;
	core->h[1] = h1;
	core->h[2] = h2;

	memzero_explicit(tables, sizeof(tables));
	memzero_explicit(pw, sizeof(pw));
	memzero_explicit(&p, sizeof(p));
	memzero_explicit(h, sizeof(h));

	len -= steps * 4 * POLY1305_BLOCK_SIZE;
	if (len)
		sc_poly1305_arm64_blocks(core, src + steps * 64, len, padbit);
}

const struct sc_poly1305_impl sc_poly1305_impl_arm64 = {
	.base = {
		.name = "arm64",
		.simd = false,
		.min_len = 0,
	},
	.blocks = sc_poly1305_blocks_arm64,
};

const struct sc_poly1305_impl sc_poly1305_impl_neon = {
	.base = {
		.name = "neon",
		.cpu_features = SC_CPU_NEON,
		.simd = true,
		.min_len = SC_POLY1305_NEON_MIN,
		/* one step is four blocks */
		.own_code_from = 4 * POLY1305_BLOCK_SIZE,
	},
	.blocks = sc_poly1305_blocks_neon,
};
