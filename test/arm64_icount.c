// SPDX-License-Identifier: GPL-2.0
/*
 * arm64_icount ALG ROW LEN ITERS: run one row ITERS times on LEN bytes, for
 * instruction counting under qemu-aarch64 (scripts/arm64-icount.sh runs it
 * with ITERS = 0 and ITERS = N under -singlestep -d exec,nochain and
 * divides the difference by N * LEN).  These are instruction counts from
 * an emulator, NOT timings: they ignore latency, issue width and memory.
 *
 *   ALG  chacha20 | chacha12 | poly1305 | sha3-256 | keccakf | keccakx |
 *        ccp-seal | ccp-open (a whole ChaCha20-Poly1305 message of LEN
 *        bytes with 16 bytes of AD: sc_ccp_seal_buf / sc_ccp_open_buf)
 *   ROW  a row name of that algorithm (generic, neon, neon-gpr,
 *        neon-x8-gpr, neon-x8, arm64, sha3ce, neonx2, sha3cex2, scalar,
 *        onepass)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include "../simdcrypt.h"
#include "../generic/chacha20poly1305.h"
#include "../generic/keccakx.h"

static u8 buf[65536] __attribute__((aligned(64)));
static u8 out[65536] __attribute__((aligned(64)));

int main(int argc, char **argv)
{
	unsigned int len, iters, i;
	enum sc_alg alg;
	const char *a;
	int row;

	if (argc != 5) {
		fprintf(stderr, "usage: %s ALG ROW LEN ITERS\n", argv[0]);
		return 2;
	}
	a = argv[1];
	len = strtoul(argv[3], NULL, 0);
	iters = strtoul(argv[4], NULL, 0);
	if (len > sizeof(buf) - 16)
		return 2;
	if (!strncmp(a, "chacha", 6))
		alg = SC_ALG_CHACHA;
	else if (!strncmp(a, "ccp-", 4))
		alg = SC_ALG_AEAD;
	else if (!strcmp(a, "poly1305"))
		alg = SC_ALG_POLY1305;
	else if (!strcmp(a, "keccakx"))
		alg = SC_ALG_KECCAK_XN;
	else
		alg = SC_ALG_KECCAK;
	row = sc_impl_find(alg, argv[2]);
	if (row < 0 || !sc_impl_supported(sc_impl_row(alg, row))) {
		fprintf(stderr, "no row %s for %s here\n", argv[2], a);
		return 2;
	}
	memset(buf, 0x5a, sizeof(buf));
	sc_dispatch_init(false);	/* the static plan: rows call the picks */
	if (alg == SC_ALG_AEAD) {
		static const u8 key[CCP_KEY_SIZE] = { 1, 2, 3 };
		static const u8 nonce[CCP_NONCE_SIZE] = { 4, 5, 6 };
		bool seal = !strcmp(a, "ccp-seal");
		u8 tag[CCP_TAG_SIZE];

		/* open: a valid message to open (same in every run) */
		sc_ccp_seal_buf(&sc_aead_impl_generic, key, nonce, buf, 16, out,
				buf + 16, len, tag);
		for (i = 0; i < iters; i++) {
			if (seal)
				sc_ccp_seal_buf(sc_aead_impls[row], key, nonce,
						buf, 16, out, buf + 16, len, tag);
			else if (sc_ccp_open_buf(sc_aead_impls[row], key,
						 nonce, buf, 16, buf + 16, out,
						 len, tag))
				return 1;
		}
		return 0;
	}
	for (i = 0; i < iters; i++) {
		if (alg == SC_ALG_CHACHA) {
			u32 st[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
				       13, 14, 15, 16 };

			sc_chacha_impls[row]->xor_stream(st, buf, buf, len,
							 strcmp(a, "chacha12") ? 20 : 12);
		} else if (alg == SC_ALG_POLY1305) {
			struct sc_poly1305_core c = { .h = { 1, 2, 3 },
				.r = { 0x0ffffffc0fffffffull, 0x0ffffffc0ffffffcull } };

			sc_poly1305_impls[row]->blocks(&c, buf, len & ~15u, 1);
		} else if (alg == SC_ALG_KECCAK_XN) {
			static u64 stx[SC_KECCAKX_LANES];

			/* two states, as many calls as the row's width needs */
			sc_keccakx_permute_live(sc_keccakx_impls[row], stx, 0x3);
		} else if (!strcmp(a, "keccakf")) {
			u64 st[25] = { 0 };

			sc_keccak_impls[row]->permute(st);
		} else {
			u64 st[25] = { 0 };

			sc_keccak_impls[row]->absorb(st, buf, len / 136, 136);
		}
	}
	return 0;
}
