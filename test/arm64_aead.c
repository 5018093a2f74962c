// SPDX-License-Identifier: GPL-2.0
/*
 * arm64_aead: every ChaCha20-Poly1305 row (simdcrypt.h, struct
 * sc_aead_impl) against the generic row, OpenSSL and RFC 8439.  Built for
 * aarch64 (static) by scripts/check-arm64.sh and run under qemu-aarch64;
 * it builds on any architecture (then only the portable rows run).  With
 * SC_HAVE_OPENSSL (check-arm64.sh links Debian's arm64 libcrypto) the
 * generic row is itself checked against EVP_chacha20_poly1305.
 *
 * For each supported row other than generic:
 *   messages     sc_ccp_seal_buf/sc_ccp_open_buf at every text length
 *                0..5000, AD of 0..80 bytes, in place and out of place at
 *                random misalignment: ciphertext and tag equal to the
 *                generic row's (and OpenSSL's), open gives the text back,
 *                a flipped tag bit gives -EBADMSG and no plaintext;
 *   contract     the row's seal/open called directly: random ChaCha states
 *                (counters about to wrap) and random, partially reduced
 *                Poly1305 accumulators, every length to 600, every
 *                multiple of 64 to SC_SIMD_CHUNK and 1 in 8 of the other
 *                lengths, in place and out of place, against the generic
 *                row: output, accumulator (mod 2^130 - 5), state not
 *                written, guard bytes around dst untouched; and r = 1
 *                from an accumulator whose fold carries into h2;
 *   mixed rows   one message in glue-shaped pieces (multiples of 64 up to
 *                4 KiB, then any), each piece on a random row: the
 *                canonical state between calls;
 *   ABI          x18-x29, sp and d8-d15 kept (test/arm64_abi.S).
 *
 * Prints "arm64_aead: N passed, N failed" last; exit status 1 on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <linux/types.h>
#include <linux/string.h>
#include <linux/errno.h>
#include "../compat/unaligned.h"
#include "../simdcrypt.h"
#include "../generic/chacha20poly1305.h"
#include "cpu_user.h"
#ifdef SC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#include "arm64_common.h"
#include "vectors.h"

#define MAXLEN	5000
#define MAXAD	80
#define GUARD	32

static u8 pt[MAXLEN + 16], ad[MAXAD + 16];
static u8 ref_ct[MAXLEN], ct[MAXLEN + 16], back[MAXLEN + 16];
static u8 guarded[SC_SIMD_CHUNK + 16 + 2 * GUARD];

/* ---- the known answers of test/vectors.h (rfc7539 form) ---- */

static void aead_kat(const struct sc_aead_impl *impl)
{
	static u8 text[512], exp[512], out[512], dec[512], aad[64];
	u8 key[32], nonce[12], tag[16], exptag[16];
	size_t len, alen;
	unsigned int v;

	for (v = 0; v < sizeof(sc_aead_kats) / sizeof(sc_aead_kats[0]); v++) {
		const struct sc_aead_kat *k = &sc_aead_kats[v];

		if (k->esp)	/* the same answer in the ESP template's form */
			continue;
		sc_vec_unhex(k->key, key);
		sc_vec_unhex(k->iv, nonce);
		alen = sc_vec_unhex(k->ad, aad);
		len = sc_vec_msg(&k->pt, text);
		sc_vec_unhex(k->ct, exp);
		sc_vec_unhex(k->tag, exptag);
		sc_ccp_seal_buf(impl, key, nonce, aad, alen, out, text, len, tag);
		CHECK(!memcmp(out, exp, len) && !memcmp(tag, exptag, 16), "%s: %s seal",
		      impl->base.name, k->src);
		CHECK(!sc_ccp_open_buf(impl, key, nonce, aad, alen, dec, out, len, tag) &&
		      !memcmp(dec, text, len), "%s: %s open", impl->base.name, k->src);
	}
}

/* ---- OpenSSL: the oracle for the generic row ---- */

#ifdef SC_HAVE_OPENSSL
static int openssl_seal(const u8 *key, const u8 *nonce, const u8 *a,
			size_t alen, u8 *out, const u8 *in, size_t len, u8 *tag)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n, ok;

	ok = c && EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key,
				     nonce) &&
	     (!alen || EVP_EncryptUpdate(c, NULL, &n, a, (int)alen)) &&
	     (!len || EVP_EncryptUpdate(c, out, &n, in, (int)len)) &&
	     EVP_EncryptFinal_ex(c, out + len, &n) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, tag);
	EVP_CIPHER_CTX_free(c);
	return ok ? 0 : -1;
}
#define HAVE_OPENSSL	1
#else
static int openssl_seal(const u8 *key, const u8 *nonce, const u8 *a,
			size_t alen, u8 *out, const u8 *in, size_t len, u8 *tag)
{
	return -1;
}
#define HAVE_OPENSSL	0
#endif

