// SPDX-License-Identifier: GPL-2.0
/*
 * finit - load one kernel module with finit_module(2), exactly once.
 *
 *   finit MODULE.ko [PARAMS...]
 *
 * busybox insmod retries a failed finit_module with init_module, so a
 * module whose init fails on purpose (tcrypt returns -EAGAIN after its
 * tests) would run twice. This prints "finit: MODULE: rc=R (errno name)"
 * and exits with the errno (0 on success): tcrypt's "all tests passed" is
 * exit 11 (EAGAIN).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	char params[4096] = "";
	size_t used = 0;
	int fd, rc, err = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s MODULE.ko [PARAMS...]\n", argv[0]);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		int n = snprintf(params + used, sizeof(params) - used, "%s%s",
				 i > 2 ? " " : "", argv[i]);
		if (n < 0 || (size_t)n >= sizeof(params) - used)
			return 2;
		used += n;
	}
	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	rc = syscall(SYS_finit_module, fd, params, 0);
	if (rc)
		err = errno;
	printf("finit: %s: rc=%d (%s)\n", argv[1], rc ? -err : 0, rc ? strerror(err) : "ok");
	return err;
}
