// SPDX-License-Identifier: GPL-2.0
/*
 * The implementation tables and the one place that chooses among them.
 * Shared by the module and the userspace harness and benchmark.
 *
 * Rows are listed slowest to fastest.  sc_dispatch_init() runs once (module
 * init; main() of the harness and the benchmark) and builds every plan: per
 * algorithm, per "SIMD allowed", per size class, the row to use -- from the
 * static table (min_len, cpu_avoid) or, with calibration, from timing each
 * candidate row on this CPU.  A pick is then one table load; a forced row
 * (module parameter or test hook) is read with READ_ONCE first.  Every
 * table is handled through sc_nimpls[] and sc_impl_row() alone, so a new
 * table gets plans, forcing and the static choice for free; it is measured
 * once it has an entry in sc_calib_ops[] (below).
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/errno.h>
#include "compat/export.h"
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/bug.h>
#include "simdcrypt.h"
#include "generic/poly1305.h"
#include "generic/keccak.h"
#include "generic/chacha20poly1305.h"
#include "generic/keccakx.h"

#if defined(__x86_64__)
#include "asm/x86/chacha_rows.h"
#include "asm/x86/poly1305_rows.h"
#include "asm/x86/keccak_rows.h"
#include "asm/x86/aead_rows.h"
#include "asm/x86/keccakx_rows.h"
#include "asm/x86/core_probe.h"
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
#ifndef SC_ARCH_KECCAKX_ROWS
#define SC_ARCH_KECCAKX_ROWS
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

const struct sc_keccakx_impl *const sc_keccakx_impls[] = {
	&sc_keccakx_impl_generic,
	SC_ARCH_KECCAKX_ROWS
};

#define SC_NROWS(t)	(sizeof(t) / sizeof((t)[0]))

const unsigned int sc_nimpls[SC_ALG_COUNT] = {
	[SC_ALG_CHACHA] = SC_NROWS(sc_chacha_impls),
	[SC_ALG_POLY1305] = SC_NROWS(sc_poly1305_impls),
	[SC_ALG_KECCAK] = SC_NROWS(sc_keccak_impls),
	[SC_ALG_AEAD] = SC_NROWS(sc_aead_impls),
	[SC_ALG_KECCAK_XN] = SC_NROWS(sc_keccakx_impls),
};
SC_EXPORT_TEST(sc_nimpls);

/* ---- Forcing a row ----------------------------------------------------- */

/* The forced row per algorithm, or NULL for the plan (read by sc_pick()). */
const struct sc_impl *sc_forced_row[SC_ALG_COUNT];
SC_EXPORT_TEST(sc_forced_row);

const struct sc_impl *sc_impl_row(enum sc_alg alg, unsigned int i)
{
	if ((unsigned int)alg >= SC_ALG_COUNT || i >= sc_nimpls[alg])
		return NULL;
	switch (alg) {
	case SC_ALG_CHACHA:
		return &sc_chacha_impls[i]->base;
	case SC_ALG_POLY1305:
		return &sc_poly1305_impls[i]->base;
	case SC_ALG_KECCAK:
		return &sc_keccak_impls[i]->base;
	case SC_ALG_AEAD:
		return &sc_aead_impls[i]->base;
	case SC_ALG_KECCAK_XN:
		return &sc_keccakx_impls[i]->base;
	default:
		return NULL;
	}
}
SC_EXPORT_TEST(sc_impl_row);

bool sc_impl_supported(const struct sc_impl *impl)
{
	return (sc_cpu_features() & impl->cpu_features) == impl->cpu_features;
}
SC_EXPORT_TEST(sc_impl_supported);

/*
 * Whether this CPU runs a native row for @alg (any row but row 0,
 * "generic").  The module registers an algorithm only then: generic C
 * alone would displace the kernel's own, faster drivers.  The harness
 * prints the same rule for its SC_CPU_MASK passes.
 */
bool sc_alg_has_native_row(enum sc_alg alg)
{
	unsigned int i;

	if ((unsigned int)alg >= SC_ALG_COUNT)
		return false;
	/* the AEAD rows are made of the ChaCha and Poly1305 rows */
	if (alg == SC_ALG_AEAD)
		return sc_alg_has_native_row(SC_ALG_CHACHA) &&
		       sc_alg_has_native_row(SC_ALG_POLY1305);
	for (i = 1; i < sc_nimpls[alg]; i++)
		if (sc_impl_supported(sc_impl_row(alg, i)))
			return true;
	return false;
}
SC_EXPORT_TEST(sc_alg_has_native_row);

int sc_impl_find(enum sc_alg alg, const char *name)
{
	unsigned int i;

	if ((unsigned int)alg >= SC_ALG_COUNT)
		return -EINVAL;
	for (i = 0; i < sc_nimpls[alg]; i++)
		if (!strcmp(sc_impl_row(alg, i)->name, name))
			return i;
	return -ENOENT;
}
SC_EXPORT_TEST(sc_impl_find);

/*
 * The new choice is one WRITE_ONCE: a pick that starts after this returns
 * reads it (READ_ONCE in sc_pick()); a request already running may finish
 * its remaining pieces with the row it had, which is as correct (every row
 * keeps the same state at block boundaries).
 */
int sc_force_impl(enum sc_alg alg, const char *name)
{
	const struct sc_impl *row;
	int i;

	if ((unsigned int)alg >= SC_ALG_COUNT)
		return -EINVAL;
	if (!strcmp(name, "fastest")) {
		WRITE_ONCE(sc_forced_row[alg], NULL);
		return 0;
	}
	i = sc_impl_find(alg, name);
	if (i < 0)
		return -EINVAL;
	row = sc_impl_row(alg, i);
	if (!sc_impl_supported(row))
		return -ENODEV;
	WRITE_ONCE(sc_forced_row[alg], row);
	return 0;
}
SC_EXPORT_TEST(sc_force_impl);

static int sc_row_index(enum sc_alg alg, const struct sc_impl *row)
{
	unsigned int i;

	for (i = 0; i < sc_nimpls[alg]; i++)
		if (sc_impl_row(alg, i) == row)
			return i;
	return -1;
}

int sc_forced_impl(enum sc_alg alg)
{
	const struct sc_impl *row;

	if ((unsigned int)alg >= SC_ALG_COUNT)
		return -EINVAL;
	row = READ_ONCE(sc_forced_row[alg]);
	return row ? sc_row_index(alg, row) : -1;
}
SC_EXPORT_TEST(sc_forced_impl);

/* ---- The plans and the pick ----------------------------------------------- */

const unsigned int sc_class_len[SC_NCLASSES] = {
	16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536,
	2048, 3072, 4096, 16384,
};
SC_EXPORT_TEST(sc_class_len);

/*
 * sc_size_class()'s table: entry i is the class of the lengths in
 * (8i - 8, 8i], entry 0 that of length 0, the last that of every length
 * above 4096.
 */
