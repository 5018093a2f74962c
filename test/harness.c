// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt userspace harness: every implementation row the CPU supports
 * (sc_impl_supported) is driven directly through its function pointers and
 * through the message-level helpers and the dispatcher the kernel glue uses,
 * and compared with
 *   - known answers (test/vectors.h, each re-derived with OpenSSL/libsodium),
 *   - OpenSSL libcrypto (EVP chacha20, POLY1305 MAC, sha3-*, shake*),
 *   - libsodium (chacha20-ietf, xchacha20, hchacha20, poly1305),
 *   - an independent reference ChaCha written here (for the 12-round
 *     variants and the counter edges no peer implements like the kernel).
 *
 * Usage: harness [--quick] [--seed N] [--verbose]
 *   SC_CPU_MASK=avx2 harness   runs as if on an AVX2-only CPU (cpu_user.c)
 *   SC_TEST_QUICK=1            the lighter subset (sanitizer builds)
 * Prints per-row case counts and a closing "N passed, N failed" line; the
 * exit status is non-zero if any case failed.
 *
 * Built with -DSC_TEST_MUTANT, the last supported row of each algorithm
 * gets one output bit flipped in the direct-row wrappers below: the harness
 * must then fail (make check-mutant).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <sodium.h>

#include <linux/types.h>
#include "simdcrypt.h"
#include "generic/poly1305.h"
#include "generic/keccak.h"
#include "cpu_user.h"
#include "vectors.h"
#include "harness.h"
#include "residue.h"
#include "poly_reduce.h"
#include "compat/unaligned.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define MAXLEN		(1u << 20)
#define GUARD		64

/* ------------------------------------------------------------------ */
/* Bookkeeping                                                         */
/* ------------------------------------------------------------------ */

struct tally {
	char alg[24];
	char row[24];
	unsigned long pass, fail;
};

static struct tally g_tally[256];
static unsigned int g_ntally;
static unsigned long g_pass, g_fail;
static unsigned int g_printed;
bool g_quick;
static bool g_verbose;

static struct tally *tally_get(const char *alg, const char *row)
{
	unsigned int i;

	for (i = 0; i < g_ntally; i++)
		if (!strcmp(g_tally[i].alg, alg) && !strcmp(g_tally[i].row, row))
			return &g_tally[i];
	if (g_ntally == ARRAY_SIZE(g_tally)) {
		fprintf(stderr, "harness: too many tallies\n");
		exit(2);
	}
	snprintf(g_tally[g_ntally].alg, sizeof(g_tally[0].alg), "%s", alg);
	snprintf(g_tally[g_ntally].row, sizeof(g_tally[0].row), "%s", row);
	return &g_tally[g_ntally++];
}

/* One test case. */
bool __attribute__((format(printf, 4, 5)))
check(bool ok, const char *alg, const char *row, const char *fmt, ...)
{
	struct tally *t = tally_get(alg, row);
	va_list ap;

	if (ok) {
		t->pass++;
		g_pass++;
		return true;
	}
	t->fail++;
	g_fail++;
	if (g_printed < 40 || g_verbose) {
		printf("FAIL [%s/%s] ", alg, row);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	} else if (g_printed == 40) {
		printf("(further failures not printed; --verbose shows all)\n");
	}
	g_printed++;
	return false;
}

/* splitmix64 */
static u64 g_rng;

