// SPDX-License-Identifier: GPL-2.0
/*
 * ChaCha20-Poly1305 peers for the benchmark that OpenSSL and libsodium are
 * not (bench.c drives those itself):
 *
 *   boringssl  BoringSSL's stitched AEAD (Debian's android-libboringssl),
 *              EVP_AEAD_CTX_init + seal/open + cleanup per message.  Its
 *              libcrypto exports the same symbol names as OpenSSL's, so it
 *              is loaded with dlopen(RTLD_LOCAL | RTLD_DEEPBIND): it binds
 *              to its own symbols, and ours never see them.  The library's
 *              path comes from the build (dpkg -L) or $SC_BORINGSSL_LIB,
 *              never from the source.
 *   ipsec-mb   Intel's multi-buffer library (libipsec-mb-dev), job API:
 *              IMB_CIPHER_CHACHA20_POLY1305 with its hash, one job per
 *              message, flushed until it comes back (faster than the
 *              direct API below 4 KiB); the AVX2 manager when the run
 *              hides AVX-512 (SC_CPU_MASK), else the CPU's best.
 *
 * Each setup returns false when its peer is not available, with the reason
 * in *why (the report names every missing peer).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aead_peers.h"

#if defined(__x86_64__) && defined(SC_HAVE_IPSEC_MB)
#include <intel-ipsec-mb.h>
#endif

/* ---- BoringSSL, by symbol name (its headers clash with OpenSSL's) ---- */

typedef const void *(*boring_aead_fn)(void);
typedef int (*boring_init_fn)(void *ctx, const void *aead, const uint8_t *key,
			      size_t key_len, size_t tag_len, void *engine);
typedef void (*boring_cleanup_fn)(void *ctx);
typedef int (*boring_crypt_fn)(const void *ctx, uint8_t *out, size_t *out_len,
			       size_t max_out_len, const uint8_t *nonce,
			       size_t nonce_len, const uint8_t *in,
			       size_t in_len, const uint8_t *ad, size_t ad_len);

static struct {
	const void *aead;
	boring_init_fn init;
	boring_cleanup_fn cleanup;
	boring_crypt_fn seal, open;
	/* EVP_AEAD_CTX is a few hundred bytes; room to spare */
	_Alignas(64) unsigned char ctx[4096];
} g_boring;

