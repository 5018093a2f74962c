#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/initramfs.sh TARGET OUT.cpio.gz [-k MODULE.ko]... [-s GUEST_SCRIPT]
#                      [-f SRC[:DEST]]... [-m MODNAME]... [-x PROGRAM]...
#
# Builds a small busybox initramfs (cpio newc + gzip, ~2-4 MB) for booting
# one of Debian's stock kernels (scripts/qemu-kernels.sh TARGET) in QEMU:
#
#   /bin/busybox (+ applet links)  x86_64: the host's busybox-static;
#                                  arm64: busybox-static:arm64 from bookworm
#   /bin/afalg, /bin/finit,        test/afalg.c, test/finit.c, test/ktls.c,
#   /bin/ktls                      static for the target's architecture
#   /usr/sbin/PROGRAM              -x: a dynamically linked program from
#                                  Debian with the libraries it needs
#                                  (x86_64: the host's, found with ldd;
#                                  arm64: bookworm's arm64 packages, cached,
#                                  found through DT_NEEDED); today: ip
#                                  (iproute2), kcapi-dgst and kcapi-enc
#                                  (kcapi-tools)
#   /lib/modules/KVER/...          the kernel's own modules needed for the
#                                  tests (AF_ALG, tcrypt, the kernel's drivers
#                                  of our algorithms, adiantum + aes), with
#                                  their dependencies, decompressed, plus
#                                  modules.dep etc. (busybox modprobe and the
#                                  kernel's request_module work)
#   /etc/sc/kmods                  those modules in load order (for insmod),
#                                  except tcrypt: its path is in /etc/sc/tcrypt
#   /lib/extra/*.ko                -k modules (simdcrypt.ko)
#   /test.sh                       -s guest script, run by /init
#   /init                          mounts proc/sys/dev, runs /test.sh, prints
#                                  "SC-GUEST-DONE rc=N", powers off
#
# -m adds a module name or alias (e.g. crypto-sha3-256) to the default list.
# -x ip carries iproute2's ip (busybox's has no xfrm and no netns).
# Prints the path of the initramfs on stdout.

set -euo pipefail
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	echo "usage: $0 TARGET OUT.cpio.gz [-k MODULE.ko]... [-s SCRIPT] [-f SRC[:DEST]]... [-m MODNAME]... [-x PROGRAM]..." >&2
	exit 2
}
[ $# -ge 2 ] || usage
target=$1 out=$2
shift 2
extra_ko=() files=() script="" mods=() progs=()
while getopts "k:s:f:m:x:" o; do
	case $o in
	k) extra_ko+=("$OPTARG") ;;
	s) script=$OPTARG ;;
	f) files+=("$OPTARG") ;;
	m) mods+=("$OPTARG") ;;
	x) progs+=("$OPTARG") ;;
	*) usage ;;
	esac
done

eval "$("$here/qemu-kernels.sh" "$target")"	# SC_KVER SC_KROOT SC_MODDIR SC_KARCH

# ---- static tools for the guest's architecture --------------------------
bindir=$SC_TOP/build/qemu/bin
mkdir -p "$bindir"
case $SC_KARCH in
x86_64) cc=gcc ;;
arm64) cc=aarch64-linux-gnu-gcc ;;
esac
command -v $cc >/dev/null || sc_die "$cc not found (scripts/deps.sh installs it)"
for t in afalg finit ktls; do
	bin=$bindir/$t-$SC_KARCH
	stale=$([ -x "$bin" ] && find "$SC_TOP/test/$t.c" "$SC_TOP/test/vectors.h" \
		"$SC_TOP/test/report.h" "$SC_TOP/test/fdio.h" -newer "$bin" || echo missing)
	if [ -n "$stale" ]; then
		sc_log "initramfs: building $t for $SC_KARCH"
		$cc -O2 -Wall -Wextra -static -o "$bin.$$" "$SC_TOP/test/$t.c" && mv -f "$bin.$$" "$bin"
	fi
done

case $SC_KARCH in
x86_64)
	busybox=/bin/busybox	# busybox-static; ldd fails on a static binary
	[ -x $busybox ] && ! ldd $busybox >/dev/null 2>&1 ||
		sc_die "a static $busybox is needed: apt-get install busybox-static (scripts/deps.sh qemu)"
	;;
arm64)
	bbdir=$SC_CACHE/busybox/arm64
	if [ ! -x "$bbdir/root/bin/busybox" ]; then
		deb=$(sc_download bookworm arm64 "$bbdir" busybox-static)
		rm -rf "$bbdir/root"
		dpkg -x "$deb" "$bbdir/root"
	fi
	busybox=$bbdir/root/bin/busybox
	;;
