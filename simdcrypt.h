/* SPDX-License-Identifier: GPL-2.0 */
/*
 * simdcrypt: implementation tables and the interfaces shared by the glue,
 * the generic C, the SIMD kernels, the KUnit suites and the userspace
 * harness.
 *
 * Every algorithm has a table of implementations ("rows").  A row names the
 * CPU features it needs, whether it must run inside a SIMD section
 * (kernel_fpu_begin/end, kernel_neon_begin/end), the shortest input it is
 * worth using for, and its function pointers.  One place, sc_*_pick(),
 * chooses among the rows the CPU supports; the module parameters
 * chacha_impl=, poly1305_impl=, sha3_impl=, aead_impl= and keccakx_impl=
 * can force one row.
 *
 * This header is compiled in the kernel and in userspace (test/shim provides
 * the few <linux/...> headers it needs there).
 */
#ifndef _SIMDCRYPT_H
#define _SIMDCRYPT_H

#include <linux/types.h>
#include <linux/compiler.h>

/* CPU features a row may require (sc_cpu_features() reports them). */
#define SC_CPU_SSSE3		(1u << 0)
#define SC_CPU_AVX		(1u << 1)
#define SC_CPU_AVX2		(1u << 2)
#define SC_CPU_BMI1		(1u << 3)
#define SC_CPU_BMI2		(1u << 4)
#define SC_CPU_ADX		(1u << 5)
/* AVX-512 F + VL + BW, with the OS saving the zmm/opmask state */
#define SC_CPU_AVX512		(1u << 6)
#define SC_CPU_AVX512IFMA	(1u << 7)
/* The CPU runs zmm code at a lower clock: prefer ymm (Skylake-X ...) */
#define SC_CPU_PREFER_YMM	(1u << 8)
/* An Intel core (a hint for rows measured to lose there, not a feature) */
#define SC_CPU_INTEL		(1u << 9)
/* AVX-512 VBMI2 (double shifts: vpshrdq), with SC_CPU_AVX512 */
#define SC_CPU_AVX512VBMI2	(1u << 10)
/* An AMD core (a hint for rows measured to lose there, not a feature) */
#define SC_CPU_AMD		(1u << 11)
/*
 * A hint: zmm operations issue as two 256-bit halves (AMD family 0x19,
 * Zen 4, with SC_CPU_AVX512), so zmm rows win only at longer lengths
 * (struct sc_impl's later_on).
 */
#define SC_CPU_ZMM_SPLIT	(1u << 12)
#define SC_CPU_NEON		(1u << 16)
#define SC_CPU_ARM_SHA3		(1u << 17)

/*
 * Intel family 6 models whose clock drops under zmm code: the kernel's
 * zmm_exclusion_list, behind X86_FEATURE_PREFER_YMM where a kernel has
 * it.  Skylake-X; Ice Lake X, D, client, L and NNPI; Tiger Lake L and H.
 * For kernels without the flag (6.1, 6.12) and for userspace.
 */
static inline bool sc_intel6_prefers_ymm(unsigned int model)
{
	switch (model) {
	case 0x55: case 0x6a: case 0x6c: case 0x7d: case 0x7e: case 0x9d:
	case 0x8c: case 0x8d:
		return true;
	default:
		return false;
	}
}

/*
 * AMD families whose AVX-512 cores issue zmm operations as two 256-bit
 * halves: 0x19 (Zen 4; Zen 3, also 0x19, has no AVX-512).  Zen 5 (0x1a)
 * has full-width units.  For compat/x86.h and userspace alike.
 */
static inline bool sc_amd_splits_zmm(unsigned int family)
{
	return family == 0x19;
}

/* The longest input handed to a SIMD row in one SIMD section. */
#define SC_SIMD_CHUNK		4096

enum sc_alg {
	SC_ALG_CHACHA,
	SC_ALG_POLY1305,
	SC_ALG_KECCAK,
	SC_ALG_AEAD,
	SC_ALG_KECCAK_XN,		/* several Keccak states per call */
	SC_ALG_COUNT,
};

