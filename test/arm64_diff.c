// SPDX-License-Identifier: GPL-2.0
/*
 * arm64_diff: every arm64 row against the generic C and known answers.
 * Built for aarch64 (static) by scripts/check-arm64.sh and run under
 * qemu-aarch64 -cpu max; it builds on any architecture (then only the
 * generic rows run), which keeps the test honest about its own oracles.
 *
 * For each supported row of each algorithm:
 *   ChaCha20/12   every length 0..2048 (random src/dst misalignment, out of
 *                 place and in place), counters about to wrap, guard bytes
 *                 around dst, state unmodified; HChaCha; RFC 8439 and
 *                 XChaCha draft vectors.
 *   Poly1305      every multiple of 16 up to 2048 from random and extreme
 *                 accumulators (compared modulo 2^130-5), padbit 0/1,
 *                 chained calls, the RFC 8439 tag through the message API.
 *   Keccak        permute on random states, absorb for every SHA-3/SHAKE
 *                 rate and 0..5 blocks at odd alignments, FIPS 202 vectors.
 *   Keccak xN     each row's states of a lane-interleaved block, at every
 *                 start position, against the generic C; the rest untouched.
 * The dispatcher is checked too: for each length, the row it picks (and
 * for Keccak xN, the row each number of live streams gets).  On aarch64,
 * every row called through test/arm64_abi.S keeps the callee-saved
 * registers, and reads a u32 argument (padbit, rate) whose register's
 * upper half is garbage as the u32 it is.
 *
 * Prints "arm64_diff: N passed, N failed" last; exit status 1 on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <linux/types.h>
#include <linux/string.h>
#include "../compat/unaligned.h"
#include "../simdcrypt.h"
#include "../generic/poly1305.h"
#include "../generic/keccak.h"
#include "../generic/keccakx.h"
#include "cpu_user.h"

#include "arm64_common.h"
#include "vectors.h"

/* ---- ChaCha ---- */

#define MAXLEN	2048
#define GUARD	32

static u8 src_buf[MAXLEN + 64], ref_buf[MAXLEN + 64];
static u8 dst_buf[MAXLEN + 64 + 2 * GUARD];

/* A vectors.h key as the eight words of a ChaCha state. */
static void kat_key_words(const char *hex, u32 k[8])
{
	u8 key[32];
	int i;

	sc_vec_unhex(hex, key);
	for (i = 0; i < 8; i++)
		k[i] = get_unaligned_le32(key + 4 * i);
}

/* Every ChaCha20 and HChaCha20 answer of test/vectors.h through @impl. */
static void chacha_kat(const struct sc_chacha_impl *impl)
{
	static u8 pt[512], ct[512], out[512];
	u8 iv[16], hout[32], hexp[32];
	u32 k[8], state[16], sub[8];
	size_t n, len;
	unsigned int v;
	int i;

	for (v = 0; v < sizeof(sc_chacha_kats) / sizeof(sc_chacha_kats[0]); v++) {
		const struct sc_chacha_kat *kat = &sc_chacha_kats[v];

		kat_key_words(kat->key, k);
		put_unaligned_le32(kat->counter, iv);
		sc_vec_unhex(kat->nonce, iv + 4);
		len = sc_vec_unhex(kat->ct, ct);
		n = sc_vec_msg(&kat->pt, pt);
		if (!n)		/* no plaintext: the keystream */
			memset(pt, 0, len);
		sc_chacha_init_state(state, k, iv);
		impl->xor_stream(state, out, pt, len, 20);
		CHECK((!n || n == len) && !memcmp(out, ct, len), "%s: %s",
		      impl->base.name, kat->src);
	}
	for (v = 0; v < sizeof(sc_hchacha_kats) / sizeof(sc_hchacha_kats[0]); v++) {
		const struct sc_hchacha_kat *kat = &sc_hchacha_kats[v];

		kat_key_words(kat->key, k);
		sc_vec_unhex(kat->nonce16, iv);
		sc_chacha_init_state(state, k, iv);
		impl->hchacha(state, sub, 20);
		for (i = 0; i < 8; i++)
			put_unaligned_le32(sub[i], hout + 4 * i);
		sc_vec_unhex(kat->out, hexp);
		CHECK(!memcmp(hout, hexp, 32), "%s: %s", impl->base.name, kat->src);
	}
}

