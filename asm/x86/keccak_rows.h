/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 keccak rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_KECCAK_ROWS_H
#define _SC_X86_KECCAK_ROWS_H

#define SC_ARCH_KECCAK_ROWS

#endif