const u8 sc_class_of[SC_CLASS_STEPS + 2] = {
	[0 ... 16 / 8] = 0,
	[16 / 8 + 1 ... 24 / 8] = 1,
	[24 / 8 + 1 ... 32 / 8] = 2,
	[32 / 8 + 1 ... 48 / 8] = 3,
	[48 / 8 + 1 ... 64 / 8] = 4,
	[64 / 8 + 1 ... 96 / 8] = 5,
	[96 / 8 + 1 ... 128 / 8] = 6,
	[128 / 8 + 1 ... 192 / 8] = 7,
	[192 / 8 + 1 ... 256 / 8] = 8,
	[256 / 8 + 1 ... 384 / 8] = 9,
	[384 / 8 + 1 ... 512 / 8] = 10,
	[512 / 8 + 1 ... 768 / 8] = 11,
	[768 / 8 + 1 ... 1024 / 8] = 12,
	[1024 / 8 + 1 ... 1536 / 8] = 13,
	[1536 / 8 + 1 ... 2048 / 8] = 14,
	[2048 / 8 + 1 ... 3072 / 8] = 15,
	[3072 / 8 + 1 ... 4096 / 8] = 16,
	[SC_CLASS_STEPS + 1] = SC_NCLASSES - 1,
};
SC_EXPORT_TEST(sc_class_of);

/*
 * sc_plan[alg][simd_ok][class]: written by sc_dispatch_init() before the
 * module registers anything, read-only afterwards (read by sc_pick()).
 */
const struct sc_impl *sc_plan[SC_ALG_COUNT][2][SC_NCLASSES] __ro_after_init;
SC_EXPORT_TEST(sc_plan);
static bool sc_plan_measured[SC_ALG_COUNT] __ro_after_init;

#ifdef SC_COUNT_PICKS
#include <linux/atomic.h>
#define SC_COUNT_ROWS	16
static atomic_long_t sc_pick_counts[SC_ALG_COUNT][SC_COUNT_ROWS];

void sc_count_pick(enum sc_alg alg, const struct sc_impl *row)
{
	int i = sc_row_index(alg, row);

	if (i >= 0 && i < SC_COUNT_ROWS)
		atomic_long_inc(&sc_pick_counts[alg][i]);
}
SC_EXPORT_TEST(sc_count_pick);

long sc_pick_count(enum sc_alg alg, unsigned int i)
{
	if ((unsigned int)alg >= SC_ALG_COUNT || i >= SC_COUNT_ROWS)
		return -1;
	return atomic_long_read(&sc_pick_counts[alg][i]);
}
#else
long sc_pick_count(enum sc_alg alg, unsigned int i)
{
	(void)alg;
	(void)i;
	return -1;
}
#endif
SC_EXPORT_TEST(sc_pick_count);

const struct sc_impl *sc_impl_pick(enum sc_alg alg, size_t len, bool simd_ok)
{
	if ((unsigned int)alg >= SC_ALG_COUNT)
		return NULL;
	return sc_pick(alg, len, simd_ok);
}
SC_EXPORT_TEST(sc_impl_pick);

bool sc_dispatch_calibrated(enum sc_alg alg)
{
	return (unsigned int)alg < SC_ALG_COUNT && sc_plan_measured[alg];
}
SC_EXPORT_TEST(sc_dispatch_calibrated);

/* ---- Building the plans ---------------------------------------------------- */

/* A row auto-dispatch may use on this CPU (row 0, the generic C, always). */
static bool __init sc_candidate(const struct sc_impl *row, unsigned int i,
				u32 cpu, bool simd_ok)
{
	if (!i)
		return true;
	return (cpu & row->cpu_features) == row->cpu_features &&
	       !(cpu & row->cpu_avoid) && (simd_ok || !row->simd);
}

/* The static table: the last candidate whose min_len fits @len on @cpu. */
static unsigned int __init sc_static_row(enum sc_alg alg, u32 cpu,
					 bool simd_ok, size_t len)
{
	unsigned int i, best = 0;

	for (i = 1; i < sc_nimpls[alg]; i++) {
		const struct sc_impl *row = sc_impl_row(alg, i);

		if (sc_candidate(row, i, cpu, simd_ok) &&
		    len >= sc_impl_min_len(row, cpu))
			best = i;
	}
	return best;
}

/*
 * Calibration.  Each candidate row runs operations of the class's length
 * as the glue would (one SIMD section per operation, so at most 4 KiB in
 * one), repeated for about SC_CALIB_SAMPLE_NS per sample, and its best
 * sample counts.  The rows take turns of SC_CALIB_RUN samples back to
 * back, SC_CALIB_PASSES passes over the rows, every other pass backwards.
 * Back to back, because a row's first sample after another row's pays for
 * the switch: on Intel (family 6 model 167) the first AVX-512 operations
 * after a few microseconds of other code ran up to twice as slow, so when
 * rows alternated sample by sample, which row a row followed decided its
 * best time: 4 of 800 plans kept a row over 20% slower than the best at
 * some class, up to 2.56x (make bench, "Calibration repeatability").  In
 * turns, with passes, a disturbance lasting a turn still leaves the row
 * its other passes; where the passes leave the static choice, that row
 * and the pick get one more turn each (sc_calib_confirm()) once every
 * table has had its passes.  Another row
 * replaces the static choice only if it is more than SC_CALIB_MARGIN
 * percent faster, and a SIMD row replaces a row that needs none only on
 * the same terms.
 * About 18 classes x 20 rows x 9 samples x 2 us: a few milliseconds in all.
 * The margin is 3%: rows running the same code at a length (the IFMA rows
 * hand short messages to the scalar code) measure up to 2-3% apart.
 */
#define SC_CALIB_MAX_ROWS	16
#define SC_CALIB_SAMPLE_NS	2000
#define SC_CALIB_MAX_REPS	256
#define SC_CALIB_RUN		3
#define SC_CALIB_PASSES		3
#define SC_CALIB_MARGIN		3
/*
 * All measuring stops once this much time has passed (checked before each
 * row's turn, tens of microseconds apart natively and a few milliseconds
 * under emulation); the tables not measured by then keep the static plan,
 * and confirming turns not run leave a measured plan as the passes found
 * it.  In the
 * kernel this bounds what insmod adds, and a machine that slow (emulated,
 * overcommitted) would not measure reliably anyway; the harness and the
 * benchmark, which a busy machine preempts, get more.
 */
#ifdef __KERNEL__
#define SC_CALIB_BUDGET_NS	(20 * 1000 * 1000)
#else
#define SC_CALIB_BUDGET_NS	(200 * 1000 * 1000)
#endif

struct sc_calib_ctx {
	const struct sc_impl *row;
	const u8 *src;
	u8 *dst;
	unsigned int len;
	u32 chacha[CHACHA_STATE_WORDS];
	struct sc_poly1305_msg poly;
	u64 keccak[KECCAK_STATE_LANES];
	/* Keccak xN: the streams' inputs and outputs (sc_calib_keccakx()) */
	const u8 *xn_in[SC_KECCAKX_MAX];
	u8 *xn_out[SC_KECCAKX_MAX];
};