/* Common head of every row. */
struct sc_impl {
	const char *name;
	u32 cpu_features;		/* all of these are required */
	u32 cpu_avoid;			/* auto-dispatch skips it on these */
	bool simd;			/* must run inside a SIMD section */
	unsigned int min_len;		/* auto-dispatch uses it from here */
	bool min_len_firm;		/* calibration too: never below it */
	/*
	 * Input shorter than this goes to another row's code (a SIMD row's
	 * wrapper to the scalar row's, avx2-x16 to avx2-horiz's and avx2's
	 * kernels): the same work there, or more with a SIMD section around
	 * scalar code, so calibration does not time the row below it.
	 */
	unsigned int own_code_from;
	/*
	 * On a CPU with any of the hints in @later_on, the static table
	 * takes the row only from @later_len (sc_impl_min_len()).
	 */
	u32 later_on;
	unsigned int later_len;
};

/* The length the static table takes @row from on a CPU with @cpu. */
static inline unsigned int sc_impl_min_len(const struct sc_impl *row, u32 cpu)
{
	return cpu & row->later_on ? row->later_len : row->min_len;
}

/* ---- ChaCha ---------------------------------------------------------- */

#define CHACHA_STATE_WORDS	16
#define CHACHA_BLOCK_SIZE	64
#define CHACHA_KEY_SIZE		32
#define CHACHA_IV_SIZE		16
#define XCHACHA_IV_SIZE		32
#define HCHACHA_OUT_WORDS	8

struct sc_chacha_impl {
	struct sc_impl base;
	/*
	 * XOR @len bytes of keystream into @dst from @src (may alias).  Block i
	 * uses counter state[12] + i (32-bit wrap); @state is not modified.
	 * @len need not be a multiple of the block size.
	 */
	void (*xor_stream)(const u32 *state, u8 *dst, const u8 *src,
			   unsigned int len, int nrounds);
	/* HChaCha: the first and last rows of the permuted state. */
	void (*hchacha)(const u32 *state, u32 *out, int nrounds);
	/*
	 * Optional (NULL where a row has none): block state[12] as plain
	 * keystream to @key (64 bytes), then xor_stream() of @len bytes from
	 * block state[12] + 1, in one call: a ChaCha20-Poly1305 key block
	 * costs no extra call on rows whose calls are latency-bound.
	 */
	void (*xor_stream_key)(const u32 *state, u8 *key, u8 *dst,
			       const u8 *src, unsigned int len, int nrounds);
	/*
	 * Blocks one such call computes in the time of one, key block
	 * included: a text of a multiple of this many blocks would pay a
	 * batch for the key block alone; except with @key_gpr on CPUs that
	 * have none of @key_gpr_avoid, where such a call computes the key
	 * block in general registers alongside the vector rounds.
	 */
	unsigned int key_batch;
	bool key_gpr;
	u32 key_gpr_avoid;
};


/* ---- Poly1305 -------------------------------------------------------- */

#define POLY1305_BLOCK_SIZE	16
#define POLY1305_KEY_SIZE	32
#define POLY1305_DIGEST_SIZE	16

/*
 * Key powers a message keeps across its calls of a vector row that would
 * otherwise compute them on every call (x86: the zmm IFMA row, about 125
 * cycles, an eighth of a 4 KiB call on Intel; the ymm IFMA row, about
 * 75; the AVX2 row, about 120).
 * Owned by whoever processes the whole message (the shash update of a long
 * message, the AEAD's loop over a long text's pieces, both on their
 * stack): it clears @ready, attaches it as core->pow after the key is set,
 * and wipes it afterwards.  @ready says whose layout the rest holds
 * (SC_POLY1305_POW_*, 0: none yet); a row that finds another row's powers
 * computes its own and puts them in their place.  Other rows ignore it.
 * The layouts are the asm's (poly1305-x86_64.S).
 */
#define SC_POLY1305_POW_IFMA	1
#define SC_POLY1305_POW_AVX2	2
#define SC_POLY1305_POW_IFMA_YMM	3	/* the ifma layout, ymm halves */

struct sc_poly1305_pow {
	u64 ready;
	union {
		struct {
			u64 q[3];	/* r^16 (ymm: r^8), base 2^44 limbs */
			u64 w[3][8];	/* A's last powers (ymm: [i][0..3]) */
			u64 v[3][8];	/* B's last powers (ymm: [i][0..3]) */
		} ifma;
		struct {
			u64 p8[5];	/* r^8, five base 2^26 limbs */
			u64 va[5][4];	/* accumulator A's last powers */
			u64 vb[5][4];	/* accumulator B's last powers */
		} avx2;
	};
};