u64 rnd64(void)
{
	u64 z = (g_rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

size_t rnd_below(size_t n)
{
	return n ? (size_t)(rnd64() % n) : 0;
}

void rnd_fill(u8 *p, size_t n)
{
	size_t i;
	u64 v = 0;

	for (i = 0; i < n; i++) {
		if (!(i & 7))
			v = rnd64();
		p[i] = (u8)v;
		v >>= 8;
	}
}

/* the decoders of test/vectors.h, under the names the harness files use */
size_t unhex(const char *s, u8 *out)
{
	return sc_vec_unhex(s, out);
}

size_t msg_bytes(const struct sc_msg *m, u8 *out)
{
	return sc_vec_msg(m, out);
}

static u32 le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void put_le32(u8 *p, u32 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
	p[2] = (u8)(v >> 16);
	p[3] = (u8)(v >> 24);
}

/* Where two buffers first differ, for failure messages; -1 if equal. */
static long first_diff(const u8 *a, const u8 *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return (long)i;
	return -1;
}

/* ---- guarded buffers: GUARD bytes of a pattern on both sides ---- */

static u8 *g_arena_src, *g_arena_dst, *g_ref, *g_tmp, *g_in;

static u8 guard_byte(size_t i)
{
	return (u8)(0x5a ^ (i * 7));
}

/* Place a @len-byte buffer at misalignment @off inside @arena. */
static u8 *guard_place(u8 *arena, size_t off, size_t len)
{
	size_t i, start = GUARD + off;

	for (i = 0; i < start; i++)
		arena[i] = guard_byte(i);
	for (i = start + len; i < start + len + GUARD; i++)
		arena[i] = guard_byte(i);
	return arena + start;
}

static bool guard_intact(const u8 *arena, size_t off, size_t len)
{
	size_t i, start = GUARD + off;

	for (i = 0; i < start; i++)
		if (arena[i] != guard_byte(i))
			return false;
	for (i = start + len; i < start + len + GUARD; i++)
		if (arena[i] != guard_byte(i))
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

/* Rows under test: every supported row, by index. */
unsigned int g_rows[SC_ALG_COUNT][32], g_nrows[SC_ALG_COUNT];

const char *row_name(enum sc_alg alg, unsigned int i)
{
	return sc_impl_row(alg, i)->name;
}

#ifdef SC_TEST_MUTANT
static bool mutant_row(enum sc_alg alg, const void *impl)
{
	unsigned int last = g_rows[alg][g_nrows[alg] - 1];

	return impl == (const void *)sc_impl_row(alg, last);
}
#endif

/*
 * Every direct row call goes through sc_abi_call() on x86_64 and arm64:
 * canaries in the callee-saved registers, checked after the call
 * (abi_x86_64.S, arm64_abi.S).
 */
static unsigned long g_abi_calls[SC_ALG_COUNT][32];
static unsigned int g_abi_bad[SC_ALG_COUNT][32];

#if defined(__x86_64__) || defined(__aarch64__)
#define ROW_CALL6(alg, im, fn, a0, a1, a2, a3, a4, a5)			\
	abi_note(alg, im, sc_abi_call((const void *)(fn), (u64)(uintptr_t)(a0), \
				      (u64)(uintptr_t)(a1), (u64)(uintptr_t)(a2), \
				      (u64)(uintptr_t)(a3), (u64)(a4),	\
				      (u64)(uintptr_t)(a5)))
#define ROW_CALL(alg, im, fn, a0, a1, a2, a3, a4)			\
	ROW_CALL6(alg, im, fn, a0, a1, a2, a3, a4, 0)

/* The row index of @im in @alg's table, or -1. */
static int abi_row(enum sc_alg alg, const void *im)
{
	unsigned int i;

	for (i = 0; i < sc_nimpls[alg] && i < 32; i++)
		if ((const void *)sc_impl_row(alg, i) == im)
			return (int)i;
	return -1;
}

static void abi_note(enum sc_alg alg, const void *im, u64 bad)
{
	int i = abi_row(alg, im);

	if (i < 0)
		return;
#if defined(__aarch64__)
	/* arm64_abi.S returns the kept registers XORed with their patterns */
	bad = bad != 0;
#endif
	g_abi_calls[alg][i]++;
	g_abi_bad[alg][i] |= (unsigned int)bad;
}

/*
 * Secrets left on the stack (test/residue.c): every direct row call's
 * leftovers are searched for its key, keystream, r or state words.
 */
static unsigned long g_residue_scans[SC_ALG_COUNT][32];
static unsigned int g_residue_bad[SC_ALG_COUNT][32];
static unsigned int g_residue_words[SC_ALG_COUNT][32];
static size_t g_residue_len[SC_ALG_COUNT][32];
static u8 g_residue_src[SC_RESIDUE_MAX];
static u64 g_residue_lanes[KECCAK_STATE_LANES];
static u32 g_residue_perm[CHACHA_STATE_WORDS];

/*
 * ChaCha's permuted words behind the keystream of a call that turned @in
 * into @out from state @st (the keystream less the input state, whose
 * counter moves on a block at a time): a frame may hold them before the
 * feed-forward.
 */
static void residue_chacha(const u32 *st, const u8 *in, const u8 *out,
			   size_t len)
{
	u32 x[CHACHA_STATE_WORDS];
	size_t b, i, n;

	for (b = 0; b < len; b += CHACHA_BLOCK_SIZE) {
		for (i = n = 0; i < CHACHA_STATE_WORDS && b + 4 * i + 4 <= len; i++)
			x[n++] = (get_unaligned_le32(in + b + 4 * i) ^
				  get_unaligned_le32(out + b + 4 * i)) -
				 (i == 12 ? st[12] + (u32)(b / CHACHA_BLOCK_SIZE) :
					    st[i]);
		residue_secret(x, 4 * n);
	}
}

/*
 * The keystream past the text, to the end of its batch (up to 1 KiB, the
 * longest batch): what a row's bounce buffer holds once a tail went
 * through it, plain or over the fill (only the text was copied in).  It
 * is the keystream of the next call's blocks: secret.  (Found on arm64:
 * the NEON ChaCha and AEAD rows' wrappers with their bounce buffers'
 * wipes left out passed before.)
 */
static void residue_batch_tail(const u32 *st, size_t len, int nrounds)
{
	size_t from = len & ~(size_t)63, end = (len + 1023) & ~(size_t)1023, i;
	u8 ks[1024];
	u32 s[16], w;

	if (end == len)
		return;
	memcpy(s, st, sizeof(s));
	s[12] += (u32)(from / CHACHA_BLOCK_SIZE);
	memset(ks, 0, end - from);
	sc_chacha_xor_generic(s, ks, ks, end - from, nrounds);
	for (i = (len + 3) & ~(size_t)3; i < end; i += 4) {
		memcpy(&w, ks + i - from, 4);
		residue_secret(&w, 4);
		w ^= SC_ABI_FILL32;
		residue_secret(&w, 4);
	}
	memset(ks, 0, sizeof(ks));
}

/*
 * Poly1305's key as the SIMD rows keep it: r^1..r^16 (the generic code's
 * h r on a zero block, from h = r) in base 2^26 and base 2^44 limbs, and
 * their multiples by 5 and 20 (the folded high limbs), as 32-bit words
 * (a limb's low word): a frame may hold any of them.
 */
static void residue_poly_key(const u64 *r)
{
	static const u8 zero[POLY1305_BLOCK_SIZE];
	struct sc_poly1305_core p = { .h = { r[0], r[1], 0 },
				      .r = { r[0], r[1] } };
	unsigned __int128 v;
	u32 w[3 * (5 + 3)];
	unsigned int k, i, n;
	u64 limb;

	for (k = 1; k <= 16; k++) {
		v = (unsigned __int128)p.h[1] << 64 | p.h[0];
		for (i = n = 0; i < 5 + 3; i++) {
			if (i < 5)
				limb = i < 4 ? (u64)(v >> (26 * i)) & 0x3ffffff :
					       (u64)(v >> 104) | p.h[2] << 24;
			else
				limb = i < 7 ? (u64)(v >> (44 * (i - 5))) &
						       0xfffffffffffull :
					       (u64)(v >> 88) | p.h[2] << 40;
			w[n++] = (u32)limb;
			w[n++] = (u32)(5 * limb);
			w[n++] = (u32)(20 * limb);
		}
		residue_secret(w, sizeof(w));
		sc_poly1305_blocks_generic(&p, zero, sizeof(zero), 0);
	}
}

/*
 * An absorb's states, before each block, with it, and after each round:
 * secret (the first 20 blocks: the lists' room); its input is public.
 */
static void residue_absorb(const u64 *st, const u8 *in, size_t nblocks,
			   unsigned int rate)
{
	u64 *a = g_residue_lanes;
	unsigned int i;
	size_t b;

	memcpy(a, st, KECCAK_STATE_SIZE);
	for (b = 0; b < nblocks && b < 20; b++) {
		residue_secret(a, KECCAK_STATE_SIZE);
		for (i = 0; i < rate / 8; i++)
			a[i] ^= get_unaligned_le64(in + b * rate + 8 * i);
		residue_keccak(a, 1, a);
	}
	residue_public(in, nblocks * rate);
}

/*
 * The rows in C are not judged: "generic", the tests' spy rows (which run
 * the generic code) and the portable AEAD rows "scalar" and "onepass"
 * (C that calls the picked rows).  What their frames keep is the
 * compiler's choice: register spills, and the callee-saved registers an
 * asm row they call pushes and pops, which may hold their secrets (what
 * the C caller holds there depends on the rows the load-time measurement
 * picked); the kernel's answer to those is its own stack clearing (e.g.
 * STACKLEAK).  The asm rows they call are judged on their own.
 */
static bool residue_c_row(enum sc_alg alg, const void *im)
{
	const char *name = ((const struct sc_impl *)im)->name;

	return !strcmp(name, "generic") || !strcmp(name, "spy") ||
	       (alg == SC_ALG_AEAD &&
		(!strcmp(name, "scalar") || !strcmp(name, "onepass")));
}

static void residue_note(enum sc_alg alg, const void *im, size_t len)
{
	unsigned int found = residue_found();
	int i = abi_row(alg, im);

	if (i < 0 || residue_c_row(alg, im))
		return;
	g_residue_scans[alg][i]++;
	if (found < 2)
		return;
	g_residue_bad[alg][i]++;
	if (found > g_residue_words[alg][i]) {
		g_residue_words[alg][i] = found;
		g_residue_len[alg][i] = len;
	}
}

/* The scan finds a frame left unwiped (sc_abi_leak()). */
static void residue_check_selftest(void)
{
	unsigned int found = residue_selftest();

	check(found == 16, "abi", "stack",
	      "the leftover scan found %u of 16 words left on the stack", found);
}
#endif

static void row_xor(const struct sc_chacha_impl *im, const u32 *st, u8 *dst,
		    const u8 *src, unsigned int len, int nrounds)
{
#ifdef ROW_CALL
	bool scan = len <= SC_RESIDUE_MAX;

	if (scan)
		memcpy(g_residue_src, src, len);
	ROW_CALL(SC_ALG_CHACHA, im, im->xor_stream, st, dst, src, len,
		 (u64)(u32)nrounds);
	if (scan) {
		residue_stream(g_residue_src, dst, len);
		residue_chacha(st, g_residue_src, dst, len);
		residue_batch_tail(st, len, nrounds);
		residue_secret(st + 4, 32);
		residue_note(SC_ALG_CHACHA, im, len);
	}
#else
	im->xor_stream(st, dst, src, len, nrounds);
#endif
#ifdef SC_TEST_MUTANT
	if (len && mutant_row(SC_ALG_CHACHA, im))
		dst[len / 2] ^= 0x10;
#endif
}

/*
 * The AEAD rows' seal/open, called like the other rows (ABI checked);
 * sealing with @held, the row's seal_held.
 */
void row_aead(const struct sc_aead_impl *im, bool seal, const u32 *st,
	      struct sc_poly1305_core *core, u8 *dst, const u8 *src,
	      unsigned int len, struct sc_ccp_held *held)
{
#ifdef ROW_CALL
	bool scan = len <= SC_RESIDUE_MAX;

	if (scan)
		memcpy(g_residue_src, src, len);
	if (held)
		ROW_CALL6(SC_ALG_AEAD, im, im->seal_held, st, core, dst, src,
			  (u64)len, held);
	else
		ROW_CALL(SC_ALG_AEAD, im, seal ? im->seal : im->open, st, core,
			 dst, src, (u64)len);
	if (scan) {
		residue_stream(g_residue_src, dst, len);
		residue_chacha(st, g_residue_src, dst, len);
		residue_batch_tail(st, len, 20);
		residue_secret(st + 4, 32);
		residue_secret(core->r, sizeof(core->r));
		residue_poly_key(core->r);
		residue_note(SC_ALG_AEAD, im, len);
	}
#else
	if (held)
		im->seal_held(st, core, dst, src, len, held);
	else
		(seal ? im->seal : im->open)(st, core, dst, src, len);
#endif
#ifdef SC_TEST_MUTANT
	if (len && mutant_row(SC_ALG_AEAD, im))
		dst[len / 2] ^= 0x10;
#endif
}

static u8 *g_arena_small;

/* HChaCha into a guarded buffer: 32 bytes, not one more. */
static void row_hchacha(const struct sc_chacha_impl *im, const u32 *st,
			u32 *out, int nrounds)
{
	u32 *o = (u32 *)guard_place(g_arena_small, 0, 32);

#ifdef ROW_CALL
	/* (hchacha takes three arguments; the canary call passes five) */
	ROW_CALL(SC_ALG_CHACHA, im, im->hchacha, st, o, (uintptr_t)nrounds,
		 0, 0);
	/* all 16 permuted words: with the output they give the key back */
	memcpy(g_residue_perm, st, sizeof(g_residue_perm));
	sc_chacha_permute_generic(g_residue_perm, nrounds);
	residue_secret(g_residue_perm, sizeof(g_residue_perm));
	residue_secret(o, 32);
	residue_secret(st + 4, 32);
	residue_public(st + 12, 16);
	residue_note(SC_ALG_CHACHA, im, 32);
#else
	im->hchacha(st, o, nrounds);
#endif
	memcpy(out, o, 32);
	if (!guard_intact(g_arena_small, 0, 32))
		check(false, "hchacha", "guards",
		      "%s wrote outside its 32-byte output", im->base.name);
#ifdef SC_TEST_MUTANT
	if (mutant_row(SC_ALG_CHACHA, im))
		out[3] ^= 1;
#endif
}

/* Poly1305 blocks on a core kept in guarded memory. */
static void row_blocks(const struct sc_poly1305_impl *im,
		       struct sc_poly1305_core *core, const u8 *src,
		       size_t len, u32 padbit)
{
	struct sc_poly1305_core *c = (void *)guard_place(g_arena_small, 0,
							 sizeof(*core));

	memcpy(c, core, sizeof(*core));
#ifdef ROW_CALL
	ROW_CALL(SC_ALG_POLY1305, im, im->blocks, c, src, (uintptr_t)0 + len,
		 (u64)padbit, 0);
	residue_secret(c->r, sizeof(c->r));
	residue_poly_key(c->r);
	residue_public(src, len < SC_RESIDUE_MAX ? len : SC_RESIDUE_MAX);
	residue_note(SC_ALG_POLY1305, im, len);
#else
	im->blocks(c, src, len, padbit);
#endif
	memcpy(core, c, sizeof(*core));
	if (!guard_intact(g_arena_small, 0, sizeof(*core)))
		check(false, "poly1305", "guards",
		      "%s wrote outside struct sc_poly1305_core", im->base.name);
#ifdef SC_TEST_MUTANT
	if (len && mutant_row(SC_ALG_POLY1305, im))
		core->h[0] ^= 4;
#endif
}

/* Keccak state kept in guarded memory: 200 bytes, not one more. */
static void row_permute(const struct sc_keccak_impl *im, u64 *st)
{
	u64 *g = (u64 *)guard_place(g_arena_small, 0, KECCAK_STATE_SIZE);

	memcpy(g, st, KECCAK_STATE_SIZE);
#ifdef ROW_CALL
	ROW_CALL(SC_ALG_KECCAK, im, im->permute, g, (uintptr_t)0, (uintptr_t)0,
		 0, 0);
	/* the state hashes a key in HMAC or KMAC: before, and every round */
	residue_keccak(st, 1, g_residue_lanes);
	residue_note(SC_ALG_KECCAK, im, KECCAK_STATE_SIZE);
#else
	im->permute(g);
#endif
	memcpy(st, g, KECCAK_STATE_SIZE);
	if (!guard_intact(g_arena_small, 0, KECCAK_STATE_SIZE))
		check(false, "keccak-f1600", "guards",
		      "%s wrote outside the 200-byte state", im->base.name);
#ifdef SC_TEST_MUTANT
	if (mutant_row(SC_ALG_KECCAK, im))
		st[1] ^= 1;
#endif
}

static void row_absorb(const struct sc_keccak_impl *im, u64 *st, const u8 *in,
		       size_t nblocks, unsigned int rate)
{
	u64 *g = (u64 *)guard_place(g_arena_small, 0, KECCAK_STATE_SIZE);

	memcpy(g, st, KECCAK_STATE_SIZE);
#ifdef ROW_CALL
	ROW_CALL(SC_ALG_KECCAK, im, im->absorb, g, in, (uintptr_t)0 + nblocks,
		 (u64)rate, 0);
	residue_absorb(st, in, nblocks, rate);
	residue_note(SC_ALG_KECCAK, im, nblocks * rate);
#else
	im->absorb(g, in, nblocks, rate);
#endif
	memcpy(st, g, KECCAK_STATE_SIZE);
	if (!guard_intact(g_arena_small, 0, KECCAK_STATE_SIZE))
		check(false, "keccak-absorb", "guards",
		      "%s wrote outside the 200-byte state", im->base.name);
#ifdef SC_TEST_MUTANT
	if (nblocks && mutant_row(SC_ALG_KECCAK, im))
		st[2] ^= 1;
#endif
}

/* One case per row that was called directly: the ABI was respected. */
static void abi_report(void)
{
	static const char *const regs[] = {
#if defined(__aarch64__)
		"x18-x29, sp or d8-d15",
#else
		"rbx", "rbp", "r12", "r13", "r14", "r15", "DF",
#endif
	};
	static const char *const alg_label[] = { "chacha", "poly1305", "keccak", "aead", "keccakx" };
	unsigned int alg, i, b;
	char what[64];

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		for (i = 0; i < sc_nimpls[alg] && i < 32; i++) {
			if (!g_abi_calls[alg][i])
				continue;
			what[0] = 0;
			for (b = 0; b < ARRAY_SIZE(regs); b++)
				if (g_abi_bad[alg][i] & (1u << b))
					snprintf(what + strlen(what),
						 sizeof(what) - strlen(what), " %s",
						 regs[b]);
			check(!g_abi_bad[alg][i], "abi", alg_label[alg],
			      "%s: callee-saved state broken over %lu calls:%s",
			      row_name(alg, i), g_abi_calls[alg][i], what);
#ifdef ROW_CALL
			if (!g_residue_scans[alg][i])
				continue;
			check(!g_residue_bad[alg][i], "abi", alg_label[alg],
			      "%s: %u of %lu calls left secret words (key, keystream, r or Keccak state) on the stack (%u words after %zu bytes)",
			      row_name(alg, i), g_residue_bad[alg][i],
			      g_residue_scans[alg][i], g_residue_words[alg][i],
			      g_residue_len[alg][i]);
#endif
		}
	}
#ifdef ROW_CALL
	residue_check_selftest();
#endif
}

/* A random supported row of @alg (for switching rows mid-request). */
unsigned int rnd_row(enum sc_alg alg)
{
	return g_rows[alg][rnd_below(g_nrows[alg])];
}

/* ------------------------------------------------------------------ */
/* Oracles                                                             */
/* ------------------------------------------------------------------ */

static EVP_CIPHER_CTX *g_cctx;
static EVP_MD_CTX *g_mdctx;
static EVP_MAC *g_mac;
static EVP_MAC_CTX *g_macctx;

void die(const char *what)
{
	fprintf(stderr, "harness: %s failed\n", what);
	exit(2);
}

/* OpenSSL ChaCha20: 16-byte IV = LE32 counter || 96-bit nonce. */
static void ossl_chacha20(const u8 *key, u32 ctr, const u8 *nonce, u8 *dst,
			  const u8 *src, size_t len)
{
	u8 iv[16];
	int outl;

	put_le32(iv, ctr);
	memcpy(iv + 4, nonce, 12);
	if (EVP_EncryptInit_ex(g_cctx, EVP_chacha20(), NULL, key, iv) != 1)
		die("EVP_EncryptInit_ex(chacha20)");
	if (len && EVP_EncryptUpdate(g_cctx, dst, &outl, src, (int)len) != 1)
		die("EVP_EncryptUpdate(chacha20)");
}

/*
 * ChaCha20 with the kernel's 32-bit block counter: word 12 wraps, word 13
 * (the first nonce word) is never touched.  OpenSSL carries into word 13
 * at the wrap (checked and reported by chacha_peer_semantics()), so the
 * stream is cut at the wrap and the rest restarted at counter 0 with the
 * same nonce.
 */
static void oracle_chacha20(const u8 *key, u32 ctr, const u8 *nonce, u8 *dst,
			    const u8 *src, size_t len)
{
	u64 left = (0x100000000ull - ctr) * CHACHA_BLOCK_SIZE;
	size_t n1 = (u64)len < left ? len : (size_t)left;

	ossl_chacha20(key, ctr, nonce, dst, src, n1);
	if (len > n1)
		ossl_chacha20(key, 0, nonce, dst + n1, src + n1, len - n1);
}

static void ossl_poly1305(const u8 *key, const u8 *m, size_t len, u8 *tag)
{
	size_t outl = 0;

	if (EVP_MAC_init(g_macctx, key, 32, NULL) != 1 ||
	    (len && EVP_MAC_update(g_macctx, m, len) != 1) ||
	    EVP_MAC_final(g_macctx, tag, &outl, 16) != 1 || outl != 16)
		die("EVP_MAC poly1305");
}

struct sha3_alg {
	const char *name;
	unsigned int rate, mdlen;
	u8 ds;
	const EVP_MD *(*md)(void);
};

static const struct sha3_alg g_sha3[] = {
	{ "sha3-224", SHA3_224_RATE, 28, SHA3_DSBYTE, EVP_sha3_224 },
	{ "sha3-256", SHA3_256_RATE, 32, SHA3_DSBYTE, EVP_sha3_256 },
	{ "sha3-384", SHA3_384_RATE, 48, SHA3_DSBYTE, EVP_sha3_384 },
	{ "sha3-512", SHA3_512_RATE, 64, SHA3_DSBYTE, EVP_sha3_512 },
	{ "shake128", SHAKE128_RATE, 32, SHAKE_DSBYTE, EVP_shake128 },
	{ "shake256", SHAKE256_RATE, 64, SHAKE_DSBYTE, EVP_shake256 },
};

static void ossl_digest(const struct sha3_alg *a, const u8 *in, size_t len,
			u8 *out, size_t outlen)
{
	unsigned int mdl;

	if (EVP_DigestInit_ex(g_mdctx, a->md(), NULL) != 1 ||
	    EVP_DigestUpdate(g_mdctx, in, len) != 1)
		die("EVP_Digest");
	if (a->ds == SHAKE_DSBYTE) {
		if (EVP_DigestFinalXOF(g_mdctx, out, outlen) != 1)
			die("EVP_DigestFinalXOF");
	} else if (EVP_DigestFinal_ex(g_mdctx, out, &mdl) != 1 ||
		   mdl != outlen) {
		die("EVP_DigestFinal_ex");
	}
}

/* ---- independent reference ChaCha (any round count) ---- */

static const u32 sc_sigma[4] = {
	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
};

static u32 ref_rotl(u32 v, int n)
{
	return (v << n) | (v >> (32 - n));
}

static void ref_permute(u32 *x, int nrounds)
{
	static const u8 q[8][4] = {
		{ 0, 4, 8, 12 }, { 1, 5, 9, 13 }, { 2, 6, 10, 14 },
		{ 3, 7, 11, 15 }, { 0, 5, 10, 15 }, { 1, 6, 11, 12 },
		{ 2, 7, 8, 13 }, { 3, 4, 9, 14 },
	};
	int r, i;

	for (r = 0; r < nrounds; r += 2) {
		for (i = 0; i < 8; i++) {
			u32 *a = &x[q[i][0]], *b = &x[q[i][1]];
			u32 *c = &x[q[i][2]], *d = &x[q[i][3]];

			*a += *b; *d = ref_rotl(*d ^ *a, 16);
			*c += *d; *b = ref_rotl(*b ^ *c, 12);
			*a += *b; *d = ref_rotl(*d ^ *a, 8);
			*c += *d; *b = ref_rotl(*b ^ *c, 7);
		}
	}
}

/* State from byte strings: key 32, then words 12..15 from @tail (16 bytes). */
static void ref_state(u32 *st, const u8 *key, const u8 *tail)
{
	int i;

	for (i = 0; i < 4; i++)
		st[i] = sc_sigma[i];
	for (i = 0; i < 8; i++)
		st[4 + i] = le32(key + 4 * i);
	for (i = 0; i < 4; i++)
		st[12 + i] = le32(tail + 4 * i);
}

static void ref_xor(const u32 *state, int nrounds, bool ctr64, u8 *dst,
		    const u8 *src, size_t len)
{
	u32 st[16], x[16];
	u8 ks[64];
	size_t i, n;

	memcpy(st, state, sizeof(st));
	while (len) {
		memcpy(x, st, sizeof(x));
		ref_permute(x, nrounds);
		for (i = 0; i < 16; i++)
			put_le32(ks + 4 * i, x[i] + st[i]);
		n = len < 64 ? len : 64;
		for (i = 0; i < n; i++)
			dst[i] = src[i] ^ ks[i];
		if (++st[12] == 0 && ctr64)
			st[13]++;
		dst += n;
		src += n;
		len -= n;
	}
}

static void ref_hchacha(const u8 *key, const u8 *nonce16, int nrounds,
			u8 *out32)
{
	u32 x[16];
	int i;

	ref_state(x, key, nonce16);
	ref_permute(x, nrounds);
	for (i = 0; i < 4; i++) {
		put_le32(out32 + 4 * i, x[i]);
		put_le32(out32 + 16 + 4 * i, x[12 + i]);
	}
}

/*
 * XChaCha per the draft, but with the kernel's counter: only word 12 counts
 * blocks and wraps; word 13 (iv[28..31]) never changes.  The draft and
 * libsodium carry into word 13; they agree with this below the wrap.
 */
static void ref_xchacha(const u8 *key, const u8 *iv32, int nrounds, u8 *dst,
			const u8 *src, size_t len)
{
	u8 sub[32], tail[16];
	u32 st[16];

	ref_hchacha(key, iv32, nrounds, sub);
	memcpy(tail, iv32 + 24, 8);
	memcpy(tail + 8, iv32 + 16, 8);
	ref_state(st, sub, tail);
	ref_xor(st, nrounds, false, dst, src, len);
}

/* ------------------------------------------------------------------ */
/* Our side: the same composition the kernel glue uses                 */
/* ------------------------------------------------------------------ */

static void key_words(const u8 *key, u32 *k)
{
	int i;

	for (i = 0; i < 8; i++)
		k[i] = le32(key + 4 * i);
}

/* chacha_glue.c: sc_xchacha_crypt() with one row for the whole request. */
static void our_xchacha(const struct sc_chacha_impl *im, const u8 *key,
			const u8 *iv32, int nrounds, u8 *dst, const u8 *src,
			unsigned int len)
{
	u32 k[8], st[16];

	key_words(key, k);
	sc_xchacha_init_state(st, k, iv32, im, nrounds);
	sc_chacha_crypt(im, st, dst, src, len, nrounds);
}

static void iv32_make(u8 *iv, const u8 *nonce24, u64 ctr)
{
	memcpy(iv, nonce24, 24);
	put_le32(iv + 24, (u32)ctr);
	put_le32(iv + 28, (u32)(ctr >> 32));
}

/* ------------------------------------------------------------------ */
/* Known answers, and the oracles' agreement with them                 */
/* ------------------------------------------------------------------ */

static void test_kat_chacha(void)
{
	static u8 key[32], nonce[32], pt[1024], ct[1024], out[1024];
	unsigned int k, r;
	size_t n;

	for (k = 0; k < ARRAY_SIZE(sc_chacha_kats); k++) {
		const struct sc_chacha_kat *v = &sc_chacha_kats[k];
		u8 tail[16];
		u32 st[16];

		unhex(v->key, key);
		unhex(v->nonce, nonce);
		n = unhex(v->ct, ct);
		if (v->pt.text || v->pt.hex)
			check(msg_bytes(&v->pt, pt) == n, "kat", "vectors",
			      "%s: plaintext/ciphertext lengths", v->src);
		else
			memset(pt, 0, n);
		/* the oracles reproduce the published vector */
		ossl_chacha20(key, v->counter, nonce, out, pt, n);
		check(!memcmp(out, ct, n), "kat", "openssl", "%s", v->src);
		crypto_stream_chacha20_ietf_xor_ic(out, pt, n, nonce, v->counter,
						   key);
		check(!memcmp(out, ct, n), "kat", "libsodium", "%s", v->src);
		put_le32(tail, v->counter);
		memcpy(tail + 4, nonce, 12);
		ref_state(st, key, tail);
		ref_xor(st, 20, false, out, pt, n);
		check(!memcmp(out, ct, n), "kat", "reference", "%s", v->src);

		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++) {
			unsigned int i = g_rows[SC_ALG_CHACHA][r];
			const struct sc_chacha_impl *im = sc_chacha_impls[i];
			u32 k32[8];

			key_words(key, k32);
			sc_chacha_init_state(st, k32, tail);
			row_xor(im, st, out, pt, n, 20);
			check(!memcmp(out, ct, n), "chacha20", row_name(SC_ALG_CHACHA, i),
			      "KAT %s (row)", v->src);
			sc_chacha_crypt(im, st, out, pt, n, 20);
			check(!memcmp(out, ct, n), "chacha20", row_name(SC_ALG_CHACHA, i),
			      "KAT %s (sc_chacha_crypt)", v->src);
		}
	}

	for (k = 0; k < ARRAY_SIZE(sc_hchacha_kats); k++) {
		const struct sc_hchacha_kat *v = &sc_hchacha_kats[k];
		u8 want[32], got[32];
		u32 k32[8], st[16], o[8];
		int j;

		unhex(v->key, key);
		unhex(v->nonce16, nonce);
		unhex(v->out, want);
		crypto_core_hchacha20(got, nonce, key, NULL);
		check(!memcmp(got, want, 32), "kat", "libsodium", "%s", v->src);
		ref_hchacha(key, nonce, 20, got);
		check(!memcmp(got, want, 32), "kat", "reference", "%s", v->src);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++) {
			unsigned int i = g_rows[SC_ALG_CHACHA][r];

			key_words(key, k32);
			sc_chacha_init_state(st, k32, nonce);
			row_hchacha(sc_chacha_impls[i], st, o, 20);
			for (j = 0; j < 8; j++)
				put_le32(got + 4 * j, o[j]);
			check(!memcmp(got, want, 32), "hchacha20",
			      row_name(SC_ALG_CHACHA, i), "KAT %s", v->src);
		}
	}

	for (k = 0; k < ARRAY_SIZE(sc_xchacha_kats); k++) {
		const struct sc_xchacha_kat *v = &sc_xchacha_kats[k];
		u8 iv[32];

		unhex(v->key, key);
		unhex(v->nonce24, nonce);
		n = unhex(v->ct, ct);
		check(msg_bytes(&v->pt, pt) == n, "kat", "vectors",
		      "%s: lengths", v->src);
		if (v->nrounds == 20) {
			crypto_stream_xchacha20_xor_ic(out, pt, n, nonce,
						       v->counter, key);
			check(!memcmp(out, ct, n), "kat", "libsodium", "%s",
			      v->src);
		}
		iv32_make(iv, nonce, v->counter);
		ref_xchacha(key, iv, v->nrounds, out, pt, n);
		check(!memcmp(out, ct, n), "kat", "reference", "%s", v->src);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++) {
			unsigned int i = g_rows[SC_ALG_CHACHA][r];

			our_xchacha(sc_chacha_impls[i], key, iv, v->nrounds, out,
				    pt, (unsigned int)n);
			check(!memcmp(out, ct, n),
			      v->nrounds == 20 ? "xchacha20" : "xchacha12",
			      row_name(SC_ALG_CHACHA, i), "KAT %s", v->src);
		}
	}
}

