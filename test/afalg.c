// SPDX-License-Identifier: GPL-2.0
/*
 * afalg - known-answer and consistency tests of the kernel's chacha20,
 * xchacha20, xchacha12, poly1305, sha3-* and the ChaCha20-Poly1305 AEADs
 * rfc7539(chacha20,poly1305) and rfc7539esp(chacha20,poly1305) through
 * AF_ALG sockets.
 *
 * Static, no dependencies beyond libc, so it runs from a busybox initramfs
 * (x86_64 and aarch64). It tests whatever driver the kernel picks for each
 * name: the kernel's own drivers before simdcrypt.ko is loaded, ours after.
 *
 *   afalg [-m] [-d SUFFIX] [-s SEED] [-v] [ALG...]
 *	-m	 an algorithm the kernel lacks (bind: ENOENT) is SKIPped, not
 *		 failed (poly1305 has no shash in 7.x kernels of their own)
 *	-d SUF	 fail unless the driver chosen for ALG is "ALG-SUF" with
 *		 "selftest : passed" (read from /proc/crypto); the AEADs:
 *		 "rfc7539-chacha20-poly1305-SUF", "rfc7539esp-...-SUF"
 *	-s SEED	 seed of the random lengths/splits (default fixed, printed)
 *	ALG...	 subset of: chacha20 xchacha20 xchacha12 poly1305 sha3-224
 *		 sha3-256 sha3-384 sha3-512 rfc7539 rfc7539esp (default: all)
 *   afalg -l	 check the built-in reference code only (no kernel)
 *   afalg hash ALG [FILE]		print the kernel's digest of FILE/stdin
 *   afalg enc|dec ALG KEYHEX IVHEX	stdin -> stdout through the kernel
 *					(chacha20/xchacha*: any length)
 *   afalg driver TYPE NAME		bind (instantiates templates such as
 *					adiantum(xchacha12,aes)) and print
 *					the driver /proc/crypto shows for NAME
 *
 * Each check prints "PASS name", "FAIL name: why" or "SKIP name: why"; the
 * last line is "N passed, N failed"; the exit status is 1 on any failure.
 *
 * Besides the published known answers, every algorithm is compared with a
 * small portable reference in this file (itself checked against the same
 * known answers first) over many lengths, and MSG_MORE streaming in random
 * pieces must equal the one-shot result. The AEAD known answers are those
 * of test/vectors.h; a changed bit in the tag, the text or the
 * authenticated AD must give EBADMSG.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/if_alg.h>
#include "fdio.h"
#include "report.h"
#include "vectors.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

static int verbose;

/* ------------------------------------------------------------------ */
/* Random numbers (xorshift64*), deterministic per seed                 */

static uint64_t rng_state = 0x5eed5eed12345678ULL;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

static void rnd_bytes(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = (uint8_t)rnd();
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* parse hex (spaces ignored) into out; returns length or -1 */
static long unhex(const char *s, uint8_t *out, size_t max)
{
	size_t n = 0;

	while (*s) {
		int hi, lo;

		if (*s == ' ') {
			s++;
			continue;
		}
		hi = hexval(s[0]);
		lo = s[1] ? hexval(s[1]) : -1;
		if (hi < 0 || lo < 0 || n >= max)
			return -1;
		out[n++] = (uint8_t)(hi << 4 | lo);
		s += 2;
	}
	return (long)n;
}

/* a struct sc_msg of test/vectors.h as bytes; length or -1 */
static long msg_bytes(const struct sc_msg *m, uint8_t *out, size_t max)
{
	size_t n;

	if (m->hex)
		return unhex(m->hex, out, max);
	if (m->text) {
		n = strlen(m->text);
		if (n > max)
			return -1;
		memcpy(out, m->text, n);
		return (long)n;
	}
	if (m->rep_len > max)
		return -1;
	memset(out, m->rep_byte, m->rep_len);
	return m->rep_len;
}

static void hexstr(const uint8_t *p, size_t n, char *out)
{
	static const char d[] = "0123456789abcdef";

	while (n--) {
		*out++ = d[*p >> 4];
		*out++ = d[*p++ & 15];
	}
	*out = 0;
}

/* ------------------------------------------------------------------ */
/* Portable references (checked against the known answers below)        */

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v; p[1] = v >> 8; p[2] = v >> 16; p[3] = v >> 24;
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

#define ROTL32(v, c) (((v) << (c)) | ((v) >> (32 - (c))))
#define QR(a, b, c, d) (					\
	a += b, d ^= a, d = ROTL32(d, 16),			\
	c += d, b ^= c, b = ROTL32(b, 12),			\
	a += b, d ^= a, d = ROTL32(d, 8),			\
	c += d, b ^= c, b = ROTL32(b, 7))

static void chacha_perm(uint32_t x[16], int nrounds)
{
	for (int i = 0; i < nrounds; i += 2) {
		QR(x[0], x[4], x[8], x[12]); QR(x[1], x[5], x[9], x[13]);
		QR(x[2], x[6], x[10], x[14]); QR(x[3], x[7], x[11], x[15]);
		QR(x[0], x[5], x[10], x[15]); QR(x[1], x[6], x[11], x[12]);
		QR(x[2], x[7], x[8], x[13]); QR(x[3], x[4], x[9], x[14]);
	}
}

static void chacha_init(uint32_t s[16], const uint8_t key[32])
{
	s[0] = 0x61707865; s[1] = 0x3320646e; s[2] = 0x79622d32; s[3] = 0x6b206574;
	for (int i = 0; i < 8; i++)
		s[4 + i] = le32(key + 4 * i);
}

/* state words 12..15 come from iv16 (the kernel's chacha20 iv layout) */
static void chacha_xor(const uint8_t key[32], const uint8_t iv16[16], int nrounds,
		       const uint8_t *in, uint8_t *out, size_t len)
{
	uint32_t s[16], x[16];
	uint8_t ks[64];

	chacha_init(s, key);
	for (int i = 0; i < 4; i++)
		s[12 + i] = le32(iv16 + 4 * i);
	while (len) {
		size_t n = len < 64 ? len : 64;

		memcpy(x, s, sizeof(x));
		chacha_perm(x, nrounds);
		for (int i = 0; i < 16; i++)
			put32(ks + 4 * i, x[i] + s[i]);
		for (size_t i = 0; i < n; i++)
			out[i] = in[i] ^ ks[i];
		in += n;
		out += n;
		len -= n;
		s[12]++;	/* 32-bit counter, wraps without carry (kernel) */
	}
}

/* kernel xchacha iv: nonce[24] || le64 counter */
static void xchacha_xor(const uint8_t key[32], const uint8_t iv32[32], int nrounds,
			const uint8_t *in, uint8_t *out, size_t len)
{
	uint32_t x[16];
	uint8_t sub[32], iv[16];

	chacha_init(x, key);
	for (int i = 0; i < 4; i++)
		x[12 + i] = le32(iv32 + 4 * i);
	chacha_perm(x, nrounds);		/* HChaCha */
	for (int i = 0; i < 4; i++) {
		put32(sub + 4 * i, x[i]);
		put32(sub + 16 + 4 * i, x[12 + i]);
	}
	memcpy(iv, iv32 + 24, 8);
	memcpy(iv + 8, iv32 + 16, 8);
	chacha_xor(sub, iv, nrounds, in, out, len);
}

