// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak xN in portable C: the reference row (one state at a time through
 * sc_keccakf1600_generic) and the multi-stream sponge every xN row runs
 * under.  Built into the module and into the userspace harness.
 *
 * The states are lane-interleaved (lane i of state j at st[8 * i + j]), the
 * layout the SIMD rows load with one vector per lane; bytes enter and leave
 * through the same little-endian lane mapping as generic/keccak.c.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/kernel.h>
#include "../compat/unaligned.h"
#include "../simdcrypt.h"
#include "keccakx.h"

#define SC_KX_STRIDE	SC_KECCAKX_MAX

/* One state at @st (stride SC_KX_STRIDE) through the portable permutation. */
static void sc_keccakx1_permute_generic(u64 *st)
{
	u64 a[KECCAK_STATE_LANES];
	unsigned int i;

	for (i = 0; i < KECCAK_STATE_LANES; i++)
		a[i] = st[SC_KX_STRIDE * i];
	sc_keccakf1600_generic(a);
	for (i = 0; i < KECCAK_STATE_LANES; i++)
		st[SC_KX_STRIDE * i] = a[i];
	memzero_explicit(a, sizeof(a));
}

const struct sc_keccakx_impl sc_keccakx_impl_generic = {
	.base = { .name = "generic" },
	.width = 1,
	.permute = sc_keccakx1_permute_generic,
};

void sc_keccakx_permute_live(const struct sc_keccakx_impl *impl, u64 *st,
			     unsigned int live)
{
	unsigned int w = impl->width, mask = (1u << w) - 1, g;

	for (g = 0; g + w <= SC_KECCAKX_MAX; g += w)
		if ((live >> g) & mask)
			impl->permute(st + g);
}

void sc_keccakx_sponge_init(struct sc_keccakx_sponge *sp, unsigned int n,
			    unsigned int rate)
{
	memset(sp, 0, sizeof(*sp));
	sp->n = n;
	sp->rate = rate;
	sp->live = (u8)((1u << n) - 1);
}

/*
 * XOR @len bytes of every stream's input (@in[j] + @off) into its state
 * from byte @pos of the block, one byte at a time: the bytes before a word
 * boundary, and inputs shorter than a word.
 */
static void sc_keccakx_xor_bytes(u64 *st, unsigned int n, unsigned int pos,
				 const u8 *const *in, size_t off,
				 unsigned int len)
{
	unsigned int b, j;

	for (b = 0; b < len; b++, pos++)
		for (j = 0; j < n; j++)
			st[SC_KX_STRIDE * (pos / 8) + j] ^=
				(u64)in[j][off + b] << (8 * (pos % 8));
}

/*
 * The same from a word boundary (@pos a multiple of 8) for at least one
 * word (@len >= 8): lane by lane, so that each lane's eight states, one
 * cache line, are XORed together; then each stream's last partial word,
 * read as its input's last 8 bytes shifted down (still inside the input).
 * Eight 34-byte seeds: 42 TSC ticks against 62 stream by stream (Zen 5,
 * with the pad; about 1% of an x8 SHAKE128 call of five blocks).
 */
static void sc_keccakx_xor_words(u64 *st, unsigned int n, unsigned int pos,
				 const u8 *const *in, size_t off,
				 unsigned int len)
{
	u64 *s = st + SC_KX_STRIDE * (pos / 8);
	unsigned int words = len / 8, head = len % 8, i, j;

	for (i = 0; i < words; i++, s += SC_KX_STRIDE)
		for (j = 0; j < n; j++)
			s[j] ^= get_unaligned_le64(in[j] + off + 8 * i);
	if (!head)
		return;
	for (j = 0; j < n; j++)
		s[j] ^= get_unaligned_le64(in[j] + off + len - 8) >>
			(64 - 8 * head);
}

/* @len bytes at byte @pos of every stream's block (pos + len <= rate) */
static void sc_keccakx_xor(u64 *st, unsigned int n, unsigned int pos,
			   const u8 *const *in, size_t off, unsigned int len)
{
	unsigned int lead = min_t(unsigned int, len, (8 - pos % 8) % 8);

	if (lead) {
		sc_keccakx_xor_bytes(st, n, pos, in, off, lead);
		pos += lead;
		off += lead;
		len -= lead;
	}
	if (len >= 8)
		sc_keccakx_xor_words(st, n, pos, in, off, len);
	else if (len)
		sc_keccakx_xor_bytes(st, n, pos, in, off, len);
}

