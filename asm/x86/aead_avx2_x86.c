// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 AEAD row "avx2": ChaCha20 in ymm and Poly1305 with MULX, stitched
 * into one loop (asm/x86/chacha20poly1305-avx2.S).  The asm MACs whole
 * 16-byte blocks; this wrapper adds the zero-padded partial last block
 * (open: copied before the asm overwrites it in place).  Seal gives a
 * piece of up to two blocks to the ChaCha row the plan has for its length
 * and to MULX Poly1305; open takes a last piece of up to four blocks,
 * seal a short head's last blocks (seal_tail) and a piece's last one or
 * two after whole batches, from the 2- and 4-block rounds with Poly1305
 * woven in.  The asm is called directly: no asm
 * address is taken.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/linkage.h>
#include "../../compat/unaligned.h"
#include "../../simdcrypt.h"
#include "chacha_rows.h"
#include "poly1305_rows.h"
#include "aead_rows.h"

#ifndef asmlinkage
#define asmlinkage	/* userspace harness */
#endif

/*
 * What a sealing call's rounds MAC besides its own output: the first
 * batch's rounds the 512 bytes at @first (NULL: nothing), and after the
 * last batch the output up to @end (a whole block).
 */
struct sc_ccp_avx2_mac {
	const u8 *first;
	const u8 *end;
};

_Static_assert(__builtin_offsetof(struct sc_ccp_avx2_mac, first) == 0 &&
	       __builtin_offsetof(struct sc_ccp_avx2_mac, end) == 8,
	       "chacha20poly1305-avx2.S: struct sc_ccp_avx2_mac layout");

asmlinkage void sc_ccp_seal_avx2_x86(const u32 *state,
				     struct sc_poly1305_core *core, u8 *dst,
				     const u8 *src, unsigned int len,
				     const struct sc_ccp_avx2_mac *mac);
asmlinkage void sc_ccp_open_avx2_x86(const u32 *state,
				     struct sc_poly1305_core *core, u8 *dst,
				     const u8 *src, unsigned int len);
asmlinkage void sc_ccp_ks2_mac_avx2_x86(const u32 *state, u8 *ks,
					struct sc_poly1305_core *core,
					const u8 *mac, size_t maclen);
asmlinkage void sc_ccp_ks4_mac_avx2_x86(const u32 *state, u8 *ks,
					struct sc_poly1305_core *core,
					const u8 *mac, size_t maclen);

/* The asm knows struct sc_poly1305_core by these offsets. */
_Static_assert(__builtin_offsetof(struct sc_poly1305_core, h) == 0 &&
	       __builtin_offsetof(struct sc_poly1305_core, r) == 24,
	       "chacha20poly1305-avx2.S: struct sc_poly1305_core layout");

#define SC_CCP_AVX2_BATCH	(8 * CHACHA_BLOCK_SIZE)
/*
 * seal: up to this many bytes the plan's ChaCha row and then the MAC beat
 * a stitched batch (about 640 cycles however few blocks it holds).
 */
#define SC_CCP_AVX2_SHORT_MAX	(2 * CHACHA_BLOCK_SIZE)
/*
 * The most the 2- and 4-block rounds with Poly1305 woven in produce; open
 * takes a last piece up to this long from them, with its own MAC.  On
 * Intel, family 6 model 167, AVX2 only, cycles per message against the
 * stitched short batch: 704 B 1838 -> 1731, 768 B 1860 -> 1763; and
 * against the plan's ChaCha row then the MAC (1-2 blocks): 640 B 1652 ->
 * 1588, 1152 B 2372 -> 2300.
 */
#define SC_CCP_AVX2_KS_MAX	(4 * CHACHA_BLOCK_SIZE)
/*
 * seal: a short last batch of up to this many bytes after whole ones comes
 * from the 2-block rounds, which MAC the last whole batch as the short
 * batch's rounds would have.  Zen 5, AVX2 only, sealed texts timed in
 * turns with the short batch (medians of the time ratios, two runs):
 * 1088 B 0.965-0.973, 1152 B 0.979-0.989, 1600 B 0.981-0.993, 2112 B
 * 0.983-0.984; with three or four blocks from the 4-block rounds
 * 1.00-1.02, so those stay in the batch.
 */
#define SC_CCP_AVX2_SEAL_KS_MAX	(2 * CHACHA_BLOCK_SIZE)
/*
 * open: a longer text leaves the head (key block and text in one ChaCha
 * call, then the MAC) for the stitched loop, which MACs the ciphertext
 * inside the rounds.  Intel, family 6 model 167, AVX2 only, cycles per
 * message (16-byte AD), head -> stitched: 256 B 1080 -> 1143, 320 B
 * 1151 -> 1162, 352 B 1253 -> 1202, 384 B 1275 -> 1185, 576 B 1828 ->
 * 1600, 960 B 2156 -> 1920.  seal gains nothing there: its MAC trails
 * the rounds by a batch, and a short text has one.
 */
