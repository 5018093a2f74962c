// SPDX-License-Identifier: GPL-2.0
/*
 * ktls - kernel TLS 1.3 with TLS_CIPHER_CHACHA20_POLY1305, which allocates
 * the AEAD "rfc7539(chacha20,poly1305)" once per socket and direction; and
 * the host-side check of the records it writes.
 *
 * In the guest (static, libc only; needs tls.ko):
 *   ktls [-d SUFFIX] [-l LABEL]
 *     pair     a TCP pair over loopback, both ends with TCP_ULP "tls",
 *              TLS_TX and TLS_RX: messages of 1..100000 bytes both ways,
 *              checked byte for byte. Meanwhile /proc/crypto shows which
 *              driver of rfc7539(chacha20,poly1305) the sockets hold
 *              (its refcnt rises); -d: it must be
 *              "rfc7539-chacha20-poly1305-SUFFIX", up by all four.
 *     capture  one end TLS_TX only, the other a plain socket: the raw
 *              records on the wire are printed, in hex, on
 *              "KTLS-CAPTURE LABEL ..." lines for the host to decrypt
 *     replay   those records written by a plain socket into a TLS_RX
 *              socket give the text back; with one bit changed in the
 *              last record the read fails with EBADMSG
 *   Each check prints "PASS ..." or "FAIL ..."; the last line is
 *   "N passed, N failed"; the exit status is 1 on any failure.
 *
 * On the host (cc -DKTLS_HOST test/ktls.c -lcrypto):
 *   ktls-host LOG
 *     every capture in LOG (a console log) is taken apart into records and
 *     each opened with OpenSSL's EVP_chacha20_poly1305 (RFC 8446 5.3:
 *     nonce = iv XOR the record's sequence number, AD = the 5-byte record
 *     header); the inner plaintexts, content type 23 stripped, must be the
 *     messages the guest sent. Same output format.
 *
 * The keys, sequence numbers and messages are defined once, below, for
 * both builds.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fdio.h"
#include "report.h"

/* ------------------------------------------------------------------ */
/* What both ends agree on                                              */

#define KEY_SIZE	32
#define IV_SIZE		12
#define SEQ_SIZE	8
#define TAG_SIZE	16
#define HDR_SIZE	5
#define REC_MAX		16384		/* TLS plaintext per record */
#define CT_APPDATA	23		/* TLS application_data */
#define CAPTURE_MSGS	3

struct keys {
	uint8_t key[KEY_SIZE], iv[IV_SIZE], seq[SEQ_SIZE];
};

/* one set of keys per direction/test, all different; seq near 2^63 so the
 * nonce XOR touches every byte of it */
static void keys_for(int which, struct keys *k)
{
	for (int i = 0; i < KEY_SIZE; i++)
		k->key[i] = (uint8_t)(0x40 + 7 * which + 13 * i);
	for (int i = 0; i < IV_SIZE; i++)
		k->iv[i] = (uint8_t)(0xa0 ^ (which << 4) ^ (11 * i));
	for (int i = 0; i < SEQ_SIZE; i++)
		k->seq[i] = (uint8_t)(i ? 0xf0 + i + which : 0x7f);
}

#define KEYS_CAPTURE 3

/* capture: the messages the TX end writes (sizes; 17000 is a full record
 * and a short one) */
static const size_t capture_sizes[CAPTURE_MSGS] = { 1, 300, 17000 };

/* byte I of message M */
static uint8_t pat(unsigned int m, size_t i)
{
	uint32_t x = (m + 1) * 2654435761u ^ (uint32_t)i * 40503u;

	return (uint8_t)(x >> 13 ^ x);
}

static void fill(uint8_t *p, unsigned int m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = pat(m, i);
}

static size_t capture_text_len(void)
{
	size_t n = 0;

	for (int i = 0; i < CAPTURE_MSGS; i++)
		n += capture_sizes[i];
	return n;
}

static void capture_text(uint8_t *p)
{
	for (int i = 0; i < CAPTURE_MSGS; i++) {
		fill(p, 100 + i, capture_sizes[i]);
		p += capture_sizes[i];
	}
}

#ifndef KTLS_HOST
/* ------------------------------------------------------------------ */
/* The guest: kTLS sockets                                              */

#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <linux/tls.h>

#ifndef SOL_TLS
#define SOL_TLS 282
#endif
#ifndef TCP_ULP
#define TCP_ULP 31
#endif

static const char *suffix, *label = "ktls";

