/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 chacha rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_CHACHA_ROWS_H
#define _SC_X86_CHACHA_ROWS_H

#define SC_ARCH_CHACHA_ROWS

#endif
