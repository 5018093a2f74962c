// SPDX-License-Identifier: GPL-2.0
/*
 * The implementation tables and the one place that chooses among them.
 * Shared by the module and the userspace harness.
 *
 * Rows are listed slowest to fastest.  Length-based dispatch takes the last
 * row the CPU supports whose min_len is at most the input length and whose
 * cpu_avoid flags the CPU does not have; forcing a row (module parameter or
 * a test hook) bypasses both checks except CPU support.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/export.h>
#include "simdcrypt.h"

#if defined(__x86_64__)
#include "asm/x86/chacha_rows.h"
#include "asm/x86/poly1305_rows.h"
#include "asm/x86/keccak_rows.h"
#elif defined(__aarch64__)
#include "asm/arm64/rows.h"
#endif

#ifndef SC_ARCH_CHACHA_ROWS
#define SC_ARCH_CHACHA_ROWS
#endif
#ifndef SC_ARCH_POLY1305_ROWS
#define SC_ARCH_POLY1305_ROWS
#endif
#ifndef SC_ARCH_KECCAK_ROWS
#define SC_ARCH_KECCAK_ROWS
#endif
#ifndef SC_ARCH_AEAD_ROWS
#define SC_ARCH_AEAD_ROWS
#endif

const struct sc_chacha_impl *const sc_chacha_impls[] = {
	&sc_chacha_impl_generic,
	SC_ARCH_CHACHA_ROWS
};

const struct sc_poly1305_impl *const sc_poly1305_impls[] = {
	&sc_poly1305_impl_generic,
	SC_ARCH_POLY1305_ROWS
};

const struct sc_keccak_impl *const sc_keccak_impls[] = {
	&sc_keccak_impl_generic,
	SC_ARCH_KECCAK_ROWS
};

/*
 * generic and scalar run outside SIMD sections; onepass runs the best
 * ChaCha and Poly1305 rows over each piece in one SIMD section; the arch
 * rows are stitched kernels.
 */
const struct sc_aead_impl *const sc_aead_impls[] = {
	&sc_aead_impl_generic,
	&sc_aead_impl_scalar,
	&sc_aead_impl_onepass,
	SC_ARCH_AEAD_ROWS
};

#define SC_NROWS(t)	(sizeof(t) / sizeof((t)[0]))

const unsigned int sc_nimpls[SC_ALG_COUNT] = {
	[SC_ALG_CHACHA] = SC_NROWS(sc_chacha_impls),
	[SC_ALG_POLY1305] = SC_NROWS(sc_poly1305_impls),
	[SC_ALG_KECCAK] = SC_NROWS(sc_keccak_impls),
	[SC_ALG_AEAD] = SC_NROWS(sc_aead_impls),
};
EXPORT_SYMBOL_GPL(sc_nimpls);

/* Forced row per algorithm, or -1 for length-based dispatch. */
static int sc_forced[SC_ALG_COUNT] = { -1, -1, -1, -1 };

/*
 * The rows auto-dispatch may use, per algorithm and per "SIMD allowed",
 * built once for the CPU features and the forced row they were made for
 * and rebuilt when either changes, so a pick is a short scan.  Readers can
 * race with a rebuild (a parameter write); every entry ever stored is a
 * supported row, so a torn read still yields a usable one.
 */
#define SC_MAX_ROWS	16

struct sc_plan {
	u32 cpu;			/* sc_cpu_features() it was built for */
	int forced;			/* sc_forced[] it was built for */
	bool valid;
	unsigned int n;
	u8 row[SC_MAX_ROWS];
	unsigned int min_len[SC_MAX_ROWS];
};

static struct sc_plan sc_plans[SC_ALG_COUNT][2];

const struct sc_impl *sc_impl_row(enum sc_alg alg, unsigned int i)
{
	if (alg >= SC_ALG_COUNT || i >= sc_nimpls[alg])
		return NULL;
	switch (alg) {
	case SC_ALG_CHACHA:
		return &sc_chacha_impls[i]->base;
	case SC_ALG_POLY1305:
		return &sc_poly1305_impls[i]->base;
	case SC_ALG_AEAD:
		return &sc_aead_impls[i]->base;
	default:
		return &sc_keccak_impls[i]->base;
	}
}
EXPORT_SYMBOL_GPL(sc_impl_row);

bool sc_impl_supported(const struct sc_impl *impl)
{
	return (sc_cpu_features() & impl->cpu_features) == impl->cpu_features;
}
EXPORT_SYMBOL_GPL(sc_impl_supported);

int sc_impl_find(enum sc_alg alg, const char *name)
{
	unsigned int i;

	for (i = 0; i < sc_nimpls[alg]; i++)
		if (!strcmp(sc_impl_row(alg, i)->name, name))
			return i;
	return -ENOENT;
}
EXPORT_SYMBOL_GPL(sc_impl_find);

