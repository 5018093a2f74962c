/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 keccak rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_KECCAK_ROWS_H
#define _SC_X86_KECCAK_ROWS_H

extern const struct sc_keccak_impl sc_keccak_impl_scalar;
extern const struct sc_keccak_impl sc_keccak_impl_avx512vl;

#define SC_ARCH_KECCAK_ROWS &sc_keccak_impl_scalar, &sc_keccak_impl_avx512vl,

#endif
