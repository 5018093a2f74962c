// SPDX-License-Identifier: GPL-2.0
/*
 * Secrets left on the stack: see residue.h.
 *
 * Whatever is not the fill in sc_abi_stack[] is what the row (and
 * anything it called) left behind.  A row's key, keystream and state
 * words must not be among it (the asm headers promise wiped frames; the
 * kernel stack outlives the call).  Words that are also in the call's
 * public data (its input or output text) are not counted as secret, nor
 * words with fewer than 8 or more than 24 bits set (the tests' edge-case
 * keys, r = 1 or all ones clamped, are such words, and so are the
 * counters and masks any frame holds).  The programs fail a row at two
 * or more secret words in one call's leftovers: one could be chance (a
 * few hundred leftover words against up to 4104 secret ones, 2^-32
 * each).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "residue.h"
#include "simdcrypt.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* a 4 KiB text and its key, or a few permutations' round states */
static u32 g_secret[65536];
static u32 g_public[SC_RESIDUE_MAX / 2];
static size_t g_nsecret, g_npublic;

static bool residue_word(u32 w)
{
	return __builtin_popcount(w) >= 8 && __builtin_popcount(w) <= 24;
}

/*
 * Word @i of the scan is half of a user-space pointer a frame holds (a
 * saved argument, a return address): an 8-byte-aligned qword whose high
 * half is an address's top bits, 0x5555-0x7fff on x86_64 (PIE code and
 * heap, mmap, the stack), up to 0xffff for arm64's 48-bit ones.  Such a
 * high half matched a 26-bit limb of one text's r^k once (after ASLR put
 * the buffers at 0x7fad...), and every AEAD row's call with that key
 * failed.  The low half is as random as ASLR makes it: in one CI run
 * (2026-12-05) the avx2 and avx512vl AEAD rows each failed two calls of
 * one 182-byte text, two words each, which four runs of the same inputs
 * never repeated; a pointer kept in two frames whose low half equals
 * one of that text's secret words does just that.  So both halves of such
 * a qword are skipped.  A secret qword's high half lands in this range
 * with odds of 2^-16 or less; a 44-bit limb's stays below 0x1000.
 */
static bool residue_pointer_half(const u32 *w, size_t i)
{
	u32 high = w[i | 1];

	return high >= 0x1000 && high <= 0xffff;
}

static int cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

void residue_secret(const void *p, size_t len)
{
	const u8 *b = p;
	size_t i;

	for (i = 0; i + 4 <= len && g_nsecret < ARRAY_SIZE(g_secret); i += 4)
		memcpy(&g_secret[g_nsecret++], b + i, 4);
}

void residue_public(const void *p, size_t len)
{
	const u8 *b = p;
	size_t i;

	for (i = 0; i + 4 <= len && g_npublic < ARRAY_SIZE(g_public); i += 4)
		memcpy(&g_public[g_npublic++], b + i, 4);
}

/* Theta's column parities and D values of the round that takes @a. */
static void residue_theta(const u64 *a)
{
	u64 c[5], d[5];
	unsigned int x;

	for (x = 0; x < 5; x++)
		c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
	for (x = 0; x < 5; x++)
		d[x] = c[(x + 4) % 5] ^ (c[(x + 1) % 5] << 1 |
					 c[(x + 1) % 5] >> 63);
	residue_secret(c, sizeof(c));
	residue_secret(d, sizeof(d));
}

void residue_keccak(const u64 *st, unsigned int stride, u64 *out)
{
	static u64 rounds[24][KECCAK_STATE_LANES];
	unsigned int i;

	for (i = 0; i < KECCAK_STATE_LANES; i++)
		out[i] = st[i * stride];
	residue_secret(out, KECCAK_STATE_SIZE);
	sc_keccakf1600_rounds_generic(out, rounds);
	residue_secret(rounds, sizeof(rounds));
	residue_theta(out);
	for (i = 0; i < 23; i++)
		residue_theta(rounds[i]);
	memcpy(out, rounds[23], KECCAK_STATE_SIZE);
}

void residue_stream(const u8 *in, const u8 *out, size_t len)
{
	size_t i, j;
	u32 a, b;

	for (i = 0; i + 4 <= len && g_nsecret < ARRAY_SIZE(g_secret); i += 4) {
		memcpy(&a, in + i, 4);
		memcpy(&b, out + i, 4);
		g_secret[g_nsecret++] = a ^ b;
	}
	for (j = 0; j < 2; j++)
		residue_public(j ? out : in, len);
}

/*
 * How many words of the last call's leftovers are secret.  The leftovers
 * are few (a frame or two among the fill): they are sorted and looked up,
 * and only a secret word found there is checked against the public ones.
 */
unsigned int residue_found(void)
{
	static u32 left[SC_ABI_SCAN / 4];
	static bool hit[SC_ABI_SCAN / 4];
	const u32 *w = (const u32 *)sc_abi_stack;
	unsigned int found = 0;
	size_t i, j, n = 0;
	u32 *at;

	for (i = 0; i < SC_ABI_SCAN / 4; i++)
		if (w[i] != SC_ABI_FILL32 && residue_word(w[i]) &&
		    !residue_pointer_half(w, i))
			left[n++] = w[i];
	qsort(left, n, sizeof(u32), cmp_u32);
	memset(hit, 0, n);
	for (i = 0; i < g_nsecret && n; i++) {
		at = bsearch(&g_secret[i], left, n, sizeof(u32), cmp_u32);
		if (!at || hit[at - left])
			continue;
		for (j = 0; j < g_npublic && g_public[j] != *at; j++)
			;
		if (j < g_npublic)
			continue;
		/* every copy of it: bsearch found one of a run */
		for (j = at - left; j > 0 && left[j - 1] == *at; j--)
			;
		for (; j < n && left[j] == *at; j++, found++)
			hit[j] = true;
	}
	g_nsecret = 0;
	g_npublic = 0;
	return found;
}

unsigned int residue_selftest(void)
{
	u32 secret[16], x = 0x2545f491u;
	unsigned int i;

	for (i = 0; i < 16; i++) {
		do {	/* xorshift: 16 distinct words that count */
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
		} while (!residue_word(x));
		secret[i] = x;
	}
	sc_abi_call((const void *)sc_abi_leak, (uintptr_t)secret, 0, 0, 0, 0, 0);
	residue_secret(secret, sizeof(secret));
	return residue_found();
}