/*
 * The generic row against OpenSSL at every length: run once, before the
 * rows are compared with the generic row.
 */
static void generic_vs_openssl(void)
{
	unsigned int len, bad = 0, n = 0;
	u8 key[32], nonce[12], tag1[16], tag2[16];

	if (!HAVE_OPENSSL) {
		printf("  generic vs OpenSSL: SKIP (built without OpenSSL)\n");
		return;
	}
	for (len = 0; len <= MAXLEN; len++) {
		size_t alen = rnd() % (MAXAD + 1);

		rnd_bytes(key, sizeof(key));
		rnd_bytes(nonce, sizeof(nonce));
		rnd_bytes(ad, alen);
		rnd_bytes(pt, len);
		sc_ccp_seal_buf(&sc_aead_impl_generic, key, nonce, ad, alen,
				ref_ct, pt, len, tag1);
		if (openssl_seal(key, nonce, ad, alen, ct, pt, len, tag2)) {
			bad++;
			continue;
		}
		n++;
		if (memcmp(ref_ct, ct, len) || memcmp(tag1, tag2, 16)) {
			if (!bad)
				printf("  generic vs OpenSSL: first mismatch len %u ad %zu\n",
				       len, alen);
			bad++;
		}
	}
	CHECK(!bad, "generic row vs OpenSSL, %u messages, %u bad", n, bad);
}

/* ---- whole messages against the generic row ---- */

static void aead_messages(const struct sc_aead_impl *impl)
{
	unsigned int len, bad = 0, badopen = 0, forged = 0, n = 0, ossl = 0;
	u8 key[32], nonce[12], reftag[16], tag[16], osslct[64], ossltag[16];

	for (len = 0; len <= MAXLEN; len++) {
		size_t alen = len % 7 == 0 ? 0 : rnd() % (MAXAD + 1);
		unsigned int so = rnd() % 16, dof = rnd() % 16;
		u8 *s = pt + so, *d = ct + dof;
		int place;

		rnd_bytes(key, sizeof(key));
		rnd_bytes(nonce, sizeof(nonce));
		rnd_bytes(ad, alen);
		rnd_bytes(s, len);
		sc_ccp_seal_buf(&sc_aead_impl_generic, key, nonce, ad, alen,
				ref_ct, s, len, reftag);
		/* spot-check the oracle itself on the first bytes */
		if (HAVE_OPENSSL && len <= 48 &&
		    (openssl_seal(key, nonce, ad, alen, osslct, s, len, ossltag) ||
		     memcmp(osslct, ref_ct, len) || memcmp(ossltag, reftag, 16)))
			ossl++;

		for (place = 0; place < 2; place++) {
			/* seal: out of place, then in place (d holds the text) */
			if (place)
				memmove(d, s, len);
			sc_ccp_seal_buf(impl, key, nonce, ad, alen, d,
					place ? d : s, len, tag);
			n++;
			if (memcmp(d, ref_ct, len) || memcmp(tag, reftag, 16)) {
				if (!bad)
					printf("  %s: first seal mismatch len %u ad %zu %s\n",
					       impl->base.name, len, alen,
					       place ? "in place" : "out of place");
				bad++;
			}
			/* open: out of place into back, or in place in d */
			if (place)
				memcpy(d, ref_ct, len);
			if (sc_ccp_open_buf(impl, key, nonce, ad, alen,
					    place ? d : back + so,
					    place ? d : ref_ct, len, reftag) ||
			    memcmp(place ? d : back + so, s, len)) {
				if (!badopen)
					printf("  %s: first open mismatch len %u %s\n",
					       impl->base.name, len,
					       place ? "in place" : "out of place");
				badopen++;
			}
		}
		/* a forged tag: -EBADMSG and no plaintext left in dst */
		reftag[len % 16] ^= 1 << (len % 8);
		memset(back, 0x5a, len);
		if (sc_ccp_open_buf(impl, key, nonce, ad, alen, back, ref_ct,
				    len, reftag) != -EBADMSG)
			forged++;
		else if (len && memcmp(back, s, len) == 0)
			forged++;
	}
	CHECK(!bad, "%s: seal vs generic, %u messages (0..%u bytes), %u bad",
	      impl->base.name, n, MAXLEN, bad);
	CHECK(!badopen, "%s: open gives the text back, %u bad", impl->base.name,
	      badopen);
	CHECK(!forged, "%s: forged tags rejected, %u bad", impl->base.name,
	      forged);
	CHECK(!ossl, "%s: OpenSSL spot checks, %u bad", impl->base.name, ossl);
}

