/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 ChaCha20-Poly1305 AEAD rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_AEAD_ROWS_H
#define _SC_X86_AEAD_ROWS_H

#include "../../simdcrypt.h"

/*
 * Shortest text (bytes) each row is auto-dispatched for; measured on
 * Zen 5, see Documentation/aead.rst.  avx2 against onepass with AVX2
 * only (SC_CPU_MASK=avx2): open is 10-20% faster from 200 bytes on; seal
 * is level from 200 to 512 bytes (one vector batch either way), slower at
 * exactly 576 (onepass's 9-block ChaCha kernel) and faster from 640 (1.2x
 * from 4 KiB).
 */
#define SC_AEAD_MIN_AVX2	256
/*
 * The stitched AVX-512 rows lose to "onepass" at every length on Zen 5
 * (chacha20poly1305-avx512.S says why): the static table never picks them;
 * load-time calibration still may, on CPUs where they measure faster.
 */
#define SC_AEAD_MIN_AVX512VL	(~0u)
#define SC_AEAD_MIN_AVX512	(~0u)
/*
 * avx512-mulx: from the first piece with a two-batch iteration of the zmm
 * kernel (more than 1 KiB), whose rounds carry part of the MAC; shorter
 * pieces it takes as onepass does.
 */
#define SC_AEAD_MIN_AVX512_MULX	(16 * CHACHA_BLOCK_SIZE + 1)
/*
 * On AVX-512 CPUs "onepass" over the AVX-512 ChaCha and IFMA Poly1305
 * rows beats the AVX2 stitched loop (Documentation/aead.rst).
 */
#define SC_AEAD_AVX2_AVOID	SC_CPU_AVX512

extern const struct sc_aead_impl sc_aead_impl_avx2;
extern const struct sc_aead_impl sc_aead_impl_avx512vl;
extern const struct sc_aead_impl sc_aead_impl_avx512;
extern const struct sc_aead_impl sc_aead_impl_avx512_mulx;

#define SC_ARCH_AEAD_ROWS						\
	&sc_aead_impl_avx2, &sc_aead_impl_avx512vl, &sc_aead_impl_avx512,	\
	&sc_aead_impl_avx512_mulx,

#endif