/*
 * Row-direct Poly1305: full blocks in pieces over random rows, then tail.
 * Mixed rows keep key powers across the pieces half the time, as a long
 * update does: a row must not take another row's powers for its own.
 */
static void poly_row_tag(unsigned int first_row, bool mix, const u8 *key,
			 const u8 *m, size_t len, u8 *tag)
{
	struct sc_poly1305_core core;
	struct sc_poly1305_pow pow;
	size_t full = len & ~(size_t)15, off = 0;
	unsigned int row = first_row;
	u32 s[4];
	int i;

	sc_poly1305_core_setkey(&core, key);
	if (mix && rnd_below(2)) {
		pow.ready = 0;
		core.pow = &pow;
	}
	for (i = 0; i < 4; i++)
		s[i] = le32(key + 16 + 4 * i);
	while (off < full) {
		size_t n = full - off;

		if (mix)
			n = 16 * (1 + rnd_below(n / 16));
		row_blocks(sc_poly1305_impls[row], &core, m + off, n, 1);
		off += n;
		if (mix)
			row = rnd_row(SC_ALG_POLY1305);
	}
	if (len & 15) {
		u8 b[16] = { 0 };

		memcpy(b, m + full, len & 15);
		b[len & 15] = 1;
		row_blocks(sc_poly1305_impls[row], &core, b, 16, 0);
	}
	sc_poly1305_emit(&core, s, tag);
}

/*
 * Key powers kept across 1 KiB pieces (every vector row's kernel runs at
 * that length) that take turns between rows @a and @b: each row must see
 * that the powers there are another row's and compute its own.
 */
static void poly_pair_tag(unsigned int a, unsigned int b, const u8 *key,
			  const u8 *m, size_t len, u8 *tag)
{
	struct sc_poly1305_core core;
	struct sc_poly1305_pow pow;
	size_t off = 0;
	unsigned int turn = 0;
	u32 s[4];
	int i;

	sc_poly1305_core_setkey(&core, key);
	pow.ready = 0;
	core.pow = &pow;
	for (i = 0; i < 4; i++)
		s[i] = le32(key + 16 + 4 * i);
	for (; len - off >= 1024; off += 1024)
		row_blocks(sc_poly1305_impls[turn++ & 1 ? b : a], &core,
			   m + off, 1024, 1);
	if (len > off) {
		u8 t[16] = { 0 };

		memcpy(t, m + off, len - off);
		t[len - off] = 1;
		row_blocks(sc_poly1305_impls[a], &core, t, 16, 0);
	}
	sc_poly1305_emit(&core, s, tag);
}

/*
 * Message-level Poly1305 (kernel semantics: key = first 32 bytes of data),
 * each update as the shash glue makes it (sc_poly1305_msg_update_chunked():
 * 4 KiB pieces, the key powers kept across them).
 */
static int poly_msg_tag(const struct sc_poly1305_impl *im, bool pick,
			const u8 *key, const u8 *m, size_t len, u8 *tag,
			unsigned int nsplit)
{
	struct sc_poly1305_msg msg;
	size_t total = 32 + len, off = 0;
	static u8 buf[MAXLEN + 64];

	memcpy(buf, key, 32);
	memcpy(buf + 32, m, len);
	sc_poly1305_msg_init(&msg);
	while (off < total) {
		size_t n = total - off;

		if (nsplit) {
			n = 1 + rnd_below(rnd_below(4) ? 48 : n);
			if (n > total - off)
				n = total - off;
			nsplit--;
			if (!rnd_below(8))	/* an empty update now and then */
				sc_poly1305_msg_update_chunked(pick ? NULL : im,
							       &msg, buf + off, 0);
		}
		sc_poly1305_msg_update_chunked(pick ? NULL : im, &msg,
					       buf + off, n);
		off += n;
	}
	return sc_poly1305_msg_final(im, &msg, tag);
}

/*
 * A random key and message of @len bytes through poly_msg_tag() on every
 * row and the dispatcher, against libsodium: @splits update splits, or
 * (@draw) 1 to @splits drawn for each row.
 */
static void poly_msg_rows(size_t len, unsigned int splits, bool draw,
			  const char *what)
{
	u8 key[32], want[16], got[16];
	unsigned int r;

	rnd_fill(key, 32);
	rnd_fill(g_in, len);
	crypto_onetimeauth_poly1305(want, g_in, len, key);
	for (r = 0; r <= g_nrows[SC_ALG_POLY1305]; r++) {
		bool pick = r == g_nrows[SC_ALG_POLY1305];
		unsigned int i = pick ? 0 : g_rows[SC_ALG_POLY1305][r];
		int err;

		err = poly_msg_tag(sc_poly1305_impls[i], pick, key, g_in, len,
				   got, draw ? 1 + (unsigned int)rnd_below(splits) :
					       splits);
		check(!err && !memcmp(got, want, 16), "poly1305",
		      pick ? "dispatch" : row_name(SC_ALG_POLY1305, i),
		      "%s len %zu", what, len);
	}
}

/*
 * The shash's export/import (sc_poly1305_msg_export/import): a message of
 * @len bytes cut at a random point (after two updates, so that a key split
 * over them leaves its bytes past the partial block) is exported, once
 * plainly and once with core.pow set (as inside a long update) and junk
 * past the partial block: the states must be the same bytes, plain data.
 * Imported into a descriptor full of junk, the message finishes as
 * libsodium's.  Then every state import must refuse: -EINVAL, @msg wiped.
 */
static void poly_export(size_t len)
{
	const size_t ss = sizeof(struct sc_poly1305_state);
	static u8 buf[32 + 4096];
	size_t total = 32 + len, cut = rnd_below(total + 1);
	size_t first = rnd_below(cut + 1);
	struct sc_poly1305_msg a, b;
	struct sc_poly1305_pow pow;
	u8 st1[sizeof(struct sc_poly1305_state)];
	u8 st2[sizeof(struct sc_poly1305_state) + 1];
	u8 want[16], got[16], zero[sizeof(struct sc_poly1305_msg)] = { 0 };
	static const struct {
		const char *what;
		size_t off;
		u8 value;	/* OR-ed into the byte */
	} bad[] = {
		{ "rset 2", offsetof(struct sc_poly1305_state, rset), 2 },
		{ "sset 2", offsetof(struct sc_poly1305_state, sset), 2 },
		{ "buflen 16", offsetof(struct sc_poly1305_state, buflen), 16 },
		{ "r0 bit 28", offsetof(struct sc_poly1305_state, r[0]) + 3, 0x10 },
		{ "r1 bit 0", offsetof(struct sc_poly1305_state, r[1]), 1 },
		{ "h2 5", offsetof(struct sc_poly1305_state, h[2]), 5 },
		{ "byte past the partial block",
		  offsetof(struct sc_poly1305_state, buf[15]), 1 },
		{ "zero[4]", offsetof(struct sc_poly1305_state, zero[4]), 1 },
	};
	unsigned int i;

	rnd_fill(buf, total);
	crypto_onetimeauth_poly1305(want, buf + 32, len, buf);
	sc_poly1305_msg_init(&a);
	sc_poly1305_msg_update(&sc_poly1305_impl_generic, &a, buf, first);
	sc_poly1305_msg_update(&sc_poly1305_impl_generic, &a, buf + first,
			       cut - first);
	sc_poly1305_msg_export(&a, st1);
	a.core.pow = &pow;
	memset(a.buf + a.buflen, 0xa5, POLY1305_BLOCK_SIZE - a.buflen);
	sc_poly1305_msg_export(&a, st2 + 1);	/* unaligned */
	check(!memcmp(st1, st2 + 1, ss), "poly1305", "export",
	      "len %zu cut %zu/%zu: a pointer or bytes past the partial block in the state",
	      len, first, cut);
	memset(&b, 0x5a, sizeof(b));
	check(!sc_poly1305_msg_import(&b, st2 + 1) && !b.core.pow, "poly1305",
	      "export", "len %zu cut %zu: import", len, cut);
	sc_poly1305_msg_update(&sc_poly1305_impl_generic, &b, buf + cut,
			       total - cut);
	check(!sc_poly1305_msg_final(&sc_poly1305_impl_generic, &b, got) &&
	      !memcmp(got, want, 16) && !memcmp(&b, zero, sizeof(b)),
	      "poly1305", "export",
	      "len %zu cut %zu: imported state's tag, or the descriptor not wiped",
	      len, cut);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memcpy(st2, st1, ss);
		st2[bad[i].off] |= bad[i].value;
		memset(&b, 0x5a, sizeof(b));
		check(sc_poly1305_msg_import(&b, st2) == -EINVAL &&
		      !memcmp(&b, zero, sizeof(b)), "poly1305", "export",
		      "%s: not refused, or the descriptor not wiped", bad[i].what);
	}
	memset(st2, 0, ss);
	st2[offsetof(struct sc_poly1305_state, sset)] = 1;
	check(sc_poly1305_msg_import(&b, st2) == -EINVAL, "poly1305", "export",
	      "s without r: not refused");
}

static void test_kat_poly1305(void)
{
	static u8 key[32], m[1024], want[16], got[16];
	unsigned int k, r;
	size_t n;

	for (k = 0; k < ARRAY_SIZE(sc_poly1305_kats); k++) {
		const struct sc_poly1305_kat *v = &sc_poly1305_kats[k];

		unhex(v->key, key);
		n = msg_bytes(&v->msg, m);
		unhex(v->tag, want);
		crypto_onetimeauth_poly1305(got, m, n, key);
		check(!memcmp(got, want, 16), "kat", "libsodium", "%s", v->src);
		ossl_poly1305(key, m, n, got);
		check(!memcmp(got, want, 16), "kat", "openssl", "%s", v->src);
		for (r = 0; r < g_nrows[SC_ALG_POLY1305]; r++) {
			unsigned int i = g_rows[SC_ALG_POLY1305][r];
			const char *name = row_name(SC_ALG_POLY1305, i);

			poly_row_tag(i, false, key, m, n, got);
			check(!memcmp(got, want, 16), "poly1305", name,
			      "KAT %s (row)", v->src);
			poly_msg_tag(sc_poly1305_impls[i], false, key, m, n, got, 0);
			check(!memcmp(got, want, 16), "poly1305", name,
			      "KAT %s (msg)", v->src);
		}
	}

	/* [DONNA] tag over the tags of messages 0..255 */
	for (r = 0; r < g_nrows[SC_ALG_POLY1305] + 1; r++) {
		bool oracle = r == g_nrows[SC_ALG_POLY1305];
		unsigned int i = oracle ? 0 : g_rows[SC_ALG_POLY1305][r];
		static u8 tags[256 * 16];
		unsigned int j;

		for (j = 0; j < 256; j++) {
			memset(key, (int)j, 32);
			memset(m, (int)j, j);
			if (oracle)
				crypto_onetimeauth_poly1305(tags + 16 * j, m, j, key);
			else
				poly_row_tag(i, false, key, m, j, tags + 16 * j);
		}
		unhex(SC_DONNA_TOTAL_KEY, key);
		unhex(SC_DONNA_TOTAL_TAG, want);
		if (oracle) {
			crypto_onetimeauth_poly1305(got, tags, sizeof(tags), key);
			check(!memcmp(got, want, 16), "kat", "libsodium",
			      "poly1305-donna total");
		} else {
			poly_row_tag(i, false, key, tags, sizeof(tags), got);
			check(!memcmp(got, want, 16), "poly1305",
			      row_name(SC_ALG_POLY1305, i), "poly1305-donna total");
		}
	}
}

