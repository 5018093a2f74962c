// SPDX-License-Identifier: GPL-2.0
/*
 * Constant-time check (`make check-ct`): every row valgrind can execute
 * runs on secret inputs marked undefined for memcheck (the ctgrind/TIMECOP
 * method), so a branch or a memory address that depends on a secret shows
 * up as a memcheck report ("Conditional jump or move depends on
 * uninitialised value(s)", "Use of uninitialised value of size 8").
 * Arithmetic on secrets, cmov and the like propagate "undefined" silently,
 * as they should.
 *
 * Secrets: the ChaCha key (state words 4..11) and the text; the Poly1305
 * key (r, s), the message and the accumulator; the Keccak state and the
 * message; the AEAD key, AD and text; the xN Keccak states.  Counters, nonces and lengths are
 * public.  Each row and input length is one case: it passes when memcheck
 * counted no new error (VALGRIND_COUNT_ERRORS) and the output, declassified
 * afterwards, equals the generic row's on the same input.
 *
 * Rows the CPU (as valgrind presents it, and after SC_CPU_MASK) lacks are
 * listed as skipped: valgrind has no AVX-512, so the avx512 rows are
 * covered as Documentation/testing.rst says.  Built with -DSC_CT_MUTANT,
 * an extra ChaCha row with a key-dependent branch and table lookup is
 * tested too: then this program must fail (`make check-ct` checks it).
 *
 * Run it under valgrind only; alone it refuses (exit 2).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include <linux/types.h>
#include "simdcrypt.h"
#include "generic/poly1305.h"
#include "generic/keccak.h"
#include "generic/chacha20poly1305.h"
#include "cpu_user.h"

#define SECRET(p, n)	VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n)	VALGRIND_MAKE_MEM_DEFINED((p), (n))

#define MAXLEN		(4096 + 64)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static unsigned long g_pass, g_fail;
static u8 g_src[MAXLEN], g_dst[MAXLEN], g_ref[MAXLEN];

static void fill(u8 *p, size_t n, u32 seed)
{
	u32 x = seed * 2654435761u + 1;

	while (n--) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		*p++ = (u8)x;
	}
}

/* A case passes with no new memcheck report and the generic row's output. */
static void verdict(const char *alg, const char *row, const char *what,
		    unsigned int len, unsigned long errs0, const void *got,
		    const void *want, size_t n)
{
	unsigned long errs = VALGRIND_COUNT_ERRORS - errs0;
	bool same;

	PUBLIC(got, n);
	same = !memcmp(got, want, n);
	if (!errs && same) {
		g_pass++;
		return;
	}
	g_fail++;
	printf("FAIL %s %s %s len %u: %lu memcheck report(s)%s\n", alg, row,
	       what, len, errs, same ? "" : ", output differs from generic");
}

static const unsigned int chacha_lens[] = {
	1, 15, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257, 320,
	511, 512, 513, 575, 576, 577, 640, 1023, 1024, 1152, 1153, 2049, 4096,
};

static const u8 chacha_iv[CHACHA_IV_SIZE] = {
	0xff, 0xff, 0xff, 0xfe, 0, 0, 0, 0x4a, 0, 0, 0, 0, 1, 2, 3, 4,
};

#ifdef SC_CT_MUTANT
/* Deliberately not constant time: a key-dependent branch and lookup. */
static volatile u8 sc_ct_table[256];

static void sc_ct_mutant_xor(const u32 *state, u8 *dst, const u8 *src,
			     unsigned int len, int nrounds)
{
	(void)sc_ct_table[state[5] & 0xff];
	if (state[4] & 1)
		asm volatile("" ::: "memory");
	sc_chacha_xor_generic(state, dst, src, len, nrounds);
}

static const struct sc_chacha_impl sc_ct_mutant = {
	.base = { .name = "MUTANT" },
	.xor_stream = sc_ct_mutant_xor,
	.hchacha = sc_hchacha_generic,
};
#endif

static void ct_chacha_row(const struct sc_chacha_impl *im)
{
	u32 key[8], st[CHACHA_STATE_WORDS], out[HCHACHA_OUT_WORDS];
	u32 ref[HCHACHA_OUT_WORDS];
	unsigned int i, len;
	unsigned long e0;

	for (i = 0; i < ARRAY_SIZE(chacha_lens); i++) {
		len = chacha_lens[i];
		fill((u8 *)key, sizeof(key), len);
		fill(g_src, len, len + 1);
		sc_chacha_init_state(st, key, chacha_iv);
		sc_chacha_xor_generic(st, g_ref, g_src, len, 20);

		e0 = VALGRIND_COUNT_ERRORS;
		SECRET(key, sizeof(key));
		SECRET(g_src, len);
		sc_chacha_init_state(st, key, chacha_iv);
		im->xor_stream(st, g_dst, g_src, len, 20);
		verdict("chacha20", im->base.name, "xor", len, e0, g_dst,
			g_ref, len);
		PUBLIC(g_src, len);
	}

	fill((u8 *)key, sizeof(key), 99);
	sc_chacha_init_state(st, key, chacha_iv);
	sc_hchacha_generic(st, ref, 20);
	e0 = VALGRIND_COUNT_ERRORS;
	SECRET(&st[4], 8 * sizeof(u32));
	im->hchacha(st, out, 20);
	verdict("hchacha20", im->base.name, "subkey", 64, e0, out, ref,
		sizeof(out));
}