static void chacha_diff(const struct sc_chacha_impl *impl)
{
	static const u32 ctrs[] = { 0, 1, 0xfffffffc, 0xfffffffd, 0xffffffff,
				    0x7fffffff };
	u32 state[16], saved[16], out1[8], out2[8];
	unsigned int len, bad = 0, n = 0, i;
	int nr;

	for (nr = 12; nr <= 20; nr += 8) {
		for (len = 0; len <= MAXLEN; len++) {
			unsigned int so = rnd() % 16, dof = rnd() % 16;
			u8 *d = dst_buf + GUARD + dof;
			bool inplace = rnd() & 1;

			for (i = 0; i < 16; i++)
				state[i] = (u32)rnd();
			state[12] = ctrs[len % 6];
			memcpy(saved, state, sizeof(state));
			rnd_bytes(src_buf + so, len);
			sc_chacha_xor_generic(state, ref_buf, src_buf + so, len,
					      nr);
			memset(dst_buf, 0xa5, sizeof(dst_buf));
			if (inplace) {
				memcpy(d, src_buf + so, len);
				impl->xor_stream(state, d, d, len, nr);
			} else {
				impl->xor_stream(state, d, src_buf + so, len, nr);
			}
			n++;
			if (memcmp(d, ref_buf, len)) {
				if (!bad)
					printf("  %s: first mismatch len %u nr %d ctr %08x %s\n",
					       impl->base.name, len, nr, saved[12],
					       inplace ? "in place" : "");
				bad++;
			}
			for (i = 0; i < GUARD + dof; i++)
				bad += dst_buf[i] != 0xa5;
			for (i = GUARD + dof + len; i < sizeof(dst_buf); i++)
				bad += dst_buf[i] != 0xa5;
			bad += !!memcmp(state, saved, sizeof(state));
		}
	}
	CHECK(!bad, "%s: xor_stream vs generic, %u cases, %u bad",
	      impl->base.name, n, bad);

	bad = 0;
	for (n = 0; n < 2000; n++) {
		nr = n & 1 ? 20 : 12;
		for (i = 0; i < 16; i++)
			state[i] = (u32)rnd();
		memcpy(saved, state, sizeof(state));
		sc_hchacha_generic(state, out1, nr);
		impl->hchacha(state, out2, nr);
		bad += !!memcmp(out1, out2, sizeof(out1));
		bad += !!memcmp(state, saved, sizeof(state));
	}
	CHECK(!bad, "%s: hchacha vs generic, 2000 states, %u bad",
	      impl->base.name, bad);

	/* Through the shared crypt loop, counters about to wrap. */
	bad = 0;
	for (n = 0; n < 200; n++) {
		u32 st1[16], st2[16];

		len = rnd() % MAXLEN;
		for (i = 0; i < 16; i++)
			st1[i] = (u32)rnd();
		st1[12] = 0xffffffff - (u32)(rnd() % 40);
		memcpy(st2, st1, sizeof(st1));
		rnd_bytes(src_buf, len);
		sc_chacha_crypt(&sc_chacha_impl_generic, st1, ref_buf, src_buf,
				len, 20);
		sc_chacha_crypt(impl, st2, dst_buf, src_buf, len, 20);
		bad += !!memcmp(ref_buf, dst_buf, len);
		bad += !!memcmp(st1, st2, sizeof(st1));
	}
	CHECK(!bad, "%s: sc_chacha_crypt across the counter wrap, %u bad",
	      impl->base.name, bad);
}

/* ---- Poly1305 ---- */

