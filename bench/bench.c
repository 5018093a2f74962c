// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt userspace benchmark: every implementation row this CPU supports,
 * "best" (what the dispatcher picks at that size, as the kernel glue calls
 * it), and the peers (OpenSSL EVP, OpenSSL with its AVX-512 paths masked,
 * libsodium), in one process on the same buffers.
 *
 *   bench [--algs a,b] [--time SECONDS] [--csv FILE] [--md FILE] [--cmd TEXT]
 *         [--fake ALG/IMPL]
 *
 * --fake makes one job skip its operation (a fast and wrong row): the run
 * must stop at the output checks, never report it.
 *
 * "%cpu" in FILE becomes the CPU's vendor, family and model (e.g.
 * RESULTS-%cpu.md -> RESULTS-amd-family26-model2.md), so each CPU measured
 * keeps its own file.  The report ends with the dispatch checks (best vs
 * the fastest row at every size, the small-message targets, calibration's
 * repeatability, each row's speed at every stack depth), PASS or FAIL
 * each.
 *
 * One operation is one whole message of the given size, as a kernel user
 * sees it: chacha20 = set the IV + encrypt; xchacha = HChaCha + encrypt;
 * poly1305 = key + message + tag (for ours: the kernel's key-in-data shash
 * semantics); sha3/shake = init + absorb + digest (SHAKE: 32 / 64 bytes of
 * output).  Ours go through the same helpers as the kernel glue, in
 * SC_SIMD_CHUNK (4 KiB) pieces.
 *
 * Every job's output is checked against the generic row's (ours, best and
 * every peer; for the AEAD the sealed message, and open must refuse a
 * forged tag) at every size it is timed at, before the timing and again
 * after it: a wrong row stops the run, it is never reported.
 *
 * Each point is the best of N samples (each sample >= 0.2 ms, at least 10),
 * after a warm-up; at each size the implementations of an algorithm take
 * turns (measure_turns()), for --time seconds each, so that a host clock
 * that moves during the run moves for all of them; the process is pinned
 * to one CPU.  cycles/byte = calibrated clock / (bytes/s): the clock
 * comes from a chain of dependent register adds (1 cycle latency each on
 * every x86_64 and arm64 core we target), timed with CLOCK_MONOTONIC, best
 * of 400 chains of 10^6 — the VM has no usable cycle counter, and a turbo clock that moves
 * between calibration and measurement shows up as the difference between
 * the calibrations at the start and at the end (both reported).
 *
 * "openssl-avx2" runs in a child process started with
 * OPENSSL_ia32cap=":~0xD0230000" (AVX512F/DQ/IFMA/CD/BW/VL cleared), which
 * OpenSSL reads when the library initialises, before main(); the report
 * shows the speed difference this makes.  It takes its turns with the
 * others: each of its samples is a request over a pipe, run and timed by
 * the child on the same CPU while this process waits (masked_call()).
 */
#define _GNU_SOURCE
#include <alloca.h>
#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>
/*
 * Before <signal.h>, which <sys/wait.h> includes too: on arm64 it reaches
 * <asm/sigcontext.h>, whose <linux/types.h> is test/shim's (no __u64).
 */
#include <asm/types.h>
#include <signal.h>
#include <sys/wait.h>
#include <openssl/evp.h>
#include <openssl/crypto.h>
#include <openssl/opensslv.h>
#include <sodium.h>

#include <linux/types.h>
#include "simdcrypt.h"
#include "generic/poly1305.h"
#include "generic/keccak.h"
#include "generic/chacha20poly1305.h"
#include "compat/unaligned.h"
#include "generic/keccakx.h"
#include "include/simdcrypt/shake.h"
#include "include/simdcrypt/mldsa.h"
#include "test/cpu_user.h"
#include "aead_peers.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define MAXSIZE		(1u << 20)
#define OSSL_AVX2_MASK	":~0xD0230000"

/* K_X1: our best single-state Keccak row, once per stream (xN algs) */
/* K_MASKED: OpenSSL with its AVX-512 paths masked, in the child */
enum { K_OURS, K_BEST, K_OPENSSL, K_SODIUM, K_TWOPASS, K_BORING, K_IPSECMB, K_X1,
       K_MASKED };

struct alg {
	const char *name;
	enum sc_alg fam;
	int nrounds;			/* chacha */
	bool xchacha;
	unsigned int rate, mdlen;	/* keccak */
	u8 ds;
	const char *ossl;		/* OpenSSL fetch name, NULL if none */
	bool sodium;
	const size_t *sizes;		/* NULL: g_sizes */
	unsigned int nsizes;
	bool open;			/* aead: time open, not seal */
};

/* The AEAD sizes: a packet, an MTU, a page, a record or more. */
static const size_t g_aead_sizes[] = { 64, 256, 576, 1420, 4096, 16384, 65536 };
#define AEAD_AD_LEN	16
#define AEAD_ALG(_name, _open) {					\
	.name = _name, .fam = SC_ALG_AEAD, .ossl = "ChaCha20-Poly1305",	\
	.sodium = true, .sizes = g_aead_sizes,				\
	.nsizes = sizeof(g_aead_sizes) / sizeof(g_aead_sizes[0]),	\
	.open = _open }

static const struct alg g_algs[] = {
	{ "chacha20", SC_ALG_CHACHA, 20, false, 0, 0, 0, "ChaCha20", true },
	{ "xchacha20", SC_ALG_CHACHA, 20, true, 0, 0, 0, NULL, true },
	{ "xchacha12", SC_ALG_CHACHA, 12, true, 0, 0, 0, NULL, false },
	{ "poly1305", SC_ALG_POLY1305, 0, false, 0, 16, 0, "POLY1305", true },
	{ "sha3-224", SC_ALG_KECCAK, 0, false, SHA3_224_RATE, 28, SHA3_DSBYTE,
	  "SHA3-224", false },
	{ "sha3-256", SC_ALG_KECCAK, 0, false, SHA3_256_RATE, 32, SHA3_DSBYTE,
	  "SHA3-256", false },
	{ "sha3-384", SC_ALG_KECCAK, 0, false, SHA3_384_RATE, 48, SHA3_DSBYTE,
	  "SHA3-384", false },
	{ "sha3-512", SC_ALG_KECCAK, 0, false, SHA3_512_RATE, 64, SHA3_DSBYTE,
	  "SHA3-512", false },
	{ "shake128", SC_ALG_KECCAK, 0, false, SHAKE128_RATE, 32, SHAKE_DSBYTE,
	  "SHAKE-128", false },
	{ "shake256", SC_ALG_KECCAK, 0, false, SHAKE256_RATE, 64, SHAKE_DSBYTE,
	  "SHAKE-256", false },
	AEAD_ALG("chacha20-poly1305", false),
	AEAD_ALG("chacha20-poly1305-open", true),
	{ "shake128-x2", SC_ALG_KECCAK_XN, 0, false, SHAKE128_RATE, 0, SHAKE_DSBYTE,
	  "SHAKE-128", false },
	{ "shake128-x4", SC_ALG_KECCAK_XN, 0, false, SHAKE128_RATE, 0, SHAKE_DSBYTE,
	  "SHAKE-128", false },
	{ "shake128-x8", SC_ALG_KECCAK_XN, 0, false, SHAKE128_RATE, 0, SHAKE_DSBYTE,
	  "SHAKE-128", false },
	{ "mldsa65-expanda", SC_ALG_KECCAK_XN, 0, false, SHAKE128_RATE, 0,
	  SHAKE_DSBYTE, "SHAKE-128", false },
};

/*
 * The algs of the Keccak xN table (fam SC_ALG_KECCAK_XN), by name: @streams
 * SHAKE128 streams of 34-byte inputs with 5 blocks (840 bytes) of output
 * each, measured at that one size; with @expanda, ML-DSA ExpandA of a
 * k x l matrix (streams = k * l).
 */
struct xn_alg {
	const char *name;
	unsigned int streams;
	bool expanda;
	unsigned int k, l;
};

static const struct xn_alg g_xn_algs[] = {
	{ "shake128-x2", 2, false, 0, 0 },
	{ "shake128-x4", 4, false, 0, 0 },
	{ "shake128-x8", 8, false, 0, 0 },
	{ "mldsa65-expanda", 30, true, 6, 5 },
};

/* NULL for the single-message algs */
static const struct xn_alg *xn_of(const struct alg *a)
{
	unsigned int i;

	for (i = 0; a->fam == SC_ALG_KECCAK_XN && i < ARRAY_SIZE(g_xn_algs); i++)
		if (!strcmp(a->name, g_xn_algs[i].name))
			return &g_xn_algs[i];
	return NULL;
}

/* xN algs: input and output per stream; ExpandA: the matrix's bytes */
#define XN_INLEN	34
#define XN_BLOCKS	5
#define XN_OUTLEN	(XN_BLOCKS * SHAKE128_RATE)

/* The one size an xN alg is measured at (bytes per stream, or the matrix). */
static size_t xn_size(const struct alg *alg)
{
	const struct xn_alg *a = xn_of(alg);

	return a->expanda ? (size_t)a->k * a->l * SC_MLDSA_N * 4 : XN_OUTLEN;
}

/* Bytes one operation produces (cycles/byte counts all streams). */
static size_t xn_bytes(const struct alg *alg)
{
	const struct xn_alg *a = xn_of(alg);

	return a->expanda ? xn_size(alg) : (size_t)a->streams * XN_OUTLEN;
}

static const size_t g_sizes[] = { 16, 64, 256, 1024, 4096, 16384, 1048576 };
#define NSIZES ARRAY_SIZE(g_sizes)
#define MAXSIZES 8

static unsigned int alg_nsizes(const struct alg *a)
{
	return a->sizes ? a->nsizes : NSIZES;
}

static size_t alg_size(const struct alg *a, unsigned int s)
{
	return a->sizes ? a->sizes[s] : g_sizes[s];
}

struct job {
	const struct alg *alg;
	int kind;
	unsigned int row;		/* K_OURS */
	char impl[32];
	double bps[MAXSIZES];		/* 0: not measured */
};

static struct job g_jobs[192];
static unsigned int g_njobs;
static bool g_selected[ARRAY_SIZE(g_algs)];
static double g_time = 0.1;

static u8 *g_src, *g_dst;
static u8 g_key[32], g_iv[32], g_out[64];

static EVP_CIPHER *g_cipher;
static EVP_CIPHER_CTX *g_cctx;
static EVP_MAC *g_mac;
static EVP_MAC_CTX *g_macctx;
static EVP_MD *g_md[ARRAY_SIZE(g_algs)];
static EVP_MD_CTX *g_mdctx;
static EVP_CIPHER_CTX *g_actx;
static const EVP_CIPHER *g_aead;
/* aead: the AD, and for open a sealed message of the size being timed */
static u8 g_ad[AEAD_AD_LEN], g_tag[16], *g_sealed;
static bool g_have_boring, g_have_ipsecmb;
/*
 * SC_CPU_MASK hides AVX-512 from a CPU that has it: the run stands for an
 * AVX2-only CPU, so the peers are what such a CPU would run.  ipsec-mb
 * gets its AVX2 manager; OpenSSL's own row keeps its AVX-512 code, so it
 * stays in the tables but out of the best-peer ratios and the targets
 * wherever `openssl-avx2` (the same library with AVX-512 hidden) is timed.
 */
static bool g_avx512_hidden;
/* the AEAD peers that are not there ("" if none), and why */
static char g_missing[64], g_missing_why[512];

static void peer_missing(const char *name, const char *why)
{
	size_t n = strlen(g_missing), w = strlen(g_missing_why);

	snprintf(g_missing + n, sizeof(g_missing) - n, "%s%s", n ? ", " : "",
		 name);
	snprintf(g_missing_why + w, sizeof(g_missing_why) - w, "%s%s (%s)",
		 w ? "; " : "", name, why);
}
/* --fake: this job does no work (the output checks must catch it) */
static const struct job *g_fake;
/* the forged-tag check is running: open paths report a refusal here */
static bool g_forged, g_refused;

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "bench: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

/*
 * An open that refused the tag: what the forged-tag check wants; anywhere
 * else our own message was refused, and the run stops.
 */