static const unsigned int poly_lens[] = {
	16, 32, 48, 64, 128, 192, 256, 272, 512, 640, 768, 784, 1024, 2048,
	4096,
};

/* r and s from @key, @len message bytes, tag: generic or @im's blocks. */
static void ct_poly1305_tag(const struct sc_poly1305_impl *im, const u8 *key,
			    const u8 *msg, unsigned int len, u8 *tag)
{
	struct sc_poly1305_core core;
	u32 s[4];

	sc_poly1305_core_setkey(&core, key);
	memcpy(s, key + 16, sizeof(s));
	im->blocks(&core, msg, len & ~15u, 1);
	if (len & 15) {
		u8 last[POLY1305_BLOCK_SIZE] = { 0 };

		memcpy(last, msg + (len & ~15u), len & 15);
		last[len & 15] = 1;
		im->blocks(&core, last, POLY1305_BLOCK_SIZE, 0);
	}
	sc_poly1305_emit(&core, s, tag);
}

static void ct_poly1305_row(const struct sc_poly1305_impl *im)
{
	u8 key[POLY1305_KEY_SIZE], tag[16], ref[16];
	struct sc_poly1305_msg msg;
	unsigned int i, len, split;
	unsigned long e0;

	for (i = 0; i < ARRAY_SIZE(poly_lens) * 2; i++) {
		/* whole blocks, then the same lengths plus a ragged tail */
		len = poly_lens[i / 2] + (i & 1) * 7;
		fill(key, sizeof(key), len);
		fill(g_src, len, len + 2);
		ct_poly1305_tag(&sc_poly1305_impl_generic, key, g_src, len, ref);

		e0 = VALGRIND_COUNT_ERRORS;
		SECRET(key, sizeof(key));
		SECRET(g_src, len);
		ct_poly1305_tag(im, key, g_src, len, tag);
		verdict("poly1305", im->base.name, "blocks+emit", len, e0, tag,
			ref, sizeof(tag));

		/* the shash's message level: key in the data, split updates */
		memcpy(g_dst, key, sizeof(key));
		memcpy(g_dst + sizeof(key), g_src, len);
		split = len / 3 + 5;
		e0 = VALGRIND_COUNT_ERRORS;
		sc_poly1305_msg_init(&msg);
		sc_poly1305_msg_update(im, &msg, g_dst, split);
		sc_poly1305_msg_update(im, &msg, g_dst + split,
				       len + sizeof(key) - split);
		sc_poly1305_msg_final(im, &msg, tag);
		verdict("poly1305", im->base.name, "message", len, e0, tag,
			ref, sizeof(tag));
		PUBLIC(g_src, len);
		PUBLIC(g_dst, len + sizeof(key));
	}
}

static const unsigned int keccak_rates[] = {
	SHA3_512_RATE, SHA3_384_RATE, SHA3_256_RATE, SHA3_224_RATE,
	SHAKE128_RATE,
};

