// SPDX-License-Identifier: GPL-2.0
/*
 * Portable Keccak-f[1600] (FIPS 202 section 3) and the buffered sponge used
 * by SHA3-224/256/384/512 and SHAKE128/256.  Built into the module and into
 * the userspace harness.
 *
 * Lanes are u64 values; bytes map to lanes little-endian (byte i is bits
 * 8*(i%8).. of lane i/8), done with shifts so the code is endian-neutral.
 */
#include <linux/types.h>
#include <linux/string.h>
#include "../compat/unaligned.h"
#include "../simdcrypt.h"
#include "keccak.h"
#include "keccak_rc.h"

static const u64 sc_keccak_rc[24] = { SC_KECCAK_RC };

static inline u64 sc_keccak_rol64(u64 v, unsigned int n)
{
	return n ? (v << n) | (v >> (64 - n)) : v;
}

/*
 * One round on lanes a[x + 5y], through the scratch lanes b[25].  rho
 * offsets and the pi permutation are written out so the compiler keeps
 * everything in registers.
 */
static void sc_keccak_round(u64 *a, u64 *b, u64 rc)
{
	u64 c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
	int y;

	/* theta */
	c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
	c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
	c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
	c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
	c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
	d0 = c4 ^ sc_keccak_rol64(c1, 1);
	d1 = c0 ^ sc_keccak_rol64(c2, 1);
	d2 = c1 ^ sc_keccak_rol64(c3, 1);
	d3 = c2 ^ sc_keccak_rol64(c4, 1);
	d4 = c3 ^ sc_keccak_rol64(c0, 1);

	/* rho and pi: b[y + 5*((2x + 3y) % 5)] = rol(a[x + 5y] ^ d[x], r[x][y]) */
	b[0]  = a[0] ^ d0;
	b[10] = sc_keccak_rol64(a[1] ^ d1, 1);
	b[20] = sc_keccak_rol64(a[2] ^ d2, 62);
	b[5]  = sc_keccak_rol64(a[3] ^ d3, 28);
	b[15] = sc_keccak_rol64(a[4] ^ d4, 27);
	b[16] = sc_keccak_rol64(a[5] ^ d0, 36);
	b[1]  = sc_keccak_rol64(a[6] ^ d1, 44);
	b[11] = sc_keccak_rol64(a[7] ^ d2, 6);
	b[21] = sc_keccak_rol64(a[8] ^ d3, 55);
	b[6]  = sc_keccak_rol64(a[9] ^ d4, 20);
	b[7]  = sc_keccak_rol64(a[10] ^ d0, 3);
	b[17] = sc_keccak_rol64(a[11] ^ d1, 10);
	b[2]  = sc_keccak_rol64(a[12] ^ d2, 43);
	b[12] = sc_keccak_rol64(a[13] ^ d3, 25);
	b[22] = sc_keccak_rol64(a[14] ^ d4, 39);
	b[23] = sc_keccak_rol64(a[15] ^ d0, 41);
	b[8]  = sc_keccak_rol64(a[16] ^ d1, 45);
	b[18] = sc_keccak_rol64(a[17] ^ d2, 15);
	b[3]  = sc_keccak_rol64(a[18] ^ d3, 21);
	b[13] = sc_keccak_rol64(a[19] ^ d4, 8);
	b[14] = sc_keccak_rol64(a[20] ^ d0, 18);
	b[24] = sc_keccak_rol64(a[21] ^ d1, 2);
	b[9]  = sc_keccak_rol64(a[22] ^ d2, 61);
	b[19] = sc_keccak_rol64(a[23] ^ d3, 56);
	b[4]  = sc_keccak_rol64(a[24] ^ d4, 14);

	/* chi */
	for (y = 0; y < 25; y += 5) {
		a[y + 0] = b[y + 0] ^ (~b[y + 1] & b[y + 2]);
		a[y + 1] = b[y + 1] ^ (~b[y + 2] & b[y + 3]);
		a[y + 2] = b[y + 2] ^ (~b[y + 3] & b[y + 4]);
		a[y + 3] = b[y + 3] ^ (~b[y + 4] & b[y + 0]);
		a[y + 4] = b[y + 4] ^ (~b[y + 0] & b[y + 1]);
	}

	/* iota */
	a[0] ^= rc;
}

void sc_keccakf1600_generic(u64 *st)
{
	u64 b[KECCAK_STATE_LANES];	/* state-dependent: wiped below */
	int r;

	for (r = 0; r < 24; r++)
		sc_keccak_round(st, b, sc_keccak_rc[r]);
	memzero_explicit(b, sizeof(b));
}

#ifndef __KERNEL__
/*
 * Userspace tests only (test/residue.c): the state after each of the 24
 * rounds, the values a row's frame may hold between rounds.
 */
void sc_keccakf1600_rounds_generic(const u64 *st,
				   u64 out[24][KECCAK_STATE_LANES])
{
	u64 a[KECCAK_STATE_LANES], b[KECCAK_STATE_LANES];
	int r;

	memcpy(a, st, sizeof(a));
	for (r = 0; r < 24; r++) {
		sc_keccak_round(a, b, sc_keccak_rc[r]);
		memcpy(out[r], a, sizeof(a));
	}
}
#endif