static void open_refused(const char *who)
{
	if (!g_forged)
		die("%s refused our own message", who);
	g_refused = true;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- clock calibration: dependent 1-cycle adds ---- */

static double chain_once(unsigned long iters)
{
	unsigned long one = 1, acc = 0, n = iters;
	double t0;

	__asm__ volatile("" : "+r"(one));
	t0 = now();
#if defined(__x86_64__)
	__asm__ volatile("1:\n\t"
			 ".rept 100\n\t"
			 "add %[one], %[acc]\n\t"
			 ".endr\n\t"
			 "dec %[n]\n\t"
			 "jnz 1b"
			 : [acc] "+r"(acc), [n] "+r"(n)
			 : [one] "r"(one)
			 : "cc");
#elif defined(__aarch64__)
	__asm__ volatile("1:\n\t"
			 ".rept 100\n\t"
			 "add %x[acc], %x[acc], %x[one]\n\t"
			 ".endr\n\t"
			 "subs %x[n], %x[n], #1\n\t"
			 "b.ne 1b"
			 : [acc] "+r"(acc), [n] "+r"(n)
			 : [one] "r"(one)
			 : "cc");
#else
	return 0;
#endif
	if (acc != iters * 100)
		die("calibration chain miscounted");
	return now() - t0;
}

/*
 * Cycles per second: the best of 400 chains of 10^6 dependent adds
 * (0.25 ms each at 4 GHz).  Short chains, many of them: on a shared VM a
 * long chain is nearly always cut by the host scheduler, a short one often
 * is not, and the fastest one shows the real clock.
 */
static double calibrate_hz(void)
{
	double best = 1e9, start = now();
	int i;

	while (now() - start < 0.05)		/* let the clock ramp up */
		chain_once(10000);
	for (i = 0; i < 400; i++) {
		double t = chain_once(10000);

		if (t > 0 && t < best)
			best = t;
	}
	return best < 1e9 && best > 0 ? 1e6 / best : 0;
}

/* ---- the operations ---- */

/*
 * The key as ChaCha words, as the kernel's setkey keeps it: 32-bit loads.
 * (Assembled from bytes, GCC vectorized it into about 100 instructions,
 * 25-30 cycles of every 16-64 byte message that libsodium did not pay.)
 */
static void key_words(const u8 *key, u32 *k32)
{
	int i;

	for (i = 0; i < 8; i++)
		k32[i] = get_unaligned_le32(key + 4 * i);
}

static void ours_chacha(const struct job *j, size_t len)
{
	const struct alg *a = j->alg;
	u32 k32[8], st[16];
	const u8 *src = g_src;
	u8 *dst = g_dst;

	key_words(g_key, k32);
	if (a->xchacha)
		sc_xchacha_init_state(st, k32, g_iv, j->kind == K_BEST ?
				      sc_chacha_pick(CHACHA_BLOCK_SIZE) :
				      sc_chacha_impls[j->row], a->nrounds);
	else
		sc_chacha_init_state(st, k32, g_iv);
	while (len) {
		unsigned int n = len < SC_SIMD_CHUNK ? (unsigned int)len : SC_SIMD_CHUNK;
		const struct sc_chacha_impl *im = j->kind == K_BEST ?
			sc_chacha_pick((unsigned int)len) : sc_chacha_impls[j->row];

		sc_chacha_crypt(im, st, dst, src, n, a->nrounds);
		src += n;
		dst += n;
		len -= n;
	}
}

static void ours_poly1305(const struct job *j, size_t len)
{
	const struct sc_poly1305_impl *row = j->kind == K_BEST ? NULL :
					     sc_poly1305_impls[j->row];
	struct sc_poly1305_msg msg;
	const u8 *src = g_src;

	/* two updates, as the glue sees them: the key, then the message */
	sc_poly1305_msg_init(&msg);
	sc_poly1305_msg_update_chunked(row, &msg, g_key, 32);
	sc_poly1305_msg_update_chunked(row, &msg, src, len);
	/* the glue's final: at most one block, the best row without SIMD */
	if (sc_poly1305_msg_final(sc_poly1305_pick_nosimd(0), &msg, g_out))
		die("poly1305 final");
}

static void ours_keccak(const struct job *j, size_t len)
{
	const struct alg *a = j->alg;
	struct sc_keccak_sponge sp;
	const u8 *src = g_src;

	sc_keccak_sponge_init(&sp, a->rate);
	while (len) {
		size_t n = len < SC_SIMD_CHUNK ? len : SC_SIMD_CHUNK;

		sc_keccak_sponge_absorb(j->kind == K_BEST ? sc_keccak_pick(len) :
					sc_keccak_impls[j->row], &sp, src, n);
		src += n;
		len -= n;
	}
	sc_keccak_sponge_finalize(j->kind == K_BEST ?
				  sc_keccak_pick(sp.buflen) :
				  sc_keccak_impls[j->row], &sp, a->ds);
	sc_keccak_sponge_squeeze(j->kind == K_BEST ?
				 sc_keccak_pick(KECCAK_STATE_SIZE) :
				 sc_keccak_impls[j->row], &sp, g_out, a->mdlen);
}

/* ---- ChaCha20-Poly1305 ---- */

static const struct sc_aead_impl *aead_impl(const struct job *j, size_t len)
{
	return j->kind == K_BEST ? sc_aead_pick(len) : sc_aead_impls[j->row];
}

static void ours_aead(const struct job *j, size_t len)
{
	if (!j->alg->open)
		sc_ccp_seal_buf(aead_impl(j, len), g_key, g_iv, g_ad,
				AEAD_AD_LEN, g_dst, g_src, len, g_out);
	else if (sc_ccp_open_buf(aead_impl(j, len), g_key, g_iv, g_ad,
				 AEAD_AD_LEN, g_dst, g_sealed, len, g_tag))
		open_refused("open");
}

/* Poly1305 of @len bytes, zero-padded to 16, through the best row. */
static void twopass_mac(struct sc_poly1305_core *core, const u8 *p, size_t len)
{
	u8 block[16] = { 0 };
	size_t whole = len & ~(size_t)15;

	while (whole) {
		size_t n = whole < SC_SIMD_CHUNK ? whole : SC_SIMD_CHUNK;

		sc_poly1305_pick(whole)->blocks(core, p, n, 1);
		p += n;
		whole -= n;
		len -= n;
	}
	if (len) {
		memcpy(block, p, len);
		sc_poly1305_pick(16)->blocks(core, block, 16, 1);
	}
}

/*
 * The template's shape with our rows: the Poly1305 key from its own
 * ChaCha call, ChaCha20 over the whole text, then Poly1305 over it.
 */
static void twopass_aead(const struct job *j, size_t len)
{
	const u8 *src = j->alg->open ? g_sealed : g_src;
	struct sc_poly1305_core core;
	u8 iv[16] = { 0 }, block[64] = { 0 }, lens[16], tag[16];
	u32 k32[8], st[16], s[4];
	size_t done, n;
	int i;

	key_words(g_key, k32);
	memcpy(iv + 4, g_iv, 12);
	sc_chacha_init_state(st, k32, iv);
	sc_chacha_pick(64)->xor_stream(st, block, block, 64, 20);
	sc_poly1305_core_setkey(&core, block);
	for (i = 0; i < 4; i++)
		s[i] = get_unaligned_le32(block + 16 + 4 * i);
	st[12] = 1;
	if (j->alg->open) {
		twopass_mac(&core, g_ad, AEAD_AD_LEN);
		twopass_mac(&core, src, len);
	}
	for (done = 0; done < len; done += n) {
		n = len - done < SC_SIMD_CHUNK ? len - done : SC_SIMD_CHUNK;
		sc_chacha_crypt(sc_chacha_pick(len - done), st, g_dst + done,
				src + done, (unsigned int)n, 20);
	}
	if (!j->alg->open) {
		twopass_mac(&core, g_ad, AEAD_AD_LEN);
		twopass_mac(&core, g_dst, len);
	}
	for (i = 0; i < 8; i++) {
		lens[i] = (u8)((u64)AEAD_AD_LEN >> (8 * i));
		lens[8 + i] = (u8)((u64)len >> (8 * i));
	}
	sc_poly1305_pick(16)->blocks(&core, lens, 16, 1);
	sc_poly1305_emit(&core, s, j->alg->open ? tag : g_out);
	if (j->alg->open && memcmp(tag, g_tag, 16))
		open_refused("two-pass open");
}

static void openssl_aead(const struct job *j, size_t len)
{
	int outl;

	if (!j->alg->open) {
		if (EVP_EncryptInit_ex(g_actx, NULL, NULL, g_key, g_iv) != 1 ||
		    EVP_EncryptUpdate(g_actx, NULL, &outl, g_ad, AEAD_AD_LEN) != 1 ||
		    EVP_EncryptUpdate(g_actx, g_dst, &outl, g_src, (int)len) != 1 ||
		    EVP_EncryptFinal_ex(g_actx, g_dst + len, &outl) != 1 ||
		    EVP_CIPHER_CTX_ctrl(g_actx, EVP_CTRL_AEAD_GET_TAG, 16,
					g_out) != 1)
			die("openssl chacha20-poly1305 seal");
		return;
	}
	if (EVP_DecryptInit_ex(g_actx, NULL, NULL, g_key, g_iv) != 1 ||
	    EVP_DecryptUpdate(g_actx, NULL, &outl, g_ad, AEAD_AD_LEN) != 1 ||
	    EVP_DecryptUpdate(g_actx, g_dst, &outl, g_sealed, (int)len) != 1 ||
	    EVP_CIPHER_CTX_ctrl(g_actx, EVP_CTRL_AEAD_SET_TAG, 16, g_tag) != 1)
		die("openssl chacha20-poly1305 open");
	if (EVP_DecryptFinal_ex(g_actx, g_dst + len, &outl) != 1)
		open_refused("openssl chacha20-poly1305 open");
}

static void sodium_aead(const struct job *j, size_t len)
{
	unsigned long long tl;

	if (!j->alg->open)
		crypto_aead_chacha20poly1305_ietf_encrypt_detached(g_dst, g_out,
			&tl, g_src, len, g_ad, AEAD_AD_LEN, NULL, g_iv, g_key);
	else if (crypto_aead_chacha20poly1305_ietf_decrypt_detached(g_dst,
			NULL, g_sealed, len, g_tag, g_ad, AEAD_AD_LEN, g_iv,
			g_key))
		open_refused("libsodium open");
}

static void boring_aead(const struct job *j, size_t len)
{
	bool ok;

	/* BoringSSL wants text || tag contiguous */
	if (!j->alg->open)
		ok = boring_op(true, g_key, g_iv, g_ad, AEAD_AD_LEN, g_dst, g_src,
			       len);
	else
		ok = boring_op(false, g_key, g_iv, g_ad, AEAD_AD_LEN, g_dst,
			       g_sealed, len);
	if (!ok && j->alg->open)
		open_refused("boringssl open");
	else if (!ok)
		die("boringssl seal");
}

static void ipsecmb_aead(const struct job *j, size_t len)
{
	if (!ipsecmb_op(!j->alg->open, g_key, g_iv, g_ad, AEAD_AD_LEN, g_dst,
			j->alg->open ? g_sealed : g_src, len, g_out))
		die("ipsec-mb job failed");
	if (j->alg->open && memcmp(g_out, g_tag, 16))
		open_refused("ipsec-mb open");
}

/* For open: a message of @len sealed once, text || tag in g_sealed. */
static size_t g_prepared = SIZE_MAX;

static void aead_prepare(size_t len)
{
	g_prepared = len;
	sc_ccp_seal_buf(&sc_aead_impl_generic, g_key, g_iv, g_ad, AEAD_AD_LEN,
			g_sealed, g_src, len, g_tag);
	memcpy(g_sealed + len, g_tag, 16);
}

/* ---- multi-stream SHAKE128 and ExpandA ---- */

static u32 g_matrix[SC_MLDSA_MAX_KL * SC_MLDSA_MAX_KL * SC_MLDSA_N];

/* One stream's SHAKE128 by the x1 (best single-state row) or OpenSSL way. */
static void xn_one(const struct job *j, const u8 *in, size_t inlen, u8 *out,
		   size_t outlen)
{
	struct sc_keccak_sponge sp;

	if (j->kind == K_OPENSSL) {
		if (EVP_DigestInit_ex2(g_mdctx, g_md[j->alg - g_algs], NULL) != 1 ||
		    EVP_DigestUpdate(g_mdctx, in, inlen) != 1 ||
		    EVP_DigestFinalXOF(g_mdctx, out, outlen) != 1)
			die("openssl shake128");
		return;
	}
	sc_keccak_sponge_init(&sp, SHAKE128_RATE);
	sc_keccak_sponge_absorb(sc_keccak_pick(inlen), &sp, in, inlen);
	sc_keccak_sponge_finalize(sc_keccak_pick(sp.buflen), &sp,
				  SHAKE_DSBYTE);
	sc_keccak_sponge_squeeze(sc_keccak_pick(outlen), &sp, out, outlen);
}

/* ExpandA one stream at a time (x1, openssl), as a user without xN would. */
static void xn_expanda_x1(const struct job *j)
{
	const struct xn_alg *a = xn_of(j->alg);
	unsigned int e, got;
	u8 seed[XN_INLEN];
	u8 *buf = g_dst;

	memcpy(seed, g_key, 32);
	for (e = 0; e < a->k * a->l; e++) {
		seed[32] = e % a->l;
		seed[33] = e / a->l;
		xn_one(j, seed, sizeof(seed), buf, XN_OUTLEN);
		got = sc_mldsa_rej_ntt(g_matrix + SC_MLDSA_N * e, 0, buf, XN_OUTLEN);
		if (got < SC_MLDSA_N)
			die("expanda: 280 candidates were not enough");
	}
}

static void xn_op(const struct job *j)
{
	const struct xn_alg *a = xn_of(j->alg);
	const u8 *in[SC_KECCAKX_MAX];
	u8 *out[SC_KECCAKX_MAX];
	struct sc_shake_xn_ctx ctx;	/* both paths: the same memory */
	struct sc_keccakx_sponge *sp = &ctx.sp;
	const struct sc_keccakx_impl *im;
	unsigned int t;

	if (a->expanda) {
		int err;

		if (j->kind == K_X1 || j->kind == K_OPENSSL) {
			xn_expanda_x1(j);
			return;
		}
		/* a row of the xN table forced (sc_force_impl()), best the plan */
		WRITE_ONCE(sc_forced_row[SC_ALG_KECCAK_XN], j->kind == K_OURS ?
			   sc_impl_row(SC_ALG_KECCAK_XN, j->row) : NULL);
		err = sc_mldsa_expand_a(g_matrix, g_key, a->k, a->l);
		WRITE_ONCE(sc_forced_row[SC_ALG_KECCAK_XN], NULL);
		if (err)
			die("expanda");
		return;
	}
	for (t = 0; t < a->streams; t++) {
		in[t] = g_src + XN_INLEN * t;
		out[t] = g_dst + XN_OUTLEN * t;
	}
	if (j->kind == K_X1 || j->kind == K_OPENSSL) {
		for (t = 0; t < a->streams; t++)
			xn_one(j, in[t], XN_INLEN, out[t], XN_OUTLEN);
	} else if (j->kind == K_BEST) {
		sc_shake128_xn_init(&ctx, a->streams);
		sc_shake_xn_absorb(&ctx, in, XN_INLEN);
		sc_shake_xn_squeeze_blocks(&ctx, out, XN_BLOCKS);
	} else {
		/* one row, through the sponge the API runs (as ours_keccak) */
		im = sc_keccakx_impls[j->row];
		sc_keccakx_sponge_init(sp, a->streams, SHAKE128_RATE);
		sc_keccakx_sponge_absorb(im, sp, in, 0, XN_INLEN);
		sc_keccakx_sponge_finalize(sp, SHAKE_DSBYTE);
		sc_keccakx_sponge_squeeze(im, sp, out, XN_BLOCKS);
	}
}

static void openssl_op(const struct job *j, size_t len)
{
	const struct alg *a = j->alg;
	int outl;
	size_t outsz;
	unsigned int mdl;

	switch (a->fam) {
	case SC_ALG_AEAD:
		openssl_aead(j, len);
		break;
	case SC_ALG_CHACHA:
		if (EVP_EncryptInit_ex2(g_cctx, NULL, NULL, g_iv, NULL) != 1 ||
		    EVP_EncryptUpdate(g_cctx, g_dst, &outl, g_src, (int)len) != 1)
			die("openssl chacha20");
		break;
	case SC_ALG_POLY1305:
		if (EVP_MAC_init(g_macctx, g_key, 32, NULL) != 1 ||
		    EVP_MAC_update(g_macctx, g_src, len) != 1 ||
		    EVP_MAC_final(g_macctx, g_out, &outsz, 16) != 1)
			die("openssl poly1305");
		break;
	default: {
		EVP_MD *md = g_md[a - g_algs];

		if (EVP_DigestInit_ex2(g_mdctx, md, NULL) != 1 ||
		    EVP_DigestUpdate(g_mdctx, g_src, len) != 1)
			die("openssl digest");
		if (a->ds == SHAKE_DSBYTE) {
			if (EVP_DigestFinalXOF(g_mdctx, g_out, a->mdlen) != 1)
				die("openssl xof");
		} else if (EVP_DigestFinal_ex(g_mdctx, g_out, &mdl) != 1) {
			die("openssl final");
		}
		break;
	}
	}
}

static void sodium_op(const struct job *j, size_t len)
{
	const struct alg *a = j->alg;

	if (a->fam == SC_ALG_AEAD)
		sodium_aead(j, len);
	else if (a->fam == SC_ALG_POLY1305)
		crypto_onetimeauth_poly1305(g_out, g_src, len, g_key);
	else if (a->xchacha)
		/* the stream position from iv[24..31], as the kernel's IV */
		crypto_stream_xchacha20_xor_ic(g_dst, g_src, len, g_iv,
					       get_unaligned_le64(g_iv + 24),
					       g_key);
	else
		crypto_stream_chacha20_ietf_xor_ic(g_dst, g_src, len, g_iv + 4,
						   1, g_key);
}

/* ---- the masked-OpenSSL child: one request, one reply, over pipes ---- */

enum { MASKED_TIME, MASKED_CHECK };

struct masked_req {
	unsigned int alg;		/* index in g_algs */
	unsigned int op;		/* MASKED_TIME or MASKED_CHECK */
	size_t len;
	unsigned long iters;
};

static int g_masked_req = -1, g_masked_reply = -1;
static pid_t g_masked_pid;

static bool xfer(int fd, void *buf, size_t len, bool out)
{
	u8 *p = buf;

	while (len) {
		ssize_t n = out ? write(fd, p, len) : read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/*
 * MASKED_TIME: the seconds @iters operations took in the child, timed
 * there as sample() times them; MASKED_CHECK: the child checks its
 * output (check_job()) and stops if it is wrong.
 */
static double masked_call(const struct job *j, unsigned int op, size_t len,
			  unsigned long iters)
{
	struct masked_req rq = { .alg = (unsigned int)(j->alg - g_algs),
				 .op = op, .len = len, .iters = iters };
	double t;

	if (!xfer(g_masked_req, &rq, sizeof(rq), true) ||
	    !xfer(g_masked_reply, &t, sizeof(t), false))
		die("the masked-OpenSSL child stopped (its message is above)");
	return t;
}

/*
 * Not inlined, and neither is sample(): every job runs through the same
 * machine code.  Inlined into measure_pair()'s two calls they were two
 * copies of the loop, and at 16 B the first copy ran SHAKE256 18% slower
 * than the second with the same row in both (code placement, not the row).
 */
static noinline void run_op(const struct job *j, size_t len)
{
	if (j == g_fake)
		return;
	switch (xn_of(j->alg) ? K_OURS : j->kind) {
	case K_MASKED:
		masked_call(j, MASKED_TIME, len, 1);
		break;
	case K_OPENSSL:
		openssl_op(j, len);
		break;
	case K_SODIUM:
		sodium_op(j, len);
		break;
	case K_TWOPASS:
		twopass_aead(j, len);
		break;
	case K_BORING:
		boring_aead(j, len);
		break;
	case K_IPSECMB:
		ipsecmb_aead(j, len);
		break;
	default:
		if (j->alg->fam == SC_ALG_AEAD)
			ours_aead(j, len);
		else if (j->alg->fam == SC_ALG_KECCAK_XN)
			xn_op(j);
		else if (j->alg->fam == SC_ALG_CHACHA)
			ours_chacha(j, len);
		else if (j->alg->fam == SC_ALG_POLY1305)
			ours_poly1305(j, len);
		else
			ours_keccak(j, len);
	}
	__asm__ volatile("" : : "r"(g_dst), "r"(g_out) : "memory");
}

static noinline double sample(const struct job *j, size_t len,
			       unsigned long iters)
{
	double t0;
	unsigned long i;

	if (j->kind == K_MASKED)
		return masked_call(j, MASKED_TIME, len, iters);
	t0 = now();
	for (i = 0; i < iters; i++)
		run_op(j, len);
	return now() - t0;
}

/* ---- output checks ---- */

static u8 *g_ref;			/* the generic row's output */
static const struct alg *g_ref_alg;
static size_t g_ref_len;

/* Outputs filled with a pattern no job writes, before a checked run. */
static void poison(size_t len)
{
	memset(g_dst, 0x5a, (len > SC_KECCAKX_MAX * XN_OUTLEN ? len :
			     SC_KECCAKX_MAX * XN_OUTLEN) + 16);
	memset(g_out, 0x5a, sizeof(g_out));
	memset(g_matrix, 0x5a, sizeof(g_matrix));
}

/* Where a non-AEAD job's run of @len left its output; its length. */
static size_t job_output(const struct alg *a, size_t len, const u8 **out)
{
	const struct xn_alg *x = xn_of(a);

	*out = g_out;
	if (x && x->expanda) {
		*out = (const u8 *)g_matrix;
		return (size_t)x->k * x->l * SC_MLDSA_N * sizeof(g_matrix[0]);
	}
	if (x || a->fam == SC_ALG_CHACHA)
		*out = g_dst;
	return x ? (size_t)x->streams * XN_OUTLEN :
	       a->fam == SC_ALG_CHACHA ? len :
	       a->fam == SC_ALG_POLY1305 ? 16 : a->mdlen;
}

/*
 * @j's output at @len against the generic row's (row 0 of every table):
 * for the AEAD the message aead_prepare() sealed, and open must refuse it
 * with a forged tag (a row or peer that skipped the check would win).
 */
static void check_job(const struct job *j, size_t len)
{
	const struct alg *a = j->alg;
	const u8 *out;
	size_t n;

	if (j->kind == K_MASKED) {
		masked_call(j, MASKED_CHECK, len, 0);
		return;
	}
	if (a->fam == SC_ALG_AEAD) {
		const u8 *tag = j->kind == K_BORING ? g_dst + len : g_out;

		if (g_prepared != len)
			aead_prepare(len);
		poison(len);
		run_op(j, len);
		if (a->open ? memcmp(g_dst, g_src, len) :
		    memcmp(g_dst, g_sealed, len) || memcmp(tag, g_tag, 16))
			die("%s %s disagrees with the generic row at %zu bytes",
			    a->name, j->impl, len);
		if (!a->open)
			return;
		g_tag[0] ^= 1;
		g_sealed[len] ^= 1;
		g_forged = true;
		g_refused = false;
		run_op(j, len);
		g_forged = false;
		g_tag[0] ^= 1;
		g_sealed[len] ^= 1;
		if (!g_refused)
			die("%s %s accepted a forged tag at %zu bytes", a->name,
			    j->impl, len);
		return;
	}
	if (g_ref_alg != a || g_ref_len != len) {
		struct job ref = { .alg = a, .kind = K_OURS, .row = 0 };

		poison(len);
		run_op(&ref, len);
		n = job_output(a, len, &out);
		memcpy(g_ref, out, n);
		g_ref_alg = a;
		g_ref_len = len;
	}
	poison(len);
	run_op(j, len);
	n = job_output(a, len, &out);
	if (memcmp(out, g_ref, n))
		die("%s %s disagrees with the generic row at %zu bytes", a->name,
		    j->impl, len);
}

/* Every job of @a at @len (the masked child's checked in the child). */
static void check_alg(const struct alg *a, size_t len)
{
	unsigned int i;

	for (i = 0; i < g_njobs; i++)
		if (g_jobs[i].alg == a)
			check_job(&g_jobs[i], len);
}

/*
 * Samples of @len for @j: how many operations make one of at least 50 us
 * (short, so that on a shared machine many run without interruption).
 */
static unsigned long sample_iters(const struct job *j, size_t len)
{
	unsigned long iters = 1;
	double start = now();

	while (now() - start < 0.002)		/* warm-up */
		run_op(j, len);
	while (sample(j, len, iters) < 5e-5)
		iters *= 2;
	return iters;
}

/*
 * Bytes per second of @a and @b, their samples taking turns (at least 10
 * each, for twice the time per point): what both saw of a shared machine
 * is the same, so their ratio holds where separate runs drift apart.
 */
/*
 * Samples taken while another thread used this core (sc_core_busy(), the
 * load-time calibration's probe: impl.c, Documentation/design.rst) do not
 * count where samples on a free core can be had: in such spells the rows
 * slow down unequally (the ones that weave general-register code into
 * vector code up to 1.8x, others hardly), and on a Zen 4 guest one of
 * them lasting seconds put every Poly1305 dispatch check of a run 25-35%
 * slow and failed one of them.  A measurement that saw too few samples
 * on a free core (MIN_QUIET) goes on for up to BUSY_EXTRA_S more, out of
 * a budget of BUSY_BUDGET_S for the whole run; after that its busy
 * samples count.  The report says how many samples were busy.
 */
#define MIN_QUIET	4
#define BUSY_EXTRA_S	2.0
#define BUSY_BUDGET_S	60.0
#define MIN(a, b)	((a) < (b) ? (a) : (b))

static unsigned long g_samples, g_busy_samples;
static double g_busy_extra;

static void busy_count(bool busy)
{
	g_samples++;
	g_busy_samples += busy;
}

/* Whether a measurement begun at @start, due to end after @due s, goes on. */
static bool busy_wait_more(unsigned int quiet, double start, double due)
{
	double over = now() - start - due;

	if (quiet >= MIN_QUIET || over >= BUSY_EXTRA_S ||
	    g_busy_extra + over >= BUSY_BUDGET_S)
		return false;
	return true;
}

/* A measurement that went on past @due: its extra time off the budget. */
static void busy_spent(double start, double due)
{
	double over = now() - start - due;

	if (over > 0)
		g_busy_extra += over;
}

static void measure_pair(const struct job *a, const struct job *b, size_t len,
			 double *bps_a, double *bps_b)
{
	unsigned long ia = sample_iters(a, len), ib = sample_iters(b, len);
	double ta[2] = { 1e9, 1e9 }, tb[2] = { 1e9, 1e9 }, start = now();
	unsigned int n = 0, quiet = 0;

	while (n < 10 || now() - start < 2 * g_time ||
	       busy_wait_more(quiet, start, 2 * g_time)) {
		bool busy = sc_core_busy();
		double t_a, t_b;

		if (n & 1) {	/* a b, then b a: neither always runs first */
			t_b = sample(b, len, ib) / ib;
			t_a = sample(a, len, ia) / ia;
		} else {
			t_a = sample(a, len, ia) / ia;
			t_b = sample(b, len, ib) / ib;
		}
		busy |= sc_core_busy();
		busy_count(busy);
		quiet += !busy;
		ta[busy] = MIN(ta[busy], t_a);
		tb[busy] = MIN(tb[busy], t_b);
		n++;
	}
	busy_spent(start, 2 * g_time);
	*bps_a = len / (quiet ? ta[0] : ta[1]);
	*bps_b = len / (quiet ? tb[0] : tb[1]);
}

/*
 * The jobs of one algorithm at size index @s (@len bytes), their samples
 * taking turns:
 * each job takes two samples back to back per round (the second starts
 * warm, whatever ran before), the order reversed every round, rounds until
 * @n x --time seconds have passed and each job has had at least 10
 * samples; each keeps its best.  On a VM the host's clock moves over
 * seconds, and jobs timed one after the other would each see a different
 * one; in turns they see the same, so their ratios hold.
 */
#define TURN_SAMPLES	2
#define MAXTURNJOBS	32

static void measure_turns_at(struct job **jobs, unsigned int n, size_t len,
			     double *bps)
{
	unsigned long iters[MAXTURNJOBS];
	double best[2][MAXTURNJOBS], x[MAXTURNJOBS][TURN_SAMPLES], start;
	unsigned int i, k, t, round, quiet = 0;

	for (i = 0; i < n; i++) {
		double start = now();

		while (now() - start < 0.002)	/* warm-up */
			run_op(jobs[i], len);
		for (iters[i] = 1; sample(jobs[i], len, iters[i]) < 2e-4;)
			iters[i] *= 2;
		best[0][i] = 1e9;
		best[1][i] = 1e9;
	}
	start = now();
	for (round = 0; round * TURN_SAMPLES < 10 || now() - start < n * g_time ||
	     busy_wait_more(quiet, start, n * g_time); round++) {
		bool busy = sc_core_busy();

		for (k = 0; k < n; k++) {
			i = round & 1 ? n - 1 - k : k;
			for (t = 0; t < TURN_SAMPLES; t++)
				x[i][t] = sample(jobs[i], len, iters[i]) /
					  iters[i];
		}
		busy |= sc_core_busy();
		busy_count(busy);
		quiet += !busy;
		for (i = 0; i < n; i++)
			for (t = 0; t < TURN_SAMPLES; t++)
				best[busy][i] = MIN(best[busy][i], x[i][t]);
	}
	busy_spent(start, n * g_time);
	for (i = 0; i < n; i++)
		bps[i] = len / best[quiet ? 0 : 1][i];
}

static void measure_turns(struct job **jobs, unsigned int n, unsigned int s,
			  size_t len)
{
	double bps[MAXTURNJOBS];
	unsigned int i;

	measure_turns_at(jobs, n, len, bps);
	for (i = 0; i < n; i++)
		jobs[i]->bps[s] = bps[i];
}

/* Every job of @a, in turns, size by size. */
static void measure_alg(const struct alg *a)
{
	struct job *jobs[MAXTURNJOBS];
	unsigned int i, n = 0, s;

	for (i = 0; i < g_njobs; i++) {
		if (g_jobs[i].alg != a)
			continue;
		if (n == MAXTURNJOBS)
			die("%s: more than %d jobs", a->name, MAXTURNJOBS);
		jobs[n++] = &g_jobs[i];
	}
	if (!n)
		return;
	fprintf(stderr, "bench: %s, %u implementations in turns\n", a->name, n);
	if (xn_of(a)) {
		/* one point: bytes over every stream's output, in bps[0] */
		measure_turns(jobs, n, 0, xn_bytes(a));
		check_alg(a, xn_bytes(a));
		return;
	}
	for (s = 0; s < alg_nsizes(a); s++) {
		if (a->open)
			aead_prepare(alg_size(a, s));
		measure_turns(jobs, n, s, alg_size(a, s));
		/* the outputs once more, after the timing */
		check_alg(a, alg_size(a, s));
	}
}

/* ---- setup ---- */

static void openssl_setup(void)
{
	unsigned int i;

	g_cctx = EVP_CIPHER_CTX_new();
	g_cipher = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL);
	g_mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
	g_macctx = g_mac ? EVP_MAC_CTX_new(g_mac) : NULL;
	g_mdctx = EVP_MD_CTX_new();
	if (!g_cctx || !g_cipher || !g_macctx || !g_mdctx)
		die("OpenSSL setup");
	if (EVP_EncryptInit_ex2(g_cctx, g_cipher, g_key, g_iv, NULL) != 1)
		die("EVP_EncryptInit_ex2");
	g_actx = EVP_CIPHER_CTX_new();
	g_aead = EVP_chacha20_poly1305();
	if (!g_actx || EVP_CipherInit_ex(g_actx, g_aead, NULL, NULL, NULL, 1) != 1 ||
	    EVP_CIPHER_CTX_ctrl(g_actx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) != 1)
		die("OpenSSL chacha20-poly1305 setup");
	for (i = 0; i < ARRAY_SIZE(g_algs); i++)
		if ((g_algs[i].fam == SC_ALG_KECCAK ||
		     g_algs[i].fam == SC_ALG_KECCAK_XN) &&
		    !(g_md[i] = EVP_MD_fetch(NULL, g_algs[i].ossl, NULL)))
			die("EVP_MD_fetch %s", g_algs[i].ossl);
}

static void add_job(const struct alg *a, int kind, unsigned int row,
		    const char *impl)
{
	struct job *j;

	/* every table's rows and peers: 133 on x86_64 with AVX-512 */
	if (g_njobs == ARRAY_SIZE(g_jobs))
		die("more than %zu jobs: make g_jobs larger", ARRAY_SIZE(g_jobs));
	j = &g_jobs[g_njobs++];
	j->alg = a;
	j->kind = kind;
	j->row = row;
	snprintf(j->impl, sizeof(j->impl), "%s", impl);
}

static void pin_cpu(char *desc, size_t len)
{
	cpu_set_t set;
	const char *env = getenv("BENCH_CPU");
	int cpu = -1, i;

	if (sched_getaffinity(0, sizeof(set), &set)) {
		snprintf(desc, len, "not pinned (%s)", strerror(errno));
		return;
	}
	if (env && *env)
		cpu = atoi(env);
	else
		for (i = 0; i < CPU_SETSIZE; i++)
			if (CPU_ISSET(i, &set))
				cpu = i;	/* the last allowed CPU */
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		snprintf(desc, len, "not pinned (%s)", strerror(errno));
	else
		snprintf(desc, len, "pinned to CPU %d", cpu);
}

static void select_algs(const char *list)
{
	char buf[256], *tok, *save = NULL;
	unsigned int i;
	bool any = false;

	if (!list || !*list) {
		for (i = 0; i < ARRAY_SIZE(g_algs); i++)
			g_selected[i] = true;
		return;
	}
	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, ", ", &save); tok;
	     tok = strtok_r(NULL, ", ", &save)) {
		for (i = 0; i < ARRAY_SIZE(g_algs); i++)
			if (!strcmp(tok, g_algs[i].name) ||
			    (!strcmp(tok, "sha3") && !strncmp(g_algs[i].name, "sha3-", 5)) ||
			    (!strcmp(tok, "shake") && !strncmp(g_algs[i].name, "shake", 5)) ||
			    (!strcmp(tok, "chacha") && g_algs[i].fam == SC_ALG_CHACHA))
				g_selected[i] = any = true;
		if (!any)
			die("unknown algorithm '%s' (known: chacha20 xchacha20 "
			    "xchacha12 poly1305 sha3-224 sha3-256 sha3-384 sha3-512 "
			    "shake128 shake256 shake128-x2 shake128-x4 shake128-x8 "
			    "mldsa65-expanda, or chacha, sha3, shake)", tok);
		any = false;
	}
}

