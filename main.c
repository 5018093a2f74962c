// SPDX-License-Identifier: GPL-2.0
/*
 * simdcrypt: module init/exit, CPU feature detection and the parameters
 * that show and force the implementation of each algorithm.
 *
 *   /sys/module/simdcrypt/parameters/chacha_impl
 *   /sys/module/simdcrypt/parameters/poly1305_impl
 *   /sys/module/simdcrypt/parameters/sha3_impl
 *   /sys/module/simdcrypt/parameters/aead_impl
 *   /sys/module/simdcrypt/parameters/keccakx_impl
 *
 * Reading lists the rows this CPU supports, with the current choice in
 * brackets (poly1305_impl on an AVX2 CPU: "[fastest] generic scalar avx2");
 * writing "fastest" or a row name (or passing it at load time)
 * changes it.  Written at run time, a row the CPU cannot run is refused
 * with -ENODEV (an unknown name with -EINVAL); given at load, it leaves
 * "fastest" with a warning (sc_param_set()).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fips.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/sysfs.h>
#include <crypto/algapi.h>
#include "compat/compat.h"
#include "compat/export.h"
#include "simdcrypt.h"

/* Detected once, on first use (module parameters are parsed before init). */
static u32 sc_features;
#define SC_CPU_DETECTED		(1u << 31)

u32 sc_cpu_features(void)
{
	u32 f = READ_ONCE(sc_features);

	if (!f) {
		f = sc_arch_cpu_features() | SC_CPU_DETECTED;
		WRITE_ONCE(sc_features, f);
	}
	return f;
}

#ifdef SIMDCRYPT_TEST
unsigned int sc_test_corrupt_bits;
module_param_named(test_corrupt, sc_test_corrupt_bits, uint, 0644);
MODULE_PARM_DESC(test_corrupt,
		 "TEST BUILD ONLY: flip one output bit (1 chacha, 2 poly1305, 4 sha3, 8 aead) to prove the tests catch it");
#endif

static const char *const sc_alg_param_names[SC_ALG_COUNT] = {
	[SC_ALG_CHACHA] = "chacha",
	[SC_ALG_POLY1305] = "poly1305",
	[SC_ALG_KECCAK] = "sha3",
	[SC_ALG_AEAD] = "aead",
	[SC_ALG_KECCAK_XN] = "keccakx",
};

/* Set once init has run: parameters given at load are parsed before. */
static bool sc_loaded;

/*
 * A row refused at load (a modprobe.d line naming a row this CPU lacks, a
 * VM moved to another host) leaves "fastest" with a warning: failing the
 * parameter would fail the whole load, and the kernel's own drivers would
 * serve every user.  Written at run time, the write fails.
 */
static int sc_param_set(const char *val, const struct kernel_param *kp)
{
	enum sc_alg alg = (enum sc_alg)(uintptr_t)kp->arg;
	bool loaded = READ_ONCE(sc_loaded);
	char name[32];
	int err;

	strscpy(name, val, sizeof(name));
	err = sc_force_impl(alg, strim(name));
	if (err)
		pr_warn("%s_impl=%s refused (%d)%s\n", sc_alg_param_names[alg],
			name, err, loaded ? "" : ": fastest instead");
	return loaded ? err : 0;
}

static int sc_param_get(char *buf, const struct kernel_param *kp)
{
	enum sc_alg alg = (enum sc_alg)(uintptr_t)kp->arg;
	int forced = sc_forced_impl(alg);
	unsigned int i;
	int n;

	/* sysfs_emit() is there on every kernel we build for (5.10+) */
	n = sysfs_emit(buf, forced < 0 ? "[fastest]" : "fastest");
	for (i = 0; i < sc_nimpls[alg]; i++) {
		const struct sc_impl *row = sc_impl_row(alg, i);

		if (!sc_impl_supported(row))
			continue;
		n += sysfs_emit_at(buf, n, (int)i == forced ? " [%s]" : " %s",
				   row->name);
	}
	n += sysfs_emit_at(buf, n, "\n");
	return n;
}

