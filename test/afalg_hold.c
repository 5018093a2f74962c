// SPDX-License-Identifier: GPL-2.0
/*
 * afalg_hold - unloading simdcrypt while AF_ALG sockets hold its transforms.
 *
 *   afalg_hold [MODULE]        (default: simdcrypt)
 *
 * Binds one AF_ALG socket to each of simdcrypt's drivers by driver name
 * (chacha20, sha3-256, poly1305, the rfc7539 AEAD: each bind allocates a
 * transform, which holds the module), runs one operation on each, then
 * tries delete_module(MODULE, O_NONBLOCK): that must fail (EWOULDBLOCK or
 * EBUSY) with the module still listed in /proc/modules and every socket
 * still answering.  Then it closes the sockets; the caller's rmmod must
 * succeed afterwards.  Prints "afalg_hold: ..." lines; exit 0 when every
 * step went as it must, 1 otherwise.  Static, for the check-kcsan guest.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <linux/if_alg.h>

#ifndef SOL_ALG
#define SOL_ALG	279
#endif

struct hold {
	const char *type, *driver;
	unsigned int keylen, ivlen, authsize;
	int tfm, op;
};

static struct hold holds[] = {
	{ "skcipher", "chacha20-simdcrypt", 32, 16, 0, -1, -1 },
	{ "hash", "sha3-256-simdcrypt", 0, 0, 0, -1, -1 },
	{ "hash", "poly1305-simdcrypt", 0, 0, 0, -1, -1 },
	{ "aead", "rfc7539-chacha20-poly1305-simdcrypt", 32, 12, 16, -1, -1 },
};
#define NHOLDS	(sizeof(holds) / sizeof(holds[0]))

static int fails;
static const char *volatile step = "start";

/* A step that never returns is a failure too: say which one. */
static void timed_out(int sig)
{
	char msg[160];
	int n = snprintf(msg, sizeof(msg), "afalg_hold: FAIL timed out in %s\n", step);

	(void)sig;
	if (write(1, msg, n) < 0)
		_exit(3);
	_exit(2);
}

static void bad(const char *what, const char *drv)
{
	printf("afalg_hold: FAIL %s %s: %s\n", what, drv, strerror(errno));
	fails++;
}

/* One operation on @h's operation socket; returns bytes read or -1. */
static int hold_op(struct hold *h)
{
	unsigned char data[64], out[128];
	char cbuf[CMSG_SPACE(4) + CMSG_SPACE(4 + 16) + CMSG_SPACE(4)] = { 0 };
	struct iovec iov = { data, sizeof(data) };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;

	memset(data, 0x42, sizeof(data));
	if (strcmp(h->type, "hash")) {
		struct af_alg_iv *iv;

		msg.msg_control = cbuf;
		msg.msg_controllen = sizeof(cbuf);
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_OP;
		c->cmsg_len = CMSG_LEN(4);
		*(unsigned int *)CMSG_DATA(c) = ALG_OP_ENCRYPT;
		c = CMSG_NXTHDR(&msg, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(4 + h->ivlen);
		iv = (void *)CMSG_DATA(c);
		iv->ivlen = h->ivlen;
		memset(iv->iv, 7, h->ivlen);
		c = CMSG_NXTHDR(&msg, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
		c->cmsg_len = CMSG_LEN(4);
		*(unsigned int *)CMSG_DATA(c) = 0;
	}
	if (sendmsg(h->op, &msg, 0) != (ssize_t)sizeof(data))
		return -1;
	/*
	 * A hash answers with its digest however much is asked for; a cipher
	 * read asking for more than the request produces waits for more input.
	 */
	if (!strcmp(h->type, "hash"))
		return read(h->op, out, sizeof(out));
	return read(h->op, out, sizeof(data) + h->authsize);
}

static int module_listed(const char *name)
{
	char line[256];
	size_t n = strlen(name);
	FILE *f = fopen("/proc/modules", "r");
	int found = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, n) && line[n] == ' ')
			found = 1;
	fclose(f);
	return found;
}

int main(int argc, char **argv)
{
	const char *mod = argc > 1 ? argv[1] : "simdcrypt";
	unsigned char key[32];
	unsigned int i;
	long rc;

	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGALRM, timed_out);
	alarm(120);
	memset(key, 0x11, sizeof(key));
	for (i = 0; i < NHOLDS; i++) {
		struct hold *h = &holds[i];
		struct sockaddr_alg sa = { .salg_family = AF_ALG };

		step = h->driver;
		printf("afalg_hold: %s %s\n", h->type, h->driver);

		strncpy((char *)sa.salg_type, h->type, sizeof(sa.salg_type) - 1);
		strncpy((char *)sa.salg_name, h->driver, sizeof(sa.salg_name) - 1);
		h->tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
		if (h->tfm < 0 || bind(h->tfm, (void *)&sa, sizeof(sa))) {
			bad("bind", h->driver);
			continue;
		}
		if (h->keylen && setsockopt(h->tfm, SOL_ALG, ALG_SET_KEY, key,
					    h->keylen))
			bad("setkey", h->driver);
		if (h->authsize && setsockopt(h->tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE,
					      NULL, h->authsize))
			bad("authsize", h->driver);
		h->op = accept(h->tfm, NULL, 0);
		if (h->op < 0)
			bad("accept", h->driver);
		else if (hold_op(h) <= 0)
			bad("operation", h->driver);
	}

	step = "delete_module";
	rc = syscall(SYS_delete_module, mod, O_NONBLOCK);
	if (rc == 0) {
		printf("afalg_hold: FAIL %s unloaded while %zu sockets held it\n",
		       mod, NHOLDS);
		fails++;
	} else if (errno != EWOULDBLOCK && errno != EBUSY) {
		bad("delete_module (want EWOULDBLOCK or EBUSY)", mod);
	} else {
		printf("afalg_hold: unloading %s while held: %s, as it must\n",
		       mod, strerror(errno));
	}
	if (module_listed(mod) != 1) {
		printf("afalg_hold: FAIL %s is not in /proc/modules\n", mod);
		fails++;
	}
	step = "the operations after the unload attempt";
	for (i = 0; i < NHOLDS; i++)
		if (holds[i].op >= 0 && hold_op(&holds[i]) <= 0)
			bad("operation after the unload attempt", holds[i].driver);
	for (i = 0; i < NHOLDS; i++) {
		if (holds[i].op >= 0)
			close(holds[i].op);
		if (holds[i].tfm >= 0)
			close(holds[i].tfm);
	}
	printf("afalg_hold: %zu sockets closed, %d failures\n", NHOLDS, fails);
	return fails ? 1 : 0;
}