/* Every Poly1305 answer of test/vectors.h through @impl. */
static void poly_kat(const struct sc_poly1305_impl *impl)
{
	static u8 msg[512];
	u8 key[32], tag[16], exp[16];
	struct sc_poly1305_msg m;
	unsigned int v;

	for (v = 0; v < sizeof(sc_poly1305_kats) / sizeof(sc_poly1305_kats[0]); v++) {
		const struct sc_poly1305_kat *k = &sc_poly1305_kats[v];
		size_t len = sc_vec_msg(&k->msg, msg);

		sc_vec_unhex(k->key, key);
		sc_vec_unhex(k->tag, exp);
		sc_poly1305_msg_init(&m);
		sc_poly1305_msg_update(impl, &m, key, 32);
		sc_poly1305_msg_update(impl, &m, msg, len);
		CHECK(!sc_poly1305_msg_final(impl, &m, tag) && !memcmp(tag, exp, 16),
		      "%s: %s", impl->base.name, k->src);
	}
}

static void poly_diff(const struct sc_poly1305_impl *impl)
{
	struct sc_poly1305_core a, b;
	unsigned int len, bad = 0, n = 0, kind;

	for (len = 0; len <= MAXLEN; len += 16) {
		for (kind = 0; kind < 4; kind++) {
			u32 pad = (len / 16 + kind) & 1;
			unsigned int off = rnd() % 16;

			poly_random_core(&a, kind);
			b = a;
			if (kind == 3)
				memset(src_buf + off, 0xff, len);
			else
				rnd_bytes(src_buf + off, len);
			sc_poly1305_blocks_generic(&a, src_buf + off, len, pad);
			impl->blocks(&b, src_buf + off, len, pad);
			n++;
			if (!poly_same(&a, &b)) {
				if (!bad)
					printf("  %s: first mismatch len %u kind %u pad %u\n",
					       impl->base.name, len, kind, pad);
				bad++;
			}
		}
	}
	CHECK(!bad, "%s: blocks vs generic, %u cases, %u bad",
	      impl->base.name, n, bad);

	/* chained calls of random sizes, alternating with the generic code */
	bad = 0;
	for (n = 0; n < 300; n++) {
		unsigned int done = 0, total = 16 * (rnd() % 129);

		poly_random_core(&a, n);
		b = a;
		rnd_bytes(src_buf, total);
		sc_poly1305_blocks_generic(&a, src_buf, total, 1);
		while (done < total) {
			unsigned int step = 16 * (1 + rnd() % 40);

			if (step > total - done)
				step = total - done;
			if (rnd() % 4)
				impl->blocks(&b, src_buf + done, step, 1);
			else
				sc_poly1305_blocks_generic(&b, src_buf + done,
							   step, 1);
			done += step;
		}
		bad += !poly_same(&a, &b);
	}
	CHECK(!bad, "%s: chained/mixed calls, 300 messages, %u bad",
	      impl->base.name, bad);

	/* whole messages with the tag, random update splits */
	bad = 0;
	for (n = 0; n < 300; n++) {
		struct sc_poly1305_msg m1, m2;
		unsigned int total = 32 + rnd() % MAXLEN, done = 0;
		u8 t1[16], t2[16];

		rnd_bytes(src_buf, total);
		sc_poly1305_msg_init(&m1);
		sc_poly1305_msg_init(&m2);
		sc_poly1305_msg_update(&sc_poly1305_impl_generic, &m1, src_buf,
				       total);
		while (done < total) {
			unsigned int step = rnd() % 300;

			if (step > total - done)
				step = total - done;
			sc_poly1305_msg_update(impl, &m2, src_buf + done, step);
			done += step;
		}
		sc_poly1305_msg_final(&sc_poly1305_impl_generic, &m1, t1);
		sc_poly1305_msg_final(impl, &m2, t2);
		bad += !!memcmp(t1, t2, 16);
	}
	CHECK(!bad, "%s: message tags with random splits, 300, %u bad",
	      impl->base.name, bad);
}

/* ---- Keccak ---- */