bool boring_setup(const char **why)
{
	static char msg[512];
	const char *lib = boring_lib();
	boring_aead_fn aead;
	void *h;

	*why = NULL;
	if (!lib) {
		*why = "not built in: android-libboringssl was not installed "
		       "when the benchmark was built (scripts/deps.sh peers, "
		       "then rebuild), and SC_BORINGSSL_LIB is not set";
		return false;
	}
	h = dlopen(lib, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
	if (!h) {
		*why = dlerror();
		return false;
	}
	aead = (boring_aead_fn)dlsym(h, "EVP_aead_chacha20_poly1305");
	g_boring.init = (boring_init_fn)dlsym(h, "EVP_AEAD_CTX_init");
	g_boring.cleanup = (boring_cleanup_fn)dlsym(h, "EVP_AEAD_CTX_cleanup");
	g_boring.seal = (boring_crypt_fn)dlsym(h, "EVP_AEAD_CTX_seal");
	g_boring.open = (boring_crypt_fn)dlsym(h, "EVP_AEAD_CTX_open");
	if (!aead || !g_boring.init || !g_boring.cleanup || !g_boring.seal ||
	    !g_boring.open) {
		snprintf(msg, sizeof(msg), "EVP_AEAD_* symbols missing in %s",
			 lib);
		*why = msg;
		return false;
	}
	g_boring.aead = aead();
	if (!g_boring.aead)
		*why = "EVP_aead_chacha20_poly1305() returned NULL";
	return g_boring.aead != NULL;
}

/*
 * The library to load: $SC_BORINGSSL_LIB (a bench bundle points it at its
 * own copy, scripts/bench-bundle.sh), else where Debian's package put it
 * when the benchmark was built.
 */
const char *boring_lib(void)
{
	const char *env = getenv("SC_BORINGSSL_LIB");

	if (env && *env)
		return env;
#ifdef SC_BORINGSSL_LIB
	return SC_BORINGSSL_LIB;
#else
	return NULL;
#endif
}

/* seal: @out gets len + 16 bytes; open: @in is len + 16 bytes. */
bool boring_op(bool seal, const uint8_t *key, const uint8_t *nonce,
	       const uint8_t *ad, size_t adlen, uint8_t *out,
	       const uint8_t *in, size_t len)
{
	size_t outl;
	int ok;

	if (!g_boring.init(g_boring.ctx, g_boring.aead, key, 32, 16, NULL))
		return false;
	if (seal)
		ok = g_boring.seal(g_boring.ctx, out, &outl, len + 16, nonce, 12,
				   in, len, ad, adlen);
	else
		ok = g_boring.open(g_boring.ctx, out, &outl, len, nonce, 12,
				   in, len + 16, ad, adlen);
	g_boring.cleanup(g_boring.ctx);
	return ok == 1;
}

/* ---- Intel ipsec-mb, job API ---- */

#if defined(__x86_64__) && defined(SC_HAVE_IPSEC_MB)
static IMB_MGR *g_mb;

bool ipsecmb_setup(bool avx2, const char **why)
{
	*why = NULL;
	g_mb = alloc_mb_mgr(0);
	if (!g_mb) {
		*why = "alloc_mb_mgr() failed";
		return false;
	}
	if (avx2)
		init_mb_mgr_avx2(g_mb);
	else
		init_mb_mgr_auto(g_mb, NULL);
	return true;
}

/* seal: @tag written; open: the tag computed over @in into @tag. */
bool ipsecmb_op(bool seal, const uint8_t *key, const uint8_t *nonce,
		const uint8_t *ad, size_t adlen, uint8_t *out,
		const uint8_t *in, size_t len, uint8_t *tag)
{
	IMB_JOB *job = IMB_GET_NEXT_JOB(g_mb);

	memset(job, 0, sizeof(*job));
	job->cipher_direction = seal ? IMB_DIR_ENCRYPT : IMB_DIR_DECRYPT;
	job->chain_order = seal ? IMB_ORDER_CIPHER_HASH : IMB_ORDER_HASH_CIPHER;
	job->cipher_mode = IMB_CIPHER_CHACHA20_POLY1305;
	job->hash_alg = IMB_AUTH_CHACHA20_POLY1305;
	job->enc_keys = key;
	job->dec_keys = key;
	job->key_len_in_bytes = 32;
	job->src = in;
	job->dst = out;
	job->msg_len_to_cipher_in_bytes = len;
	job->msg_len_to_hash_in_bytes = len;
	job->iv = nonce;
	job->iv_len_in_bytes = 12;
	job->u.CHACHA20_POLY1305.aad = ad;
	job->u.CHACHA20_POLY1305.aad_len_in_bytes = adlen;
	job->auth_tag_output = tag;
	job->auth_tag_output_len_in_bytes = 16;
	job = IMB_SUBMIT_JOB(g_mb);
	while (!job)
		job = IMB_FLUSH_JOB(g_mb);
	return job->status == IMB_STATUS_COMPLETED;
}
#else
bool ipsecmb_setup(bool avx2, const char **why)
{
	(void)avx2;
#if defined(__x86_64__)
	*why = "not built in: intel-ipsec-mb.h was not there when the "
	       "benchmark was built (scripts/deps.sh peers, then rebuild)";
#else
	*why = "x86_64 only";
#endif
	return false;
}

bool ipsecmb_op(bool seal, const uint8_t *key, const uint8_t *nonce,
		const uint8_t *ad, size_t adlen, uint8_t *out,
		const uint8_t *in, size_t len, uint8_t *tag)
{
	(void)seal, (void)key, (void)nonce, (void)ad, (void)adlen;
	(void)out, (void)in, (void)len, (void)tag;
	return false;
}
#endif
