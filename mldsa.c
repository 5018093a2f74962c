// SPDX-License-Identifier: GPL-2.0
/*
 * ML-DSA ExpandA (FIPS 204 Algorithm 32) on the multi-stream SHAKE API.
 *
 * Matrix entry A[r][s] is RejNTTPoly(rho || s || r) (Algorithm 30): SHAKE128
 * of the 34-byte seed read as 3-byte little-endian candidates, the top bit
 * of each third byte cleared, kept when below q = 8380417, until 256
 * coefficients are kept.  The k * l entries are independent streams of the
 * same shape, so they go through sc_shake128_xn_*() eight at a time: five
 * blocks each first (840 bytes, 280 candidates, each kept with probability
 * q / 2^23 > 0.999: more than 24 rejections happen with probability below
 * 2^-120), then, should it ever be needed, one more block at a time for
 * the streams still short, the others stopped.
 *
 * The seed is public, so rejection could branch on it; it does not need
 * to: a candidate is stored and the count advances by the comparison, one
 * 4-byte load per candidate.  On x86_64 with AVX-512, where SIMD is
 * usable, sixteen candidates at a time (asm/x86/mldsa-avx512.S) while a
 * 16-word store fits, then this loop for the rest.  Built into the module
 * and into the userspace harness and benchmark.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/export.h>
#include "compat/unaligned.h"
#include "compat/simd.h"
#include "include/simdcrypt/shake.h"
#include "include/simdcrypt/mldsa.h"
#if defined(__x86_64__)
#include "asm/x86/mldsa_x86.h"
#endif

#define SC_MLDSA_FIRST_BLOCKS	5
/* a SIMD section's bytes of candidates: SC_SIMD_CHUNK, in whole groups */
#define SC_MLDSA_REJ_CHUNK	(SC_SIMD_CHUNK / 48 * 48)

/**
 * sc_mldsa_rej_ntt() - RejNTTPoly's sampling step over squeezed bytes
 * @a: the polynomial, coefficients 0..@j-1 already kept
 * @j: coefficients kept so far
 * @buf: SHAKE128 output, continuing where the last call stopped
 * @len: bytes of @buf, a multiple of 3
 *
 * Return: the number of coefficients kept, at most SC_MLDSA_N.
 */
unsigned int sc_mldsa_rej_ntt(u32 *a, unsigned int j, const u8 *buf,
			      unsigned int len)
{
	unsigned int i = 0;
	u32 z;

#if defined(__x86_64__)
	/* whole 48-byte groups, at most SC_MLDSA_REJ_CHUNK bytes a section */
	if (len >= 48 && j <= SC_MLDSA_N - 16 &&
	    sc_mldsa_rej_simd_supported() && sc_simd_usable()) {
		while (len - i >= 48 && j <= SC_MLDSA_N - 16) {
			unsigned int n = min_t(unsigned int, len - i,
					       SC_MLDSA_REJ_CHUNK);

			sc_simd_run(true,
				    i += sc_mldsa_rej_simd(a, &j, buf + i, n));
		}
	}
#endif
	/* four-byte loads while a fourth byte exists; stores are undone by j */
	for (; i + 4 <= len && j < SC_MLDSA_N; i += 3) {
		z = get_unaligned_le32(buf + i) & 0x7fffff;
		a[j] = z;
		j += z < SC_MLDSA_Q;
	}
	if (i + 3 <= len && j < SC_MLDSA_N) {
		z = buf[i] | (u32)buf[i + 1] << 8 | (u32)(buf[i + 2] & 0x7f) << 16;
		a[j] = z;
		j += z < SC_MLDSA_Q;
	}
	return j;
}
EXPORT_SYMBOL_GPL(sc_mldsa_rej_ntt);

/*
 * The seeds and the squeezed bytes (about 6.8 KiB), and the SHAKE context
 * (about 1.7 KiB) in an allocation of its own, so that each stays within
 * a kmalloc cache (8 KiB at most; together they would take four pages).
 */