/*
 * The masked-OpenSSL child: requests on stdin, replies on stdout, until
 * the parent closes the pipe.
 */
static int openssl_child(void)
{
	struct masked_req rq;

	while (xfer(0, &rq, sizeof(rq), false)) {
		struct job j = { .kind = K_OPENSSL, .impl = "openssl-avx2" };
		double t = 0;

		if (rq.alg >= ARRAY_SIZE(g_algs) || !g_algs[rq.alg].ossl ||
		    rq.len > MAXSIZE)
			die("masked child: bad request");
		j.alg = &g_algs[rq.alg];
		if (rq.op == MASKED_CHECK) {
			check_job(&j, rq.len);
		} else {
			if (j.alg->open && g_prepared != rq.len)
				aead_prepare(rq.len);
			t = sample(&j, rq.len, rq.iters);
		}
		if (!xfer(1, &t, sizeof(t), true))
			die("masked child: reply");
	}
	return 0;
}

/* The child, OpenSSL's AVX-512 paths masked, on this process's CPU. */
static void start_masked_openssl(const char *self)
{
	int rq[2], reply[2];

	if (pipe(rq) || pipe(reply))
		die("pipe");
	/* a child that died shows as EPIPE, and masked_call() says so */
	signal(SIGPIPE, SIG_IGN);
	g_masked_pid = fork();
	if (g_masked_pid < 0)
		die("fork");
	if (!g_masked_pid) {
		dup2(rq[0], 0);
		dup2(reply[1], 1);
		close(rq[0]);
		close(rq[1]);
		close(reply[0]);
		close(reply[1]);
		setenv("OPENSSL_ia32cap", OSSL_AVX2_MASK, 1);
		execl("/proc/self/exe", self, "--openssl-child", (char *)NULL);
		_exit(127);
	}
	close(rq[0]);
	close(reply[1]);
	g_masked_req = rq[1];
	g_masked_reply = reply[0];
}

