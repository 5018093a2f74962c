// SPDX-License-Identifier: GPL-2.0
/*
 * Portable Poly1305 (RFC 8439 section 2.5) with 64-bit limbs and 128-bit
 * products, and the message-level state machine shared by the shash glue
 * and the userspace harness: the kernel's "poly1305" takes its key as the
 * first 32 bytes of data (r, then s), so those bytes may arrive split over
 * several updates.
 *
 * h is kept in base 2^64 as h0 + h1*2^64 + h2*2^128 with h2 < 8, only
 * partially reduced between blocks; sc_poly1305_emit() does the final
 * reduction mod 2^130 - 5 without branches on secret data.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/errno.h>
#include "../compat/unaligned.h"
#include "../simdcrypt.h"
#include "../compat/simd.h"
#include "poly1305.h"


void sc_poly1305_core_setkey(struct sc_poly1305_core *core, const u8 *key16)
{
	core->r[0] = get_unaligned_le64(key16) & 0x0ffffffc0fffffffull;
	core->r[1] = get_unaligned_le64(key16 + 8) & 0x0ffffffc0ffffffcull;
	core->h[0] = 0;
	core->h[1] = 0;
	core->h[2] = 0;
	core->pow = NULL;
}

void sc_poly1305_blocks_generic(struct sc_poly1305_core *core, const u8 *src,
			     size_t len, u32 padbit)
{
	const u64 r0 = core->r[0], r1 = core->r[1];
	const u64 s1 = r1 + (r1 >> 2);	/* 5/4 * r1; exact as r1 % 4 == 0 */
	u64 h0 = core->h[0], h1 = core->h[1], h2 = core->h[2];

	while (len >= POLY1305_BLOCK_SIZE) {
		unsigned __int128 d0, d1;
		u64 d2, c;

		/* h += m (with the 2^128 pad bit) */
		d0 = (unsigned __int128)h0 + get_unaligned_le64(src);
		h0 = (u64)d0;
		d1 = (unsigned __int128)h1 + get_unaligned_le64(src + 8) + (u64)(d0 >> 64);
		h1 = (u64)d1;
		h2 += (u64)(d1 >> 64) + padbit;

		/*
		 * h *= r mod 2^130 - 5.  2^128 * r1 = 2^130 * r1/4 = 5/4 * r1
		 * (mod p), hence the s1 terms.  h2 < 8, r < 2^124, so the
		 * products fit 128 bits.
		 */
		d0 = (unsigned __int128)h0 * r0 + (unsigned __int128)h1 * s1;
		d1 = (unsigned __int128)h0 * r1 + (unsigned __int128)h1 * r0 + (unsigned __int128)h2 * s1;
		d2 = h2 * r0;

		/* carry: d0 -> d1 -> d2, then fold bits >= 130 back times 5 */
		h0 = (u64)d0;
		d1 += (u64)(d0 >> 64);
		h1 = (u64)d1;
		d2 += (u64)(d1 >> 64);
		c = (d2 >> 2) + (d2 & ~3ull);	/* 5 * (d2 >> 2) */
		h2 = d2 & 3;
		d0 = (unsigned __int128)h0 + c;
		h0 = (u64)d0;
		d1 = (unsigned __int128)h1 + (u64)(d0 >> 64);
		h1 = (u64)d1;
		h2 += (u64)(d1 >> 64);

		src += POLY1305_BLOCK_SIZE;
		len -= POLY1305_BLOCK_SIZE;
	}
	core->h[0] = h0;
	core->h[1] = h1;
	core->h[2] = h2;
}

void sc_poly1305_emit(const struct sc_poly1305_core *core, const u32 *s, u8 *out)
{
	u64 h0 = core->h[0], h1 = core->h[1], h2 = core->h[2];
	u64 g0, g1, g2, mask;
	unsigned __int128 t;

	/* fully reduce h: h may still be >= p once */
	sc_poly1305_fold130(&h0, &h1, &h2);

	/* g = h + 5 - 2^130; use it if it did not borrow */
	t = (unsigned __int128)h0 + 5;
	g0 = (u64)t;
	t = (unsigned __int128)h1 + (u64)(t >> 64);
	g1 = (u64)t;
	g2 = h2 + (u64)(t >> 64);
	mask = 0 - (g2 >> 2);		/* all ones if h + 5 >= 2^130 */
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);

	/* out = (h + s) mod 2^128 */
	t = (unsigned __int128)h0 + ((u64)s[1] << 32 | s[0]);
	put_unaligned_le64((u64)t, out);
	t = (unsigned __int128)h1 + ((u64)s[3] << 32 | s[2]) + (u64)(t >> 64);
	put_unaligned_le64((u64)t, out + 8);
}