static void sha3_hex(const struct sc_keccak_impl *impl, unsigned int rate,
		     u8 ds, const u8 *msg, size_t len, u8 *out, size_t outlen)
{
	struct sc_keccak_sponge sp;

	sc_keccak_sponge_init(&sp, rate);
	sc_keccak_sponge_absorb(impl, &sp, msg, len);
	sc_keccak_sponge_finalize(impl, &sp, ds);
	sc_keccak_sponge_squeeze(impl, &sp, out, outlen);
}

/* A vectors.h SHA-3/SHAKE name: its rate and domain byte. */
static bool keccak_alg(const char *alg, unsigned int *rate, u8 *ds)
{
	static const struct {
		const char *name;
		unsigned int rate;
		u8 ds;
	} algs[] = {
		{ "sha3-224", SHA3_224_RATE, SHA3_DSBYTE },
		{ "sha3-256", SHA3_256_RATE, SHA3_DSBYTE },
		{ "sha3-384", SHA3_384_RATE, SHA3_DSBYTE },
		{ "sha3-512", SHA3_512_RATE, SHA3_DSBYTE },
		{ "shake128", SHAKE128_RATE, SHAKE_DSBYTE },
		{ "shake256", SHAKE256_RATE, SHAKE_DSBYTE },
	};
	unsigned int i;

	for (i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
		if (!strcmp(algs[i].name, alg)) {
			*rate = algs[i].rate;
			*ds = algs[i].ds;
			return true;
		}
	}
	return false;
}

/*
 * Every SHA-3/SHAKE answer of test/vectors.h through @impl, and FIPS 202's
 * SHA3-256 of a million 'a' (long enough to cross many 4 KiB pieces).
 */
static void keccak_kat(const struct sc_keccak_impl *impl)
{
	static u8 msg[1000000];
	u8 out[200], exp[200], ds;
	unsigned int v, rate;
	size_t len, outlen;

	for (v = 0; v < sizeof(sc_sha3_kats) / sizeof(sc_sha3_kats[0]); v++) {
		const struct sc_sha3_kat *k = &sc_sha3_kats[v];

		if (!keccak_alg(k->alg, &rate, &ds)) {
			CHECK(0, "%s: no rate for %s", k->src, k->alg);
			continue;
		}
		len = sc_vec_msg(&k->msg, msg);
		outlen = sc_vec_unhex(k->md, exp);
		sha3_hex(impl, rate, ds, msg, len, out, outlen);
		CHECK(!memcmp(out, exp, outlen), "%s: %s", impl->base.name, k->src);
	}
	memset(msg, 'a', sizeof(msg));
	sha3_hex(impl, SHA3_256_RATE, SHA3_DSBYTE, msg, sizeof(msg), out, 32);
	sc_vec_unhex("5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1", exp);
	CHECK(!memcmp(out, exp, 32), "%s: FIPS 202 SHA3-256 of a million 'a'",
	      impl->base.name);
}