static void stop_masked_openssl(void)
{
	int status;

	if (g_masked_req < 0)
		return;
	close(g_masked_req);
	close(g_masked_reply);
	g_masked_req = g_masked_reply = -1;
	waitpid(g_masked_pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		die("the masked-OpenSSL child failed");
}

/* ---- report ---- */

static char *g_md_buf;
static size_t g_md_len, g_md_cap;

static void __attribute__((format(printf, 1, 2))) md(const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(g_md_buf + g_md_len, g_md_cap - g_md_len, fmt, ap);
		va_end(ap);
		if (n >= 0 && g_md_len + (size_t)n < g_md_cap)
			break;
		g_md_cap = g_md_cap * 2 + 4096 + n;
		g_md_buf = realloc(g_md_buf, g_md_cap);
		if (!g_md_buf)
			die("realloc");
	}
	g_md_len += n;
}

static const char *size_name(size_t s)
{
	static char buf[MAXSIZES][32];
	static unsigned int k;
	char *b = buf[k++ % MAXSIZES];

	if (s >= 1048576 && !(s & 1048575))
		snprintf(b, 32, "%zu MiB", s >> 20);
	else if (s >= 1024 && !(s & 1023))
		snprintf(b, 32, "%zu KiB", s >> 10);
	else
		snprintf(b, 32, "%zu B", s);
	return b;
}

static bool has_kind(const struct alg *a, int kind)
{
	unsigned int i;

	for (i = 0; i < g_njobs; i++)
		if (g_jobs[i].alg == a && g_jobs[i].kind == kind)
			return true;
	return false;
}