static void ct_keccak_row(const struct sc_keccak_impl *im)
{
	u64 st[KECCAK_STATE_LANES], ref[KECCAK_STATE_LANES];
	struct sc_keccak_sponge sp;
	unsigned int i, len;
	unsigned long e0;
	u8 out[200];

	fill((u8 *)st, sizeof(st), 7);
	memcpy(ref, st, sizeof(st));
	sc_keccakf1600_generic(ref);
	e0 = VALGRIND_COUNT_ERRORS;
	SECRET(st, sizeof(st));
	im->permute(st);
	verdict("keccak", im->base.name, "permute", 200, e0, st, ref,
		sizeof(st));

	for (i = 0; i < ARRAY_SIZE(keccak_rates); i++) {
		unsigned int rate = keccak_rates[i], nb = 1 + i % 3;

		fill((u8 *)st, sizeof(st), rate);
		fill(g_src, rate * nb, rate + 1);
		memcpy(ref, st, sizeof(st));
		sc_keccak_absorb_generic(ref, g_src, nb, rate);
		e0 = VALGRIND_COUNT_ERRORS;
		SECRET(st, sizeof(st));
		SECRET(g_src, rate * nb);
		im->absorb(st, g_src, nb, rate);
		verdict("keccak", im->base.name, "absorb", rate * nb, e0, st,
			ref, sizeof(st));
		PUBLIC(g_src, rate * nb);
	}

	/* SHA3-256 and SHAKE128 through the sponge, ragged lengths */
	for (i = 0; i < 6; i++) {
		unsigned int rate = i & 1 ? SHAKE128_RATE : SHA3_256_RATE;
		u8 ds = i & 1 ? SHAKE_DSBYTE : SHA3_DSBYTE;

		len = 1 + i * 97;
		fill(g_src, len, len);
		sc_keccak_sponge_init(&sp, rate);
		sc_keccak_sponge_absorb(&sc_keccak_impl_generic, &sp, g_src, len);
		sc_keccak_sponge_finalize(&sc_keccak_impl_generic, &sp, ds);
		sc_keccak_sponge_squeeze(&sc_keccak_impl_generic, &sp, g_ref,
					 sizeof(out));

		e0 = VALGRIND_COUNT_ERRORS;
		SECRET(g_src, len);
		sc_keccak_sponge_init(&sp, rate);
		sc_keccak_sponge_absorb(im, &sp, g_src, len);
		sc_keccak_sponge_finalize(im, &sp, ds);
		sc_keccak_sponge_squeeze(im, &sp, out, sizeof(out));
		verdict(i & 1 ? "shake128" : "sha3-256", im->base.name,
			"sponge", len, e0, out, g_ref, sizeof(out));
		PUBLIC(g_src, len);
	}
}

/* @im->width states, lane-interleaved (stride SC_KECCAKX_MAX), at once. */
static void ct_keccakx_row(const struct sc_keccakx_impl *im)
{
	static u64 st[SC_KECCAKX_LANES], ref[SC_KECCAKX_LANES];
	unsigned int j, r;
	unsigned long e0;

	for (r = 0; r < 2; r++) {
		fill((u8 *)st, sizeof(st), 11 + r);
		memcpy(ref, st, sizeof(st));
		for (j = 0; j < im->width; j++)
			sc_keccakx_impls[0]->permute(ref + j);
		e0 = VALGRIND_COUNT_ERRORS;
		SECRET(st, sizeof(st));
		im->permute(st);
		verdict("keccak-xN", im->base.name, "permute", im->width, e0, st,
			ref, sizeof(st));
	}
}

static const unsigned int aead_lens[] = {
	0, 1, 63, 64, 191, 192, 193, 256, 257, 1000, 4096,
};

static void ct_aead_row(const struct sc_aead_impl *im)
{
	static const u8 nonce[12] = { 7, 0, 0, 0, 0x40, 0x41, 0x42, 0x43,
				      0x44, 0x45, 0x46, 0x47 };
	u8 key[CHACHA_KEY_SIZE], ad[29], tag[16], reftag[16];
	struct sc_poly1305_core core, refcore;
	u32 kw[8], st[CHACHA_STATE_WORDS];
	unsigned int i, len;
	unsigned long e0;

	for (i = 0; i < ARRAY_SIZE(aead_lens); i++) {
		len = aead_lens[i];
		fill(key, sizeof(key), len + 3);
		fill(ad, sizeof(ad), len + 4);
		fill(g_src, len, len + 5);
		sc_ccp_seal_buf(&sc_aead_impl_generic, key, nonce, ad,
				sizeof(ad), g_ref, g_src, len, reftag);
		memcpy(g_ref + len, reftag, sizeof(reftag));

		e0 = VALGRIND_COUNT_ERRORS;
		SECRET(key, sizeof(key));
		SECRET(ad, sizeof(ad));
		SECRET(g_src, len);
		sc_ccp_seal_buf(im, key, nonce, ad, sizeof(ad), g_dst, g_src,
				len, tag);
		memcpy(g_dst + len, tag, sizeof(tag));
		verdict("rfc7539", im->base.name, "seal", len, e0, g_dst,
			g_ref, len + sizeof(tag));
		PUBLIC(g_src, len);
	}

	/* the row's open step: MAC the ciphertext, then decrypt it */
	for (i = 0; i < ARRAY_SIZE(chacha_lens); i++) {
		len = chacha_lens[i];
		fill((u8 *)kw, sizeof(kw), len + 6);
		fill((u8 *)&refcore, sizeof(refcore), len + 7);
		refcore.r[0] &= 0x0ffffffc0fffffffull;
		refcore.r[1] &= 0x0ffffffc0ffffffcull;
		refcore.h[2] &= 3;
		refcore.pow = NULL;	/* no kept powers: a pointer, not data */
		core = refcore;
		fill(g_src, len, len + 8);
		sc_chacha_init_state(st, kw, chacha_iv);
		sc_aead_impl_generic.open(st, &refcore, g_ref, g_src, len);

		e0 = VALGRIND_COUNT_ERRORS;
		SECRET(kw, sizeof(kw));
		SECRET(core.h, sizeof(core.h));
		SECRET(core.r, sizeof(core.r));
		SECRET(g_src, len);
		sc_chacha_init_state(st, kw, chacha_iv);
		im->open(st, &core, g_dst, g_src, len);
		memcpy(g_dst + len, &core, sizeof(core));
		memcpy(g_ref + len, &refcore, sizeof(refcore));
		verdict("rfc7539", im->base.name, "open", len, e0, g_dst,
			g_ref, len + sizeof(core));
		PUBLIC(g_src, len);
	}
}

