/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fenced buffers (test/fence.c): three pages, the outer two PROT_NONE, so
 * that data placed against either of them faults on a read past its ends
 * (guard bytes catch stray writes only; this catches a last, short piece
 * loaded without its mask).
 * A fault prints a FAIL line naming the last fenced call (fence_note())
 * and exits 1 (under ASan, ASan's own report instead).
 */
#ifndef _SC_TEST_FENCE_H
#define _SC_TEST_FENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

void fence_init(void);
void fence_free(void);
/*
 * @len bytes (at most a page) ending at the upper fence, or (@at_start)
 * starting right after the lower one.
 */
u8 *fence_place(size_t len, bool at_start);
/* What the next call on a fenced buffer is, for the fault's report. */
void __attribute__((format(printf, 1, 2))) fence_note(const char *fmt, ...);

#endif
