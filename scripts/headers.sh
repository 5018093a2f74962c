#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# headers.sh TARGET
#
# Prepares (once, cached under $SC_CACHE) the kernel header tree needed to
# build external modules for TARGET and prints, on stdout, shell
# assignments a caller can `eval`:
#
#   TARGET=x86_64-7.3
#   SUITE=trixie-backports           Debian suite the headers come from
#   PKGVER=7.3.4-1~bpo13+1           Debian package version
#   KVER=7.3.4+deb13-amd64           kernel release (uname -r, /lib/modules)
#   KDIR=/usr/src/linux-headers-...  tree for `make -C`; a path INSIDE
#                                    $CHROOT when CHROOT is not empty
#   CHROOT=/var/cache/.../trixie-... build root to chroot into (6.12, 7.3),
#                                    empty: build on the host
#   HOST_KDIR=...                    $CHROOT$KDIR, the tree seen from the host
#   MAKE_ARGS='ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-'
#                                    extra make arguments (may be empty)
#
# TARGET is ARCH-SERIES: ARCH in {x86_64, arm64}, SERIES in
#   6.1   Debian bookworm          (x86_64: the host's installed
#         linux-headers-amd64, see scripts/deps.sh build)
#   6.12  Debian trixie            (built in the trixie build root)
#   7.3   Debian trixie-backports  (newest stable; built in the build root)
#
# Environment: SC_KVER=RELEASE pins the kernel release (e.g. the one
# scripts/qemu-kernels.sh boots, so that the module's symbol CRCs match
# it); the suite must still carry linux-headers-RELEASE. Without it,
# x86_64-6.1 uses the host's installed headers (linux-headers-amd64, which
# may be newer than bookworm's main suite, e.g. from bookworm-security),
# the others the current version in their suite.
# Supported: x86_64-6.1 x86_64-6.12 x86_64-7.3 arm64-6.1 arm64-6.12
# arm64-7.3. The version inside a series is resolved at run time from the
# suite's linux-headers-ARCH metapackage, so it follows Debian's updates;
# the package lists are refreshed at most hourly (lib.sh).
#
# `headers.sh --list` prints the supported targets.
# Safe to run concurrently (flock). Requires root for the chroot targets.

set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

ALL_TARGETS="x86_64-6.1 x86_64-6.12 x86_64-7.3 arm64-6.1 arm64-6.12 arm64-7.3"

if [ "${1:-}" = --list ]; then
	echo "$ALL_TARGETS"
	exit 0
fi
target=${1:?usage: headers.sh TARGET (one of: $ALL_TARGETS)}
arch=${target%%-*}
series=${target#*-}

case $series in
6.1) suite=bookworm ;;
6.12) suite=trixie ;;
7.3) suite=trixie-backports ;;
*) sc_die "unknown kernel series in '$target' (targets: $ALL_TARGETS)" ;;
esac
case $arch in
x86_64) darch=amd64 make_args="" ;;
arm64) darch=arm64 make_args="ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-" ;;
*) sc_die "unknown architecture in '$target' (targets: $ALL_TARGETS)" ;;
esac

# pkg_dep DEPENDS REGEX: the first package name in a Depends line
# matching REGEX (anchored).
pkg_dep() {
	printf '%s\n' "$1" | tr ',|' '\n' | sed -E 's/^ *//; s/[ :].*//' |
		grep -E "^$2\$" | head -1 || true
}

# fetch SUITE ARCH PKG VERSION: download PKG=VERSION into the deb cache
# (once); prints the .deb path.
fetch() {
	local suite=$1 arch=$2 pkg=$3 ver=$4
	local dest="$SC_CACHE/debs/$suite-$arch" f
	mkdir -p "$dest"
	f=$(find "$dest" -maxdepth 1 -name "${pkg}_${ver//:/%3a}_*.deb" | head -1)
	if [ -z "$f" ]; then
		sc_apt_dir "$suite" "$arch" >/dev/null
		sc_log "headers: downloading $pkg $ver ($suite, $arch)"
		(cd "$dest" && sc_apt "$suite" "$arch" -o APT::Sandbox::User=root \
			download -q "$pkg=$ver" >/dev/null) ||
			sc_die "apt-get download $pkg=$ver ($suite, $arch) failed (network?)"
		f=$(find "$dest" -maxdepth 1 -name "${pkg}_${ver//:/%3a}_*.deb" | head -1)
		[ -n "$f" ] || sc_die "download of $pkg=$ver left no .deb in $dest"
	fi
	echo "$f"
}

# version_check KVER: warn when the suite moved to another series.
version_check() {
	case $1 in
	"$series".*|"$series"-*|"$series"+*) ;;
	*) sc_log "WARNING: $target: $suite now ships kernel $1, not $series.x; building against it" ;;
	esac
}

emit() {
	printf 'TARGET=%q\n' "$target"
	printf 'SUITE=%q\n' "$suite"
	printf 'PKGVER=%q\n' "$pkgver"
	printf 'KVER=%q\n' "$kver"
	printf 'KDIR=%q\n' "$kdir"
	printf 'CHROOT=%q\n' "${chroot:-}"
	printf 'HOST_KDIR=%q\n' "${chroot:-}$kdir"
	printf 'MAKE_ARGS=%q\n' "$make_args"
}