static void keccak_diff(const struct sc_keccak_impl *impl)
{
	static const unsigned int rates[] = { 72, 104, 136, 144, 168, 8, 200 };
	u64 a[25], b[25];
	unsigned int n, bad = 0, r, nb, i;

	for (n = 0; n < 1000; n++) {
		for (i = 0; i < 25; i++)
			a[i] = n < 2 ? (n ? ~0ull : 0) : rnd();
		memcpy(b, a, sizeof(a));
		sc_keccakf1600_generic(a);
		impl->permute(b);
		bad += !!memcmp(a, b, sizeof(a));
	}
	CHECK(!bad, "%s: permute vs generic, 1000 states, %u bad",
	      impl->base.name, bad);

	bad = 0;
	n = 0;
	for (r = 0; r < sizeof(rates) / sizeof(rates[0]); r++) {
		for (nb = 0; nb <= 5; nb++) {
			unsigned int off = rnd() % 8;

			for (i = 0; i < 25; i++)
				a[i] = rnd();
			memcpy(b, a, sizeof(a));
			rnd_bytes(src_buf + off, nb * rates[r]);
			sc_keccak_absorb_generic(a, src_buf + off, nb, rates[r]);
			impl->absorb(b, src_buf + off, nb, rates[r]);
			n++;
			if (memcmp(a, b, sizeof(a))) {
				if (!bad)
					printf("  %s: first mismatch rate %u blocks %u\n",
					       impl->base.name, rates[r], nb);
				bad++;
			}
		}
	}
	CHECK(!bad, "%s: absorb vs generic, %u cases, %u bad",
	      impl->base.name, n, bad);

	/* SHAKE128 of random messages, long output (squeeze permutes) */
	bad = 0;
	for (n = 0; n < 100; n++) {
		unsigned int len = rnd() % MAXLEN;
		u8 o1[600], o2[600];

		rnd_bytes(src_buf, len);
		sha3_hex(&sc_keccak_impl_generic, SHAKE128_RATE, SHAKE_DSBYTE,
			 src_buf, len, o1, sizeof(o1));
		sha3_hex(impl, SHAKE128_RATE, SHAKE_DSBYTE, src_buf, len, o2,
			 sizeof(o2));
		bad += !!memcmp(o1, o2, sizeof(o1));
	}
	CHECK(!bad, "%s: SHAKE128 600-byte outputs, 100 messages, %u bad",
	      impl->base.name, bad);
}

/* ---- the calling convention (aarch64 only: test/arm64_abi.S) ---- */

#ifdef __aarch64__
u64 sc_abi_call(void *fn, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4,
		u64 a5);

#define ABI(fn, a0, a1, a2, a3, a4)					\
	sc_abi_call((void *)(fn), (u64)(uintptr_t)(a0), (u64)(uintptr_t)(a1), \
		    (u64)(uintptr_t)(a2), (u64)(uintptr_t)(a3),		\
		    (u64)(uintptr_t)(a4), 0)

/* Every arm64 row keeps x18-x29, sp and d8-d15 across a call. */
static void abi_rows(void)
{
	u32 state[16] = { 0 }, out[8];
	struct sc_poly1305_core core = { .r = { 1, 4 } };
	u64 st[25] = { 0 };
	unsigned int i;

	for (i = 1; i < sc_nimpls[SC_ALG_CHACHA]; i++) {
		const struct sc_chacha_impl *impl = sc_chacha_impls[i];
		u64 bad = 0;

		if (!sc_impl_supported(&impl->base))
			continue;
		bad |= ABI(impl->xor_stream, state, dst_buf, src_buf, 1000, 20);
		bad |= ABI(impl->xor_stream, state, dst_buf, src_buf, 100, 12);
		bad |= ABI(impl->hchacha, state, out, 20, 0, 0);
		CHECK(!bad, "chacha %s: callee-saved registers clobbered",
		      impl->base.name);
	}
	for (i = 1; i < sc_nimpls[SC_ALG_POLY1305]; i++) {
		const struct sc_poly1305_impl *impl = sc_poly1305_impls[i];

		if (!sc_impl_supported(&impl->base))
			continue;
		CHECK(!ABI(impl->blocks, &core, src_buf, 1024, 1, 0),
		      "poly1305 %s: callee-saved registers clobbered",
		      impl->base.name);
	}
	for (i = 1; i < sc_nimpls[SC_ALG_KECCAK]; i++) {
		const struct sc_keccak_impl *impl = sc_keccak_impls[i];
		u64 bad = 0;

		if (!sc_impl_supported(&impl->base))
			continue;
		bad |= ABI(impl->permute, st, 0, 0, 0, 0);
		bad |= ABI(impl->absorb, st, src_buf, 3, 136, 0);
		CHECK(!bad, "keccak %s: callee-saved registers clobbered",
		      impl->base.name);
	}
	for (i = 1; i < sc_nimpls[SC_ALG_KECCAK_XN]; i++) {
		static u64 stx[SC_KECCAKX_LANES];
		const struct sc_keccakx_impl *impl = sc_keccakx_impls[i];

		if (!sc_impl_supported(&impl->base))
			continue;
		CHECK(!ABI(impl->permute, stx, 0, 0, 0, 0),
		      "keccakx %s: callee-saved registers clobbered",
		      impl->base.name);
	}
}

