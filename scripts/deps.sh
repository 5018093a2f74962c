#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh [GROUP...]
#
# Installs the Debian packages simdcrypt's build and test layers need,
# only those that are missing: nothing is downloaded, and `apt-get update`
# does not run, when everything is installed already. Debian 12 (bookworm)
# host, its own apt sources; no foreign suite is ever installed here (the
# newer kernels' headers and tools live under $SC_CACHE, see headers.sh).
#
# GROUP (default: all):
#   build   kernel module build for the host's 6.1 kernel: compiler, kbuild
#           tools, sparse, the bookworm linux-headers-amd64
#   user    userspace harness: OpenSSL and libsodium as reference peers,
#           pkg-config, gcc's ASan/UBSan runtimes
#   matrix  kernel build matrix: mmdebstrap (trixie build root), mount
#           (chroot builds bind-mount the sources and /proc), the
#           aarch64 cross compiler
#   qemu    booting kernels: qemu (x86_64, arm64, user-mode), busybox,
#           kcapi-tools (a libkcapi client driven in the guests),
#           iproute2 (the guests' ip) and libssl-dev (ktls-host)
#   pkg     the Debian package (make deb): debhelper, dh-dkms
#   docs    make docs: Sphinx
#   plot    make bench's chart: matplotlib
#   peers   make bench's AEAD peers: BoringSSL (Android's build), Intel
#           ipsec-mb (x86_64 only)
#   ct      constant-time check: valgrind (memcheck and its client-request
#           headers, valgrind/memcheck.h)
#   mca     scripts/arm64-mca.sh's schedule estimates: LLVM 19's llvm-mca,
#           whose models include Neoverse N1/N2/V1/V2 and Ampere1 (LLVM
#           14's stop at Cortex-A57); not part of "all", no test needs it
#   all     all of the above but mca
# `deps.sh --list GROUP...` prints the packages without installing.
#
# Needs root (or password-less sudo) only when something is missing.

set -euo pipefail

pkgs_build="gcc make bc flex bison perl libelf-dev libssl-dev dwarves kmod
cpio xz-utils zstd gzip sparse git linux-headers-amd64 shellcheck"
pkgs_user="gcc make libssl-dev libsodium-dev pkg-config libasan8 libubsan1
openssl"
pkgs_matrix="mmdebstrap debian-archive-keyring mount zstd gcc-aarch64-linux-gnu
binutils-aarch64-linux-gnu libc6-dev-arm64-cross"
pkgs_qemu="qemu-system-x86 qemu-system-arm qemu-user-static busybox-static
cpio gzip xz-utils zstd kmod python3 kcapi-tools openssl iproute2 libssl-dev"
pkgs_pkg="debhelper dh-dkms dpkg-dev"
pkgs_docs="python3-sphinx"
pkgs_plot="python3 python3-matplotlib"
pkgs_peers="android-libboringssl-dev"
[ "$(uname -m)" != x86_64 ] || pkgs_peers="$pkgs_peers libipsec-mb-dev"
pkgs_ct="valgrind gcc make"
pkgs_mca="llvm-19"

list_only=0
if [ "${1:-}" = --list ]; then
	list_only=1
	shift
fi
[ $# -gt 0 ] || set -- all

want=""
for g in "$@"; do
	case $g in
	build) want="$want $pkgs_build" ;;
	user) want="$want $pkgs_user" ;;
	matrix) want="$want $pkgs_matrix" ;;
	qemu) want="$want $pkgs_qemu" ;;
	ct) want="$want $pkgs_ct" ;;
	mca) want="$want $pkgs_mca" ;;
	pkg) want="$want $pkgs_pkg" ;;
	docs) want="$want $pkgs_docs" ;;
	plot) want="$want $pkgs_plot" ;;
	peers) want="$want $pkgs_peers" ;;
	all) want="$want $pkgs_build $pkgs_user $pkgs_matrix $pkgs_qemu $pkgs_pkg $pkgs_docs $pkgs_plot $pkgs_ct" ;;
	*)
		echo "deps.sh: unknown group '$g' (build user matrix qemu pkg docs plot peers ct all)" >&2
		exit 2
		;;
	esac
done
# shellcheck disable=SC2086
want=$(printf '%s\n' $want | sort -u)

if [ $list_only = 1 ]; then
	echo "$want"
	exit 0
fi

missing=""
for p in $want; do
	st=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
	case $st in
	ii*) ;;
	*) missing="$missing $p" ;;
	esac
done

if [ -z "$missing" ]; then
	echo "deps.sh: all $(echo "$want" | wc -l) packages for '$*' are installed" >&2
	exit 0
fi

echo "deps.sh: installing:$missing" >&2
sudo=""
if [ "$(id -u)" != 0 ]; then
	if ! command -v sudo >/dev/null || ! sudo -n true 2>/dev/null; then
		echo "deps.sh: need root to install:$missing" >&2
		exit 1
	fi
	sudo="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp /tmp/simdcrypt-deps.XXXXXX)
t0=$(date +%s)
# shellcheck disable=SC2086
if ! { $sudo apt-get update -q -o Acquire::Retries=3 &&
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -q -y \
		--no-install-recommends -o Acquire::Retries=3 $missing; } >"$log" 2>&1; then
	tail -30 "$log" >&2
	echo "deps.sh: apt-get failed (log: $log)" >&2
	exit 1
fi
echo "deps.sh: installed in $(($(date +%s) - t0)) s: $(grep -c '^Setting up' "$log") packages (log: $log)" >&2