const struct kernel_param_ops sc_impl_param_ops = {
	.set = sc_param_set,
	.get = sc_param_get,
};
SC_EXPORT_TEST(sc_impl_param_ops);

module_param_cb(chacha_impl, &sc_impl_param_ops, (void *)SC_ALG_CHACHA, 0644);
MODULE_PARM_DESC(chacha_impl, "ChaCha implementation: fastest or a row name");
module_param_cb(poly1305_impl, &sc_impl_param_ops, (void *)SC_ALG_POLY1305, 0644);
MODULE_PARM_DESC(poly1305_impl, "Poly1305 implementation: fastest or a row name");
module_param_cb(aead_impl, &sc_impl_param_ops, (void *)SC_ALG_AEAD, 0644);
MODULE_PARM_DESC(aead_impl, "ChaCha20-Poly1305 implementation: fastest or a row name");
module_param_cb(sha3_impl, &sc_impl_param_ops, (void *)SC_ALG_KECCAK, 0644);
MODULE_PARM_DESC(sha3_impl, "Keccak (SHA-3) implementation: fastest or a row name");
module_param_cb(keccakx_impl, &sc_impl_param_ops, (void *)SC_ALG_KECCAK_XN, 0644);
MODULE_PARM_DESC(keccakx_impl, "Keccak xN (multi-stream SHAKE) implementation: fastest or a row name");

/* What sc_dispatch_init() needs from the kernel (simdcrypt.h). */
u64 __init sc_clock_ns(void)
{
	return ktime_get_ns();
}

void __init sc_simd_call(bool simd, void (*fn)(void *arg), void *arg)
{
	sc_simd_run(simd, fn(arg));
}

static bool sc_calibrate = true;
module_param_named(calibrate, sc_calibrate, bool, 0444);
MODULE_PARM_DESC(calibrate,
		 "Time the rows at load and use the fastest per size (default); 0: the static table");

/*
 * Build the dispatch plans; one line per algorithm says what they use.
 * Every calibration sample runs on one CPU: on a machine with two kinds
 * of core (Intel's P- and E-cores, arm64 big.LITTLE) rows timed on
 * different kinds would otherwise be compared with each other, and each
 * row's best sample would come from wherever the scheduler had put it.
 */
static void __init sc_dispatch_setup(void)
{
	bool calibrate = sc_calibrate && sc_simd_usable();
	u64 t0 = ktime_get_ns();
	unsigned int alg, cpu;
	char *buf;

	migrate_disable();
	cpu = raw_smp_processor_id();
	sc_dispatch_init(calibrate);
	migrate_enable();
	t0 = ktime_get_ns() - t0;
	buf = kmalloc(512, GFP_KERNEL);
	for (alg = 0; buf && alg < SC_ALG_COUNT; alg++) {
		sc_dispatch_describe(alg, buf, 512);
		pr_info("%s\n", buf);
	}
	kfree(buf);
	if (!calibrate)
		pr_info("dispatch plans built in %llu us (static table)\n",
			t0 / 1000);
	else
		pr_info("dispatch plans built in %llu us (measured on CPU %u: %u of %u tables)\n",
			t0 / 1000, cpu, sc_dispatch_nmeasured(), SC_ALG_COUNT);
}

/*
 * Register @alg's drivers only where this CPU has a native row for it
 * (sc_alg_has_native_row()); otherwise the kernel's own drivers serve it.
 */
static int __init sc_register(enum sc_alg alg, int (*reg)(void))
{
	if (!sc_alg_has_native_row(alg)) {
		pr_info("%s: no native row on this CPU, not registered (the kernel's own drivers serve it)\n",
			sc_alg_param_names[alg]);
		return 0;
	}
	return reg();
}

