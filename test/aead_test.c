// SPDX-License-Identifier: GPL-2.0
/*
 * The ChaCha20-Poly1305 AEAD rows (RFC 8439 section 2.8) in the userspace
 * harness, each against
 *   - the RFC 8439 2.8.2 known answer (itself re-derived with OpenSSL),
 *   - OpenSSL's EVP_chacha20_poly1305 and libsodium's
 *     crypto_aead_chacha20poly1305_ietf at every text length 0..N, random
 *     AD lengths, alignments, in place and out of place, and random long
 *     messages;
 * and, as the kernel glue drives them, a message cut into random walk
 * pieces (multiples of 64 bytes but the last) with a random row per piece:
 * the rows meet only through the canonical state.  Every open must return
 * the text; a flipped bit in the AD, text or tag must give -EBADMSG.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include <sodium.h>

#include <linux/types.h>
#include "simdcrypt.h"
#include "generic/chacha20poly1305.h"
#include "harness.h"
#include "cpu_user.h"
#include "poly_reduce.h"
#include "vectors.h"

#define AEAD_MAX	(70 * 1024)
#define AD_MAX		600
#define GUARD_BYTES	64
#define GUARD_FILL	0xc5

enum peer { PEER_OPENSSL, PEER_SODIUM };

static EVP_CIPHER_CTX *g_actx;

static void ossl_seal(const u8 *key, const u8 *nonce, const u8 *ad,
		      size_t adlen, u8 *ct, const u8 *pt, size_t len, u8 *tag)
{
	int outl;

	if (!EVP_EncryptInit_ex(g_actx, EVP_chacha20_poly1305(), NULL, NULL,
				NULL) ||
	    !EVP_CIPHER_CTX_ctrl(g_actx, EVP_CTRL_AEAD_SET_IVLEN,
				 CCP_NONCE_SIZE, NULL) ||
	    !EVP_EncryptInit_ex(g_actx, NULL, NULL, key, nonce) ||
	    (adlen && !EVP_EncryptUpdate(g_actx, NULL, &outl, ad, (int)adlen)) ||
	    (len && !EVP_EncryptUpdate(g_actx, ct, &outl, pt, (int)len)) ||
	    !EVP_EncryptFinal_ex(g_actx, ct + len, &outl) ||
	    !EVP_CIPHER_CTX_ctrl(g_actx, EVP_CTRL_AEAD_GET_TAG, CCP_TAG_SIZE,
				 tag))
		die("OpenSSL chacha20-poly1305");
}

static void peer_seal(enum peer p, const u8 *key, const u8 *nonce,
		      const u8 *ad, size_t adlen, u8 *ct, const u8 *pt,
		      size_t len, u8 *tag)
{
	unsigned long long taglen;

	if (p == PEER_OPENSSL) {
		ossl_seal(key, nonce, ad, adlen, ct, pt, len, tag);
		return;
	}
	if (crypto_aead_chacha20poly1305_ietf_encrypt_detached(ct, tag,
			&taglen, pt, len, ad, adlen, NULL, nonce, key))
		die("libsodium chacha20poly1305_ietf");
}

static const struct sc_ccp zero_ccp;

static const struct sc_aead_impl *aead_row(unsigned int i)
{
	return sc_aead_impls[i];
}

/*
 * A message as aead_glue.c walks one: the key block (with a short text),
 * the AD, then the text in pieces of at most SC_SIMD_CHUNK bytes, each a
 * multiple of 64 but the last: of random size and through a random row
 * when @mix.  @tag is written (seal) or checked (open: 0 or -EBADMSG).
 */
