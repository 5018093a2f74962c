#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build (once) and cache a User-Mode Linux kernel (ARCH=um, x86_64) from
# Debian's linux-source package of the newest stable kernel
# (trixie-backports by default), with KUnit, hostfs and the full crypto
# self-tests.  The cache is keyed on the source package version and the
# hash of the config fragment below; a warm run does not rebuild.
#
# Usage: scripts/uml-kernel.sh [--debug] [--print-only | --source]
# --debug: a second flavour with KASAN, DEBUG_SG and failslab (check-uml
# uses it: it catches out-of-bounds accesses and bad scatterlists, and the
# KUnit AEAD suite fails the walk's allocations).  The default flavour
# has no KASAN, so the kernel's own C drivers run at full speed (speed
# comparisons, make demo).
# Prints the build directory (an O= tree) on stdout.  It holds:
#   linux                  the UML kernel binary
#   crypto/tcrypt.ko       tcrypt (CONFIG_CRYPTO_BENCHMARK=m)
#   and is usable for external modules:
#   make -C <dir> ARCH=um M=<module dir>
#
# Environment: SC_CACHE (default /var/cache/simdcrypt), SC_UML_SUITE
# (default trixie-backports), SC_UML_JOBS (default: nproc).
# --print-only: print the directory of an already built kernel (resolving
# the version from the apt lists) without building; fails if not built.
# --source: download and unpack the source if need be, print its directory
# and build nothing (scripts/checkpatch.sh runs its scripts/checkpatch.pl).

set -euo pipefail
. "$(dirname "$0")/lib.sh"

suite=${SC_UML_SUITE:-trixie-backports}
jobs=${SC_UML_JOBS:-$(nproc)}
print_only=0
source_only=0
debug=0
for arg in "$@"; do
	case $arg in
	--print-only) print_only=1 ;;
	--source) source_only=1 ;;
	--debug) debug=1 ;;
	*) sc_die "usage: $0 [--debug] [--print-only | --source]" ;;
	esac
done

# The config fragment, from scripts/kconfig/: uml.config, tests.config (the
# KUnit and crypto lines the KUnit kernels share), with --debug
# uml-debug.config after tests.config's DEBUG_ATOMIC_SLEEP line, then
# uml-tcrypt.config.  "# CONFIG_X is not set" lines are checked.
# PREEMPT must stay off in UML (it does not save vector registers on
# kernel thread switches); 7.x UML offers no PREEMPT_NONE, so the model is
# PREEMPT_VOLUNTARY, which does not imply PREEMPTION.
fragment() {
	local k=$SC_TOP/scripts/kconfig

	if [ $debug = 1 ]; then
		sed "/^CONFIG_DEBUG_ATOMIC_SLEEP=y\$/r $k/uml-debug.config" \
			"$k/uml.config" "$k/tests.config"
	else
		cat "$k/uml.config" "$k/tests.config"
	fi
	cat "$k/uml-tcrypt.config"
}

frag_hash=$(fragment | sha256sum | cut -c1-12)
base="$SC_CACHE/uml"

# --- resolve the newest linux-source in the suite --------------------------
meta_ver=""
if (sc_apt_dir "$suite" amd64 >/dev/null); then
	meta_ver=$(sc_apt_cache "$suite" amd64 policy linux-source 2>/dev/null |
		awk '/Candidate:/ {print $2; exit}')
fi
if { [ -z "$meta_ver" ] || [ "$meta_ver" = "(none)" ]; } && [ $source_only = 1 ]; then
	# Offline: the newest source already unpacked.
	cached=$(ls -d "$base"/src/*/linux-source-*/.simdcrypt-unpacked 2>/dev/null | sort -V | tail -1)
	[ -n "$cached" ] || sc_die "no linux-source package in $suite and none unpacked"
	sc_log "cannot resolve linux-source in $suite (offline?); using $(dirname "$cached")"
	dirname "$cached"
	exit 0