static const struct sha3_alg *sha3_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(g_sha3); i++)
		if (!strcmp(g_sha3[i].name, name))
			return &g_sha3[i];
	die("sha3_find");
	return NULL;
}

/*
 * Sponge through the exported helpers with one row (or the dispatcher per
 * absorb call): absorb in up to @nsplit random pieces, squeeze @outlen
 * bytes in up to @nsq random pieces.
 */
static void sponge_hash(const struct sc_keccak_impl *im, bool pick,
			const struct sha3_alg *a, const u8 *in, size_t len,
			u8 *out, size_t outlen, unsigned int nsplit,
			unsigned int nsq)
{
	struct sc_keccak_sponge sp;
	size_t off = 0;

	sc_keccak_sponge_init(&sp, a->rate);
	while (nsplit && off < len) {
		size_t n = rnd_below(len - off + 1);

		if (rnd_below(3) == 0 && n > 3 * a->rate)
			n = rnd_below(2 * a->rate);
		sc_keccak_sponge_absorb(pick ? sc_keccak_pick(n) : im, &sp,
					in + off, n);
		off += n;
		nsplit--;
	}
	sc_keccak_sponge_absorb(pick ? sc_keccak_pick(len - off) : im, &sp,
				in + off, len - off);
	sc_keccak_sponge_finalize(pick ? sc_keccak_pick(sp.buflen) : im,
				  &sp, a->ds);
	off = 0;
	while (off < outlen) {
		size_t n = outlen - off;

		if (nsq) {
			n = rnd_below(n + 1);
			nsq--;
		}
		sc_keccak_sponge_squeeze(im, &sp, out + off, n);
		off += n;
	}
}

/* sha3_glue.c's path: absorb_buffered per update, absorb_final, extract. */
static void shash_hash(const struct sc_keccak_impl *im,
		       const struct sha3_alg *a, const u8 *in, size_t len,
		       u8 *out, unsigned int nsplit)
{
	u64 st[KECCAK_STATE_LANES] = { 0 };
	u8 buf[KECCAK_MAX_RATE];
	unsigned int buflen = 0;
	size_t off = 0;

	while (off < len) {
		size_t n = len - off;

		if (nsplit) {
			n = rnd_below(n + 1);
			nsplit--;
		}
		buflen = sc_keccak_absorb_buffered(im, st, buf, buflen, a->rate,
						   in + off, n);
		off += n;
	}
	sc_keccak_absorb_final(im, st, buf, buflen, a->rate, a->ds);
	sc_keccak_extract_bytes(st, 0, out, a->mdlen);
}

static void test_kat_sha3(void)
{
	static u8 m[256], want[200], got[200];
	unsigned int k, r;
	size_t n, mdl;

	for (k = 0; k < ARRAY_SIZE(sc_sha3_kats); k++) {
		const struct sc_sha3_kat *v = &sc_sha3_kats[k];
		const struct sha3_alg *a = sha3_find(v->alg);

		n = msg_bytes(&v->msg, m);
		mdl = unhex(v->md, want);
		ossl_digest(a, m, n, got, mdl);
		check(!memcmp(got, want, mdl), "kat", "openssl", "%s", v->src);
		for (r = 0; r < g_nrows[SC_ALG_KECCAK]; r++) {
			unsigned int i = g_rows[SC_ALG_KECCAK][r];
			const struct sc_keccak_impl *im = sc_keccak_impls[i];

			sponge_hash(im, false, a, m, n, got, mdl, 0, 0);
			check(!memcmp(got, want, mdl), a->name,
			      row_name(SC_ALG_KECCAK, i), "KAT %s", v->src);
			if (a->ds == SHA3_DSBYTE) {
				shash_hash(im, a, m, n, got, 0);
				check(!memcmp(got, want, mdl), a->name,
				      row_name(SC_ALG_KECCAK, i),
				      "KAT %s (shash path)", v->src);
			}
		}
	}
}

/* ------------------------------------------------------------------ */
/* ChaCha20 differential                                               */
/* ------------------------------------------------------------------ */

/*
 * Report how the peers treat the 32-bit counter wrap; the kernel's (and our
 * generic's) chacha20 wraps word 12 and leaves word 13 alone.
 */
static void chacha_peer_semantics(void)
{
	u8 key[32], nonce[12], n2[12], zero[128] = { 0 }, a[128], b[64], c[64];

	rnd_fill(key, 32);
	rnd_fill(nonce, 12);
	ossl_chacha20(key, 0xffffffffu, nonce, a, zero, 128);
	ossl_chacha20(key, 0, nonce, b, zero, 64);
	memcpy(n2, nonce, 12);
	put_le32(n2, le32(nonce) + 1);
	ossl_chacha20(key, 0, n2, c, zero, 64);
	printf("note: OpenSSL %s chacha20 at the 2^32 block wrap %s\n",
	       OPENSSL_VERSION_TEXT,
	       !memcmp(a + 64, c, 64) ? "carries into word 13 (64-bit counter); "
	       "the oracle restarts it at counter 0 to get the kernel's wrap" :
	       !memcmp(a + 64, b, 64) ? "wraps word 12 like the kernel" :
	       "does something unexpected");
	printf("note: libsodium chacha20-ietf refuses streams past 2^32 blocks "
	       "(sodium_misuse) and its xchacha20 carries into word 13; the "
	       "kernel (and simdcrypt) wraps word 12 for both: peers are used "
	       "below the wrap, the reference across it\n");
}

/* dst holds @want, src (out of place) is unchanged, no guard byte moved. */
static bool chacha_data_ok(const u8 *dst, const u8 *src, const u8 *want,
			   size_t len, size_t soff, size_t doff, bool inplace)
{
	return !memcmp(dst, want, len) && guard_intact(g_arena_dst, doff, len) &&
	       (inplace || (!memcmp(src, g_in, len) &&
			    guard_intact(g_arena_src, soff, len)));
}

static void chacha_one(unsigned int i, const u8 *key, u32 ctr,
		       const u8 *nonce, size_t len, size_t soff, size_t doff,
		       bool inplace, const u8 *want, const char *what)
{
	const struct sc_chacha_impl *im = sc_chacha_impls[i];
	const char *name = row_name(SC_ALG_CHACHA, i);
	u8 tail[16], *src, *dst;
	u32 st[16], k32[8], st0[16];
	unsigned int blocks = (unsigned int)((len + 63) / 64);
	bool ok;

	put_le32(tail, ctr);
	memcpy(tail + 4, nonce, 12);
	key_words(key, k32);
	sc_chacha_init_state(st, k32, tail);
	memcpy(st0, st, sizeof(st));

	/* the row itself */
	dst = guard_place(g_arena_dst, doff, len);
	if (inplace) {
		src = dst;
	} else {
		src = guard_place(g_arena_src, soff, len);
	}
	memcpy(src, g_in, len);
	row_xor(im, st, dst, src, (unsigned int)len, 20);
	ok = chacha_data_ok(dst, src, want, len, soff, doff, inplace) &&
	     !memcmp(st, st0, sizeof(st));
	check(ok, "chacha20", name,
	      "%s: row len %zu ctr %#x src+%zu dst+%zu%s: diff at %ld, guards %d/%d",
	      what, len, ctr, soff, doff, inplace ? " in-place" : "",
	      first_diff(dst, want, len), guard_intact(g_arena_dst, doff, len),
	      inplace || guard_intact(g_arena_src, soff, len));

	/* the keyed call: the block before @ctr to a key buffer, then the same */
	if (im->xor_stream_key) {
		u8 kref[64], *kb;
		u32 stk[16], stk0[16];

		memcpy(stk, st0, sizeof(stk));
		stk[12] = ctr - 1;
		memcpy(stk0, stk, sizeof(stk));
		memset(kref, 0, sizeof(kref));
		sc_chacha_xor_generic(stk, kref, kref, sizeof(kref), 20);
		dst = guard_place(g_arena_dst, doff, len);
		src = inplace ? dst : guard_place(g_arena_src, soff, len);
		memcpy(src, g_in, len);
		kb = guard_place(g_arena_small, 0, sizeof(kref));
		im->xor_stream_key(stk, kb, dst, src, (unsigned int)len, 20);
		ok = !memcmp(kb, kref, sizeof(kref)) &&
		     guard_intact(g_arena_small, 0, sizeof(kref)) &&
		     chacha_data_ok(dst, src, want, len, soff, doff, inplace) &&
		     !memcmp(stk, stk0, sizeof(stk));
		check(ok, "chacha20", name,
		      "%s: keyed len %zu ctr %#x src+%zu dst+%zu%s: key %s, diff at %ld, guards %d/%d/%d",
		      what, len, ctr, soff, doff, inplace ? " in-place" : "",
		      memcmp(kb, kref, sizeof(kref)) ? "wrong" : "ok",
		      first_diff(dst, want, len),
		      guard_intact(g_arena_small, 0, sizeof(kref)),
		      guard_intact(g_arena_dst, doff, len),
		      inplace || guard_intact(g_arena_src, soff, len));
	}

	/* sc_chacha_crypt (ctr64 false): same bytes, counter advanced */
	if (!inplace)
		memcpy(src, g_in, len);
	else
		memcpy(dst, g_in, len);
	sc_chacha_crypt(im, st, dst, inplace ? dst : src, (unsigned int)len, 20);
	ok = !memcmp(dst, want, len) && guard_intact(g_arena_dst, doff, len) &&
	     st[12] == st0[12] + blocks && !memcmp(st + 13, st0 + 13, 12) &&
	     !memcmp(st, st0, 48);
	check(ok, "chacha20", name,
	      "%s: sc_chacha_crypt len %zu ctr %#x: diff at %ld, word12 %#x (want %#x), word13 %#x (want %#x)",
	      what, len, ctr, first_diff(dst, want, len), st[12],
	      st0[12] + blocks, st[13], st0[13]);
}

/*
 * Every row, in place, with the data against a PROT_NONE page at either
 * end: the AVX-512 rows' last piece is a byte-masked load (nothing past
 * the data may be read), the others' go through registers or the stack.
 * Lengths to 1600 reach every kernel's last piece (the horizontal, 24vh
 * and two-batch zmm ones), the keyed calls' too.
 */
static void chacha_fenced(void)
{
	unsigned int r, at_start;
	u8 key[32], nonce[12], tail[16], kb[64];
	u32 k32[8], st[16];
	size_t len;
	u32 ctr;

	for (len = 0; len <= (g_quick ? 600u : 1600u); len++) {
		rnd_fill(key, 32);
		rnd_fill(nonce, 12);
		ctr = (u32)rnd64() & 0x7fffffff;
		rnd_fill(g_in, len);
		oracle_chacha20(key, ctr, nonce, g_ref, g_in, len);
		put_le32(tail, ctr);
		memcpy(tail + 4, nonce, 12);
		key_words(key, k32);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++) {
			unsigned int i = g_rows[SC_ALG_CHACHA][r];
			const struct sc_chacha_impl *im = sc_chacha_impls[i];

			for (at_start = 0; at_start < 2; at_start++) {
				u8 *p = fence_place(len, at_start);

				sc_chacha_init_state(st, k32, tail);
				memcpy(p, g_in, len);
				fence_note("chacha20 %s len %zu at the %s",
					   row_name(SC_ALG_CHACHA, i), len,
					   at_start ? "start" : "end");
				row_xor(im, st, p, p, (unsigned int)len, 20);
				check(!memcmp(p, g_ref, len), "chacha20",
				      row_name(SC_ALG_CHACHA, i),
				      "fenced len %zu at the %s page: diff at %ld",
				      len, at_start ? "start of a" : "end of a",
				      first_diff(p, g_ref, len));
				if (!im->xor_stream_key)
					continue;
				/* the keyed call: the key block first, then the same */
				st[12] = ctr - 1;
				memcpy(p, g_in, len);
				fence_note("chacha20 %s keyed len %zu at the %s",
					   row_name(SC_ALG_CHACHA, i), len,
					   at_start ? "start" : "end");
				im->xor_stream_key(st, kb, p, p, (unsigned int)len, 20);
				check(!memcmp(p, g_ref, len), "chacha20",
				      row_name(SC_ALG_CHACHA, i),
				      "fenced keyed len %zu at the %s page: diff at %ld",
				      len, at_start ? "start of a" : "end of a",
				      first_diff(p, g_ref, len));
			}
		}
	}
}

/*
 * The feed-forward of word 12 carrying between lanes: block 1609119447 of
 * the key 00 01 .. 1f under a zero nonce permutes its word 12 to
 * 0xffffffff, so adding a lane's block index to it in 64-bit lanes
 * (vpaddq for vpaddd) would carry into the next block's word 12; random
 * inputs do that about once in 10^8 batches, and that mutant passed
 * every other test.  (Found by running the avx512 row over every counter
 * from 0.)  The block goes at lanes 2, 6 and 14 of a batch of 16, lane 2
 * of a second batch, and lane 2 of the third.
 */
static void chacha_ffw_carry(void)
{
	static const unsigned int lanes[] = { 2, 6, 14, 18, 34 };
	const u32 block = 1609119447u;
	const size_t len = 48 * CHACHA_BLOCK_SIZE;
	u8 key[32], nonce[12] = { 0 };
	unsigned int l, r;
	u32 ctr;

	for (l = 0; l < sizeof(key); l++)
		key[l] = (u8)l;
	for (l = 0; l < ARRAY_SIZE(lanes); l++) {
		ctr = block - lanes[l];
		rnd_fill(g_in, len);
		oracle_chacha20(key, ctr, nonce, g_ref, g_in, len);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++)
			chacha_one(g_rows[SC_ALG_CHACHA][r], key, ctr, nonce,
				   len, 0, 0, false, g_ref,
				   "feed-forward carry");
	}
}