static int our_msg(const struct sc_aead_impl *im, bool mix, bool seal,
		   const u8 *key, const u8 *nonce, const u8 *ad, size_t adlen,
		   u8 *dst, const u8 *src, size_t len, u8 *tag)
{
	u8 buf[CHACHA_BLOCK_SIZE + SC_CCP_HEAD_MAX] = { 0 };
	unsigned int head, i, first = 0;
	const struct sc_chacha_impl *keyed = NULL;
	struct sc_poly1305_pow pow_buf, *pow = sc_ccp_powers(&pow_buf, len);
	u8 want[CCP_TAG_SIZE];
	struct sc_ccp c;
	size_t done;
	u32 k[8];

	for (i = 0; i < 8; i++)
		k[i] = (u32)key[4 * i] | (u32)key[4 * i + 1] << 8 |
		       (u32)key[4 * i + 2] << 16 | (u32)key[4 * i + 3] << 24;
	if (len && (seal || dst != src)) {
		/*
		 * the glue's first walk piece: a long text's is any multiple
		 * of 64 when mixed; a short text goes this way in one piece
		 */
		first = len < SC_SIMD_CHUNK ? (unsigned int)len : SC_SIMD_CHUNK;
		if (mix && !sc_ccp_head_len(im, len, seal) && rnd_below(2))
			first = CHACHA_BLOCK_SIZE *
				(1 + rnd_below((first - 1) / CHACHA_BLOCK_SIZE));
		else if (mix && len > SC_SIMD_CHUNK)
			first = SC_SIMD_CHUNK - CHACHA_BLOCK_SIZE;
		keyed = sc_ccp_keyed_row(im, first);
	}
	head = keyed ? 0 : sc_ccp_head_len(im, len, seal);
	done = head;
	if (keyed) {
		sc_ccp_start_keyed(keyed, &c, k, nonce, dst, src, first);
		c.core.pow = pow;
		sc_ccp_absorb(im, &c, ad, adlen);
		if (seal)
			sc_ccp_absorb_sealed(im, &c, dst, first, first < len);
		else
			sc_ccp_absorb(im, &c, src, first);
		done = first;
	} else {
		unsigned int tail = sc_ccp_head_tail(im, head, len, seal);

		memcpy(buf + CHACHA_BLOCK_SIZE, src, head);
		sc_ccp_start(im, &c, k, nonce, buf, head - tail);
		c.core.pow = pow;
		sc_ccp_absorb(im, &c, ad, adlen);
		if (tail)
			sc_ccp_seal_tail(im, &c, buf + CHACHA_BLOCK_SIZE,
					 head - tail, tail);
		else if (!seal)
			sc_ccp_absorb(im, &c, src, head);
		memcpy(dst, buf + CHACHA_BLOCK_SIZE, head);
		if (seal && !tail)
			sc_ccp_absorb_sealed(im, &c, dst, head, head < len);
	}
	while (done < len) {
		size_t n = len - done < SC_SIMD_CHUNK ? len - done : SC_SIMD_CHUNK;
		const struct sc_aead_impl *r = im;

		if (mix) {
			if (n > CHACHA_BLOCK_SIZE && rnd_below(3))
				n = CHACHA_BLOCK_SIZE *
				    (1 + rnd_below(n / CHACHA_BLOCK_SIZE));
			r = aead_row(rnd_row(SC_ALG_AEAD));
		}
		/* sc_ccp_seal(), the row called through row_aead() */
		c.held.more = done + n < len;
		if (!seal || !r->seal_held)
			sc_ccp_flush(r, &c);
		row_aead(r, seal, c.state, &c.core, dst + done, src + done,
			 (unsigned int)n, seal && r->seal_held ? &c.held : NULL);
		c.state[12] += (u32)((n + CHACHA_BLOCK_SIZE - 1) /
				     CHACHA_BLOCK_SIZE);
		done += n;
	}
	sc_ccp_drop_powers(&c, pow);
	sc_ccp_finish(im, &c, adlen, len, seal ? tag : want);
	/* the Poly1305 key (r, s) and the ChaCha key lie in @c until then */
	if (memcmp(&c, &zero_ccp, sizeof(c)))
		check(false, "aead", im->base.name,
		      "len %zu: sc_ccp_finish() left the state unwiped", len);
	if (seal)
		return 0;
	return memcmp(want, tag, CCP_TAG_SIZE) ? -EBADMSG : 0;
}

/*
 * The known answers of test/vectors.h; an esp entry's key ends with the
 * salt (nonce = salt || iv) and its AD with the unauthenticated iv.
 */
