/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 rows for impl.c, slowest to fastest (dispatch takes the last row
 * the CPU supports whose min_len fits).  See Documentation/arm64.rst for
 * the order and the cutoffs.
 */
#ifndef _SC_ARM64_ROWS_H
#define _SC_ARM64_ROWS_H

#include "../../simdcrypt.h"

extern const struct sc_chacha_impl sc_chacha_impl_arm64;
extern const struct sc_chacha_impl sc_chacha_impl_neon;
extern const struct sc_chacha_impl sc_chacha_impl_neon_gpr;
extern const struct sc_chacha_impl sc_chacha_impl_neon_x8_gpr;
extern const struct sc_poly1305_impl sc_poly1305_impl_arm64;
extern const struct sc_poly1305_impl sc_poly1305_impl_neon;
extern const struct sc_keccak_impl sc_keccak_impl_arm64;
extern const struct sc_keccak_impl sc_keccak_impl_sha3ce;
extern const struct sc_aead_impl sc_aead_impl_neon;
extern const struct sc_aead_impl sc_aead_impl_neon_x8;

#define SC_ARCH_CHACHA_ROWS	&sc_chacha_impl_arm64, &sc_chacha_impl_neon, \
				&sc_chacha_impl_neon_gpr, \
				&sc_chacha_impl_neon_x8_gpr,
#define SC_ARCH_POLY1305_ROWS	&sc_poly1305_impl_arm64, &sc_poly1305_impl_neon,
#define SC_ARCH_KECCAK_ROWS	&sc_keccak_impl_arm64, &sc_keccak_impl_sha3ce,

extern const struct sc_keccakx_impl sc_keccakx_impl_arm64;
extern const struct sc_keccakx_impl sc_keccakx_impl_neonx2;
extern const struct sc_keccakx_impl sc_keccakx_impl_sha3cex2;
#define SC_ARCH_KECCAKX_ROWS	&sc_keccakx_impl_arm64, &sc_keccakx_impl_neonx2, \
				&sc_keccakx_impl_sha3cex2,
#define SC_ARCH_AEAD_ROWS	&sc_aead_impl_neon, &sc_aead_impl_neon_x8,

#endif