static void test_chacha20(void)
{
	/* full src x dst grid for the first 8, both axes + in place for all */
	static const size_t align_lens[] = {
		1, 63, 64, 65, 255, 257, 1025, 2049,
		15, 16, 17, 127, 128, 129, 256, 511, 512, 513, 1023, 1024,
		2047, 2048, 4097,
	};
	static const size_t align_lens_quick[] = { 63, 257 };
	u8 key[32], nonce[12];
	unsigned int r, maxlen = g_quick ? 400 : 2048;
	size_t len, a, b, j;
	u32 ctr;

	chacha_peer_semantics();
	chacha_ffw_carry();

	/* every length 0..1100, random key/nonce/counter */
	for (len = 0; len <= maxlen; len++) {
		rnd_fill(key, 32);
		rnd_fill(nonce, 12);
		ctr = (u32)rnd64() & 0x7fffffff;
		rnd_fill(g_in, len);
		oracle_chacha20(key, ctr, nonce, g_ref, g_in, len);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++)
			chacha_one(g_rows[SC_ALG_CHACHA][r], key, ctr, nonce, len,
				   len % 64, (len * 7) % 64, false, g_ref,
				   "length sweep");
	}

	/* every source/destination misalignment, and in place */
	for (j = 0; j < (g_quick ? ARRAY_SIZE(align_lens_quick) : ARRAY_SIZE(align_lens)); j++) {
		len = g_quick ? align_lens_quick[j] : align_lens[j];
		rnd_fill(key, 32);
		rnd_fill(nonce, 12);
		ctr = (u32)rnd64() & 0xffff;
		rnd_fill(g_in, len);
		oracle_chacha20(key, ctr, nonce, g_ref, g_in, len);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++) {
			unsigned int i = g_rows[SC_ALG_CHACHA][r];

			for (a = 0; a < 64; a++) {
				for (b = 0; b < 64; b++)
					if ((!g_quick && j < 8) || a == 0 || b == 0 || a == b)
						chacha_one(i, key, ctr, nonce, len, a,
							   b, false, g_ref,
							   "alignment");
				chacha_one(i, key, ctr, nonce, len, a, a, true,
					   g_ref, "alignment");
			}
		}
	}

	/* around every multiple of the block size up to 80 blocks (the SIMD
	 * rows' batch edges), and around 4 KiB multiples up to 64 KiB */
	for (j = 0; j < (g_quick ? 40u : 80u + 16u); j++) {
		size_t base = j < 80 ? 64 * (j + 1) : 4096 * (j - 79);
		int d;

		for (d = -1; d <= 1; d++) {
			len = base + d;
			rnd_fill(key, 32);
			rnd_fill(nonce, 12);
			ctr = (u32)rnd64() & 0x7fffffff;
			rnd_fill(g_in, len);
			oracle_chacha20(key, ctr, nonce, g_ref, g_in, len);
			for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++)
				chacha_one(g_rows[SC_ALG_CHACHA][r], key, ctr, nonce,
					   len, j % 64, (j * 3) % 64, d == 0, g_ref,
					   "block edges");
		}
	}

	/* the 32-bit counter wrap: word 12 wraps, word 13 stays */
	for (ctr = 0xfffffff0u; ctr != 0; ctr++) {
		if (ctr < 0xfffffffbu && (ctr & 3))
			continue;
		for (j = 0; j < 6; j++) {
			static const size_t wl[] = { 1, 64, 65, 300, 640, 1100 };

			len = wl[j];
			rnd_fill(key, 32);
			rnd_fill(nonce, 12);
			rnd_fill(g_in, len);
			oracle_chacha20(key, ctr, nonce, g_ref, g_in, len);
			for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++)
				chacha_one(g_rows[SC_ALG_CHACHA][r], key, ctr, nonce,
					   len, 3, 5, false, g_ref, "counter wrap");
		}
	}

	/* incremental: 64-byte multiples per call, switching rows and via pick */
	for (j = 0; j < (g_quick ? 40u : 200u); j++) {
		u32 k32[8], st[16];
		u8 tail[16];
		size_t off = 0;
		bool pick = j & 1;

		len = rnd_below(j < 100 ? 2048 : 20000);
		rnd_fill(key, 32);
		rnd_fill(nonce, 12);
		ctr = j % 5 == 0 ? 0xffffffffu - (u32)rnd_below(40)
				 : (u32)rnd64();
		rnd_fill(g_in, len);
		oracle_chacha20(key, ctr, nonce, g_ref, g_in, len);
		put_le32(tail, ctr);
		memcpy(tail + 4, nonce, 12);
		key_words(key, k32);
		sc_chacha_init_state(st, k32, tail);
		while (off < len) {
			size_t n = len - off;

			if (rnd_below(3))
				n = 64 * rnd_below(n / 64 + 1);
			if (!n)
				continue;
			sc_chacha_crypt(pick ? sc_chacha_pick((unsigned int)n) :
				       sc_chacha_impls[rnd_row(SC_ALG_CHACHA)],
				       st, g_tmp + off, g_in + off,
				       (unsigned int)n, 20);
			off += n;
		}
		check(!memcmp(g_tmp, g_ref, len) && st[12] == ctr + (u32)((len + 63) / 64),
		      "chacha20", pick ? "dispatch" : "mixed-rows",
		      "incremental len %zu ctr %#x: diff at %ld", len, ctr,
		      first_diff(g_tmp, g_ref, len));
	}

	/* large random inputs up to 1 MiB */
	for (j = 0; j < (g_quick ? 2u : 6u); j++) {
		len = j == 0 ? MAXLEN : 1 + rnd_below(MAXLEN);
		rnd_fill(key, 32);
		rnd_fill(nonce, 12);
		ctr = (u32)rnd64();
		rnd_fill(g_in, len);
		oracle_chacha20(key, ctr, nonce, g_ref, g_in, len);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++)
			chacha_one(g_rows[SC_ALG_CHACHA][r], key, ctr, nonce, len,
				   rnd_below(64), rnd_below(64), j & 1, g_ref,
				   "large");
	}

	chacha_fenced();

	/* 12 rounds through the rows (xchacha12 uses them) vs the reference */
	for (len = 0; len <= (g_quick ? 300u : 1100u); len += 1 + (len > 300) * 6) {
		u32 st[16], st0[16];
		u8 tail[16];

		rnd_fill(key, 32);
		rnd_fill(tail, 16);
		if (len % 5 == 0)
			put_le32(tail, 0xfffffffeu);
		rnd_fill(g_in, len);
		ref_state(st0, key, tail);
		ref_xor(st0, 12, false, g_ref, g_in, len);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++) {
			unsigned int i = g_rows[SC_ALG_CHACHA][r];

			memcpy(st, st0, sizeof(st));
			row_xor(sc_chacha_impls[i], st, g_tmp, g_in,
				(unsigned int)len, 12);
			check(!memcmp(g_tmp, g_ref, len), "chacha12",
			      row_name(SC_ALG_CHACHA, i),
			      "len %zu word12 %#x: diff at %ld", len, st0[12],
			      first_diff(g_tmp, g_ref, len));
		}
	}

	/* HChaCha20 vs libsodium, HChaCha12 vs the reference */
	for (j = 0; j < (g_quick ? 50u : 300u); j++) {
		u8 n16[16], want[32], got[32];
		u32 k32[8], st[16], o[8];
		int nr = j & 1 ? 12 : 20, w;

		rnd_fill(key, 32);
		rnd_fill(n16, 16);
		if (nr == 20)
			crypto_core_hchacha20(want, n16, key, NULL);
		else
			ref_hchacha(key, n16, 12, want);
		for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++) {
			unsigned int i = g_rows[SC_ALG_CHACHA][r];

			key_words(key, k32);
			sc_chacha_init_state(st, k32, n16);
			row_hchacha(sc_chacha_impls[i], st, o, nr);
			for (w = 0; w < 8; w++)
				put_le32(got + 4 * w, o[w]);
			check(!memcmp(got, want, 32),
			      nr == 20 ? "hchacha20" : "hchacha12",
			      row_name(SC_ALG_CHACHA, i), "random input %zu", j);
		}
	}
}

/* ------------------------------------------------------------------ */
/* XChaCha20 / XChaCha12                                               */
/* ------------------------------------------------------------------ */

static void xchacha_case(unsigned int i, int nr, const u8 *key, const u8 *iv,
			 size_t len, size_t doff, const u8 *want,
			 const char *what)
{
	const char *alg = nr == 20 ? "xchacha20" : "xchacha12";
	u8 *dst = guard_place(g_arena_dst, doff, len);

	memcpy(dst, g_in, len);
	our_xchacha(sc_chacha_impls[i], key, iv, nr, dst, dst, (unsigned int)len);
	check(!memcmp(dst, want, len) && guard_intact(g_arena_dst, doff, len),
	      alg, row_name(SC_ALG_CHACHA, i),
	      "%s: len %zu pos %#llx: diff at %ld", what, len,
	      (unsigned long long)le32(iv + 24) |
	      (unsigned long long)le32(iv + 28) << 32,
	      first_diff(dst, want, len));
}

/*
 * A random XChaCha message at stream position @ctr: key, nonce, the IV
 * (nonce || ctr), @len input bytes in g_in, and in g_ref its ciphertext
 * from libsodium (@sodium, XChaCha20 only: where its 64-bit counter
 * agrees with the kernel's) or from the reference.
 */
static void xchacha_message(int nr, u64 ctr, size_t len, bool sodium,
			    u8 *key, u8 *nonce, u8 *iv)
{
	rnd_fill(key, 32);
	rnd_fill(nonce, 24);
	iv32_make(iv, nonce, ctr);
	rnd_fill(g_in, len);
	if (sodium && nr == 20)
		crypto_stream_xchacha20_xor_ic(g_ref, g_in, len, nonce, ctr, key);
	else
		ref_xchacha(key, iv, nr, g_ref, g_in, len);
}

static void test_xchacha(void)
{
	u8 key[32], nonce[24], iv[32];
	unsigned int r, maxlen = g_quick ? 400 : 2048;
	size_t len, j;
	u64 ctr;
	int nr;

	for (nr = 20; nr >= 12; nr -= 8) {
		for (len = 0; len <= maxlen; len++) {
			ctr = rnd64() & 0xffffffff7fffffffull;
			xchacha_message(nr, ctr, len, true, key, nonce, iv);
			for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++)
				xchacha_case(g_rows[SC_ALG_CHACHA][r], nr, key, iv, len,
					     len % 64, g_ref, "length sweep");
			if (nr == 20 && len % 97 == 0) {
				ref_xchacha(key, iv, 20, g_tmp, g_in, len);
				check(!memcmp(g_tmp, g_ref, len), "xchacha20",
				      "reference", "reference vs libsodium len %zu",
				      len);
			}
		}

		/*
		 * Position near the word-12 wrap, random word 13: the kernel
		 * wraps word 12 and leaves word 13 alone (reference); below the
		 * wrap libsodium's 64-bit counter gives the same stream.
		 */
		for (j = 0; j < 48; j++) {
			static const size_t wl[] = { 1, 64, 65, 300, 1100, 4096 + 7 };
			u64 blocks;

			len = wl[j % 6];
			blocks = (len + 63) / 64;
			ctr = (rnd64() & 0xffffffff00000000ull) |
			      (0xffffffffull - (j / 6) * 5);
			xchacha_message(nr, ctr, len, false, key, nonce, iv);
			if (nr == 20 && (ctr & 0xffffffffull) + blocks <= 0x100000000ull) {
				crypto_stream_xchacha20_xor_ic(g_tmp, g_in, len, nonce,
							       ctr, key);
				check(!memcmp(g_tmp, g_ref, len), "xchacha20",
				      "reference", "reference vs libsodium below the wrap, len %zu",
				      len);
			}
			for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++)
				xchacha_case(g_rows[SC_ALG_CHACHA][r], nr, key, iv, len,
					     j % 64, g_ref, "word-12 wrap");
		}

		/* incremental in the glue's chunks, across the word-12 wrap */
		for (j = 0; j < (g_quick ? 20u : 80u); j++) {
			u32 k32[8], st[16];
			size_t off = 0;

			len = rnd_below(9000);
			ctr = (rnd64() & 0xffffffff00000000ull) |
			      (j % 3 ? 0xffffffffull - rnd_below(60) : rnd64() >> 33);
			xchacha_message(nr, ctr, len, false, key, nonce, iv);
			key_words(key, k32);
			sc_xchacha_init_state(st, k32, iv, &sc_chacha_impl_generic, nr);
			while (off < len) {
				size_t n = len - off;

				if (rnd_below(3))
					n = 64 * rnd_below(n / 64 + 1);
				if (!n)
					continue;
				sc_chacha_crypt(j & 1 ? sc_chacha_pick((unsigned int)n) :
					       sc_chacha_impls[rnd_row(SC_ALG_CHACHA)],
					       st, g_tmp + off, g_in + off,
					       (unsigned int)n, nr);
				off += n;
			}
			check(!memcmp(g_tmp, g_ref, len) &&
			      st[12] == (u32)(ctr + (len + 63) / 64) &&
			      st[13] == (u32)(ctr >> 32),
			      nr == 20 ? "xchacha20" : "xchacha12",
			      j & 1 ? "dispatch" : "mixed-rows",
			      "incremental len %zu: diff at %ld, words %#x %#x", len,
			      first_diff(g_tmp, g_ref, len), st[12], st[13]);
		}

		/* large */
		for (j = 0; j < (g_quick ? 1u : 3u); j++) {
			len = j == 0 ? MAXLEN : 1 + rnd_below(MAXLEN);
			ctr = rnd64() & 0xffffffff7fffffffull;
			xchacha_message(nr, ctr, len, true, key, nonce, iv);
			for (r = 0; r < g_nrows[SC_ALG_CHACHA]; r++)
				xchacha_case(g_rows[SC_ALG_CHACHA][r], nr, key, iv, len,
					     rnd_below(64), g_ref, "large");
		}
	}
}

/* ------------------------------------------------------------------ */
/* Poly1305                                                            */
/* ------------------------------------------------------------------ */

static void poly_case(unsigned int i, const u8 *key, const u8 *m, size_t len,
		      const u8 *want, const char *what)
{
	const char *name = row_name(SC_ALG_POLY1305, i);
	u8 got[16];

	poly_row_tag(i, false, key, m, len, got);
	check(!memcmp(got, want, 16), "poly1305", name, "%s: row len %zu", what,
	      len);
}

/*
 * A Poly1305 update through the dispatcher (the shash's way) holds at most
 * SC_SIMD_CHUNK bytes per SIMD section, on top of a buffered partial
 * block: a spy row (the generic code, flagged SIMD, forced) counts them.
 */
static struct sc_section_tally g_spy_bytes;

static void spy_poly_blocks(struct sc_poly1305_core *core, const u8 *src,
			    size_t len, u32 padbit)
{
	sc_section_add(&g_spy_bytes, len);
	sc_poly1305_impl_generic.blocks(core, src, len, padbit);
}

static const struct sc_poly1305_impl spy_poly = {
	.base = { .name = "spy", .simd = true },
	.blocks = spy_poly_blocks,
};

static void poly_section_sizes(const u8 *key)
{
	const struct sc_impl *saved = sc_forced_row[SC_ALG_POLY1305];
	struct sc_poly1305_msg msg;
	u8 got[16], want[16];
	size_t len = 5 * 4096 + 7;

	rnd_fill(g_in, len);
	crypto_onetimeauth_poly1305(want, g_in, len, key);
	memset(&g_spy_bytes, 0, sizeof(g_spy_bytes));
	sc_forced_row[SC_ALG_POLY1305] = &spy_poly.base;
	sc_poly1305_msg_init(&msg);
	sc_poly1305_msg_update_chunked(NULL, &msg, key, 32);
	sc_poly1305_msg_update_chunked(NULL, &msg, g_in, 9);
	sc_poly1305_msg_update_chunked(NULL, &msg, g_in + 9, len - 9);
	sc_forced_row[SC_ALG_POLY1305] = saved;
	check(!sc_poly1305_msg_final(&sc_poly1305_impl_generic, &msg, got) &&
	      !memcmp(got, want, 16) && g_spy_bytes.most &&
	      g_spy_bytes.most <= SC_SIMD_CHUNK + POLY1305_BLOCK_SIZE,
	      "poly1305", "msg", "%zu bytes: %lu in one SIMD section (at most %u)",
	      len, g_spy_bytes.most, SC_SIMD_CHUNK + POLY1305_BLOCK_SIZE);
}

/*
 * The scalar code's closing fold (_mulx_fold: h += 5 (h2 >> 2), h2 &= 3)
 * carrying out of h0: after this one block under r = r0 (r1 = 0, m0
 * solved for from m1 and r0), h0 is 2^64 - 1 and h2 is 4, so h0 + 5
 * carries into h1.  Random inputs do that about once in 2^62 blocks.
 * Every row takes a one-block message through that code.
 */
static void poly_fold_carry(void)
{
	static const u64 r0 = 0x0a61dbe00e44158bull;
	static const u64 m[2] = { 0xade56363cd4b1d7aull, 0x923a736994e3bf91ull };
	u8 key[32], msg[16], want[16];
	unsigned int r, i;

	memset(key, 0, 16);
	rnd_fill(key + 16, 16);
	for (i = 0; i < 8; i++) {
		key[i] = (u8)(r0 >> (8 * i));
		msg[i] = (u8)(m[0] >> (8 * i));
		msg[8 + i] = (u8)(m[1] >> (8 * i));
	}
	crypto_onetimeauth_poly1305(want, msg, sizeof(msg), key);
	for (r = 0; r < g_nrows[SC_ALG_POLY1305]; r++)
		poly_case(g_rows[SC_ALG_POLY1305][r], key, msg, sizeof(msg),
			  want, "fold carry");
}

