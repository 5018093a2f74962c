#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/qemu-kernels.sh TARGET
#
# Fetch one of Debian's stock kernels (image + module tree) for booting
# under QEMU, and cache it under $SC_CACHE/kernels/. Nothing is installed
# system-wide: the .debs are `apt-get download`ed through the private apt
# configuration of scripts/lib.sh and unpacked with `dpkg -x`.
#
#   TARGET        suite             arch   metapackage
#   x86_64-6.1    bookworm          amd64  linux-image-amd64
#   x86_64-6.12   trixie            amd64  linux-image-amd64
#   x86_64-7.3    trixie-backports  amd64  linux-image-amd64
#   arm64-6.1     bookworm          arm64  linux-image-arm64
#   arm64-6.12    trixie            arm64  linux-image-arm64
#   arm64-7.3     trixie-backports  arm64  linux-image-arm64
#
# The kernel version is resolved at run time from the suite's metapackage,
# never hard-coded. If the package lists cannot be refreshed (offline), the
# last kernel fetched for TARGET is used with a warning.
#
# Prints shell assignments on stdout (eval-able):
#   SC_KVER=...      kernel release, e.g. 6.1.0-50-amd64
#   SC_VMLINUZ=...   path of the kernel image
#   SC_KROOT=...     root of the unpacked tree (modprobe -d / depmod -b)
#   SC_MODDIR=...    $SC_KROOT/lib/modules/$SC_KVER (depmod done)
#   SC_KARCH=...     x86_64 | arm64
# Progress goes to stderr.

set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $0 {x86_64-6.1|x86_64-6.12|x86_64-7.3|arm64-6.1|arm64-6.12|arm64-7.3}" >&2; exit 2; }
[ $# -eq 1 ] || usage
target=$1

case $target in
x86_64-6.1)  suite=bookworm;         arch=amd64; karch=x86_64 ;;
x86_64-6.12) suite=trixie;           arch=amd64; karch=x86_64 ;;
x86_64-7.3)  suite=trixie-backports; arch=amd64; karch=x86_64 ;;
arm64-6.1)   suite=bookworm;         arch=arm64; karch=arm64 ;;
arm64-6.12)  suite=trixie;           arch=arm64; karch=arm64 ;;
arm64-7.3)   suite=trixie-backports; arch=arm64; karch=arm64 ;;
*) usage ;;
esac
meta=linux-image-$arch
kdir=$SC_CACHE/kernels/$target

# Depends: field of PKG (the candidate version in the private suite)
pkg_depends() {
	sc_apt_cache "$suite" "$arch" show "$1" 2>/dev/null |
		awk -F': ' '/^Depends:/ {print $2; exit}'
}

resolve() {
	local deps img kver
	deps=$(sc_meta_dep "$suite" "$arch" "$meta") || return 1
	# linux-image-6.1.0-50-amd64, linux-image-7.3.4+deb13-amd64, ...
	img=$(printf '%s\n' "$deps" | tr ',' '\n' | sed -E 's/^ *//; s/ .*//' |
		grep -E "^linux-image-[0-9].*-$arch(-unsigned)?\$" | head -1)
	[ -n "$img" ] || return 1
	kver=${img#linux-image-}
	kver=${kver%-unsigned}
	# Split packages (7.x): linux-image-KVER is a metapackage depending on
	# linux-binary-KVER (vmlinuz) and linux-modules-KVER (the tree).
	local pkgs=("$img") d
	for d in $(pkg_depends "$img" | tr ',' '\n' | sed -E 's/^ *//; s/ .*//'); do
		case $d in
		linux-binary-"$kver"|linux-modules-"$kver"|linux-base-"$kver") pkgs+=("$d") ;;
		esac
	done
	echo "$kver ${pkgs[*]}"
}

mkdir -p "$kdir"
if res=$(resolve) && [ -n "$res" ]; then
	read -r kver pkgs <<<"$res"
	echo "$kver" >"$kdir/latest"
else
	[ -s "$kdir/latest" ] || sc_die "$target: cannot resolve $meta in $suite ($arch) and nothing cached"
	kver=$(cat "$kdir/latest")
	pkgs=
	sc_log "$target: package lists unavailable, using cached kernel $kver"
fi

root=$kdir/$kver/root
stamp=$kdir/$kver/.done
if [ ! -e "$stamp" ]; then
	[ -n "$pkgs" ] || sc_die "$target: $kver not unpacked and its packages are unknown"
	sc_log "$target: fetching Debian kernel $kver ($suite, $arch): $pkgs"
	debdir=$kdir/$kver/debs
	# shellcheck disable=SC2086
	debs=$(sc_download "$suite" "$arch" "$debdir" $pkgs)
	rm -rf "$root"; mkdir -p "$root"
	for deb in $debs; do
		sc_log "$target: unpacking $(basename "$deb")"
		dpkg -x "$deb" "$root"
	done
	# Newer packages ship /usr/lib/modules only (merged /usr); modprobe -d
	# and depmod -b want ROOT/lib/modules.
	if [ ! -e "$root/lib/modules/$kver" ] && [ -d "$root/usr/lib/modules/$kver" ]; then
		mkdir -p "$root/lib/modules"
		ln -s "../../usr/lib/modules/$kver" "$root/lib/modules/$kver"
	fi
	[ -d "$root/lib/modules/$kver/kernel" ] || sc_die "$target: no module tree in the $kver packages"
	sc_log "$target: depmod $kver"
	depmod -b "$root" "$kver"
	rm -rf "$debdir"	# the unpacked tree is the cache; keep the disk small
	touch "$stamp"
	# Debian moved on: drop the kernels of this target it no longer ships
	for old in "$kdir"/*/; do
		old=${old%/}
		[ "${old##*/}" = "$kver" ] || { sc_log "$target: removing superseded ${old##*/}"; rm -rf "$old"; }
	done
fi

vmlinuz=
for f in "$root/boot/vmlinuz-$kver" "$root/usr/lib/linux/vmlinuz-$kver" "$root/boot/vmlinux-$kver"; do
	[ -f "$f" ] && { vmlinuz=$f; break; }
done
[ -n "$vmlinuz" ] || vmlinuz=$(find "$root" -name "vmlinuz*" -type f | head -1)
[ -n "$vmlinuz" ] || sc_die "$target: no kernel image found in $root"

printf 'SC_KVER=%q\nSC_VMLINUZ=%q\nSC_KROOT=%q\nSC_MODDIR=%q\nSC_KARCH=%q\n' \
	"$kver" "$vmlinuz" "$root" "$root/lib/modules/$kver" "$karch"