/* ---- message-level state (the kernel's shash semantics) ---- */

void sc_poly1305_msg_init(struct sc_poly1305_msg *msg)
{
	memset(msg, 0, sizeof(*msg));
}

/* Consume one complete 16-byte block: r, then s, then message blocks. */
static void sc_poly1305_msg_block(const struct sc_poly1305_impl *impl,
			       struct sc_poly1305_msg *msg, const u8 *block)
{
	int i;

	if (!msg->rset) {
		sc_poly1305_core_setkey(&msg->core, block);
		msg->rset = true;
	} else if (!msg->sset) {
		for (i = 0; i < 4; i++)
			msg->s[i] = get_unaligned_le32(block + 4 * i);
		msg->sset = true;
	} else {
		impl->blocks(&msg->core, block, POLY1305_BLOCK_SIZE, 1);
	}
}

void sc_poly1305_msg_update(const struct sc_poly1305_impl *impl,
			 struct sc_poly1305_msg *msg, const u8 *src, size_t len)
{
	size_t n;

	if (msg->buflen) {
		n = POLY1305_BLOCK_SIZE - msg->buflen;
		if (n > len)
			n = len;
		memcpy(msg->buf + msg->buflen, src, n);
		msg->buflen += n;
		src += n;
		len -= n;
		if (msg->buflen < POLY1305_BLOCK_SIZE)
			return;
		sc_poly1305_msg_block(impl, msg, msg->buf);
		msg->buflen = 0;
	}
	while (len >= POLY1305_BLOCK_SIZE && !msg->sset) {
		sc_poly1305_msg_block(impl, msg, src);
		src += POLY1305_BLOCK_SIZE;
		len -= POLY1305_BLOCK_SIZE;
	}
	n = len & ~(size_t)(POLY1305_BLOCK_SIZE - 1);
	if (n) {
		impl->blocks(&msg->core, src, n, 1);
		src += n;
		len -= n;
	}
	if (len) {
		memcpy(msg->buf, src, len);
		msg->buflen = len;
	}
}

/*
 * The key bytes at the start of @src: r and s are read, not MACed, so they
 * need no row and no pick.  Returns how many bytes that was.
 */
static size_t sc_poly1305_msg_key(struct sc_poly1305_msg *msg, const u8 *src,
				  size_t len)
{
	size_t n;

	if (msg->sset)
		return 0;
	n = 2 * POLY1305_BLOCK_SIZE - msg->buflen -
	    (msg->rset ? POLY1305_BLOCK_SIZE : 0);
	if (n > len)
		n = len;
	sc_poly1305_msg_update(&sc_poly1305_impl_generic, msg, src, n);
	return n;
}

/* One piece, at most SC_SIMD_CHUNK bytes, in a SIMD section of its own. */
static void sc_poly1305_msg_piece(const struct sc_poly1305_impl *impl,
				  struct sc_poly1305_msg *msg, const u8 *src,
				  size_t n, size_t left)
{
	if (!impl)
		impl = sc_poly1305_pick_here(left);
	sc_simd_run(impl->base.simd, sc_poly1305_msg_update(impl, msg, src, n));
}

/*
 * More than one piece: the key powers are kept across them, on this
 * frame (out of line, so that a short update does not set up 400 bytes
 * of stack it does not use).  Every piece is picked as a piece of a long
 * input (the size class above 4 KiB), the last one too: picked by what is
 * left, a last 4 KiB went to the row of 4 KiB messages (on Zen 4
 * ifma-ymm), which cannot use the zmm row's powers and made its own.
 */
static noinline void sc_poly1305_msg_pieces(const struct sc_poly1305_impl *impl,
					    struct sc_poly1305_msg *msg,
					    const u8 *src, size_t len)
{
	struct sc_poly1305_pow pow;

	pow.ready = 0;
	msg->core.pow = &pow;
	while (len) {
		size_t n = len < SC_SIMD_CHUNK ? len : SC_SIMD_CHUNK;

		sc_poly1305_msg_piece(impl, msg, src, n, SC_SIMD_CHUNK + 1);
		src += n;
		len -= n;
	}
	msg->core.pow = NULL;
	memzero_explicit(&pow, sizeof(pow));
}