/* A peer the best-peer ratios and the targets count (g_avx512_hidden). */
static bool counted_peer(const struct job *j)
{
	switch (j->kind) {
	case K_OPENSSL:
		return !g_avx512_hidden || !has_kind(j->alg, K_MASKED);
	case K_SODIUM:
	case K_BORING:
	case K_IPSECMB:
	case K_MASKED:
		return true;
	default:
		return false;
	}
}

static double best_peer(const struct alg *a, unsigned int s)
{
	double best = 0;
	unsigned int i;

	for (i = 0; i < g_njobs; i++)
		if (g_jobs[i].alg == a && counted_peer(&g_jobs[i]) &&
		    g_jobs[i].bps[s] > best)
			best = g_jobs[i].bps[s];
	return best;
}

static unsigned int size_index(const struct alg *a, size_t size)
{
	unsigned int s;

	for (s = 0; s < alg_nsizes(a); s++)
		if (alg_size(a, s) == size)
			return s;
	die("no size %zu for %s", size, a->name);
	return 0;
}

static void cpu_model(char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];

	snprintf(buf, len, "unknown");
	while (f && fgets(line, sizeof(line), f)) {
		char *p = strchr(line, ':');

		if (!strncmp(line, "model name", 10) && p) {
			p += 2;
			p[strcspn(p, "\n")] = 0;
			snprintf(buf, len, "%s", p);
			break;
		}
	}
	if (f)
		fclose(f);
}

/*
 * "amd-family26-model2": the CPU's vendor, family and model as
 * /proc/cpuinfo shows them, for the per-CPU result files.
 */
static void cpu_id(char *buf, size_t len)
{
#if defined(__x86_64__)
	unsigned int family, model;
	char vendor[13];

	sc_cpu_ident(vendor, &family, &model);
	snprintf(buf, len, "%s-family%u-model%u",
		 !strcmp(vendor, "AuthenticAMD") ? "amd" :
		 !strcmp(vendor, "GenuineIntel") ? "intel" : vendor, family, model);
#else
	FILE *f = fopen("/proc/cpuinfo", "r");
	unsigned int impl = 0, part = 0;
	char line[256];

	while (f && fgets(line, sizeof(line), f)) {
		sscanf(line, "CPU implementer : %x", &impl);
		sscanf(line, "CPU part : %x", &part);
	}
	if (f)
		fclose(f);
	snprintf(buf, len, "arm64-implementer%#x-part%#x", impl, part);
#endif
}

/*
 * A run with SC_CPU_MASK (features hidden: "avx2", "avx512,-vbmi2") is not
 * this CPU's own table: its files get "-as-" and the mask after the CPU's
 * name (',' -> '-', '-' -> "no"), e.g. RESULTS-intel-family6-model207-as-avx2.md,
 * so that it never overwrites the unmasked run.
 */
static void cpu_id_masked(char *buf, size_t len)
{
	const char *mask = getenv("SC_CPU_MASK");
	size_t n;

	cpu_id(buf, len);
	if (!mask || !*mask)
		return;
	n = strlen(buf);
	if (n + 5 > len)
		return;
	memcpy(buf + n, "-as-", 4);
	n += 4;
	for (; *mask && n + 3 < len; mask++) {
		if (*mask == '-') {
			buf[n++] = 'n';
			buf[n++] = 'o';
		} else if (*mask == ',') {
			buf[n++] = '-';
		} else if (isalnum((unsigned char)*mask)) {
			buf[n++] = *mask;
		}
	}
	buf[n] = '\0';
}

/* @path with "%cpu" replaced by cpu_id(). */
static const char *cpu_path(const char *path, const char *id)
{
	static char buf[2][512];
	static unsigned int k;
	char *b = buf[k++ & 1];
	const char *p = path ? strstr(path, "%cpu") : NULL;

	if (!p)
		return path;
	snprintf(b, sizeof(buf[0]), "%.*s%s%s", (int)(p - path), path, id, p + 4);
	return b;
}

static const struct job *find_job(const struct alg *a, const char *impl)
{
	unsigned int i;

	for (i = 0; i < g_njobs; i++)
		if (g_jobs[i].alg == a && !strcmp(g_jobs[i].impl, impl))
			return &g_jobs[i];
	return NULL;
}

static unsigned int g_checks, g_check_fails;

/*
 * A check's pair (measure_pair()) against what the same jobs measured in
 * the table or the turns before it (@ref_a, @ref_b in bytes/s, 0 where
 * there is none): a side more than CHECK_SLOW slower than that was timed
 * in a slow spell of the machine, which the core probe does not always
 * see (a Zen 4 guest, AVX2 only: SHA3-224's check at 16 KiB ran `best`
 * 37% and the scalar row 21% slower than the table, both the same code,
 * and failed at 0.88x), and the pair is timed again, up to CHECK_TRIES
 * times; the last pair is judged.  A pick that is really slow is as slow
 * in the table, so it still fails.  g_check_retimed counts the pairs timed
 * again, for the report.
 */
#define CHECK_SLOW	1.10
#define CHECK_TRIES	3

static unsigned int g_check_retimed;

static bool check_pair_slow(double bps, double ref)
{
	return ref > 0 && bps * CHECK_SLOW < ref;
}

static void measure_check_pair(const struct job *a, const struct job *b,
			       size_t len, double ref_a, double ref_b,
			       double *bps_a, double *bps_b)
{
	unsigned int tries = 0;

	do {
		g_check_retimed += tries > 0;
		measure_pair(a, b, len, bps_a, bps_b);
	} while (++tries < CHECK_TRIES &&
		 (check_pair_slow(*bps_a, ref_a) ||
		  check_pair_slow(*bps_b, ref_b)));
}

static void __attribute__((format(printf, 2, 3))) check_line(bool ok, const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	md("| %s | %s |\n", line, ok ? "PASS" : "**FAIL**");
	g_checks++;
	g_check_fails += !ok;
}

/*
 * An xN alg's one point: `best` (the multi-stream API; ExpandA on the
 * plan) within 3% of the fastest row (the sponge on that row; ExpandA
 * with that row forced, xn_op()).
 */
static void xn_dispatch_check(const struct alg *a, const struct job *best,
			      double hz)
{
	const struct job *fast = NULL;
	double pb, pr;
	unsigned int k;

	for (k = 0; k < g_njobs; k++)
		if (g_jobs[k].alg == a && g_jobs[k].kind == K_OURS &&
		    (!fast || g_jobs[k].bps[0] > fast->bps[0]))
			fast = &g_jobs[k];
	if (!fast)
		return;
	measure_check_pair(best, fast, xn_bytes(a), best->bps[0], fast->bps[0],
			   &pb, &pr);
	check_line(pb >= 0.97 * pr, "%s: best %.3f, fastest row (%s) %.3f: %.3fx",
		   a->name, hz / pb, fast->impl, hz / pr, pb / pr);
}

/*
 * Whether job @j is a row that hands @len bytes to another row's code
 * (sc_impl.own_code_from): the same code as that row there, which it can
 * only match or beat by where its call lands (the AVX2 Poly1305 row ran
 * 64-byte messages 1.5-3% ahead of the scalar row, the same MULX code
 * both, and avx2-horiz ran 256 bytes 5% ahead of avx2-x16, the same
 * kernel both: each failed the check of a `best` that took the other),
 * so it is not the fastest row to check `best` against there.
 */
static bool runs_other_code(const struct job *j, size_t len)
{
	return j->kind == K_OURS && j->row &&
	       len < sc_impl_row(j->alg->fam, j->row)->own_code_from;
}

/*
 * The scalar row of @a's table: the last one that needs no SIMD section
 * but is not the generic C ("scalar" on x86_64, "arm64" on arm64).
 */
static const struct job *gpr_row_job(const struct alg *a)
{
	const struct job *gpr = NULL;
	unsigned int k;

	for (k = 0; k < g_njobs; k++)
		if (g_jobs[k].alg == a && g_jobs[k].kind == K_OURS &&
		    g_jobs[k].row && !sc_impl_row(a->fam, g_jobs[k].row)->simd)
			gpr = &g_jobs[k];
	return gpr;
}

/*
 * The table's sizes are the classes' longest lengths (or beyond them), where
 * calibration times the rows; a row can still lose inside a class, where its
 * kernels split a length differently (ChaCha20 at 576 bytes, 9 blocks, on an
 * AVX2 CPU: 1.7x the fastest row when the 513-768 class went to avx2-horiz,
 * which is fastest at 768).  So one table per algorithm family is checked
 * one block of 64 bytes past the start of each class from 257 bytes on: all
 * our rows but the generic C in turns, then `best` against the fastest in a
 * pair, within 3%.
 */
#define MID_FIRST_CLASS	9

static bool mid_checked(const struct alg *a)
{
	return (a->fam == SC_ALG_CHACHA && !a->xchacha) ||
	       a->fam == SC_ALG_POLY1305 || !strcmp(a->name, "sha3-256");
}

static void mid_class_checks(const struct alg *a, const struct job *best,
			     double hz)
{
	struct job *jobs[MAXTURNJOBS];
	double bps[MAXTURNJOBS], pb, pr;
	unsigned int n = 0, k, cl, fast;

	for (k = 0; k < g_njobs; k++)
		if (g_jobs[k].alg == a && g_jobs[k].kind == K_OURS &&
		    g_jobs[k].row && n < MAXTURNJOBS)
			jobs[n++] = &g_jobs[k];
	if (!n)
		return;
	for (cl = MID_FIRST_CLASS; cl < SC_NCLASSES; cl++) {
		size_t len = sc_class_len[cl - 1] + 64;

		measure_turns_at(jobs, n, len, bps);
		for (fast = n, k = 0; k < n; k++)
			if (!runs_other_code(jobs[k], len) &&
			    (fast == n || bps[k] > bps[fast]))
				fast = k;
		if (fast == n)
			continue;
		measure_check_pair(best, jobs[fast], len, 0, bps[fast],
				   &pb, &pr);
		check_line(pb >= 0.97 * pr,
			   "%s %zu B (inside a class): best %.2f, fastest row (%s) %.2f: %.3fx",
			   a->name, len, hz / pb, jobs[fast]->impl, hz / pr,
			   pb / pr);
	}
}

/*
 * The dispatch checks: `best` within 3% of the fastest row at every size
 * (and inside the classes: mid_class_checks()); ChaCha20 at 16-64 B at least as fast as libsodium; Poly1305 at 16-64 B
 * no slower than the scalar row + 3% (gpr_row_job(): by its name "scalar"
 * the check never ran on arm64, whose row is "arm64").  The rivals come from the table
 * above; each check then times the two again with their samples taking
 * turns (measure_check_pair: again where that pair ran in a slow spell),
 * and judges those numbers.
 */
static void dispatch_checks(double hz)
{
	unsigned int i, k, s;
	double pb, pr;

	fprintf(stderr, "bench: dispatch checks (paired runs)\n");
	md("\n### Dispatch checks\n\nEach pair timed again with samples taking turns, "
	   "cycles/byte.\n\n| check | result |\n|---|---|\n");
	for (i = 0; i < ARRAY_SIZE(g_algs); i++) {
		const struct alg *a = &g_algs[i];
		const struct job *best = find_job(a, "best");
		const struct job *peer;

		if (!g_selected[i] || !best)
			continue;
		if (xn_of(a)) {
			xn_dispatch_check(a, best, hz);
			continue;
		}
		for (s = 0; s < alg_nsizes(a); s++) {
			const struct job *fast = NULL;

			for (k = 0; k < g_njobs; k++)
				if (g_jobs[k].alg == a && g_jobs[k].kind == K_OURS &&
				    !runs_other_code(&g_jobs[k], alg_size(a, s)) &&
				    (!fast || g_jobs[k].bps[s] > fast->bps[s]))
					fast = &g_jobs[k];
			if (!fast)
				continue;
			if (a->fam == SC_ALG_AEAD)
				aead_prepare(alg_size(a, s));
			measure_check_pair(best, fast, alg_size(a, s),
					   best->bps[s], fast->bps[s], &pb, &pr);
			check_line(pb >= 0.97 * pr,
				   "%s %s: best %.2f, fastest row (%s) %.2f: %.3fx",
				   a->name, size_name(alg_size(a, s)), hz / pb,
				   fast->impl, hz / pr, pb / pr);
		}
		if (mid_checked(a))
			mid_class_checks(a, best, hz);
		peer = a->fam == SC_ALG_CHACHA && !a->xchacha ?
		       find_job(a, "libsodium") :
		       a->fam == SC_ALG_POLY1305 ? gpr_row_job(a) : NULL;
		if (!peer && (a->fam == SC_ALG_POLY1305 ||
			      (a->fam == SC_ALG_CHACHA && !a->xchacha)))
			check_line(false, "%s 16-64 B: no %s to compare best with",
				   a->name, a->fam == SC_ALG_POLY1305 ?
				   "general-register row" : "libsodium job");
		for (s = 0; peer && alg_size(a, s) <= 64; s++) {
			measure_check_pair(best, peer, alg_size(a, s),
					   best->bps[s], peer->bps[s], &pb, &pr);
			check_line(a->fam == SC_ALG_CHACHA ? pb >= pr : pb * 1.03 >= pr,
				   "%s %s: best %.2f, %s %.2f: %.3fx (want %s)",
				   a->name, size_name(alg_size(a, s)), hz / pb, peer->impl,
				   hz / pr, pb / pr,
				   a->fam == SC_ALG_CHACHA ? ">= 1" : ">= 0.97");
		}
	}
}

