// SPDX-License-Identifier: GPL-2.0
/*
 * ChaCha20-Poly1305 (RFC 8439 section 2.8) in one pass: the message-level
 * steps every caller shares (generic/chacha20poly1305.h), and the portable
 * AEAD rows:
 *
 *   generic   portable C ChaCha20, then portable C Poly1305, per piece
 *   scalar    the best ChaCha and Poly1305 rows that need no SIMD section
 *             (x86_64: the general-register asm); the no-SIMD choice
 *   onepass   per piece of at most 4 KiB, in one SIMD section: the best
 *             ChaCha row encrypts it, then the best Poly1305 row MACs it
 *             while it is still in L1 (open: MAC, then decrypt)
 *
 * The stitched rows (asm/<arch>/) do both in one loop.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/errno.h>
#include "../compat/unaligned.h"
#include "../simdcrypt.h"
#include "chacha20poly1305.h"

void sc_ccp_mac(const struct sc_poly1305_impl *poly,
		struct sc_poly1305_core *core, const u8 *src, size_t len)
{
	size_t whole = len & ~(size_t)(POLY1305_BLOCK_SIZE - 1);
	u8 block[POLY1305_BLOCK_SIZE] = { 0 };

	if (whole)
		poly->blocks(core, src, whole, 1);
	if (len == whole)
		return;
	memcpy(block, src + whole, len - whole);
	poly->blocks(core, block, POLY1305_BLOCK_SIZE, 1);
	memzero_explicit(block, sizeof(block));
}

/* Blocks of keystream @len bytes cover, for the counter. */
static u32 sc_ccp_blocks(unsigned int len)
{
	return (len + CHACHA_BLOCK_SIZE - 1) / CHACHA_BLOCK_SIZE;
}

void sc_ccp_start(const struct sc_aead_impl *impl, struct sc_ccp *c,
		  const u32 *key, const u8 *nonce, u8 *buf, unsigned int head)
{
	unsigned int len = CHACHA_BLOCK_SIZE + head;
	u8 iv[CHACHA_IV_SIZE] = { 0 };		/* counter 0 */
	int i;

	memset(buf, 0, CHACHA_BLOCK_SIZE);
	memcpy(iv + 4, nonce, CCP_NONCE_SIZE);
	sc_chacha_init_state(c->state, key, iv);
	impl->chacha(len)->xor_stream(c->state, buf, buf, len, 20);
	sc_poly1305_core_setkey(&c->core, buf);
	for (i = 0; i < 4; i++)
		c->s[i] = get_unaligned_le32(buf + 16 + 4 * i);
	memzero_explicit(buf, CHACHA_BLOCK_SIZE);
	c->state[12] += sc_ccp_blocks(len);
	c->held.len = 0;
}

const struct sc_chacha_impl *sc_ccp_keyed_row(const struct sc_aead_impl *impl,
					      unsigned int len)
{
	const struct sc_chacha_impl *chacha;

	/* one SIMD section holds the call: at most 4 KiB of vector work */
	if (len > SC_SIMD_CHUNK)
		return NULL;
	chacha = impl->chacha(len + CHACHA_BLOCK_SIZE);
	if (!chacha->xor_stream_key)
		return NULL;
	/* whole key_batch groups (a 4 KiB piece too) with no batch more */
	if (sc_chacha_key_in_gprs(chacha))
		return chacha;
	if (len > SC_SIMD_CHUNK - CHACHA_BLOCK_SIZE ||
	    !(sc_ccp_blocks(len) % chacha->key_batch))
		return NULL;
	return chacha;
}

/*
 * Pieces under 3 KiB only.  Zen 5, the plan's row and the two it takes
 * there (onepass, avx512-mulx) forced, opened in place with the copy
 * against without, in turns, the median of 61 time ratios: 968-3040
 * bytes 0.79-0.93; 3072 bytes 1.01-1.07; 3328-4032 bytes 0.89-1.02 from
 * run to run, and a whole 4 KiB piece 1.02-1.04 (the copy, against a row
 * whose rounds carry the MAC).
 */
#define SC_CCP_COPY_MAX		(48 * CHACHA_BLOCK_SIZE)