#define SC_CCP_AVX2_OPEN_HEAD_MAX	(5 * CHACHA_BLOCK_SIZE)

/*
 * open: a last batch of one to three blocks after whole ones (a text of
 * 8n + 1..3 blocks) is better taken from the text's start with the key
 * block, which costs a ChaCha call anyway (2 or 4 blocks cost about what
 * 1 does), and MACed after it, than left to the 2- or 4-block rounds at
 * the end.
 */
#define SC_CCP_AVX2_OPEN_LEAD_MAX	3

/* Absorb @n (< 16) bytes zero-padded to a block. */
static void sc_ccp_avx2_mac_tail(struct sc_poly1305_core *core,
				 const u8 *src, unsigned int n)
{
	u8 block[POLY1305_BLOCK_SIZE] = { 0 };

	memcpy(block, src, n);
	sc_poly1305_blocks_x86_mulx(core, block, sizeof(block), 1);
	memzero_explicit(block, sizeof(block));
}

static void sc_ccp_avx2_mac(struct sc_poly1305_core *core, const u8 *src,
			    unsigned int len)
{
	unsigned int whole = len & ~(POLY1305_BLOCK_SIZE - 1);

	if (whole)
		sc_poly1305_blocks_x86_mulx(core, src, whole, 1);
	if (len != whole)
		sc_ccp_avx2_mac_tail(core, src + whole, len - whole);
}

/*
 * @len (at most SC_CCP_AVX2_KS_MAX) bytes of keystream from rounds that
 * carry the MAC of the @maclen bytes (whole blocks) at @mac, XORed from
 * @src to @dst after those are MACed (so @mac may be @src = @dst).
 */
static void sc_ccp_avx2_ks_xor(const u32 *state,
			       struct sc_poly1305_core *core, u8 *dst,
			       const u8 *src, unsigned int len,
			       const u8 *mac, size_t maclen)
{
	u8 ks[SC_CCP_AVX2_KS_MAX];
	unsigned int i;

	if (len > 2 * CHACHA_BLOCK_SIZE)
		sc_ccp_ks4_mac_avx2_x86(state, ks, core, mac, maclen);
	else
		sc_ccp_ks2_mac_avx2_x86(state, ks, core, mac, maclen);
	for (i = 0; i + 8 <= len; i += 8)
		put_unaligned_le64(get_unaligned_le64(src + i) ^
				   get_unaligned_le64(ks + i), dst + i);
	for (; i < len; i++)
		dst[i] = src[i] ^ ks[i];
	memzero_explicit(ks, sizeof(ks));
}

/* As sc_ccp_avx2_ks_xor(), for the bytes after the first @done of a piece */
static void sc_ccp_avx2_ks_xor_from(const u32 *state,
				    struct sc_poly1305_core *core, u8 *dst,
				    const u8 *src, unsigned int done,
				    unsigned int len, const u8 *mac,
				    size_t maclen)
{
	u32 st[CHACHA_STATE_WORDS];

	memcpy(st, state, sizeof(st));
	st[12] += done / CHACHA_BLOCK_SIZE;
	sc_ccp_avx2_ks_xor(st, core, dst + done, src + done, len, mac, maclen);
	memzero_explicit(st, sizeof(st));
}

/*
 * Sealing pieces of a longer text: a piece's first batch has no output
 * of its own to MAC in its rounds and its last batch's is MACed after
 * them, so a piece of whole batches followed by more text holds its last
 * batch back, and the next piece's first batch MACs it.  Bytes held back
 * by another row: all but their last batch first.
 *
 * A piece that ends in a short batch of one or two blocks after whole
 * ones (8n + 1 or 8n + 2 blocks, n >= 1) takes those from the 2-block
 * rounds instead (sc_ccp_avx2_ks_xor()), which carry the MAC of the last
 * whole batch as the short batch would have: one chain of rounds, not a
 * vertical batch that costs eight blocks however few it holds.
 */
static void sc_ccp_seal_avx2_held(const u32 *state,
				  struct sc_poly1305_core *core, u8 *dst,
				  const u8 *src, unsigned int len,
				  struct sc_ccp_held *held)
{
	unsigned int whole = len & ~(POLY1305_BLOCK_SIZE - 1);
	unsigned int rest = len % SC_CCP_AVX2_BATCH, n = len;
	struct sc_ccp_avx2_mac mac = { .end = dst + whole };
	unsigned int early = held->len;