/* bring up lo (an initramfs starts with it down) */
static void lo_up(void)
{
	struct ifreq ifr = { 0 };
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		return;
	strcpy(ifr.ifr_name, "lo");
	if (!ioctl(fd, SIOCGIFFLAGS, &ifr) && !(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close(fd);
}

/* fds[0] the connecting end, fds[1] the accepted end; 0 or -errno */
static int tcp_pair(int fds[2])
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t sl = sizeof(sa);
	int l, err = 0;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	fds[0] = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || fds[0] < 0 || bind(l, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(l, 1) || getsockname(l, (struct sockaddr *)&sa, &sl) ||
	    connect(fds[0], (struct sockaddr *)&sa, sizeof(sa)) ||
	    (fds[1] = accept(l, NULL, NULL)) < 0)
		err = -errno;
	if (l >= 0)
		close(l);
	return err;
}

static int tls_ulp(int fd)
{
	return setsockopt(fd, IPPROTO_TCP, TCP_ULP, "tls", sizeof("tls")) ? -errno : 0;
}

static int tls_keys(int fd, int dir, int which)
{
	struct tls12_crypto_info_chacha20_poly1305 ci;
	struct keys k;

	keys_for(which, &k);
	memset(&ci, 0, sizeof(ci));
	ci.info.version = TLS_1_3_VERSION;
	ci.info.cipher_type = TLS_CIPHER_CHACHA20_POLY1305;
	memcpy(ci.key, k.key, sizeof(ci.key));
	memcpy(ci.iv, k.iv, sizeof(ci.iv));
	memcpy(ci.rec_seq, k.seq, sizeof(ci.rec_seq));
	return setsockopt(fd, SOL_TLS, dir, &ci, sizeof(ci)) ? -errno : 0;
}

/* reads message M of N bytes and checks it; 0, -errno or -EILSEQ */
static int read_msg(int fd, unsigned int m, size_t n)
{
	static uint8_t buf[1 << 17];
	int err = read_all(fd, buf, n);

	if (err)
		return err;
	for (size_t i = 0; i < n; i++)
		if (buf[i] != pat(m, i))
			return -EILSEQ;
	return 0;
}

static int write_msg(int fd, unsigned int m, size_t n)
{
	static uint8_t buf[1 << 17];

	fill(buf, m, n);
	return write_all(fd, buf, n);
}

/* /proc/crypto: every driver of rfc7539(chacha20,poly1305), its refcnt */
#define MAXDRV 8
struct drivers {
	int n;
	char name[MAXDRV][128];
	int refcnt[MAXDRV];
};

static void aead_drivers(struct drivers *d)
{
	FILE *f = fopen("/proc/crypto", "r");
	char line[256], drv[128] = "";
	int match = 0;

	d->n = 0;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *v = strchr(line, ':');

		line[strcspn(line, "\n")] = 0;
		if (!v)
			continue;
		for (v++; *v == ' '; v++)
			;
		if (!strncmp(line, "name ", 5))
			match = !strcmp(v, "rfc7539(chacha20,poly1305)");
		else if (!strncmp(line, "driver ", 7))
			snprintf(drv, sizeof(drv), "%s", v);
		else if (!strncmp(line, "refcnt ", 7) && match && d->n < MAXDRV) {
			snprintf(d->name[d->n], sizeof(d->name[0]), "%s", drv);
			d->refcnt[d->n++] = atoi(v);
		}
	}
	fclose(f);
}

static int refcnt_of(const struct drivers *d, const char *name)
{
	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->name[i], name))
			return d->refcnt[i];
	return 0;
}

/* Run FN(fd, arg) in a child on FD; returns a pid. */
static pid_t peer(int (*fn)(int, long), int fd, long arg)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();

	if (!pid) {
		fflush(stdout);
		_exit(fn(fd, arg) ? 1 : 0);
	}
	return pid;
}

