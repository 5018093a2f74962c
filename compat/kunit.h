/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-version differences the KUnit suites (kunit/) meet: the
 * parameter generators' arguments, KUNIT_EXPECT_MEMEQ(),
 * kunit_add_action_or_reset(), the hrtimer set-up call and where
 * hex2bin() is declared.
 */
#ifndef _SC_COMPAT_KUNIT_H
#define _SC_COMPAT_KUNIT_H

#include <kunit/test.h>
#include <kunit/resource.h>
#include <linux/hrtimer.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>
/* hex2bin(): <linux/hex.h> (6.12 has it, 6.1 not), before in <linux/kernel.h> */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/hex.h>
#else
#include <linux/kernel.h>
#endif

/* KUnit parameter generators gained a struct kunit * argument in 6.18. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define SC_GEN_ARGS	struct kunit *test, const void *prev, char *desc
#else
#define SC_GEN_ARGS	const void *prev, char *desc
#endif

/* KUNIT_EXPECT_MEMEQ() arrived in 6.2: 6.1 gets the memcmp() form. */
#ifndef KUNIT_EXPECT_MEMEQ
#define KUNIT_EXPECT_MEMEQ(test, left, right, size)			\
	KUNIT_EXPECT_EQ(test, memcmp(left, right, size), 0)
#define KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, fmt, ...)	\
	KUNIT_EXPECT_EQ_MSG(test, memcmp(left, right, size), 0, fmt,	\
			    ##__VA_ARGS__)
#endif

/*
 * kunit_add_action_or_reset() arrived in 6.5: before, the same deferred
 * call through a KUnit resource whose free function makes it.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 5, 0)
struct sc_kunit_action {
	void (*fn)(void *ctx);
	void *ctx;
};

static inline int sc_kunit_action_init(struct kunit_resource *res,
				       void *context)
{
	res->data = context;
	return 0;
}

static inline void sc_kunit_action_free(struct kunit_resource *res)
{
	struct sc_kunit_action *a = res->data;

	a->fn(a->ctx);
	kfree(a);
}

static inline int kunit_add_action_or_reset(struct kunit *test,
					    void (*fn)(void *ctx), void *ctx)
{
	struct sc_kunit_action *a = kmalloc(sizeof(*a), GFP_KERNEL);

	if (a) {
		a->fn = fn;
		a->ctx = ctx;
		if (kunit_alloc_resource(test, sc_kunit_action_init,
					 sc_kunit_action_free, GFP_KERNEL, a))
			return 0;
		kfree(a);
	}
	fn(ctx);
	return -ENOMEM;
}
#endif

/* hrtimer_setup() replaced hrtimer_init() + setting ->function in 6.13. */
static inline void sc_hrtimer_setup(struct hrtimer *timer,
				    enum hrtimer_restart (*fn)(struct hrtimer *),
				    clockid_t clock, enum hrtimer_mode mode)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	hrtimer_setup(timer, fn, clock, mode);
#else
	hrtimer_init(timer, clock, mode);
	timer->function = fn;
#endif
}

#endif
