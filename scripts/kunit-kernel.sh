#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build (once) and cache a small real x86_64 kernel for the KUnit suites
# under QEMU (scripts/check-kunit-qemu.sh).  Debian's kernels lack
# CONFIG_KUNIT, UML has no real kernel_fpu_begin/end nor PREEMPT: this one
# is tinyconfig + the fragment below (serial console, initramfs, modules,
# KUnit, the crypto API + AF_ALG + full self-tests, PREEMPT,
# DEBUG_ATOMIC_SLEEP).  Source: the linux-source tree scripts/uml-kernel.sh
# unpacked under $SC_CACHE/uml/src/ (read only: the build uses O=).
# The cache is keyed on the source version and the fragment's hash.
#
# Usage: scripts/kunit-kernel.sh [x86_64|arm64] [--debug]
# arm64 is cross-built with aarch64-linux-gnu-gcc (PL011 console instead of
# the 8250) for qemu-system-aarch64 -M virt.
# --debug (x86_64): the debug flavour for `make check-kcsan`: KCSAN (data
# races), PROVE_LOCKING (lockdep), DEBUG_PREEMPT on top of the fragment;
# cached separately (its own key).
# Prints the build directory (an O= tree) on stdout.  It holds
#   arch/x86/boot/bzImage   the kernel (arm64: arch/arm64/boot/Image)
#   and is usable for external modules: make -C <dir> M=<module dir>
#   (arm64: add ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
#
# Environment: SC_CACHE (default /var/cache/simdcrypt), SC_KUNIT_JOBS
# (default: nproc).

set -euo pipefail
. "$(dirname "$0")/lib.sh"

arch=${1:-x86_64}
flavour=""
[ "${2:-}" = --debug ] && flavour=-debug
[ -z "$flavour" ] || [ "$arch" = x86_64 ] || sc_die "--debug: x86_64 only (KCSAN)"
jobs=${SC_KUNIT_JOBS:-$(nproc)}
case $arch in
x86_64) karch=x86_64 image=arch/x86/boot/bzImage cross="" ;;
arm64) karch=arm64 image=arch/arm64/boot/Image cross=aarch64-linux-gnu-
	command -v ${cross}gcc >/dev/null || sc_die "${cross}gcc not found (scripts/deps.sh matrix)" ;;
*) sc_die "usage: $0 [x86_64|arm64]" ;;
esac

# The config fragment, from scripts/kconfig/: kunit.config, tests.config
# (the KUnit and crypto lines the UML kernel shares), the architecture's
# (console, and the hardening Debian's kernels have, so that the module
# runs under it: x86_64 return thunks, retpolines and IBT, checked by
# objtool; arm64 in-kernel pointer authentication, which -cpu max
# enforces, and SVE), then with --debug kunit-debug.config: KCSAN with its
# defaults (plain aligned word writes count as atomic, value changes
# only), lockdep with RCU checking, preemption checks; 4 CPUs (tinyconfig's
# NR_CPUS is 2) for the 4 vCPUs check-kcsan boots, found through ACPI's
# MADT (SeaBIOS's MP table lists only the boot CPU).
# arm64 BTI_KERNEL cannot be built with GCC (7.3 Kconfig: !CC_IS_GCC).
# "# CONFIG_X is not set" lines are checked too.
fragment() {
	local k=$SC_TOP/scripts/kconfig

	cat "$k/kunit.config" "$k/tests.config" "$k/kunit-$arch.config" \
		${flavour:+"$k/kunit$flavour.config"}
}

frag_hash=$( (echo "$arch$flavour"; fragment) | sha256sum | cut -c1-12)
srcbase="$SC_CACHE/uml/src"
base="$SC_CACHE/kunit"
mkdir -p "$base"

# --- the source: the tree scripts/uml-kernel.sh unpacked ---------------------
srcdir=$(ls -d "$srcbase"/*/linux-source-* 2>/dev/null | while read -r d; do
	[ -f "$d/.simdcrypt-unpacked" ] && echo "$d"; done | sort -V | tail -1)
if [ -z "$srcdir" ]; then
	sc_log "no unpacked linux-source yet: running scripts/uml-kernel.sh --print-only / build"
	"$SC_TOP/scripts/uml-kernel.sh" >/dev/null || sc_die "scripts/uml-kernel.sh failed"
	srcdir=$(ls -d "$srcbase"/*/linux-source-* | sort -V | tail -1)
fi
src_ver=$(basename "$(dirname "$srcdir")")
key="$arch$flavour-$src_ver-$frag_hash"
out="$base/build/$key"

if [ -f "$out/.simdcrypt-built" ]; then
	sc_log "KUnit kernel $arch $src_ver (fragment $frag_hash) cached: $out"
	echo "$out"
	exit 0
fi

exec 9>"$base/.lock-$arch$flavour"
if ! flock -n 9; then
	sc_log "another kunit-kernel.sh is running; waiting for it"
	flock 9
fi
if [ -f "$out/.simdcrypt-built" ]; then
	echo "$out"
	exit 0
fi

t0=$(date +%s)
sc_log "configuring $arch KUnit kernel ($src_ver, tinyconfig + fragment) in $out"
rm -rf "$out"
mkdir -p "$out"
mk() { make -C "$srcdir" O="$out" ARCH="$karch" ${cross:+CROSS_COMPILE=$cross} "$@"; }
fragment >"$out/simdcrypt.fragment"
sc_kconfig tinyconfig "$srcdir" "$out"

sc_log "building the $arch KUnit kernel with -j$jobs (~3 minutes on 2 idle cores); log: $out/build.log"
sc_kbuild_progress "KUnit kernel" "$out" "$t0" "$jobs"
[ -f "$out/$image" ] || sc_die "build finished but $out/$image is missing"
[ -f "$out/Module.symvers" ] || sc_die "build finished but $out/Module.symvers is missing"
echo "$src_ver" >"$out/.simdcrypt-version"
touch "$out/.simdcrypt-built"
sc_log "KUnit kernel $arch $src_ver built in $(( $(date +%s) - t0 ))s: $out ($(du -sh "$out" | cut -f1))"
echo "$out"
