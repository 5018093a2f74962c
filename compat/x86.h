/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 (and User-Mode Linux on x86_64): FPU sections and CPU features. */
#ifndef _SC_COMPAT_X86_H
#define _SC_COMPAT_X86_H

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>

static inline void sc_simd_begin(void)
{
	kernel_fpu_begin();
}

static inline void sc_simd_end(void)
{
	kernel_fpu_end();
}

/*
 * UML runs on the host CPU and shows its flags in boot_cpu_data, but has no
 * xsave bookkeeping (cpu_has_xfeatures does not exist there): the host
 * kernel enabled whatever the host CPU reports.
 */
#ifdef CONFIG_UML
static inline bool sc_os_saves_ymm(void) { return true; }
static inline bool sc_os_saves_zmm(void) { return true; }
#else
static inline bool sc_os_saves_ymm(void)
{
	return cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

static inline bool sc_os_saves_zmm(void)
{
	return cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM |
				 XFEATURE_MASK_AVX512, NULL);
}
#endif

/*
 * The vendor hint (SC_CPU_INTEL, SC_CPU_AMD or none).  UML's
 * boot_cpu_data has no vendor: no vendor hints there.
 */
static inline u32 sc_cpu_vendor_hint(void)
{
#ifdef CONFIG_UML
	return 0;
#else
	switch (boot_cpu_data.x86_vendor) {
	case X86_VENDOR_INTEL:
		return SC_CPU_INTEL;
	case X86_VENDOR_AMD:
		return SC_CPU_AMD;
	default:
		return 0;
	}
#endif
}

static inline bool sc_cpu_prefers_ymm(void)
{
#ifdef X86_FEATURE_PREFER_YMM
	return boot_cpu_has(X86_FEATURE_PREFER_YMM);
#elif defined(CONFIG_UML)
	return false;		/* no family or model there either */
#else
	/* Before the flag existed: the kernel's list, simdcrypt.h */
	return sc_cpu_vendor_hint() == SC_CPU_INTEL &&
	       boot_cpu_data.x86 == 6 &&
	       sc_intel6_prefers_ymm(boot_cpu_data.x86_model);
#endif
}

/* An AMD core that issues zmm operations as two halves (Zen 4). */
static inline bool sc_cpu_splits_zmm(void)
{
#ifdef CONFIG_UML
	return false;		/* no family there */
#else
	return sc_amd_splits_zmm(boot_cpu_data.x86);
#endif
}

static inline u32 sc_arch_cpu_features(void)
{
	u32 f = 0;
	bool ymm_ok = sc_os_saves_ymm();
	bool zmm_ok = sc_os_saves_zmm();

	if (boot_cpu_has(X86_FEATURE_SSSE3))
		f |= SC_CPU_SSSE3;
	if (boot_cpu_has(X86_FEATURE_BMI1))
		f |= SC_CPU_BMI1;
	if (boot_cpu_has(X86_FEATURE_BMI2))
		f |= SC_CPU_BMI2;
	if (boot_cpu_has(X86_FEATURE_ADX))
		f |= SC_CPU_ADX;
	if (boot_cpu_has(X86_FEATURE_AVX) && ymm_ok)
		f |= SC_CPU_AVX;
	if (boot_cpu_has(X86_FEATURE_AVX2) && ymm_ok)
		f |= SC_CPU_AVX2;
	if (boot_cpu_has(X86_FEATURE_AVX512F) &&
	    boot_cpu_has(X86_FEATURE_AVX512VL) &&
	    boot_cpu_has(X86_FEATURE_AVX512BW) && zmm_ok) {
		f |= SC_CPU_AVX512;
		if (boot_cpu_has(X86_FEATURE_AVX512IFMA))
			f |= SC_CPU_AVX512IFMA;
		if (boot_cpu_has(X86_FEATURE_AVX512_VBMI2))
			f |= SC_CPU_AVX512VBMI2;
	}
	if (sc_cpu_prefers_ymm())
		f |= SC_CPU_PREFER_YMM;
	f |= sc_cpu_vendor_hint();
	if ((f & SC_CPU_AMD) && (f & SC_CPU_AVX512) && sc_cpu_splits_zmm())
		f |= SC_CPU_ZMM_SPLIT;
	return f;
}

#endif /* _SC_COMPAT_X86_H */