/*
 * The accumulator h (base 2^64, h[2] small) and the clamped key r.  Every
 * row converts to and from its own representation inside one call, so a
 * request can move between rows at any block boundary.  @pow: NULL, or
 * powers of this r kept by the owner of the message (see above);
 * sc_poly1305_core_setkey() clears it.
 */
struct sc_poly1305_core {
	u64 h[3];
	u64 r[2];
	struct sc_poly1305_pow *pow;
};

struct sc_poly1305_impl {
	struct sc_impl base;
	/* Absorb @len bytes (a multiple of 16); @padbit is 1 for full blocks. */
	void (*blocks)(struct sc_poly1305_core *core, const u8 *src, size_t len,
		       u32 padbit);
};

/* ---- Keccak ---------------------------------------------------------- */

#define KECCAK_STATE_LANES	25
#define KECCAK_STATE_SIZE	200
#define KECCAK_MAX_RATE		168

struct sc_keccak_impl {
	struct sc_impl base;
	void (*permute)(u64 *st);
	/* XOR @nblocks blocks of @rate bytes into the state, permuting after each. */
	void (*absorb)(u64 *st, const u8 *in, size_t nblocks, unsigned int rate);
};

/* ---- ChaCha20-Poly1305 (RFC 8439 AEAD, one pass) --------------------- */

#define CCP_KEY_SIZE		32
#define CCP_NONCE_SIZE		12
#define CCP_TAG_SIZE		16

/*
 * Ciphertext a sealing call held back for the next (seal_held below):
 * @len bytes at @at, not absorbed yet; @more: more text follows the
 * piece being sealed.
 */
struct sc_ccp_held {
	const u8 *at;
	unsigned int len;
	bool more;
};

/* The most a seal_held call holds back: 50 Poly1305 blocks */
#define SC_CCP_HELD_MAX		800

struct sc_aead_impl {
	struct sc_impl base;
	/*
	 * seal: encrypt @len bytes from @src to @dst with ChaCha20 blocks
	 * counting from state[12] (32-bit wrap; @state is not modified), and
	 * absorb the ciphertext into @core as Poly1305 blocks, a partial last
	 * block zero-padded to 16 bytes (RFC 8439 section 2.8).  open: the
	 * same, absorbing @src (the ciphertext) before decrypting it.  @src
	 * may equal @dst.  @len is at most SC_SIMD_CHUNK and a multiple of 64
	 * except on the last call for a message.
	 */
	void (*seal)(const u32 *state, struct sc_poly1305_core *core, u8 *dst,
		     const u8 *src, unsigned int len);
	void (*open)(const u32 *state, struct sc_poly1305_core *core, u8 *dst,
		     const u8 *src, unsigned int len);
	/* The rows for the rest: the key block, short text, the AD. */
	const struct sc_chacha_impl *(*chacha)(unsigned int len);
	const struct sc_poly1305_impl *(*poly1305)(size_t len);
	/*
	 * open: the longest text that goes with the key block through the
	 * head (sc_ccp_head_len()); a longer one goes through @open, where
	 * a stitched row MACs the ciphertext inside the rounds.  0: as seal,
	 * SC_CCP_HEAD_MAX.
	 */
	unsigned int open_head_max;
	/*
	 * open, a text longer than open_head_max (and at most
	 * SC_SIMD_CHUNK): when its last batch of SC_CCP_BATCH_BLOCKS would
	 * hold one to this many blocks, as many from the text's start go
	 * with the key block (a lead, as a head through sc_ccp_start()), so
	 * that the rest is whole batches.  0: never.
	 */
	unsigned int open_lead_max;
	/*
	 * seal, a text longer than SC_CCP_HEAD_MAX whose first piece has no
	 * keyed ChaCha call (sc_ccp_keyed_row()): this many bytes from its
	 * start (whole batches) go with the key block through the head,
	 * one ChaCha call, and their ciphertext is held back for
	 * @seal_held's first call.  0: none.
	 */
	unsigned int seal_lead;
	/*
	 * Optional, sealing a head (sc_ccp_head_tail()): its last one to four
	 * blocks, @len bytes at @src (counter state[12]), to @dst, after
	 * absorbing the @maclen bytes (whole blocks) at @mac, the head's
	 * ciphertext so far; then the new ciphertext, zero-padded.  A row
	 * whose rounds for a few blocks leave ports idle MACs inside them.
	 */
	void (*seal_tail)(const u32 *state, struct sc_poly1305_core *core,
			  u8 *dst, const u8 *src, unsigned int len,
			  const u8 *mac, size_t maclen);
	/*
	 * Optional, sealing a text's pieces (sc_ccp_seal()): as @seal, but
	 * first absorb the held->len bytes at held->at, ciphertext that the
	 * call for the piece before held back (whole blocks); then, when
	 * held->more (more text follows), it may hold back the last bytes
	 * of this piece's ciphertext in turn, and sets held->at and
	 * held->len to them (whole blocks, at most SC_CCP_HELD_MAX; 0:
	 * none).  The caller absorbs them, through the next call or
	 * itself, before anything after them, and keeps them readable
	 * until then.  A row whose rounds MAC only ciphertext that earlier
	 * rounds wrote has some for its first iteration too.
	 */
	void (*seal_held)(const u32 *state, struct sc_poly1305_core *core,
			  u8 *dst, const u8 *src, unsigned int len,
			  struct sc_ccp_held *held);
};