/* poly1305-donna-64 (public domain design by A. Moon), one shot */
static void poly1305_ref(const uint8_t key[32], const uint8_t *m, size_t len, uint8_t tag[16])
{
	typedef unsigned __int128 u128;
	const uint64_t M44 = 0xfffffffffffULL, M42 = 0x3ffffffffffULL;
	uint64_t t0 = le64(key), t1 = le64(key + 8);
	uint64_t r0 = t0 & 0xffc0fffffffULL;
	uint64_t r1 = ((t0 >> 44) | (t1 << 20)) & 0xfffffc0ffffULL;
	uint64_t r2 = (t1 >> 24) & 0x00ffffffc0fULL;
	uint64_t s1 = r1 * (5 << 2), s2 = r2 * (5 << 2);
	uint64_t h0 = 0, h1 = 0, h2 = 0, c, g0, g1, g2, mask;
	u128 d0, d1, d2;
	uint8_t blk[16];

	while (len) {
		uint64_t hibit = 1ULL << 40;

		if (len >= 16) {
			memcpy(blk, m, 16);
			m += 16;
			len -= 16;
		} else {
			memset(blk, 0, 16);
			memcpy(blk, m, len);
			blk[len] = 1;
			hibit = 0;
			len = 0;
		}
		t0 = le64(blk);
		t1 = le64(blk + 8);
		h0 += t0 & M44;
		h1 += ((t0 >> 44) | (t1 << 20)) & M44;
		h2 += (((t1 >> 24)) & M42) | hibit;
		d0 = (u128)h0 * r0 + (u128)h1 * s2 + (u128)h2 * s1;
		d1 = (u128)h0 * r1 + (u128)h1 * r0 + (u128)h2 * s2;
		d2 = (u128)h0 * r2 + (u128)h1 * r1 + (u128)h2 * r0;
		c = (uint64_t)(d0 >> 44); h0 = (uint64_t)d0 & M44;
		d1 += c; c = (uint64_t)(d1 >> 44); h1 = (uint64_t)d1 & M44;
		d2 += c; c = (uint64_t)(d2 >> 42); h2 = (uint64_t)d2 & M42;
		h0 += c * 5; c = h0 >> 44; h0 &= M44;
		h1 += c;
	}
	c = h1 >> 44; h1 &= M44; h2 += c;
	c = h2 >> 42; h2 &= M42; h0 += c * 5;
	c = h0 >> 44; h0 &= M44; h1 += c;
	c = h1 >> 44; h1 &= M44; h2 += c;
	c = h2 >> 42; h2 &= M42; h0 += c * 5;
	c = h0 >> 44; h0 &= M44; h1 += c;
	g0 = h0 + 5; c = g0 >> 44; g0 &= M44;
	g1 = h1 + c; c = g1 >> 44; g1 &= M44;
	g2 = h2 + c - (1ULL << 42);
	mask = (g2 >> 63) - 1;
	g0 &= mask; g1 &= mask; g2 &= mask;
	mask = ~mask;
	h0 = (h0 & mask) | g0; h1 = (h1 & mask) | g1; h2 = (h2 & mask) | g2;
	t0 = le64(key + 16);
	t1 = le64(key + 24);
	h0 += t0 & M44; c = h0 >> 44; h0 &= M44;
	h1 += (((t0 >> 44) | (t1 << 20)) & M44) + c; c = h1 >> 44; h1 &= M44;
	h2 += ((t1 >> 24) & M42) + c; h2 &= M42;
	put64(tag, h0 | (h1 << 44));
	put64(tag + 8, (h1 >> 20) | (h2 << 24));
}

/* Keccak-f[1600] and SHA3-N (FIPS 202), one shot */
static void keccakf(uint64_t st[25])
{
	static const uint64_t rc[24] = {
		0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
		0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
		0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
		0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
		0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
		0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
		0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
		0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
	};
	static const int rotc[24] = {
		1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14,
		27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44,
	};
	static const int piln[24] = {
		10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4,
		15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1,
	};
	uint64_t bc[5], t;

	for (int r = 0; r < 24; r++) {
		for (int i = 0; i < 5; i++)
			bc[i] = st[i] ^ st[i + 5] ^ st[i + 10] ^ st[i + 15] ^ st[i + 20];
		for (int i = 0; i < 5; i++) {
			t = bc[(i + 4) % 5] ^ (bc[(i + 1) % 5] << 1 | bc[(i + 1) % 5] >> 63);
			for (int j = 0; j < 25; j += 5)
				st[j + i] ^= t;
		}
		t = st[1];
		for (int i = 0; i < 24; i++) {
			int j = piln[i];

			bc[0] = st[j];
			st[j] = t << rotc[i] | t >> (64 - rotc[i]);
			t = bc[0];
		}
		for (int j = 0; j < 25; j += 5) {
			for (int i = 0; i < 5; i++)
				bc[i] = st[j + i];
			for (int i = 0; i < 5; i++)
				st[j + i] ^= ~bc[(i + 1) % 5] & bc[(i + 2) % 5];
		}
		st[0] ^= rc[r];
	}
}

static void sha3_ref(size_t dlen, const uint8_t *m, size_t len, uint8_t *out)
{
	uint64_t st[25] = { 0 };
	size_t rate = 200 - 2 * dlen, i;
	uint8_t blk[200];

	for (;;) {
		size_t n = len < rate ? len : rate;

		memset(blk, 0, rate);
		memcpy(blk, m, n);
		if (n < rate) {		/* last (possibly empty) block */
			blk[n] ^= 0x06;
			blk[rate - 1] ^= 0x80;
		}
		for (i = 0; i < rate / 8; i++)
			st[i] ^= le64(blk + 8 * i);
		keccakf(st);
		if (n < rate)
			break;
		m += n;
		len -= n;
	}
	for (i = 0; i < dlen; i++)
		out[i] = (uint8_t)(st[i / 8] >> (8 * (i % 8)));
}

/* ------------------------------------------------------------------ */
/* Algorithms and their known answers                                   */

enum kind { HASH, POLY, CIPHER, AEAD };

struct alg {
	const char *name;
	enum kind kind;
	int dlen;	/* digest size; AEAD: tag size */
	int ivlen;	/* cipher iv size */
	int rounds;	/* 20/12; xchacha when ivlen == 32 */
	const char *cra;	/* crypto API name, if not name */
	const char *drv;	/* driver name before "-SUFFIX", if not name */
};

/* rfc7539esp: key || 4-byte salt; the AD ends with the 8-byte iv */
#define ESP_SALT 4
#define ESP_IV 8

static const struct alg algs[] = {
	{ "chacha20",  CIPHER, 0, 16, 20, NULL, NULL },
	{ "xchacha20", CIPHER, 0, 32, 20, NULL, NULL },
	{ "xchacha12", CIPHER, 0, 32, 12, NULL, NULL },
	{ "poly1305",  POLY,  16, 0, 0, NULL, NULL },
	{ "sha3-224",  HASH,  28, 0, 0, NULL, NULL },
	{ "sha3-256",  HASH,  32, 0, 0, NULL, NULL },
	{ "sha3-384",  HASH,  48, 0, 0, NULL, NULL },
	{ "sha3-512",  HASH,  64, 0, 0, NULL, NULL },
	{ "rfc7539",   AEAD,  16, 12, 20, "rfc7539(chacha20,poly1305)",
	  "rfc7539-chacha20-poly1305" },
	{ "rfc7539esp", AEAD, 16, ESP_IV, 20, "rfc7539esp(chacha20,poly1305)",
	  "rfc7539esp-chacha20-poly1305" },
};
#define NALGS (sizeof(algs) / sizeof(algs[0]))

