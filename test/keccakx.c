// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace tests of the Keccak xN rows, the multi-stream SHAKE API
 * (shake_xn.c over generic/keccakx.c) and ML-DSA ExpandA (mldsa.c), built
 * from the module's own sources against test/shim.
 *
 *   keccakx [--quick] [--seed N]
 *
 * - rows: every supported row permutes the states it owns exactly as the
 *   portable C does, at every start position, and leaves the others alone;
 * - API: every row forced, N = 1..8 streams, input lengths 0..600 in random
 *   pieces, 1..5 output blocks in random steps, streams stopped at random:
 *   each stream equals OpenSSL's SHAKE128/256 of its input, stopped streams'
 *   buffers are not written; rows switched between steps; the no-SIMD path;
 * - single-stream SHAKE (shake.c): SHAKE128/256 in pieces against OpenSSL;
 *   a wiped or never started context reads and writes nothing;
 * - ExpandA: ML-DSA-44/65/87 against a single-stream ExpandA written here
 *   over OpenSSL's SHAKE128, and against known answers from Python's
 *   hashlib (test/mldsa_kat.py).
 *
 * Ends with "N passed, N failed"; exit status 1 on any failure.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>

#include <linux/types.h>
#include <linux/errno.h>
#include "simdcrypt.h"
#include "generic/keccakx.h"
#include "include/simdcrypt/shake.h"
#include "include/simdcrypt/mldsa.h"
#include "cpu_user.h"
#include "mldsa_kat.h"
#include "residue.h"
#include "fence.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define MAXIN		600
#define MAXBLOCKS	5
#define OUTMAX		(MAXBLOCKS * SHAKE128_RATE)
#define GUARD		0xa5

static unsigned long g_pass, g_fail;
static bool g_quick;

static bool __attribute__((format(printf, 2, 3)))
check(bool ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		g_pass++;
		return true;
	}
	if (g_fail++ < 30) {
		printf("FAIL ");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	return false;
}

static u64 g_rng;

static u64 rnd64(void)
{
	u64 z = (g_rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static unsigned int rnd_below(unsigned int n)
{
	return n ? (unsigned int)(rnd64() % n) : 0;
}

static void rnd_fill(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)rnd64();
}

static void ossl_shake(bool s256, const u8 *in, size_t len, u8 *out,
		       size_t outlen)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();

	if (!c || !EVP_DigestInit_ex(c, s256 ? EVP_shake256() : EVP_shake128(), NULL) ||
	    !EVP_DigestUpdate(c, in, len) || !EVP_DigestFinalXOF(c, out, outlen)) {
		fprintf(stderr, "keccakx: OpenSSL SHAKE failed\n");
		exit(2);
	}
	EVP_MD_CTX_free(c);
}

/* ---- rows ---- */

/*
 * Every direct row call goes through sc_abi_call() on x86_64 and arm64, as
 * in the harness (abi_x86_64.S, arm64_abi.S): canaries in the
 * callee-saved registers (and the direction flag; x18 on arm64), checked
 * after the call, and the stack below it read back for the states' and
 * outputs' words (test/residue.c); one case each per row after the row
 * tests.
 * The xN rows' assembler saves and restores rbx and r12-r15 itself.
 */
static unsigned long g_abi_calls[32];
static unsigned int g_abi_bad[32];
static unsigned long g_residue_scans[32];
static unsigned int g_residue_bad[32];

#if defined(__x86_64__) || defined(__aarch64__)
static int row_index(const struct sc_keccakx_impl *im)
{
	int i = sc_impl_find(SC_ALG_KECCAK_XN, im->base.name);

	return i < 32 ? i : -1;
}

static void abi_note(const struct sc_keccakx_impl *im, u64 bad)
{
	int i = row_index(im);

#if defined(__aarch64__)
	/* arm64_abi.S returns the kept registers XORed with their patterns */
	bad = bad != 0;
#endif
	if (i >= 0) {
		g_abi_calls[i]++;
		g_abi_bad[i] |= (unsigned int)bad;
	}
}

/*
 * The lanes of the @im->width states at @st, before a call and after
 * each round of its @nperm permutations (test/residue.c): secret.
 */
static void residue_states(const struct sc_keccakx_impl *im, const u64 *st,
			   unsigned int nperm)
{
	u64 a[KECCAK_STATE_LANES];
	unsigned int i, j, p;

	for (j = 0; j < im->width; j++) {
		for (i = 0; i < KECCAK_STATE_LANES; i++)
			a[i] = st[i * SC_KECCAKX_MAX + j];
		for (p = 0; p < nperm; p++)
			residue_keccak(a, 1, a);
		if (!nperm)
			residue_secret(a, sizeof(a));
	}
}

/* The squeezed or extracted bytes are the states' lanes: secret too. */
static void residue_out(const struct sc_keccakx_impl *im, u8 *const *out,
			size_t len)
{
	unsigned int j;

	for (j = 0; j < im->width; j++)
		if (out[j])
			residue_secret(out[j], len);
}

