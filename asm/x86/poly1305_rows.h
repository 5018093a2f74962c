/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 poly1305 rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_POLY1305_ROWS_H
#define _SC_X86_POLY1305_ROWS_H

extern const struct sc_poly1305_impl sc_poly1305_impl_scalar;
extern const struct sc_poly1305_impl sc_poly1305_impl_ifma;

#define SC_ARCH_POLY1305_ROWS &sc_poly1305_impl_scalar, &sc_poly1305_impl_ifma,

#endif