# --- x86_64-6.1: the host's installed bookworm headers ---------------------
host_kver=""
if [ "$target" = x86_64-6.1 ]; then
	dep=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 2>/dev/null || true)
	hpkg=$(pkg_dep "$dep" 'linux-headers-.*-amd64')
	host_kver=${hpkg#linux-headers-}
	[ -n "$host_kver" ] ||
		sc_log "headers: linux-headers-amd64 is not installed (scripts/deps.sh build); fetching bookworm's"
fi
want_kver=${SC_KVER:-$host_kver}
if [ -n "${SC_KVER:-}" ]; then
	case $SC_KVER in
	*-"$darch") ;;
	*) sc_die "SC_KVER=$SC_KVER is not a $darch kernel release (target $target)" ;;
	esac
fi
if [ "$target" = x86_64-6.1 ] && [ -n "$want_kver" ] &&
	[ -f "/usr/src/linux-headers-$want_kver/Makefile" ]; then
	kver=$want_kver
	pkgver=$(dpkg-query -W -f='${Version}' "linux-headers-$kver" 2>/dev/null || echo unknown)
	kdir=/usr/src/linux-headers-$kver
	version_check "$kver"
	chroot=""
	emit
	exit 0
fi

# --- everything else: resolve the version in the suite ---------------------
if [ -n "$want_kver" ]; then
	sc_apt_dir "$suite" "$darch" >/dev/null
	hpkg=linux-headers-$want_kver
else
	meta=$(sc_meta_dep "$suite" "$darch" "linux-headers-$darch") ||
		sc_die "cannot read linux-headers-$darch from $suite (network?)"
	hpkg=$(pkg_dep "$meta" "linux-headers-.*-$darch")
	[ -n "$hpkg" ] || sc_die "$suite $darch: linux-headers-$darch has no headers dependency ('$meta')"
fi
kver=${hpkg#linux-headers-}
version_check "$kver"
pkgver=$(sc_apt_cache "$suite" "$darch" show "$hpkg" 2>/dev/null |
	awk -F': ' '/^Version:/ {print $2; exit}')
hdep=$(sc_apt_cache "$suite" "$darch" show "$hpkg=$pkgver" 2>/dev/null |
	awk -F': ' '/^Depends:/ {print $2; exit}')
cpkg=$(pkg_dep "$hdep" 'linux-headers-.*-common')
kpkg=$(pkg_dep "$hdep" 'linux-kbuild-.*')
if [ -z "$pkgver" ] || [ -z "$cpkg" ] || [ -z "$kpkg" ]; then
	sc_die "cannot resolve $hpkg (version, -common, kbuild) in $suite $darch"
fi

# unpack DIR DEB...: dpkg -x each DEB into DIR
unpack() {
	local dir=$1 d
	shift
	for d in "$@"; do
		dpkg -x "$d" "$dir" || sc_die "dpkg -x $d failed"
	done
}

if [ "$series" = 6.1 ]; then
	# arm64-6.1 (and x86_64-6.1 for a release that is not installed):
	# build on the host (gcc-12, glibc 2.36 is what bookworm's kbuild
	# tools need) against a private root. The headers' scripts/ and tools/
	# are relative symlinks to ../../lib/linux-kbuild-6.1, so the amd64
	# linux-kbuild of the SAME version unpacked into the same root is what
	# they run.
	root="$SC_CACHE/headers/$target-$pkgver"
	mkdir -p "$SC_CACHE/headers"
	exec 9>"$SC_CACHE/headers/.$target.lock"
	flock 9
	if [ ! -f "$root/.simdcrypt-headers" ]; then
		h=$(fetch "$suite" "$darch" "$hpkg" "$pkgver")
		c=$(fetch "$suite" "$darch" "$cpkg" "$pkgver")
		k=$(fetch "$suite" amd64 "$kpkg" "$pkgver")
		rm -rf "$root.tmp"
		mkdir -p "$root.tmp"
		unpack "$root.tmp" "$h" "$c" "$k"
		# The headers Makefile includes /usr/src/...-common/Makefile and
		# sets KBUILD_OUTPUT=/usr/src/...: point them into the root.
		sed -i "s|/usr/src/|$root/usr/src/|g" \
			"$root.tmp/usr/src/linux-headers-$kver/Makefile"
		rm -rf "$root"
		mv "$root.tmp" "$root"
		touch "$root/.simdcrypt-headers"
		sc_log "headers: $target ($kver) ready in $root"
	fi
	kdir="$root/usr/src/linux-headers-$kver"
	[ -x "$kdir/scripts/basic/fixdep" ] || sc_die "$kdir/scripts/basic/fixdep missing (kbuild not unpacked?)"
	chroot=""
	emit
	exit 0
fi

# 6.12 / 7.3: unpack into the trixie build root so the chroot sees them
# at /usr/src (their kbuild tools need glibc >= 2.38 and gcc-14).
chroot=$("$here/buildroot.sh" trixie)
[ -d "$chroot" ] || sc_die "buildroot.sh printed no build root"
exec 9>"$chroot/.simdcrypt-headers.lock"
flock 9
stamp="$chroot/.simdcrypt-headers-$hpkg-$pkgver"
if [ ! -f "$stamp" ]; then
	h=$(fetch "$suite" "$darch" "$hpkg" "$pkgver")
	c=$(fetch "$suite" "$darch" "$cpkg" "$pkgver")
	# kbuild runs on the build machine: always amd64.
	k=$(fetch "$suite" amd64 "$kpkg" "$pkgver")
	unpack "$chroot" "$h" "$c" "$k"
	touch "$stamp"
	sc_log "headers: $target ($kver) unpacked into $chroot"
fi
kdir=/usr/src/linux-headers-$kver
[ -f "$chroot$kdir/Makefile" ] || sc_die "$chroot$kdir/Makefile missing"
emit
