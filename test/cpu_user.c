// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace sc_cpu_features() for the harness and the benchmark: the same
 * SC_CPU_* bits main.c/compat reports in the kernel, from CPUID and XGETBV
 * (x86_64) or the auxiliary vector (arm64).
 *
 * SC_CPU_MASK hides features so a test can run "as if" on a smaller CPU:
 *   SC_CPU_MASK=0x3d            keep only these SC_CPU_* bits (a number)
 *   SC_CPU_MASK=avx2            presets: none, ssse3, avx2, avx512, all
 *   SC_CPU_MASK=avx512,-ifma    then drop single features (-name)
 *   SC_CPU_MASK=+prefer_ymm     add the PREFER_YMM hint (safe: it only makes
 *                               the dispatcher avoid rows)
 *   SC_CPU_MASK=+zmm_split      add the ZMM_SPLIT hint (safe: it only moves
 *                               static cutoffs)
 * Names: ssse3 avx avx2 bmi1 bmi2 adx avx512 ifma vbmi2 prefer_ymm intel
 * amd zmm_split neon sha3 ("intel" and "amd" are vendor hints; the
 * presets keep them, and "avx512" keeps zmm_split).
 * Features the CPU lacks are never added (except the hints prefer_ymm and
 * zmm_split).
 *
 * sc_test_cpu_override lets the harness check the dispatcher's choice for
 * any feature set without running the rows it selects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <linux/types.h>
#include "simdcrypt.h"
#include "cpu_user.h"

#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__)
#include <sys/auxv.h>
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD	(1 << 1)
#endif
#ifndef HWCAP_SHA3
#define HWCAP_SHA3	(1 << 17)
#endif
#endif

static const struct {
	const char *name;
	u32 bit;
} sc_cpu_names[] = {
	{ "ssse3", SC_CPU_SSSE3 },	{ "avx", SC_CPU_AVX },
	{ "avx2", SC_CPU_AVX2 },	{ "bmi1", SC_CPU_BMI1 },
	{ "bmi2", SC_CPU_BMI2 },	{ "adx", SC_CPU_ADX },
	{ "avx512", SC_CPU_AVX512 },	{ "ifma", SC_CPU_AVX512IFMA },
	{ "vbmi2", SC_CPU_AVX512VBMI2 },
	{ "prefer_ymm", SC_CPU_PREFER_YMM }, { "intel", SC_CPU_INTEL },
	{ "amd", SC_CPU_AMD },		{ "zmm_split", SC_CPU_ZMM_SPLIT },
	{ "neon", SC_CPU_NEON },	{ "sha3", SC_CPU_ARM_SHA3 },
};

#define SC_PRESET_AVX2	(SC_CPU_SSSE3 | SC_CPU_AVX | SC_CPU_AVX2 | \
			 SC_CPU_BMI1 | SC_CPU_BMI2 | SC_CPU_ADX)
/* the presets keep the vendor hints the CPU has */
#define SC_CPU_VENDOR	(SC_CPU_INTEL | SC_CPU_AMD)

static const struct {
	const char *name;
	u32 keep;
} sc_cpu_presets[] = {
	{ "none", 0 },
	{ "generic", 0 },
	{ "ssse3", SC_CPU_SSSE3 | SC_CPU_VENDOR },
	{ "avx2", SC_PRESET_AVX2 | SC_CPU_VENDOR },
	{ "avx512", SC_PRESET_AVX2 | SC_CPU_AVX512 | SC_CPU_AVX512IFMA |
		    SC_CPU_AVX512VBMI2 | SC_CPU_ZMM_SPLIT | SC_CPU_VENDOR },
	{ "all", ~0u },
};

#if defined(__x86_64__)
void sc_cpu_ident(char vendor[13], unsigned int *family, unsigned int *model)
{
	unsigned int a, b, c, d;

	__cpuid(0, a, b, c, d);
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = 0;
	__cpuid(1, a, b, c, d);
	*family = (a >> 8) & 0xf;
	*model = (a >> 4) & 0xf;
	if (*family == 0xf)
		*family += (a >> 20) & 0xff;
	if (*family == 6 || *family >= 0xf)
		*model |= ((a >> 16) & 0xf) << 4;
}
#endif