/*
 * The known answers are test/vectors.h's (which the harness and the KUnit
 * module use too), as the AF_ALG algorithms take them: cases_build() turns
 * them into these.  poly1305's message starts with the one-time key
 * (r || s); the IVs are the kernel's (chacha20: LE32 counter || nonce,
 * xchacha: nonce || LE64 counter).
 */
struct hash_case {
	const char *alg, *src;
	uint8_t msg[512], digest[64];
	long mlen;
};

struct cipher_case {
	const char *alg, *src;
	uint8_t key[32], iv[32], pt[1024], ct[1024];
	long len;
};

static struct hash_case hash_cases[40];
static struct cipher_case cipher_cases[20];
static size_t nhash_cases, ncipher_cases;

static const struct alg *find_alg(const char *name)
{
	for (size_t i = 0; i < NALGS; i++)
		if (!strcmp(algs[i].name, name) || (algs[i].cra && !strcmp(algs[i].cra, name)))
			return &algs[i];
	return NULL;
}

static const char *cra_name(const struct alg *a)
{
	return a->cra ? a->cra : a->name;
}

/* ------------------------------------------------------------------ */
/* AF_ALG plumbing                                                      */

/* returns the bound tfm socket, or -errno */
static int alg_bind(const char *type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd, err;

	strncpy((char *)sa.salg_type, type, sizeof(sa.salg_type) - 1);
	strncpy((char *)sa.salg_name, name, sizeof(sa.salg_name) - 1);
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		err = -errno;
		close(fd);
		return err;
	}
	return fd;
}

static int send_all(int fd, const uint8_t *p, size_t len, int more)
{
	do {
		size_t n = len > 16384 ? 16384 : len;
		ssize_t r = send(fd, p, n, (more || n < len) ? MSG_MORE : 0);

		if (r < 0)
			return -errno;
		p += r;
		len -= r;
	} while (len);
	return 0;
}

/*
 * Hash LEN bytes: in one send, or (pieces > 1) in random pieces sent with
 * MSG_MORE. Empty input: read the digest without sending. Returns 0/-errno.
 */
static int khash(int tfm, const uint8_t *m, size_t len, int pieces, uint8_t *out, int dlen)
{
	int op = accept(tfm, NULL, 0), err = 0;

	if (op < 0)
		return -errno;
	if (pieces <= 1) {
		if (len)
			err = send_all(op, m, len, 0);
	} else {
		while (!err && len) {
			size_t n = pieces-- > 1 ? rnd() % (len + 1) : len;

			err = send_all(op, m, n, n < len);
			m += n;
			len -= n;
		}
	}
	if (!err && read(op, out, dlen) != dlen)
		err = errno ? -errno : -EIO;
	close(op);
	return err;
}

/* Control message TYPE holding the 32-bit VAL. */
static void cmsg_u32(struct cmsghdr *c, int type, uint32_t val)
{
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = type;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(c), &val, sizeof(val));
}

/*
 * One request's input on an accepted op socket: the operation, the AD
 * length (AEADs: adlen >= 0) and the IV as control messages with the
 * first piece (at most 16 KiB; pieces > 1: a random length), then the
 * rest (pieces > 1: random MSG_MORE pieces). Returns 0 or -errno.
 */
static int send_request(int op, int enc, long adlen, const uint8_t *iv,
			int ivlen, const uint8_t *buf, size_t total, int pieces)
{
	char cbuf[2 * CMSG_SPACE(sizeof(uint32_t)) + CMSG_SPACE(sizeof(struct af_alg_iv) + 64)];
	struct msghdr msg = { 0 };
	struct cmsghdr *c;
	struct af_alg_iv *aiv;
	struct iovec iov;
	size_t first = total, done, n;
	int err = 0;

	if (ivlen > 64)
		return -EINVAL;
	memset(cbuf, 0, sizeof(cbuf));
	msg.msg_control = cbuf;
	msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t)) * (adlen >= 0 ? 2 : 1) +
			     CMSG_SPACE(sizeof(struct af_alg_iv) + ivlen);
	c = CMSG_FIRSTHDR(&msg);
	cmsg_u32(c, ALG_SET_OP, enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT);
	if (adlen >= 0) {
		c = CMSG_NXTHDR(&msg, c);
		cmsg_u32(c, ALG_SET_AEAD_ASSOCLEN, (uint32_t)adlen);
	}
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_IV;
	c->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + ivlen);
	aiv = (struct af_alg_iv *)CMSG_DATA(c);
	aiv->ivlen = ivlen;
	memcpy(aiv->iv, iv, ivlen);

	if (pieces > 1)
		first = rnd() % (total + 1);
	if (first > 16384)
		first = 16384;
	iov.iov_base = (void *)buf;
	iov.iov_len = first;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	if (sendmsg(op, &msg, first < total ? MSG_MORE : 0) != (ssize_t)first)
		return -errno;
	for (done = first; done < total && !err; done += n) {
		n = --pieces > 1 ? rnd() % (total - done + 1) : total - done;
		err = send_all(op, buf + done, n, done + n < total);
	}
	return err;
}

/* encrypt/decrypt on an accepted op socket; pieces > 1: MSG_MORE pieces */
static int kcipher(int tfm, int enc, const uint8_t *iv, int ivlen,
		   const uint8_t *in, uint8_t *out, size_t len, int pieces)
{
	int op, err;

	op = accept(tfm, NULL, 0);
	if (op < 0)
		return -errno;
	err = send_request(op, enc, -1, iv, ivlen, in, len, pieces);
	if (!err)
		err = read_all(op, out, len);
	close(op);
	return err;
}

/* ------------------------------------------------------------------ */
/* /proc/crypto                                                         */

struct procent {
	char name[128], driver[128], selftest[32];
	int priority;
};