void sc_poly1305_msg_update_chunked(const struct sc_poly1305_impl *impl,
				    struct sc_poly1305_msg *msg, const u8 *src,
				    size_t len)
{
	size_t key = sc_poly1305_msg_key(msg, src, len);

	src += key;
	len -= key;
	if (len > SC_SIMD_CHUNK)
		sc_poly1305_msg_pieces(impl, msg, src, len);
	else if (len)
		sc_poly1305_msg_piece(impl, msg, src, len, len);
}

int sc_poly1305_msg_final(const struct sc_poly1305_impl *impl,
		       struct sc_poly1305_msg *msg, u8 *out)
{
	if (!msg->sset) {
		/* r and a partial s may be there: wipe on this path too */
		memzero_explicit(msg, sizeof(*msg));
		return -ENOKEY;
	}
	if (msg->buflen) {
		msg->buf[msg->buflen] = 1;
		memset(msg->buf + msg->buflen + 1, 0,
		       POLY1305_BLOCK_SIZE - msg->buflen - 1);
		impl->blocks(&msg->core, msg->buf, POLY1305_BLOCK_SIZE, 0);
	}
	sc_poly1305_emit(&msg->core, msg->s, out);
	memzero_explicit(msg, sizeof(*msg));
	return 0;
}

_Static_assert(sizeof(struct sc_poly1305_state) == 80,
	       "struct sc_poly1305_state: no padding");

void sc_poly1305_msg_export(const struct sc_poly1305_msg *msg, void *out)
{
	struct sc_poly1305_state st;

	memset(&st, 0, sizeof(st));
	memcpy(st.h, msg->core.h, sizeof(st.h));
	memcpy(st.r, msg->core.r, sizeof(st.r));
	memcpy(st.s, msg->s, sizeof(st.s));
	memcpy(st.buf, msg->buf, msg->buflen);
	st.buflen = msg->buflen;
	st.rset = msg->rset;
	st.sset = msg->sset;
	memcpy(out, &st, sizeof(st));
	memzero_explicit(&st, sizeof(st));
}

/*
 * A state this code exported: flags 0 or 1, s only after r, r clamped,
 * h as every row leaves it (h2 <= 4), a partial block shorter than 16 and
 * zero after its end, @zero zero.
 */
static bool sc_poly1305_state_ok(const struct sc_poly1305_state *st)
{
	u8 rest = 0;
	unsigned int i;

	if (st->rset > 1 || st->sset > 1 || (st->sset && !st->rset))
		return false;
	if (st->buflen >= POLY1305_BLOCK_SIZE)
		return false;
	for (i = st->buflen; i < POLY1305_BLOCK_SIZE; i++)
		rest |= st->buf[i];
	for (i = 0; i < sizeof(st->zero); i++)
		rest |= st->zero[i];
	if (rest)
		return false;
	if ((st->r[0] & ~0x0ffffffc0fffffffull) ||
	    (st->r[1] & ~0x0ffffffc0ffffffcull))
		return false;
	return st->h[2] <= 4;
}

int sc_poly1305_msg_import(struct sc_poly1305_msg *msg, const void *in)
{
	struct sc_poly1305_state st;
	int err = 0;

	memcpy(&st, in, sizeof(st));
	if (sc_poly1305_state_ok(&st)) {
		sc_poly1305_msg_init(msg);	/* core.pow: NULL */
		memcpy(msg->core.h, st.h, sizeof(st.h));
		memcpy(msg->core.r, st.r, sizeof(st.r));
		memcpy(msg->s, st.s, sizeof(st.s));
		memcpy(msg->buf, st.buf, st.buflen);
		msg->buflen = st.buflen;
		msg->rset = st.rset;
		msg->sset = st.sset;
	} else {
		/* leave no earlier key or partial state behind either */
		memzero_explicit(msg, sizeof(*msg));
		err = -EINVAL;
	}
	memzero_explicit(&st, sizeof(st));
	return err;
}

const struct sc_poly1305_impl sc_poly1305_impl_generic = {
	.base = { .name = "generic" },
	.blocks = sc_poly1305_blocks_generic,
};