/*
 * The AEAD's tag compare (sc_ccp_open_buf()): equal tags and a difference
 * at every byte, both tags secret; only the verdict is declassified.
 */
static void ct_tag_compare(void)
{
	u8 a[CCP_TAG_SIZE], b[CCP_TAG_SIZE];
	int i, got, want;
	unsigned long e0;

	for (i = -1; i < CCP_TAG_SIZE; i++) {
		fill(a, sizeof(a), 17);
		memcpy(b, a, sizeof(b));
		if (i >= 0)
			b[i] ^= 0x10;
		want = i >= 0;
		e0 = VALGRIND_COUNT_ERRORS;
		SECRET(a, sizeof(a));
		SECRET(b, sizeof(b));
		got = sc_ccp_tag_differs(a, b);
		verdict("rfc7539", "all", "tag compare, differing byte + 1",
			i + 1, e0, &got, &want, sizeof(got));
	}
}

int main(void)
{
	static const char *const algname[SC_ALG_COUNT] = {
		"chacha", "poly1305", "keccak", "aead", "keccakx",
	};
	char desc[160], ran[256], skipped[256];
	const char *mask = getenv("SC_CPU_MASK");
	unsigned int alg, i;

	if (!RUNNING_ON_VALGRIND) {
		fprintf(stderr, "ct: run me under valgrind (make check-ct)\n");
		return 2;
	}
	/* the static plans (no timing under valgrind): the AEAD rows pick */
	sc_dispatch_init(false);
	sc_cpu_describe(sc_cpu_features(), desc, sizeof(desc));
	printf("simdcrypt constant-time check under memcheck%s: cpu as valgrind shows it, SC_CPU_MASK=%s -> {%s}\n",
#ifdef SC_CT_MUTANT
	       " (MUTANT)",
#else
	       "",
#endif
	       mask && *mask ? mask : "(unset)", desc);

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		unsigned long p0 = g_pass, f0 = g_fail;

		ran[0] = skipped[0] = 0;
		for (i = 0; i < sc_nimpls[alg]; i++) {
			const struct sc_impl *row = sc_impl_row(alg, i);
			char *list = sc_impl_supported(row) ? ran : skipped;

			strncat(list, " ", 255 - strlen(list));
			strncat(list, row->name, 255 - strlen(list));
			if (list == skipped)
				continue;
			switch (alg) {
			case SC_ALG_CHACHA:
				ct_chacha_row(sc_chacha_impls[i]);
				break;
			case SC_ALG_POLY1305:
				ct_poly1305_row(sc_poly1305_impls[i]);
				break;
			case SC_ALG_KECCAK:
				ct_keccak_row(sc_keccak_impls[i]);
				break;
			case SC_ALG_AEAD:
				ct_aead_row(sc_aead_impls[i]);
				break;
			case SC_ALG_KECCAK_XN:
				ct_keccakx_row(sc_keccakx_impls[i]);
				break;
			default:
				break;
			}
		}
		if (alg == SC_ALG_AEAD) {
			strncat(ran, " tag-compare", 255 - strlen(ran));
			ct_tag_compare();
		}
#ifdef SC_CT_MUTANT
		if (alg == SC_ALG_CHACHA) {
			strncat(ran, " MUTANT", 255 - strlen(ran));
			ct_chacha_row(&sc_ct_mutant);
		}
#endif
		printf("%-9s rows:%s%s%s%s: %lu passed, %lu failed\n",
		       algname[alg], ran,
		       skipped[0] ? " (not executable here:" : "", skipped,
		       skipped[0] ? ")" : "", g_pass - p0, g_fail - f0);
	}
	printf("memcheck reports in all: %u\n", VALGRIND_COUNT_ERRORS);
	printf("%lu passed, %lu failed\n", g_pass, g_fail);
	return g_fail ? 1 : 0;
}