static void residue_note(const struct sc_keccakx_impl *im)
{
	unsigned int found = residue_found();
	int i = row_index(im);

	if (i < 0 || !strcmp(im->base.name, "generic"))
		return;		/* C: its spills are the compiler's */
	g_residue_scans[i]++;
	g_residue_bad[i] += found >= 2;
}

#define ROW_CALL(im, fn, a0, a1, a2, a3)				\
	abi_note(im, sc_abi_call((const void *)(fn), (u64)(uintptr_t)(a0), \
				 (u64)(uintptr_t)(a1), (u64)(a2), (u64)(a3), 0, 0))
#endif

static void row_permute(const struct sc_keccakx_impl *im, u64 *st)
{
#ifdef ROW_CALL
	residue_states(im, st, 1);
	ROW_CALL(im, im->permute, st, 0, 0, 0);
	residue_note(im);
#else
	im->permute(st);
#endif
}

static void row_squeeze(const struct sc_keccakx_impl *im, u64 *st,
			u8 *const *out, unsigned int nblocks, unsigned int nlanes)
{
#ifdef ROW_CALL
	residue_states(im, st, nblocks);
	ROW_CALL(im, im->squeeze, st, out, nblocks, nlanes);
	residue_out(im, out, (size_t)nblocks * nlanes * 8);
	residue_note(im);
#else
	im->squeeze(st, out, nblocks, nlanes);
#endif
}

static void row_extract(const struct sc_keccakx_impl *im, const u64 *st,
			u8 *const *out, unsigned int nlanes)
{
#ifdef ROW_CALL
	residue_states(im, st, 0);
	ROW_CALL(im, im->extract, st, out, nlanes, 0);
	residue_out(im, out, (size_t)nlanes * 8);
	residue_note(im);
#else
	im->extract(st, out, nlanes);
#endif
}

static void abi_report(void)
{
	unsigned int i;

	for (i = 0; i < sc_nimpls[SC_ALG_KECCAK_XN] && i < 32; i++) {
		if (g_abi_calls[i])
			check(!g_abi_bad[i],
			      "row %s: callee-saved state broken (mask %#x: "
#if defined(__aarch64__)
			      "x18-x29, sp or d8-d15"
#else
			      "rbx rbp r12 r13 r14 r15 DF"
#endif
			      ") over %lu calls",
			      sc_impl_row(SC_ALG_KECCAK_XN, i)->name, g_abi_bad[i],
			      g_abi_calls[i]);
		if (g_residue_scans[i])
			check(!g_residue_bad[i],
			      "row %s: %u of %lu calls left state or output words on the stack",
			      sc_impl_row(SC_ALG_KECCAK_XN, i)->name,
			      g_residue_bad[i], g_residue_scans[i]);
	}
#ifdef ROW_CALL
	i = residue_selftest();
	check(i == 16, "the leftover scan found %u of 16 words left on the stack", i);
#endif
}

/*
 * A row's own extract (rows that have one): the first @nlanes lanes of
 * each state of the group at g.. as little-endian bytes, nothing past them
 * written, the states untouched.
 */
static void test_row_extract(const struct sc_keccakx_impl *im, unsigned int g)
{
	static u64 st[SC_KECCAKX_LANES] __aligned(64), ref[SC_KECCAKX_LANES];
	static u8 got[SC_KECCAKX_MAX][8 * KECCAK_STATE_LANES + 64];
	static u8 want[SC_KECCAKX_MAX][8 * KECCAK_STATE_LANES + 64];
	unsigned int t, j, i, nlanes;
	u8 *o[SC_KECCAKX_MAX];

	for (t = 0; t < 8; t++) {
		nlanes = 1 + rnd_below(21);
		for (i = 0; i < SC_KECCAKX_LANES; i++)
			st[i] = ref[i] = rnd64();
		memset(got, 0xa5, sizeof(got));
		memset(want, 0xa5, sizeof(want));
		for (j = 0; j < im->width; j++) {
			o[j] = got[j];
			for (i = 0; i < 8 * nlanes; i++)
				want[j][i] = (u8)(ref[SC_KECCAKX_MAX * (i / 8) + g + j] >>
						  (8 * (i % 8)));
		}
		row_extract(im, st + g, o, nlanes);
		check(!memcmp(st, ref, sizeof(st)) && !memcmp(got, want, sizeof(got)),
		      "row %s: extract of %u lanes at states %u..",
		      im->base.name, nlanes, g);
	}
}

/*
 * A row's own squeeze (rows that have one): @nblocks permutations of the
 * group at states g.., each followed by the first @nlanes lanes of every
 * state to out[j] (NULL: stream j not written), against the generic
 * permutation and the lanes' little-endian bytes; bytes past each output
 * must stay as they were.
 */