/*
 * The bytes one timed operation of class length @len takes: the whole
 * input up to 4 KiB, and for the long class one 4 KiB piece, as the glue
 * hands a long input to the row (the buffers are that long).
 */
static unsigned int __init sc_calib_piece(unsigned int len)
{
	return min_t(unsigned int, len, SC_SIMD_CHUNK);
}

/*
 * The second length a wide class is timed at: 64 bytes past its start,
 * where two rows that tie at the class's longest length can be far apart
 * (sc_calib_chacha(), sc_calib_poly1305(), sc_calib_aead()).  0 for a
 * class at most 64 bytes wide, and for the long class, whose texts run
 * as 4 KiB pieces.
 */
static unsigned int __init sc_calib_class_start(unsigned int len)
{
	unsigned int cl = sc_size_class(len);

	if (!cl || len > SC_SIMD_CHUNK ||
	    sc_class_len[cl] - sc_class_len[cl - 1] <= 64)
		return 0;
	return sc_class_len[cl - 1] + 64;
}

/*
 * One operation of @ctx->len bytes through @ctx->row, as the glue runs it,
 * and for a class wider than 64 bytes one 64 bytes past its start too (as
 * for Poly1305 and the AEAD): the rows' kernels take blocks in batches,
 * so their costs step within a class.  Zen 4 (family 25 model 17), AVX2
 * only, timed at the longest length alone: avx2-horiz took 513-768 bytes
 * (5% ahead at 768) and ran 576 bytes 1.41x slower than the avx2 row;
 * avx2-x16 took 769-1024 and ran 832 bytes 1.14x slower (make bench's
 * dispatch checks: 0.708x and 0.874x).
 */
static void __init sc_calib_chacha(void *arg)
{
	struct sc_calib_ctx *c = arg;
	const struct sc_chacha_impl *im =
		container_of(c->row, const struct sc_chacha_impl, base);
	unsigned int start = sc_calib_class_start(c->len);

	sc_chacha_crypt(im, c->chacha, c->dst, c->src, sc_calib_piece(c->len),
			20);
	if (start)
		sc_chacha_crypt(im, c->chacha, c->dst, c->src, start, 20);
}

/*
 * One whole message as the glue runs it: the key as the first 32 bytes,
 * the text, the tag.  Rows differ only in their block function, so at 16
 * to 64 bytes the key and tag steps they share are most of the time: timing
 * the blocks alone there made differences of a few cycles look like 10%,
 * and noise chose rows the whole message then ran slower with.
 */
static void __init sc_calib_poly1305_msg(const struct sc_poly1305_impl *im,
					 struct sc_calib_ctx *c,
					 unsigned int len)
{
	u8 tag[POLY1305_DIGEST_SIZE];

	sc_poly1305_msg_init(&c->poly);
	sc_poly1305_msg_update(im, &c->poly, c->src, 2 * POLY1305_BLOCK_SIZE);
	sc_poly1305_msg_update(im, &c->poly, c->src,
			       max_t(unsigned int, len, POLY1305_BLOCK_SIZE));
	sc_poly1305_msg_final(im, &c->poly, tag);
}

/* Poly1305 key powers kept across the long class's pieces, as in a text */
static struct sc_poly1305_pow sc_calib_pow __initdata;

/*
 * A piece of a long text's MAC: any clamped r, h from zero, the powers
 * kept from the last piece (a row that finds another row's powers there
 * makes its own, once a turn).
 */
static void __init sc_calib_long_core(struct sc_poly1305_core *core)
{
	*core = (struct sc_poly1305_core){
		.r = { 0x0ffffffc0fffffffull, 0x0ffffffc0ffffffcull },
		.pow = &sc_calib_pow,
	};
}

/*
 * A class wider than 64 bytes is also timed 64 bytes past its start, as
 * the AEAD table is (sc_calib_aead()): the vector rows work in groups of
 * blocks with their key powers made per call, so two rows that tie at a
 * class's longest length can be far apart further down.  Zen 5, AVX2
 * only, with the scalar row's shorter chain (2026-12-05): avx2 and scalar
 * tie at 512 bytes, where the class 385-512 was timed, and scalar is 12%
 * faster at 448 (make bench's dispatch check there: 0.891x).
 */
static void __init sc_calib_poly1305(void *arg)
{
	struct sc_calib_ctx *c = arg;
	const struct sc_poly1305_impl *im =
		container_of(c->row, const struct sc_poly1305_impl, base);
	unsigned int start = sc_calib_class_start(c->len);
	struct sc_poly1305_core core;

	if (c->len > SC_SIMD_CHUNK) {
		sc_calib_long_core(&core);
		im->blocks(&core, c->src, SC_SIMD_CHUNK, 1);
		return;
	}
	sc_calib_poly1305_msg(im, c, c->len);
	if (start)
		sc_calib_poly1305_msg(im, c, start);
}

/*
 * SHA3-256 as the glue runs it: the whole blocks, then the padded last one
 * absorbed by one more call of the row (sc_keccak_absorb_final()); timing
 * a bare permutation for that block instead misjudged the rows by up to
 * 13% at 16 B.
 */
static void __init sc_calib_keccak(void *arg)
{
	struct sc_calib_ctx *c = arg;
	const struct sc_keccak_impl *im =
		container_of(c->row, const struct sc_keccak_impl, base);
	size_t nblocks = sc_calib_piece(c->len) / SHA3_256_RATE;

	if (nblocks)
		im->absorb(c->keccak, c->src, nblocks, SHA3_256_RATE);
	im->absorb(c->keccak, c->src, 1, SHA3_256_RATE);
}

/*
 * One whole message opened in place as the AEAD glue runs it (key block,
 * 16 bytes of AD, text, tag), kept within one SIMD section of at most
 * 4 KiB.  Open in place, not seal: a text longer than the head, sealed or
 * opened out of place, goes through the ChaCha row's keyed call whatever
 * the AEAD row, so that would time every row alike there.  The tag does
 * not match (the same for every row): what is timed is the whole open,
 * then the wipe of the rejected plaintext.
 *
 * The long class (above 4 KiB) is timed as a piece of such a text, as the
 * walk hands it to the row: 4 KiB opened in place, the key's powers kept
 * from piece to piece.  Timed as a whole message of 3968 bytes (its key
 * block and AD the same for every row), the class went to onepass in two
 * make bench runs of three on Zen 5, once measured 9% ahead, where
 * avx512-mulx is 6-7% faster at 16 and 64 KiB and 5% faster on that very
 * message timed alone; the piece, sampled as here, puts it 7% ahead.
 */
static void __init sc_calib_aead_open(const struct sc_aead_impl *row,
				      struct sc_calib_ctx *c, unsigned int len)
{
	sc_ccp_open_buf(row, c->src, c->src, c->src, POLY1305_BLOCK_SIZE,
			c->dst, c->dst, len, c->src);
}