/* Row @row and the generic row on @msg under r = 1: whether h differs. */
static bool poly_r1_differs(unsigned int row, const u8 *msg, size_t len)
{
	struct sc_poly1305_core c = { .r = { 1, 0 } }, g = c;
	u64 a[3], b[3];

	row_blocks(sc_poly1305_impls[row], &c, msg, len, 1);
	sc_poly1305_blocks_generic(&g, msg, len, 1);
	poly_reduce(c.h, a);
	poly_reduce(g.h, b);
	return memcmp(a, b, sizeof(a));
}

/*
 * The lanes' sums driven to the conversion's and the fold's last carries.
 * With r = 1 a lane's limbs are the sums of its blocks' limbs, kept
 * under the fold (a lane holds at most three blocks here: 3 x 2^128 is
 * under 2^130), and the rows add up 4, 8 or 16 lanes, so the texts are
 * 3 x 4, 3 x 8 and 3 x 16 blocks (and one more).  The conversion's
 * adds: the first block's top limb (base 2^44: bits 88..127; base 2^26:
 * 104..127), or the part of the 2^44 limb 1 under bit 64, is all ones
 * less t, t = 0..40 (each lane's normalization of the limb below may add
 * to it), over blocks of runs in that limb below.  The
 * fold: a first block of all ones, the others zero, and 4 to 72 blocks,
 * so that h is 2^128 - 1 plus a multiple of 2^128 that folds.  Text @i
 * (0, 1, ...) into @msg (POLY_CARRY_MAX bytes); returns its length, 0
 * past the last.  Also for the AEAD rows (aead_test.c).
 */
size_t poly_carry_text(unsigned int i, u8 *msg)
{
	static const unsigned int ks[] = { 12, 13, 24, 25, 48, 49 };
	/* the first block's limb, less t; the limb below it in the others */
	static const u64 first[][2] = {
		{ 0, ((1ull << 40) - 1) << 24 },		/* 2^44 limb 2 */
		{ 0, ((1ull << 24) - 1) << 40 },		/* 2^26 limb 4 */
		{ ((1ull << 20) - 1) << 44, 0 },		/* 64 - 44 bits */
	};
	static const u64 below[][2] = {
		{ ~0ull << 44, (1ull << 24) - 1 },		/* 2^44 limb 1 */
		{ 0, ((1ull << 26) - 1) << 14 },		/* 2^26 limb 3 */
		{ (1ull << 44) - 1, 0 },			/* 2^44 limb 0 */
	};
	const unsigned int per_top = 41 * ARRAY_SIZE(ks);
	unsigned int top, t, k, b;
	size_t len;

	if (i < ARRAY_SIZE(first) * per_top) {
		top = i / per_top;
		t = i % per_top / ARRAY_SIZE(ks);
		k = ks[i % ARRAY_SIZE(ks)];
		len = 16 * k;
		memset(msg, 0, len);
		/* t off the limb: its lowest bit is bit 24, 40 or 44 */
		put_unaligned_le64(first[top][0] - (top == 2 ? (u64)t << 44 : 0),
				   msg);
		put_unaligned_le64(first[top][1] -
				   (top == 2 ? 0 : (u64)t << (top ? 40 : 24)),
				   msg + 8);
		for (b = 1; b < k; b++) {
			put_unaligned_le64(below[top][0], msg + 16 * b);
			put_unaligned_le64(below[top][1], msg + 16 * b + 8);
		}
		return len;
	}
	i -= ARRAY_SIZE(first) * per_top;
	if (i > 68)
		return 0;
	len = 16 * (i + 4);
	memset(msg, 0, len);
	memset(msg, 0xff, 16);
	return len;
}

static unsigned int poly_top_carries(unsigned int row, u8 *msg,
				     unsigned int *bad, size_t *first)
{
	unsigned int i;
	size_t len;

	for (i = 0; (len = poly_carry_text(i, msg)); i++)
		if (poly_r1_differs(row, msg, len) && !(*bad)++)
			*first = len;
	return i;
}

/*
 * The vector rows' lanes added up, back in base 2^64, and folded: with
 * r = 1 every key power is 1, so what reaches that code is the sum of
 * the blocks' limbs, and blocks made of runs of ones on the limb
 * boundaries (base 2^26 and 2^44, and 2^64) drive each add of the
 * conversion and the fold to its carry.  Random keys reach some of those
 * carries about once in 2^15 calls, others far more rarely; every one
 * dropped (adc as add) passed the other tests (mutation testing).  All
 * messages of two and three such blocks, and longer ones of one block
 * then one other repeated.
 */
static void poly_lane_carries(void)
{
	static const u64 runs[][2] = {
		{ 0, 0 }, { ~0ull, ~0ull },
		{ (1ull << 44) - 1, 0 },			/* 2^44 limb 0 */
		{ ~0ull, 0 },					/* 64 bits */
		{ ~0ull << 44, (1ull << 24) - 1 },		/* 2^44 limb 1 */
		{ 0, ~0ull << 24 },				/* 2^44 limb 2 */
		{ 0, (1ull << 24) - 1 },
		{ (1ull << 26) - 1, 0 },			/* 2^26 limbs */
		{ ((1ull << 26) - 1) << 26, 0 },
		{ ~0ull << 52, (1ull << 14) - 1 },
		{ 0, ((1ull << 26) - 1) << 14 },
		{ 0, ~0ull << 40 },
	};
	static const unsigned int longer[] = { 8, 9, 16, 17, 32, 33, 64, 65 };
	const unsigned int nr = ARRAY_SIZE(runs);
	static u8 msg[POLY_CARRY_MAX];
	unsigned int r, n, k, c, b, bad, total;
	size_t len, first = 0;

	for (r = 0; r < g_nrows[SC_ALG_POLY1305]; r++) {
		unsigned int row = g_rows[SC_ALG_POLY1305][r];

		bad = total = 0;
		for (n = 2; n <= 3 + ARRAY_SIZE(longer); n++) {
			k = n <= 3 ? n : longer[n - 4];
			for (c = 0; c < (n == 3 ? nr * nr * nr : nr * nr); c++) {
				for (b = 0; b < k; b++) {
					unsigned int p = b == 0 ? c % nr :
							 n != 3 || b == 1 ?
							 c / nr % nr : c / nr / nr;

					put_unaligned_le64(runs[p][0], msg + 16 * b);
					put_unaligned_le64(runs[p][1], msg + 16 * b + 8);
				}
				len = 16 * k;
				total++;
				if (poly_r1_differs(row, msg, len) && !bad++)
					first = len;
			}
		}
		total += poly_top_carries(row, msg, &bad, &first);
		check(!bad, "poly1305", row_name(SC_ALG_POLY1305, row),
		      "lane carries (r = 1): %u of %u messages wrong, the first %zu bytes",
		      bad, total, first);
	}
}

static void test_poly1305(void)
{
	static const size_t align_lens[] = { 15, 16, 17, 64, 255, 288, 1040 };
	u8 key[32], want[16], got[16], w2[16];
	unsigned int r, maxlen = g_quick ? 400 : 2048;
	size_t len, j, a;
	int err;

	/* every length, random keys; OpenSSL and libsodium must agree too */
	for (len = 0; len <= maxlen; len++) {
		rnd_fill(key, 32);
		rnd_fill(g_in, len);
		crypto_onetimeauth_poly1305(want, g_in, len, key);
		ossl_poly1305(key, g_in, len, w2);
		check(!memcmp(want, w2, 16), "poly1305", "oracle",
		      "OpenSSL vs libsodium len %zu", len);
		for (r = 0; r < g_nrows[SC_ALG_POLY1305]; r++) {
			unsigned int i = g_rows[SC_ALG_POLY1305][r];

			poly_case(i, key, g_in, len, want, "length sweep");
			err = poly_msg_tag(sc_poly1305_impls[i], false, key, g_in,
					   len, got, 0);
			check(!err && !memcmp(got, want, 16), "poly1305",
			      row_name(SC_ALG_POLY1305, i), "msg len %zu", len);
		}
	}

	/* around multiples of 16 up to 4 KiB + 256 (vector batch edges) */
	for (len = 16; len <= 4096 + 256; len += g_quick ? 48 : 16) {
		int d;

		for (d = -1; d <= 1; d++) {
			rnd_fill(key, 32);
			rnd_fill(g_in, len + d);
			crypto_onetimeauth_poly1305(want, g_in, len + d, key);
			for (r = 0; r < g_nrows[SC_ALG_POLY1305]; r++)
				poly_case(g_rows[SC_ALG_POLY1305][r], key, g_in, len + d,
					  want, "block edges");
		}
	}

	/* misaligned message */
	for (j = 0; j < ARRAY_SIZE(align_lens); j++) {
		len = align_lens[j];
		for (a = 0; a < 64; a++) {
			u8 *p = guard_place(g_arena_src, a, len);

			if (g_quick && a % 8 != 1)
				continue;
			rnd_fill(key, 32);
			rnd_fill(p, len);
			crypto_onetimeauth_poly1305(want, p, len, key);
			for (r = 0; r < g_nrows[SC_ALG_POLY1305]; r++)
				poly_case(g_rows[SC_ALG_POLY1305][r], key, p, len, want,
					  "alignment");
			check(guard_intact(g_arena_src, a, len), "poly1305",
			      "guards", "source modified");
		}
	}

	/* edge cases: clamped bits set, all-0xff, r = 1 sums near 2^130-5 */
	for (j = 0; j < (g_quick ? 150u : 600u); j++) {
		unsigned int kind = j % 6;

		len = kind < 3 ? 16 * (j / 6 % 70) + (j % 7 == 0 ? 7 : 0)
			       : 16 * (1 + rnd_below(5));
		if (j % 50 == 0)
			len = 4096 + 16 * rnd_below(300);
		switch (kind) {
		case 0:		/* raw r all ones (clamp clears bits), s all ones */
			memset(key, 0xff, 32);
			memset(g_in, 0xff, len);
			break;
		case 1:		/* r all ones, random s, message random */
			memset(key, 0xff, 16);
			rnd_fill(key + 16, 16);
			rnd_fill(g_in, len);
			break;
		case 2:		/* random r, all-0xff message */
			rnd_fill(key, 32);
			memset(g_in, 0xff, len);
			break;
		default:	/* r = 1: h is the sum of the padded blocks */
			memset(key, 0, 16);
			key[0] = 1;
			rnd_fill(key + 16, 16);
			memset(g_in, 0xff, len);
			/* last block 2^128 - 5 + d: lands h around p, 2p, ... */
			g_in[len - 16] = (u8)(0xfb + (int)rnd_below(5) - 2 -
					      (kind == 4 ? 8 : 0));
			if (kind == 5)
				memset(g_in + len - 8, 0x3f, 8);
			break;
		}
		crypto_onetimeauth_poly1305(want, g_in, len, key);
		for (r = 0; r < g_nrows[SC_ALG_POLY1305]; r++)
			poly_case(g_rows[SC_ALG_POLY1305][r], key, g_in, len, want,
				  "edge case");
	}

	poly_fold_carry();
	poly_lane_carries();

	/* the key inside the data: random update splits, -ENOKEY */
	for (j = 0; j < (g_quick ? 200u : 1000u); j++)
		poly_msg_rows(j < 800 ? rnd_below(300) : rnd_below(8000), 12,
			      true, "random splits");
	/*
	 * long updates: the zmm IFMA and AVX2 rows compute their key powers
	 * in the first piece after the key and reuse them in the others; a
	 * split now and then starts a new update (new powers)
	 */
	for (j = 0; j < (g_quick ? 6u : 40u); j++)
		poly_msg_rows(4096 * (2 + j % 8) + rnd_below(4096),
			      j % 3 ? 0 : 2, false, "long update");
	/*
	 * whole 4 KiB pieces and then a last one of 0 to 39 bytes: the
	 * dispatcher's row for the tail is not the pieces' row, and a tail
	 * shorter than a block goes to the buffer only
	 */
	for (j = 0; j < 40; j++)
		poly_msg_rows(4096 * (1 + j % 3) + j, 0, false, "short last piece");
	poly_section_sizes(key);
	for (len = 0; len < 32; len++) {
		static const struct sc_poly1305_msg zero;
		struct sc_poly1305_msg msg;

		sc_poly1305_msg_init(&msg);
		sc_poly1305_msg_update(&sc_poly1305_impl_generic, &msg, key, len);
		check(sc_poly1305_msg_final(&sc_poly1305_impl_generic, &msg,
					    got) == -ENOKEY &&
		      !memcmp(&msg, &zero, sizeof(msg)),
		      "poly1305", "msg",
		      "%zu key bytes: final must be -ENOKEY and wipe r", len);
	}
	for (j = 0; j < (g_quick ? 200u : 1000u); j++)
		poly_export(j < 100 ? rnd_below(48) : rnd_below(4096));

	/* key powers handed between rows */
	for (j = 0; j < g_nrows[SC_ALG_POLY1305]; j++) {
		unsigned int k;

		for (k = 0; k < g_nrows[SC_ALG_POLY1305]; k++) {
			unsigned int a = g_rows[SC_ALG_POLY1305][j];
			unsigned int b = g_rows[SC_ALG_POLY1305][k];

			len = 4 * 1024 + rnd_below(16);
			rnd_fill(key, 32);
			rnd_fill(g_in, len);
			crypto_onetimeauth_poly1305(want, g_in, len, key);
			poly_pair_tag(a, b, key, g_in, len, got);
			check(!memcmp(got, want, 16), "poly1305", "mixed-rows",
			      "powers kept, %s then %s",
			      row_name(SC_ALG_POLY1305, a),
			      row_name(SC_ALG_POLY1305, b));
		}
	}

	/* moving between rows at block boundaries */
	for (j = 0; j < (g_quick ? 50u : 300u); j++) {
		len = rnd_below(j < 200 ? 1500 : 70000);
		rnd_fill(key, 32);
		rnd_fill(g_in, len);
		crypto_onetimeauth_poly1305(want, g_in, len, key);
		poly_row_tag(rnd_row(SC_ALG_POLY1305), true, key, g_in, len, got);
		check(!memcmp(got, want, 16), "poly1305", "mixed-rows",
		      "len %zu", len);
	}

	/* large */
	for (j = 0; j < (g_quick ? 2u : 6u); j++) {
		len = j == 0 ? MAXLEN : rnd_below(MAXLEN);
		rnd_fill(key, 32);
		rnd_fill(g_in, len);
		crypto_onetimeauth_poly1305(want, g_in, len, key);
		if (j < 2) {
			ossl_poly1305(key, g_in, len, w2);
			check(!memcmp(want, w2, 16), "poly1305", "oracle",
			      "OpenSSL vs libsodium len %zu", len);
		}
		for (r = 0; r < g_nrows[SC_ALG_POLY1305]; r++)
			poly_case(g_rows[SC_ALG_POLY1305][r], key, g_in, len, want,
				  "large");
	}
}

/* ------------------------------------------------------------------ */
/* Keccak / SHA-3 / SHAKE                                              */
/* ------------------------------------------------------------------ */

