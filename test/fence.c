// SPDX-License-Identifier: GPL-2.0
/*
 * Fenced buffers for the harness and keccakx: see fence.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/*
 * Before <signal.h>: on arm64 it reaches <asm/sigcontext.h>, whose
 * <linux/types.h> is test/shim's (no __u64), as in bench/bench.c.
 */
#include <asm/types.h>
#include <signal.h>
#include <unistd.h>
#include <sys/mman.h>
#include "fence.h"

static void fence_fault_setup_failed(void)
{
	fprintf(stderr, "fence: no fenced buffer (mmap/mprotect)\n");
	exit(2);
}

static u8 *g_fence;
static size_t g_page;
static char g_fence_what[160];

void __attribute__((format(printf, 1, 2))) fence_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(g_fence_what, sizeof(g_fence_what), fmt, ap);
	va_end(ap);
}

/* A fault ends the run as a failure that names the last fenced call. */
static void fence_fault(int sig)
{
	static const char msg[] = "FAIL [fault] SIGSEGV; the last call on a fenced buffer: ";

	(void)sig;
	if (write(STDOUT_FILENO, msg, sizeof(msg) - 1) > 0 &&
	    write(STDOUT_FILENO, g_fence_what, strlen(g_fence_what)) > 0)
		(void)!write(STDOUT_FILENO, "\n", 1);
	_exit(1);
}

u8 *fence_place(size_t len, bool at_start)
{
	return g_fence + (at_start ? g_page : 2 * g_page - len);
}

void fence_init(void)
{
	struct sigaction sa = { .sa_handler = fence_fault };

	g_page = (size_t)sysconf(_SC_PAGESIZE);
	g_fence = mmap(NULL, 3 * g_page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g_fence == MAP_FAILED ||
	    mprotect(g_fence, g_page, PROT_NONE) ||
	    mprotect(g_fence + 2 * g_page, g_page, PROT_NONE))
		fence_fault_setup_failed();
#ifndef __SANITIZE_ADDRESS__
	sigaction(SIGSEGV, &sa, NULL);
#else
	(void)sa;	/* ASan's own report says more */
#endif
}

void fence_free(void)
{
	munmap(g_fence, 3 * g_page);
}