esac

# ---- staging tree --------------------------------------------------------
stage=$(mktemp -d "${TMPDIR:-/tmp}/sc-initramfs.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,etc/sc,proc,sys,dev,tmp,root,lib/extra,lib/modules}
cp "$busybox" "$stage/bin/busybox"
ln -s busybox "$stage/bin/sh"
cp "$bindir/afalg-$SC_KARCH" "$stage/bin/afalg"
cp "$bindir/finit-$SC_KARCH" "$stage/bin/finit"
cp "$bindir/ktls-$SC_KARCH" "$stage/bin/ktls"
mkdir -p "$stage/run" "$stage/var" "$stage/usr/sbin"
ln -s ../run "$stage/var/run"

# ---- dynamically linked programs (-x) --------------------------------------
# prog_src NAME -> "PACKAGE PATH"
prog_src() {
	case $1 in
	ip) echo "iproute2 /bin/ip" ;;
	kcapi-dgst | kcapi-enc) echo "kcapi-tools /usr/bin/$1" ;;
	*) sc_die "-x $1: unknown program (known: ip kcapi-dgst kcapi-enc)" ;;
	esac
}

# arm64: PACKAGE and the library packages it needs, from bookworm
lib_closure() {
	local todo=("$1") seen=" " p d
	while [ ${#todo[@]} -gt 0 ]; do
		p=${todo[0]}
		todo=("${todo[@]:1}")
		case $seen in *" $p "*) continue ;; esac
		seen="$seen$p "
		for d in $(sc_apt_cache bookworm arm64 show "$p" 2>/dev/null |
			awk -F': ' '/^(Pre-)?Depends:/ {print $2}' | tr ',' '\n' | sed -E 's/^ *//; s/[ :|].*//'); do
			case $d in lib*|zlib1g) todo+=("$d") ;; esac
		done
	done
	echo "$seen"
}

# arm64_lib ROOT NAME: the path of library NAME in the unpacked tree ROOT
arm64_lib() {
	local d
	for d in "$1/lib/aarch64-linux-gnu" "$1/usr/lib/aarch64-linux-gnu"; do
		[ -e "$d/$2" ] && { echo "$d/$2"; return 0; }
	done
	return 1
}

