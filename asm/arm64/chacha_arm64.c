// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 ChaCha rows: thin wrappers around chacha-neon.S.
 *
 *   "arm64" one block at a time in general registers (a partial last block
 *           bounced), HChaCha likewise.  No NEON section (.simd = false):
 *           any context.  min_len 0: texts of up to one block, and where
 *           SIMD is unusable, whatever their length.
 *   "neon"  256-byte steps with the 4-way kernel; a tail of 65..255 bytes
 *           goes through the 4-way kernel too (bounced through a stack
 *           buffer; for two blocks llvm-mca's models put it level with two
 *           general-register calls, ahead on some cores, behind on
 *           others), a tail of at most one block through the "arm64"
 *           row's block kernel (a partial block bounced), which also does
 *           HChaCha.
 *           min_len 65: a single block is not worth a NEON section
 *           (kernel_neon_begin saves the task's FP state), the same
 *           cutoff as the kernel's own arm64 chacha glue.
 *   "neon-gpr"  320-byte steps with the 5-way kernel (four blocks in NEON
 *           registers, a fifth in general registers in the same round
 *           loop: the integer pipes are idle in the 4-way kernel), the rest
 *           as "neon".  Chosen only by load-time calibration: no arm64
 *           core was at hand to time it (Documentation/arm64.rst).
 *   "neon-x8-gpr"  576-byte steps with the 9-block kernel (two 4-way
 *           batches in one round loop: eight independent quarter-rounds
 *           a half-round for the cores with four vector pipes, where one
 *           batch's four chains leave half of them idle; and a ninth
 *           block in general registers, as "neon-gpr"), the rest as
 *           "neon".  Calibration only, as "neon-gpr".
 */
#include <linux/types.h>
#include <linux/linkage.h>
#include <linux/string.h>
#include "../../simdcrypt.h"
#include "rows.h"

asmlinkage void sc_chacha_neon_xor4(const u32 *state, u8 *dst, const u8 *src,
				    int nrounds);
asmlinkage void sc_chacha_neon_xor5(const u32 *state, u8 *dst, const u8 *src,
				    int nrounds);
asmlinkage void sc_chacha_neon_xor9(const u32 *state, u8 *dst, const u8 *src,
				    int nrounds);
asmlinkage void sc_chacha_arm64_xor1(const u32 *state, u8 *dst,
				     const u8 *src, int nrounds);
asmlinkage void sc_chacha_arm64_hchacha(const u32 *state, u32 *out,
					int nrounds);

/*
 * Whole blocks with the general-register kernel, a partial last one
 * bounced through a stack buffer.  @st[12] is advanced.
 */
static void sc_chacha_xor_blocks_arm64(u32 *st, u8 *dst, const u8 *src,
				       unsigned int len, int nrounds)
{
	u8 buf[CHACHA_BLOCK_SIZE];

	while (len >= CHACHA_BLOCK_SIZE) {
		sc_chacha_arm64_xor1(st, dst, src, nrounds);
		st[12]++;
		dst += CHACHA_BLOCK_SIZE;
		src += CHACHA_BLOCK_SIZE;
		len -= CHACHA_BLOCK_SIZE;
	}
	if (len) {
		memcpy(buf, src, len);
		sc_chacha_arm64_xor1(st, buf, buf, nrounds);
		memcpy(dst, buf, len);
		memzero_explicit(buf, sizeof(buf));
	}
}

static void sc_chacha_xor_arm64(const u32 *state, u8 *dst, const u8 *src,
				unsigned int len, int nrounds)
{
	u32 st[CHACHA_STATE_WORDS];

	memcpy(st, state, sizeof(st));
	sc_chacha_xor_blocks_arm64(st, dst, src, len, nrounds);
	memzero_explicit(st, sizeof(st));
}

/*
 * Whole 256-byte steps with the 4-way kernel, then the rest: 65..255 bytes
 * through it too, bounced, at most one block through the general-register
 * kernel.  @st[12] is advanced.
 */
static void sc_chacha_xor_blocks_neon(u32 *st, u8 *dst, const u8 *src,
				      unsigned int len, int nrounds)
{
	u8 buf[4 * CHACHA_BLOCK_SIZE];

	while (len >= 4 * CHACHA_BLOCK_SIZE) {
		sc_chacha_neon_xor4(st, dst, src, nrounds);
		st[12] += 4;
		dst += 4 * CHACHA_BLOCK_SIZE;
		src += 4 * CHACHA_BLOCK_SIZE;
		len -= 4 * CHACHA_BLOCK_SIZE;
	}
	if (len > CHACHA_BLOCK_SIZE) {
		memcpy(buf, src, len);
		sc_chacha_neon_xor4(st, buf, buf, nrounds);
		memcpy(dst, buf, len);
		memzero_explicit(buf, sizeof(buf));
	} else if (len) {
		sc_chacha_xor_blocks_arm64(st, dst, src, len, nrounds);
	}
}

static void sc_chacha_xor_neon(const u32 *state, u8 *dst, const u8 *src,
			       unsigned int len, int nrounds)
{
	u32 st[CHACHA_STATE_WORDS];

	memcpy(st, state, sizeof(st));
	sc_chacha_xor_blocks_neon(st, dst, src, len, nrounds);
	memzero_explicit(st, sizeof(st));
}

/*
 * Whole steps of @blocks blocks with the 5-block (neon-gpr) or the
 * 9-block (neon-x8-gpr) kernel, then the rest as "neon".
 */
static void sc_chacha_xor_wide(const u32 *state, u8 *dst, const u8 *src,
			       unsigned int len, int nrounds,
			       unsigned int blocks)
{
	unsigned int step = blocks * CHACHA_BLOCK_SIZE;
	u32 st[CHACHA_STATE_WORDS];

	memcpy(st, state, sizeof(st));
	for (; len >= step; len -= step, dst += step, src += step) {
		if (blocks == 9)
			sc_chacha_neon_xor9(st, dst, src, nrounds);
		else
			sc_chacha_neon_xor5(st, dst, src, nrounds);
		st[12] += blocks;
	}
	sc_chacha_xor_blocks_neon(st, dst, src, len, nrounds);
	memzero_explicit(st, sizeof(st));
}

static void sc_chacha_xor_neon_gpr(const u32 *state, u8 *dst, const u8 *src,
				   unsigned int len, int nrounds)
{
	sc_chacha_xor_wide(state, dst, src, len, nrounds, 5);
}

static void sc_chacha_xor_neon_x8_gpr(const u32 *state, u8 *dst,
				      const u8 *src, unsigned int len,
				      int nrounds)
{
	sc_chacha_xor_wide(state, dst, src, len, nrounds, 9);
}

static void sc_hchacha_arm64(const u32 *state, u32 *out, int nrounds)
{
	sc_chacha_arm64_hchacha(state, out, nrounds);
}

const struct sc_chacha_impl sc_chacha_impl_arm64 = {
	.base = {
		.name = "arm64",
		.simd = false,
		.min_len = 0,
	},
	.xor_stream = sc_chacha_xor_arm64,
	.hchacha = sc_hchacha_arm64,
};

const struct sc_chacha_impl sc_chacha_impl_neon = {
	.base = {
		.name = "neon",
		.cpu_features = SC_CPU_NEON,
		.simd = true,
		.min_len = CHACHA_BLOCK_SIZE + 1,
	},
	.xor_stream = sc_chacha_xor_neon,
	.hchacha = sc_hchacha_arm64,
};

const struct sc_chacha_impl sc_chacha_impl_neon_gpr = {
	.base = {
		.name = "neon-gpr",
		.cpu_features = SC_CPU_NEON,
		.simd = true,
		.min_len = ~0U,		/* calibration only */
	},
	.xor_stream = sc_chacha_xor_neon_gpr,
	.hchacha = sc_hchacha_arm64,
};

const struct sc_chacha_impl sc_chacha_impl_neon_x8_gpr = {
	.base = {
		.name = "neon-x8-gpr",
		.cpu_features = SC_CPU_NEON,
		.simd = true,
		.min_len = ~0U,		/* calibration only */
	},
	.xor_stream = sc_chacha_xor_neon_x8_gpr,
	.hchacha = sc_hchacha_arm64,
};
