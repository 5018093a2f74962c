/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 chacha rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_CHACHA_ROWS_H
#define _SC_X86_CHACHA_ROWS_H

#include "../../simdcrypt.h"

/*
 * Shortest input (bytes) each row is auto-dispatched for; measured on Zen 5,
 * see Documentation/chacha.rst.
 */
#define SC_CHACHA_MIN_SCALAR	0
#define SC_CHACHA_MIN_SSSE3	129
#define SC_CHACHA_MIN_AVX2	129
#define SC_CHACHA_MIN_AVX512VL	129
#define SC_CHACHA_MIN_AVX512	512
/* on Zen 4 (SC_CPU_ZMM_SPLIT), where avx512vl is 4-5% faster to 1 KiB */
#define SC_CHACHA_LATER_AVX512	1025
/* measured choice only: the static (Zen 5) table never picks them */
#define SC_CHACHA_MIN_AVX2_HORIZ	(~0U)
#define SC_CHACHA_MIN_AVX2_X16		(~0U)
#define SC_CHACHA_MIN_AVX512_HORIZ	(~0U)

/*
 * 17-24 blocks where 512-bit instructions issue as two halves (Zen 4,
 * SC_CPU_ZMM_SPLIT): a vertical ymm batch of 8 beside the zmm one
 * (_chacha_zy in chacha-x86_64.S) instead of two horizontal zmm batches
 * of 4 (_chacha_vh), for the ChaCha20 rows and avx512-mulx's open alike.
 * Zen 4 (family 25 model 17), cycles a call, best of 3000: 1088 bytes
 * 989 -> 896-906, 1420 bytes 1007 -> 925-933, 1536 bytes 1007 ->
 * 925-933.  Not measured on Zen 5 or Intel, which keep _chacha_vh
 * (measured there against two vertical zmm batches).
 */
static inline bool sc_chacha_zy_ok(void)
{
	return sc_cpu_features() & SC_CPU_ZMM_SPLIT;
}

extern const struct sc_chacha_impl sc_chacha_impl_scalar;
extern const struct sc_chacha_impl sc_chacha_impl_ssse3;
extern const struct sc_chacha_impl sc_chacha_impl_avx2;
extern const struct sc_chacha_impl sc_chacha_impl_avx2_horiz;
extern const struct sc_chacha_impl sc_chacha_impl_avx2_x16;
extern const struct sc_chacha_impl sc_chacha_impl_avx512vl;
extern const struct sc_chacha_impl sc_chacha_impl_avx512;
extern const struct sc_chacha_impl sc_chacha_impl_avx512_horiz;

#define SC_ARCH_CHACHA_ROWS						\
	&sc_chacha_impl_scalar,						\
	&sc_chacha_impl_ssse3, &sc_chacha_impl_avx2,			\
	&sc_chacha_impl_avx2_horiz, &sc_chacha_impl_avx2_x16,		\
	&sc_chacha_impl_avx512vl, &sc_chacha_impl_avx512,		\
	&sc_chacha_impl_avx512_horiz,

#endif