static void test_aead_kat(void)
{
	unsigned int r, k;

	for (k = 0; k < sizeof(sc_aead_kats) / sizeof(sc_aead_kats[0]); k++) {
		const struct sc_aead_kat *v = &sc_aead_kats[k];
		u8 key[36], nonce[12], iv[12], ad[64], pt[512], ct[512];
		u8 exp[512], tag[16], etag[16], otag[16], back[512];
		size_t adlen, len;

		unhex(v->key, key);
		unhex(v->iv, iv);
		adlen = unhex(v->ad, ad);
		if (v->esp) {
			memcpy(nonce, key + 32, 4);
			memcpy(nonce + 4, iv, 8);
			adlen -= 8;
		} else {
			memcpy(nonce, iv, 12);
		}
		len = msg_bytes(&v->pt, pt);
		unhex(v->ct, exp);
		unhex(v->tag, etag);
		ossl_seal(key, nonce, ad, adlen, ct, pt, len, otag);
		check(!memcmp(ct, exp, len) && !memcmp(otag, etag, 16),
		      "aead", "kat-oracle", "%s: OpenSSL disagrees", v->src);
		for (r = 0; r < g_nrows[SC_ALG_AEAD]; r++) {
			unsigned int i = g_rows[SC_ALG_AEAD][r];
			const struct sc_aead_impl *im = aead_row(i);

			our_msg(im, false, true, key, nonce, ad, adlen, ct, pt,
				len, tag);
			check(!memcmp(ct, exp, len) && !memcmp(tag, etag, 16),
			      "aead", row_name(SC_ALG_AEAD, i), "%s: seal",
			      v->src);
			check(!our_msg(im, false, false, key, nonce, ad, adlen,
				       back, ct, len, tag) &&
			      !memcmp(back, pt, len), "aead",
			      row_name(SC_ALG_AEAD, i), "%s: open", v->src);
		}
	}
}

struct aead_bufs {
	u8 *pt, *ct, *exp, *back, *ad, *orig;
};

/* @dst's GUARD_BYTES after @len must still hold GUARD_FILL. */
static bool guard_ok(const u8 *dst, size_t len)
{
	size_t i;

	for (i = 0; i < GUARD_BYTES; i++)
		if (dst[len + i] != GUARD_FILL)
			return false;
	return true;
}

/*
 * One message through row @i: seal (in place when @inplace) against the
 * peer, open it back, then a forged copy must be refused.
 */
static void aead_case(unsigned int i, bool mix, enum peer p, size_t len,
		      size_t adlen, bool inplace, const struct aead_bufs *b)
{
	const struct sc_aead_impl *im = aead_row(i);
	const char *row = mix ? "mixed-rows" : row_name(SC_ALG_AEAD, i);
	unsigned int salign = rnd_below(64), dalign = inplace ? salign :
							       rnd_below(64);
	u8 key[32], nonce[12], etag[16], tag[16];
	u8 *src = b->pt + salign, *dst = b->ct + dalign;
	size_t pos;
	int err;

	rnd_fill(key, sizeof(key));
	rnd_fill(nonce, sizeof(nonce));
	rnd_fill(b->ad, adlen);
	rnd_fill(src, len);
	memcpy(b->orig, src, len);
	peer_seal(p, key, nonce, b->ad, adlen, b->exp, src, len, etag);
	if (inplace)
		dst = src;
	else
		memset(dst, GUARD_FILL, len + GUARD_BYTES);
	our_msg(im, mix, true, key, nonce, b->ad, adlen, dst, src, len, tag);
	if (!check(!memcmp(dst, b->exp, len) && !memcmp(tag, etag, 16) &&
		   (inplace || guard_ok(dst, len)), "aead", row,
		   "seal len %zu ad %zu %s vs %s", len, adlen,
		   inplace ? "in place" : "out of place",
		   p == PEER_OPENSSL ? "OpenSSL" : "libsodium"))
		return;
	memset(b->back, GUARD_FILL, len + GUARD_BYTES);
	err = our_msg(im, mix, false, key, nonce, b->ad, adlen, b->back, dst,
		      len, tag);
	check(!err && !memcmp(b->back, b->orig, len) && guard_ok(b->back, len), "aead", row, "open len %zu ad %zu: %d",
	      len, adlen, err);
	/* one flipped bit in the AD, the text or the tag */
	pos = rnd_below(adlen + len + 16);
	if (pos < adlen)
		b->ad[pos] ^= 0x20;
	else if (pos < adlen + len)
		dst[pos - adlen] ^= 0x20;
	else
		tag[pos - adlen - len] ^= 0x20;
	err = our_msg(im, mix, false, key, nonce, b->ad, adlen, b->back, dst,
		      len, tag);
	check(err == -EBADMSG, "aead", row,
	      "forged byte %zu of AD %zu + text %zu + tag: %d", pos, adlen, len,
	      err);
}