/* ---- the row contract, called directly ---- */

static void aead_contract(const struct sc_aead_impl *impl)
{
	static const u32 ctrs[] = { 0, 1, 0xfffffffc, 0xfffffffd, 0xfffffffe,
				    0xffffffff, 0x7ffffffe };
	unsigned int len, bad = 0, n = 0, i;
	int op;

	for (len = 0; len <= SC_SIMD_CHUNK; len++) {
		/* every length to 600, every multiple of 64, 1 in 8 of the rest */
		if (len >= 600 && len % 64 && rnd() % 8)
			continue;
		for (op = 0; op < 2; op++) {
			struct sc_poly1305_core c1, c2;
			u32 state[16], saved[16];
			unsigned int so = rnd() % 16, dof = rnd() % 16;
			u8 *d = guarded + GUARD + dof, *s = pt + so;
			bool inplace = rnd() & 1, ok;

			for (i = 0; i < 16; i++)
				state[i] = (u32)rnd();
			state[12] = ctrs[(len + op) % 7];
			memcpy(saved, state, sizeof(state));
			poly_random_core(&c1, len + op);
			c2 = c1;
			rnd_bytes(s, len);
			memset(guarded, 0xa5, sizeof(guarded));
			if (inplace)
				memcpy(d, s, len);
			if (op) {
				sc_aead_impl_generic.open(state, &c1, ref_ct, s,
							  len);
				impl->open(state, &c2, d, inplace ? d : s, len);
			} else {
				sc_aead_impl_generic.seal(state, &c1, ref_ct, s,
							  len);
				impl->seal(state, &c2, d, inplace ? d : s, len);
			}
			n++;
			ok = !memcmp(d, ref_ct, len) && poly_same(&c1, &c2) &&
			     !memcmp(state, saved, sizeof(state));
			for (i = 0; i < GUARD + dof; i++)
				ok &= guarded[i] == 0xa5;
			for (i = GUARD + dof + len; i < sizeof(guarded); i++)
				ok &= guarded[i] == 0xa5;
			if (!ok) {
				if (!bad)
					printf("  %s: first %s mismatch len %u ctr %08x %s\n",
					       impl->base.name, op ? "open" : "seal",
					       len, saved[12],
					       inplace ? "in place" : "out of place");
				bad++;
			}
		}
	}
	CHECK(!bad, "%s: seal/open calls vs generic, %u cases, %u bad",
	      impl->base.name, n, bad);
}

/*
 * The fold's carry that reaches h2 only through an all-ones h1: with
 * r = 1 and h = 2^130 - 2^128 - 1 (h2 = 3), a zero block (plus the pad
 * bit) makes h = 2^130 + 2^128 - 1, folded to 2^128 + 4.  Random states
 * never get there.  Open MACs zero ciphertext; seal the text that seals
 * to it (the keystream), for full batches and a tail.
 */
static void aead_fold_carry(const struct sc_aead_impl *impl)
{
	static const unsigned int lens[] = { 64, 256, 300, 1024 };
	static const u8 zero[1024];
	static const u8 key[16] = { 1 };
	unsigned int i, j, bad = 0;
	int op;

	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		for (op = 0; op < 2; op++) {
			struct sc_poly1305_core c1, c2, t;
			unsigned int len = lens[i];
			u32 state[16];

			for (j = 0; j < 16; j++)
				state[j] = (u32)rnd();
			sc_poly1305_core_setkey(&c1, key);
			c1.h[0] = ~0ull;
			c1.h[1] = ~0ull;
			c1.h[2] = 3;
			c2 = c1;
			if (op) {
				sc_aead_impl_generic.open(state, &c1, ref_ct,
							  zero, len);
				impl->open(state, &c2, back, zero, len);
				bad += !!memcmp(back, ref_ct, len);
			} else {
				t = c1;
				sc_aead_impl_generic.seal(state, &t, pt, zero,
							  len);
				sc_aead_impl_generic.seal(state, &c1, ref_ct,
							  pt, len);
				impl->seal(state, &c2, ct, pt, len);
				bad += !!memcmp(ct, ref_ct, len);
			}
			bad += !poly_same(&c1, &c2);
		}
	}
	CHECK(!bad, "%s: the fold's carry into h2 (r = 1), %u bad",
	      impl->base.name, bad);
}

/* ---- one message over several rows: the canonical state ---- */