static void test_row_squeeze(const struct sc_keccakx_impl *im, unsigned int g)
{
	static u64 st[SC_KECCAKX_LANES] __aligned(64), ref[SC_KECCAKX_LANES];
	static u8 got[SC_KECCAKX_MAX][4 * KECCAK_MAX_RATE + 64];
	static u8 want[SC_KECCAKX_MAX][4 * KECCAK_MAX_RATE + 64];
	unsigned int t, j, b, i, k, nb, nlanes;
	u8 *o[SC_KECCAKX_MAX];

	for (t = 0; t < 32; t++) {
		nb = 1 + rnd_below(4);
		nlanes = 17 + rnd_below(5);
		for (i = 0; i < SC_KECCAKX_LANES; i++)
			st[i] = ref[i] = rnd64();
		memset(got, 0xa5, sizeof(got));
		memset(want, 0xa5, sizeof(want));
		for (j = 0; j < im->width; j++)
			o[j] = rnd_below(4) ? got[j] : NULL;
		for (b = 0; b < nb; b++)
			for (j = 0; j < im->width; j++) {
				sc_keccakx_impl_generic.permute(ref + g + j);
				for (i = 0; o[j] && i < 8 * nlanes; i++) {
					k = SC_KECCAKX_MAX * (i / 8) + g + j;
					want[j][8 * nlanes * b + i] =
						(u8)(ref[k] >> (8 * (i % 8)));
				}
			}
		row_squeeze(im, st + g, o, nb, nlanes);
		check(!memcmp(st, ref, sizeof(st)) && !memcmp(got, want, sizeof(got)),
		      "row %s: squeeze of %u blocks of %u lanes at states %u..",
		      im->base.name, nb, nlanes, g);
	}
}

static void test_rows(void)
{
	static u64 st[SC_KECCAKX_LANES] __aligned(64), ref[SC_KECCAKX_LANES];
	unsigned int r, j, g, i;

	for (r = 0; r < sc_nimpls[SC_ALG_KECCAK_XN]; r++) {
		const struct sc_keccakx_impl *im = sc_keccakx_impls[r];

		if (!sc_impl_supported(&im->base))
			continue;
		check(im->width == 1 || im->width == 2 || im->width == 4 ||
		      im->width == 8, "row %s: width %u", im->base.name, im->width);
		for (g = 0; g + im->width <= SC_KECCAKX_MAX; g++) {
			for (i = 0; i < SC_KECCAKX_LANES; i++)
				st[i] = ref[i] = rnd64();
			for (j = 0; j < im->width; j++)
				sc_keccakx_impl_generic.permute(ref + g + j);
			row_permute(im, st + g);
			check(!memcmp(st, ref, sizeof(st)),
			      "row %s: states %u..%u (others untouched)",
			      im->base.name, g, g + im->width - 1);
			if (im->squeeze)
				test_row_squeeze(im, g);
			if (im->extract)
				test_row_extract(im, g);
		}
	}
}

/* ---- the API ---- */

static u8 g_in[SC_KECCAKX_MAX][MAXIN];
static u8 g_out[SC_KECCAKX_MAX][OUTMAX + 64];
static u8 g_ref[OUTMAX];

/* Forced row index, or -1 for "fastest"; @mix switches rows between steps. */
static void force_row(int row)
{
	int err = sc_force_impl(SC_ALG_KECCAK_XN,
				row < 0 ? "fastest" : sc_impl_row(SC_ALG_KECCAK_XN, row)->name);

	if (err) {
		fprintf(stderr, "keccakx: cannot force row %d (%d)\n", row, err);
		exit(2);
	}
}

static int rnd_supported_row(void)
{
	for (;;) {
		unsigned int r = rnd_below(sc_nimpls[SC_ALG_KECCAK_XN] + 1);

		if (r == sc_nimpls[SC_ALG_KECCAK_XN])
			return -1;
		if (sc_impl_supported(sc_impl_row(SC_ALG_KECCAK_XN, r)))
			return (int)r;
	}
}

/*
 * One request: @n streams of @len bytes, absorbed in random pieces, up to
 * five blocks squeezed in random steps, streams stopped at random after
 * some step (when @stop).  @mix: a random row for every step.
 */