static void test_aead_rows(const struct aead_bufs *b)
{
	size_t maxlen = g_quick ? 300 : 1100, len;
	unsigned int r, n;

	for (r = 0; r < g_nrows[SC_ALG_AEAD]; r++) {
		unsigned int i = g_rows[SC_ALG_AEAD][r];

		for (len = 0; len <= maxlen; len++)
			aead_case(i, false, len & 1 ? PEER_SODIUM : PEER_OPENSSL,
				  len, rnd_below(3) ? rnd_below(65) :
				  rnd_below(AD_MAX), len % 3 == 0, b);
		for (n = 0; n < (g_quick ? 6u : 40u); n++)
			aead_case(i, false, n & 1 ? PEER_SODIUM : PEER_OPENSSL,
				  rnd_below(AEAD_MAX), rnd_below(AD_MAX),
				  n % 3 == 0, b);
	}
}

/* One piece through row @i, against the same through the generic row. */
static void aead_piece(unsigned int i, bool seal, const u32 *st,
		       const struct sc_poly1305_core *core0, const u32 *s,
		       const u8 *in, size_t len, const u8 *want,
		       const u8 *want_tag, bool at_start)
{
	struct sc_poly1305_core core = *core0;
	u8 *p = fence_place(len, at_start), tag[16];

	memcpy(p, in, len);
	fence_note("aead %s %s len %zu ctr %#x at the %s",
		   row_name(SC_ALG_AEAD, i), seal ? "seal" : "open", len, st[12],
		   at_start ? "start" : "end");
	row_aead(aead_row(i), seal, st, &core, p, p, (unsigned int)len, NULL);
	sc_poly1305_emit(&core, s, tag);
	check(!memcmp(p, want, len) && !memcmp(tag, want_tag, 16), "aead",
	      row_name(SC_ALG_AEAD, i),
	      "fenced %s len %zu ctr %#x at the %s: %s", seal ? "seal" : "open",
	      len, st[12], at_start ? "start" : "end",
	      memcmp(p, want, len) ? "text differs" : "MAC differs");
}

/*
 * One sealed piece through row @i's seal_held, fenced as aead_piece():
 * the SC_CCP_HELD_MAX bytes at @prev (ciphertext a call for the piece
 * before held back; NULL: none) absorbed first, then the piece, and what
 * the call holds back when @more absorbed after it; against @want_tag, the
 * generic row's over the same bytes.  What it holds back must be the
 * piece's last whole blocks, at most SC_CCP_HELD_MAX, and nothing without
 * @more.
 */
static void aead_piece_held(unsigned int i, const u32 *st,
			    const struct sc_poly1305_core *core0, const u32 *s,
			    const u8 *in, size_t len, const u8 *prev, bool more,
			    const u8 *want, const u8 *want_tag, bool at_start)
{
	const struct sc_aead_impl *im = aead_row(i);
	struct sc_ccp_held held = { prev, prev ? SC_CCP_HELD_MAX : 0, more };
	struct sc_poly1305_core core = *core0;
	u8 *p = fence_place(len, at_start), tag[16];
	bool shape;

	memcpy(p, in, len);
	fence_note("aead %s seal_held len %zu prev %d more %d at the %s",
		   im->base.name, len, !!prev, more, at_start ? "start" : "end");
	row_aead(im, true, st, &core, p, p, (unsigned int)len, &held);
	shape = held.len <= SC_CCP_HELD_MAX && !(held.len % 16) &&
		(more || !held.len) &&
		(!held.len || held.at + held.len == p + len);
	if (shape && held.len)
		sc_ccp_mac(&sc_poly1305_impl_generic, &core, held.at, held.len);
	sc_poly1305_emit(&core, s, tag);
	check(shape && !memcmp(p, want, len) && !memcmp(tag, want_tag, 16),
	      "aead", im->base.name,
	      "fenced seal_held len %zu prev %d more %d at the %s: %s", len,
	      !!prev, more, at_start ? "start" : "end",
	      !shape ? "held back the wrong bytes" :
	      memcmp(p, want, len) ? "text differs" : "MAC differs");
}