/*
 * A class wider than a block is also timed one block past its start:
 * the AEAD rows split texts at block counts (a head and its tail, a lead,
 * whole batches), and at a class's longest length two rows can tie that
 * are far apart further down.  Zen 5, AVX2 only: at 768 bytes onepass
 * measured 6-8% ahead of the avx2 row in every plan, and took the class,
 * where the avx2 row opens 576 bytes 9% faster and seals them 5-10%
 * faster (make bench's dispatch checks at 576 bytes: 0.945x and 0.964x).
 */
static void __init sc_calib_aead(void *arg)
{
	struct sc_calib_ctx *c = arg;
	const struct sc_aead_impl *row = container_of(c->row,
						      const struct sc_aead_impl,
						      base);
	unsigned int len = min_t(unsigned int, c->len,
				 SC_SIMD_CHUNK - 2 * CHACHA_BLOCK_SIZE);
	unsigned int start = sc_calib_class_start(c->len);
	struct sc_poly1305_core core;

	if (c->len > SC_SIMD_CHUNK) {
		sc_calib_long_core(&core);
		row->open(c->chacha, &core, c->dst, c->dst, SC_SIMD_CHUNK);
		return;
	}
	sc_calib_aead_open(row, c, len);
	if (start)
		sc_calib_aead_open(row, c, start);
}

/* Keccak xN: the live states (1..8) whose length a class ends at. */
static unsigned int __init sc_keccakx_states(unsigned int len)
{
	unsigned int n = 1;

	while (n < SC_KECCAKX_MAX && SC_KECCAKX_LEN(n + 1) <= len)
		n++;
	return n;
}

/*
 * Keccak xN: the class's number of SHAKE128 streams as ML-DSA's ExpandA
 * runs them through the API: 34-byte inputs, then three blocks squeezed
 * (ExpandA squeezes five; three at eight streams fill the 4 KiB buffer).
 * Timing one squeeze step (permute, extract) instead favoured the x8 row
 * at two and three streams by 3-4%, where whole streams ran 3-4% faster
 * on the x4 row.  The sponge (1.6 KiB) is on the stack, as the API's
 * users and the benchmark keep it: a static one (where the linker put it,
 * at the same offset in a page as the buffers, or placed 64 bytes or half
 * a page after them) made the x4 row measure 5-10% slower than the x8 row
 * at two to four streams on Zen 5, where whole squeezes with the sponge
 * on the stack run 4-5% faster on x4.
 */
#define SC_CALIB_XN_INLEN	34
#define SC_CALIB_XN_BLOCKS	3

static void __init sc_calib_keccakx(void *arg)
{
	struct sc_calib_ctx *c = arg;
	const struct sc_keccakx_impl *im =
		container_of(c->row, const struct sc_keccakx_impl, base);
	unsigned int n = sc_keccakx_states(c->len), j;
	struct sc_keccakx_sponge sp;

	BUILD_BUG_ON(SC_KECCAKX_MAX * SC_CALIB_XN_BLOCKS * SHAKE128_RATE >
		     SC_SIMD_CHUNK);
	/*
	 * The pointers in the context, not here: with KASAN's redzones
	 * around them and the sponge, the frame passed 2 KiB.
	 */
	for (j = 0; j < n; j++) {
		c->xn_in[j] = c->src + SC_CALIB_XN_INLEN * j;
		c->xn_out[j] = c->dst + SC_CALIB_XN_BLOCKS * SHAKE128_RATE * j;
	}
	sc_keccakx_sponge_init(&sp, n, SHAKE128_RATE);
	sc_keccakx_sponge_absorb(im, &sp, c->xn_in, 0, SC_CALIB_XN_INLEN);
	sc_keccakx_sponge_finalize(&sp, SHAKE_DSBYTE);
	sc_keccakx_sponge_squeeze(im, &sp, c->xn_out, SC_CALIB_XN_BLOCKS);
}

/*
 * How to time one operation of a table's rows.  A table without an entry
 * keeps its static plan.  Tables are built in order, so a row that picks
 * rows of an earlier table (the AEAD's onepass) is timed with their plans.
 */
static void (*const sc_calib_ops[SC_ALG_COUNT])(void *arg) __initconst = {
	[SC_ALG_CHACHA] = sc_calib_chacha,
	[SC_ALG_POLY1305] = sc_calib_poly1305,
	[SC_ALG_KECCAK] = sc_calib_keccak,
	[SC_ALG_AEAD] = sc_calib_aead,
	[SC_ALG_KECCAK_XN] = sc_calib_keccakx,
};

const char *const sc_alg_names[SC_ALG_COUNT] __initconst = {
	[SC_ALG_CHACHA] = "chacha20",
	[SC_ALG_POLY1305] = "poly1305",
	[SC_ALG_KECCAK] = "keccak",
	[SC_ALG_AEAD] = "chacha20poly1305",
	[SC_ALG_KECCAK_XN] = "keccakx",
};

static u8 sc_calib_buf[2][SC_SIMD_CHUNK] __initdata __aligned(64);

/* What the report needs, per algorithm and class (simd plan). */
struct sc_calib_result {
	u64 ns;				/* time of the calibration, 0 if none */
	bool over_budget;		/* skipped: SC_CALIB_BUDGET_NS spent */
	u32 t_best[SC_NCLASSES];	/* ns per sample: chosen row */
	u32 t_static[SC_NCLASSES];	/* ns per sample: static row */
	u32 t_second[SC_NCLASSES];	/* ns per sample: runner-up, 0 if none */
	const struct sc_impl *second[SC_NCLASSES];
	unsigned int nrecheck;		/* classes timed again: core was busy */
	unsigned int nbusy;		/* classes only timed while it was */
};

static struct sc_calib_result sc_calib[SC_ALG_COUNT] __initdata;

static u32 __init sc_calib_sample(void (*op)(void *arg),
				  struct sc_calib_ctx *c, unsigned int reps)
{
	u64 t0 = sc_clock_ns();
	unsigned int k;

	for (k = 0; k < reps; k++)
		sc_simd_call(c->row->simd, op, c);
	return (u32)min_t(u64, sc_clock_ns() - t0, U32_MAX);
}

/* The best of @n samples of @reps operations, scaled to SC_CALIB_MAX_REPS. */
static u32 __init sc_calib_best(void (*op)(void *arg), struct sc_calib_ctx *c,
				unsigned int reps, unsigned int n)
{
	u64 s, best = U32_MAX - 1;

	while (n--) {
		s = (u64)sc_calib_sample(op, c, reps) * SC_CALIB_MAX_REPS / reps;
		best = min_t(u64, best, s);
	}
	return best;
}

/*
 * How many operations make a sample of about SC_CALIB_SAMPLE_NS, from the
 * faster of two single operations after an untimed one (code and data
 * warm).  Sized from one, a slow first operation made samples of 4
 * operations instead of 13 for the zmm IFMA Poly1305 row, which then
 * carried the cost of switching rows in full (it measured twice its time
 * in 40% of calibrations).  A clock coarser than an operation (UML's)
 * reads 0 for some: then the other counts.
 */
static unsigned int __init sc_calib_size(void (*op)(void *arg),
					 struct sc_calib_ctx *c)
{
	u32 s1, s2, s;

