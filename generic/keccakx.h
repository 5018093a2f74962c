/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sponge of up to SC_KECCAKX_MAX Keccak states side by side, driven by
 * any Keccak xN row (simdcrypt.h): the multi-stream SHAKE API and its
 * tests build on it.
 */
#ifndef _SC_GENERIC_KECCAKX_H
#define _SC_GENERIC_KECCAKX_H

#include "../simdcrypt.h"

/*
 * @st: the states, lane-interleaved (simdcrypt.h), 64-byte aligned so a
 * lane of eight states is one cache line.  @n streams are in use (states
 * 0..n-1); @live has bit j set while stream j is still squeezed.
 */
struct sc_keccakx_sponge {
	u64 st[SC_KECCAKX_LANES] __aligned(64);
	unsigned int n;
	unsigned int rate;
	unsigned int pos;	/* absorbing: bytes of the current block */
	u8 live;
	bool squeezing;
};

void sc_keccakx_sponge_init(struct sc_keccakx_sponge *sp, unsigned int n,
			    unsigned int rate);
/* Permute the states of @live with @impl, one group of impl->width at a time. */
void sc_keccakx_permute_live(const struct sc_keccakx_impl *impl, u64 *st,
			     unsigned int live);
/* The first @rate bytes of every state in @live to out[j] (j in @live). */
void sc_keccakx_extract_live(const struct sc_keccakx_impl *impl,
			     const u64 *st, u8 *const *out, unsigned int live,
			     unsigned int rate);
/*
 * @impl may be a SIMD row: the caller brackets these in a SIMD section and
 * bounds the work of one section.  @in[j] / @out[j] belong to stream j.
 */
void sc_keccakx_sponge_absorb(const struct sc_keccakx_impl *impl,
			      struct sc_keccakx_sponge *sp,
			      const u8 *const *in, size_t off, size_t len);
/* The pad only (no row, no SIMD): the next squeeze permutes first. */
void sc_keccakx_sponge_finalize(struct sc_keccakx_sponge *sp, u8 dsbyte);
/* @nblocks blocks of sp->rate bytes to each out[j] (advanced); NULL stops j. */
void sc_keccakx_sponge_squeeze(const struct sc_keccakx_impl *impl,
			       struct sc_keccakx_sponge *sp, u8 **out,
			       unsigned int nblocks);

#endif
