/* SPDX-License-Identifier: GPL-2.0 */
/* kunit/keccakx.c: the Keccak xN checks the rows suite runs once per row. */
#ifndef _SC_KUNIT_KECCAKX_H
#define _SC_KUNIT_KECCAKX_H

#include <kunit/test.h>

unsigned int sc_keccakx_kunit_row(struct kunit *test);

#endif
