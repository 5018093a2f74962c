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
