#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# buildroot.sh [SUITE [EXTRA_PKG...]]
#
# Prints the path of a Debian SUITE (default: trixie) build root: a
# directory that can be chroot'ed into to build external kernel modules
# against Debian trixie / trixie-backports headers, whose kbuild tools
# (objtool, modpost, fixdep) need glibc >= 2.38 and gcc-14, which the
# bookworm host does not have.
#
# The root is made once with `mmdebstrap --variant=apt`, from the same
# Debian source entry lib.sh derives its private apt configurations from
# (no host name is written anywhere), cached as a tarball
#   $SC_CACHE/buildroot/SUITE-HASH.tar.zst
# (HASH covers the suite, the package list and this script's layout
# version) and unpacked once to
#   $SC_CACHE/buildroot/SUITE-HASH/
# which is what is printed on stdout. Callers may add files below it (e.g.
# headers.sh unpacks kernel headers into it); it stays valid until the
# package list changes. Safe to run concurrently (flock). Requires root.
#
# Environment: SC_CACHE (default /var/cache/simdcrypt),
#   SC_BUILDROOT_EXTRA="pkg ..." adds packages, like EXTRA_PKG (both
#   change the hash, so each package set is its own root).

set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

suite=${1:-trixie}
[ $# -gt 0 ] && shift

# What building an external module against Debian's trixie(-backports)
# headers needs. gcc-14 is the compiler those headers were built with
# (gcc-14-for-host is what 7.x headers depend on); libelf1 (objtool),
# libssl3 (sign-file) and zlib come in through the -dev packages; perl
# runs kernel-doc for W=1 on 6.12; gcc-14-aarch64-linux-gnu cross-builds
# the arm64 6.12/7.3 targets (one root for both architectures: `make check`
# builds both, and a second root would cost a second mmdebstrap).
# A bookworm root (scripts/check-dkms.sh installs the package into one) gets
# bookworm's own compiler, the one its 6.1 headers were built with.
case $suite in
bookworm) pkgs="gcc libc6-dev make bc flex bison libelf-dev libssl-dev dwarves kmod
cpio xz-utils zstd gzip perl ${SC_BUILDROOT_EXTRA:-} $*" ;;
*) pkgs="gcc-14 gcc-14-aarch64-linux-gnu libc6-dev make bc flex bison libelf-dev libssl-dev dwarves kmod
cpio xz-utils zstd gzip perl ${SC_BUILDROOT_EXTRA:-} $*" ;;
esac
# shellcheck disable=SC2086
pkgs=$(printf '%s\n' $pkgs | sort -u | tr '\n' ',' | sed 's/,$//')
layout=1
hash=$(printf '%s|%s|%s\n' "$suite" "$pkgs" "$layout" | sha256sum | cut -c1-12)

base="$SC_CACHE/buildroot"
name="$suite-$hash"
tarball="$base/$name.tar.zst"
root="$base/$name"
mkdir -p "$base"

[ "$(id -u)" = 0 ] || sc_die "buildroot.sh needs root (mmdebstrap, chroot)"

exec 9>"$base/.$name.lock"
flock 9

if [ ! -f "$root/.simdcrypt-buildroot" ]; then
	if [ ! -s "$tarball" ]; then
		command -v mmdebstrap >/dev/null ||
			sc_die "mmdebstrap missing (scripts/deps.sh matrix)"
		aptdir=$(sc_apt_dir "$suite" amd64)
		sc_log "buildroot: mmdebstrap $suite ($pkgs)"
		t0=$(date +%s)
		# The deb822 entry lib.sh derived (Suites: $suite) becomes the
		# chroot's sources; mmdebstrap reads a MIRROR that is a file.
		mmdebstrap --variant=apt --arch=amd64 --mode=root \
			--include="$pkgs" \
			--aptopt='Acquire::Retries "3"' \
			--dpkgopt='path-exclude=/usr/share/doc/*' \
			--dpkgopt='path-exclude=/usr/share/man/*' \
			--dpkgopt='path-exclude=/usr/share/locale/*' \
			--dpkgopt='path-include=/usr/share/doc/*/copyright' \
			"$suite" "$tarball.tmp.tar.zst" "$aptdir/parts/debian.sources" \
			>"$base/$name.log" 2>&1 ||
			{
				tail -20 "$base/$name.log" >&2
				rm -f "$tarball.tmp.tar.zst"
				sc_die "mmdebstrap failed (log: $base/$name.log)"
			}
		mv "$tarball.tmp.tar.zst" "$tarball"
		sc_log "buildroot: tarball made in $(($(date +%s) - t0)) s ($(du -h "$tarball" | cut -f1))"
	fi
	rm -rf "$root.tmp"
	mkdir -p "$root.tmp"
	tar --zstd -xpf "$tarball" -C "$root.tmp" --numeric-owner ||
		sc_die "unpacking $tarball failed"
	# Mount points for build-module.sh's private mount namespace.
	mkdir -p "$root.tmp/build/mod" "$root.tmp/proc" "$root.tmp/dev"
	touch "$root.tmp/.simdcrypt-buildroot"
	rm -rf "$root"
	mv "$root.tmp" "$root"
	sc_log "buildroot: unpacked to $root"
fi

echo "$root"