static void api_case(const char *what, bool s256, unsigned int n, size_t len,
		     unsigned int nblocks, bool stop, bool mix)
{
	unsigned int rate = s256 ? SHAKE256_RATE : SHAKE128_RATE;
	unsigned int got[SC_KECCAKX_MAX] = { 0 }, j, b, step;
	const u8 *in[SC_KECCAKX_MAX];
	u8 *out[SC_KECCAKX_MAX];
	struct sc_shake_xn_ctx ctx;
	size_t off = 0, piece;

	for (j = 0; j < n; j++) {
		rnd_fill(g_in[j], len);
		memset(g_out[j], GUARD, sizeof(g_out[j]));
	}
	if (s256)
		sc_shake256_xn_init(&ctx, n);
	else
		sc_shake128_xn_init(&ctx, n);
	while (off < len || !rnd_below(4)) {
		piece = rnd_below(4) ? len - off : rnd_below((unsigned int)(len - off + 1));
		for (j = 0; j < n; j++)
			in[j] = g_in[j] + off;
		if (mix)
			force_row(rnd_supported_row());
		sc_shake_xn_absorb(&ctx, in, piece);
		off += piece;
		if (off == len && rnd_below(2))
			break;
	}
	for (j = 0; j < n; j++)
		out[j] = g_out[j];
	for (b = 0; b < nblocks; b += step) {
		step = 1 + rnd_below(nblocks - b);
		if (mix)
			force_row(rnd_supported_row());
		sc_shake_xn_squeeze_blocks(&ctx, out, step);
		for (j = 0; j < n; j++) {
			if (!out[j])
				continue;
			got[j] += step;
			out[j] += step * rate;
			if (stop && !rnd_below(3))
				out[j] = NULL;
		}
	}
	sc_shake_xn_zeroize(&ctx);
	for (j = 0; j < n; j++) {
		size_t olen = (size_t)got[j] * rate, i;
		bool guard = true;

		ossl_shake(s256, g_in[j], len, g_ref, olen);
		for (i = olen; i < sizeof(g_out[j]); i++)
			guard &= g_out[j][i] == GUARD;
		check(!memcmp(g_out[j], g_ref, olen) && guard,
		      "%s: shake%s x%u, len %zu, stream %u, %u blocks%s%s", what,
		      s256 ? "256" : "128", n, len, j, got[j],
		      memcmp(g_out[j], g_ref, olen) ? " (output differs)" : "",
		      guard ? "" : " (wrote past its blocks)");
	}
}

static void test_api(void)
{
	unsigned int r, n, lstep = g_quick ? 7 : 1;
	size_t len;
	char what[64];

	/* every row forced; row -1 is "fastest" (length-based choice) */
	for (r = 0; r <= sc_nimpls[SC_ALG_KECCAK_XN]; r++) {
		int row = r == sc_nimpls[SC_ALG_KECCAK_XN] ? -1 : (int)r;

		if (row >= 0 && !sc_impl_supported(sc_impl_row(SC_ALG_KECCAK_XN, row)))
			continue;
		snprintf(what, sizeof(what), "row %s",
			 row < 0 ? "fastest" : sc_impl_row(SC_ALG_KECCAK_XN, row)->name);
		force_row(row);
		for (n = 1; n <= SC_KECCAKX_MAX; n++)
			for (len = (n - 1) % lstep; len <= MAXIN; len += lstep)
				api_case(what, len & 1, n, len, 1 + len % MAXBLOCKS,
					 len % 3 == 0, false);
	}
	force_row(-1);

	/* rows switched between steps */
	for (n = 1; n <= SC_KECCAKX_MAX; n++)
		for (len = 0; len <= MAXIN; len += g_quick ? 97 : 13)
			api_case("mixed rows", len & 2, n, len, MAXBLOCKS, true, true);
	force_row(-1);

	/* where SIMD may not be used: the no-SIMD choice, the same answers */
	sc_test_simd_off = true;
	for (n = 1; n <= SC_KECCAKX_MAX; n++)
		for (len = 0; len <= MAXIN; len += g_quick ? 61 : 7)
			api_case("no-SIMD", len & 1, n, len, 1 + len % MAXBLOCKS,
				 len % 3 == 0, false);
	sc_test_simd_off = false;

	/*
	 * n outside 1..8, or a context never started (zeroed, or wiped):
	 * the calls read no input (NULL here) and write no output.
	 */
	{
		static const unsigned int bad[] = { 0, SC_KECCAKX_MAX + 1, 100 };
		const u8 *none[SC_KECCAKX_MAX + 1] = { NULL };
		static u8 outb[2][SHAKE128_RATE], zero[sizeof(outb)];
		u8 *out[SC_KECCAKX_MAX + 1] = { outb[0], outb[1] };
		struct sc_shake_xn_ctx ctx;
		unsigned int i;

		for (i = 0; i <= ARRAY_SIZE(bad); i++) {
			if (i < ARRAY_SIZE(bad))
				sc_shake128_xn_init(&ctx, bad[i]);
			else
				sc_shake_xn_zeroize(&ctx);
			memset(outb, 0, sizeof(outb));
			sc_shake_xn_absorb(&ctx, none, 40);
			sc_shake_xn_squeeze_blocks(&ctx, out, 1);
			check(!memcmp(outb, zero, sizeof(outb)),
			      "%s: nothing written",
			      i < ARRAY_SIZE(bad) ? "n outside 1..8" :
						     "a wiped context");
		}
	}

	/*
	 * Input after the first squeeze is refused: the streams go on as
	 * if it had not come.  Then the wipe leaves no byte of the state.
	 */
	{
		static const struct sc_shake_xn_ctx zero;
		const u8 *in[2] = { g_in[0], g_in[1] };
		u8 *out[2] = { g_out[0], g_out[1] };
		struct sc_shake_xn_ctx ctx;
		unsigned int j;

		rnd_fill(g_in[0], 40);
		rnd_fill(g_in[1], 40);
		sc_shake128_xn_init(&ctx, 2);
		sc_shake_xn_absorb(&ctx, in, 34);
		sc_shake_xn_squeeze_blocks(&ctx, out, 1);
		in[0] += 34;
		in[1] += 34;
		sc_shake_xn_absorb(&ctx, in, 6);
		out[0] += SHAKE128_RATE;
		out[1] += SHAKE128_RATE;
		sc_shake_xn_squeeze_blocks(&ctx, out, 1);
		for (j = 0; j < 2; j++) {
			ossl_shake(false, g_in[j], 34, g_ref, 2 * SHAKE128_RATE);
			check(!memcmp(g_out[j], g_ref, 2 * SHAKE128_RATE),
			      "xN: input after a squeeze changed stream %u", j);
		}
		sc_shake_xn_zeroize(&ctx);
		check(!memcmp(&ctx, &zero, sizeof(ctx)),
		      "xN: a used context not wiped by sc_shake_xn_zeroize()");
	}
}