static void sc_unregister(enum sc_alg alg, void (*unreg)(void))
{
	if (sc_alg_has_native_row(alg))
		unreg();
}

static int __init simdcrypt_init(void)
{
	int err;

	if (fips_enabled) {
		pr_notice("not loaded: fips_enabled is set and these implementations are not FIPS-validated\n");
		return -ENODEV;
	}

	pr_info("version %s, cpu features 0x%x\n", SIMDCRYPT_VERSION,
		sc_cpu_features() & ~SC_CPU_DETECTED);
	sc_ccp_copies_init();
	sc_dispatch_setup();

	err = sc_register(SC_ALG_CHACHA, sc_chacha_register);
	if (err)
		goto err_copies;
	err = sc_register(SC_ALG_POLY1305, sc_poly1305_register);
	if (err)
		goto err_chacha;
	err = sc_register(SC_ALG_KECCAK, sc_sha3_register);
	if (err)
		goto err_poly1305;
	err = sc_register(SC_ALG_AEAD, sc_aead_register);
	if (err)
		goto err_sha3;
	WRITE_ONCE(sc_loaded, true);
	return 0;

err_sha3:
	sc_unregister(SC_ALG_KECCAK, sc_sha3_unregister);
err_poly1305:
	sc_unregister(SC_ALG_POLY1305, sc_poly1305_unregister);
err_chacha:
	sc_unregister(SC_ALG_CHACHA, sc_chacha_unregister);
err_copies:
	sc_ccp_copies_exit();
	return err;
}

static void __exit simdcrypt_exit(void)
{
	sc_unregister(SC_ALG_AEAD, sc_aead_unregister);
	sc_unregister(SC_ALG_KECCAK, sc_sha3_unregister);
	sc_unregister(SC_ALG_POLY1305, sc_poly1305_unregister);
	sc_unregister(SC_ALG_CHACHA, sc_chacha_unregister);
	sc_ccp_copies_exit();
}

module_init(simdcrypt_init);
module_exit(simdcrypt_exit);

/* Kbuild passes the release number from the VERSION file. */
#ifndef SIMDCRYPT_VERSION
#error "SIMDCRYPT_VERSION is not set: build through Kbuild, which reads VERSION"
#endif
MODULE_VERSION(SIMDCRYPT_VERSION);
MODULE_AUTHOR("The simdcrypt authors");
MODULE_DESCRIPTION("SIMD ChaCha20, XChaCha20/12, Poly1305 and SHA-3");
MODULE_LICENSE("GPL");
MODULE_ALIAS_CRYPTO("chacha20");
MODULE_ALIAS_CRYPTO("chacha20-simdcrypt");
MODULE_ALIAS_CRYPTO("xchacha20");
MODULE_ALIAS_CRYPTO("xchacha20-simdcrypt");
MODULE_ALIAS_CRYPTO("xchacha12");
MODULE_ALIAS_CRYPTO("xchacha12-simdcrypt");
MODULE_ALIAS_CRYPTO("poly1305");
MODULE_ALIAS_CRYPTO("poly1305-simdcrypt");
MODULE_ALIAS_CRYPTO("sha3-224");
MODULE_ALIAS_CRYPTO("sha3-224-simdcrypt");
MODULE_ALIAS_CRYPTO("sha3-256");
MODULE_ALIAS_CRYPTO("sha3-256-simdcrypt");
MODULE_ALIAS_CRYPTO("sha3-384");
MODULE_ALIAS_CRYPTO("sha3-384-simdcrypt");
MODULE_ALIAS_CRYPTO("sha3-512");
MODULE_ALIAS_CRYPTO("sha3-512-simdcrypt");
MODULE_ALIAS_CRYPTO("rfc7539(chacha20,poly1305)");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-simdcrypt");
MODULE_ALIAS_CRYPTO("rfc7539esp(chacha20,poly1305)");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-simdcrypt");