	sc_calib_sample(op, c, 1);
	s1 = sc_calib_sample(op, c, 1);
	s2 = sc_calib_sample(op, c, 1);
	s = s1 && s2 ? min_t(u32, s1, s2) : max_t(u32, s1, s2);
	return clamp_t(u64, SC_CALIB_SAMPLE_NS / ((u64)s + 1), 1,
		       SC_CALIB_MAX_REPS);
}

/*
 * One turn of a row: SC_CALIB_RUN samples back to back, the best scaled to
 * SC_CALIB_MAX_REPS operations; the row's first turn (*reps == 0) sizes
 * its samples, and each turn's best sample sizes them again for the next.
 * Sized from single operations only, the zmm IFMA Poly1305 row still got
 * samples of 4 one-KiB messages instead of 12 in about one plan in five
 * (its first operations after another row run slowly), measured 5-10% slow
 * in all its turns and lost the 1 KiB class to ifma-ymm, which is 3-4%
 * slower there.  A sample of one to three long operations (a whole xN
 * stream set) gets one untimed operation first, for the caches and
 * predictors the previous row left.
 */
static u32 __init sc_calib_turn(void (*op)(void *arg),
				struct sc_calib_ctx *c, unsigned int *reps)
{
	u32 best;

	if (!*reps)
		*reps = sc_calib_size(op, c);
	else if (*reps < 4)
		sc_calib_sample(op, c, 1);
	best = sc_calib_best(op, c, *reps, SC_CALIB_RUN);
	*reps = clamp_t(u64, (u64)SC_CALIB_SAMPLE_NS * SC_CALIB_MAX_REPS /
			((u64)best + 1), 1, SC_CALIB_MAX_REPS);
	return best;
}

/*
 * Another thread is using this core's integer pipes (the core's other
 * hardware thread, in a guest perhaps another tenant's): four chains of
 * dependent adds side by side take more than SC_CALIB_BUSY_PCT percent
 * of the time of one (asm/x86/core_probe.h).  Rows slow down unequally
 * then: on a Zen 4 guest with AVX2 only, in such spells (tens of
 * milliseconds, about one process start in five at times), the rows that
 * weave a general-register block into the vector ones ran 1.4-1.8x slower
 * and avx2-horiz 1.03-1.2x, so the plans gave avx2-horiz the classes from
 * 1 KiB, 14% slower than avx2-x16 on a free core.  The probe and the two
 * rows (4 KiB) timed in turns there, 300,000 times: the probe read at
 * most 111% 296,325 times, with avx2-x16 3% or more ahead of avx2-horiz
 * in all but 406, and 112-179% 3,675 times, with avx2-x16 not ahead in
 * 3,641 of them; 115 keeps a margin over the free core's readings and
 * catches 85% of the busy ones (3,109; at 120, 74%).  Best of
 * three, so that an interrupt does not count as load; a clock too coarse
 * to time the chains (UML's) reads 0 and tells nothing.  About 5 us.
 */
#define SC_CALIB_PROBE_STEPS	250
#define SC_CALIB_BUSY_PCT	115

#ifndef __KERNEL__
unsigned int sc_calib_fake_busy;
#endif

static bool __init sc_calib_core_busy(u32 cpu)
{
#ifdef SC_ARCH_CORE_PROBE
	u64 one = ~0ULL, four = ~0ULL, t0, t1, t2;
	unsigned int k;
#endif

#ifndef __KERNEL__
	if (sc_calib_fake_busy) {
		sc_calib_fake_busy--;
		return true;
	}
#endif
#ifdef SC_ARCH_CORE_PROBE
	if (!sc_arch_add_chains_ok(cpu))
		return false;
	for (k = 0; k < 3; k++) {
		t0 = sc_clock_ns();
		sc_arch_add_chains(SC_CALIB_PROBE_STEPS, false);
		t1 = sc_clock_ns();
		sc_arch_add_chains(SC_CALIB_PROBE_STEPS, true);
		t2 = sc_clock_ns();
		one = min_t(u64, one, t1 - t0);
		four = min_t(u64, four, t2 - t1);
	}
	return one && four && four * 100 > one * SC_CALIB_BUSY_PCT;
#else
	return false;
#endif
}

#ifndef __KERNEL__
/* The same probe for the benchmark's samples (bench/bench.c). */
bool sc_core_busy(void)
{
	return sc_calib_core_busy(sc_cpu_features());
}
#endif

/* Time @a is within the margin of time @b: not measurably slower. */
static bool __init sc_calib_close(u32 a, u32 b)
{
	return (u64)a * 100 <= (u64)b * (100 + SC_CALIB_MARGIN);
}

/*
 * The fastest candidate at @cl, keeping @stat unless beaten by the margin,
 * and a row that needs no SIMD over a SIMD row it is within the margin of.
 * A SIMD section costs more than the loop here sees: in the kernel the
 * first one after a return to user space saves the task's vector
 * registers (an XSAVE of up to 2.5 KiB with AVX-512), which the loop pays
 * once and a message arriving on its own pays in full; in userspace a
 * section is a plain call, so there the two only tie.  Where a SIMD
 * row's wrapper hands short input to the scalar code they tied exactly
 * and noise picked either, sometimes by more than the margin; such rows
 * are not timed there now (sc_impl.own_code_from, sc_calib_row_turn()).
 */
static unsigned int __init sc_calib_choose(enum sc_alg alg, u32 cpu,
					   bool simd_ok, unsigned int stat,
					   const u32 *t)
{
	unsigned int i, best = stat, plain = 0;

	for (i = 0; i < sc_nimpls[alg] && i < SC_CALIB_MAX_ROWS; i++) {
		const struct sc_impl *row = sc_impl_row(alg, i);

		if (!sc_candidate(row, i, cpu, simd_ok))
			continue;
		if (t[i] < t[best])
			best = i;
		if (!row->simd && t[i] < t[plain])
			plain = i;
	}
	if (sc_calib_close(t[stat], t[best]))
		best = stat;
	if (sc_impl_row(alg, best)->simd && t[plain] != U32_MAX &&
	    sc_calib_close(t[plain], t[best]))
		best = plain;
	return best;
}

#ifndef __KERNEL__
/* sc_calib_choose() for the harness, which tries it on made-up times */
unsigned int sc_calib_choose_times(enum sc_alg alg, u32 cpu, bool simd_ok,
				   unsigned int stat, const u32 *t)
{
	return sc_calib_choose(alg, cpu, simd_ok, stat, t);
}
#endif

/* Keccak xN: a class with as many states as the class before it */
static bool __init sc_calib_same_as_before(enum sc_alg alg, unsigned int cl)
{
	return alg == SC_ALG_KECCAK_XN && cl &&
	       sc_keccakx_states(sc_class_len[cl]) ==
	       sc_keccakx_states(sc_class_len[cl - 1]);
}