/* ---- single-stream SHAKE ---- */

static void test_shake(void)
{
	static u8 in[MAXIN], want[OUTMAX], got[OUTMAX + 1];
	static const u8 zero[OUTMAX + 1];
	struct sc_shake_ctx ctx;
	unsigned int i;

	for (i = 0; i < (g_quick ? 100u : 600u); i++) {
		bool s256 = i & 1;
		size_t len = i % MAXIN, cut = len / 3, out = 1 + i % OUTMAX;

		rnd_fill(in, len);
		ossl_shake(s256, in, len, want, out);
		if (s256)
			sc_shake256_init(&ctx);
		else
			sc_shake128_init(&ctx);
		sc_shake_absorb(&ctx, in, cut);
		sc_shake_absorb(&ctx, in + cut, len - cut);
		sc_shake_squeeze(&ctx, got, out / 2);
		sc_shake_squeeze(&ctx, got + out / 2, out - out / 2);
		sc_shake_zeroize(&ctx);
		check(!memcmp(got, want, out), "SHAKE%d len %zu out %zu",
		      s256 ? 256 : 128, len, out);
	}

	/*
	 * Input after the first squeeze is refused: the output goes on as
	 * if it had not come.  The partial block is not kept once padded.
	 */
	rnd_fill(in, 100);
	ossl_shake(false, in, 50, want, 400);
	sc_shake128_init(&ctx);
	sc_shake_absorb(&ctx, in, 50);
	sc_shake_finalize(&ctx);
	check(!memcmp(ctx.sp.buf, zero, sizeof(ctx.sp.buf)),
	      "SHAKE: the input's last block kept after finalize");
	sc_shake_squeeze(&ctx, got, 200);
	sc_shake_absorb(&ctx, in + 50, 50);
	sc_shake_squeeze(&ctx, got + 200, 200);
	sc_shake_zeroize(&ctx);
	check(!memcmp(got, want, 400), "SHAKE: input after a squeeze changed the output");

	/*
	 * Wiped, or zeroed and never started: rate 0.  The input is not read
	 * (NULL), nothing is written; without the checks absorb divided by
	 * the rate and finalize wrote 4 GiB past the context.
	 */
	for (i = 0; i < 2; i++) {
		if (i)
			memset(&ctx, 0, sizeof(ctx));
		else
			sc_shake_zeroize(&ctx);
		memset(got, 0, sizeof(got));
		sc_shake_absorb(&ctx, NULL, 40);
		sc_shake_finalize(&ctx);
		sc_shake_squeeze(&ctx, got, sizeof(got));
		check(!memcmp(got, zero, sizeof(got)) &&
		      !memcmp(&ctx, zero, sizeof(ctx)),
		      "SHAKE, %s context: something read or written",
		      i ? "a zeroed" : "a wiped");
	}
	sc_shake128(in, 33, want, 200);
	ossl_shake(false, in, 33, got, 200);
	check(!memcmp(got, want, 200), "sc_shake128() one-shot");
	sc_shake256(in, 33, want, 200);
	ossl_shake(true, in, 33, got, 200);
	check(!memcmp(got, want, 200), "sc_shake256() one-shot");
}

/* ---- ExpandA ---- */

/* Single-stream ExpandA over OpenSSL, written independently of mldsa.c. */
static void ref_expand_a(u32 *a, const u8 *rho, unsigned int k, unsigned int l)
{
	static u8 buf[40 * SHAKE128_RATE];
	unsigned int r, s, j, i;
	u8 seed[34];

	for (r = 0; r < k; r++) {
		for (s = 0; s < l; s++) {
			u32 *p = a + 256 * (r * l + s);

			memcpy(seed, rho, 32);
			seed[32] = (u8)s;
			seed[33] = (u8)r;
			ossl_shake(false, seed, sizeof(seed), buf, sizeof(buf));
			for (i = 0, j = 0; j < 256; i += 3) {
				u32 z = buf[i] | buf[i + 1] << 8 |
					(u32)(buf[i + 2] & 0x7f) << 16;

				if (z < SC_MLDSA_Q)
					p[j++] = z;
			}
		}
	}
}