/* highest-priority entry named NAME (or whose driver is NAME) */
static int proc_crypto_best(const char *name, struct procent *best)
{
	FILE *f = fopen("/proc/crypto", "r");
	struct procent cur = { 0 };
	char line[256];
	int found = 0;

	if (!f)
		return 0;
	best->priority = -1;
	for (;;) {
		char *ok = fgets(line, sizeof(line), f);

		if (!ok || line[0] == '\n') {
			if (cur.name[0] && (!strcmp(cur.name, name) || !strcmp(cur.driver, name)) &&
			    cur.priority > best->priority) {
				*best = cur;
				found = 1;
			}
			memset(&cur, 0, sizeof(cur));
			if (!ok)
				break;
			continue;
		}
		line[strcspn(line, "\n")] = 0;
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		char *val = colon + 1;

		while (*val == ' ')
			val++;
		if (!strncmp(line, "name ", 5))
			snprintf(cur.name, sizeof(cur.name), "%s", val);
		else if (!strncmp(line, "driver ", 7))
			snprintf(cur.driver, sizeof(cur.driver), "%s", val);
		else if (!strncmp(line, "priority ", 9))
			cur.priority = atoi(val);
		else if (!strncmp(line, "selftest ", 9))
			snprintf(cur.selftest, sizeof(cur.selftest), "%s", val);
	}
	fclose(f);
	return found;
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */

static const size_t big_lens[] = { 1023, 1024, 2047, 4095, 4096, 4097, 8191, 16384, 65536 + 17 };

static void cases_fail(const char *what, const char *src)
{
	fprintf(stderr, "afalg: %s%s\n", what, src);
	exit(2);
}

static struct hash_case *hash_case_add(const char *alg, const char *src)
{
	struct hash_case *c = &hash_cases[nhash_cases++];

	if (nhash_cases > sizeof(hash_cases) / sizeof(hash_cases[0]))
		cases_fail("hash_cases[] is too short for test/vectors.h", "");
	c->alg = alg;
	c->src = src;
	return c;
}

static struct cipher_case *cipher_case_add(const char *alg, const char *src, const char *key,
					   const char *ct, const struct sc_msg *pt)
{
	struct cipher_case *c = &cipher_cases[ncipher_cases++];

	if (ncipher_cases > sizeof(cipher_cases) / sizeof(cipher_cases[0]))
		cases_fail("cipher_cases[] is too short for test/vectors.h", "");
	c->alg = alg;
	c->src = src;
	unhex(key, c->key, sizeof(c->key));
	c->len = unhex(ct, c->ct, sizeof(c->ct));
	if (c->len < 0 || msg_bytes(pt, c->pt, sizeof(c->pt)) < 0)
		cases_fail("answer too long for struct cipher_case: ", src);
	if (!pt->text && !pt->hex && !pt->rep_len)	/* no plaintext: the keystream */
		memset(c->pt, 0, c->len);
	return c;
}

static void cases_build(void)
{
	size_t i;

	for (i = 0; i < sizeof(sc_sha3_kats) / sizeof(sc_sha3_kats[0]); i++) {
		const struct sc_sha3_kat *k = &sc_sha3_kats[i];
		struct hash_case *c;

		if (strncmp(k->alg, "sha3-", 5))
			continue;	/* SHAKE is not an AF_ALG hash */
		c = hash_case_add(k->alg, k->src);
		c->mlen = msg_bytes(&k->msg, c->msg, sizeof(c->msg));
		unhex(k->md, c->digest, sizeof(c->digest));
	}
	for (i = 0; i < sizeof(sc_poly1305_kats) / sizeof(sc_poly1305_kats[0]); i++) {
		const struct sc_poly1305_kat *k = &sc_poly1305_kats[i];
		struct hash_case *c = hash_case_add("poly1305", k->src);
		long n = msg_bytes(&k->msg, c->msg + 32, sizeof(c->msg) - 32);

		if (n < 0)
			cases_fail("answer too long for struct hash_case: ", k->src);
		unhex(k->key, c->msg, 32);
		c->mlen = 32 + n;
		unhex(k->tag, c->digest, sizeof(c->digest));
	}
	for (i = 0; i < sizeof(sc_chacha_kats) / sizeof(sc_chacha_kats[0]); i++) {
		const struct sc_chacha_kat *k = &sc_chacha_kats[i];
		struct cipher_case *c = cipher_case_add("chacha20", k->src, k->key, k->ct, &k->pt);

		put32(c->iv, k->counter);
		unhex(k->nonce, c->iv + 4, 12);
	}
	for (i = 0; i < sizeof(sc_xchacha_kats) / sizeof(sc_xchacha_kats[0]); i++) {
		const struct sc_xchacha_kat *k = &sc_xchacha_kats[i];
		struct cipher_case *c = cipher_case_add(k->nrounds == 12 ? "xchacha12" : "xchacha20",
							k->src, k->key, k->ct, &k->pt);

		unhex(k->nonce24, c->iv, 24);
		put64(c->iv + 24, k->counter);
	}
}

static void test_hash(const struct alg *a, int tfm)
{
	static uint8_t buf[65536 + 64 + 32];
	uint8_t want[64], got[64], got2[64];
	char hx[129];
	int dlen = a->dlen, poly = a->kind == POLY, minlen = poly ? 32 : 0;
	int bad, err;

	/* known answers */
	for (size_t i = 0; i < nhash_cases; i++) {
		const struct hash_case *k = &hash_cases[i];

		if (strcmp(k->alg, a->name))
			continue;
		err = khash(tfm, k->msg, k->mlen, 1, got, dlen);
		hexstr(got, dlen, hx);
		result(!err && !memcmp(got, k->digest, dlen), "%s KAT %s%s%s%s", a->name, k->src,
		       err ? ": " : "", err ? strerror(-err) : "",
		       !err && memcmp(got, k->digest, dlen) ? " (wrong digest)" : "");
		if (verbose || (!err && memcmp(got, k->digest, dlen)))
			printf("     got %s\n", hx);
	}

	/* every length 0..600 (poly: key + 0..568), plus big ones, vs the
	 * reference; random splits with MSG_MORE vs one shot */
	rnd_bytes(buf, sizeof(buf));
	bad = 0;
	for (size_t len = minlen; len <= 600 && bad < 3; len++) {
		/* source offset 0..12: unaligned scatterlist entries too */
		const uint8_t *m = buf + len % 13;

		if (poly)
			poly1305_ref(m, m + 32, len - 32, want);
		else
			sha3_ref(dlen, m, len, want);
		err = khash(tfm, m, len, 1, got, dlen);
		if (err || memcmp(got, want, dlen)) {
			bad++;
			result(0, "%s length %zu (offset %zu) vs reference: %s", a->name, len,
			       len % 13, err ? strerror(-err) : "mismatch");
		}
	}
	for (size_t i = 0; i < sizeof(big_lens) / sizeof(big_lens[0]) && bad < 3; i++) {
		size_t len = big_lens[i];

		if (poly)
			poly1305_ref(buf, buf + 32, len - 32, want);
		else
			sha3_ref(dlen, buf, len, want);
		err = khash(tfm, buf, len, 1, got, dlen);
		if (err || memcmp(got, want, dlen)) {
			bad++;
			result(0, "%s length %zu vs reference: %s", a->name, len,
			       err ? strerror(-err) : "mismatch");
		}
	}
	if (!bad)
		result(1, "%s lengths %d..600 and up to %zu vs reference", a->name, minlen,
		       big_lens[sizeof(big_lens) / sizeof(big_lens[0]) - 1]);

	bad = 0;
	for (int t = 0; t < 60 && !bad; t++) {
		size_t len = minlen + rnd() % (t < 40 ? 700 : 20000);
		int pieces = 2 + rnd() % 8;

		err = khash(tfm, buf, len, 1, want, dlen);
		err = err ?: khash(tfm, buf, len, pieces, got, dlen);
		if (err || memcmp(got, want, dlen)) {
			bad++;
			result(0, "%s MSG_MORE %d pieces of %zu bytes: %s", a->name, pieces, len,
			       err ? strerror(-err) : "differs from one shot");
		}
	}
	if (!bad)
		result(1, "%s MSG_MORE random pieces == one shot", a->name);

	/* accept() on an accepted socket exports the partial state into a new
	 * socket (import); both must then finish to the same digest */
	for (int t = 0; t < 8; t++) {
		size_t len = minlen + 1 + rnd() % (t < 4 ? 300 : 5000);
		size_t cut = poly ? 32 + rnd() % (len - 31) : rnd() % (len + 1);
		int op, op2 = -1;

		if (poly)
			poly1305_ref(buf, buf + 32, len - 32, want);
		else
			sha3_ref(dlen, buf, len, want);
		err = 0;
		op = accept(tfm, NULL, 0);
		if (op < 0)
			err = -errno;
		if (!err)
			err = send_all(op, buf, cut, 1);
		if (!err && (op2 = accept(op, NULL, 0)) < 0)
			err = -errno;
		if (!err)
			err = send_all(op2, buf + cut, len - cut, 0);
		if (!err && read(op2, got, dlen) != dlen)
			err = -EIO;
		if (!err)
			err = send_all(op, buf + cut, len - cut, 0);
		if (!err && read(op, got2, dlen) != dlen)
			err = -EIO;
		if (op >= 0)
			close(op);
		if (op2 >= 0)
			close(op2);
		if (err || memcmp(got, want, dlen) || memcmp(got2, want, dlen)) {
			result(0, "%s accept() export/import at %zu of %zu: %s", a->name, cut, len,
			       err ? strerror(-err) : memcmp(got, want, dlen) ?
			       "imported copy wrong" : "original wrong after export");
			return;
		}
	}
	result(1, "%s accept() export/import continues correctly", a->name);
}

static void ref_cipher(const struct alg *a, const uint8_t *key, const uint8_t *iv,
		       const uint8_t *in, uint8_t *out, size_t len)
{
	if (a->ivlen == 32)
		xchacha_xor(key, iv, a->rounds, in, out, len);
	else
		chacha_xor(key, iv, a->rounds, in, out, len);
}

static void test_cipher(const struct alg *a, int tfm)
{
	static uint8_t in[65536 + 64], want[sizeof(in)], got[sizeof(in)], back[sizeof(in)];
	uint8_t key[32], iv[32];
	int bad, err;

	for (size_t i = 0; i < ncipher_cases; i++) {
		const struct cipher_case *k = &cipher_cases[i];

		if (strcmp(k->alg, a->name))
			continue;
		if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, k->key, 32) < 0) {
			result(0, "%s setkey: %s", a->name, strerror(errno));
			return;
		}
		err = kcipher(tfm, 1, k->iv, a->ivlen, k->pt, got, k->len, 1);
		result(!err && !memcmp(got, k->ct, k->len), "%s KAT %s encrypt%s%s", a->name,
		       k->src, err ? ": " : "", err ? strerror(-err) : "");
		err = kcipher(tfm, 0, k->iv, a->ivlen, k->ct, back, k->len, 1);
		result(!err && !memcmp(back, k->pt, k->len), "%s KAT %s decrypt%s%s", a->name,
		       k->src, err ? ": " : "", err ? strerror(-err) : "");
	}

	/* random key/iv, lengths 0..600 + big, vs reference, and round trip */
	rnd_bytes(key, sizeof(key));
	rnd_bytes(iv, sizeof(iv));
	if (a->ivlen == 16)
		put32(iv, 0xfffffffe);	/* block counter wraps after 2 blocks */
	rnd_bytes(in, sizeof(in));
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, 32) < 0) {
		result(0, "%s setkey: %s", a->name, strerror(errno));
		return;
	}
	/*
	 * Bad input changes nothing: wrong key sizes are -EINVAL (the
	 * reference comparison below still uses the key set above), and an
	 * IV of the wrong size is refused with -EINVAL.
	 */
	{
		static const int bad_keylens[] = { 0, 16, 31, 33, 64 };
		uint8_t junk[64];

		memset(junk, 0x5a, sizeof(junk));
		for (size_t i = 0; i < sizeof(bad_keylens) / sizeof(bad_keylens[0]); i++) {
			int r = setsockopt(tfm, SOL_ALG, ALG_SET_KEY, junk, bad_keylens[i]);

			result(r < 0 && errno == EINVAL, "%s setkey of %d bytes is EINVAL (got %s)",
			       a->name, bad_keylens[i], r < 0 ? strerror(errno) : "success");
		}
		err = kcipher(tfm, 1, iv, a->ivlen == 16 ? 12 : 24, in, got, 64, 1);
		result(err == -EINVAL, "%s IV of %d bytes is EINVAL (got %s)", a->name,
		       a->ivlen == 16 ? 12 : 24, err ? strerror(-err) : "success");
	}

	bad = 0;
	for (size_t li = 0; li <= 600 + sizeof(big_lens) / sizeof(big_lens[0]) && bad < 3; li++) {
		size_t len = li <= 600 ? li : big_lens[li - 601];

		/* counter 2^32-2: short messages wrap the 32-bit block
		 * counter (kernel semantics: word 12 wraps, no carry) */
		if (a->ivlen == 16)
			put32(iv, 0xfffffffe);
		else
			put64(iv + 24, 0xfffffffeULL);
		/* unaligned source and destination (scatterlist offsets) too */
		const uint8_t *src = in + len % 13;
		uint8_t *dst = got + len % 7;

		ref_cipher(a, key, iv, src, want, len);
		err = kcipher(tfm, 1, iv, a->ivlen, src, dst, len, 1);
		err = err ?: kcipher(tfm, 0, iv, a->ivlen, dst, back, len, 1);
		if (err || memcmp(dst, want, len) || memcmp(back, src, len)) {
			bad++;
			result(0, "%s length %zu (offsets %zu/%zu) vs reference: %s", a->name, len,
			       len % 13, len % 7, err ? strerror(-err) : memcmp(dst, want, len) ?
			       "encrypt mismatch" : "decrypt does not invert");
		}
	}
	if (!bad)
		result(1, "%s lengths 0..600 and up to %zu vs reference, decrypt inverts",
		       a->name, big_lens[sizeof(big_lens) / sizeof(big_lens[0]) - 1]);

	bad = 0;
	put32(iv, 3);
	for (int t = 0; t < 60 && !bad; t++) {
		size_t len = rnd() % (t < 40 ? 700 : 20000);
		int pieces = 2 + rnd() % 8;

		err = kcipher(tfm, 1, iv, a->ivlen, in, want, len, 1);
		err = err ?: kcipher(tfm, 1, iv, a->ivlen, in, got, len, pieces);
		if (err || memcmp(got, want, len)) {
			bad++;
			result(0, "%s MSG_MORE %d pieces of %zu bytes: %s", a->name, pieces, len,
			       err ? strerror(-err) : "differs from one shot");
		}
	}
	if (!bad)
		result(1, "%s MSG_MORE random pieces == one shot", a->name);
}

