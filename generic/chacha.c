// SPDX-License-Identifier: GPL-2.0
/*
 * Portable ChaCha20/ChaCha12, HChaCha and the counter bookkeeping shared by
 * every ChaCha row.  Built into the module and into the userspace harness.
 *
 * State layout (RFC 8439 section 2.3): words 0-3 constants, 4-11 key,
 * 12 block counter, 13-15 nonce.  The block counter is 32 bits and wraps
 * without carrying into word 13, for chacha20 and XChaCha alike: that is
 * what the kernel's own chacha_block_generic() and every in-tree SIMD
 * driver do, and a driver must produce the same stream as the one it
 * replaces (data written through one driver is read through another).
 */
#include <linux/types.h>
#include <linux/string.h>
#include "../compat/unaligned.h"
#include "../simdcrypt.h"

static inline u32 sc_chacha_rol32(u32 v, int n)
{
	return (v << n) | (v >> (32 - n));
}

#define CHACHA_QR(a, b, c, d) do {					\
	a += b; d = sc_chacha_rol32(d ^ a, 16);				\
	c += d; b = sc_chacha_rol32(b ^ c, 12);				\
	a += b; d = sc_chacha_rol32(d ^ a, 8);				\
	c += d; b = sc_chacha_rol32(b ^ c, 7);				\
} while (0)

void sc_chacha_permute_generic(u32 *x, int nrounds)
{
	int i;

	for (i = 0; i < nrounds; i += 2) {
		CHACHA_QR(x[0], x[4], x[8], x[12]);
		CHACHA_QR(x[1], x[5], x[9], x[13]);
		CHACHA_QR(x[2], x[6], x[10], x[14]);
		CHACHA_QR(x[3], x[7], x[11], x[15]);

		CHACHA_QR(x[0], x[5], x[10], x[15]);
		CHACHA_QR(x[1], x[6], x[11], x[12]);
		CHACHA_QR(x[2], x[7], x[8], x[13]);
		CHACHA_QR(x[3], x[4], x[9], x[14]);
	}
}

/* "expand 32-byte k" */
static const u32 sc_chacha_sigma[4] = {
	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
};

void sc_chacha_init_state(u32 *state, const u32 *key, const u8 *iv)
{
	int i;

	for (i = 0; i < 4; i++)
		state[i] = sc_chacha_sigma[i];
	for (i = 0; i < 8; i++)
		state[4 + i] = key[i];
	for (i = 0; i < 4; i++)
		state[12 + i] = get_unaligned_le32(iv + 4 * i);
}

/*
 * XChaCha (draft-irtf-cfrg-xchacha-03): HChaCha of @key and the first 16
 * bytes of the 32-byte @iv, through @impl's hchacha (inside any SIMD
 * section the row needs: the caller's), gives a subkey; @state becomes
 * ChaCha of the subkey with the stream position from iv[24..31] and the
 * last 8 nonce bytes from iv[16..23].  As in the kernel's generic code
 * only word 12 of the position counts blocks.
 */
void sc_xchacha_init_state(u32 *state, const u32 *key, const u8 *iv,
			   const struct sc_chacha_impl *impl, int nrounds)
{
	u32 subkey[HCHACHA_OUT_WORDS];
	u8 real_iv[CHACHA_IV_SIZE];

	sc_chacha_init_state(state, key, iv);
	impl->hchacha(state, subkey, nrounds);
	memcpy(&real_iv[0], iv + 24, 8);
	memcpy(&real_iv[8], iv + 16, 8);
	sc_chacha_init_state(state, subkey, real_iv);
	memzero_explicit(subkey, sizeof(subkey));
}

/* One keystream block from @state; advances the 32-bit counter. */
void sc_chacha_block_generic(u32 *state, u8 *out, int nrounds)
{
	u32 x[CHACHA_STATE_WORDS];
	int i;

	memcpy(x, state, sizeof(x));
	sc_chacha_permute_generic(x, nrounds);
	for (i = 0; i < CHACHA_STATE_WORDS; i++)
		put_unaligned_le32(x[i] + state[i], out + 4 * i);
	state[12]++;
	memzero_explicit(x, sizeof(x));
}

void sc_chacha_xor_generic(const u32 *state, u8 *dst, const u8 *src,
			unsigned int len, int nrounds)
{
	u32 st[CHACHA_STATE_WORDS];
	u8 ks[CHACHA_BLOCK_SIZE];
	unsigned int i, n;

	memcpy(st, state, sizeof(st));
	while (len) {
		sc_chacha_block_generic(st, ks, nrounds);
		n = len < CHACHA_BLOCK_SIZE ? len : CHACHA_BLOCK_SIZE;
		for (i = 0; i + 8 <= n; i += 8)
			put_unaligned_le64(get_unaligned_le64(src + i) ^
					   get_unaligned_le64(ks + i), dst + i);
		for (; i < n; i++)
			dst[i] = src[i] ^ ks[i];
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(ks, sizeof(ks));
	memzero_explicit(st, sizeof(st));
}

void sc_hchacha_generic(const u32 *state, u32 *out, int nrounds)
{
	u32 x[CHACHA_STATE_WORDS];

	memcpy(x, state, sizeof(x));
	sc_chacha_permute_generic(x, nrounds);
	memcpy(&out[0], &x[0], 16);
	memcpy(&out[4], &x[12], 16);
	memzero_explicit(x, sizeof(x));
}

/*
 * Encrypt/decrypt @len bytes with @impl and advance the block counter in
 * @state by the blocks used.  @len must be a multiple of the block size
 * unless this is the last call of a request.
 */
void sc_chacha_crypt(const struct sc_chacha_impl *impl, u32 *state, u8 *dst,
		     const u8 *src, unsigned int len, int nrounds)
{
	impl->xor_stream(state, dst, src, len, nrounds);
	state[12] += (len + CHACHA_BLOCK_SIZE - 1) / CHACHA_BLOCK_SIZE;
}

const struct sc_chacha_impl sc_chacha_impl_generic = {
	.base = { .name = "generic" },
	.xor_stream = sc_chacha_xor_generic,
	.hchacha = sc_hchacha_generic,
};