static void test_keccak(void)
{
	static const unsigned int rates[] = { 72, 104, 136, 144, 168 };
	u64 st[25], st0[25], ref[25];
	unsigned int r, k, ai;
	size_t len, j, off;
	static u8 want[4096], got[4096];

	/* the permutation vs generic */
	for (j = 0; j < (g_quick ? 30u : 200u); j++) {
		if (j)
			rnd_fill((u8 *)st0, sizeof(st0));
		else
			memset(st0, 0, sizeof(st0));
		memcpy(ref, st0, sizeof(ref));
		sc_keccakf1600_generic(ref);
		for (r = 0; r < g_nrows[SC_ALG_KECCAK]; r++) {
			unsigned int i = g_rows[SC_ALG_KECCAK][r];

			memcpy(st, st0, sizeof(st));
			row_permute(sc_keccak_impls[i], st);
			check(!memcmp(st, ref, sizeof(st)), "keccak-f1600",
			      row_name(SC_ALG_KECCAK, i), "permute state %zu", j);
		}
	}
	/* zero state after one permutation, lane 0 (Keccak team's values) */
	memset(st, 0, sizeof(st));
	sc_keccakf1600_generic(st);
	check(st[0] == 0xf1258f7940e1dde7ull, "kat", "reference",
	      "Keccak-f[1600](0) lane 0 = %#llx", (unsigned long long)st[0]);

	/* whole-block absorb vs generic: every rate, 0..5 blocks, misaligned */
	for (k = 0; k < ARRAY_SIZE(rates); k++) {
		for (j = 0; j < 6; j++) {
			for (off = 0; off < 8; off++) {
				u8 *p = guard_place(g_arena_src, off, j * rates[k]);

				rnd_fill((u8 *)st0, sizeof(st0));
				rnd_fill(p, j * rates[k]);
				memcpy(ref, st0, sizeof(ref));
				sc_keccak_absorb_generic(ref, p, j, rates[k]);
				for (r = 0; r < g_nrows[SC_ALG_KECCAK]; r++) {
					unsigned int i = g_rows[SC_ALG_KECCAK][r];

					memcpy(st, st0, sizeof(st));
					row_absorb(sc_keccak_impls[i], st, p, j,
						   rates[k]);
					check(!memcmp(st, ref, sizeof(st)) &&
					      guard_intact(g_arena_src, off,
							   j * rates[k]),
					      "keccak-absorb", row_name(SC_ALG_KECCAK, i),
					      "rate %u blocks %zu offset %zu", rates[k],
					      j, off);
				}
			}
		}
	}

	/* every length 0..3*rate+1 per algorithm, random absorb splits */
	for (ai = 0; ai < ARRAY_SIZE(g_sha3); ai++) {
		const struct sha3_alg *a = &g_sha3[ai];
		bool xof = a->ds == SHAKE_DSBYTE;

		for (len = 0; len <= 3 * a->rate + 1; len += g_quick ? 3 : 1) {
			size_t outlen = xof ? 1 + rnd_below(3 * a->rate + 5)
					    : a->mdlen;

			rnd_fill(g_in, len);
			ossl_digest(a, g_in, len, want, outlen);
			for (r = 0; r <= g_nrows[SC_ALG_KECCAK]; r++) {
				bool pick = r == g_nrows[SC_ALG_KECCAK];
				unsigned int i = pick ? 0 : g_rows[SC_ALG_KECCAK][r];
				const struct sc_keccak_impl *im = sc_keccak_impls[i];
				const char *name = pick ? "dispatch" :
					row_name(SC_ALG_KECCAK, i);

				u8 *o = guard_place(g_arena_dst, len % 32, outlen);

				sponge_hash(im, pick, a, g_in, len, o, outlen, 0, 0);
				check(!memcmp(o, want, outlen) &&
				      guard_intact(g_arena_dst, len % 32, outlen),
				      a->name, name,
				      "len %zu out %zu one piece: diff at %ld", len,
				      outlen, first_diff(o, want, outlen));
				o = guard_place(g_arena_dst, len % 29, outlen);
				sponge_hash(im, pick, a, g_in, len, o, outlen,
					    1 + (unsigned int)rnd_below(4),
					    xof ? 1 + (unsigned int)rnd_below(6) : 0);
				check(!memcmp(o, want, outlen) &&
				      guard_intact(g_arena_dst, len % 29, outlen),
				      a->name, name,
				      "len %zu out %zu random splits: diff at %ld",
				      len, outlen, first_diff(o, want, outlen));
				if (!xof && !pick) {
					shash_hash(im, a, g_in, len, got,
						   (unsigned int)rnd_below(4));
					check(!memcmp(got, want, a->mdlen), a->name,
					      name, "len %zu shash path", len);
				}
			}
		}
		/*
		 * Moving between rows mid-message: every row keeps the state in
		 * the shared lane layout between calls, so a message may start
		 * on one row and continue on another at any absorb, at the
		 * final permutation, or between squeezes.
		 */
		for (j = 0; j < (g_quick ? 10u : 60u); j++) {
			struct sc_keccak_sponge sp;
			size_t outlen = xof ? 1 + rnd_below(700) : a->mdlen;
			size_t o = 0;

			len = rnd_below(j < 40 ? 4 * a->rate : 20000);
			rnd_fill(g_in, len);
			ossl_digest(a, g_in, len, want, outlen);
			sc_keccak_sponge_init(&sp, a->rate);
			off = 0;
			while (off < len) {
				size_t n = rnd_below(len - off + 1);

				sc_keccak_sponge_absorb(sc_keccak_impls[rnd_row(SC_ALG_KECCAK)],
							&sp, g_in + off, n);
				off += n;
			}
			sc_keccak_sponge_finalize(sc_keccak_impls[rnd_row(SC_ALG_KECCAK)],
						  &sp, a->ds);
			while (o < outlen) {
				size_t n = rnd_below(outlen - o + 1);

				sc_keccak_sponge_squeeze(sc_keccak_impls[rnd_row(SC_ALG_KECCAK)],
							 &sp, got + o, n);
				o += n;
			}
			check(!memcmp(got, want, outlen), a->name, "mixed-rows",
			      "len %zu out %zu: diff at %ld", len, outlen,
			      first_diff(got, want, outlen));
		}

		/* long SHAKE output squeezed in random pieces */
		if (xof) {
			for (j = 0; j < (g_quick ? 4u : 20u); j++) {
				size_t outlen = 1 + rnd_below(sizeof(want));

				len = rnd_below(600);
				rnd_fill(g_in, len);
				ossl_digest(a, g_in, len, want, outlen);
				for (r = 0; r < g_nrows[SC_ALG_KECCAK]; r++) {
					unsigned int i = g_rows[SC_ALG_KECCAK][r];

					sponge_hash(sc_keccak_impls[i], false, a, g_in,
						    len, got, outlen, 2, 12);
					check(!memcmp(got, want, outlen), a->name,
					      row_name(SC_ALG_KECCAK, i),
					      "squeeze %zu bytes in pieces", outlen);
				}
			}
		}
		/* large */
		for (j = 0; j < (g_quick ? 1u : 2u); j++) {
			len = j == 0 ? MAXLEN : rnd_below(MAXLEN);
			rnd_fill(g_in, len);
			ossl_digest(a, g_in, len, want, a->mdlen);
			for (r = 0; r < g_nrows[SC_ALG_KECCAK]; r++) {
				unsigned int i = g_rows[SC_ALG_KECCAK][r];

				sponge_hash(sc_keccak_impls[i], false, a, g_in, len,
					    got, a->mdlen, 3, 0);
				check(!memcmp(got, want, a->mdlen), a->name,
				      row_name(SC_ALG_KECCAK, i), "large len %zu",
				      len);
			}
		}
	}
}

/* ------------------------------------------------------------------ */
/* The dispatcher                                                      */
/* ------------------------------------------------------------------ */

static const struct sc_impl *pick_row(enum sc_alg alg, size_t len)
{
	return sc_impl_pick(alg, len, true);
}

static const struct sc_impl *pick_row_nosimd(enum sc_alg alg, size_t len)
{
	return sc_impl_pick(alg, len, false);
}

static bool g_calibrate = true;		/* SC_CALIBRATE=0: the static table */

/* A row auto-dispatch may use on @cpu (row 0 always). */
static bool candidate(enum sc_alg alg, unsigned int i, u32 cpu, bool simd)
{
	const struct sc_impl *row = sc_impl_row(alg, i);

	return !i || ((row->cpu_features & ~cpu) == 0 &&
		      (row->cpu_avoid & cpu) == 0 && (simd || !row->simd));
}

/*
 * The static rule in simdcrypt.h, written independently of impl.c: at the
 * longest length of @len's size class, the last candidate whose min_len
 * fits (its later_len on a CPU with one of its later_on hints).
 */
static unsigned int expected_pick(enum sc_alg alg, u32 cpu, size_t len,
				  bool simd)
{
	unsigned int i, best = 0, at = sc_class_len[sc_size_class(len)];

	for (i = 1; i < sc_nimpls[alg]; i++) {
		const struct sc_impl *row = sc_impl_row(alg, i);
		unsigned int from = row->min_len;

		if (row->later_on & cpu)
			from = row->later_len;
		if (candidate(alg, i, cpu, simd) && at >= from)
			best = i;
	}
	return best;
}

/*
 * The registration rule in impl.c, written independently: a row other
 * than generic that @cpu runs; the AEAD's rows are made of ChaCha's and
 * Poly1305's.
 */
static bool expected_native(enum sc_alg alg, u32 cpu)
{
	unsigned int i;

	if (alg == SC_ALG_AEAD)
		return expected_native(SC_ALG_CHACHA, cpu) &&
		       expected_native(SC_ALG_POLY1305, cpu);
	for (i = 1; i < sc_nimpls[alg]; i++)
		if (!(sc_impl_row(alg, i)->cpu_features & ~cpu))
			return true;
	return false;
}

static void test_size_classes(void)
{
	unsigned int c, prev = 0;
	size_t len;
	bool ok = true;

	for (len = 0; len <= 5000; len++) {
		c = sc_size_class(len);
		if (c >= SC_NCLASSES || c < prev ||
		    (c + 1 < SC_NCLASSES && len > sc_class_len[c]) ||
		    (c && len <= sc_class_len[c - 1]))
			ok = check(false, "dispatch", "classes",
				   "len %zu in class %u", len, c);
		prev = c;
	}
	check(ok, "dispatch", "classes", "0..5000 bytes: monotonic, within bounds");
	for (c = 0; c < SC_NCLASSES; c++)
		check(sc_size_class(sc_class_len[c]) == c &&
		      sc_size_class(sc_class_len[c] + 1) == (c + 1 < SC_NCLASSES ? c + 1 : c),
		      "dispatch", "classes", "class %u ends at %u", c, sc_class_len[c]);
	check(sc_size_class(0) == 0 && sc_size_class(1) == 0 &&
	      sc_size_class(1 << 20) == SC_NCLASSES - 1 &&
	      sc_size_class((size_t)-1) == SC_NCLASSES - 1,
	      "dispatch", "classes", "0, 1, 1 MiB, SIZE_MAX");
}

/*
 * The dmesg line in a buffer too small for every range of a plan: the
 * ranges give way (" ..."), the summary after them stays whole.
 */
static void describe_short(enum sc_alg alg, const char *an)
{
	char buf[192];

	sc_dispatch_describe(alg, buf, sizeof(buf));
	check(strstr(buf, "static table") &&
	      (strstr(buf, "measured in") || !sc_dispatch_calibrated(alg)),
	      "dispatch", an, "describe in %zu bytes: %s", sizeof(buf), buf);
}

/* The number before @what in @desc ("(3 timed again: ...)"), 0 if none. */
static unsigned int describe_count(const char *desc, const char *what)
{
	const char *p = strstr(desc, what);

	if (!p)
		return 0;
	while (p > desc && p[-1] >= '0' && p[-1] <= '9')
		p--;
	return (unsigned int)strtoul(p, NULL, 10);
}

/*
 * A busy core (sc_calib_core_busy(), its probes made to say so): two busy
 * probes, before and after ChaCha20's first class, flag its first two
 * classes, timed again once the probes say free (or, in a real busy spell
 * outlasting the time budget, timed only while busy); probes that never
 * say free leave every class timed only while busy when the time runs
 * out, and the plans still measured.
 */
static void test_calib_busy_core(void)
{
	static const char again[] = " timed again: the core was busy)";
	static const char only[] = " timed only while the core was busy)";
	char desc[1024];

	sc_calib_fake_busy = 2;
	sc_dispatch_init(true);
	sc_dispatch_describe(SC_ALG_CHACHA, desc, sizeof(desc));
	check(sc_dispatch_calibrated(SC_ALG_CHACHA) && !sc_calib_fake_busy &&
	      describe_count(desc, again) + describe_count(desc, only) >= 2,
	      "dispatch", "chacha", "busy core: classes timed again: %s", desc);

	sc_calib_fake_busy = ~0u;
	sc_dispatch_init(true);
	sc_calib_fake_busy = 0;
	sc_dispatch_describe(SC_ALG_CHACHA, desc, sizeof(desc));
	check(sc_dispatch_calibrated(SC_ALG_CHACHA) &&
	      describe_count(desc, only) >= 2 && !describe_count(desc, again),
	      "dispatch", "chacha", "core busy throughout: %s", desc);
}

/*
 * Calibration's choice (sc_calib_choose()) on made-up times, in a table
 * with a native row that needs no SIMD (p) and two SIMD rows (s1, s2),
 * on a CPU that has every feature the table asks for and nothing its rows
 * avoid: the static row kept unless another beats it by more than the 3%
 * margin, a row needing no SIMD kept over a SIMD row within the margin of
 * it, no SIMD row without SIMD, no row the CPU lacks.
 */
#define CALIB_ROWS	16	/* impl.c measures tables this long */

struct calib_case {
	u32 cpu;
	unsigned int alg, p, s1, s2;
};

static unsigned int calib_choice(const struct calib_case *c, u32 cpu,
				 bool simd_ok, unsigned int stat, u32 tp,
				 u32 t1, u32 t2)
{
	u32 t[CALIB_ROWS];

	memset(t, 0xff, sizeof(t));
	t[c->p] = tp;
	t[c->s1] = t1;
	t[c->s2] = t2;
	return sc_calib_choose_times(c->alg, cpu, simd_ok, stat, t);
}

/* p, s1 and s2 of @alg's table, if it has them */
static bool calib_rows(unsigned int alg, struct calib_case *c)
{
	unsigned int i;

	memset(c, 0, sizeof(*c));
	c->alg = alg;
	for (i = 1; i < sc_nimpls[alg] && i < CALIB_ROWS; i++) {
		const struct sc_impl *row = sc_impl_row(alg, i);

		if (row->cpu_avoid)
			continue;
		c->cpu |= row->cpu_features;
		if (!row->simd && !c->p)
			c->p = i;
		else if (row->simd && !c->s1)
			c->s1 = i;
		else if (row->simd && !c->s2)
			c->s2 = i;
	}
	return c->p && c->s2;
}

/* The rows of a case, by role: the plain row, the first and second SIMD row. */
enum calib_role { CALIB_P, CALIB_S1, CALIB_S2 };

static unsigned int calib_row(const struct calib_case *c, enum calib_role r)
{
	return r == CALIB_P ? c->p : r == CALIB_S1 ? c->s1 : c->s2;
}