const struct sc_chacha_impl *
sc_ccp_keyed_first(const struct sc_aead_impl *impl, bool seal, const u8 *dst,
		   const u8 *src, unsigned int len, u8 **copy)
{
	const struct sc_chacha_impl *chacha;

	*copy = NULL;
	if (seal || dst != src)
		return sc_ccp_keyed_row(impl, len);
	chacha = len < SC_CCP_COPY_MAX ? sc_ccp_keyed_row(impl, len) : NULL;
	*copy = chacha ? sc_ccp_copy_get() : NULL;
	if (!*copy)
		return NULL;
	memcpy(*copy, src, len);
	return chacha;
}

void sc_ccp_start_keyed(const struct sc_chacha_impl *chacha, struct sc_ccp *c,
			const u32 *key, const u8 *nonce, u8 *dst,
			const u8 *src, unsigned int len)
{
	u8 iv[CHACHA_IV_SIZE] = { 0 };		/* counter 0 */
	u8 kb[CHACHA_BLOCK_SIZE];
	int i;

	memcpy(iv + 4, nonce, CCP_NONCE_SIZE);
	sc_chacha_init_state(c->state, key, iv);
	chacha->xor_stream_key(c->state, kb, dst, src, len, 20);
	sc_poly1305_core_setkey(&c->core, kb);
	for (i = 0; i < 4; i++)
		c->s[i] = get_unaligned_le32(kb + 16 + 4 * i);
	memzero_explicit(kb, sizeof(kb));
	c->state[12] += 1 + sc_ccp_blocks(len);
	c->held.len = 0;
}

void sc_ccp_seal_tail(const struct sc_aead_impl *impl, struct sc_ccp *c,
		      u8 *text, unsigned int first, unsigned int tail)
{
	impl->seal_tail(c->state, &c->core, text + first, text + first, tail,
			text, first);
	c->state[12] += sc_ccp_blocks(tail);
}

void sc_ccp_absorb(const struct sc_aead_impl *impl, struct sc_ccp *c,
		   const u8 *src, size_t len)
{
	sc_ccp_mac(impl->poly1305(len), &c->core, src, len);
}

void sc_ccp_flush(const struct sc_aead_impl *impl, struct sc_ccp *c)
{
	if (!c->held.len)
		return;
	sc_ccp_mac(impl->poly1305(c->held.len), &c->core, c->held.at,
		   c->held.len);
	c->held.len = 0;
}

void sc_ccp_absorb_sealed(const struct sc_aead_impl *impl, struct sc_ccp *c,
			  const u8 *text, unsigned int len, bool more)
{
	unsigned int hold = 0;

	if (impl->seal_held && more && !(len % POLY1305_BLOCK_SIZE))
		hold = len < SC_CCP_HELD_MAX ? len : SC_CCP_HELD_MAX;
	sc_ccp_absorb(impl, c, text, len - hold);
	c->held.at = text + len - hold;
	c->held.len = hold;
}

void sc_ccp_seal(const struct sc_aead_impl *impl, struct sc_ccp *c, u8 *dst,
		 const u8 *src, unsigned int len, bool more)
{
	if (impl->seal_held) {
		c->held.more = more;
		impl->seal_held(c->state, &c->core, dst, src, len, &c->held);
	} else {
		sc_ccp_flush(impl, c);
		impl->seal(c->state, &c->core, dst, src, len);
	}
	c->state[12] += sc_ccp_blocks(len);
}

void sc_ccp_open(const struct sc_aead_impl *impl, struct sc_ccp *c, u8 *dst,
		 const u8 *src, unsigned int len)
{
	impl->open(c->state, &c->core, dst, src, len);
	c->state[12] += sc_ccp_blocks(len);
}

void sc_ccp_xor(const struct sc_aead_impl *impl, struct sc_ccp *c, u8 *dst,
		const u8 *src, unsigned int len)
{
	impl->chacha(len)->xor_stream(c->state, dst, src, len, 20);
	c->state[12] += sc_ccp_blocks(len);
}