/* test_aead_fenced()'s seal_held cases for one text of @len bytes */
static void fenced_held(const struct aead_bufs *b, const u32 *st,
			const struct sc_poly1305_core *core0, const u32 *s,
			size_t len, u8 *prev)
{
	struct sc_poly1305_core core = *core0;
	unsigned int r, at_start;
	bool with_prev = len % 2, more = len % 3;
	u8 want_tag[16];

	rnd_fill(prev, SC_CCP_HELD_MAX);
	if (with_prev)
		sc_ccp_mac(&sc_poly1305_impl_generic, &core, prev,
			   SC_CCP_HELD_MAX);
	row_aead(&sc_aead_impl_generic, true, st, &core, b->exp, b->orig,
		 (unsigned int)len, NULL);
	sc_poly1305_emit(&core, s, want_tag);
	for (r = 0; r < g_nrows[SC_ALG_AEAD]; r++) {
		unsigned int i = g_rows[SC_ALG_AEAD][r];

		if (!aead_row(i)->seal_held)
			continue;
		for (at_start = 0; at_start < 2; at_start++)
			aead_piece_held(i, st, core0, s, b->orig, len,
					with_prev ? prev : NULL, more, b->exp,
					want_tag, at_start);
	}
}

/*
 * The rows called directly, one piece as the glue hands them one, against
 * the generic row: the text in place against a PROT_NONE page at either
 * end (the AVX-512 rows' last piece is a byte-masked load: nothing past
 * the text may be read); every length to 700, then every 20 bytes to
 * past two zmm batches (a piece of whole batches, 640 or 1280 bytes, ends
 * inside the batch loop); and now and then a block counter just below
 * the 32-bit wrap, where word 12 wraps and word 13 stays, as the ChaCha
 * rows do.  Sealing, the rows' seal_held too, with and without bytes held
 * back before (aead_piece_held()).
 */
static void test_aead_fenced(const struct aead_bufs *b)
{
	/* seal_held, two zmm iterations: the MAC goes on at the piece */
	static const size_t two[] = { 3073, 3414, 3755, 4095, 4096 };
	size_t maxlen = g_quick ? 1300 : 2600, len;
	struct sc_poly1305_core core0;
	unsigned int r, seal, at_start;
	u8 tail[16], want_tag[16], prev[SC_CCP_HELD_MAX];
	u32 k32[8], st[16], s[4];

	memset(&core0, 0, sizeof(core0));
	for (len = 0; len <= maxlen; len += len < 700 ? 1 : 20) {
		rnd_fill((u8 *)k32, sizeof(k32));
		rnd_fill(tail, sizeof(tail));
		sc_chacha_init_state(st, k32, tail);
		if (len % 4 == 0)
			st[12] = 0xfffffff8u + (u32)rnd_below(8);
		rnd_fill((u8 *)core0.h, sizeof(core0.h));
		core0.h[2] %= 5;
		rnd_fill((u8 *)core0.r, sizeof(core0.r));
		core0.r[0] &= 0x0ffffffc0fffffffull;
		core0.r[1] &= 0x0ffffffc0ffffffcull;
		rnd_fill((u8 *)s, sizeof(s));
		rnd_fill(b->orig, len);
		for (seal = 0; seal < 2; seal++) {
			struct sc_poly1305_core core = core0;

			row_aead(&sc_aead_impl_generic, seal, st, &core, b->exp,
				 b->orig, (unsigned int)len, NULL);
			sc_poly1305_emit(&core, s, want_tag);
			for (r = 0; r < g_nrows[SC_ALG_AEAD]; r++)
				for (at_start = 0; at_start < 2; at_start++)
					aead_piece(g_rows[SC_ALG_AEAD][r], seal,
						   st, &core0, s, b->orig, len,
						   b->exp, want_tag, at_start);
		}
		fenced_held(b, st, &core0, s, len, prev);
	}
	for (r = 0; r < sizeof(two) / sizeof(two[0]); r++) {
		rnd_fill(b->orig, two[r]);
		fenced_held(b, st, &core0, s, two[r], prev);
	}
}

/*
 * The stitched rows' Poly1305 lanes driven to their last carries, as for
 * the Poly1305 rows (poly_carry_text(): r = 1, the texts chosen), opened
 * against the generic row (open MACs the text as given): the text and h
 * fully reduced (a tag would drop a carry into h2: it is h + s mod
 * 2^128).
 */