/*
 * A candidate for the sampler: below q, at or above q, or at the edge;
 * @heavy: nearly all rejected.
 */
static void rej_candidate(u8 *p, bool heavy)
{
	u32 z;

	switch (heavy ? (rnd_below(30) ? 1 : 2) : rnd_below(5)) {
	case 0:
		z = SC_MLDSA_Q - 1;
		break;
	case 1:
		z = SC_MLDSA_Q + rnd_below((1u << 23) - SC_MLDSA_Q);
		break;
	default:
		z = rnd_below(SC_MLDSA_Q);
		break;
	}
	z |= (u32)rnd_below(2) << 23;	/* the bit the sampler clears */
	p[0] = (u8)z;
	p[1] = (u8)(z >> 8);
	p[2] = (u8)(z >> 16);
}

/*
 * SIMD sections hold at most 4 KiB of work (SC_SIMD_CHUNK), however long
 * the input or output: spy rows (the portable code inside, flagged SIMD,
 * forced in sc_forced_row[] as sc_force_impl() would) count their
 * permutations per section.  A single-stream section absorbs at most
 * 4096 bytes on top of a partial block (rate-byte blocks: 4096 / rate + 1
 * permutations); a multi-stream one at most 4096 bytes over all its
 * groups, plus one partial block per stream.
 */
static struct sc_section_tally g_spy_perms;

static void spy_keccak_permute(u64 *st)
{
	sc_section_add(&g_spy_perms, 1);
	sc_keccakf1600_generic(st);
}

static void spy_keccak_absorb(u64 *st, const u8 *in, size_t nblocks,
			      unsigned int rate)
{
	sc_section_add(&g_spy_perms, nblocks);
	sc_keccak_absorb_generic(st, in, nblocks, rate);
}

static void spy_keccakx_permute(u64 *st)
{
	sc_section_add(&g_spy_perms, 1);
	sc_keccakx_impl_generic.permute(st);
}

static const struct sc_keccak_impl spy_keccak = {
	.base = { .name = "spy", .simd = true },
	.permute = spy_keccak_permute,
	.absorb = spy_keccak_absorb,
};

static const struct sc_keccakx_impl spy_keccakx = {
	.base = { .name = "spy", .simd = true },
	.width = 1,
	.permute = spy_keccakx_permute,
};

static void test_section_sizes(void)
{
	static u8 in[20000], out[20000];
	const struct sc_impl *saved[2] = { sc_forced_row[SC_ALG_KECCAK],
					   sc_forced_row[SC_ALG_KECCAK_XN] };
	const u8 *ins[SC_KECCAKX_MAX];
	u8 *outs[SC_KECCAKX_MAX];
	struct sc_shake_xn_ctx xctx;
	struct sc_shake_ctx ctx;
	unsigned long most;
	unsigned int j;

	rnd_fill(in, sizeof(in));
	sc_forced_row[SC_ALG_KECCAK] = &spy_keccak.base;
	sc_forced_row[SC_ALG_KECCAK_XN] = &spy_keccakx.base;

	memset(&g_spy_perms, 0, sizeof(g_spy_perms));
	sc_shake128_init(&ctx);
	sc_shake_absorb(&ctx, in, 5);
	sc_shake_absorb(&ctx, in + 5, sizeof(in) - 5);
	most = g_spy_perms.most;
	memset(&g_spy_perms, 0, sizeof(g_spy_perms));
	sc_shake_squeeze(&ctx, out, sizeof(out));
	sc_shake_zeroize(&ctx);
	check(most && most <= SC_SIMD_CHUNK / SHAKE128_RATE + 1 && g_spy_perms.most &&
	      g_spy_perms.most <= SC_SIMD_CHUNK / SHAKE128_RATE + 1,
	      "SHAKE: %lu permutations in one SIMD section absorbing, %lu squeezing (at most %u)",
	      most, g_spy_perms.most, SC_SIMD_CHUNK / SHAKE128_RATE + 1);

	for (j = 0; j < SC_KECCAKX_MAX; j++) {
		ins[j] = in + j;
		outs[j] = out + 2 * SHAKE128_RATE * j;
	}
	memset(&g_spy_perms, 0, sizeof(g_spy_perms));
	sc_shake128_xn_init(&xctx, SC_KECCAKX_MAX);
	sc_shake_xn_absorb(&xctx, ins, 5);
	for (j = 0; j < SC_KECCAKX_MAX; j++)
		ins[j] += 5;
	sc_shake_xn_absorb(&xctx, ins, 10000);
	most = g_spy_perms.most;
	memset(&g_spy_perms, 0, sizeof(g_spy_perms));
	sc_shake_xn_squeeze_blocks(&xctx, outs, 2);
	for (j = 1; j < SC_KECCAKX_MAX; j++)
		outs[j] = NULL;		/* one stream left: 2 x 4 KiB of blocks */
	sc_shake_xn_squeeze_blocks(&xctx, outs, 8192 / SHAKE128_RATE);
	sc_shake_xn_zeroize(&xctx);
	check(most && most <= SC_SIMD_CHUNK / SHAKE128_RATE + SC_KECCAKX_MAX &&
	      g_spy_perms.most && g_spy_perms.most <= SC_SIMD_CHUNK / SHAKE128_RATE,
	      "xN: %lu permutations in one SIMD section absorbing, %lu squeezing (at most %u, %u)",
	      most, g_spy_perms.most, SC_SIMD_CHUNK / SHAKE128_RATE + SC_KECCAKX_MAX,
	      SC_SIMD_CHUNK / SHAKE128_RATE);

	sc_forced_row[SC_ALG_KECCAK] = saved[0];
	sc_forced_row[SC_ALG_KECCAK_XN] = saved[1];
}

