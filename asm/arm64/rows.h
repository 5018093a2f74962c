/* SPDX-License-Identifier: GPL-2.0 */
/* arm64 rows for impl.c, slowest to fastest. */
#ifndef _SC_ARM64_ROWS_H
#define _SC_ARM64_ROWS_H

#endif