#define CALIB_REPEATS	100
#define CALIB_ROWS	16

#define STEADY_ROUNDS	5

/*
 * The rows' steady-state times at each class, relative to the fastest:
 * measured before the plans are built and again after.
 */
#define STEADY_JUDGES	2
static double g_steady[STEADY_JUDGES][SC_ALG_COUNT][SC_NCLASSES][CALIB_ROWS];
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Each row's steady-state time at each class, as a ratio to the fastest
 * row's: STEADY_ROUNDS rounds over the rows (every other one backwards),
 * each row's ratio to the round's fastest, the median over the rounds.
 * This machine's clock can move by 10-15% for milliseconds at a time (a
 * VM's host), so only times taken close together are compared.
 */
static void calib_steady(double steady[SC_ALG_COUNT][SC_NCLASSES][CALIB_ROWS])
{
	static u32 t[STEADY_ROUNDS][CALIB_ROWS];
	u32 fast[STEADY_ROUNDS];
	double q[STEADY_ROUNDS];
	unsigned int a, cl, r, k, n;

	for (a = 0; a < SC_ALG_COUNT; a++) {
		n = sc_nimpls[a] < CALIB_ROWS ? sc_nimpls[a] : CALIB_ROWS;
		for (cl = 0; cl < SC_NCLASSES; cl++) {
			for (k = 0; k < STEADY_ROUNDS; k++)
				for (r = 0; r < n; r++) {
					unsigned int i = k & 1 ? n - 1 - r : r;

					t[k][i] = sc_calib_steady(a, cl, i);
				}
			for (k = 0; k < STEADY_ROUNDS; k++)
				for (r = 0, fast[k] = UINT32_MAX; r < n; r++)
					fast[k] = t[k][r] < fast[k] ? t[k][r] : fast[k];
			for (r = 0; r < n; r++) {
				for (k = 0; k < STEADY_ROUNDS; k++)
					q[k] = t[k][r] == UINT32_MAX ? 0 :
					       (double)t[k][r] / fast[k];
				qsort(q, STEADY_ROUNDS, sizeof(q[0]), cmp_double);
				steady[a][cl][r] = q[STEADY_ROUNDS / 2];
			}
		}
	}
}

/* row @r at @cl against the fastest row there, in one steady state */
static double steady_cost(double steady[SC_ALG_COUNT][SC_NCLASSES][CALIB_ROWS],
			  unsigned int a, unsigned int cl, unsigned int r)
{
	double fast = 0;
	unsigned int i;

	for (i = 0; i < CALIB_ROWS; i++)
		if (steady[a][cl][i] && (!fast || steady[a][cl][i] < fast))
			fast = steady[a][cl][i];
	return fast ? steady[a][cl][r] / fast : 0;
}

/*
 * @pick at @cl against the fastest row there, in whichever of the two
 * steady states (before and after the plans) it did better.
 */
static double calib_pick_cost(unsigned int a, unsigned int cl,
			      const struct sc_impl *pick)
{
	double c0, c1;
	unsigned int r;

	for (r = 0; r < CALIB_ROWS && r < sc_nimpls[a]; r++)
		if (sc_impl_row(a, r) == pick) {
			c0 = steady_cost(g_steady[0], a, cl, r);
			c1 = steady_cost(g_steady[1], a, cl, r);
			return c0 < c1 ? c0 : c1;
		}
	return 0;
}

/*
 * Classes where the two steady states disagree by more than 10% about
 * some row against the fastest: the host's load moved between them.
 */
static unsigned int steady_shifts(unsigned int a)
{
	unsigned int cl, r, n = 0;

	for (cl = 0; cl < SC_NCLASSES; cl++)
		for (r = 0; r < CALIB_ROWS && r < sc_nimpls[a]; r++) {
			double c0 = steady_cost(g_steady[0], a, cl, r);
			double c1 = steady_cost(g_steady[1], a, cl, r);

			if (c0 && c1 && (c0 > 1.1 * c1 || c1 > 1.1 * c0)) {
				n++;
				break;
			}
		}
	return n;
}

/* one table's plans, judged: how many had a slow pick, the slowest */
struct calib_tally {
	unsigned int over5, over10, wrong;	/* > 5%, > 10%, > 20% slower */
	double worst;
	unsigned int worst_cl;
	const char *worst_row;
};

/* the repeatability section: per table, the plans with slow picks */
static void calib_report(double ms, const struct calib_tally *tl)
{
	unsigned int a;

	md("\n### Calibration repeatability\n\nThe plans built %u times as at "
	   "insmod (%.1f ms each), each class's pick against the fastest row "
	   "there: every row timed alone (300 us, then the best of 15 samples "
	   "of 20 us), %u rounds over the rows, the median of each row's ratio "
	   "to the round's fastest; measured before the plans and again after, "
	   "a pick judged by the better of the two (this host's load moves the "
	   "rows' relative speed for seconds at a time: \"classes judged apart\" "
	   "counts the classes where the two disagree about a row by more than "
	   "10%%).\n\n| check | result |\n|---|---|\n",
	   CALIB_REPEATS, ms, STEADY_ROUNDS);
	for (a = 0; a < SC_ALG_COUNT; a++) {
		const struct calib_tally *t = &tl[a];
		char desc[64];

		snprintf(desc, sizeof(desc), ", worst %s at %u B: %.2fx",
			 t->worst_row ? t->worst_row : "-",
			 sc_class_len[t->worst_cl], t->worst);
		check_line(t->wrong * 100 <= CALIB_REPEATS,
			   "%s: plans with a pick slower than the fastest row by "
			   "> 5%%: %u, > 10%%: %u, > 20%%: %u (want <= %u)%s; "
			   "classes judged apart: %u",
			   sc_alg_names[a], t->over5, t->over10, t->wrong,
			   CALIB_REPEATS / 100, t->worst > 1.05 ? desc : "",
			   steady_shifts(a));
	}
}

/* one plan's picks, judged against the steady states */
static void calib_tally_plan(const struct sc_impl *plan[SC_ALG_COUNT][SC_NCLASSES],
			     struct calib_tally *tl)
{
	unsigned int a, cl;

	for (a = 0; a < SC_ALG_COUNT; a++) {
		struct calib_tally *t = &tl[a];
		double run = 0;

		for (cl = 0; cl < SC_NCLASSES; cl++) {
			double c = calib_pick_cost(a, cl, plan[a][cl]);

			run = c > run ? c : run;
			if (c > t->worst) {
				t->worst = c;
				t->worst_cl = cl;
				t->worst_row = plan[a][cl]->name;
			}
		}
		t->over5 += run > 1.05;
		t->over10 += run > 1.10;
		t->wrong += run > 1.20;
	}
}

/*
 * Calibration repeatability: the plans built CALIB_REPEATS times as insmod
 * builds them, each class's pick judged against the rows' steady-state
 * times there (calib_steady(), before and after the plans).  A pick 20%
 * slower than the fastest row in both is a wrong plan, which a user keeps
 * until the module is loaded again: at most one plan in 100 may have one.
 * Closer calls (keccakx's scalar row against the x4 row with one stream,
 * about 10% apart) move with this machine's clock and are only counted.
 */
static void calib_repeatability(void)
{
	static const struct sc_impl *saved[SC_ALG_COUNT][2][SC_NCLASSES];
	static const struct sc_impl *plans[CALIB_REPEATS][SC_ALG_COUNT][SC_NCLASSES];
	struct calib_tally tl[SC_ALG_COUNT] = { 0 };
	unsigned int a, cl, k;
	double t0, ms;

	memcpy(saved, sc_plan, sizeof(saved));
	fprintf(stderr, "bench: calibration repeatability (%u plans)\n", CALIB_REPEATS);
	calib_steady(g_steady[0]);
	t0 = now();
	for (k = 0; k < CALIB_REPEATS; k++) {
		sc_dispatch_init(true);
		for (a = 0; a < SC_ALG_COUNT; a++)
			for (cl = 0; cl < SC_NCLASSES; cl++)
				plans[k][a][cl] = sc_plan[a][1][cl];
	}
	ms = (now() - t0) * 1e3 / CALIB_REPEATS;
	calib_steady(g_steady[1]);
	for (k = 0; k < CALIB_REPEATS; k++)
		calib_tally_plan(plans[k], tl);
	calib_report(ms, tl);
	/* the plan the benchmark measured, for what follows */
	memcpy(sc_plan, saved, sizeof(saved));
}

static void checks_summary(void)
{
	md("\n%u checks: %u passed, %u failed\n", g_checks, g_checks - g_check_fails,
	   g_check_fails);
	md("\nPairs timed again because a side ran more than %.0f%% slower than "
	   "in the table: %u.\n", (CHECK_SLOW - 1) * 100, g_check_retimed);
}

static const struct alg *alg_named(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(g_algs); i++)
		if (!strcmp(g_algs[i].name, name))
			return &g_algs[i];
	return NULL;
}

/*
 * Stack depth: each of our rows (and `best`) at a few sizes, its operation
 * run from each of 256 stack depths 16 bytes apart (a page of them),
 * against the row's median depth.  A frame whose vector slots sit wherever
 * the caller's %rsp falls crosses cache lines at some depths and a page at
 * a few; the depth is fixed by the call path, so a user (or calibration)
 * could sit on the slow one for good.  Zen 4, before the kernels' frames
 * were aligned: the AVX2 ChaCha batch 6% slower at 3 depths in 8, and
 * `best` 3.8x slower at the depths where its spill slot crossed a page.
 * Each depth's best of STACK_PASSES passes over all depths (a burst of
 * noise hits one pass); the slowest few then timed again in turns with the
 * median depth, STACK_RETIME samples each, in two rounds (the lower ratio
 * counts), and a row still over the limit three times more after all the
 * rows (stack_recheck()).  Every row's slowest depth may be STACK_LIMIT
 * over the median: an unaligned frame crosses a page at some depth, far
 * over that, and a few depths can be up to 7% slow where a frame's bytes
 * alias the data 4 KiB apart (the AEAD's onepass row at 384 bytes, AVX2
 * only: every other depth in a band as wide as the message).
 */
#define STACK_DEPTHS	256
#define STACK_PASSES	3
#define STACK_SUSPECTS	6
#define STACK_RETIME	24
#define STACK_BYTES	16384
#define STACK_LIMIT	1.10

static const char *const g_stack_algs[] = {
	"chacha20", "poly1305", "chacha20-poly1305", "sha3-256",
};
static const size_t g_stack_sizes[] = { 384, 4096 };

static double dmin(double a, double b)
{
	return a < b ? a : b;
}

/*
 * Operations of @len bytes, STACK_BYTES in all (a sample of 4 to 20 us,
 * well above the clock's steps), with the stack @depth bytes deeper; the
 * time in seconds.
 */
static noinline double time_at_depth(const struct job *j, size_t len,
				     unsigned int depth)
{
	volatile u8 *pad = alloca(depth + 1);
	unsigned int k, n = (STACK_BYTES + len - 1) / len;
	double t0;

	pad[0] = 0;
	t0 = now();
	for (k = 0; k < n; k++)
		run_op(j, len);
	return now() - t0;
}

struct stack_result {
	double ratio;		/* the slowest depth over the median */
	unsigned int depth;	/* bytes deeper, at the slowest */
	unsigned int median;	/* bytes deeper, at the median */
};

/* Depth @a's time over depth @b's, STACK_RETIME samples each in turns. */
static double stack_ratio(const struct job *j, size_t len, unsigned int a,
			  unsigned int b)
{
	double ta = INFINITY, tb = INFINITY;
	unsigned int p;

	for (p = 0; p < STACK_RETIME; p++) {
		ta = dmin(ta, time_at_depth(j, len, a));
		tb = dmin(tb, time_at_depth(j, len, b));
	}
	return ta / tb;
}

/*
 * A row over the limit, timed again at its slowest depth after the other
 * rows (and three pauses of 20 ms): a burst of host load can outlast the
 * two rounds of stack_job() (half a millisecond at 4 KiB), not these.
 */