/* ------------------------------------------------------------------ */
/* AEAD: rfc7539(chacha20,poly1305) and rfc7539esp(chacha20,poly1305)   */


/*
 * RFC 8439 2.8 in the kernel's layouts. rfc7539: iv = 12-byte nonce.
 * rfc7539esp: key = key || salt, iv 8 bytes, nonce = salt || iv, and the
 * last 8 AD bytes (the iv, as seqiv passes it) are not authenticated.
 * Poly1305 key = block 0; text from block 1; tag over AD || pad16 || CT ||
 * pad16 || le64(AD length) || le64(CT length). IN and OUT may be the same.
 */
static void aead_ref(const struct alg *a, const uint8_t *key, const uint8_t *iv,
		     const uint8_t *ad, size_t adlen, const uint8_t *in, uint8_t *out,
		     size_t len, int enc, uint8_t tag[16])
{
	static uint8_t mac[65536 + 256 + 64];
	static const uint8_t zero[64];
	uint8_t blk[16] = { 0 }, otk[64];
	size_t maclen = adlen, n, ctpos;

	if (a->ivlen == ESP_IV) {
		memcpy(blk + 4, key + 32, ESP_SALT);
		memcpy(blk + 4 + ESP_SALT, iv, ESP_IV);
		maclen = adlen - ESP_IV;
	} else {
		memcpy(blk + 4, iv, 12);
	}
	memcpy(mac, ad, maclen);
	n = (maclen + 15) / 16 * 16;
	memset(mac + maclen, 0, n - maclen);
	ctpos = n;
	if (!enc)
		memcpy(mac + ctpos, in, len);
	chacha_xor(key, blk, 20, zero, otk, sizeof(otk));	/* block 0 */
	put32(blk, 1);
	chacha_xor(key, blk, 20, in, out, len);
	if (enc)
		memcpy(mac + ctpos, out, len);
	n = ctpos + (len + 15) / 16 * 16;
	memset(mac + ctpos + len, 0, n - ctpos - len);
	put64(mac + n, maclen);
	put64(mac + n + 8, len);
	poly1305_ref(otk, mac, n + 16, tag);
}