u32 sc_cpu_detect_raw(void)
{
	u32 f = 0;
#if defined(__x86_64__)
	unsigned int a, b, c, d, max, ecx1, ebx7 = 0, ecx7 = 0;
	unsigned long long xcr0 = 0;
	char vendor[13];
	bool ymm_ok, zmm_ok;
	unsigned int family, model;

	sc_cpu_ident(vendor, &family, &model);
	__cpuid(0, max, b, c, d);
	__cpuid(1, a, b, ecx1, d);
	if (max >= 7)
		__cpuid_count(7, 0, a, ebx7, ecx7, d);
	if (ecx1 & (1u << 27)) {	/* OSXSAVE: XGETBV is allowed */
		unsigned int lo, hi;

		__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
		xcr0 = (unsigned long long)hi << 32 | lo;
	}
	ymm_ok = (xcr0 & 0x6) == 0x6;			/* SSE, YMM */
	zmm_ok = (xcr0 & 0xe6) == 0xe6;			/* + opmask, ZMM */

	if (ecx1 & (1u << 9))
		f |= SC_CPU_SSSE3;
	if ((ecx1 & (1u << 28)) && ymm_ok)
		f |= SC_CPU_AVX;
	if (ebx7 & (1u << 3))
		f |= SC_CPU_BMI1;
	if ((ebx7 & (1u << 5)) && ymm_ok)
		f |= SC_CPU_AVX2;
	if (ebx7 & (1u << 8))
		f |= SC_CPU_BMI2;
	if (ebx7 & (1u << 19))
		f |= SC_CPU_ADX;
	/* AVX512F (16), AVX512BW (30), AVX512VL (31), as compat/x86.h */
	if ((ebx7 & (1u << 16)) && (ebx7 & (1u << 30)) &&
	    (ebx7 & (1u << 31)) && zmm_ok) {
		f |= SC_CPU_AVX512;
		if (ebx7 & (1u << 21))
			f |= SC_CPU_AVX512IFMA;
		if (ecx7 & (1u << 6))
			f |= SC_CPU_AVX512VBMI2;
	}
	if (!strcmp(vendor, "GenuineIntel"))
		f |= SC_CPU_INTEL;
	if (!strcmp(vendor, "AuthenticAMD"))
		f |= SC_CPU_AMD;
	/* The kernel's zmm_exclusion_list, as compat/x86.h */
	if (!strcmp(vendor, "GenuineIntel") && family == 6 &&
	    sc_intel6_prefers_ymm(model))
		f |= SC_CPU_PREFER_YMM;
	/* zmm as two halves (Zen 4), as compat/x86.h */
	if ((f & SC_CPU_AMD) && (f & SC_CPU_AVX512) &&
	    sc_amd_splits_zmm(family))
		f |= SC_CPU_ZMM_SPLIT;
#elif defined(__aarch64__)
	unsigned long hw = getauxval(AT_HWCAP);

	if (hw & HWCAP_ASIMD)
		f |= SC_CPU_NEON;
	if (hw & HWCAP_SHA3)
		f |= SC_CPU_ARM_SHA3;
#endif
	return f;
}

static u32 sc_cpu_name_bit(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(sc_cpu_names) / sizeof(sc_cpu_names[0]); i++)
		if (!strcasecmp(sc_cpu_names[i].name, name))
			return sc_cpu_names[i].bit;
	return 0;
}

/* Apply an SC_CPU_MASK string to @raw; exits on a malformed one. */
u32 sc_cpu_apply_mask(u32 raw, const char *spec)
{
	char buf[256], *tok, *save = NULL;
	u32 f = raw;
	unsigned int i;

	if (!spec || !*spec)
		return raw;
	if (spec[0] >= '0' && spec[0] <= '9') {
		char *end;
		unsigned long m = strtoul(spec, &end, 0);

		if (*end) {
			fprintf(stderr, "SC_CPU_MASK=%s: not a number\n", spec);
			exit(2);
		}
		return raw & (u32)m;
	}
	snprintf(buf, sizeof(buf), "%s", spec);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (tok[0] == '-' || tok[0] == '+') {
			u32 bit = sc_cpu_name_bit(tok + 1);

			if (!bit) {
				fprintf(stderr, "SC_CPU_MASK: unknown feature '%s'\n",
					tok + 1);
				exit(2);
			}
			if (tok[0] == '-')
				f &= ~bit;
			else if (bit & (SC_CPU_PREFER_YMM | SC_CPU_ZMM_SPLIT))
				f |= bit;
			else
				f |= bit & raw;
			continue;
		}
		for (i = 0; i < sizeof(sc_cpu_presets) / sizeof(sc_cpu_presets[0]); i++)
			if (!strcasecmp(sc_cpu_presets[i].name, tok))
				break;
		if (i == sizeof(sc_cpu_presets) / sizeof(sc_cpu_presets[0])) {
			fprintf(stderr, "SC_CPU_MASK: unknown preset '%s'\n", tok);
			exit(2);
		}
		f &= sc_cpu_presets[i].keep;
	}
	return f;
}

static u32 sc_user_features;
static bool sc_user_detected;
bool sc_test_cpu_override_on;
bool sc_test_simd_off;		/* compat/simd.h: the no-SIMD path */
unsigned long sc_test_sections;	/* compat/simd.h: sections entered */
u32 sc_test_cpu_override;

u32 sc_cpu_features(void)
{
	if (sc_test_cpu_override_on)
		return sc_test_cpu_override;
	if (!sc_user_detected) {
		sc_user_features = sc_cpu_apply_mask(sc_cpu_detect_raw(),
						     getenv("SC_CPU_MASK"));
		sc_user_detected = true;
	}
	return sc_user_features;
}

void sc_cpu_describe(u32 f, char *buf, size_t len)
{
	unsigned int i;
	size_t n = 0;

	buf[0] = 0;
	for (i = 0; i < sizeof(sc_cpu_names) / sizeof(sc_cpu_names[0]); i++)
		if ((f & sc_cpu_names[i].bit) && n + 16 < len)
			n += snprintf(buf + n, len - n, "%s%s", n ? " " : "",
				      sc_cpu_names[i].name);
	if (!n)
		snprintf(buf, len, "(none)");
}

/* The environment sc_dispatch_init() needs (simdcrypt.h); no SIMD sections here. */
u64 sc_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000u + (u64)ts.tv_nsec;
}

void sc_simd_call(bool simd, void (*fn)(void *arg), void *arg)
{
	(void)simd;
	fn(arg);
}

/*
 * generic/chacha20poly1305.h's copy of a piece opened in place: one per
 * thread here (the kernel's is per CPU, aead_glue.c).
 */
bool sc_test_copy_off;

u8 *sc_ccp_copy_get(void)
{
	static __thread u8 copy[SC_SIMD_CHUNK] __attribute__((aligned(64)));

	return sc_test_copy_off ? NULL : copy;
}

void sc_ccp_copy_put(u8 *copy)
{
	(void)copy;
}
