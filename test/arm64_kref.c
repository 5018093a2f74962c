// SPDX-License-Identifier: GPL-2.0
/*
 * arm64_kref ALG LEN ITERS: the kernel's OWN arm64 drivers (Debian's 6.1
 * chacha-neon.ko, poly1305-neon.ko, sha3-ce.ko, linked in by
 * scripts/arm64-icount.sh with every kernel symbol they import stubbed
 * out) run ITERS times on LEN bytes, for instruction counting under
 * qemu-aarch64 next to arm64_icount.  Only their assembler entry points
 * are called, the way their 6.1 glue calls them:
 *
 *   chacha20/12  chacha_4block_xor_neon on up to 5 blocks per call (4 NEON
 *                + 1 scalar interleaved), chacha_block_xor_neon for a
 *                last block, as chacha_doneon() does
 *   poly1305     poly1305_init_arm64, then poly1305_blocks_neon on LEN
 *   sha3-256     sha3_ce_transform one block per call (its cond_yield
 *                check reads sp_el0, which user space cannot: the script
 *                patches that one branch out, ~8 instructions per block)
 *
 * Instruction counts, NOT timings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

void chacha_block_xor_neon(u32 *state, u8 *dst, const u8 *src, int nrounds);
void chacha_4block_xor_neon(u32 *state, u8 *dst, const u8 *src, int nrounds,
			    int bytes);
void poly1305_init_arm64(void *state, const u8 *key);
void poly1305_blocks_neon(void *state, const u8 *src, u32 len, u32 hibit);
int sha3_ce_transform(u64 *st, const u8 *data, int blocks, int dg_size);

static u8 buf[65536] __attribute__((aligned(64)));

static void chacha_doneon(u32 *state, u8 *dst, const u8 *src, int bytes,
			  int nrounds)
{
	while (bytes > 0) {
		int l = bytes < 5 * 64 ? bytes : 5 * 64;

		if (l <= 64) {
			u8 b[64];

			memcpy(b, src, l);
			chacha_block_xor_neon(state, b, b, nrounds);
			memcpy(dst, b, l);
			state[12] += 1;
			break;
		}
		chacha_4block_xor_neon(state, dst, src, nrounds, l);
		bytes -= l;
		src += l;
		dst += l;
		state[12] += (l + 63) / 64;
	}
}

int main(int argc, char **argv)
{
	unsigned int len, iters, i, b;
	const char *a;

	if (argc != 4)
		return 2;
	a = argv[1];
	len = strtoul(argv[2], NULL, 0);
	iters = strtoul(argv[3], NULL, 0);
	memset(buf, 0x5a, sizeof(buf));
	for (i = 0; i < iters; i++) {
		if (!strncmp(a, "chacha", 6)) {
			u32 st[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
				       13, 14, 15, 16 };

			chacha_doneon(st, buf, buf, len,
				      strcmp(a, "chacha12") ? 20 : 12);
		} else if (!strcmp(a, "poly1305")) {
			u64 ctx[64] __attribute__((aligned(16))) = { 0 };

			poly1305_init_arm64(ctx, buf);
			poly1305_blocks_neon(ctx, buf, len & ~15u, 1);
		} else {
			u64 st[25] = { 0 };

			for (b = 0; b < len / 136; b++)
				sha3_ce_transform(st, buf + 136 * b, 1, 32);
		}
	}
	return 0;
}
