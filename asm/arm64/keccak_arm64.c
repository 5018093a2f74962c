// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 Keccak rows: thin wrappers around keccak-arm64.S and
 * keccakx-neon.S.
 *
 *   "arm64"   all 25 lanes in general-purpose registers.  Needs no NEON
 *             (.simd = false): any ARMv8 core, any context.
 *   "sha3ce"  the ARMv8.2 SHA3 extension (EOR3/RAX1/XAR/BCAX) on NEON
 *             registers; needs SC_CPU_ARM_SHA3 and a NEON section.
 *
 * Order and cutoffs (Documentation/arm64.rst): the static table gives
 * every length to "arm64"; "sha3ce" is chosen only by load-time
 * calibration, where it measures faster.  The server cores with the SHA3
 * extension (Neoverse N2, V1, V2) issue its instructions on one pipe:
 * llvm-mca's models put a round at 64 cycles there against 23-39 for the
 * GPR code, which also needs no NEON section; OpenSSL likewise uses the
 * extension only on Apple cores.  No arm64 timing is available to us.
 */
#include <linux/types.h>
#include <linux/linkage.h>
#include <linux/string.h>
#include "../../simdcrypt.h"
#include "rows.h"

asmlinkage void sc_keccak_gpr_permute(u64 *st);
asmlinkage void sc_keccak_gpr_absorb(u64 *st, const u8 *in, size_t nblocks,
				     unsigned int rate);
asmlinkage void sc_keccak_ce_permute(u64 *st);
asmlinkage void sc_keccak_ce_absorb(u64 *st, const u8 *in, size_t nblocks,
				    unsigned int rate);
asmlinkage void sc_keccakx2_ce_permute(u64 *st);
asmlinkage void sc_keccakx2_neon_permute(u64 *st);

static void sc_keccak_permute_arm64(u64 *st)
{
	sc_keccak_gpr_permute(st);
}

static void sc_keccak_absorb_arm64(u64 *st, const u8 *in, size_t nblocks,
				   unsigned int rate)
{
	sc_keccak_gpr_absorb(st, in, nblocks, rate);
}

static void sc_keccak_permute_sha3ce(u64 *st)
{
	sc_keccak_ce_permute(st);
}

static void sc_keccak_absorb_sha3ce(u64 *st, const u8 *in, size_t nblocks,
				    unsigned int rate)
{
	sc_keccak_ce_absorb(st, in, nblocks, rate);
}

const struct sc_keccak_impl sc_keccak_impl_arm64 = {
	.base = {
		.name = "arm64",
		.simd = false,
		.min_len = 0,
	},
	.permute = sc_keccak_permute_arm64,
	.absorb = sc_keccak_absorb_arm64,
};

const struct sc_keccak_impl sc_keccak_impl_sha3ce = {
	.base = {
		.name = "sha3ce",
		.cpu_features = SC_CPU_NEON | SC_CPU_ARM_SHA3,
		.simd = true,
		.min_len = ~0U,		/* calibration only */
	},
	.permute = sc_keccak_permute_sha3ce,
	.absorb = sc_keccak_absorb_sha3ce,
};

/*
 * Keccak xN rows (simdcrypt.h), slowest to fastest: "arm64" permutes one
 * state of the lane-interleaved block in general registers (any context);
 * "neonx2" two in plain NEON, one per 64-bit half (any ARMv8 core with
 * NEON); "sha3cex2" two with the SHA3 extension.  Both x2 rows have
 * min_len SC_KECCAKX_LEN(2), so one live stream takes "arm64" and two or
 * more the last x2 row the CPU has: "sha3cex2" with the SHA3 hwcap,
 * "neonx2" without (Documentation/arm64.rst).
 */
static void sc_keccakx1_permute_arm64(u64 *st)
{
	u64 a[KECCAK_STATE_LANES];
	unsigned int i;

	for (i = 0; i < KECCAK_STATE_LANES; i++)
		a[i] = st[SC_KECCAKX_MAX * i];
	sc_keccak_gpr_permute(a);
	for (i = 0; i < KECCAK_STATE_LANES; i++)
		st[SC_KECCAKX_MAX * i] = a[i];
	memzero_explicit(a, sizeof(a));
}

const struct sc_keccakx_impl sc_keccakx_impl_arm64 = {
	.base = {
		.name = "arm64",
		.simd = false,
	},
	.width = 1,
	.permute = sc_keccakx1_permute_arm64,
};

static void sc_keccakx2_permute_neon(u64 *st)
{
	sc_keccakx2_neon_permute(st);
}

const struct sc_keccakx_impl sc_keccakx_impl_neonx2 = {
	.base = {
		.name = "neonx2",
		.cpu_features = SC_CPU_NEON,
		.simd = true,
		.min_len = SC_KECCAKX_LEN(2),
	},
	.width = 2,
	.permute = sc_keccakx2_permute_neon,
};

static void sc_keccakx2_permute_sha3ce(u64 *st)
{
	sc_keccakx2_ce_permute(st);
}

const struct sc_keccakx_impl sc_keccakx_impl_sha3cex2 = {
	.base = {
		.name = "sha3cex2",
		.cpu_features = SC_CPU_NEON | SC_CPU_ARM_SHA3,
		.simd = true,
		.min_len = SC_KECCAKX_LEN(2),
	},
	.width = 2,
	.permute = sc_keccakx2_permute_sha3ce,
};
