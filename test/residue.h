/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Secrets left on the stack by a row (test/residue.c): sc_abi_call()
 * (abi_x86_64.S, arm64_abi.S) fills the SC_ABI_SCAN bytes below its
 * stack pointer with SC_ABI_FILL before the call and copies them to
 * sc_abi_stack[] after it.  A test names the call's secret words
 * (residue_secret(), residue_stream()) and its public ones
 * (residue_public()); residue_found() counts the secret words among the
 * leftovers and starts the next call's lists.
 */
#ifndef _SC_TEST_RESIDUE_H
#define _SC_TEST_RESIDUE_H

#include <stddef.h>
#include <linux/types.h>

#define SC_ABI_SCAN	16384	/* as in abi_x86_64.S and arm64_abi.S */
#define SC_ABI_FILL32	0xc5c5c5c5u
#define SC_RESIDUE_MAX	16384	/* the most text one call's lists hold */

u64 sc_abi_call(const void *fn, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4,
		u64 a5);
extern u64 sc_abi_stack[SC_ABI_SCAN / 8];
/* leaves the 64 bytes at @p in a frame it does not wipe */
void sc_abi_leak(const void *p);

void residue_secret(const void *p, size_t len);
void residue_public(const void *p, size_t len);
/* The keystream of a call that turned @in into @out; both are public. */
void residue_stream(const u8 *in, const u8 *out, size_t len);
/*
 * The Keccak state of 25 lanes at @st (lane i at st[i * stride]), its
 * state after each round of the permutation and each round's theta
 * parities and D values: secret.  Returns the permuted state in @out
 * (may be @st's lanes' copy).
 */
void residue_keccak(const u64 *st, unsigned int stride, u64 *out);
unsigned int residue_found(void);
/* Words found after sc_abi_leak() left 16 secret ones: must be 16. */
unsigned int residue_selftest(void);

#endif