/* RejNTTPoly's step, one candidate at a time: the coefficients kept */
static unsigned int rej_ref(u32 *ref, unsigned int j, const u8 *buf,
			    unsigned int len)
{
	unsigned int i;

	for (i = 0; i + 3 <= len && j < SC_MLDSA_N; i += 3) {
		u32 z = buf[i] | buf[i + 1] << 8 | (u32)(buf[i + 2] & 0x7f) << 16;

		if (z < SC_MLDSA_Q)
			ref[j++] = z;
	}
	return j;
}

/*
 * The bytes against a PROT_NONE page: neither the 48-byte groups' masked
 * loads nor the C loop's four-byte ones may read past @len (a read past
 * it faults).  Every length to 600 bytes, so that the last group ends
 * at the page as often as it does not.
 */
static void test_rej_ntt_fenced(void)
{
	u32 a[SC_MLDSA_N + 16], ref[SC_MLDSA_N];
	unsigned int i, len, j, r;
	u8 *p;

	for (len = 0; len <= 600; len += 3) {
		p = fence_place(len, false);
		fence_note("rej_ntt over %u bytes", len);
		for (i = 0; i < len; i += 3)
			rej_candidate(p + i, false);
		r = rej_ref(ref, 0, p, len);
		j = sc_mldsa_rej_ntt(a, 0, p, len);
		check(j == r && !memcmp(a, ref, sizeof(u32) * r),
		      "rej_ntt: fenced %u bytes: %u kept, expected %u", len, j, r);
	}
}

/*
 * sc_mldsa_rej_ntt() (the AVX-512 groups of 16 where the CPU has them,
 * the C loop otherwise and for the rest) against a plain loop: every
 * start count near the 16-word store limit and the end, buffer lengths
 * across several groups, 40% rejected candidates; and one call in four
 * over up to 9000 bytes, nearly all rejected, so that the sampler runs
 * past one SIMD section's 4080 bytes.
 */
static void test_rej_ntt(void)
{
	static u8 buf[9000];
	/* a 16-word store past the polynomial lands in the guard */
	u32 a[SC_MLDSA_N + 16], ref[SC_MLDSA_N];
	unsigned int iter, i, j0, len, j, r, size;
	bool heavy;

	for (iter = 0; iter < (g_quick ? 300u : 3000u); iter++) {
		heavy = !(iter % 4);
		size = heavy ? sizeof(buf) : 900;
		for (i = 0; i + 3 <= size; i += 3)
			rej_candidate(buf + i, heavy);
		j0 = rnd_below(4) ? rnd_below(SC_MLDSA_N + 1) :
				    SC_MLDSA_N - 20 + rnd_below(21);
		len = 3 * rnd_below(size / 3 + 1);
		for (i = 0; i < SC_MLDSA_N + 16; i++)
			a[i] = 0xdead0000 + i;
		memcpy(ref, a, sizeof(ref));
		r = rej_ref(ref, j0, buf, len);
		j = sc_mldsa_rej_ntt(a, j0, buf, len);
		check(j == r && !memcmp(a, ref, sizeof(u32) * r),
		      "rej_ntt: from %u over %u bytes: %u kept, expected %u", j0, len, j, r);
		for (i = SC_MLDSA_N; i < SC_MLDSA_N + 16; i++)
			if (a[i] != 0xdead0000 + i)
				break;
		check(i == SC_MLDSA_N + 16,
		      "rej_ntt: from %u over %u bytes: wrote past the polynomial", j0, len);
	}

	/*
	 * Exactly q, with the cleared bit set or not, is rejected wherever
	 * it lies: the SIMD groups, the four-byte loop, the last candidate
	 * (random candidates hit q about once in 8000 rejected ones).
	 */
	for (len = 3; len <= 300; len += 3) {
		for (i = 0; i < len; i += 3) {
			u32 z = SC_MLDSA_Q | (i / 3 % 2) << 23;

			buf[i] = (u8)z;
			buf[i + 1] = (u8)(z >> 8);
			buf[i + 2] = (u8)(z >> 16);
		}
		j = sc_mldsa_rej_ntt(a, 0, buf, len);
		check(!j, "rej_ntt: %u candidates of q: %u kept", len / 3, j);
	}
}

