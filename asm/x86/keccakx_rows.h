/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 Keccak xN rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_KECCAKX_ROWS_H
#define _SC_X86_KECCAKX_ROWS_H

extern const struct sc_keccakx_impl sc_keccakx_impl_scalar;
extern const struct sc_keccakx_impl sc_keccakx_impl_avx2x4;
extern const struct sc_keccakx_impl sc_keccakx_impl_avx2x8;
extern const struct sc_keccakx_impl sc_keccakx_impl_avx512vlx4;
extern const struct sc_keccakx_impl sc_keccakx_impl_avx512x8;

#define SC_ARCH_KECCAKX_ROWS &sc_keccakx_impl_scalar, &sc_keccakx_impl_avx2x4, \
	&sc_keccakx_impl_avx2x8, &sc_keccakx_impl_avx512vlx4, \
	&sc_keccakx_impl_avx512x8,

#endif