static int peer_wait(pid_t pid)
{
	int st;

	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const size_t pair_sizes[] = { 1, 1000, 16384, 16385, 40000 };
#define NPAIR (sizeof(pair_sizes) / sizeof(pair_sizes[0]))

/* the accepted end of the pair: read each message, answer with another */
static int pair_server(int fd, long unused)
{
	(void)unused;
	for (unsigned int i = 0; i < NPAIR; i++) {
		int err = read_msg(fd, i, pair_sizes[i]);

		if (err) {
			printf("  %s pair: the server end reading %zu bytes: %s\n", label,
			       pair_sizes[i], err == -EILSEQ ? "wrong bytes" : strerror(-err));
			return 1;
		}
		err = write_msg(fd, 50 + i, pair_sizes[i]);
		if (err) {
			printf("  %s pair: the server end writing %zu bytes: %s\n", label,
			       pair_sizes[i], strerror(-err));
			return 1;
		}
	}
	return 0;
}

static void test_pair(void)
{
	struct drivers before, during;
	int fds[2], err;
	pid_t pid;
	char want[160] = "";

	aead_drivers(&before);
	err = tcp_pair(fds);
	if (err) {
		result(0, "%s pair: TCP over loopback: %s", label, strerror(-err));
		return;
	}
	err = tls_ulp(fds[0]) ?: tls_ulp(fds[1]);
	if (err) {
		result(0, "%s pair: TCP_ULP tls: %s (is tls.ko loaded?)", label, strerror(-err));
		goto out;
	}
	err = tls_keys(fds[0], TLS_TX, 0) ?: tls_keys(fds[0], TLS_RX, 1) ?:
	      tls_keys(fds[1], TLS_TX, 1) ?: tls_keys(fds[1], TLS_RX, 0);
	if (err) {
		result(0, "%s pair: TLS_TX/TLS_RX TLS 1.3 chacha20-poly1305: %s", label,
		       strerror(-err));
		goto out;
	}
	result(1, "%s pair: TCP_ULP tls, TLS_TX and TLS_RX (TLS 1.3, chacha20-poly1305) set",
	       label);

	/* all four tfms are allocated now */
	aead_drivers(&during);
	if (suffix)
		snprintf(want, sizeof(want), "rfc7539-chacha20-poly1305-%s", suffix);
	{
		int best = -1, delta = 0;

		for (int i = 0; i < during.n; i++) {
			int dd = during.refcnt[i] - refcnt_of(&before, during.name[i]);

			printf("KTLS-DRIVER %s %s refcnt %d (before the sockets %d)\n", label,
			       during.name[i], during.refcnt[i], refcnt_of(&before, during.name[i]));
			if (dd > delta) {
				delta = dd;
				best = i;
			}
		}
		if (suffix)
			result(best >= 0 && !strcmp(during.name[best], want) && delta >= 4,
			       "%s pair: /proc/crypto: the sockets hold %s (refcnt +%d), want %s "
			       "(+4: two ends, two directions)", label,
			       best >= 0 ? during.name[best] : "nothing", delta, want);
		else
			result(best >= 0, "%s pair: /proc/crypto: the sockets hold %s (refcnt +%d)",
			       label, best >= 0 ? during.name[best] : "no rfc7539 driver", delta);
	}

	pid = peer(pair_server, fds[1], 0);
	for (unsigned int i = 0; i < NPAIR && !err; i++) {
		err = write_msg(fds[0], i, pair_sizes[i]);
		err = err ?: read_msg(fds[0], 50 + i, pair_sizes[i]);
		if (err)
			result(0, "%s pair: message of %zu bytes each way: %s", label, pair_sizes[i],
			       err == -EILSEQ ? "wrong bytes" : strerror(-err));
	}
	if (err)
		shutdown(fds[0], SHUT_RDWR);
	if (peer_wait(pid) && !err) {
		err = -EIO;
		result(0, "%s pair: the server end failed (see above)", label);
	}
	if (!err)
		result(1, "%s pair: messages of 1..%zu bytes both ways arrive intact", label,
		       pair_sizes[NPAIR - 1]);
out:
	close(fds[0]);
	close(fds[1]);
}

/* the TX-only end of the capture */
static int capture_writer(int fd, long unused)
{
	(void)unused;
	for (unsigned int i = 0; i < CAPTURE_MSGS; i++)
		if (write_msg(fd, 100 + i, capture_sizes[i]))
			return 1;
	return 0;
}

static uint8_t wire[CAPTURE_MSGS * 2 * (REC_MAX + 64) + 64];
static size_t wire_len;

static int test_capture(void)
{
	int fds[2], err, n = 0;
	size_t want = 0;
	pid_t pid;

	for (int i = 0; i < CAPTURE_MSGS; i++) {
		size_t len = capture_sizes[i];

		want += len + (len + REC_MAX - 1) / REC_MAX * (HDR_SIZE + 1 + TAG_SIZE);
	}
	err = tcp_pair(fds);
	err = err ?: tls_ulp(fds[0]);
	err = err ?: tls_keys(fds[0], TLS_TX, KEYS_CAPTURE);
	if (err) {
		result(0, "%s capture: TX-only socket: %s", label, strerror(-err));
		return -1;
	}
	pid = peer(capture_writer, fds[0], 0);
	err = read_all(fds[1], wire, want);
	if (peer_wait(pid))
		err = err ?: -EIO;
	close(fds[0]);
	close(fds[1]);
	if (err) {
		result(0, "%s capture: reading %zu bytes of records: %s", label, want,
		       strerror(-err));
		return -1;
	}
	wire_len = want;
	for (size_t off = 0; off + HDR_SIZE <= wire_len; n++)
		off += HDR_SIZE + (wire[off + 3] << 8 | wire[off + 4]);
	/* one line per 64 bytes, numbered, so a lost line shows */
	for (size_t off = 0; off < wire_len; off += 64) {
		printf("KTLS-CAPTURE %s %zu ", label, off);
		for (size_t i = off; i < wire_len && i < off + 64; i++)
			printf("%02x", wire[i]);
		putchar('\n');
	}
	printf("KTLS-CAPTURE-END %s %zu\n", label, wire_len);
	result(1, "%s capture: %d records, %zu bytes on the wire, printed for the host", label,
	       n, wire_len);
	return 0;
}

/* the plain end of the replay: writes the captured records, bit FLIP
 * (-1: none) changed */
static int replay_writer(int fd, long flip)
{
	int err;

	if (flip >= 0)
		wire[flip / 8] ^= 1 << (flip % 8);
	err = write_all(fd, wire, wire_len);
	shutdown(fd, SHUT_WR);
	return err;
}

/*
 * The captured records into a TLS_RX socket: unchanged they give the text
 * back; with bit FLIP changed the read fails with EBADMSG.
 */
static void test_replay(long flip, const char *where)
{
	static uint8_t want[CAPTURE_MSGS * REC_MAX * 2], got[sizeof(want)];
	size_t n = capture_text_len();
	int fds[2], err;
	pid_t pid;

	err = tcp_pair(fds);
	err = err ?: tls_ulp(fds[1]);
	err = err ?: tls_keys(fds[1], TLS_RX, KEYS_CAPTURE);
	if (err) {
		result(0, "%s replay: RX socket: %s", label, strerror(-err));
		return;
	}
	capture_text(want);
	pid = peer(replay_writer, fds[0], flip);
	err = read_all(fds[1], got, n);
	close(fds[1]);
	peer_wait(pid);
	close(fds[0]);
	if (flip < 0)
		result(!err && !memcmp(got, want, n), "%s replay: the captured records into a "
		       "TLS_RX socket give the %zu bytes back%s%s", label, n, err ? ": " : "",
		       err ? strerror(-err) : !memcmp(got, want, n) ? "" : " (wrong bytes)");
	else
		result(err == -EBADMSG, "%s replay: one bit changed in %s: the TLS_RX read is "
		       "EBADMSG (got %s)", label, where, err ? strerror(-err) : "the text");
}

int main(int argc, char **argv)
{
	int opt;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "d:l:")) != -1) {
		switch (opt) {
		case 'd': suffix = optarg; break;
		case 'l': label = optarg; break;
		default:
			fprintf(stderr, "usage: %s [-d SUFFIX] [-l LABEL]\n", argv[0]);
			return 2;
		}
	}
	lo_up();
	test_pair();
	if (!test_capture()) {
		test_replay(-1, NULL);
		test_replay((long)(wire_len - 1) * 8 + 3, "the last record's tag");
		test_replay((HDR_SIZE + 1) * 8 + 6, "the first record's ciphertext");
	}
	return report_done();
}