int sc_force_impl(enum sc_alg alg, const char *name)
{
	int i;

	if (alg >= SC_ALG_COUNT)
		return -EINVAL;
	if (!strcmp(name, "fastest")) {
		sc_forced[alg] = -1;
		return 0;
	}
	i = sc_impl_find(alg, name);
	if (i < 0)
		return -EINVAL;
	if (!sc_impl_supported(sc_impl_row(alg, i)))
		return -ENODEV;
	sc_forced[alg] = i;
	return 0;
}
EXPORT_SYMBOL_GPL(sc_force_impl);

int sc_forced_impl(enum sc_alg alg)
{
	return sc_forced[alg];
}
EXPORT_SYMBOL_GPL(sc_forced_impl);

/*
 * Drop the rows a later row always wins over (its min_len is no larger), so
 * a pick scans only rows that can win: min_len strictly rises along the
 * plan, and the first entry has min_len 0.  Returns the new count.
 */
static unsigned int sc_plan_prune(struct sc_plan *plan, unsigned int n)
{
	unsigned int i, kept = 0, floor = ~0u;
	u8 row[SC_MAX_ROWS];
	unsigned int min_len[SC_MAX_ROWS];

	for (i = n; i-- > 0;) {
		if (plan->min_len[i] >= floor)
			continue;
		floor = plan->min_len[i];
		row[kept] = plan->row[i];
		min_len[kept++] = floor;
	}
	for (i = 0; i < kept; i++) {
		plan->row[i] = row[kept - 1 - i];
		plan->min_len[i] = min_len[kept - 1 - i];
	}
	return kept;
}

/* Out of line: the pick stays a short leaf function. */
static noinline void sc_plan_build(struct sc_plan *plan, enum sc_alg alg,
				   u32 cpu, int forced, bool simd_ok)
{
	unsigned int i, n = 0;

	if (forced >= 0 && (simd_ok || !sc_impl_row(alg, forced)->simd)) {
		plan->row[n] = forced;
		plan->min_len[n++] = 0;
	} else {
		for (i = 0; i < sc_nimpls[alg] && n < SC_MAX_ROWS; i++) {
			const struct sc_impl *row = sc_impl_row(alg, i);

			if (i && ((cpu & row->cpu_features) != row->cpu_features ||
				  (cpu & row->cpu_avoid) ||
				  (row->simd && !simd_ok)))
				continue;
			plan->row[n] = i;
			plan->min_len[n++] = i ? row->min_len : 0;
		}
		n = sc_plan_prune(plan, n);
	}
	plan->n = n;
	plan->cpu = cpu;
	plan->forced = forced;
	plan->valid = true;
}

static unsigned int sc_pick(enum sc_alg alg, size_t len, bool simd_ok)
{
	struct sc_plan *plan = &sc_plans[alg][simd_ok];
	u32 cpu = sc_cpu_features();
	int forced = sc_forced[alg];
	unsigned int i;

	if (!plan->valid || plan->cpu != cpu || plan->forced != forced)
		sc_plan_build(plan, alg, cpu, forced, simd_ok);
	for (i = plan->n; i-- > 1;)
		if (len >= plan->min_len[i])
			return plan->row[i];
	return plan->row[0];
}

const struct sc_chacha_impl *sc_chacha_pick(unsigned int len)
{
	return sc_chacha_impls[sc_pick(SC_ALG_CHACHA, len, true)];
}
EXPORT_SYMBOL_GPL(sc_chacha_pick);

const struct sc_poly1305_impl *sc_poly1305_pick(size_t len)
{
	return sc_poly1305_impls[sc_pick(SC_ALG_POLY1305, len, true)];
}
EXPORT_SYMBOL_GPL(sc_poly1305_pick);

const struct sc_keccak_impl *sc_keccak_pick(size_t len)
{
	return sc_keccak_impls[sc_pick(SC_ALG_KECCAK, len, true)];
}
EXPORT_SYMBOL_GPL(sc_keccak_pick);

const struct sc_chacha_impl *sc_chacha_pick_nosimd(unsigned int len)
{
	return sc_chacha_impls[sc_pick(SC_ALG_CHACHA, len, false)];
}
EXPORT_SYMBOL_GPL(sc_chacha_pick_nosimd);

const struct sc_poly1305_impl *sc_poly1305_pick_nosimd(size_t len)
{
	return sc_poly1305_impls[sc_pick(SC_ALG_POLY1305, len, false)];
}
EXPORT_SYMBOL_GPL(sc_poly1305_pick_nosimd);

const struct sc_keccak_impl *sc_keccak_pick_nosimd(size_t len)
{
	return sc_keccak_impls[sc_pick(SC_ALG_KECCAK, len, false)];
}
EXPORT_SYMBOL_GPL(sc_keccak_pick_nosimd);

const struct sc_aead_impl *sc_aead_pick(size_t len)
{
	return sc_aead_impls[sc_pick(SC_ALG_AEAD, len, true)];
}
EXPORT_SYMBOL_GPL(sc_aead_pick);

const struct sc_aead_impl *sc_aead_pick_nosimd(size_t len)
{
	return sc_aead_impls[sc_pick(SC_ALG_AEAD, len, false)];
}
EXPORT_SYMBOL_GPL(sc_aead_pick_nosimd);