/*
 * The upper half of a register that holds a 32-bit argument is the
 * caller's (AAPCS64): the rows must read padbit and rate as the u32s they
 * are.  Garbage there, against the generic code.
 */
#define DIRTY	0xdead5eed00000000ull

static void dirty_args(void)
{
	static const unsigned int rates[] = { 72, 168 };
	struct sc_poly1305_core a, b;
	u64 x[25], y[25];
	unsigned int i, j, bad;

	for (i = 1; i < sc_nimpls[SC_ALG_POLY1305]; i++) {
		const struct sc_poly1305_impl *impl = sc_poly1305_impls[i];

		if (!sc_impl_supported(&impl->base))
			continue;
		bad = 0;
		for (j = 0; j < 2; j++) {
			poly_random_core(&a, 1);
			b = a;
			rnd_bytes(src_buf, 1040);
			sc_poly1305_blocks_generic(&a, src_buf, 1040, j);
			ABI(impl->blocks, &b, src_buf, 1040, DIRTY | j, 0);
			bad += !poly_same(&a, &b);
		}
		CHECK(!bad, "poly1305 %s: padbit with its upper half set",
		      impl->base.name);
	}
	for (i = 1; i < sc_nimpls[SC_ALG_KECCAK]; i++) {
		const struct sc_keccak_impl *impl = sc_keccak_impls[i];

		if (!sc_impl_supported(&impl->base))
			continue;
		bad = 0;
		for (j = 0; j < 2; j++) {
			rnd_bytes(x, sizeof(x));
			memcpy(y, x, sizeof(x));
			rnd_bytes(src_buf, 2 * rates[j]);
			sc_keccak_absorb_generic(x, src_buf, 2, rates[j]);
			ABI(impl->absorb, y, src_buf, 2, DIRTY | rates[j], 0);
			bad += !!memcmp(x, y, sizeof(x));
		}
		CHECK(!bad, "keccak %s: rate with its upper half set",
		      impl->base.name);
	}
}
#else
static void abi_rows(void)
{
}

static void dirty_args(void)
{
}
#endif

/* ---- Keccak xN: each row's states against the generic C, others untouched ---- */

static void keccakx_diff(const struct sc_keccakx_impl *impl)
{
	static u64 st[SC_KECCAKX_LANES], ref[SC_KECCAKX_LANES];
	unsigned int g, j, i, t;

	for (t = 0; t < 4; t++) {
		for (g = 0; g + impl->width <= SC_KECCAKX_MAX; g++) {
			for (i = 0; i < SC_KECCAKX_LANES; i++)
				st[i] = ref[i] = rnd();
			for (j = 0; j < impl->width; j++)
				sc_keccakx_impl_generic.permute(ref + g + j);
			impl->permute(st + g);
			CHECK(!memcmp(st, ref, sizeof(st)),
			      "keccakx %s: states %u..%u differ (or others touched)",
			      impl->base.name, g, g + impl->width - 1);
		}
	}
}

/* ---- the table and the dispatcher ---- */

/*
 * Keccak xN: one live stream goes to a single-state row, two or more to
 * the last x2 row this CPU has (the static plan, no timing under
 * emulation): "sha3cex2" with the SHA3 extension, "neonx2" on plain NEON.
 */