void sc_keccak_absorb_generic(u64 *st, const u8 *in, size_t nblocks,
			   unsigned int rate)
{
	unsigned int i;

	while (nblocks--) {
		for (i = 0; i < rate / 8; i++)
			st[i] ^= get_unaligned_le64(in + 8 * i);
		sc_keccakf1600_generic(st);
		in += rate;
	}
}

/* Whole lanes go as 64-bit words; only a ragged head or tail goes bytewise. */
void sc_keccak_extract_bytes(const u64 *st, unsigned int offset, u8 *out,
			     unsigned int len)
{
	for (; len && offset % 8; len--, offset++)
		*out++ = (u8)(st[offset / 8] >> (8 * (offset % 8)));
	for (; len >= 8; len -= 8, offset += 8, out += 8)
		put_unaligned_le64(st[offset / 8], out);
	for (; len; len--, offset++)
		*out++ = (u8)(st[offset / 8] >> (8 * (offset % 8)));
}

/* ---- buffered absorb, shared by the SHA-3 shash and the sponge ---- */

/*
 * Absorb @len bytes with a partial-block buffer @buf holding @buflen bytes;
 * returns the new buffer length.  Whole blocks of @in go to the row directly.
 */
unsigned int sc_keccak_absorb_buffered(const struct sc_keccak_impl *impl, u64 *st,
				    u8 *buf, unsigned int buflen,
				    unsigned int rate, const u8 *in,
				    size_t len)
{
	size_t nblocks;
	unsigned int n;

	if (buflen) {
		n = rate - buflen;
		if (n > len)
			n = len;
		memcpy(buf + buflen, in, n);
		buflen += n;
		in += n;
		len -= n;
		if (buflen < rate)
			return buflen;
		impl->absorb(st, buf, 1, rate);
		buflen = 0;
	}
	nblocks = len / rate;
	if (nblocks) {
		impl->absorb(st, in, nblocks, rate);
		in += nblocks * rate;
		len -= nblocks * rate;
	}
	memcpy(buf, in, len);
	return len;
}

/*
 * Pad the buffered tail to a whole block in @buf (the caller's block
 * buffer, @rate bytes; the caller wipes it) with the domain separation
 * byte (0x06 SHA-3, 0x1f SHAKE) and the final 0x80 bit, and absorb it
 * with one call of the row.  XORing the tail into the state in C and
 * then calling the row's permute costs more: on Zen 5 with the avx512vl
 * row, a permute straight after a 168-byte-rate absorb took about 300
 * cycles longer than a second absorb does (SHAKE128 of 256 bytes: 1887
 * against 1560 cycles), enough to make the scalar row faster there.
 */
void sc_keccak_absorb_final(const struct sc_keccak_impl *impl, u64 *st,
			 u8 *buf, unsigned int buflen,
			 unsigned int rate, u8 dsbyte)
{
	memset(buf + buflen, 0, rate - buflen);
	buf[buflen] ^= dsbyte;
	buf[rate - 1] ^= 0x80;
	impl->absorb(st, buf, 1, rate);
}

/* ---- sponge with any-length squeeze (SHAKE) ---- */

void sc_keccak_sponge_init(struct sc_keccak_sponge *sp, unsigned int rate)
{
	memset(sp, 0, sizeof(*sp));
	sp->rate = rate;
}

void sc_keccak_sponge_absorb(const struct sc_keccak_impl *impl,
			  struct sc_keccak_sponge *sp, const u8 *in, size_t len)
{
	sp->buflen = sc_keccak_absorb_buffered(impl, sp->st, sp->buf, sp->buflen,
					    sp->rate, in, len);
}

void sc_keccak_sponge_finalize(const struct sc_keccak_impl *impl,
			    struct sc_keccak_sponge *sp, u8 dsbyte)
{
	sc_keccak_absorb_final(impl, sp->st, sp->buf, sp->buflen, sp->rate,
			    dsbyte);
	memzero_explicit(sp->buf, sizeof(sp->buf));
	sp->buflen = 0;		/* now: bytes of the current block squeezed */
}

void sc_keccak_sponge_squeeze(const struct sc_keccak_impl *impl,
			   struct sc_keccak_sponge *sp, u8 *out, size_t len)
{
	unsigned int n;

	while (len) {
		if (sp->buflen == sp->rate) {
			impl->permute(sp->st);
			sp->buflen = 0;
		}
		n = sp->rate - sp->buflen;
		if (n > len)
			n = len;
		sc_keccak_extract_bytes(sp->st, sp->buflen, out, n);
		sp->buflen += n;
		out += n;
		len -= n;
	}
}

const struct sc_keccak_impl sc_keccak_impl_generic = {
	.base = { .name = "generic" },
	.permute = sc_keccakf1600_generic,
	.absorb = sc_keccak_absorb_generic,
};