#else
/* ------------------------------------------------------------------ */
/* The host: open the captured records with OpenSSL                     */

#include <openssl/evp.h>

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

struct capture {
	char label[64];
	uint8_t *wire;
	size_t len, expect, next;
	int broken;
};

/* RFC 8446 5.2/5.3: open one record; returns the content length or -1 */
static long open_record(const struct keys *k, uint64_t seq, const uint8_t *rec, size_t len,
			uint8_t *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	uint8_t nonce[IV_SIZE];
	int n1 = 0, n2 = 0, ok;

	memcpy(nonce, k->iv, IV_SIZE);
	for (int i = 0; i < 8; i++)
		nonce[IV_SIZE - 1 - i] ^= (uint8_t)(seq >> (8 * i));
	ok = c && len >= HDR_SIZE + TAG_SIZE &&
	     EVP_DecryptInit_ex(c, EVP_chacha20_poly1305(), NULL, NULL, NULL) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, IV_SIZE, NULL) &&
	     EVP_DecryptInit_ex(c, NULL, NULL, k->key, nonce) &&
	     EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, TAG_SIZE,
				 (void *)(rec + len - TAG_SIZE)) &&
	     EVP_DecryptUpdate(c, NULL, &n1, rec, HDR_SIZE) &&
	     EVP_DecryptUpdate(c, out, &n1, rec + HDR_SIZE, (int)(len - HDR_SIZE - TAG_SIZE)) &&
	     EVP_DecryptFinal_ex(c, out + n1, &n2) > 0;
	EVP_CIPHER_CTX_free(c);
	return ok ? n1 + n2 : -1;
}

