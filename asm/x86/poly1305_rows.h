/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 poly1305 rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_POLY1305_ROWS_H
#define _SC_X86_POLY1305_ROWS_H

#define SC_ARCH_POLY1305_ROWS

#endif