static void stack_recheck(const struct job *j, size_t len,
			  struct stack_result *res)
{
	const struct timespec pause = { 0, 20 * 1000 * 1000 };
	unsigned int round;

	for (round = 0; round < 3 && res->ratio > STACK_LIMIT; round++) {
		nanosleep(&pause, NULL);
		res->ratio = dmin(res->ratio, stack_ratio(j, len, res->depth,
							  res->median));
	}
}

static void stack_job(const struct job *j, size_t len, struct stack_result *res)
{
	static double t[STACK_DEPTHS], sorted[STACK_DEPTHS];
	unsigned int d, p, k, round, med = 0, sus[STACK_SUSPECTS], nsus = 0;
	double m, x, r[STACK_SUSPECTS];

	for (d = 0; d < STACK_DEPTHS; d++)
		t[d] = INFINITY;
	for (p = 0; p < STACK_PASSES; p++)
		for (d = 0; d < STACK_DEPTHS; d++)
			t[d] = dmin(t[d], time_at_depth(j, len, 16 * d));
	memcpy(sorted, t, sizeof(t));
	qsort(sorted, STACK_DEPTHS, sizeof(double), cmp_double);
	m = sorted[STACK_DEPTHS / 2];
	for (d = 0; d < STACK_DEPTHS; d++)
		if (t[d] == m)
			med = d;
	/* the slowest depths, slowest first */
	for (k = 0; k < STACK_SUSPECTS; k++) {
		x = sorted[STACK_DEPTHS - 1 - k];
		for (d = 0; d < STACK_DEPTHS && x > m; d++)
			if (t[d] == x) {
				sus[nsus++] = d;
				t[d] = -1;
				break;
			}
	}
	/* two rounds over them: a short burst of noise spoils one */
	for (k = 0; k < nsus; k++)
		r[k] = INFINITY;
	for (round = 0; round < 2; round++)
		for (k = 0; k < nsus; k++)
			r[k] = dmin(r[k], stack_ratio(j, len, 16 * sus[k],
						      16 * med));
	res->ratio = 1;
	res->median = res->depth = 16 * med;
	for (k = 0; k < nsus; k++)
		if (r[k] > res->ratio) {
			res->ratio = r[k];
			res->depth = 16 * sus[k];
		}
}

/* The jobs of @a the stack-depth check times: our rows and best. */
static bool stack_row(const struct job *j, const struct alg *a)
{
	return j->alg == a && (j->kind == K_OURS || j->kind == K_BEST);
}

static void stack_depth_checks(void)
{
	static char lines[ARRAY_SIZE(g_stack_algs) * ARRAY_SIZE(g_stack_sizes)][200];
	bool ok[ARRAY_SIZE(lines)];
	static struct stack_result res[ARRAY_SIZE(g_jobs)];
	struct stack_result worst;
	const char *wrow;
	unsigned int i, s, k, n = 0;
	const struct alg *a;

	md("\n### Stack depth\n\nEach row's operation run from %u stack depths "
	   "16 bytes apart, best of %u passes; the slowest depths timed again "
	   "in turns with the median one (%u samples each, two rounds, the "
	   "lower ratio kept; a row still over %.2fx three rounds more after "
	   "the others).  Per row: the slowest depth's time over the "
	   "median's.\n\n",
	   STACK_DEPTHS, STACK_PASSES, STACK_RETIME, STACK_LIMIT);
	fprintf(stderr, "bench: stack depths\n");
	for (i = 0; i < ARRAY_SIZE(g_stack_algs); i++) {
		a = alg_named(g_stack_algs[i]);
		if (!a || !g_selected[a - g_algs])
			continue;
		for (s = 0; s < ARRAY_SIZE(g_stack_sizes); s++) {
			memset(&worst, 0, sizeof(worst));
			wrow = "";
			md("- %s %zu B:", a->name, g_stack_sizes[s]);
			for (k = 0; k < g_njobs; k++)
				if (stack_row(&g_jobs[k], a))
					stack_job(&g_jobs[k], g_stack_sizes[s], &res[k]);
			for (k = 0; k < g_njobs; k++) {
				if (!stack_row(&g_jobs[k], a))
					continue;
				stack_recheck(&g_jobs[k], g_stack_sizes[s], &res[k]);
				md(" %s %.3f;", g_jobs[k].impl, res[k].ratio);
				if (res[k].ratio > worst.ratio) {
					worst = res[k];
					wrow = g_jobs[k].impl;
				}
			}
			md("\n");
			ok[n] = worst.ratio <= STACK_LIMIT;
			snprintf(lines[n++], sizeof(lines[0]), "%s %zu B, slowest stack "
				 "depth over the median: %s %.3fx at %u bytes deeper "
				 "(want <= %.2f)", a->name, g_stack_sizes[s], wrow,
				 worst.ratio, worst.depth, STACK_LIMIT);
		}
	}
	if (!n)
		return;
	md("\n| check | result |\n|---|---|\n");
	for (i = 0; i < n; i++)
		check_line(ok[i], "%s", lines[i]);
}

static unsigned int g_targets, g_target_misses;

/* One target line: @ratio against @want, PASS or FAIL. */
/* A ratio from a missing measurement (inf, NaN) is a failure too. */
static void target(const char *what, double ratio, double want)
{
	bool ok = isfinite(ratio) && ratio >= want;

	md("- %s: %.2fx (target >= %.2fx): %s\n", what, ratio, want,
	   ok ? "PASS" : "FAIL");
	g_targets++;
	g_target_misses += !ok;
}

/* A target against the fastest peer: FAIL while a peer is missing. */
static void target_peers(const char *what, double ratio, double want)
{
	if (!*g_missing) {
		target(what, ratio, want);
		return;
	}
	md("- %s: %.2fx (target >= %.2fx) without %s: FAIL\n", what, ratio,
	   want, g_missing);
	g_targets++;
	g_target_misses++;
}

/* Issue 10's targets for the AEAD, from this run's numbers. */
static void aead_targets(double hz)
{
	const struct alg *sa = alg_named("chacha20-poly1305");
	const struct alg *oa = alg_named("chacha20-poly1305-open");
	const struct job *seal = find_job(sa, "best");
	const struct job *open = find_job(oa, "best");
	const struct job *two = find_job(sa, "two-pass");
	static const struct { size_t size; double want; } peers[] = {
		{ 16384, 1.4 }, { 1420, 1.2 }, { 64, 1.0 },
	};
	unsigned int k, s;
	char what[96];

	if (!seal)
		return;
	md("\n### chacha20-poly1305 targets\n\n");
	for (k = 0; k < ARRAY_SIZE(peers); k++) {
		s = size_index(seal->alg, peers[k].size);
		snprintf(what, sizeof(what), "seal %s, best vs the fastest peer",
			 size_name(peers[k].size));
		target_peers(what, seal->bps[s] / best_peer(seal->alg, s),
		       peers[k].want);
	}
	s = size_index(seal->alg, 16384);
	if (two)
		target("seal 16 KiB, best vs two-pass", seal->bps[s] / two->bps[s],
		       1.10);
	/*
	 * open and seal are two algorithms, timed seconds apart, so a host
	 * clock that moved in between read as open 0.90x seal at 256 B
	 * (0.98-1.00x in turns): they are timed again, in turns.
	 */
	for (s = 0; open && s < alg_nsizes(seal->alg); s++) {
		size_t len = alg_size(seal->alg, s);
		double po, ps;

		aead_prepare(len);
		measure_pair(open, seal, len, &po, &ps);
		snprintf(what, sizeof(what),
			 "open %s vs seal, in turns (%.2f vs %.2f c/B)",
			 size_name(len), hz / po, hz / ps);
		target(what, po / ps, 0.95);
	}
}

static void xn_report(const struct alg *alg, double hz)
{
	const struct xn_alg *a = xn_of(alg);
	double x1 = 0;
	unsigned int k;

	for (k = 0; k < g_njobs; k++)
		if (g_jobs[k].alg == alg && g_jobs[k].kind == K_X1)
			x1 = g_jobs[k].bps[0];
	if (a->expanda)
		md("\n### %s\n\nExpandA of ML-DSA-65's %ux%u matrix (%u SHAKE128 "
		   "streams of 34-byte seeds; size = the matrix, %zu bytes)\n\n"
		   "| impl | cycles/byte | us/matrix | vs x1 |\n|---|---|---|---|\n",
		   a->name, a->k, a->l, a->streams, xn_size(alg));
	else
		md("\n### %s\n\n%u SHAKE128 streams, 34-byte inputs, %u bytes of "
		   "output each; cycles/byte over all %u outputs\n\n"
		   "| impl | cycles/byte | GB/s | vs x1 |\n|---|---|---|---|\n",
		   a->name, a->streams, XN_OUTLEN, a->streams);
	for (k = 0; k < g_njobs; k++) {
		const struct job *j = &g_jobs[k];

		if (j->alg != alg || !(j->bps[0] > 0))
			continue;
		md("| %s | %.3f | %.2f | %.2fx |\n", j->impl, hz / j->bps[0],
		   a->expanda ? 1e6 * xn_bytes(alg) / j->bps[0] : j->bps[0] / 1e9,
		   x1 > 0 ? j->bps[0] / x1 : 0);
	}
}

int main(int argc, char **argv)
{
	const char *algs = getenv("BENCH_ALGS"), *csv = NULL, *mdpath = NULL;
	const char *cmd = NULL, *env, *fake = NULL, *why;
	char pinned[64], model[256], feat[160], date[64], id[96], plan[512];
	bool child = false;
	double hz0, hz1, hz, t0;
	unsigned int i, s, r;
	struct utsname un;
	time_t tnow;
	FILE *f;

	env = getenv("BENCH_TIME");
	if (env && *env)
		g_time = atof(env);
	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--openssl-child"))
			child = true;
		else if (!strcmp(argv[i], "--algs") && i + 1 < (unsigned int)argc)
			algs = argv[++i];
		else if (!strcmp(argv[i], "--time") && i + 1 < (unsigned int)argc)
			g_time = atof(argv[++i]);
		else if (!strcmp(argv[i], "--csv") && i + 1 < (unsigned int)argc)
			csv = argv[++i];
		else if (!strcmp(argv[i], "--md") && i + 1 < (unsigned int)argc)
			mdpath = argv[++i];
		else if (!strcmp(argv[i], "--cmd") && i + 1 < (unsigned int)argc)
			cmd = argv[++i];
		else if (!strcmp(argv[i], "--fake") && i + 1 < (unsigned int)argc)
			fake = argv[++i];
		else
			die("usage: bench [--algs LIST] [--time SECONDS] [--csv FILE] "
			    "[--md FILE] [--cmd TEXT] [--fake ALG/IMPL]");
	}
	if (!(g_time > 0))
		die("bad time per point");
	select_algs(algs && strcmp(algs, "all") ? algs : NULL);

	g_src = aligned_alloc(64, MAXSIZE + 64);
	g_dst = aligned_alloc(64, MAXSIZE + 64);
	g_sealed = aligned_alloc(64, MAXSIZE + 64);
	g_ref = aligned_alloc(64, MAXSIZE + 64);
	if (!g_src || !g_dst || !g_sealed || !g_ref || sodium_init() < 0)
		die("setup");
	for (i = 0; i < MAXSIZE; i++)
		g_src[i] = (u8)(i * 131 + 7);
	memset(g_dst, 0, MAXSIZE);
	for (i = 0; i < 32; i++) {
		g_key[i] = (u8)(0x80 + i);
		g_iv[i] = (u8)(0x40 + i);
	}
	g_iv[0] = 1;		/* chacha20: LE32 counter 1 */
	g_iv[1] = g_iv[2] = g_iv[3] = 0;
	for (i = 0; i < AEAD_AD_LEN; i++)
		g_ad[i] = (u8)(0xa0 + i);
	openssl_setup();
	g_have_boring = boring_setup(&why);
	if (!g_have_boring)
		peer_missing("boringssl", why);
#if defined(__x86_64__)
	g_avx512_hidden = (sc_cpu_detect_raw() & SC_CPU_AVX512) &&
			  !(sc_cpu_features() & SC_CPU_AVX512);
#endif
	g_have_ipsecmb = ipsecmb_setup(g_avx512_hidden, &why);
#if defined(__x86_64__)
	/* Intel's library exists for x86_64 only: expected there alone */
	if (!g_have_ipsecmb)
		peer_missing("ipsec-mb", why);