static void test_expand_a(void)
{
	static u32 a[65 * 256], ref[64 * 256];
	static const unsigned int kl[][2] = {
		{ 4, 4 }, { 6, 5 }, { 8, 7 }, { 1, 1 }, { 3, 2 }, { 8, 8 },
	};
	unsigned int i, t, r, w;
	u8 rho[32], dig[32], bytes[4];
	EVP_MD_CTX *c;

	for (i = 0; i < ARRAY_SIZE(sc_mldsa_kats); i++) {
		const struct sc_mldsa_kat *v = &sc_mldsa_kats[i];

		memset(a, 0xff, sizeof(a));
		check(!sc_mldsa_expand_a(a, v->rho, v->k, v->l), "%s KAT %u: error",
		      v->name, i);
		c = EVP_MD_CTX_new();
		EVP_DigestInit_ex(c, EVP_shake256(), NULL);
		for (w = 0; w < v->k * v->l * 256; w++) {
			bytes[0] = (u8)a[w];
			bytes[1] = (u8)(a[w] >> 8);
			bytes[2] = (u8)(a[w] >> 16);
			bytes[3] = (u8)(a[w] >> 24);
			EVP_DigestUpdate(c, bytes, 4);
		}
		EVP_DigestFinalXOF(c, dig, sizeof(dig));
		EVP_MD_CTX_free(c);
		check(a[0] == v->first && a[v->k * v->l * 256 - 1] == v->last &&
		      !memcmp(dig, v->digest, sizeof(dig)),
		      "%s KAT %u (Python hashlib): first %u/%u last %u/%u", v->name,
		      i, a[0], v->first, a[v->k * v->l * 256 - 1], v->last);
	}

	for (r = 0; r <= sc_nimpls[SC_ALG_KECCAK_XN]; r++) {
		int row = r == sc_nimpls[SC_ALG_KECCAK_XN] ? -1 : (int)r;

		if (row >= 0 && !sc_impl_supported(sc_impl_row(SC_ALG_KECCAK_XN, row)))
			continue;
		force_row(row);
		for (t = 0; t < (g_quick ? 2u : 8u); t++) {
			for (i = 0; i < ARRAY_SIZE(kl); i++) {
				unsigned int k = kl[i][0], l = kl[i][1];

				rnd_fill(rho, sizeof(rho));
				ref_expand_a(ref, rho, k, l);
				memset(a, 0xff, sizeof(a));
				check(!sc_mldsa_expand_a(a, rho, k, l) &&
				      !memcmp(a, ref, k * l * 256 * sizeof(u32)) &&
				      a[k * l * 256] == 0xffffffffu,
				      "ExpandA %ux%u, row %s: differs from single-stream",
				      k, l, row < 0 ? "fastest" :
				      sc_impl_row(SC_ALG_KECCAK_XN, row)->name);
			}
		}
	}
	force_row(-1);
	check(sc_mldsa_expand_a(a, rho, 0, 4) == -EINVAL &&
	      sc_mldsa_expand_a(a, rho, 4, 0) == -EINVAL &&
	      sc_mldsa_expand_a(a, rho, 9, 4) == -EINVAL &&
	      sc_mldsa_expand_a(a, rho, 4, 9) == -EINVAL, "ExpandA: bad k, l refused");
}

int main(int argc, char **argv)
{
	const char *env;
	char desc[160];
	unsigned int i;

	g_rng = 0x6b656363616b78ull;
	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			g_quick = true;
		else if (!strcmp(argv[i], "--seed") && i + 1 < (unsigned int)argc)
			g_rng = strtoull(argv[++i], NULL, 0);
		else {
			fprintf(stderr, "usage: %s [--quick] [--seed N]\n", argv[0]);
			return 2;
		}
	}
	env = getenv("SC_TEST_SEED");
	if (env && *env)
		g_rng = strtoull(env, NULL, 0);
	fence_init();
	/* the plans, measured as insmod measures them */
	sc_dispatch_init(true);
	sc_cpu_describe(sc_cpu_features(), desc, sizeof(desc));
	printf("keccakx%s: cpu {%s}, rows:", g_quick ? " (quick)" : "", desc);
	for (i = 0; i < sc_nimpls[SC_ALG_KECCAK_XN]; i++) {
		const struct sc_impl *row = sc_impl_row(SC_ALG_KECCAK_XN, i);

		printf(" %s%s", row->name, sc_impl_supported(row) ? "" : "(unsupported)");
	}
	printf("; 1..8 streams pick:");
	for (i = 1; i <= SC_KECCAKX_MAX; i++)
		printf(" %s", sc_keccakx_pick(i)->base.name);
	printf("\n");

	test_rows();
	/* now: a broken register could derail the API tests below */
	abi_report();
	fflush(stdout);
	test_api();
	test_shake();
	test_section_sizes();
	test_rej_ntt();
	test_rej_ntt_fenced();
	test_expand_a();
	fence_free();

	printf("%lu passed, %lu failed\n", g_pass, g_fail);
	return g_fail ? 1 : 0;
}