/*
 * One AEAD request on a new op socket: send AD || IN (pieces > 1: random
 * MSG_MORE pieces, so the source scatterlist splits anywhere), receive
 * AD || OUT into up to four iovecs split at random (the destination splits
 * too). Encrypt: IN = text, OUT = ct || tag; decrypt: IN = ct || tag,
 * OUT = text. The AD must come back unchanged. Returns 0 or -errno
 * (-EBADMSG: forged).
 */
static int kaead(int tfm, int enc, const uint8_t *iv, int ivlen,
		 const uint8_t *ad, size_t adlen, const uint8_t *in, size_t inlen,
		 uint8_t *out, size_t outlen, int pieces)
{
	static uint8_t sbuf[65536 + 256 + 64], rbuf[sizeof(sbuf)];
	size_t total = adlen + inlen, rtotal = adlen + outlen, cut[5];
	struct iovec iov[4];
	struct msghdr msg;
	int op, err, niov;
	ssize_t r;

	if (total > sizeof(sbuf) || rtotal > sizeof(rbuf))
		return -E2BIG;
	memcpy(sbuf, ad, adlen);
	memcpy(sbuf + adlen, in, inlen);
	op = accept(tfm, NULL, 0);
	if (op < 0)
		return -errno;
	err = send_request(op, enc, (long)adlen, iv, ivlen, sbuf, total, pieces);
	if (err)
		goto out;

	/* the receive buffer in 1..4 pieces cut at random offsets */
	niov = pieces > 1 || rnd() % 2 ? 1 + (int)(rnd() % 4) : 1;
	cut[0] = 0;
	cut[niov] = rtotal;
	for (int i = 1; i < niov; i++)
		cut[i] = rtotal ? rnd() % (rtotal + 1) : 0;
	for (int i = 1; i < niov; i++)		/* sort the cuts */
		for (int j = i + 1; j < niov; j++)
			if (cut[j] < cut[i]) {
				size_t t = cut[i];

				cut[i] = cut[j];
				cut[j] = t;
			}
	for (int i = 0; i < niov; i++) {
		iov[i].iov_base = rbuf + cut[i];
		iov[i].iov_len = cut[i + 1] - cut[i];
	}
	memset(&msg, 0, sizeof(msg));
	msg.msg_iov = iov;
	msg.msg_iovlen = niov;
	r = recvmsg(op, &msg, 0);
	if (r < 0)
		err = -errno;
	else if ((size_t)r != rtotal)
		err = -EIO;
	else if (memcmp(rbuf, ad, adlen))
		err = -EFAULT;		/* AD not copied to the output */
	else
		memcpy(out, rbuf + adlen, outlen);
out:
	close(op);
	return err;
}

static const char *errname(int err)
{
	return err == -EFAULT ? "AD not returned unchanged" : strerror(-err);
}