static void check_capture(const struct capture *cap)
{
	static uint8_t text[CAPTURE_MSGS * REC_MAX * 2], got[sizeof(text)], inner[REC_MAX + 256];
	size_t tlen = capture_text_len(), glen = 0, off = 0;
	struct keys k;
	uint64_t seq = 0;
	int nrec = 0, bad = 0;

	if (cap->broken || cap->next != cap->len || cap->len != cap->expect) {
		result(0, "%s host: capture incomplete in the log (%zu of %zu bytes)", cap->label,
		       cap->next, cap->expect);
		return;
	}
	capture_text(text);
	keys_for(KEYS_CAPTURE, &k);
	for (int i = 0; i < SEQ_SIZE; i++)
		seq = seq << 8 | k.seq[i];
	while (off < cap->len && !bad) {
		const uint8_t *r = cap->wire + off;
		size_t rlen;
		long n;

		if (cap->len - off < HDR_SIZE) {
			bad = 1;
			result(0, "%s host: %zu stray bytes at the end", cap->label, cap->len - off);
			break;
		}
		rlen = HDR_SIZE + (r[3] << 8 | r[4]);
		if (r[0] != CT_APPDATA || r[1] != 3 || r[2] != 3 || off + rlen > cap->len ||
		    rlen > HDR_SIZE + REC_MAX + 256) {
			bad = 1;
			result(0, "%s host: record %d: header %02x %02x%02x length %zu is not a TLS "
			       "1.3 application_data record", cap->label, nrec, r[0], r[1], r[2],
			       rlen - HDR_SIZE);
			break;
		}
		n = open_record(&k, seq + nrec, r, rlen, inner);
		/* the inner plaintext: content || type || zero padding */
		while (n > 0 && !inner[n - 1])
			n--;
		if (n < 1 || inner[n - 1] != CT_APPDATA || n - 1 > REC_MAX ||
		    glen + n - 1 > sizeof(got)) {
			bad = 1;
			result(0, "%s host: record %d (%zu bytes, sequence number %d from the "
			       "first): %s", cap->label, nrec, rlen, nrec, n < 0 ?
			       "OpenSSL rejects the tag" : "inner content type is not 23");
			break;
		}
		memcpy(got + glen, inner, n - 1);
		glen += n - 1;
		off += rlen;
		nrec++;
	}
	if (bad)
		return;
	result(glen == tlen && !memcmp(got, text, tlen), "%s host: OpenSSL EVP_chacha20_poly1305 "
	       "opens all %d records (%zu bytes on the wire), %zu bytes of text as sent%s",
	       cap->label, nrec, cap->len, glen, glen == tlen && !memcmp(got, text, tlen) ?
	       "" : " - NOT: the text differs");
}

int main(int argc, char **argv)
{
	static struct capture caps[8];
	char line[512];
	int ncap = 0;
	FILE *f;

	if (argc != 2 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: %s CONSOLE-LOG\n", argv[0]);
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		char lab[64], *hex;
		size_t off;
		struct capture *c = NULL;
		int pos;

		if (sscanf(line, "KTLS-CAPTURE-END %63s %zu", lab, &off) == 2) {
			for (int i = 0; i < ncap; i++)
				if (!strcmp(caps[i].label, lab))
					caps[i].expect = off;
			continue;
		}
		if (sscanf(line, "KTLS-CAPTURE %63s %zu %n", lab, &off, &pos) != 2)
			continue;
		for (int i = 0; i < ncap; i++)
			if (!strcmp(caps[i].label, lab))
				c = &caps[i];
		if (!c) {
			if (ncap == 8)
				continue;
			c = &caps[ncap++];
			snprintf(c->label, sizeof(c->label), "%s", lab);
			c->wire = calloc(200000, 1);
		}
		if (off != c->next || off > 190000) {
			c->broken = 1;
			continue;
		}
		hex = line + pos;
		while (hexval(hex[0]) >= 0 && hexval(hex[1]) >= 0) {
			c->wire[c->next++] = (uint8_t)(hexval(hex[0]) << 4 | hexval(hex[1]));
			hex += 2;
		}
		c->len = c->next;
	}
	fclose(f);
	if (!ncap)
		result(0, "host: no KTLS-CAPTURE lines in %s", argv[1]);
	for (int i = 0; i < ncap; i++)
		check_capture(&caps[i]);
	return report_done();
}
#endif