/* ---- Keccak xN: several states side by side -------------------------- */

/*
 * Up to SC_KECCAKX_MAX Keccak states, lane-interleaved: lane i of state j
 * is st[SC_KECCAKX_MAX * i + j], so lane i of every state is one 64-byte
 * line (one zmm register, two ymm).  A row permutes @width consecutive
 * states of such a block, starting at @st (any state index j with
 * j + width <= SC_KECCAKX_MAX); the other states are not touched.  The
 * dispatcher's "length" for this table is SC_KECCAKX_LEN(live states): the
 * size classes from 256 bytes on, one per count (256, 384, 512, ... 3072
 * for 1..8), so the plan can differ for every count and insmod times each
 * count itself.  A row's min_len is SC_KECCAKX_LEN(the fewest states it is
 * worth using for).
 */
#define SC_KECCAKX_MAX		8
#define SC_KECCAKX_LEN(n)	(((n) & 1 ? 256u : 384u) << (((n) - 1) / 2))
#define SC_KECCAKX_LANES	(KECCAK_STATE_LANES * SC_KECCAKX_MAX)

struct sc_keccakx_impl {
	struct sc_impl base;
	unsigned int width;		/* states per call: 1, 2, 4 or 8 */
	void (*permute)(u64 *st);
	/*
	 * Optional: the first @nlanes (1..21) lanes of states st[0..width-1]
	 * as little-endian bytes to out[0..width-1] (none NULL); in the same
	 * SIMD section as permute.  NULL: the sponge copies them in C.
	 */
	void (*extract)(const u64 *st, u8 *const *out, unsigned int nlanes);
	/*
	 * Optional: @nblocks times, permute states st[0..width-1], then write
	 * the first @nlanes (17..21) lanes of state j to out[j] + 8 * nlanes *
	 * (block index), or nowhere if out[j] is NULL; in one SIMD section.
	 * NULL: the sponge calls permute and extract for each block.
	 */
	void (*squeeze)(u64 *st, u8 *const *out, unsigned int nblocks,
			unsigned int nlanes);
};

/* ---- Implementation tables (impl.c) ---------------------------------- */

u32 sc_cpu_features(void);		/* kernel: main.c; userspace: test/ */

/* A keyed call of whole key_batch groups pays no batch for the key block */
static inline bool sc_chacha_key_in_gprs(const struct sc_chacha_impl *im)
{
	return im->key_gpr && !(sc_cpu_features() & im->key_gpr_avoid);
}

extern const struct sc_chacha_impl *const sc_chacha_impls[];
extern const struct sc_poly1305_impl *const sc_poly1305_impls[];
extern const struct sc_keccak_impl *const sc_keccak_impls[];
extern const struct sc_aead_impl *const sc_aead_impls[];
extern const struct sc_keccakx_impl *const sc_keccakx_impls[];
extern const unsigned int sc_nimpls[SC_ALG_COUNT];

const struct sc_impl *sc_impl_row(enum sc_alg alg, unsigned int i);
bool sc_impl_supported(const struct sc_impl *impl);
/* A supported row other than "generic": only then is @alg registered. */
bool sc_alg_has_native_row(enum sc_alg alg);
int sc_impl_find(enum sc_alg alg, const char *name);