static void test_aead_lane_carries(const struct aead_bufs *b)
{
	struct sc_poly1305_core core0 = { .r = { 1, 0 } };
	u32 k32[8] = { 0 }, st[16];
	u64 want_h[3], got_h[3];
	unsigned int i, r;
	u8 nonce[16] = { 0 };
	size_t len;

	sc_chacha_init_state(st, k32, nonce);
	for (i = 0; (len = poly_carry_text(i, b->orig)); i++) {
		struct sc_poly1305_core core = core0;

		row_aead(&sc_aead_impl_generic, false, st, &core, b->exp,
			 b->orig, (unsigned int)len, NULL);
		poly_reduce(core.h, want_h);
		for (r = 0; r < g_nrows[SC_ALG_AEAD]; r++) {
			unsigned int row = g_rows[SC_ALG_AEAD][r];

			core = core0;
			row_aead(aead_row(row), false, st, &core, b->back,
				 b->orig, (unsigned int)len, NULL);
			poly_reduce(core.h, got_h);
			check(!memcmp(b->back, b->exp, len) &&
			      !memcmp(got_h, want_h, sizeof(got_h)), "aead",
			      row_name(SC_ALG_AEAD, row),
			      "lane carries (r = 1): open len %zu: %s", len,
			      memcmp(b->back, b->exp, len) ? "text differs" :
							     "h differs");
		}
	}
}

/* The glue's flat-buffer path (what the benchmark times) for every row. */
static void test_aead_buf_api(const struct aead_bufs *b)
{
	/*
	 * around the head limits (open_head_max of the AVX2 row: 320), the
	 * sealed head's tail (449-704), the opened lead (8n + 1..3 blocks)
	 * and the keyed first piece's batch edges
	 */
	static const size_t lens[] = { 0, 1, 64, 191, 192, 193, 320, 321,
				       448, 449, 511, 512, 513, 576, 577, 640,
				       641, 704, 705, 960, 961,
				       1024, 1025, 1088, 1089, 1216, 1217,
				       1420, 1983, 1984, 1985,
				       2047, 2048, 2049, 3072, 4031, 4032,
				       4033, 4095, 4096, 4097, 4160, 16384,
				       65536 };
	unsigned int r, l;

	for (r = 0; r < g_nrows[SC_ALG_AEAD]; r++) {
		unsigned int i = g_rows[SC_ALG_AEAD][r];
		const struct sc_aead_impl *im = aead_row(i);

		for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
			size_t len = lens[l];
			u8 key[32], nonce[12], etag[16], tag[16];
			int err, copy_off;

			rnd_fill(key, 32);
			rnd_fill(nonce, 12);
			rnd_fill(b->ad, 16);
			rnd_fill(b->pt, len);
			ossl_seal(key, nonce, b->ad, 16, b->exp, b->pt, len, etag);
			sc_ccp_seal_buf(im, key, nonce, b->ad, 16, b->ct, b->pt,
					len, tag);
			check(!memcmp(b->ct, b->exp, len) && !memcmp(tag, etag, 16),
			      "aead", row_name(SC_ALG_AEAD, i),
			      "sc_ccp_seal_buf len %zu", len);
			err = sc_ccp_open_buf(im, key, nonce, b->ad, 16, b->back,
					      b->ct, len, tag);
			check(!err && !memcmp(b->back, b->pt, len), "aead",
			      row_name(SC_ALG_AEAD, i),
			      "sc_ccp_open_buf len %zu: %d", len, err);
			/*
			 * in place: the text is MACed before it is decrypted,
			 * from a copy of its first piece where there is one
			 * (sc_ccp_keyed_first()), else after the key
			 * block's own call
			 */
			for (copy_off = 0; copy_off < 2; copy_off++) {
				sc_test_copy_off = copy_off;
				memcpy(b->orig, b->ct, len);
				err = sc_ccp_open_buf(im, key, nonce, b->ad, 16,
						      b->orig, b->orig, len, tag);
				check(!err && !memcmp(b->orig, b->pt, len), "aead",
				      row_name(SC_ALG_AEAD, i),
				      "sc_ccp_open_buf in place len %zu%s: %d", len,
				      copy_off ? ", no copy" : "", err);
			}
			sc_test_copy_off = false;
			tag[len % 16] ^= 1;
			memset(b->back, GUARD_FILL, len);
			err = sc_ccp_open_buf(im, key, nonce, b->ad, 16, b->back,
					      b->ct, len, tag);
			/* no plaintext of a forgery is left for the caller */
			memset(b->exp, 0, len);
			check(err == -EBADMSG && !memcmp(b->back, b->exp, len),
			      "aead", row_name(SC_ALG_AEAD, i),
			      "sc_ccp_open_buf forged len %zu: %d%s", len, err,
			      memcmp(b->back, b->exp, len) ? ", text not wiped" : "");
			memcpy(b->orig, b->ct, len);
			err = sc_ccp_open_buf(im, key, nonce, b->ad, 16, b->orig,
					      b->orig, len, tag);
			check(err == -EBADMSG && !memcmp(b->orig, b->exp, len),
			      "aead", row_name(SC_ALG_AEAD, i),
			      "sc_ccp_open_buf forged in place len %zu: %d%s", len,
			      err, memcmp(b->orig, b->exp, len) ?
			      ", text not wiped" : "");
		}
	}
}

