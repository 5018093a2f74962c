/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Message-level ChaCha20-Poly1305 (RFC 8439 section 2.8) over the AEAD rows
 * of simdcrypt.h, shared by the AEAD glue, the userspace harness and the
 * benchmark.  The caller walks its data and brackets each call in a SIMD
 * section when the row it passes is a SIMD row (impl->base.simd):
 *
 *	sc_ccp_start()    Poly1305 key from block 0, plus a short text's
 *	                  keystream in the same ChaCha call
 *	sc_ccp_absorb()   the associated data (and a short text's ciphertext)
 *	sc_ccp_seal/open  the text, in pieces of at most SC_SIMD_CHUNK bytes,
 *	                  each a multiple of 64 bytes except the last
 *	sc_ccp_finish()   the lengths block and the tag; wipes the state
 *
 * A text of more than one piece keeps Poly1305's key powers across them
 * (sc_ccp_powers(), sc_ccp_drop_powers()).
 */
#ifndef _SC_GENERIC_CHACHA20POLY1305_H
#define _SC_GENERIC_CHACHA20POLY1305_H

#include <linux/string.h>
#include "../simdcrypt.h"
#include "../compat/unaligned.h"

/*
 * Texts up to this long go through sc_ccp_start() with the key block: one
 * ChaCha call of at most 16 blocks, key block included, then Poly1305;
 * longer ones start with the key block alone and go to the row's
 * seal/open.  On Zen 5 a vector ChaCha call costs about 500 cycles for
 * anything from 2 to 16 blocks (the chain through a round, not the work,
 * bounds it), while the key block alone costs 270 in general registers:
 * so the head goes up to 15 blocks (576 B: 1210 -> 1086 cycles), and a
 * head taken out of a longer text loses (its rest pays a second call).
 */
#define SC_CCP_HEAD_MAX		(15 * CHACHA_BLOCK_SIZE)

struct sc_ccp {
	u32 state[CHACHA_STATE_WORDS];	/* state[12]: the next block */
	struct sc_poly1305_core core;
	u32 s[4];
	struct sc_ccp_held held;	/* sealed, not absorbed yet */
};

/*
 * 0 if the tags are equal; no early exit, two 64-bit words (as the kernel
 * glue's crypto_memneq(); a byte loop cost open 20 cycles at 64 bytes).
 * Constant time: test/ct.c runs it on secret tags.
 */
static inline int sc_ccp_tag_differs(const u8 *a, const u8 *b)
{
	u64 d = (get_unaligned_le64(a) ^ get_unaligned_le64(b)) |
		(get_unaligned_le64(a + 8) ^ get_unaligned_le64(b + 8));

	return d != 0;
}

/*
 * Poly1305's key powers (struct sc_poly1305_pow, 416 bytes) for a text of
 * more than one piece, kept across its pieces in @pow on the stack of the
 * function that runs them, or NULL for a shorter text.  Not in struct
 * sc_ccp: that would take the request context from about 1.4 KiB to
 * 1.8 KiB, and with ESP's own data per packet (esp_alloc_tmp(), counted,
 * not measured) past the 2 KiB allocation it fits in now.  The caller
 * attaches the result as c->core.pow after sc_ccp_start*() (which clears
 * it) and ends with sc_ccp_drop_powers().
 */
static inline struct sc_poly1305_pow *
sc_ccp_powers(struct sc_poly1305_pow *pow, size_t textlen)
{
	if (textlen <= SC_SIMD_CHUNK)
		return NULL;
	pow->ready = 0;
	return pow;
}

static inline void sc_ccp_drop_powers(struct sc_ccp *c,
				      struct sc_poly1305_pow *pow)
{
	c->core.pow = NULL;
	if (pow)
		memzero_explicit(pow, sizeof(*pow));
}

/* The batch a lead completes, in blocks: the AVX2 row's (ymm, 8 blocks) */
#define SC_CCP_BATCH_BLOCKS	8

const struct sc_chacha_impl *sc_ccp_keyed_row(const struct sc_aead_impl *impl,
					      unsigned int len);

/*
 * Bytes of text that go through sc_ccp_start() for a text of @textlen
 * sealed (@seal) or opened with @impl: the whole text (a head), its first
 * blocks (a lead: opened, impl->open_lead_max; sealed, impl->seal_lead),
 * or none.  An opened lead only where the rest is one piece: the glue's
 * walk cuts a longer text at page boundaries, which a lead would put a
 * partial batch before; a sealed lead is a whole batch, and only where
 * the first piece has no keyed ChaCha call (sc_ccp_keyed_row()).
 */
static inline unsigned int sc_ccp_head_len(const struct sc_aead_impl *impl,
					   size_t textlen, bool seal)
{
	unsigned int lead;

	if (textlen <= SC_CCP_HEAD_MAX && (seal || !impl->open_head_max))
		return textlen;
	if (seal)
		return impl->seal_lead &&
		       !sc_ccp_keyed_row(impl, textlen < SC_SIMD_CHUNK ?
					 textlen : SC_SIMD_CHUNK) ?
		       impl->seal_lead : 0;
	if (!impl->open_head_max)
		return 0;
	if (textlen <= impl->open_head_max)
		return textlen;
	lead = (textlen + CHACHA_BLOCK_SIZE - 1) / CHACHA_BLOCK_SIZE %
	       SC_CCP_BATCH_BLOCKS;
	if (lead > impl->open_lead_max || textlen > SC_SIMD_CHUNK)
		return 0;
	return lead * CHACHA_BLOCK_SIZE;
}

/*
 * Sealing a head of @head bytes with a row that has seal_tail: how many
 * bytes at its end (all after its first seven blocks) sc_ccp_seal_tail()
 * encrypts after the AD, while it MACs the first seven; 0: the whole head
 * goes through sc_ccp_start() and is MACed after the AD.  Only heads of 8
 * to 11 blocks: the key block and the first part are then one 8-block
 * batch of the vector ChaCha rows, and the tail (1-4 blocks) one call,
 * as the whole head was.  Longer heads would trade the MAC the tail's
 * rounds carry for a ChaCha call more (AVX2 row, Intel family 6 model
 * 167, cycles per sealed message with a 2-block tail: 704 B 1807 -> 1962,
 * 960 B 2155 -> 2502; the gains: Documentation/aead.rst).
 *
 * A row with a seal_lead computes the key block and that many bytes in
 * one call (AVX2 row: the 9-block kernel), which costs on Zen 5 what
 * eight blocks do and on Intel 64 cycles more (544 against 480).  The
 * tail's blocks go two to a chain of rounds, each chain about as long as
 * the 8-block call: the lead is the first part where that leaves one
 * chain fewer (a tail of 0 or 2 blocks instead of 1 or 3), so a head of
 * 8 blocks needs no tail (Zen 5, AVX2 only, 512 B: 965 -> 783-823 TSC
 * ticks) and one of 10 blocks one chain.
 */
#define SC_CCP_TAIL_MIN		(7 * CHACHA_BLOCK_SIZE)
#define SC_CCP_TAIL_MAX		(11 * CHACHA_BLOCK_SIZE)

static inline unsigned int sc_ccp_tail_first(const struct sc_aead_impl *impl,
					     unsigned int head)
{
	unsigned int lead = impl->seal_lead;

	if (lead <= SC_CCP_TAIL_MIN || head < lead ||
	    (head - lead + CHACHA_BLOCK_SIZE - 1) / CHACHA_BLOCK_SIZE % 2)
		return SC_CCP_TAIL_MIN;
	return lead;
}

static inline unsigned int sc_ccp_head_tail(const struct sc_aead_impl *impl,
					    unsigned int head, size_t textlen,
					    bool seal)
{
	unsigned int first = sc_ccp_tail_first(impl, head);

	if (!seal || !impl->seal_tail || head <= first ||
	    head > SC_CCP_TAIL_MAX || head < textlen)
		return 0;
	return head - first;
}

/*
 * @buf: room for the key block (CHACHA_BLOCK_SIZE bytes, zeroed here),
 * then @head bytes of text (at most SC_CCP_HEAD_MAX), encrypted in place;
 * the key block is wiped on return.  The zeroing is here, once, not at
 * each caller: inlined in the flat-buffer path, gcc expanded one copy of
 * it as `rep stos` (asm/x86/cflags.mk).
 */
void sc_ccp_start(const struct sc_aead_impl *impl, struct sc_ccp *c,
		  const u32 *key, const u8 *nonce, u8 *buf, unsigned int head);
/*
 * The key block may come from the ChaCha call of a text's first piece, on
 * rows that offer it (xor_stream_key) where the key block does not start
 * a batch of its own: sc_ccp_keyed_row() returns that row for a first
 * piece of @len bytes, or NULL.  After sc_ccp_start_keyed(), absorb the
 * AD, then the piece's ciphertext; the rest of the text goes on with
 * sc_ccp_seal()/sc_ccp_open().  A first piece of a multiple of a row's
 * key_batch keeps the separate key block (with it the call would need
 * another batch), unless the key block rides in general registers there
 * (sc_chacha_key_in_gprs(): the zmm row, but on Intel), so a whole 4 KiB
 * first piece goes keyed with it, 4 KiB of vector work.  Opened in place,
 * the ciphertext must be MACed before the keystream overwrites it: the
 * keyed call then reads a copy (sc_ccp_keyed_first()).  A short text
 * in one piece (always, in flat buffers) goes this way too when it can:
 * no copy into the head buffer and back (opened in place, one copy
 * instead of two).
 */
void sc_ccp_start_keyed(const struct sc_chacha_impl *chacha, struct sc_ccp *c,
			const u32 *key, const u8 *nonce, u8 *dst,
			const u8 *src, unsigned int len);
/*
 * Room for a copy of a first piece (at most SC_SIMD_CHUNK bytes) opened
 * in place: with it the piece takes the keyed call out of place, from
 * the copy, and the MAC reads the copy, instead of the key block's call
 * of its own (one ChaCha call's latency, about 270 cycles on Zen 5,
 * against a copy; Documentation/aead.rst).  The kernel has one a CPU,
 * each taken with an atomic bit, so any context may ask and a holder may
 * migrate; NULL where there is none or it is taken, and the caller does
 * without.  It only ever holds ciphertext: nothing to wipe.  Userspace
 * (test/cpu_user.c): one per thread.
 */
u8 *sc_ccp_copy_get(void);
void sc_ccp_copy_put(u8 *copy);
/*
 * The keyed call for a first piece of @len bytes (sc_ccp_keyed_row()), or
 * NULL.  Opened in place (!@seal, @dst == @src), only with @*copy holding
 * that piece's ciphertext, for the call and the MAC to read instead of
 * @src (put it back with sc_ccp_copy_put() once it is MACed); else
 * @*copy is NULL and nothing is taken.
 */
const struct sc_chacha_impl *
sc_ccp_keyed_first(const struct sc_aead_impl *impl, bool seal, const u8 *dst,
		   const u8 *src, unsigned int len, u8 **copy);
/*
 * After sc_ccp_start() of @first bytes and the AD: seal the @tail bytes
 * at @text + @first in place (sc_ccp_head_tail()), the MAC of the @first
 * bytes at @text riding their rounds, then their own.
 */
void sc_ccp_seal_tail(const struct sc_aead_impl *impl, struct sc_ccp *c,
		      u8 *text, unsigned int first, unsigned int tail);
/*
 * Absorb @len bytes with @poly; a partial last block is zero-padded, not
 * 0x01-padded (for the rows' own pieces).
 */
void sc_ccp_mac(const struct sc_poly1305_impl *poly,
		struct sc_poly1305_core *core, const u8 *src, size_t len);
/* Absorb @len bytes, a partial last block zero-padded (AD, short text). */
void sc_ccp_absorb(const struct sc_aead_impl *impl, struct sc_ccp *c,
		   const u8 *src, size_t len);
/*
 * Seal a piece; @more: more text follows it.  With a row that has
 * seal_held, up to SC_CCP_HELD_MAX bytes at the end of a piece that more
 * text follows may be left unabsorbed (c->held) for the next piece's call
 * to MAC in its rounds: the caller keeps c->held.at readable until then,
 * or points it at a copy.  A last piece (!@more) leaves nothing held;
 * sc_ccp_flush() absorbs what is (sc_ccp_finish() calls it).
 */
void sc_ccp_seal(const struct sc_aead_impl *impl, struct sc_ccp *c, u8 *dst,
		 const u8 *src, unsigned int len, bool more);
void sc_ccp_flush(const struct sc_aead_impl *impl, struct sc_ccp *c);
/*
 * After sc_ccp_start_keyed() and the AD, a sealed first piece's @len bytes
 * of ciphertext at @text (or after sc_ccp_start() and the AD, a sealed
 * lead's); @more: more text follows, and the piece's last bytes (at most
 * SC_CCP_HELD_MAX) may be held back for the next call, as sc_ccp_seal()
 * holds back a piece's.
 */
void sc_ccp_absorb_sealed(const struct sc_aead_impl *impl, struct sc_ccp *c,
			  const u8 *text, unsigned int len, bool more);
void sc_ccp_open(const struct sc_aead_impl *impl, struct sc_ccp *c, u8 *dst,
		 const u8 *src, unsigned int len);
/* XOR the keystream at the current position only (undo a failed open). */
void sc_ccp_xor(const struct sc_aead_impl *impl, struct sc_ccp *c, u8 *dst,
		const u8 *src, unsigned int len);
void sc_ccp_finish(const struct sc_aead_impl *impl, struct sc_ccp *c,
		   u64 adlen, u64 textlen, u8 *tag);

/*
 * Whole messages in contiguous buffers, in the same steps as the AEAD glue
 * (userspace harness and benchmark: no SIMD sections).  open returns 0 or
 * -EBADMSG (then @dst holds no plaintext).
 */
void sc_ccp_seal_buf(const struct sc_aead_impl *impl, const u8 *key,
		     const u8 *nonce, const u8 *ad, size_t adlen, u8 *dst,
		     const u8 *src, size_t len, u8 *tag);
int sc_ccp_open_buf(const struct sc_aead_impl *impl, const u8 *key,
		    const u8 *nonce, const u8 *ad, size_t adlen, u8 *dst,
		    const u8 *src, size_t len, const u8 *tag);

#endif