/*
 * The dispatcher.  sc_dispatch_init() builds, once, a plan per algorithm:
 * for each size class (sc_size_class()) and for "SIMD allowed" or not, the
 * row to use.  The static plan takes, at each class's longest length
 * (sc_class_len[]), the last supported row whose min_len is at most that
 * length and whose cpu_avoid flags the CPU lacks (rows are ordered slowest
 * to fastest); with @calibrate, every candidate row is timed at each class
 * on this CPU and the fastest kept (the static choice unless another row is
 * measurably faster).  The plans never change afterwards.
 *
 * A forced row (sc_force_impl(), the *_impl= parameters) is used for every
 * length; every pick that starts after sc_force_impl() returns sees it.
 * sc_force_impl(alg, "fastest") returns to the plan.
 */
#define SC_NCLASSES		18
#define SC_CLASS_STEPS		(4096 / 8)
extern const unsigned int sc_class_len[SC_NCLASSES];

/*
 * Size classes: (0, 16], then half-octaves (16, 24], (24, 32], (32, 48],
 * ... (2048, 3072], (3072, 4096], and one class above 4096 bytes: a SIMD
 * section takes at most 4 KiB, so longer inputs run as 4 KiB pieces, and
 * a piece of a long input is not a short message (Poly1305 keeps its key
 * powers from piece to piece, for one).  Length 0 is in class 0.
 * sc_class_len[c] is the longest length of class c, the length it is
 * measured at; the last has 16384, a length past any piece (calibration
 * times it as one 4 KiB piece of a long input).
 */
extern const u8 sc_class_of[SC_CLASS_STEPS + 2];

static inline unsigned int sc_size_class(size_t len)
{
	/*
	 * One table load (the class of each 8-byte step up to 4096, then
	 * the long class) and no branch: computed with a bsr, the range
	 * tests' taken branches cost a 16-byte Poly1305 message 3% (2
	 * cycles) on Zen 5.
	 */
	return sc_class_of[len > 4096 ? SC_CLASS_STEPS + 1 : (len + 7) / 8];
}

void sc_dispatch_init(bool calibrate);
/* how many of its plans were measured (the rest: the static table) */
unsigned int sc_dispatch_nmeasured(void);
/* One line: what the plan of @alg uses where, and what measuring bought. */
void sc_dispatch_describe(enum sc_alg alg, char *buf, size_t len);
/* the tables' names in the load-time report (init data in the kernel) */
extern const char *const sc_alg_names[SC_ALG_COUNT];
#ifndef __KERNEL__
/* userspace: a row's steady-state time at a class (bench.c) */
u32 sc_calib_steady(enum sc_alg alg, unsigned int cl, unsigned int i);
/* userspace: calibration's choice among times @t[row] (test/harness.c) */
unsigned int sc_calib_choose_times(enum sc_alg alg, u32 cpu, bool simd_ok,
				   unsigned int stat, const u32 *t);
/* userspace: the next this many core probes report a busy core (tests) */
extern unsigned int sc_calib_fake_busy;
/* userspace: another thread is using this core (calibration's probe) */
bool sc_core_busy(void);
#endif
bool sc_dispatch_calibrated(enum sc_alg alg);

int sc_force_impl(enum sc_alg alg, const char *name);
int sc_forced_impl(enum sc_alg alg);	/* row index or -1 */
#ifdef __KERNEL__
/* the *_impl= parameters' set and get (main.c); .arg is the enum sc_alg */
extern const struct kernel_param_ops sc_impl_param_ops;
#endif

/*
 * The plans and the forced rows (impl.c); sc_plan_row() (below) is all that
 * reads them.
 */
extern const struct sc_impl *sc_plan[SC_ALG_COUNT][2][SC_NCLASSES];
extern const struct sc_impl *sc_forced_row[SC_ALG_COUNT];

/*
 * Test builds (SIMDCRYPT_TEST, kernel): every pick is counted per row, so
 * a test can see which row a request went through.  sc_pick_count() is -1
 * in other builds.
 */
#if defined(SIMDCRYPT_TEST) && defined(__KERNEL__)
#define SC_COUNT_PICKS
void sc_count_pick(enum sc_alg alg, const struct sc_impl *row);
#else
#define sc_count_pick(alg, row)	((void)(alg), (void)(row))
#endif
long sc_pick_count(enum sc_alg alg, unsigned int i);