/* One table's measuring: what sc_calib_row_turn() needs besides the row. */
struct sc_calib_run {
	enum sc_alg alg;
	u32 cpu;
	void (*op)(void *arg);
	struct sc_calib_ctx c;		/* on the stack, as the users' are */
	unsigned int (*reps)[SC_CALIB_MAX_ROWS];	/* per class and row */
};

/* Each table's measuring, kept until every table is measured and confirmed */
static unsigned int sc_calib_reps[SC_ALG_COUNT][SC_NCLASSES][SC_CALIB_MAX_ROWS] __initdata;
static u32 sc_calib_t[SC_ALG_COUNT][SC_NCLASSES][SC_CALIB_MAX_ROWS] __initdata;
static bool sc_calib_busy[SC_ALG_COUNT][SC_NCLASSES] __initdata;

/*
 * Whether calibration times row @i (@row) at @len bytes: a candidate on
 * @cpu, not below a firm min_len, and running its own code there
 * (own_code_from).  The benchmark's judge of the plans asks the same.
 */
static bool __init sc_calib_times(const struct sc_impl *row, unsigned int i,
				  u32 cpu, unsigned int len)
{
	return sc_candidate(row, i, cpu, true) &&
	       !(row->min_len_firm && len < row->min_len) &&
	       len >= row->own_code_from;
}

/* One more turn of row @i at class @cl, into t[cl][i] (the best so far). */
static void __init sc_calib_row_turn(struct sc_calib_run *run, unsigned int cl,
				     unsigned int i, u32 *t)
{
	struct sc_calib_ctx *c = &run->c;

	c->len = sc_class_len[cl];
	c->row = sc_impl_row(run->alg, i);
	if (!sc_calib_times(c->row, i, run->cpu, c->len))
		return;
	/*
	 * The generic C is the reference and the last resort: where the
	 * table has a native row that needs no SIMD it is never faster, and
	 * its long samples were a third of the time measured.
	 */
	if (!i && sc_static_row(run->alg, run->cpu, false, c->len))
		return;
	t[i] = min_t(u32, t[i], sc_calib_turn(run->op, c, &run->reps[cl][i]));
}

/*
 * The fastest row measured at a class other than @pick (@pick if none):
 * the rows not measured there keep U32_MAX.
 */
static unsigned int __init sc_calib_second(enum sc_alg alg, const u32 *t,
					   unsigned int pick)
{
	unsigned int i, second = pick;

	for (i = 0; i < sc_nimpls[alg] && i < SC_CALIB_MAX_ROWS; i++)
		if (i != pick && t[i] != U32_MAX &&
		    (second == pick || t[i] < t[second]))
			second = i;
	return second;
}

/*
 * Where the measured pick at a class is not the static row, one more turn
 * of each once every table has had its passes (sc_plans_make(); for all
 * but the last table milliseconds later), and their best times updated.
 * A burst of host load (on a Zen 5 guest, SIMD code 1.3x slower for
 * 100-400 us, often) could cover all three passes of a class, about
 * 100 us: Poly1305 at 256 B kept the scalar row, 1.26x slower than ifma,
 * in 3 to 12 plans of 2000, its passes finding ifma at 16600 ns against
 * its usual 12700.  On a Zen 4 guest (family 25 model 17, AVX2 only) bursts of a millisecond
 * or two covered the passes and this turn too while it came right after
 * its own table: a run of make bench could have 24 to 38 of 100 chacha20
 * or poly1305 plans with a pick over 20% slow.  The runner-up gets a turn
 * too (with the pick) where it is within 2x of the pick: such a burst
 * can fall on a row that is neither the pick nor the static one (the
 * AVX2-only table's general-register rows and those that end calls with
 * them, 1.35-1.45x slow for a millisecond while the others were not:
 * avx2-x16, 15% ahead of avx2-horiz, measured 4% behind it, and the static
 * row was avx2).  A turn can only lower a best time, so this corrects such
 * a pick and cannot spoil a right one.
 */
static void __init sc_calib_confirm(struct sc_calib_run *run,
				    u32 t[SC_NCLASSES][SC_CALIB_MAX_ROWS],
				    u64 deadline)
{
	unsigned int cl, stat, pick, second, k;
	unsigned int turns[3];

	for (cl = 0; cl < SC_NCLASSES; cl++) {
		if (sc_calib_same_as_before(run->alg, cl))
			continue;
		stat = sc_static_row(run->alg, run->cpu, true, sc_class_len[cl]);
		pick = sc_calib_choose(run->alg, run->cpu, true, stat, t[cl]);
		second = sc_calib_second(run->alg, t[cl], pick);
		k = 0;
		if (pick != stat) {
			turns[k++] = pick;
			turns[k++] = stat;
		}
		if (second != pick && second != stat &&
		    (u64)t[cl][second] <= 2 * (u64)t[cl][pick]) {
			if (!k)
				turns[k++] = pick;
			turns[k++] = second;
		}
		while (k--) {
			if (sc_clock_ns() > deadline)
				return;
			sc_calib_row_turn(run, cl, turns[k], t[cl]);
		}
	}
}

/* What every turn of @alg's measuring needs (sc_calib_row_turn()). */
static void __init sc_calib_run_init(struct sc_calib_run *run,
				     enum sc_alg alg, u32 cpu)
{
	memset(run, 0, sizeof(*run));
	run->alg = alg;
	run->cpu = cpu;
	run->op = sc_calib_ops[alg];
	run->c.src = sc_calib_buf[0];
	run->c.dst = sc_calib_buf[1];
	run->reps = sc_calib_reps[alg];
}

/* Every candidate row's turns at class @cl; false once the time is spent. */
static bool __init sc_calib_passes(struct sc_calib_run *run, unsigned int cl,
				   u32 *t, u64 deadline)
{
	unsigned int n = min_t(unsigned int, sc_nimpls[run->alg],
			       SC_CALIB_MAX_ROWS);
	unsigned int k, p;

	for (p = 0; p < SC_CALIB_PASSES; p++)
		for (k = 0; k < n; k++) {
			if (sc_clock_ns() > deadline)
				return false;
			/* odd passes backwards: no row always follows one */
			sc_calib_row_turn(run, cl, p & 1 ? n - 1 - k : k, t);
		}
	return true;
}

/*
 * Fill t[class][row] with the best time of each candidate row for
 * SC_CALIB_MAX_REPS operations, scaled from what was run (U32_MAX for rows
 * that are not candidates): the passes, before sc_calib_confirm().
 * busy[class]: the core was busy (sc_calib_core_busy()) before or after
 * the class's passes.
 */
static bool __init sc_calib_measure(struct sc_calib_run *run,
				    u32 t[SC_NCLASSES][SC_CALIB_MAX_ROWS],
				    bool *busy, u64 deadline)
{
	bool was_busy = sc_calib_core_busy(run->cpu), now;
	unsigned int cl;

	memset(run->reps, 0, sizeof(sc_calib_reps[0]));
	memset(t, 0xff, sizeof(u32) * SC_NCLASSES * SC_CALIB_MAX_ROWS);
	memset(busy, 0, sizeof(bool) * SC_NCLASSES);
	for (cl = 0; cl < SC_NCLASSES; cl++) {
		/* classes of one state count share its timing */
		if (sc_calib_same_as_before(run->alg, cl))
			continue;
		if (!sc_calib_passes(run, cl, t[cl], deadline))
			return false;
		now = sc_calib_core_busy(run->cpu);
		busy[cl] = was_busy || now;
		was_busy = now;
	}
	return true;
}