void sc_keccakx_sponge_absorb(const struct sc_keccakx_impl *impl,
			      struct sc_keccakx_sponge *sp,
			      const u8 *const *in, size_t off, size_t len)
{
	unsigned int n;

	while (len) {
		n = sp->rate - sp->pos;
		if (n > len)
			n = len;
		sc_keccakx_xor(sp->st, sp->n, sp->pos, in, off, n);
		sp->pos += n;
		off += n;
		len -= n;
		if (sp->pos == sp->rate) {
			sc_keccakx_permute_live(impl, sp->st, sp->live);
			sp->pos = 0;
		}
	}
}

void sc_keccakx_sponge_finalize(struct sc_keccakx_sponge *sp, u8 dsbyte)
{
	u64 *first = sp->st + SC_KX_STRIDE * (sp->pos / 8);
	u64 *last = sp->st + SC_KX_STRIDE * ((sp->rate - 1) / 8);
	u64 ds = (u64)dsbyte << (8 * (sp->pos % 8));
	u64 end = (u64)0x80 << (8 * ((sp->rate - 1) % 8));
	unsigned int j;

	for (j = 0; j < sp->n; j++) {
		first[j] ^= ds;
		last[j] ^= end;
	}
	sp->pos = 0;
	sp->squeezing = true;
}

/* The first @len bytes of state @j's block (len a multiple of 8). */
static void sc_keccakx_extract(const u64 *st, unsigned int j, u8 *out,
			       unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len / 8; i++)
		put_unaligned_le64(st[SC_KX_STRIDE * i + j], out + 8 * i);
}

/*
 * Through the row's own extract where it has one: a group with a stopped
 * stream writes that stream's bytes to a scratch block, wiped afterwards.
 */
void sc_keccakx_extract_live(const struct sc_keccakx_impl *impl,
			     const u64 *st, u8 *const *out, unsigned int live,
			     unsigned int rate)
{
	unsigned int w = impl->width, mask = (1u << w) - 1, g, j;
	u8 scratch[KECCAK_MAX_RATE];
	u8 *o[SC_KECCAKX_MAX];
	bool used = false;

	if (!impl->extract) {
		for (j = 0; j < SC_KECCAKX_MAX; j++)
			if (live & (1u << j))
				sc_keccakx_extract(st, j, out[j], rate);
		return;
	}
	for (g = 0; g + w <= SC_KECCAKX_MAX; g += w) {
		if (!((live >> g) & mask))
			continue;
		for (j = 0; j < w; j++) {
			o[j] = (live >> (g + j)) & 1 ? out[g + j] : scratch;
			used |= o[j] == scratch;
		}
		impl->extract(st + g, o, rate / 8);
	}
	if (used)
		memzero_explicit(scratch, sizeof(scratch));
}

/*
 * Every group with a live state through the row's squeeze, @nblocks blocks
 * at once; a stopped stream's bytes are not written at all.
 */
static void sc_keccakx_squeeze_groups(const struct sc_keccakx_impl *impl,
				      u64 *st, u8 *const *out,
				      unsigned int live, unsigned int nblocks,
				      unsigned int nlanes)
{
	unsigned int w = impl->width, mask = (1u << w) - 1, g, j;
	u8 *o[SC_KECCAKX_MAX];

	for (g = 0; g + w <= SC_KECCAKX_MAX; g += w) {
		if (!((live >> g) & mask))
			continue;
		for (j = 0; j < w; j++)
			o[j] = (live >> (g + j)) & 1 ? out[g + j] : NULL;
		impl->squeeze(st + g, o, nblocks, nlanes);
	}
}

/* Past @nblocks blocks of every live stream's output. */
static void sc_keccakx_advance(const struct sc_keccakx_sponge *sp, u8 **out,
			       unsigned int nblocks)
{
	unsigned int j;

	for (j = 0; j < sp->n; j++)
		if (sp->live & (1u << j))
			out[j] += nblocks * sp->rate;
}

/* Each block is a permutation, then the rate's bytes (finalize pads only). */
void sc_keccakx_sponge_squeeze(const struct sc_keccakx_impl *impl,
			       struct sc_keccakx_sponge *sp, u8 **out,
			       unsigned int nblocks)
{
	unsigned int j;

	for (j = 0; j < sp->n; j++)
		if (!out[j])
			sp->live &= ~(1u << j);
	if (impl->squeeze && nblocks && sp->rate / 8 > 16) {
		sc_keccakx_squeeze_groups(impl, sp->st, out, sp->live, nblocks,
					  sp->rate / 8);
		sc_keccakx_advance(sp, out, nblocks);
		return;
	}
	while (nblocks--) {
		sc_keccakx_permute_live(impl, sp->st, sp->live);
		sc_keccakx_extract_live(impl, sp->st, out, sp->live, sp->rate);
		sc_keccakx_advance(sp, out, 1);
	}
}
