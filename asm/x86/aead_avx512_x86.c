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
 *
 * and one that is not stitched that way:
 *
 *   avx512-mulx  the zmm ChaCha20 kernel with Poly1305 in general
 *                registers (MULX) woven into its rounds
 *                (sc_chacha_xor_avx512_32x_mac in chacha-x86_64.S), the
 *                rest of the piece MACed by the Poly1305 row the plan has
 *                for it
 *
 * The wrappers call the asm directly: no asm address is taken.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/linkage.h>
#include "../../simdcrypt.h"
#include "../../generic/chacha20poly1305.h"
#include "aead_rows.h"
#include "poly1305_rows.h"
#include "chacha_rows.h"

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

/*
 * avx512-mulx.  Vector ChaCha leaves the general-register units idle: on
 * Zen 5 a double round of the zmm kernel's two batches (32 blocks) takes
 * about as long as five Poly1305 blocks of MULX code, which then cost
 * nothing when woven into it (Documentation/aead.rst).  Each two-batch
 * iteration's 20 rounds MAC 50 blocks, 800 of its 2048 bytes; the rest
 * of the piece goes to the plan's Poly1305 row.  The MAC is in order, so:
 *
 * seal  the rounds of iteration k (k >= 2) MAC the ciphertext from the
 *       piece's start on, which iterations before it have written; the
 *       plan's row MACs the rest after the call.  Where more text
 *       follows, the piece's last 800 bytes are held back for the next
 *       piece's iteration 1 (seal_held, sc_ccp_seal_mulx_held()).
 * open  the plan's row MACs the piece's start first; the rounds MAC the
 *       last 800 bytes per iteration, each iteration reading its blocks
 *       before any iteration writes over them (in place: iteration k has
 *       written 2048 (k - 1) bytes, and the blocks it reads start at
 *       whole - 800 (p - k + 1) >= 2048 (k - 1), p iterations, since
 *       whole >= 2048 p - 1038).  17 to 24 blocks (an IPsec packet) go
 *       to the 24-block kernel instead, whose rounds MAC the last 640
 *       bytes before any output.
 *
 * A piece too short for that (open: one iteration, seal: two) goes as
 * onepass does.  Intel cores are avoided: there MULX takes port 5, one of
 * the two ports zmm code runs on, and no Intel CPU has been measured.
 */
struct sc_chacha_mac {
	struct sc_poly1305_core *core;
	const u8 *blocks;	/* the first block the rounds MAC */
	u32 skip;		/* two-batch iterations before those that MAC */
	const u8 *then;		/* after the first that MACs: NULL, or */
				/* where the blocks go on (32x only) */
};

_Static_assert(__builtin_offsetof(struct sc_chacha_mac, core) == 0 &&
	       __builtin_offsetof(struct sc_chacha_mac, blocks) == 8 &&
	       __builtin_offsetof(struct sc_chacha_mac, skip) == 16 &&
	       __builtin_offsetof(struct sc_chacha_mac, then) == 24,
	       "chacha-x86_64.S: struct sc_chacha_mac layout");

asmlinkage void sc_chacha_xor_avx512_32x_mac(const u32 *state, u8 *dst,
					     const u8 *src, unsigned int len,
					     int nrounds,
					     const struct sc_chacha_mac *mac);
asmlinkage void sc_chacha_xor_avx512_24vh_mac(const u32 *state, u8 *dst,
					      const u8 *src, unsigned int len,
					      int nrounds,
					      const struct sc_chacha_mac *mac);
asmlinkage void sc_chacha_xor_avx512_24zy_mac(const u32 *state, u8 *dst,
					      const u8 *src, unsigned int len,
					      int nrounds,
					      const struct sc_chacha_mac *mac);

/* Bytes one two-batch iteration's 20 rounds MAC: 5 blocks a double round */
#define SC_CCP_WOVEN		(5 * 10 * POLY1305_BLOCK_SIZE)
/* what sc_ccp_absorb_sealed() holds back of a first piece, one iteration's */
_Static_assert(SC_CCP_WOVEN == SC_CCP_HELD_MAX, "seal_held: SC_CCP_HELD_MAX");
/*
 * open, 17 to 24 blocks: the 24-block kernel (one vertical batch and two
 * horizontal ones, 9% faster than two vertical batches there on Zen 5)
 * has one round loop, four blocks a double round: 640 bytes.
 */
#define SC_CCP_WOVEN_VH		(4 * 10 * POLY1305_BLOCK_SIZE)
#define SC_CCP_VH_MAX		(24 * CHACHA_BLOCK_SIZE)