/*
 * The pick, inlined into every caller: a forced row (one READ_ONCE; every
 * pick that starts after sc_force_impl() returns sees the new one), else
 * one load from the plan.  sc_plan_row() is the choice, sc_pick() the
 * choice counted; sc_pick_here() (compat/simd.h) uses both.
 */
static __always_inline const struct sc_impl *sc_plan_row(enum sc_alg alg,
							 size_t len,
							 bool simd_ok)
{
	const struct sc_impl *row = READ_ONCE(sc_forced_row[alg]);

	if (likely(!row) || (!simd_ok && row->simd))
		row = sc_plan[alg][simd_ok][sc_size_class(len)];
	return row;
}

static __always_inline const struct sc_impl *sc_pick(enum sc_alg alg,
						     size_t len, bool simd_ok)
{
	const struct sc_impl *row = sc_plan_row(alg, len, simd_ok);

	sc_count_pick(alg, row);
	return row;
}

/* The pick for any table (NULL for an unknown @alg); the typed ones follow. */
const struct sc_impl *sc_impl_pick(enum sc_alg alg, size_t len, bool simd_ok);

/*
 * The typed picks.  Every row struct starts with its struct sc_impl, so a
 * row is its sc_impl, cast.  The _nosimd picks choose among the rows that
 * need no SIMD section (a forced SIMD row falls back to them): for
 * contexts where SIMD may not be used.
 */
static inline const struct sc_chacha_impl *sc_chacha_pick(unsigned int len)
{
	return (const struct sc_chacha_impl *)sc_pick(SC_ALG_CHACHA, len, true);
}

static inline const struct sc_chacha_impl *sc_chacha_pick_nosimd(unsigned int len)
{
	return (const struct sc_chacha_impl *)sc_pick(SC_ALG_CHACHA, len, false);
}

static inline const struct sc_poly1305_impl *sc_poly1305_pick(size_t len)
{
	return (const struct sc_poly1305_impl *)sc_pick(SC_ALG_POLY1305, len, true);
}

static inline const struct sc_poly1305_impl *sc_poly1305_pick_nosimd(size_t len)
{
	return (const struct sc_poly1305_impl *)sc_pick(SC_ALG_POLY1305, len, false);
}

static inline const struct sc_keccak_impl *sc_keccak_pick(size_t len)
{
	return (const struct sc_keccak_impl *)sc_pick(SC_ALG_KECCAK, len, true);
}

static inline const struct sc_keccak_impl *sc_keccak_pick_nosimd(size_t len)
{
	return (const struct sc_keccak_impl *)sc_pick(SC_ALG_KECCAK, len, false);
}

static inline const struct sc_aead_impl *sc_aead_pick(size_t len)
{
	return (const struct sc_aead_impl *)sc_pick(SC_ALG_AEAD, len, true);
}

static inline const struct sc_aead_impl *sc_aead_pick_nosimd(size_t len)
{
	return (const struct sc_aead_impl *)sc_pick(SC_ALG_AEAD, len, false);
}

/* Keccak xN: the length is SC_KECCAKX_LEN(live states). */
static inline const struct sc_keccakx_impl *sc_keccakx_pick(unsigned int nstates)
{
	return (const struct sc_keccakx_impl *)sc_pick(SC_ALG_KECCAK_XN,
			SC_KECCAKX_LEN(nstates), true);
}

static inline const struct sc_keccakx_impl *
sc_keccakx_pick_nosimd(unsigned int nstates)
{
	return (const struct sc_keccakx_impl *)sc_pick(SC_ALG_KECCAK_XN,
			SC_KECCAKX_LEN(nstates), false);
}

/*
 * What sc_dispatch_init() needs from its environment (kernel: main.c;
 * userspace: test/cpu_user.c): a monotonic clock, and a call made inside a
 * SIMD section (kernel_fpu_begin/end, kernel_neon_begin/end) if @simd.
 */
u64 sc_clock_ns(void);
void sc_simd_call(bool simd, void (*fn)(void *arg), void *arg);

/* ---- Portable C (generic/) ------------------------------------------- */

void sc_chacha_init_state(u32 *state, const u32 *key, const u8 *iv);
void sc_xchacha_init_state(u32 *state, const u32 *key, const u8 *iv,
			   const struct sc_chacha_impl *impl, int nrounds);