void sc_ccp_finish(const struct sc_aead_impl *impl, struct sc_ccp *c,
		   u64 adlen, u64 textlen, u8 *tag)
{
	u8 lengths[POLY1305_BLOCK_SIZE];

	sc_ccp_flush(impl, c);
	put_unaligned_le64(adlen, lengths);
	put_unaligned_le64(textlen, lengths + 8);
	impl->poly1305(POLY1305_BLOCK_SIZE)->blocks(&c->core, lengths,
						     sizeof(lengths), 1);
	sc_poly1305_emit(&c->core, c->s, tag);
	memzero_explicit(c, sizeof(*c));
}

/* ---- whole messages in flat buffers (harness, benchmark) ---- */

static void sc_ccp_key_words(const u8 *key, u32 *words)
{
	int i;

	for (i = 0; i < 8; i++)
		words[i] = get_unaligned_le32(key + 4 * i);
}

/*
 * @pow_buf: room for the key's powers, in the caller's frame: with the
 * head buffer and KASAN's redzones one frame passed 2 KiB.
 */
static noinline void sc_ccp_buf(const struct sc_aead_impl *impl,
				const u8 *key, const u8 *nonce, const u8 *ad,
				size_t adlen, u8 *dst, const u8 *src,
				size_t len, u8 *tag, bool seal,
				struct sc_poly1305_pow *pow_buf)
{
	u8 buf[CHACHA_BLOCK_SIZE + SC_CCP_HEAD_MAX];
	unsigned int head, first = len < SC_SIMD_CHUNK ? len : SC_SIMD_CHUNK;
	const struct sc_chacha_impl *keyed = NULL;
	struct sc_poly1305_pow *pow = sc_ccp_powers(pow_buf, len);
	const u8 *from = src;
	u8 *copy = NULL;
	struct sc_ccp c;
	u32 k[8];
	size_t done;

	sc_ccp_key_words(key, k);
	if (len)
		keyed = sc_ccp_keyed_first(impl, seal, dst, src, first, &copy);
	if (copy)
		from = copy;
	head = keyed ? 0 : sc_ccp_head_len(impl, len, seal);
	done = head;
	if (keyed) {
		/* the first piece in one ChaCha call with the key block */
		done = first;
		sc_ccp_start_keyed(keyed, &c, k, nonce, dst, from, done);
		c.core.pow = pow;
		sc_ccp_absorb(impl, &c, ad, adlen);
		if (seal)
			sc_ccp_absorb_sealed(impl, &c, dst, done, done < len);
		else
			sc_ccp_absorb(impl, &c, from, done);
		sc_ccp_copy_put(copy);
	} else {
		/* the head in place in buf; open MACs the ciphertext from @src */
		unsigned int tail = sc_ccp_head_tail(impl, head, len, seal);

		memcpy(buf + CHACHA_BLOCK_SIZE, src, head);
		sc_ccp_start(impl, &c, k, nonce, buf, head - tail);
		c.core.pow = pow;
		sc_ccp_absorb(impl, &c, ad, adlen);
		if (tail)
			sc_ccp_seal_tail(impl, &c, buf + CHACHA_BLOCK_SIZE,
					 head - tail, tail);
		else if (!seal)
			sc_ccp_absorb(impl, &c, src, head);
		memcpy(dst, buf + CHACHA_BLOCK_SIZE, head);
		/* a sealed lead's ciphertext may be held back from @dst */
		if (seal && !tail)
			sc_ccp_absorb_sealed(impl, &c, dst, head, head < len);
	}
	while (done < len) {
		unsigned int n = len - done < SC_SIMD_CHUNK ? len - done :
							      SC_SIMD_CHUNK;

		if (seal)
			sc_ccp_seal(impl, &c, dst + done, src + done, n,
				    done + n < len);
		else
			sc_ccp_open(impl, &c, dst + done, src + done, n);
		done += n;
	}
	sc_ccp_drop_powers(&c, pow);
	sc_ccp_finish(impl, &c, adlen, len, tag);
	/* the key block is wiped already; an opened head is plaintext */
	if (!seal)
		memzero_explicit(buf + CHACHA_BLOCK_SIZE, head);
	memzero_explicit(k, sizeof(k));
}

void sc_ccp_seal_buf(const struct sc_aead_impl *impl, const u8 *key,
		     const u8 *nonce, const u8 *ad, size_t adlen, u8 *dst,
		     const u8 *src, size_t len, u8 *tag)
{
	struct sc_poly1305_pow pow;

	sc_ccp_buf(impl, key, nonce, ad, adlen, dst, src, len, tag, true, &pow);
}