/* The kernel's two-batch iterations for @len bytes: > 1 KiB left at each */
static unsigned int sc_ccp_zmm_pairs(unsigned int len)
{
	return (len + 16 * CHACHA_BLOCK_SIZE - 1) / (32 * CHACHA_BLOCK_SIZE);
}

/*
 * Sealing pieces of a longer text: the last 800 bytes of a piece's
 * ciphertext are held back for the next piece's first iteration, which has
 * nothing of its own to MAC yet; then its later iterations go on from its
 * own start.
 */
static void sc_ccp_seal_mulx_held(const u32 *state,
				  struct sc_poly1305_core *core, u8 *dst,
				  const u8 *src, unsigned int len,
				  struct sc_ccp_held *held)
{
	unsigned int pairs = sc_ccp_zmm_pairs(len), woven, rest;
	struct sc_chacha_mac mac = { .core = core, .blocks = dst, .skip = 1 };

	if (held->len == SC_CCP_WOVEN && pairs) {
		mac.blocks = held->at;
		mac.skip = 0;
		mac.then = dst;
	} else {
		if (held->len)
			sc_ccp_mac(sc_poly1305_pick(held->len), core, held->at,
				   held->len);
		if (pairs < 2) {
			held->len = 0;
			sc_aead_impl_onepass.seal(state, core, dst, src, len);
			return;
		}
	}
	woven = (pairs - 1) * SC_CCP_WOVEN;
	rest = len - woven;
	held->len = 0;
	if (held->more && !(len % POLY1305_BLOCK_SIZE) && rest >= SC_CCP_WOVEN)
		held->len = SC_CCP_WOVEN;
	rest -= held->len;
	held->at = dst + len - held->len;
	sc_chacha_xor_avx512_32x_mac(state, dst, src, len, 20, &mac);
	if (rest)
		sc_ccp_mac(sc_poly1305_pick(rest), core, dst + woven, rest);
}

/* A piece on its own: nothing held back before it, nothing after */
static void sc_ccp_seal_mulx(const u32 *state, struct sc_poly1305_core *core,
			     u8 *dst, const u8 *src, unsigned int len)
{
	struct sc_ccp_held none = { 0 };

	sc_ccp_seal_mulx_held(state, core, dst, src, len, &none);
}

static void sc_ccp_open_mulx(const u32 *state, struct sc_poly1305_core *core,
			     u8 *dst, const u8 *src, unsigned int len)
{
	unsigned int whole = len & ~(POLY1305_BLOCK_SIZE - 1);
	bool vh = len <= SC_CCP_VH_MAX;
	unsigned int woven = vh ? SC_CCP_WOVEN_VH :
				  sc_ccp_zmm_pairs(len) * SC_CCP_WOVEN;
	struct sc_chacha_mac mac = { .core = core };
	u8 block[POLY1305_BLOCK_SIZE] = { 0 };
	unsigned int head;

	if (len < SC_AEAD_MIN_AVX512_MULX) {
		sc_aead_impl_onepass.open(state, core, dst, src, len);
		return;
	}
	head = whole - woven;
	mac.blocks = src + head;
	/* the ciphertext's partial block, before it is overwritten in place */
	memcpy(block, src + whole, len - whole);
	if (head)
		sc_poly1305_pick(head)->blocks(core, src, head, 1);
	if (vh && sc_chacha_zy_ok())
		sc_chacha_xor_avx512_24zy_mac(state, dst, src, len, 20, &mac);
	else if (vh)
		sc_chacha_xor_avx512_24vh_mac(state, dst, src, len, 20, &mac);
	else
		sc_chacha_xor_avx512_32x_mac(state, dst, src, len, 20, &mac);
	if (len != whole)
		sc_poly1305_pick(sizeof(block))->blocks(core, block,
							sizeof(block), 1);
	memzero_explicit(block, sizeof(block));
}

const struct sc_aead_impl sc_aead_impl_avx512_mulx = {
	.base = {
		.name = "avx512-mulx",
		.cpu_features = SC_CPU_AVX | SC_CPU_AVX2 | SC_CPU_BMI2 |
				SC_CPU_AVX512,
		.cpu_avoid = SC_CPU_PREFER_YMM | SC_CPU_INTEL,
		.simd = true,
		.min_len = SC_AEAD_MIN_AVX512_MULX,
	},
	.seal = sc_ccp_seal_mulx,
	.open = sc_ccp_open_mulx,
	.seal_held = sc_ccp_seal_mulx_held,
	.chacha = sc_chacha_pick,
	.poly1305 = sc_poly1305_pick,
};
