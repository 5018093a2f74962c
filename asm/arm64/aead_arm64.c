// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 ChaCha20-Poly1305 row: a thin wrapper around
 * chacha20poly1305-neon.S.
 *
 *   "neon"  NEON ChaCha20, four blocks per batch, with Poly1305 in general
 *           registers stitched into the same loop (seal: the MAC of each
 *           batch rides on the next batch's rounds; open: on its own).
 *           Whole 256-byte batches go straight from src to dst; a last
 *           partial batch is bounced through a stack buffer and still runs
 *           in the loop (open: its MAC too, the ciphertext zero-padded in
 *           the buffer first; seal: the caller's padding comes after the
 *           XOR, so its MAC runs here with the scalar kernel).
 *           The key block, short texts and the AD use the ChaCha and
 *           Poly1305 rows the dispatcher picks.  min_len 65: like the
 *           ChaCha "neon" row, NEON from more than one block of text on.
 *   "neon-x8"  the same with batches of eight blocks (two 4-way batches
 *           in one round loop, as in the ChaCha "neon-x8-gpr" row), 32
 *           Poly1305 blocks on each batch's rounds and a 512-byte
 *           buffer for the last partial batch.  Chosen only by load-time
 *           calibration, as the ChaCha row.
 */
#include <linux/types.h>
#include <linux/linkage.h>
#include <linux/string.h>
#include "../../simdcrypt.h"
#include "rows.h"

#define SC_CCP_BATCH	(4 * CHACHA_BLOCK_SIZE)
#define SC_CCP_BATCH8	(8 * CHACHA_BLOCK_SIZE)

/* @n rounded up to whole Poly1305 blocks */
#define SC_CCP_PADDED(n)	(((n) + POLY1305_BLOCK_SIZE - 1) & \
				 ~(POLY1305_BLOCK_SIZE - 1))

asmlinkage void sc_ccp_neon_seal(const u32 *state,
				 struct sc_poly1305_core *core, u8 *dst,
				 const u8 *src, size_t nfull, u8 *tail);
asmlinkage void sc_ccp_neon_open(const u32 *state,
				 struct sc_poly1305_core *core, u8 *dst,
				 const u8 *src, size_t nfull, u8 *tail,
				 size_t tailblocks);
asmlinkage void sc_ccp_neon_x8_seal(const u32 *state,
				    struct sc_poly1305_core *core, u8 *dst,
				    const u8 *src, size_t nfull, u8 *tail);
asmlinkage void sc_ccp_neon_x8_open(const u32 *state,
				    struct sc_poly1305_core *core, u8 *dst,
				    const u8 *src, size_t nfull, u8 *tail,
				    size_t tailblocks);
asmlinkage void sc_poly1305_arm64_blocks(struct sc_poly1305_core *core,
					 const u8 *src, size_t len, u32 padbit);

/*
 * Sealing @len bytes in batches of @batch bytes (4 or 8 blocks: the
 * "neon" or the "neon-x8" body), a partial last batch through @buf
 * (@batch bytes).
 */
static void sc_ccp_seal_batches(const u32 *state,
				struct sc_poly1305_core *core, u8 *dst,
				const u8 *src, unsigned int len,
				unsigned int batch, u8 *buf)
{
	unsigned int nfull = len / batch, rest = len % batch;
	unsigned int done = len - rest, padded;
	u8 *tail = NULL;

	if (rest) {
		memcpy(buf, src + done, rest);
		memset(buf + rest, 0, batch - rest);
		tail = buf;
	} else if (!nfull) {
		return;
	}
	if (batch == SC_CCP_BATCH8)
		sc_ccp_neon_x8_seal(state, core, dst, src, nfull, tail);
	else
		sc_ccp_neon_seal(state, core, dst, src, nfull, tail);
	if (!rest)
		return;
	padded = SC_CCP_PADDED(rest);
	memset(buf + rest, 0, padded - rest);
	sc_poly1305_arm64_blocks(core, buf, padded, 1);
	memcpy(dst + done, buf, rest);
	memzero_explicit(buf, batch);
}

/* Opening, the same way; the tail's ciphertext is MACed in the loop. */
static void sc_ccp_open_batches(const u32 *state,
				struct sc_poly1305_core *core, u8 *dst,
				const u8 *src, unsigned int len,
				unsigned int batch, u8 *buf)
{
	unsigned int nfull = len / batch, rest = len % batch;
	unsigned int done = len - rest, tailblocks = 0;
	u8 *tail = NULL;

	if (rest) {
		memcpy(buf, src + done, rest);
		memset(buf + rest, 0, batch - rest);
		tail = buf;
		tailblocks = SC_CCP_PADDED(rest) / POLY1305_BLOCK_SIZE;
	} else if (!nfull) {
		return;
	}
	if (batch == SC_CCP_BATCH8)
		sc_ccp_neon_x8_open(state, core, dst, src, nfull, tail,
				    tailblocks);
	else
		sc_ccp_neon_open(state, core, dst, src, nfull, tail,
				 tailblocks);
	if (!rest)
		return;
	memcpy(dst + done, buf, rest);
	memzero_explicit(buf, batch);
}

static void sc_ccp_seal_neon(const u32 *state, struct sc_poly1305_core *core,
			     u8 *dst, const u8 *src, unsigned int len)
{
	u8 buf[SC_CCP_BATCH];

	sc_ccp_seal_batches(state, core, dst, src, len, sizeof(buf), buf);
}

static void sc_ccp_open_neon(const u32 *state, struct sc_poly1305_core *core,
			     u8 *dst, const u8 *src, unsigned int len)
{
	u8 buf[SC_CCP_BATCH];

	sc_ccp_open_batches(state, core, dst, src, len, sizeof(buf), buf);
}

static void sc_ccp_seal_neon_x8(const u32 *state,
				struct sc_poly1305_core *core, u8 *dst,
				const u8 *src, unsigned int len)
{
	u8 buf[SC_CCP_BATCH8];

	sc_ccp_seal_batches(state, core, dst, src, len, sizeof(buf), buf);
}

static void sc_ccp_open_neon_x8(const u32 *state,
				struct sc_poly1305_core *core, u8 *dst,
				const u8 *src, unsigned int len)
{
	u8 buf[SC_CCP_BATCH8];

	sc_ccp_open_batches(state, core, dst, src, len, sizeof(buf), buf);
}

const struct sc_aead_impl sc_aead_impl_neon = {
	.base = {
		.name = "neon",
		.cpu_features = SC_CPU_NEON,
		.simd = true,
		.min_len = CHACHA_BLOCK_SIZE + 1,
	},
	.seal = sc_ccp_seal_neon,
	.open = sc_ccp_open_neon,
	.chacha = sc_chacha_pick,
	.poly1305 = sc_poly1305_pick,
};

const struct sc_aead_impl sc_aead_impl_neon_x8 = {
	.base = {
		.name = "neon-x8",
		.cpu_features = SC_CPU_NEON,
		.simd = true,
		.min_len = ~0U,		/* calibration only */
	},
	.seal = sc_ccp_seal_neon_x8,
	.open = sc_ccp_open_neon_x8,
	.chacha = sc_chacha_pick,
	.poly1305 = sc_poly1305_pick,
};