/*
 * A row that needs no SIMD section (base.simd false: generic, scalar, the
 * no-SIMD plan's rows) runs where the glue took none (sc_simd_run(false,
 * ...)), so every ChaCha and Poly1305 call it makes must go to a row that
 * needs none either: a SIMD row there would run its vector code outside
 * kernel_fpu_begin()/kernel_neon_begin() and clobber the interrupted
 * task's registers, with the right answer.  Spies catch it: a ChaCha and
 * a Poly1305 row flagged SIMD (the generic code inside, counting calls),
 * put in sc_forced_row[] where sc_force_impl() puts a forced SIMD row, so
 * sc_*_pick() returns them and sc_*_pick_nosimd() must not.  Each such
 * row seals and opens (a forgery too, and the undo's XOR) texts of every
 * size class, flat (sc_ccp_seal_buf) and as the glue walks them, without
 * a spy call, and with OpenSSL's answers; "onepass" must call the spies,
 * or they would see nothing.
 */
static unsigned long g_spy_calls;

static void spy_xor(const u32 *state, u8 *dst, const u8 *src,
		    unsigned int len, int nrounds)
{
	g_spy_calls++;
	sc_chacha_impl_generic.xor_stream(state, dst, src, len, nrounds);
}

static void spy_hchacha(const u32 *state, u32 *out, int nrounds)
{
	g_spy_calls++;
	sc_chacha_impl_generic.hchacha(state, out, nrounds);
}

static void spy_blocks(struct sc_poly1305_core *core, const u8 *src,
		       size_t len, u32 padbit)
{
	g_spy_calls++;
	sc_poly1305_impl_generic.blocks(core, src, len, padbit);
}

static const struct sc_chacha_impl spy_chacha = {
	.base = { .name = "spy", .simd = true },
	.xor_stream = spy_xor,
	.hchacha = spy_hchacha,
};

static const struct sc_poly1305_impl spy_poly1305 = {
	.base = { .name = "spy", .simd = true },
	.blocks = spy_blocks,
};