static const struct sc_aead_impl *random_row(void)
{
	for (;;) {
		const struct sc_aead_impl *r =
			sc_aead_impls[rnd() % sc_nimpls[SC_ALG_AEAD]];

		if (sc_impl_supported(&r->base))
			return r;
	}
}

static void aead_mixed(void)
{
	unsigned int m, bad = 0;

	for (m = 0; m < 200; m++) {
		size_t len = 193 + rnd() % (MAXLEN - 193), alen = rnd() % MAXAD;
		size_t done = 0;
		u8 key[32], nonce[12], tag1[16], tag2[16];
		u8 kb[CHACHA_BLOCK_SIZE];
		struct sc_ccp c;
		u32 k[8];
		bool seal = m & 1;
		int i;

		rnd_bytes(key, sizeof(key));
		rnd_bytes(nonce, sizeof(nonce));
		rnd_bytes(ad, alen);
		rnd_bytes(pt, len);
		sc_ccp_seal_buf(&sc_aead_impl_generic, key, nonce, ad, alen,
				ref_ct, pt, len, tag1);
		for (i = 0; i < 8; i++)
			k[i] = get_unaligned_le32(key + 4 * i);
		sc_ccp_start(random_row(), &c, k, nonce, kb, 0);
		sc_ccp_absorb(random_row(), &c, ad, alen);
		while (done < len) {
			unsigned int step = 64 * (1 + rnd() % 64);

			if (step >= len - done)
				step = len - done;
			if (seal)
				sc_ccp_seal(random_row(), &c, ct + done,
					    pt + done, step, done + step < len);
			else
				sc_ccp_open(random_row(), &c, back + done,
					    ref_ct + done, step);
			done += step;
		}
		sc_ccp_finish(random_row(), &c, alen, len, tag2);
		bad += memcmp(tag1, tag2, 16) != 0;
		bad += seal ? memcmp(ct, ref_ct, len) != 0 :
			      memcmp(back, pt, len) != 0;
	}
	CHECK(!bad, "rows mixed within a message, 200 messages, %u bad", bad);
}

/* ---- the calling convention (aarch64 only: test/arm64_abi.S) ---- */

#ifdef __aarch64__
u64 sc_abi_call(void *fn, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4,
		u64 a5);

static void aead_abi(const struct sc_aead_impl *impl)
{
	static const unsigned int lens[] = { 64, 256, 1000, 4096 };
	struct sc_poly1305_core core = { .r = { 1, 4 } };
	u32 state[16] = { 0 };
	u64 bad = 0;
	unsigned int i;

	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		bad |= sc_abi_call((void *)impl->seal, (uintptr_t)state,
				   (uintptr_t)&core, (uintptr_t)ct,
				   (uintptr_t)pt, lens[i], 0);
		bad |= sc_abi_call((void *)impl->open, (uintptr_t)state,
				   (uintptr_t)&core, (uintptr_t)ct,
				   (uintptr_t)pt, lens[i], 0);
	}
	CHECK(!bad, "%s: callee-saved registers clobbered", impl->base.name);
}
#else
static void aead_abi(const struct sc_aead_impl *impl)
{
}
#endif

int main(int argc, char **argv)
{
	static const size_t lens[] = { 0, 64, 65, 192, 193, 256, 1420, 4096 };
	unsigned int i, nrows = 0;
	char cpu[128];

	if (argc > 1)
		rng_state = strtoull(argv[1], NULL, 0) | 1;
	sc_cpu_describe(sc_cpu_features(), cpu, sizeof(cpu));
	printf("arm64_aead: cpu features: %s\n", cpu);
	sc_dispatch_init(false);

	generic_vs_openssl();
	for (i = 0; i < sc_nimpls[SC_ALG_AEAD]; i++) {
		const struct sc_aead_impl *impl = sc_aead_impls[i];

		if (!sc_impl_supported(&impl->base)) {
			printf("  aead %s: SKIP (cpu lacks features)\n",
			       impl->base.name);
			continue;
		}
		aead_kat(impl);
		if (i) {
			aead_messages(impl);
			aead_contract(impl);
			aead_fold_carry(impl);
		}
		/* the portable rows are compiled C, free to use x18 here */
		if (i && impl != &sc_aead_impl_scalar &&
		    impl != &sc_aead_impl_onepass)
			aead_abi(impl);
		nrows++;
	}
	aead_mixed();

	printf("  aead picks:");
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
		printf(" %zu:%s", lens[i], sc_aead_pick(lens[i])->base.name);
	printf("\narm64_aead: %u rows tested\n", nrows);
	printf("arm64_aead: %u passed, %u failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
