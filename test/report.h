/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How the test programs the guests run (afalg.c, ktls.c) report: a
 * "PASS ...", "FAIL ..." or "SKIP ..." line a check, then the closing
 * "N passed, N failed" that the host scripts count.  Each program is one
 * translation unit, so these are plain statics.
 */
#ifndef _SC_TEST_REPORT_H
#define _SC_TEST_REPORT_H

#include <stdarg.h>
#include <stdio.h>

static int npass, nfail, nskip;

static void report_line(const char *what, const char *fmt, va_list ap)
{
	fputs(what, stdout);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
}

static __attribute__((format(printf, 2, 3), unused))
void result(int ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_line(ok ? "PASS " : "FAIL ", fmt, ap);
	va_end(ap);
	if (ok)
		npass++;
	else
		nfail++;
}

static __attribute__((format(printf, 1, 2), unused))
void skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_line("SKIP ", fmt, ap);
	va_end(ap);
	nskip++;
}

/*
 * The closing line; the program's exit status: 1 on any failure, and when
 * nothing passed (everything skipped, or nothing ran: not a pass).  The
 * skips are counted on the line before (the closing line keeps its form).
 */
static __attribute__((unused)) int report_done(void)
{
	if (nskip)
		printf("(%d skipped)\n", nskip);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail || !npass ? 1 : 0;
}

#endif