static void test_aead_nosimd_inside(const struct aead_bufs *b)
{
	static const size_t lens[] = { 0, 1, 63, 64, 65, 191, 192, 193, 320,
				       321, 449, 576, 577, 1024, 1025, 4032,
				       4096, 4097, 9000 };
	const struct sc_impl *saved[2] = { sc_forced_row[SC_ALG_CHACHA],
					   sc_forced_row[SC_ALG_POLY1305] };
	unsigned int r, l;

	for (r = 0; r < g_nrows[SC_ALG_AEAD]; r++) {
		unsigned int i = g_rows[SC_ALG_AEAD][r];
		const struct sc_aead_impl *im = aead_row(i);
		unsigned long calls = 0;
		bool ok = true;

		if (im->base.simd && im != &sc_aead_impl_onepass)
			continue;
		for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
			size_t len = lens[l];
			u8 key[32], nonce[12], etag[16], tag[16];
			u8 kb[CHACHA_BLOCK_SIZE + SC_CCP_HEAD_MAX];
			u32 k[8];
			struct sc_ccp c;
			unsigned int j;
			int err, err2, err3;
			bool sealed;

			rnd_fill(key, 32);
			rnd_fill(nonce, 12);
			rnd_fill(b->ad, 16);
			rnd_fill(b->pt, len);
			for (j = 0; j < 8; j++)
				k[j] = (u32)key[4 * j] | (u32)key[4 * j + 1] << 8 |
				       (u32)key[4 * j + 2] << 16 |
				       (u32)key[4 * j + 3] << 24;
			ossl_seal(key, nonce, b->ad, 16, b->exp, b->pt, len, etag);

			g_spy_calls = 0;
			sc_forced_row[SC_ALG_CHACHA] = &spy_chacha.base;
			sc_forced_row[SC_ALG_POLY1305] = &spy_poly1305.base;
			sc_ccp_seal_buf(im, key, nonce, b->ad, 16, b->ct, b->pt,
					len, tag);
			sealed = !memcmp(b->ct, b->exp, len) &&
				 !memcmp(tag, etag, 16);
			err = sc_ccp_open_buf(im, key, nonce, b->ad, 16, b->back,
					      b->ct, len, tag);
			/* as the glue walks it, in place and out of place */
			our_msg(im, false, true, key, nonce, b->ad, 16, b->orig,
				b->pt, len, tag);
			err2 = our_msg(im, false, false, key, nonce, b->ad, 16,
				       b->orig, b->orig, len, tag);
			tag[0] ^= 1;
			err3 = sc_ccp_open_buf(im, key, nonce, b->ad, 16, b->back,
					       b->ct, len, tag);
			tag[0] ^= 1;
			/* the undo of a forged long text: the keystream again */
			sc_ccp_start(im, &c, k, nonce, kb, 0);
			sc_ccp_xor(im, &c, b->ct, b->ct, (unsigned int)len);
			sc_forced_row[SC_ALG_CHACHA] = saved[0];
			sc_forced_row[SC_ALG_POLY1305] = saved[1];
			calls += g_spy_calls;

			ok &= sealed && !memcmp(tag, etag, 16) && !err && !err2 &&
			      err3 == -EBADMSG && !memcmp(b->orig, b->pt, len) &&
			      !memcmp(b->ct, b->pt, len);
			if (!im->base.simd && g_spy_calls)
				check(false, "aead", row_name(SC_ALG_AEAD, i),
				      "len %zu: a row without SIMD called a SIMD row %lu times",
				      len, g_spy_calls);
		}
		check(ok, "aead", row_name(SC_ALG_AEAD, i),
		      "with SIMD spies forced: wrong tag, text or verdict");
		if (im->base.simd)
			check(calls > 0, "aead", row_name(SC_ALG_AEAD, i),
			      "the SIMD spies saw no call: they cannot catch a row without SIMD that uses one");
	}
}

void test_aead(void)
{
	struct aead_bufs b;
	unsigned int n;

	g_actx = EVP_CIPHER_CTX_new();
	b.pt = malloc(AEAD_MAX + 128 + GUARD_BYTES);
	b.ct = malloc(AEAD_MAX + 128 + GUARD_BYTES);
	b.exp = malloc(AEAD_MAX + 16);
	b.back = malloc(AEAD_MAX + 16 + GUARD_BYTES);
	b.ad = malloc(AD_MAX);
	b.orig = malloc(AEAD_MAX);
	if (!g_actx || !b.pt || !b.ct || !b.exp || !b.back || !b.ad || !b.orig)
		die("AEAD setup");

	test_aead_kat();
	test_aead_rows(&b);
	test_aead_fenced(&b);
	test_aead_lane_carries(&b);
	test_aead_buf_api(&b);
	test_aead_nosimd_inside(&b);
	/*
	 * walk pieces of random size, a random row for each; the first
	 * row in turn, so that a row whose ChaCha row takes the key block
	 * with the first piece (sc_ccp_start_keyed()) hands the counter on
	 * to the pieces after it
	 */
	for (n = 0; n < (g_quick ? 40u : 400u); n++)
		aead_case(g_rows[SC_ALG_AEAD][n % g_nrows[SC_ALG_AEAD]], true,
			  n & 1 ? PEER_SODIUM : PEER_OPENSSL,
			  rnd_below(n & 1 ? 20000 : 3000), rnd_below(80),
			  n % 4 == 0, &b);

	EVP_CIPHER_CTX_free(g_actx);
	free(b.pt);
	free(b.ct);
	free(b.exp);
	free(b.back);
	free(b.ad);
	free(b.orig);
}