struct sc_mldsa_ws {
	u8 seed[SC_KECCAKX_MAX][SC_MLDSA_SEED_SIZE + 2];
	u8 buf[SC_KECCAKX_MAX][SC_MLDSA_FIRST_BLOCKS * SHAKE128_RATE];
	struct sc_shake_xn_ctx *ctx;
};

/* Entries @first .. @first + @m - 1 (row-major) of the k x l matrix. */
static void sc_mldsa_expand_group(struct sc_mldsa_ws *w, u32 *a,
				  const u8 *rho, unsigned int l,
				  unsigned int first, unsigned int m)
{
	const u8 *in[SC_KECCAKX_MAX];
	u8 *out[SC_KECCAKX_MAX];
	unsigned int cnt[SC_KECCAKX_MAX];
	unsigned int t, left;

	for (t = 0; t < m; t++) {
		unsigned int e = first + t;

		memcpy(w->seed[t], rho, SC_MLDSA_SEED_SIZE);
		w->seed[t][SC_MLDSA_SEED_SIZE] = e % l;		/* s: column */
		w->seed[t][SC_MLDSA_SEED_SIZE + 1] = e / l;	/* r: row */
		in[t] = w->seed[t];
		out[t] = w->buf[t];
	}
	sc_shake128_xn_init(w->ctx, m);
	sc_shake_xn_absorb(w->ctx, in, SC_MLDSA_SEED_SIZE + 2);
	sc_shake_xn_squeeze_blocks(w->ctx, out, SC_MLDSA_FIRST_BLOCKS);
	for (left = 0, t = 0; t < m; t++) {
		cnt[t] = sc_mldsa_rej_ntt(a + SC_MLDSA_N * (first + t), 0,
					  w->buf[t], sizeof(w->buf[t]));
		left += cnt[t] < SC_MLDSA_N;
	}
	while (left) {
		for (t = 0; t < m; t++)
			out[t] = cnt[t] < SC_MLDSA_N ? w->buf[t] : NULL;
		sc_shake_xn_squeeze_blocks(w->ctx, out, 1);
		for (left = 0, t = 0; t < m; t++) {
			if (!out[t])
				continue;
			cnt[t] = sc_mldsa_rej_ntt(a + SC_MLDSA_N * (first + t),
						  cnt[t], w->buf[t], SHAKE128_RATE);
			left += cnt[t] < SC_MLDSA_N;
		}
	}
	sc_shake_xn_zeroize(w->ctx);
}

/**
 * sc_mldsa_expand_a() - ML-DSA ExpandA (FIPS 204 Algorithm 32)
 * @a: the k x l matrix, row-major: A[r][s] is the SC_MLDSA_N coefficients
 *     (NTT domain, each below SC_MLDSA_Q) at a + SC_MLDSA_N * (r * l + s)
 * @rho: the SC_MLDSA_SEED_SIZE-byte public seed
 * @k: rows (4, 6, 8 for ML-DSA-44/65/87), 1 to SC_MLDSA_MAX_KL
 * @l: columns (4, 5, 7), 1 to SC_MLDSA_MAX_KL
 *
 * Allocates its workspace (about 6.8 KiB and 1.7 KiB): process context.
 *
 * Return: 0, -EINVAL for a bad @k or @l, -ENOMEM.
 */
int sc_mldsa_expand_a(u32 *a, const u8 *rho, unsigned int k, unsigned int l)
{
	struct sc_mldsa_ws *w;
	unsigned int first, n = k * l;

	if (!k || !l || k > SC_MLDSA_MAX_KL || l > SC_MLDSA_MAX_KL)
		return -EINVAL;
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	w->ctx = kmalloc(sizeof(*w->ctx), GFP_KERNEL);
	if (!w->ctx) {
		kfree(w);
		return -ENOMEM;
	}
	for (first = 0; first < n; first += SC_KECCAKX_MAX)
		sc_mldsa_expand_group(w, a, rho, l, first,
				      n - first < SC_KECCAKX_MAX ?
				      n - first : SC_KECCAKX_MAX);
	kfree(w->ctx);
	kfree(w);
	return 0;
}
EXPORT_SYMBOL_GPL(sc_mldsa_expand_a);
