/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whole-buffer reads and writes on a socket or pipe, for the test programs
 * the guests run (afalg.c, ktls.c): a short read or write is continued, an
 * early end of file is an error, so a check never compares half a buffer.
 */
#ifndef _SC_TEST_FDIO_H
#define _SC_TEST_FDIO_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

/* 0, -errno, or -EPIPE if the other end closed before LEN bytes came */
static __attribute__((unused))
int read_all(int fd, uint8_t *p, size_t len)
{
	while (len) {
		ssize_t r = read(fd, p, len);

		if (r < 0)
			return -errno;
		if (!r)
			return -EPIPE;
		p += r;
		len -= r;
	}
	return 0;
}

/* 0 or -errno */
static __attribute__((unused))
int write_all(int fd, const uint8_t *p, size_t len)
{
	while (len) {
		ssize_t r = write(fd, p, len);

		if (r < 0)
			return -errno;
		p += r;
		len -= r;
	}
	return 0;
}

#endif