carry_prog() {
	local name=$1 pkg path src lib interp root todo f
	read -r pkg path <<<"$(prog_src "$name")"
	case $SC_KARCH in
	x86_64)
		src=$path
		[ -x "$src" ] || sc_die "-x $name: $src missing: apt-get install $pkg (scripts/deps.sh qemu)"
		cp -L "$src" "$stage/usr/sbin/$name"
		for lib in $(ldd "$src" | grep -oE '/[^ ]+'); do
			mkdir -p "$stage/$(dirname "$lib")"
			[ -e "$stage/$lib" ] || cp -L "$lib" "$stage/$lib"
		done
		;;
	arm64)
		root=$SC_CACHE/progs/arm64/$pkg
		if [ ! -e "$root/.done" ]; then
			sc_apt_dir bookworm arm64 >/dev/null
			local pkgs
			pkgs=$(lib_closure "$pkg")
			sc_log "initramfs: fetching $pkg:arm64 and its libraries:$pkgs"
			# one apt-get for all (some 35 packages: one each takes minutes)
			rm -rf "$root/debs" "$root/root"
			mkdir -p "$root/debs"
			# shellcheck disable=SC2086
			(cd "$root/debs" && sc_apt bookworm arm64 download -q $pkgs >/dev/null) ||
				sc_die "apt-get download of $pkg:arm64 and its libraries failed"
			for f in "$root"/debs/*.deb; do dpkg -x "$f" "$root/root"; done
			rm -rf "$root/debs"
			touch "$root/.done"
		fi
		src=$root/root$path
		[ -f "$src" ] || sc_die "-x $name: no $path in $pkg:arm64"
		cp -L "$src" "$stage/usr/sbin/$name"
		interp=$(readelf -l "$src" | sed -n 's/.*interpreter: \(.*\)]$/\1/p')
		mkdir -p "$stage/$(dirname "$interp")" "$stage/lib/aarch64-linux-gnu"
		src=$(arm64_lib "$root/root" "$(basename "$interp")") ||
			sc_die "-x $name: no $interp in the $pkg:arm64 closure"
		cp -L "$src" "$stage/$interp"
		todo=("$stage/usr/sbin/$name")
		while [ ${#todo[@]} -gt 0 ]; do
			f=${todo[0]}
			todo=("${todo[@]:1}")
			for lib in $(readelf -d "$f" | sed -n 's/.*Shared library: \[\(.*\)\]$/\1/p'); do
				[ -e "$stage/lib/aarch64-linux-gnu/$lib" ] && continue
				src=$(arm64_lib "$root/root" "$lib") ||
					sc_die "-x $name: $lib not found in the $pkg:arm64 closure"
				cp -L "$src" "$stage/lib/aarch64-linux-gnu/$lib"
				todo+=("$src")
			done
		done
		;;
	esac
}
for p in "${progs[@]}"; do carry_prog "$p"; done

# The kernel's modules: AF_ALG, tcrypt, and whatever provides (or backs)
# our algorithms in this kernel, resolved like the kernel's request_module.
defmods=(af_alg algif_hash algif_skcipher algif_aead tcrypt
	crypto-chacha20 crypto-xchacha20 crypto-xchacha12 crypto-poly1305
	crypto-sha3-224 crypto-sha3-256 crypto-sha3-384 crypto-sha3-512
	crypto-adiantum crypto-aes crypto-nhpoly1305 crypto-rfc7539 crypto-chacha20poly1305)
kdst=$stage/lib/modules/$SC_KVER
mkdir -p "$kdst"
: >"$stage/etc/sc/kmods"
declare -A seen=()
for m in "${defmods[@]}" "${mods[@]}"; do
	deps=$(modprobe -d "$SC_KROOT" -S "$SC_KVER" --show-depends "$m" 2>/dev/null) || continue
	while read -r verb path _; do
		[ "$verb" = insmod ] || continue
		rel=${path#"$SC_MODDIR"/}
		[ "$rel" != "$path" ] || rel=${path#"$SC_KROOT"/usr/lib/modules/"$SC_KVER"/}
		[ -z "${seen[$rel]:-}" ] || continue
		seen[$rel]=1
		plain=${rel%.xz}; plain=${plain%.zst}; plain=${plain%.gz}
		mkdir -p "$kdst/$(dirname "$plain")"
		case $rel in
		*.xz) xz -dc "$path" >"$kdst/$plain" ;;
		*.zst) zstd -qdc "$path" >"$kdst/$plain" ;;
		*.gz) gzip -dc "$path" >"$kdst/$plain" ;;
		*) cp "$path" "$kdst/$plain" ;;
		esac
		# tcrypt runs its tests from init: load it on purpose only
		case $plain in
		*/tcrypt.ko) echo "/lib/modules/$SC_KVER/$plain" >"$stage/etc/sc/tcrypt" ;;
		*) echo "/lib/modules/$SC_KVER/$plain" >>"$stage/etc/sc/kmods" ;;
		esac
	done <<<"$deps"
done
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ -f "$SC_MODDIR/$f" ] && cp "$SC_MODDIR/$f" "$kdst/"
done
depmod -b "$stage" "$SC_KVER" 2>/dev/null || sc_log "initramfs: depmod on the staging tree failed (autoload off)"

for ko in "${extra_ko[@]}"; do
	[ -f "$ko" ] || sc_die "no such module: $ko"
	cp "$ko" "$stage/lib/extra/"
done
for f in "${files[@]}"; do
	src=${f%%:*} dst=${f#*:}
	[ "$dst" != "$f" ] || dst=/root/$(basename "$src")
	mkdir -p "$stage/$(dirname "$dst")"
	cp "$src" "$stage/$dst"
done
if [ -n "$script" ]; then
	cp "$script" "$stage/test.sh"
else
	printf '#!/bin/sh\ncat /proc/version\n' >"$stage/test.sh"
fi
chmod +x "$stage/test.sh"
echo "$SC_KVER" >"$stage/etc/sc/kver"
echo "$SC_KARCH" >"$stage/etc/sc/arch"

cat >"$stage/init" <<'EOF'
#!/bin/sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmp /tmp
ln -s /bin/modprobe /sbin/modprobe
echo /sbin/modprobe >/proc/sys/kernel/modprobe
export PATH=/bin:/sbin HOME=/root
cd /root
echo "SC-GUEST-START $(uname -r) $(uname -m)"
/bin/sh /test.sh
echo "SC-GUEST-DONE rc=$?"
sync
poweroff -f
EOF
chmod +x "$stage/init"

mkdir -p "$(dirname "$out")"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$out.tmp"
mv "$out.tmp" "$out"
sc_log "initramfs: $out ($(du -h "$out" | cut -f1), $(wc -l <"$stage/etc/sc/kmods") kernel modules, kernel $SC_KVER)"
echo "$out"