int sc_ccp_open_buf(const struct sc_aead_impl *impl, const u8 *key,
		    const u8 *nonce, const u8 *ad, size_t adlen, u8 *dst,
		    const u8 *src, size_t len, const u8 *tag)
{
	struct sc_poly1305_pow pow;
	u8 want[CCP_TAG_SIZE];
	int bad;

	sc_ccp_buf(impl, key, nonce, ad, adlen, dst, src, len, want, false,
		   &pow);
	bad = sc_ccp_tag_differs(want, tag);
	memzero_explicit(want, sizeof(want));
	if (!bad)
		return 0;
	memset(dst, 0, len);
	return -EBADMSG;
}

/* ---- the portable rows ---- */

static void sc_ccp_seal_with(const struct sc_chacha_impl *chacha,
			     const struct sc_poly1305_impl *poly,
			     const u32 *state, struct sc_poly1305_core *core,
			     u8 *dst, const u8 *src, unsigned int len)
{
	chacha->xor_stream(state, dst, src, len, 20);
	sc_ccp_mac(poly, core, dst, len);
}

static void sc_ccp_open_with(const struct sc_chacha_impl *chacha,
			     const struct sc_poly1305_impl *poly,
			     const u32 *state, struct sc_poly1305_core *core,
			     u8 *dst, const u8 *src, unsigned int len)
{
	sc_ccp_mac(poly, core, src, len);
	chacha->xor_stream(state, dst, src, len, 20);
}

#define SC_CCP_PORTABLE_ROW(_row, _chacha, _poly)			\
static void sc_ccp_seal_##_row(const u32 *state,			\
			       struct sc_poly1305_core *core,		\
			       u8 *dst, const u8 *src,			\
			       unsigned int len)			\
{									\
	sc_ccp_seal_with(_chacha(len), _poly(len), state, core, dst,	\
			 src, len);					\
}									\
static void sc_ccp_open_##_row(const u32 *state,			\
			       struct sc_poly1305_core *core,		\
			       u8 *dst, const u8 *src,			\
			       unsigned int len)			\
{									\
	sc_ccp_open_with(_chacha(len), _poly(len), state, core, dst,	\
			 src, len);					\
}

static const struct sc_chacha_impl *sc_ccp_chacha_generic(unsigned int len)
{
	(void)len;
	return &sc_chacha_impl_generic;
}

static const struct sc_poly1305_impl *sc_ccp_poly1305_generic(size_t len)
{
	(void)len;
	return &sc_poly1305_impl_generic;
}

SC_CCP_PORTABLE_ROW(generic, sc_ccp_chacha_generic, sc_ccp_poly1305_generic)
SC_CCP_PORTABLE_ROW(scalar, sc_chacha_pick_nosimd, sc_poly1305_pick_nosimd)
SC_CCP_PORTABLE_ROW(onepass, sc_chacha_pick, sc_poly1305_pick)

const struct sc_aead_impl sc_aead_impl_generic = {
	.base = { .name = "generic" },
	.seal = sc_ccp_seal_generic,
	.open = sc_ccp_open_generic,
	.chacha = sc_ccp_chacha_generic,
	.poly1305 = sc_ccp_poly1305_generic,
};

/* The best rows that need no SIMD section: also the no-SIMD choice. */
const struct sc_aead_impl sc_aead_impl_scalar = {
	.base = { .name = "scalar" },
	.seal = sc_ccp_seal_scalar,
	.open = sc_ccp_open_scalar,
	.chacha = sc_chacha_pick_nosimd,
	.poly1305 = sc_poly1305_pick_nosimd,
};

/* Below this the SIMD section costs more than it saves (see aead.rst). */
#define SC_CCP_ONEPASS_MIN	256

const struct sc_aead_impl sc_aead_impl_onepass = {
	.base = {
		.name = "onepass",
		.simd = true,
		.min_len = SC_CCP_ONEPASS_MIN,
	},
	.seal = sc_ccp_seal_onepass,
	.open = sc_ccp_open_onepass,
	.chacha = sc_chacha_pick,
	.poly1305 = sc_poly1305_pick,
};