/*
 * The classes whose passes the core was busy for, timed again once it is
 * free (waiting for that while the time lasts), until a class's passes
 * end with it still free; the number of classes that got there.  Best
 * times only go down, and a free core's are the lower for every row, so
 * the busy turns drop out of the choice.
 */
static unsigned int __init sc_calib_recheck(struct sc_calib_run *run,
					    u32 t[SC_NCLASSES][SC_CALIB_MAX_ROWS],
					    bool *busy, u64 deadline)
{
	unsigned int cl, n = 0;

	for (cl = 0; cl < SC_NCLASSES; cl++) {
		while (busy[cl]) {
			if (sc_clock_ns() > deadline)
				return n;
			if (sc_calib_core_busy(run->cpu))
				continue;
			if (!sc_calib_passes(run, cl, t[cl], deadline))
				return n;
			busy[cl] = sc_calib_core_busy(run->cpu);
			n += !busy[cl];
		}
	}
	return n;
}

/* Classes of one state count (Keccak xN) take the timing of the first. */
static void __init sc_calib_share(enum sc_alg alg,
				  u32 t[SC_NCLASSES][SC_CALIB_MAX_ROWS])
{
	unsigned int cl;

	for (cl = 1; cl < SC_NCLASSES; cl++)
		if (sc_calib_same_as_before(alg, cl))
			memcpy(t[cl], t[cl - 1], sizeof(t[cl]));
}

#ifndef __KERNEL__
/*
 * For the benchmark's repeatability report, which judges the plans against
 * it: row @i of @alg at class @cl in the steady state, the operation that
 * calibration times run for 300 us and then timed in 15 samples of about
 * 20 us, the best in calibration's units; U32_MAX for a row calibration
 * does not time there (sc_calib_times()).
 */
u32 sc_calib_steady(enum sc_alg alg, unsigned int cl, unsigned int i)
{
	struct sc_calib_ctx c = {
		.src = sc_calib_buf[0],
		.dst = sc_calib_buf[1],
		.len = sc_class_len[cl],
	};
	void (*op)(void *arg) = sc_calib_ops[alg];
	u64 t0 = sc_clock_ns();
	unsigned int reps;

	if (!op || i >= min_t(unsigned int, sc_nimpls[alg], SC_CALIB_MAX_ROWS))
		return U32_MAX;
	c.row = sc_impl_row(alg, i);
	if (!sc_calib_times(c.row, i, sc_cpu_features(), c.len))
		return U32_MAX;
	while (sc_clock_ns() - t0 < 300 * 1000)
		sc_calib_sample(op, &c, 1);
	reps = clamp_t(u64, 20 * 1000 / (sc_calib_sample(op, &c, 1) + 1), 1,
		       1 << 16);
	return sc_calib_best(op, &c, reps, 15);
}
#endif

/*
 * @alg's plans: from its measured times if @measured, else the static
 * table (@late: because the budget ran out); @ns the time its measuring
 * took.
 */
static void __init sc_plan_build(enum sc_alg alg, u32 cpu, bool measured,
				 bool late, u64 ns)
{
	u32 (*t)[SC_CALIB_MAX_ROWS] = sc_calib_t[alg];
	struct sc_calib_result *res = &sc_calib[alg];
	unsigned int cl, simd_ok, i;

	memset(res, 0, sizeof(*res));
	res->over_budget = late;
	for (cl = 0; cl < SC_NCLASSES; cl++) {
		for (simd_ok = 0; simd_ok < 2; simd_ok++) {
			unsigned int stat = sc_static_row(alg, cpu, simd_ok,
							  sc_class_len[cl]);
			unsigned int row = stat;

			if (measured)
				row = sc_calib_choose(alg, cpu, simd_ok, stat,
						      t[cl]);
			sc_plan[alg][simd_ok][cl] = sc_impl_row(alg, row);
			if (!measured || !simd_ok)
				continue;
			res->t_best[cl] = t[cl][row];
			res->t_static[cl] = t[cl][stat];
			i = sc_calib_second(alg, t[cl], row);
			if (i != row) {
				res->second[cl] = sc_impl_row(alg, i);
				res->t_second[cl] = t[cl][i];
			}
		}
		/*
		 * Where the SIMD-allowed plan takes a row that needs no SIMD,
		 * the no-SIMD plan takes it too, so sc_pick_here() need not
		 * ask whether this context may use SIMD.
		 */
		if (!sc_plan[alg][1][cl]->simd)
			sc_plan[alg][0][cl] = sc_plan[alg][1][cl];
	}
	sc_plan_measured[alg] = measured;
	if (measured)
		res->ns = max_t(u64, ns, 1);
}

/* The classes still flagged busy after sc_calib_recheck(). */
static unsigned int __init sc_calib_nbusy(const bool *busy)
{
	unsigned int cl, n = 0;

	for (cl = 0; cl < SC_NCLASSES; cl++)
		n += busy[cl];
	return n;
}

/*
 * Every table's plans: measured where it can be, in three steps.  First
 * each table's passes, and its plans built from them at once (the AEAD's
 * onepass row runs on the ChaCha and Poly1305 plans while it is timed);
 * then, once all are measured, the classes timed while the core was busy
 * timed again (sc_calib_recheck()); then each table's confirming turns
 * (sc_calib_confirm()) and its plans built again.
 */
static void __init sc_plans_make(u32 cpu, bool calibrate, u64 deadline)
{
	bool measured[SC_ALG_COUNT], late[SC_ALG_COUNT];
	unsigned int nrecheck[SC_ALG_COUNT] = { 0 };
	struct sc_calib_run run;
	u64 t0, ns[SC_ALG_COUNT];
	unsigned int alg;

	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		bool want = calibrate && sc_calib_ops[alg] &&
			    sc_nimpls[alg] <= SC_CALIB_MAX_ROWS;

		t0 = sc_clock_ns();
		sc_calib_run_init(&run, alg, cpu);
		measured[alg] = want &&
				sc_calib_measure(&run, sc_calib_t[alg],
						 sc_calib_busy[alg], deadline);
		late[alg] = want && !measured[alg];
		if (measured[alg])
			sc_calib_share(alg, sc_calib_t[alg]);
		ns[alg] = sc_clock_ns() - t0;
		sc_plan_build(alg, cpu, measured[alg], late[alg], ns[alg]);
	}
	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		if (!measured[alg])
			continue;
		t0 = sc_clock_ns();
		sc_calib_run_init(&run, alg, cpu);
		nrecheck[alg] = sc_calib_recheck(&run, sc_calib_t[alg],
						 sc_calib_busy[alg], deadline);
		ns[alg] += sc_clock_ns() - t0;
	}
	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		if (!measured[alg])
			continue;
		t0 = sc_clock_ns();
		sc_calib_run_init(&run, alg, cpu);
		sc_calib_confirm(&run, sc_calib_t[alg], deadline);
		sc_calib_share(alg, sc_calib_t[alg]);
		ns[alg] += sc_clock_ns() - t0;
		sc_plan_build(alg, cpu, true, false, ns[alg]);
		sc_calib[alg].nrecheck = nrecheck[alg];
		sc_calib[alg].nbusy = sc_calib_nbusy(sc_calib_busy[alg]);
	}
}