static void keccakx_dispatch(void)
{
	u32 cpu = sc_cpu_features();
	unsigned int n;

	printf("  keccakx picks:");
	for (n = 1; n <= SC_KECCAKX_MAX; n++) {
		const char *pick = sc_keccakx_pick(n)->base.name, *want;

#ifdef __aarch64__
		if (n == 1)
			want = "arm64";
		else if (cpu & SC_CPU_ARM_SHA3)
			want = "sha3cex2";
		else if (cpu & SC_CPU_NEON)
			want = "neonx2";
		else
			want = "arm64";
#else
		want = "generic";
		(void)cpu;
#endif
		printf(" %u:%s", n, pick);
		CHECK(!strcmp(pick, want), "keccakx: %u streams pick %s, not %s",
		      n, pick, want);
	}
	printf("\n");
}

static void show_dispatch(enum sc_alg alg, const char *name)
{
	static const size_t lens[] = { 0, 16, 64, 128, 129, 256, 512, 1024,
				       4096 };
	unsigned int i;

	printf("  %s rows:", name);
	for (i = 0; i < sc_nimpls[alg]; i++) {
		const struct sc_impl *row = sc_impl_row(alg, i);

		printf(" %s%s(min %u)", row->name,
		       sc_impl_supported(row) ? "" : "[unsupported]",
		       row->min_len);
	}
	printf("\n  %s picks:", name);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		const char *pick;

		if (alg == SC_ALG_CHACHA)
			pick = sc_chacha_pick(lens[i])->base.name;
		else if (alg == SC_ALG_POLY1305)
			pick = sc_poly1305_pick(lens[i])->base.name;
		else
			pick = sc_keccak_pick(lens[i])->base.name;
		printf(" %zu:%s", lens[i], pick);
	}
	printf("\n");
}

int main(int argc, char **argv)
{
	unsigned int i, nrows = 0;
	char cpu[128];

	if (argc > 1)
		rng_state = strtoull(argv[1], NULL, 0) | 1;
	sc_cpu_describe(sc_cpu_features(), cpu, sizeof(cpu));
	printf("arm64_diff: cpu features: %s\n", cpu);
	/* the static plan: timing under emulation would mean nothing */
	sc_dispatch_init(false);

	for (i = 0; i < sc_nimpls[SC_ALG_CHACHA]; i++) {
		const struct sc_chacha_impl *impl = sc_chacha_impls[i];

		if (!sc_impl_supported(&impl->base)) {
			printf("  chacha %s: SKIP (cpu lacks features)\n",
			       impl->base.name);
			continue;
		}
		chacha_kat(impl);
		if (i)
			chacha_diff(impl);
		nrows++;
	}
	for (i = 0; i < sc_nimpls[SC_ALG_POLY1305]; i++) {
		const struct sc_poly1305_impl *impl = sc_poly1305_impls[i];

		if (!sc_impl_supported(&impl->base)) {
			printf("  poly1305 %s: SKIP (cpu lacks features)\n",
			       impl->base.name);
			continue;
		}
		poly_kat(impl);
		if (i)
			poly_diff(impl);
		nrows++;
	}
	for (i = 0; i < sc_nimpls[SC_ALG_KECCAK]; i++) {
		const struct sc_keccak_impl *impl = sc_keccak_impls[i];

		if (!sc_impl_supported(&impl->base)) {
			printf("  keccak %s: SKIP (cpu lacks features)\n",
			       impl->base.name);
			continue;
		}
		keccak_kat(impl);
		if (i)
			keccak_diff(impl);
		nrows++;
	}
	for (i = 0; i < sc_nimpls[SC_ALG_KECCAK_XN]; i++) {
		const struct sc_keccakx_impl *impl = sc_keccakx_impls[i];

		if (!sc_impl_supported(&impl->base)) {
			printf("  keccakx %s: SKIP (cpu lacks features)\n",
			       impl->base.name);
			continue;
		}
		keccakx_diff(impl);
		nrows++;
	}
	abi_rows();
	dirty_args();
	show_dispatch(SC_ALG_CHACHA, "chacha");
	show_dispatch(SC_ALG_POLY1305, "poly1305");
	show_dispatch(SC_ALG_KECCAK, "keccak");
	keccakx_dispatch();
	printf("arm64_diff: %u rows tested\n", nrows);
	printf("arm64_diff: %u passed, %u failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
