/* SPDX-License-Identifier: GPL-2.0 */
/* A buffered Keccak sponge over any keccak_impl row. */
#ifndef _SC_GENERIC_KECCAK_H
#define _SC_GENERIC_KECCAK_H

#include "../simdcrypt.h"

#define SHA3_224_RATE	144
#define SHA3_256_RATE	136
#define SHA3_384_RATE	104
#define SHA3_512_RATE	72
#define SHAKE128_RATE	168
#define SHAKE256_RATE	136

#define SHA3_DSBYTE	0x06
#define SHAKE_DSBYTE	0x1f

struct sc_keccak_sponge {
	u64 st[KECCAK_STATE_LANES];
	u8 buf[KECCAK_MAX_RATE];
	unsigned int rate;
	unsigned int buflen;	/* absorbing: bytes in buf; squeezing: used */
};

unsigned int sc_keccak_absorb_buffered(const struct sc_keccak_impl *impl, u64 *st,
				    u8 *buf, unsigned int buflen,
				    unsigned int rate, const u8 *in,
				    size_t len);
void sc_keccak_absorb_final(const struct sc_keccak_impl *impl, u64 *st,
			 u8 *buf, unsigned int buflen,
			 unsigned int rate, u8 dsbyte);

/*
 * @impl may be a SIMD row: the caller brackets absorb/finalize/squeeze in a
 * SIMD section and bounds the input of one section.
 */
void sc_keccak_sponge_init(struct sc_keccak_sponge *sp, unsigned int rate);
void sc_keccak_sponge_absorb(const struct sc_keccak_impl *impl,
			  struct sc_keccak_sponge *sp, const u8 *in, size_t len);
void sc_keccak_sponge_finalize(const struct sc_keccak_impl *impl,
			    struct sc_keccak_sponge *sp, u8 dsbyte);
void sc_keccak_sponge_squeeze(const struct sc_keccak_impl *impl,
			   struct sc_keccak_sponge *sp, u8 *out, size_t len);

#endif