/* How many of the plans sc_dispatch_init() built were measured. */
unsigned int __init sc_dispatch_nmeasured(void)
{
	unsigned int alg, n = 0;

	for (alg = 0; alg < SC_ALG_COUNT; alg++)
		n += sc_plan_measured[alg];
	return n;
}

/*
 * Build every plan for the CPU features as they are now.  Called once by
 * module init before anything is registered (and by the userspace harness
 * again after it changes the features it reports).
 */
void __init sc_dispatch_init(bool calibrate)
{
	const struct sc_impl *forced[SC_ALG_COUNT];
	u32 cpu = sc_cpu_features();
	u64 deadline = sc_clock_ns() + SC_CALIB_BUDGET_NS;
	unsigned int alg;

	/*
	 * Rows forced before init (chacha_impl= ... on the command line) would
	 * be timed inside the rows that pick from other tables (the AEAD's
	 * onepass), and the plans never change afterwards: measure without
	 * them, then force them again.
	 */
	for (alg = 0; alg < SC_ALG_COUNT; alg++) {
		forced[alg] = READ_ONCE(sc_forced_row[alg]);
		WRITE_ONCE(sc_forced_row[alg], NULL);
	}
	sc_plans_make(cpu, calibrate, deadline);
	for (alg = 0; alg < SC_ALG_COUNT; alg++)
		WRITE_ONCE(sc_forced_row[alg], forced[alg]);
}

/*
 * The classes a plan's summary counts: for Keccak xN only those that are a
 * stream count's own length (eight of them); the rest repeat one of those
 * counts or lie below one stream.
 */
static bool __init sc_class_counted(enum sc_alg alg, unsigned int cl)
{
	unsigned int len = sc_class_len[cl];

	return alg != SC_ALG_KECCAK_XN ||
	       SC_KECCAKX_LEN(sc_keccakx_states(len)) == len;
}

/* room for one range ("..., avx512-horiz to 1536 B (+14% over avx512)") */
#define SC_DESCRIBE_RANGE	64
/*
 * and for the summary ("; measured in 14.9 ms (2 timed again: the core was
 * busy), 11 of 18 size classes ...")
 */
#define SC_DESCRIBE_SUMMARY	192

/*
 * "chacha20: scalar to 128 B (+12% over avx512vl), avx512vl to 384 B (+3%
 * over avx512), avx512 above (+40% over avx512vl); measured in 1.2 ms,
 * 2 of 18 size classes differ from the static table, 1.06x faster there"
 */
void __init sc_dispatch_describe(enum sc_alg alg, char *buf, size_t len)
{
	const struct sc_calib_result *res = &sc_calib[alg];
	const char *name = sc_alg_names[alg] ? sc_alg_names[alg] : "?";
	unsigned int cl, end, i, ndiff = 0, ncounted = 0;
	u64 sum_best = 0, sum_static = 0;
	const char *unit = alg == SC_ALG_KECCAK_XN ? "stream counts" :
						      "size classes";
	size_t n;

	n = scnprintf(buf, len, "%s:", name);
	for (cl = 0; cl < SC_NCLASSES; cl = end + 1) {
		const struct sc_impl *row = sc_plan[alg][1][cl], *second = NULL;
		unsigned int margin = ~0u;

		/* a noisy plan has many ranges: the summary must still fit */
		if (n + SC_DESCRIBE_RANGE + SC_DESCRIBE_SUMMARY > len) {
			n += scnprintf(buf + n, len - n, " ...");
			break;
		}
		for (end = cl; end + 1 < SC_NCLASSES &&
		     sc_plan[alg][1][end + 1] == row; end++)
			;
		n += scnprintf(buf + n, len - n, "%s %s", cl ? "," : "",
			       row->name);
		if (end + 1 < SC_NCLASSES && alg == SC_ALG_KECCAK_XN)
			n += scnprintf(buf + n, len - n, " to %u state%s",
				       sc_keccakx_states(sc_class_len[end]),
				       sc_class_len[end] < SC_KECCAKX_LEN(2) ? "" : "s");
		else if (end + 1 < SC_NCLASSES)
			n += scnprintf(buf + n, len - n, " to %u B",
				       sc_class_len[end]);
		else if (cl)
			n += scnprintf(buf + n, len - n, " above");
		if (!res->ns)
			continue;
		/* the narrowest lead over the runner-up within the range */
		for (i = cl; i <= end; i++) {
			u64 m;

			if (!res->second[i] || !res->t_best[i])
				continue;
			m = (u64)res->t_second[i] * 100 / res->t_best[i];
			if (m < margin) {
				margin = m;
				second = res->second[i];
			}
		}
		if (second)
			n += scnprintf(buf + n, len - n, " (%+d%% over %s)",
				       (int)margin - 100, second->name);
	}
	if (!res->ns) {
		scnprintf(buf + n, len - n, "; static table, not measured%s",
			  res->over_budget ? " (the time for measuring was spent)" : "");
		return;
	}
	for (cl = 0; cl < SC_NCLASSES; cl++) {
		if (!sc_class_counted(alg, cl))
			continue;
		ncounted++;
		if (res->t_best[cl] != res->t_static[cl]) {
			ndiff++;
			sum_best += res->t_best[cl];
			sum_static += res->t_static[cl];
		}
	}
	n += scnprintf(buf + n, len - n, "; measured in %llu.%llu ms",
		       (unsigned long long)res->ns / 1000000,
		       (unsigned long long)res->ns / 100000 % 10);
	if (res->nrecheck)
		n += scnprintf(buf + n, len - n,
			       " (%u timed again: the core was busy)",
			       res->nrecheck);
	if (res->nbusy)
		n += scnprintf(buf + n, len - n,
			       " (%u timed only while the core was busy)",
			       res->nbusy);
	/* a clock too coarse for a sample (UML) can leave sum_best at 0 */
	if (ndiff && !sum_best)
		scnprintf(buf + n, len - n,
			  ", %u of %u %s differ from the static table",
			  ndiff, ncounted, unit);
	else if (ndiff)
		scnprintf(buf + n, len - n,
			  ", %u of %u %s differ from the static table, %llu.%02llux faster there",
			  ndiff, ncounted, unit,
			  (unsigned long long)(sum_static / sum_best),
			  (unsigned long long)(sum_static * 100 / sum_best % 100));
	else
		scnprintf(buf + n, len - n, ", same as the static table");
}