static int aead_setkey(const struct alg *a, int tfm, const uint8_t *key, int klen)
{
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, klen) < 0) {
		result(0, "%s setkey of %d bytes: %s", a->name, klen, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Seal with the reference, then through the kernel (pieces), compare;
 * open through the kernel, compare. Returns NULL or what went wrong.
 */
static const char *aead_roundtrip(const struct alg *a, int tfm, const uint8_t *key,
				  const uint8_t *iv, const uint8_t *ad, size_t adlen,
				  const uint8_t *pt, size_t len, int pieces)
{
	static uint8_t want[65536 + 64], got[sizeof(want)], back[sizeof(want)];
	static char why[128];
	int err;

	aead_ref(a, key, iv, ad, adlen, pt, want, len, 1, want + len);
	err = kaead(tfm, 1, iv, a->ivlen, ad, adlen, pt, len, got, len + 16, pieces);
	if (err) {
		snprintf(why, sizeof(why), "encrypt: %s", errname(err));
		return why;
	}
	if (memcmp(got, want, len + 16))
		return memcmp(got, want, len) ? "ciphertext differs from the reference" :
						"tag differs from the reference";
	err = kaead(tfm, 0, iv, a->ivlen, ad, adlen, want, len + 16, back, len, pieces);
	if (err) {
		snprintf(why, sizeof(why), "decrypt: %s", errname(err));
		return why;
	}
	if (memcmp(back, pt, len))
		return "decrypt does not give the text back";
	return NULL;
}

/*
 * Change one bit of the sealed message (FLIP_TAG, FLIP_CT, FLIP_AD; at a
 * random byte): decrypt must fail with EBADMSG, except in the esp iv at
 * the end of the AD, which is not authenticated: there it must succeed.
 */
enum flip { FLIP_TAG, FLIP_CT, FLIP_AD };

static const char *aead_forge(const struct alg *a, int tfm, const uint8_t *key,
			      const uint8_t *iv, const uint8_t *ad, size_t adlen,
			      const uint8_t *pt, size_t len, enum flip where)
{
	static uint8_t sealed[65536 + 64], back[sizeof(sealed)];
	static char why[160];
	uint8_t ad2[256];
	size_t pos;
	int err, bit = (int)(rnd() % 8), unauth = 0;

	aead_ref(a, key, iv, ad, adlen, pt, sealed, len, 1, sealed + len);
	memcpy(ad2, ad, adlen);
	switch (where) {
	case FLIP_TAG:
		pos = len + rnd() % 16;
		sealed[pos] ^= 1 << bit;
		break;
	case FLIP_CT:
		pos = rnd() % len;
		sealed[pos] ^= 1 << bit;
		break;
	default:
		pos = rnd() % adlen;
		ad2[pos] ^= 1 << bit;
		unauth = a->ivlen == ESP_IV && pos >= adlen - ESP_IV;
		break;
	}
	err = kaead(tfm, 0, iv, a->ivlen, ad2, adlen, sealed, len + 16, back, len, 1);
	if (unauth) {
		if (err || memcmp(back, pt, len)) {
			snprintf(why, sizeof(why), "bit %d of AD byte %zu (the esp iv, not "
				 "authenticated) changed: %s", bit, pos,
				 err ? errname(err) : "wrong text");
			return why;
		}
		return NULL;
	}
	if (err != -EBADMSG) {
		snprintf(why, sizeof(why), "bit %d of %s byte %zu changed: decrypt gave %s, "
			 "want EBADMSG", bit, where == FLIP_TAG ? "tag" : where == FLIP_CT ?
			 "ciphertext" : "AD", where == FLIP_TAG ? pos - len : pos,
			 err ? errname(err) : "success");
		return why;
	}
	return NULL;
}

static void test_aead(const struct alg *a, int tfm)
{
	static uint8_t pt[65536 + 64], ct[sizeof(pt) + 16], got[sizeof(ct)];
	/*
	 * Every length and split is the harness's and KUnit's job; here the
	 * socket path: short texts, the sizes around the rows' thresholds and
	 * chunks, odd AD lengths, unaligned sources.
	 */
	static const size_t rfc_ads[] = { 0, 1, 17, 64 };
	static const size_t esp_ads[] = { 8, 9, 25, 72 };
	static const size_t lens[] = {
		127, 128, 129, 255, 256, 257, 511, 512, 513, 639, 640, 641, 1023, 1024,
		1420, 2047, 2048, 4095, 4096, 4097, 8191, 16384, 65536 };
	const size_t *ads = a->ivlen == ESP_IV ? esp_ads : rfc_ads;
	const size_t nads = sizeof(rfc_ads) / sizeof(rfc_ads[0]);
	int esp = a->ivlen == ESP_IV, klen = esp ? 32 + ESP_SALT : 32, bad, err, nkat = 0;
	uint8_t key[64], iv[16], ad[256];
	const char *why;

	if (setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 16) < 0) {
		result(0, "%s authsize 16: %s", a->name, strerror(errno));
		return;
	}

	/* known answers (test/vectors.h) */
	for (size_t i = 0; i < sizeof(sc_aead_kats) / sizeof(sc_aead_kats[0]); i++) {
		const struct sc_aead_kat *k = &sc_aead_kats[i];
		long len, adlen;

		if (k->esp != esp)
			continue;
		nkat++;
		if (unhex(k->key, key, sizeof(key)) != klen || aead_setkey(a, tfm, key, klen))
			return;
		unhex(k->iv, iv, sizeof(iv));
		adlen = unhex(k->ad, ad, sizeof(ad));
		len = msg_bytes(&k->pt, pt, sizeof(pt));
		unhex(k->ct, ct, sizeof(ct));
		unhex(k->tag, ct + len, 16);
		err = kaead(tfm, 1, iv, a->ivlen, ad, adlen, pt, len, got, len + 16, 1);
		result(!err && !memcmp(got, ct, len + 16), "%s KAT %s encrypt%s%s", a->name,
		       k->src, err ? ": " : "", err ? errname(err) :
		       memcmp(got, ct, len) ? " (wrong ciphertext)" :
		       memcmp(got + len, ct + len, 16) ? " (wrong tag)" : "");
		err = kaead(tfm, 0, iv, a->ivlen, ad, adlen, ct, len + 16, got, len, 1);
		result(!err && !memcmp(got, pt, len), "%s KAT %s decrypt%s%s", a->name, k->src,
		       err ? ": " : "", err ? errname(err) : memcmp(got, pt, len) ?
		       " (wrong text)" : "");
		ct[len + 15] ^= 0x80;
		err = kaead(tfm, 0, iv, a->ivlen, ad, adlen, ct, len + 16, got, len, 1);
		result(err == -EBADMSG, "%s KAT %s with a forged tag is EBADMSG (got %s)",
		       a->name, k->src, err ? errname(err) : "success");
	}
	if (!nkat)
		result(0, "%s: no known answers in test/vectors.h", a->name);

	/* refused parameters; the key set last stays */
	rnd_bytes(key, sizeof(key));
	{
		static const int bad_keylens[] = { 0, 16, 31, 32, 33, 35, 36, 37, 64 };

		for (size_t i = 0; i < sizeof(bad_keylens) / sizeof(bad_keylens[0]); i++) {
			int r;

			if (bad_keylens[i] == klen)
				continue;
			r = setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, bad_keylens[i]);
			result(r < 0 && errno == EINVAL, "%s setkey of %d bytes is EINVAL (got %s)",
			       a->name, bad_keylens[i], r < 0 ? strerror(errno) : "success");
		}
		for (int as = 0; as <= 20; as += 4) {
			int r = setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, as);

			if (as == 16)
				continue;
			result(r < 0 && errno == EINVAL, "%s authsize %d is EINVAL (got %s)",
			       a->name, as, r < 0 ? strerror(errno) : "success");
		}
		if (setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, 16) < 0) {
			result(0, "%s authsize 16 again: %s", a->name, strerror(errno));
			return;
		}
	}
	if (aead_setkey(a, tfm, key, klen))
		return;
	rnd_bytes(iv, sizeof(iv));
	rnd_bytes(pt, sizeof(pt));
	if (esp) {
		err = kaead(tfm, 1, iv, a->ivlen, ad, 7, pt, 64, got, 80, 1);
		result(err == -EINVAL, "%s AD of 7 bytes (< the 8-byte iv) is EINVAL (got %s)",
		       a->name, err ? errname(err) : "success");
	}

	/* every text length 0..80 and the sizes above, each AD length, vs
	 * reference; odd lengths sent and received in random pieces */
	bad = 0;
	for (size_t ai = 0; ai < nads && bad < 3; ai++) {
		for (size_t li = 0; li <= 80 + sizeof(lens) / sizeof(lens[0]) && bad < 3; li++) {
			size_t len = li <= 80 ? li : lens[li - 81];

			rnd_bytes(ad, ads[ai]);
			why = aead_roundtrip(a, tfm, key, iv, ad, ads[ai], pt + li % 5, len,
					     li % 2 ? 2 + (int)(rnd() % 6) : 1);
			if (why) {
				bad++;
				result(0, "%s AD %zu + text %zu vs reference: %s", a->name, ads[ai],
				       len, why);
			}
		}
	}
	if (!bad)
		result(1, "%s AD lengths %zu..%zu x text lengths 0..80 and 127..%zu vs "
		       "reference (random pieces in and out), decrypt inverts", a->name, ads[0],
		       ads[nads - 1], lens[sizeof(lens) / sizeof(lens[0]) - 1]);

	/* AD-only messages: every AD length 0..80 (esp 8..88), empty text */
	bad = 0;
	for (size_t adlen = esp ? 8 : 0; adlen <= (esp ? 88u : 80u) && bad < 3; adlen++) {
		rnd_bytes(ad, adlen);
		why = aead_roundtrip(a, tfm, key, iv, ad, adlen, pt, 0, adlen % 2 ? 2 : 1);
		/* an empty output is never read, so its tag cannot be checked */
		if (!why && adlen)
			why = aead_forge(a, tfm, key, iv, ad, adlen, pt, 0,
					 adlen % 2 ? FLIP_TAG : FLIP_AD);
		if (why) {
			bad++;
			result(0, "%s AD-only message, AD %zu: %s", a->name, adlen, why);
		}
	}
	if (!bad)
		result(1, "%s AD-only messages (AD %d..%d, no text) vs reference, forgeries "
		       "EBADMSG", a->name, esp ? 8 : 0, esp ? 88 : 80);

	/* forgeries: one changed bit in the tag, the text or the AD */
	for (int w = FLIP_TAG; w <= FLIP_AD; w++) {
		bad = 0;
		for (int t = 0; t < 12 && bad < 3; t++) {
			size_t len = 1 + rnd() % (t < 8 ? 600 : 9000);
			size_t adlen = ads[1 + rnd() % (nads - 1)];

			rnd_bytes(ad, adlen);
			why = aead_forge(a, tfm, key, iv, ad, adlen, pt, len, w);
			if (why) {
				bad++;
				result(0, "%s forged, text %zu, AD %zu: %s", a->name, len, adlen, why);
			}
		}
		if (!bad)
			result(1, "%s a changed bit in the %s gives EBADMSG%s", a->name,
			       w == FLIP_TAG ? "tag" : w == FLIP_CT ? "ciphertext" : "AD",
			       w == FLIP_AD && esp ? " (in its trailing iv: success)" : "");
	}
}

static void test_alg(const struct alg *a, int allow_missing, const char *suffix)
{
	struct procent pe;
	int tfm = alg_bind(a->kind == CIPHER ? "skcipher" : a->kind == AEAD ? "aead" : "hash",
			   cra_name(a));

	if (tfm == -ENOENT && allow_missing) {
		skip("%s: the kernel has no such algorithm", a->name);
		return;
	}
	if (tfm < 0) {
		result(0, "%s bind: %s", a->name, strerror(-tfm));
		return;
	}
	if (a->kind == CIPHER)
		test_cipher(a, tfm);
	else if (a->kind == AEAD)
		test_aead(a, tfm);
	else
		test_hash(a, tfm);
	close(tfm);

	if (!proc_crypto_best(cra_name(a), &pe)) {
		printf("DRIVER %s ? (not in /proc/crypto)\n", a->name);
		if (suffix)
			result(0, "%s driver: not found in /proc/crypto", a->name);
		return;
	}
	printf("DRIVER %s %s priority %d selftest %s\n", a->name, pe.driver, pe.priority,
	       pe.selftest[0] ? pe.selftest : "?");
	if (suffix) {
		char want[160];

		snprintf(want, sizeof(want), "%s-%s", a->drv ? a->drv : a->name, suffix);
		result(!strcmp(pe.driver, want) && !strcmp(pe.selftest, "passed"),
		       "%s driver is %s (selftest %s), want %s (selftest passed)",
		       a->name, pe.driver, pe.selftest, want);
	}
}