void sc_chacha_permute_generic(u32 *x, int nrounds);
void sc_chacha_block_generic(u32 *state, u8 *out, int nrounds);
void sc_chacha_xor_generic(const u32 *state, u8 *dst, const u8 *src,
			unsigned int len, int nrounds);
void sc_hchacha_generic(const u32 *state, u32 *out, int nrounds);
void sc_chacha_crypt(const struct sc_chacha_impl *impl, u32 *state, u8 *dst,
		     const u8 *src, unsigned int len, int nrounds);

void sc_poly1305_core_setkey(struct sc_poly1305_core *core, const u8 *key16);
void sc_poly1305_blocks_generic(struct sc_poly1305_core *core, const u8 *src,
			     size_t len, u32 padbit);
void sc_poly1305_emit(const struct sc_poly1305_core *core, const u32 *s, u8 *out);

/*
 * h = h0 + 2^64 h1 + 2^128 h2: fold the bits at and above 2^130 back in,
 * times 5 (2^130 = 5 mod p), which leaves h2 <= 4 and h's value mod p.
 */
static inline void sc_poly1305_fold130(u64 *h0, u64 *h1, u64 *h2)
{
	unsigned __int128 t = (unsigned __int128)*h0 + (*h2 >> 2) * 5;

	*h2 &= 3;
	*h0 = (u64)t;
	t = (unsigned __int128)*h1 + (u64)(t >> 64);
	*h1 = (u64)t;
	*h2 += (u64)(t >> 64);
}

void sc_keccakf1600_generic(u64 *st);
#ifndef __KERNEL__
void sc_keccakf1600_rounds_generic(const u64 *st,
				   u64 out[24][KECCAK_STATE_LANES]);
#endif
void sc_keccak_absorb_generic(u64 *st, const u8 *in, size_t nblocks,
			   unsigned int rate);
void sc_keccak_extract_bytes(const u64 *st, unsigned int offset, u8 *out,
			  unsigned int len);

extern const struct sc_chacha_impl sc_chacha_impl_generic;
extern const struct sc_poly1305_impl sc_poly1305_impl_generic;
extern const struct sc_keccak_impl sc_keccak_impl_generic;
extern const struct sc_aead_impl sc_aead_impl_generic;
extern const struct sc_aead_impl sc_aead_impl_scalar;
extern const struct sc_aead_impl sc_aead_impl_onepass;
extern const struct sc_keccakx_impl sc_keccakx_impl_generic;

#ifdef __KERNEL__
/* ---- module internals (main.c and the glue) ---- */

/*
 * test_corrupt= bits: deliberately flip one output bit (tests must fail).
 * Only the test flavour (SIMDCRYPT_TEST=1, set by the test scripts) has the
 * parameter; in the default build (make, DKMS) sc_test_corrupt() is
 * constant false and leaves no trace in the module.
 */
#define SC_CORRUPT_CHACHA	(1u << SC_ALG_CHACHA)
#define SC_CORRUPT_POLY1305	(1u << SC_ALG_POLY1305)
#define SC_CORRUPT_SHA3		(1u << SC_ALG_KECCAK)
#define SC_CORRUPT_AEAD		(1u << SC_ALG_AEAD)
#ifdef SIMDCRYPT_TEST
extern unsigned int sc_test_corrupt_bits;
#define sc_test_corrupt(bit)	unlikely(READ_ONCE(sc_test_corrupt_bits) & (bit))
#else
#define sc_test_corrupt(bit)	((void)(bit), false)
#endif

/* Priority above every in-tree driver (SIMD and lib ones sit at 300). */
#define SC_PRIORITY		400
/* The AEADs: above any template instance built over our own drivers. */
#define SC_AEAD_PRIORITY	500

int sc_chacha_register(void);
void sc_chacha_unregister(void);
int sc_poly1305_register(void);
void sc_poly1305_unregister(void);
int sc_sha3_register(void);
void sc_sha3_unregister(void);
int sc_aead_register(void);
void sc_aead_unregister(void);
/* The copies sc_ccp_copy_get() hands out, before the plans are built. */
void sc_ccp_copies_init(void);
void sc_ccp_copies_exit(void);
#endif

#endif /* _SIMDCRYPT_H */