#endif
	if (*g_missing && !child)
		fprintf(stderr, "bench: AEAD peers missing: %s\n", g_missing_why);
	pin_cpu(pinned, sizeof(pinned));
	/* the module's plans, measured here as insmod measures them */
	env = getenv("SC_CALIBRATE");
	sc_dispatch_init(!(env && !strcmp(env, "0")));

	if (child)
		return openssl_child();

	/* the jobs: our rows, best, peers */
	for (i = 0; i < ARRAY_SIZE(g_algs); i++) {
		const struct alg *a = &g_algs[i];

		if (!g_selected[i])
			continue;
		for (r = 0; r < sc_nimpls[a->fam]; r++)
			if (sc_impl_supported(sc_impl_row(a->fam, r)))
				add_job(a, K_OURS, r, sc_impl_row(a->fam, r)->name);
		add_job(a, K_BEST, 0, "best");
		if (a->fam == SC_ALG_AEAD)
			add_job(a, K_TWOPASS, 0, "two-pass");
		if (xn_of(a)) {
			add_job(a, K_X1, 0, "x1");
			add_job(a, K_OPENSSL, 0, "openssl");
			continue;
		}
		if (a->ossl) {
			add_job(a, K_OPENSSL, 0, "openssl");
#if defined(__x86_64__)
			if (a->fam != SC_ALG_KECCAK)	/* OpenSSL's Keccak is scalar */
				add_job(a, K_MASKED, 0, "openssl-avx2");
#endif
		}
		if (a->sodium)
			add_job(a, K_SODIUM, 0, "libsodium");
		if (a->fam == SC_ALG_AEAD && g_have_boring)
			add_job(a, K_BORING, 0, "boringssl");
		if (a->fam == SC_ALG_AEAD && g_have_ipsecmb)
			add_job(a, K_IPSECMB, 0, "ipsec-mb");
	}
	for (i = 0; fake && i < g_njobs; i++) {
		size_t n = strlen(g_jobs[i].alg->name);

		/* the child's job runs in the child, which has no --fake */
		if (g_jobs[i].kind != K_MASKED && !strncmp(fake, g_jobs[i].alg->name, n) && fake[n] == '/' &&
		    !strcmp(fake + n + 1, g_jobs[i].impl))
			g_fake = &g_jobs[i];
	}
	if (fake && !g_fake)
		die("--fake %s: no such job", fake);
	for (i = 0; i < g_njobs; i++)
		if (g_jobs[i].kind == K_MASKED && g_masked_req < 0) {
			fprintf(stderr, "bench: OpenSSL with OPENSSL_ia32cap=%s "
				"in a child, timed in turns\n", OSSL_AVX2_MASK);
			start_masked_openssl(argv[0]);
		}
	/*
	 * Every job's output at every size it is timed at (and for the AEAD
	 * at 0 and an odd length too), before any timing.
	 */
	for (i = 0; i < ARRAY_SIZE(g_algs); i++) {
		const struct alg *a = &g_algs[i];

		if (!g_selected[i])
			continue;
		if (xn_of(a)) {
			check_alg(a, xn_bytes(a));
			continue;
		}
		for (s = 0; s < alg_nsizes(a); s++)
			check_alg(a, alg_size(a, s));
		if (a->fam == SC_ALG_AEAD) {
			check_alg(a, 0);
			check_alg(a, 16384 + 5);
		}
	}

	t0 = now();
	hz0 = calibrate_hz();
	for (i = 0; i < ARRAY_SIZE(g_algs); i++)
		if (g_selected[i])
			measure_alg(&g_algs[i]);
	stop_masked_openssl();
	hz1 = calibrate_hz();
	hz = (hz0 + hz1) / 2;

	cpu_id_masked(id, sizeof(id));
	csv = cpu_path(csv, id);
	mdpath = cpu_path(mdpath, id);

	/* CSV */
	if (csv) {
		f = fopen(csv, "w");
		if (!f)
			die("%s: %s", csv, strerror(errno));
		fprintf(f, "alg,impl,size,bytes_per_sec,cycles_per_byte\n");
		for (i = 0; i < g_njobs; i++)
			if (xn_of(g_jobs[i].alg))
				fprintf(f, "%s,%s,%zu,%.0f,%.3f\n",
					g_jobs[i].alg->name, g_jobs[i].impl,
					xn_size(g_jobs[i].alg), g_jobs[i].bps[0],
					hz / g_jobs[i].bps[0]);
			else for (s = 0; s < alg_nsizes(g_jobs[i].alg); s++)
				if (g_jobs[i].bps[s] > 0)
					fprintf(f, "%s,%s,%zu,%.0f,%.3f\n",
						g_jobs[i].alg->name, g_jobs[i].impl,
						alg_size(g_jobs[i].alg, s), g_jobs[i].bps[s],
						hz / g_jobs[i].bps[s]);
		fclose(f);
	}

	/* Markdown */
	cpu_model(model, sizeof(model));
	sc_cpu_describe(sc_cpu_features(), feat, sizeof(feat));
	uname(&un);
	tnow = time(NULL);
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&tnow));
	md("# simdcrypt userspace benchmark\n\n");
	if (getenv("SC_CPU_MASK") && *getenv("SC_CPU_MASK"))
		md("Latest run on this CPU with SC_CPU_MASK=%s: our rows and "
		   "the dispatcher see only the features it leaves, the peers "
		   "are counted as the lines below say.  Such a run writes "
		   "this file and bench/results-%s.csv, beside the CPU's "
		   "own.\n\n", getenv("SC_CPU_MASK"), id);
	else
		md("Latest run on this CPU (`make bench` writes this file and "
		   "bench/results-%s.csv; other CPUs have their own).\n\n",
		   id);
	md("- command: `%s`\n", cmd ? cmd : "bench/bench");
	md("- date: %s; host %s, kernel %s, %ld online CPUs, %s\n", date,
	   un.nodename, un.release, sysconf(_SC_NPROCESSORS_ONLN), pinned);
	md("- CPU: %s (%s); simdcrypt sees {%s}%s%s\n", model, id, feat,
	   getenv("SC_CPU_MASK") ? ", SC_CPU_MASK=" : "",
	   getenv("SC_CPU_MASK") ? getenv("SC_CPU_MASK") : "");
	md("- clock: %.3f GHz, calibrated with chains of 10^6 dependent 1-cycle "
	   "register adds (best of 400) at the start (%.3f GHz) and the end "
	   "(%.3f GHz) of the run; cycles/byte = clock / (bytes/s)\n",
	   hz / 1e9, hz0 / 1e9, hz1 / 1e9);
	md("- peers: %s (EVP; `openssl-avx2` = the same library in a child "
	   "process started with OPENSSL_ia32cap=\"%s\", i.e. AVX-512 "
	   "F/DQ/IFMA/CD/BW/VL hidden, taking its turns with the others "
	   "through a pipe), libsodium %s; for the AEAD also BoringSSL (%s) "
	   "and ipsec-mb (%s)\n",
	   OpenSSL_version(OPENSSL_VERSION), OSSL_AVX2_MASK,
	   sodium_version_string(),
	   g_have_boring ? boring_lib() : "missing",
	   !g_have_ipsecmb ? "missing" :
	   g_avx512_hidden ? "job API, its AVX2 manager" : "job API");
	if (g_avx512_hidden)
		md("- AVX-512 hidden: the ratios and targets count the peers' "
		   "AVX2 code (`openssl-avx2`, ipsec-mb's AVX2 manager) and "
		   "BoringSSL and libsodium (AVX2 at most); the `openssl` row "
		   "keeps its AVX-512 code and is not counted where "
		   "`openssl-avx2` is timed\n");
	if (*g_missing)
		md("- **peers missing** (not in the tables, nor in the best-peer "
		   "ratios; the targets against the fastest peer FAIL): %s\n",
		   g_missing_why);
	md("- method: one operation = one whole message (chacha: IV + encrypt; "
	   "xchacha: HChaCha + encrypt; poly1305: key + message + tag; sha3: "
	   "init + absorb + digest, SHAKE output 32/64 bytes); ours through the "
	   "kernel glue's helpers in 4 KiB SIMD chunks; `best` = the "
	   "dispatcher's row at that size; at each size the implementations "
	   "take turns (two samples each, the order reversed every round, "
	   "%.3g s per implementation), each keeping its best, so that all see "
	   "the same clock; rounds begun or ended with another thread on the "
	   "core (the calibration's probe) count only where fewer than %d "
	   "free ones could be had in up to %.0f s more; same "
	   "64-byte-aligned buffers for all; every "
	   "job's output checked against the generic row's at every size, "
	   "before and after the timing (open: and a forged tag refused)\n",
	   g_time, MIN_QUIET, BUSY_EXTRA_S);
	md("- cells: cycles/byte, and in brackets speed relative to the best "
	   "peer at that size (>1 = faster than every peer)\n");
	for (i = 0; i < ARRAY_SIZE(g_algs); i++) {
		const struct alg *a = &g_algs[i];
		unsigned int k;

		if (!g_selected[i])
			continue;
		if (xn_of(a)) {
			xn_report(a, hz);
			continue;
		}
		md("\n### %s\n\n| impl |", a->name);
		for (s = 0; s < alg_nsizes(a); s++)
			md(" %s |", size_name(alg_size(a, s)));
		md("\n|---|");
		for (s = 0; s < alg_nsizes(a); s++)
			md("---|");
		md("\n");
		for (k = 0; k < g_njobs; k++) {
			const struct job *j = &g_jobs[k];

			if (j->alg != a)
				continue;
			md("| %s |", j->impl);
			for (s = 0; s < alg_nsizes(a); s++) {
				double bp = best_peer(a, s);

				if (!(j->bps[s] > 0))
					md(" — |");
				else if (bp > 0)
					md(" %.2f (%.2fx) |", hz / j->bps[s],
					   j->bps[s] / bp);
				else
					md(" %.2f |", hz / j->bps[s]);
			}
			md("\n");
		}
		if (a->fam == SC_ALG_AEAD && *g_missing)
			md("\nNot in this table, nor in its best-peer ratios: %s.\n",
			   g_missing);
		md("\nGB/s at %s:", size_name(alg_size(a, alg_nsizes(a) - 1)));
		for (k = 0; k < g_njobs; k++)
			if (g_jobs[k].alg == a)
				md(" %s %.2f;", g_jobs[k].impl,
				   g_jobs[k].bps[alg_nsizes(a) - 1] / 1e9);
		md("\n");
	}
	/* does the OPENSSL_ia32cap mask bite? */
	for (i = 0; i < g_njobs; i++) {
		const struct job *o = &g_jobs[i];

		if (strcmp(o->impl, "openssl"))
			continue;
		for (r = 0; r < g_njobs; r++)
			if (g_jobs[r].alg == o->alg &&
			    !strcmp(g_jobs[r].impl, "openssl-avx2") &&
			    g_jobs[r].bps[5] > 0)
				md("\nOPENSSL_ia32cap mask effect, %s 16 KiB: %.2f -> %.2f "
				   "cycles/byte (%s)\n", o->alg->name,
				   hz / o->bps[5], hz / g_jobs[r].bps[5],
				   o->bps[5] > 1.1 * g_jobs[r].bps[5] ?
				   "the AVX-512 paths are off in the child" :
				   "no difference: the mask did not change OpenSSL's path");
	}
	md("\n### What the dispatcher chose (measured at start, as at insmod)\n\n");
	for (i = 0; i < SC_ALG_COUNT; i++) {
		sc_dispatch_describe(i, plan, sizeof(plan));
		md("- %s\n", plan);
	}
	dispatch_checks(hz);
	calib_repeatability();
	stack_depth_checks();
	checks_summary();
	aead_targets(hz);
	/* the checks' line above does not count these */
	if (g_targets)
		md("\n%u targets: %u met, %u missed\n", g_targets,
		   g_targets - g_target_misses, g_target_misses);
	md("\nRounds of samples with another thread on the core: %lu of %lu "
	   "(%.1f s of measuring added for them).\n", g_busy_samples,
	   g_samples, g_busy_extra);
	md("\nRun time %.0f s.\n", now() - t0);

	fwrite(g_md_buf, 1, g_md_len, stdout);
	if (mdpath) {
		f = fopen(mdpath, "w");
		if (!f)
			die("%s: %s", mdpath, strerror(errno));
		fwrite(g_md_buf, 1, g_md_len, f);
		fclose(f);
		fprintf(stderr, "bench: wrote %s\n", mdpath);
	}
	if (g_check_fails)
		fprintf(stderr, "bench: %u of %u dispatch checks FAILED (see the end of the report)\n",
			g_check_fails, g_checks);
	if (g_target_misses)
		fprintf(stderr, "bench: %u of %u targets missed (see the end of the report)\n",
			g_target_misses, g_targets);
	/*
	 * A failed dispatch check is a defect of this build on this CPU (the
	 * dispatcher picked a slower row): the run fails, after the report
	 * is written.  A missed target is the bar, not a defect; the
	 * report says which.
	 */
	return g_check_fails ? 1 : 0;
}