/* reference code against the known answers, no kernel needed */
static int self_check(void)
{
	uint8_t key[64], iv[32], got[400], msg[256];

	for (size_t i = 0; i < nhash_cases; i++) {
		const struct hash_case *k = &hash_cases[i];
		const struct alg *a = find_alg(k->alg);

		if (a->kind == POLY)
			poly1305_ref(k->msg, k->msg + 32, k->mlen - 32, got);
		else
			sha3_ref(a->dlen, k->msg, k->mlen, got);
		result(!memcmp(got, k->digest, a->dlen), "reference %s %s", k->alg, k->src);
	}
	for (size_t i = 0; i < ncipher_cases; i++) {
		const struct cipher_case *k = &cipher_cases[i];

		ref_cipher(find_alg(k->alg), k->key, k->iv, k->pt, got, k->len);
		result(k->len > 0 && !memcmp(got, k->ct, k->len), "reference %s %s", k->alg,
		       k->src);
	}
	for (size_t i = 0; i < sizeof(sc_aead_kats) / sizeof(sc_aead_kats[0]); i++) {
		static uint8_t pt[1024], ct[1024 + 16], out[1024 + 16];
		const struct sc_aead_kat *k = &sc_aead_kats[i];
		const struct alg *a = find_alg(k->esp ? "rfc7539esp" : "rfc7539");
		long len = msg_bytes(&k->pt, pt, sizeof(pt)), adlen;

		unhex(k->key, key, sizeof(key));
		unhex(k->iv, iv, sizeof(iv));
		adlen = unhex(k->ad, msg, sizeof(msg));
		unhex(k->ct, ct, sizeof(ct));
		unhex(k->tag, ct + len, 16);
		aead_ref(a, key, iv, msg, adlen, pt, out, len, 1, out + len);
		result(len > 0 && !memcmp(out, ct, len + 16), "reference %s %s", a->name, k->src);
	}
	return report_done();
}

/* ------------------------------------------------------------------ */
/* Tools for demos                                                      */

static int cmd_hash(const char *name, const char *file)
{
	const struct alg *a = find_alg(name);
	int dlen = a ? a->dlen : 64;
	uint8_t buf[16384], d[64];
	char hx[129];
	FILE *f = file ? fopen(file, "rb") : stdin;
	int tfm, op;
	size_t n;

	if (!f) {
		perror(file);
		return 1;
	}
	tfm = alg_bind("hash", name);
	if (tfm < 0) {
		fprintf(stderr, "bind hash %s: %s\n", name, strerror(-tfm));
		return 1;
	}
	op = accept(tfm, NULL, 0);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		if (send_all(op, buf, n, 1)) {
			perror("send");
			return 1;
		}
	if (send(op, buf, 0, 0) < 0 || read(op, d, dlen) != dlen) {
		perror("digest");
		return 1;
	}
	hexstr(d, dlen, hx);
	printf("%s  %s\n", hx, file ? file : "-");
	return 0;
}

/*
 * stdin -> stdout. chacha20/xchacha*: 64 KiB requests, the block counter in
 * the iv advanced between them (same result as one request); any other
 * skcipher (e.g. adiantum(xchacha12,aes)): one request of at most 64 KiB.
 */
static int cmd_cipher(int enc, const char *name, const char *khex, const char *ivhex)
{
	static uint8_t in[65536], out[sizeof(in)];
	const struct alg *a = find_alg(name);
	uint8_t key[64], iv[64];
	long klen = unhex(khex, key, sizeof(key)), ivlen = unhex(ivhex, iv, sizeof(iv));
	int tfm = alg_bind("skcipher", name), err, first = 1;
	size_t len;

	if (tfm < 0 || klen < 0 || ivlen < 0) {
		fprintf(stderr, "bind skcipher %s: %s\n", name, tfm < 0 ? strerror(-tfm) : "bad hex");
		return 1;
	}
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, klen) < 0) {
		perror("setkey");
		return 1;
	}
	while ((len = fread(in, 1, sizeof(in), stdin)) > 0 || first) {
		if (!a && !first) {
			fprintf(stderr, "%s: at most %zu bytes\n", name, sizeof(in));
			return 1;
		}
		first = 0;
		err = kcipher(tfm, enc, iv, ivlen, in, out, len, 1);
		if (err) {
			fprintf(stderr, "%s: %s\n", name, strerror(-err));
			return 1;
		}
		fwrite(out, 1, len, stdout);
		if (a && a->ivlen == 16 && ivlen == 16)
			put32(iv, le32(iv) + (uint32_t)(len / 64));
		else if (a && ivlen == 32)
			put32(iv + 24, le32(iv + 24) + (uint32_t)(len / 64));
		if (len < sizeof(in))
			break;
	}
	return 0;
}

static int cmd_driver(const char *type, const char *name)
{
	struct procent pe;
	int tfm = alg_bind(type, name);

	if (tfm < 0) {
		fprintf(stderr, "bind %s %s: %s\n", type, name, strerror(-tfm));
		return 1;
	}
	if (!proc_crypto_best(name, &pe)) {
		fprintf(stderr, "%s not in /proc/crypto\n", name);
		return 1;
	}
	printf("%s driver %s priority %d selftest %s\n", name, pe.driver, pe.priority,
	       pe.selftest[0] ? pe.selftest : "?");
	close(tfm);
	return 0;
}

int main(int argc, char **argv)
{
	const char *suffix = NULL;
	int allow_missing = 0, opt, any = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	cases_build();
	if (argc >= 3 && !strcmp(argv[1], "hash"))
		return cmd_hash(argv[2], argc > 3 ? argv[3] : NULL);
	if (argc == 5 && (!strcmp(argv[1], "enc") || !strcmp(argv[1], "dec")))
		return cmd_cipher(argv[1][0] == 'e', argv[2], argv[3], argv[4]);
	if (argc == 4 && !strcmp(argv[1], "driver"))
		return cmd_driver(argv[2], argv[3]);

	while ((opt = getopt(argc, argv, "md:s:vl")) != -1) {
		switch (opt) {
		case 'm': allow_missing = 1; break;
		case 'd': suffix = optarg; break;
		case 's': rng_state = strtoull(optarg, NULL, 0) | 1; break;
		case 'v': verbose = 1; break;
		case 'l': return self_check();
		default:
			fprintf(stderr, "usage: %s [-m] [-d SUFFIX] [-s SEED] [-v] [ALG...] | -l\n",
				argv[0]);
			return 2;
		}
	}
	printf("afalg: seed 0x%llx\n", (unsigned long long)rng_state);
	for (size_t i = 0; i < NALGS; i++) {
		int want = optind >= argc;

		for (int j = optind; j < argc; j++)
			want |= find_alg(argv[j]) == &algs[i];
		if (want) {
			test_alg(&algs[i], allow_missing, suffix);
			any = 1;
		}
	}
	if (!any) {
		fprintf(stderr, "no such algorithm\n");
		return 2;
	}
	return report_done();
}