static void test_calib_choice(void)
{
	static const struct {
		bool simd_ok;
		enum calib_role stat, want;
		u32 tp, t1, t2;
		const char *what;
	} cases[] = {
		{ true, CALIB_S1, CALIB_S1, 2000, 1000, 980,
		  "the static row kept against one 2% faster" },
		{ true, CALIB_S1, CALIB_S2, 2000, 1000, 900,
		  "a row 10% faster than the static one taken" },
		{ true, CALIB_S1, CALIB_P, 1020, 1000, 2000,
		  "the row needing no SIMD kept within 3%" },
		{ true, CALIB_P, CALIB_S1, 1100, 1000, 2000,
		  "a SIMD row 10% faster than the plain one taken" },
		{ true, CALIB_S1, CALIB_S1, 2000, 1000, 990,
		  "a SIMD row is not the plain row it is judged by" },
		{ false, CALIB_P, CALIB_P, 1000, 500, 500,
		  "no SIMD row without SIMD" },
	};
	struct calib_case c;
	unsigned int alg, k, tried = 0;

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		const char *an = sc_alg_names[alg];
		u32 lacks;

		if (!calib_rows(alg, &c))
			continue;
		tried++;
		for (k = 0; k < ARRAY_SIZE(cases); k++)
			check(calib_choice(&c, c.cpu, cases[k].simd_ok,
					   calib_row(&c, cases[k].stat), cases[k].tp,
					   cases[k].t1, cases[k].t2) ==
			      calib_row(&c, cases[k].want),
			      "dispatch", an, "calibration: %s", cases[k].what);
		lacks = c.cpu & ~sc_impl_row(alg, c.s2)->cpu_features;
		check(lacks == c.cpu ||
		      calib_choice(&c, lacks, true, c.p, 1000, 1000, 100) != c.s2,
		      "dispatch", an, "calibration: no row the CPU lacks");
	}
	check(tried, "dispatch", "calibration",
	      "%u tables with a plain row and two SIMD rows to try the choice on", tried);
}

#ifdef __x86_64__
/*
 * The Zen 4 hint (SC_CPU_ZMM_SPLIT) in the static plan: ChaCha20 keeps
 * avx512vl to 1 KiB, Poly1305 ifma-ymm to 4 KiB and Keccak xN avx512vlx4
 * at every stream count, where without the hint (Zen 5) avx512 takes
 * ChaCha20 from 512 bytes, ifma Poly1305 from 256 and avx512x8 Keccak xN
 * from five streams.
 */
static void test_zmm_split_hint(void)
{
	static const struct {
		enum sc_alg alg;
		size_t len;
		const char *split, *full;
	} want[] = {
		{ SC_ALG_CHACHA, 1024, "avx512vl", "avx512" },
		{ SC_ALG_CHACHA, 1025, "avx512", "avx512" },
		{ SC_ALG_POLY1305, 256, "ifma-ymm", "ifma" },
		{ SC_ALG_POLY1305, 4096, "ifma-ymm", "ifma" },
		{ SC_ALG_POLY1305, 4097, "ifma", "ifma" },
		{ SC_ALG_KECCAK_XN, SC_KECCAKX_LEN(8), "avx512vlx4", "avx512x8" },
	};
	const u32 zen = SC_CPU_SSSE3 | SC_CPU_AVX | SC_CPU_AVX2 | SC_CPU_BMI1 |
			SC_CPU_BMI2 | SC_CPU_ADX | SC_CPU_AVX512 |
			SC_CPU_AVX512IFMA | SC_CPU_AVX512VBMI2 | SC_CPU_AMD;
	unsigned int k, split;

	sc_test_cpu_override_on = true;
	for (split = 0; split < 2; split++) {
		sc_test_cpu_override = zen | (split ? SC_CPU_ZMM_SPLIT : 0);
		sc_dispatch_init(false);
		for (k = 0; k < ARRAY_SIZE(want); k++) {
			const char *w = split ? want[k].split : want[k].full;
			const char *got = pick_row(want[k].alg, want[k].len)->name;

			check(!strcmp(got, w), "dispatch", "zmm_split",
			      "%s %zu B %s the hint: %s, want %s",
			      sc_alg_names[want[k].alg], want[k].len,
			      split ? "with" : "without", got, w);
		}
	}
	sc_test_cpu_override_on = false;
	sc_dispatch_init(false);
}
#endif

static void test_dispatch(void)
{
	static const size_t lens[] = {
		0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 192, 193, 255, 256,
		257, 288, 511, 512, 513, 1024, 1025, 2048, 3072, 3073, 4095, 4096,
		4097,
		16384, 1 << 20,
	};
	static const char *const algname[] = { "chacha", "poly1305", "keccak", "aead", "keccakx" };
	u32 real = sc_cpu_features(), combo;
	unsigned int alg, i, l;
	char desc[1024];	/* 18 classes, each a row and a margin */

	test_size_classes();
	test_calib_choice();
#ifdef __x86_64__
	test_zmm_split_hint();
#endif
	check(sc_impl_row(SC_ALG_COUNT, 0) == NULL &&
	      sc_impl_find(SC_ALG_COUNT, "generic") == -EINVAL &&
	      sc_forced_impl(SC_ALG_COUNT) == -EINVAL &&
	      sc_force_impl(SC_ALG_COUNT, "generic") == -EINVAL &&
	      sc_impl_find((enum sc_alg)-1, "generic") == -EINVAL &&
	      sc_forced_impl((enum sc_alg)-1) == -EINVAL,
	      "dispatch", "range", "alg out of range refused");

	/* the static table: the documented rule, exactly */
	sc_dispatch_init(false);
	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		const char *an = algname[alg];

		check(sc_nimpls[alg] >= 1 && !strcmp(row_name(alg, 0), "generic") &&
		      sc_impl_row(alg, sc_nimpls[alg]) == NULL,
		      "dispatch", an, "row 0 is generic, the table ends");
		for (i = 0; i < sc_nimpls[alg]; i++)
			check(sc_impl_find(alg, row_name(alg, i)) == (int)i,
			      "dispatch", an, "sc_impl_find(%s)", row_name(alg, i));
		check(sc_force_impl(alg, "no-such-row") == -EINVAL, "dispatch", an,
		      "unknown row must be -EINVAL");
		check(sc_forced_impl(alg) == -1, "dispatch", an, "nothing forced");
		check(!sc_dispatch_calibrated(alg), "dispatch", an,
		      "calibrate=false builds the static plan");

		for (l = 0; l < ARRAY_SIZE(lens); l++) {
			const struct sc_impl *got = pick_row(alg, lens[l]);
			const struct sc_impl *got_ns = pick_row_nosimd(alg, lens[l]);
			unsigned int want = expected_pick(alg, real, lens[l], true);
			unsigned int want_ns = expected_pick(alg, real, lens[l], false);

			check(got == sc_impl_row(alg, want) && sc_impl_supported(got),
			      "dispatch", an, "len %zu picks %s, want %s", lens[l],
			      got->name, row_name(alg, want));
			check(got_ns == sc_impl_row(alg, want_ns) && !got_ns->simd,
			      "dispatch", an, "no-SIMD len %zu picks %s, want %s",
			      lens[l], got_ns->name, row_name(alg, want_ns));
		}

		/*
		 * Forcing each row: the very next pick uses it, at every
		 * length; a no-SIMD pick keeps it unless it needs SIMD;
		 * unsupported rows are refused.
		 */
		for (i = 0; i < sc_nimpls[alg]; i++) {
			const struct sc_impl *row = sc_impl_row(alg, i);
			int err = sc_force_impl(alg, row->name);

			if (!sc_impl_supported(row)) {
				check(err == -ENODEV, "dispatch", an,
				      "forcing unsupported %s must be -ENODEV (%d)",
				      row->name, err);
				continue;
			}
			check(!err && sc_forced_impl(alg) == (int)i, "dispatch", an,
			      "force %s", row->name);
			for (l = 0; l < ARRAY_SIZE(lens); l++) {
				const struct sc_impl *ns = pick_row_nosimd(alg, lens[l]);

				check(pick_row(alg, lens[l]) == row, "dispatch", an,
				      "forced %s, len %zu picks %s", row->name,
				      lens[l], pick_row(alg, lens[l])->name);
				check(row->simd ? ns == sc_impl_row(alg,
						expected_pick(alg, real, lens[l], false)) :
				      ns == row, "dispatch", an,
				      "forced %s, no-SIMD len %zu picks %s", row->name,
				      lens[l], ns->name);
			}
		}
		/* init measures without a forced row, and forces it again */
		check(!sc_force_impl(alg, "generic"), "dispatch", an,
		      "force generic before init");
		sc_dispatch_init(false);
		check(sc_forced_impl(alg) == sc_impl_find(alg, "generic"),
		      "dispatch", an, "a row forced before init is forced after it");
		check(!sc_force_impl(alg, "fastest") && sc_forced_impl(alg) == -1,
		      "dispatch", an, "fastest returns to the plan");
		check(pick_row(alg, 1 << 20) ==
		      sc_impl_row(alg, expected_pick(alg, real, 1 << 20, true)),
		      "dispatch", an, "after fastest, the next pick is the plan's");

		/*
		 * every feature set, SC_CPU_SSSE3 .. SC_CPU_ZMM_SPLIT (only
		 * the choice is checked, nothing runs)
		 */
		for (combo = 0; combo < (SC_CPU_ZMM_SPLIT << 1); combo++) {
			bool ok = true;

			sc_test_cpu_override = combo;
			sc_test_cpu_override_on = true;
			sc_dispatch_init(false);
			for (l = 0; l < ARRAY_SIZE(lens); l++)
				if (pick_row(alg, lens[l]) !=
				    sc_impl_row(alg, expected_pick(alg, combo, lens[l], true)) ||
				    pick_row_nosimd(alg, lens[l]) !=
				    sc_impl_row(alg, expected_pick(alg, combo, lens[l], false)))
					ok = false;
			if (sc_alg_has_native_row(alg) != expected_native(alg, combo))
				ok = false;
			sc_test_cpu_override_on = false;
			if (!ok || g_verbose) {
				sc_cpu_describe(combo, desc, sizeof(desc));
				check(ok, "dispatch", an, "cpu {%s}", desc);
			} else {
				check(ok, "dispatch", an, "cpu %#x", combo);
			}
		}
		sc_dispatch_init(false);
	}

	/* measured on this CPU: any candidate row may win, nothing else */
	sc_dispatch_init(true);
	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		const char *an = algname[alg];
		bool ok = true;

		sc_dispatch_describe(alg, desc, sizeof(desc));
		/* a slow or busy machine may spend the time budget first */
		check(sc_dispatch_calibrated(alg) ||
		      (alg && strstr(desc, "time for measuring was spent")),
		      "dispatch", an, "calibrated: %s", desc);
		for (l = 0; l < ARRAY_SIZE(lens); l++) {
			int got = sc_impl_find(alg, pick_row(alg, lens[l])->name);
			int got_ns = sc_impl_find(alg, pick_row_nosimd(alg, lens[l])->name);

			if (got < 0 || !candidate(alg, got, real, true) ||
			    got_ns < 0 || !candidate(alg, got_ns, real, false))
				ok = check(false, "dispatch", an,
					   "calibrated len %zu picks %s / no-SIMD %s",
					   lens[l], pick_row(alg, lens[l])->name,
					   pick_row_nosimd(alg, lens[l])->name);
		}
		check(ok, "dispatch", an, "calibrated picks are candidates");
		check(strstr(desc, "measured in") || !sc_dispatch_calibrated(alg),
		      "dispatch", an, "describe: %s", desc);
		printf("dispatch %s\n", desc);
		describe_short(alg, an);
	}
	test_calib_busy_core();
	sc_dispatch_init(g_calibrate);
}

/* ------------------------------------------------------------------ */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *xalloc(size_t n)
{
	void *p = malloc(n);

	if (!p)
		die("malloc");
	return p;
}

/* dispatch and known answers first: a broken row fails there plainly */
static void test_known_answers(void)
{
	test_dispatch();
	test_kat_chacha();
	test_kat_poly1305();
	test_kat_sha3();
}

/* the test phases, in order (--verbose times each) */
static const struct {
	const char *name;
	void (*run)(void);
} g_phases[] = {
	{ "known answers", test_known_answers },
	{ "chacha20", test_chacha20 },
	{ "xchacha", test_xchacha },
	{ "poly1305", test_poly1305 },
	{ "keccak", test_keccak },
	{ "aead", test_aead },
};

int main(int argc, char **argv)
{
	const char *algname[] = { "chacha", "poly1305", "keccak", "aead", "keccakx" };
	u64 seed = 0x5c0ffee5eedull;
	double t0 = now(), t;
	unsigned int alg, i;
	char desc[160];
	const char *env;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			g_quick = true;
		else if (!strcmp(argv[i], "--verbose"))
			g_verbose = true;
		else if (!strcmp(argv[i], "--seed") && i + 1 < (unsigned int)argc)
			seed = strtoull(argv[++i], NULL, 0);
		else {
			fprintf(stderr, "usage: %s [--quick] [--verbose] [--seed N]\n",
				argv[0]);
			return 2;
		}
	}
	env = getenv("SC_TEST_QUICK");
	if (env && *env && strcmp(env, "0"))
		g_quick = true;
	env = getenv("SC_TEST_SEED");
	if (env && *env)
		seed = strtoull(env, NULL, 0);
	g_rng = seed;

	if (sodium_init() < 0)
		die("sodium_init");
	g_cctx = EVP_CIPHER_CTX_new();
	g_mdctx = EVP_MD_CTX_new();
	g_mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
	g_macctx = g_mac ? EVP_MAC_CTX_new(g_mac) : NULL;
	if (!g_cctx || !g_mdctx || !g_macctx)
		die("OpenSSL setup");
	g_arena_src = xalloc(MAXLEN + 4 * GUARD + 64);
	g_arena_dst = xalloc(MAXLEN + 4 * GUARD + 64);
	g_ref = xalloc(MAXLEN + 64);
	g_tmp = xalloc(MAXLEN + 64);
	g_in = xalloc(MAXLEN + 64);
	g_arena_small = xalloc(4096);
	fence_init();

	env = getenv("SC_CALIBRATE");
	g_calibrate = !(env && !strcmp(env, "0"));
	sc_dispatch_init(g_calibrate);

	sc_cpu_describe(sc_cpu_detect_raw(), desc, sizeof(desc));
	printf("simdcrypt harness%s%s: seed %#llx, cpu {%s}", g_quick ? " (quick)" : "",
#ifdef SC_TEST_MUTANT
	       " MUTANT",
#else
	       "",
#endif
	       (unsigned long long)seed, desc);
	env = getenv("SC_CPU_MASK");
	sc_cpu_describe(sc_cpu_features(), desc, sizeof(desc));
	printf(", SC_CPU_MASK=%s -> {%s}\n", env ? env : "(unset)", desc);

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		printf("%-9s rows:", algname[alg]);
		for (i = 0; i < sc_nimpls[alg]; i++) {
			bool sup = sc_impl_supported(sc_impl_row(alg, i));

			printf(" %s%s", row_name(alg, i), sup ? "" : "(unsupported: skipped)");
			if (sup)
				g_rows[alg][g_nrows[alg]++] = i;
		}
		printf("\n");
	}
	/* the module's registration rule (impl.c), for this feature set */
	printf("would register:");
	for (alg = 0; alg < SC_ALG_COUNT; alg++)
		if (alg != SC_ALG_KECCAK_XN && sc_alg_has_native_row(alg))
			printf(" %s", algname[alg]);
	printf(" (the rest: generic C only, left to the kernel's drivers)\n");

	for (i = 0; i < ARRAY_SIZE(g_phases); i++) {
		t = now();
		g_phases[i].run();
		if (g_verbose)
			printf("%s: %.2fs\n", g_phases[i].name, now() - t);
	}
	abi_report();

	printf("\n%-14s %-14s %9s %7s\n", "algorithm", "row", "passed", "failed");
	for (i = 0; i < g_ntally; i++)
		printf("%-14s %-14s %9lu %7lu\n", g_tally[i].alg, g_tally[i].row,
		       g_tally[i].pass, g_tally[i].fail);
	printf("time %.1fs\n", now() - t0);

	EVP_CIPHER_CTX_free(g_cctx);
	EVP_MD_CTX_free(g_mdctx);
	EVP_MAC_CTX_free(g_macctx);
	EVP_MAC_free(g_mac);
	free(g_arena_src);
	free(g_arena_dst);
	free(g_ref);
	free(g_tmp);
	free(g_in);
	free(g_arena_small);
	fence_free();

	printf("%lu passed, %lu failed\n", g_pass, g_fail);
	return g_fail ? 1 : 0;
}
