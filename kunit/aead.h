/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _SC_KUNIT_AEAD_H
#define _SC_KUNIT_AEAD_H

#include <kunit/test.h>

/* kunit/aead.c: both AEAD drivers vs the template, current AEAD row. */
unsigned int sc_aead_agree_rows(struct kunit *test);

#endif