	if (len > SC_CCP_AVX2_SHORT_MAX && held->len >= SC_CCP_AVX2_BATCH) {
		early -= SC_CCP_AVX2_BATCH;
		mac.first = held->at + early;
	}
	if (early)
		sc_ccp_avx2_mac(core, held->at, early);
	held->len = 0;
	if (len <= SC_CCP_AVX2_SHORT_MAX) {
		sc_chacha_pick(len)->xor_stream(state, dst, src, len, 20);
		sc_ccp_avx2_mac(core, dst, len);
		return;
	}
	if (len > SC_CCP_AVX2_BATCH && rest &&
	    rest <= SC_CCP_AVX2_SEAL_KS_MAX) {
		/* the last whole batch: MACed in the short batch's rounds */
		n = len - rest;
		mac.end = dst + n - SC_CCP_AVX2_BATCH;
	} else if (held->more && !rest) {
		held->len = SC_CCP_AVX2_BATCH;
		held->at = dst + len - SC_CCP_AVX2_BATCH;
		mac.end = held->at;
	}
	sc_ccp_seal_avx2_x86(state, core, dst, src, n, &mac);
	if (n < len) {
		sc_ccp_avx2_ks_xor_from(state, core, dst, src, n, rest,
					mac.end, SC_CCP_AVX2_BATCH);
		sc_ccp_avx2_mac(core, dst + n, rest);
	} else if (len != whole) {
		sc_ccp_avx2_mac_tail(core, dst + whole, len - whole);
	}
}

/* A piece on its own: nothing held back before it, nothing after */
static void sc_ccp_seal_avx2(const u32 *state, struct sc_poly1305_core *core,
			     u8 *dst, const u8 *src, unsigned int len)
{
	struct sc_ccp_held none = { 0 };

	sc_ccp_seal_avx2_held(state, core, dst, src, len, &none);
}

/*
 * open: whole batches in the asm, and a short last batch too unless it
 * has at most SC_CCP_AVX2_KS_MAX bytes: those come from the 2- or 4-block
 * rounds that carry their own MAC.  (seal keeps a short last batch of
 * three or more blocks in the asm: there its rounds hide the MAC of the
 * batch before.)
 */
static void sc_ccp_open_avx2(const u32 *state, struct sc_poly1305_core *core,
			     u8 *dst, const u8 *src, unsigned int len)
{
	unsigned int tail = len % SC_CCP_AVX2_BATCH;
	unsigned int n = tail <= SC_CCP_AVX2_KS_MAX ? len - tail : len;
	unsigned int whole = len & ~(POLY1305_BLOCK_SIZE - 1);
	u8 block[POLY1305_BLOCK_SIZE] = { 0 };

	/* the ciphertext's partial block, before it is overwritten in place */
	memcpy(block, src + whole, len - whole);
	if (n)
		sc_ccp_open_avx2_x86(state, core, dst, src, n);
	if (n < len)
		sc_ccp_avx2_ks_xor_from(state, core, dst, src, n, len - n,
					src + n, whole - n);
	if (len != whole)
		sc_poly1305_blocks_x86_mulx(core, block, sizeof(block), 1);
	memzero_explicit(block, sizeof(block));
}

/*
 * A sealed head's last one to four blocks: their keystream from rounds of
 * one or two 2-block batches that carry the MAC of the head before them,
 * then their own MAC.
 */
static void sc_ccp_seal_tail_avx2(const u32 *state,
				  struct sc_poly1305_core *core, u8 *dst,
				  const u8 *src, unsigned int len,
				  const u8 *mac, size_t maclen)
{
	sc_ccp_avx2_ks_xor(state, core, dst, src, len, mac, maclen);
	sc_ccp_avx2_mac(core, dst, len);
}

/*
 * The ChaCha row for the key block and a head: the plan's, but for a
 * sealed lead (a batch) with its key block, nine blocks, the avx2 row,
 * whose 9-block kernel (eight in ymm, one in general registers) takes
 * the time of eight: Zen 5, AVX2 only, 336 TSC ticks against 567-588 for
 * avx2-horiz, which a plan may still give 513-768 bytes where the rows
 * that use that kernel (avx2, avx2-x16) are not timed faster at 768.
 * Not where a ChaCha row is forced.
 */
static const struct sc_chacha_impl *sc_ccp_avx2_chacha(unsigned int len)
{
	if (len == SC_CCP_AVX2_BATCH + CHACHA_BLOCK_SIZE &&
	    sc_forced_impl(SC_ALG_CHACHA) < 0 &&
	    sc_impl_supported(&sc_chacha_impl_avx2.base))
		return &sc_chacha_impl_avx2;
	return sc_chacha_pick(len);
}

const struct sc_aead_impl sc_aead_impl_avx2 = {
	.base = {
		.name		= "avx2",
		.cpu_features	= SC_CPU_AVX | SC_CPU_AVX2 | SC_CPU_BMI2,
		.cpu_avoid	= SC_AEAD_AVX2_AVOID,
		.simd		= true,
		.min_len	= SC_AEAD_MIN_AVX2,
	},
	.seal = sc_ccp_seal_avx2,
	.open = sc_ccp_open_avx2,
	.chacha = sc_ccp_avx2_chacha,
	.poly1305 = sc_poly1305_pick,
	.open_head_max = SC_CCP_AVX2_OPEN_HEAD_MAX,
	.open_lead_max = SC_CCP_AVX2_OPEN_LEAD_MAX,
	.seal_tail = sc_ccp_seal_tail_avx2,
	.seal_held = sc_ccp_seal_avx2_held,
	.seal_lead = SC_CCP_AVX2_BATCH,
};