fi
if [ -z "$meta_ver" ] || [ "$meta_ver" = "(none)" ]; then
	# Offline: fall back to the newest kernel already built with this fragment.
	cached=$(ls -d "$base"/build/*-"$frag_hash" 2>/dev/null | sort -V | tail -1)
	if [ -n "$cached" ] && [ -f "$cached/.simdcrypt-built" ]; then
		sc_log "cannot resolve linux-source in $suite (offline?); using cached $cached"
		echo "$cached"
		exit 0
	fi
	sc_die "no linux-source package in $suite"
fi
src_pkg=$(sc_apt_cache "$suite" amd64 show "linux-source=$meta_ver" 2>/dev/null |
	awk -F': ' '/^Depends:/ {print $2; exit}' | grep -oE 'linux-source-[0-9]+\.[0-9]+' | head -1)
[ -n "$src_pkg" ] || sc_die "cannot resolve linux-source=$meta_ver in $suite"
kser=${src_pkg#linux-source-}
key="$meta_ver-$frag_hash"
srcdir="$base/src/$meta_ver/$src_pkg"
out="$base/build/$key"
mkdir -p "$base"

# --- download + unpack the source (shared by every fragment) ---------------
# (called with the lock held)
unpack_source() {
	if [ ! -f "$srcdir/.simdcrypt-unpacked" ]; then
		debdir="$base/src/$meta_ver/deb"
		deb=$(sc_download "$suite" amd64 "$debdir" "$src_pkg")
		sc_log "unpacking $(basename "$deb") (about a minute)"
		rm -rf "$srcdir" "$debdir/x"
		dpkg -x "$deb" "$debdir/x"
		tarball="$debdir/x/usr/src/$src_pkg.tar.xz"
		[ -f "$tarball" ] || sc_die "no $src_pkg.tar.xz in $deb"
		mkdir -p "$base/src/$meta_ver"
		tar -C "$base/src/$meta_ver" -xJf "$tarball"
		[ -f "$srcdir/Makefile" ] || sc_die "unpacked tree lacks $srcdir/Makefile"
		rm -rf "$debdir/x"
		touch "$srcdir/.simdcrypt-unpacked"
	fi
}

if [ $source_only = 1 ]; then
	exec 9>"$base/.lock"
	flock 9
	unpack_source
	echo "$srcdir"
	exit 0
fi
if [ -f "$out/.simdcrypt-built" ]; then
	sc_log "UML kernel $meta_ver (fragment $frag_hash) cached: $out"
	echo "$out"
	exit 0
fi
[ $print_only = 1 ] && sc_die "UML kernel $meta_ver (fragment $frag_hash) not built; run scripts/uml-kernel.sh"

# One builder at a time (other scripts may call us concurrently).
exec 9>"$base/.lock"
if ! flock -n 9; then
	sc_log "another uml-kernel.sh is running; waiting for it"
	flock 9
fi
if [ -f "$out/.simdcrypt-built" ]; then
	sc_log "UML kernel $meta_ver built meanwhile: $out"
	echo "$out"
	exit 0
fi

t0=$(date +%s)
unpack_source

# --- configure ----------------------------------------------------------------
sc_log "configuring UML $kser ($meta_ver) in $out"
rm -rf "$out"
mkdir -p "$out"
mk() { make -C "$srcdir" O="$out" ARCH=um "$@"; }
fragment >"$out/simdcrypt.fragment"
sc_kconfig alldefconfig "$srcdir" "$out"

# --- build ------------------------------------------------------------------
sc_log "building UML kernel with -j$jobs (10-25 minutes on 2 cores); log: $out/build.log"
sc_kbuild_progress "UML kernel" "$out" "$t0" "$jobs"
[ -x "$out/linux" ] || sc_die "build finished but $out/linux is missing"
[ -f "$out/crypto/tcrypt.ko" ] || sc_die "build finished but $out/crypto/tcrypt.ko is missing"
[ -f "$out/Module.symvers" ] || sc_die "build finished but $out/Module.symvers is missing"
echo "$meta_ver" >"$out/.simdcrypt-version"
touch "$out/.simdcrypt-built"
sc_log "UML kernel $meta_ver built in $(( $(date +%s) - t0 ))s: $out ($(du -sh "$out" | cut -f1))"
echo "$out"
