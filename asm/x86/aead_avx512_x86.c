// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 stitched ChaCha20-Poly1305 rows (chacha20poly1305-avx512.S):
 *
 *   avx512vl  ymm ChaCha20 (8 + 2 blocks a batch) + ymm IFMA Poly1305, for
 *             CPUs that prefer ymm
 *   avx512    zmm ChaCha20 (16 + 4 blocks a batch) + zmm IFMA Poly1305
 *
 * The asm encrypts or decrypts the whole piece and MACs its whole Poly1305
 * groups (256 bytes zmm, 128 ymm); the rest of the piece, under a group,
 * goes to the scalar MULX code here, a partial last block zero-padded.
 * open copies that rest before the asm decrypts it (src may be dst) and
 * MACs the copy after.
 * The wrappers call the asm directly: no asm address is taken.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/linkage.h>
#include "../../simdcrypt.h"
#include "aead_rows.h"
#include "poly1305_rows.h"

#ifndef asmlinkage
#define asmlinkage	/* userspace harness */
#endif

/* The asm knows struct sc_poly1305_core by these offsets. */
_Static_assert(__builtin_offsetof(struct sc_poly1305_core, h) == 0 &&
	       __builtin_offsetof(struct sc_poly1305_core, r) == 24,
	       "chacha20poly1305-avx512.S: struct sc_poly1305_core layout");

asmlinkage void sc_ccp_seal_avx512(const u32 *state,
				   struct sc_poly1305_core *core, u8 *dst,
				   const u8 *src, unsigned int len);
asmlinkage void sc_ccp_open_avx512(const u32 *state,
				   struct sc_poly1305_core *core, u8 *dst,
				   const u8 *src, unsigned int len);
asmlinkage void sc_ccp_seal_avx512vl(const u32 *state,
				     struct sc_poly1305_core *core, u8 *dst,
				     const u8 *src, unsigned int len);
asmlinkage void sc_ccp_open_avx512vl(const u32 *state,
				     struct sc_poly1305_core *core, u8 *dst,
				     const u8 *src, unsigned int len);

/* Poly1305 groups of the asm (bytes): 2 accumulators x lanes x 16 */
#define SC_CCP_GROUP_ZMM	256
#define SC_CCP_GROUP_YMM	128

/* MAC @len (< a group) bytes, a partial last block zero-padded. */
static void sc_ccp_mac_rest(struct sc_poly1305_core *core, const u8 *src,
			    unsigned int len)
{
	unsigned int whole = len & ~(POLY1305_BLOCK_SIZE - 1);
	u8 block[POLY1305_BLOCK_SIZE] = { 0 };

	if (whole)
		sc_poly1305_blocks_x86_mulx(core, src, whole, 1);
	if (len == whole)
		return;
	memcpy(block, src + whole, len - whole);
	sc_poly1305_blocks_x86_mulx(core, block, sizeof(block), 1);
}

static void sc_ccp_seal_zmm(const u32 *state, struct sc_poly1305_core *core,
			    u8 *dst, const u8 *src, unsigned int len)
{
	unsigned int done = len - len % SC_CCP_GROUP_ZMM;

	sc_ccp_seal_avx512(state, core, dst, src, len);
	sc_ccp_mac_rest(core, dst + done, len - done);
}

static void sc_ccp_open_zmm(const u32 *state, struct sc_poly1305_core *core,
			    u8 *dst, const u8 *src, unsigned int len)
{
	unsigned int done = len - len % SC_CCP_GROUP_ZMM;
	u8 rest[SC_CCP_GROUP_ZMM];

	memcpy(rest, src + done, len - done);
	sc_ccp_open_avx512(state, core, dst, src, len);
	sc_ccp_mac_rest(core, rest, len - done);
}

static void sc_ccp_seal_ymm(const u32 *state, struct sc_poly1305_core *core,
			    u8 *dst, const u8 *src, unsigned int len)
{
	unsigned int done = len - len % SC_CCP_GROUP_YMM;

	sc_ccp_seal_avx512vl(state, core, dst, src, len);
	sc_ccp_mac_rest(core, dst + done, len - done);
}

static void sc_ccp_open_ymm(const u32 *state, struct sc_poly1305_core *core,
			    u8 *dst, const u8 *src, unsigned int len)
{
	unsigned int done = len - len % SC_CCP_GROUP_YMM;
	u8 rest[SC_CCP_GROUP_YMM];

	memcpy(rest, src + done, len - done);
	sc_ccp_open_avx512vl(state, core, dst, src, len);
	sc_ccp_mac_rest(core, rest, len - done);
}

#define SC_CCP_X86_FEATURES	(SC_CPU_AVX | SC_CPU_AVX2 | SC_CPU_BMI2 | \
				 SC_CPU_AVX512 | SC_CPU_AVX512IFMA)

const struct sc_aead_impl sc_aead_impl_avx512vl = {
	.base = {
		.name = "avx512vl",
		.cpu_features = SC_CCP_X86_FEATURES,
		.simd = true,
		.min_len = SC_AEAD_MIN_AVX512VL,
	},
	.seal = sc_ccp_seal_ymm,
	.open = sc_ccp_open_ymm,
	.chacha = sc_chacha_pick,
	.poly1305 = sc_poly1305_pick,
};

const struct sc_aead_impl sc_aead_impl_avx512 = {
	.base = {
		.name = "avx512",
		.cpu_features = SC_CCP_X86_FEATURES,
		.cpu_avoid = SC_CPU_PREFER_YMM,
		.simd = true,
		.min_len = SC_AEAD_MIN_AVX512,
	},
	.seal = sc_ccp_seal_zmm,
	.open = sc_ccp_open_zmm,
	.chacha = sc_chacha_pick,
	.poly1305 = sc_poly1305_pick,
};
