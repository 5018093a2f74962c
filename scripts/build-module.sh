#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-module.sh TARGET [SRC_DIR] [OUT_DIR] [MAKE_ARG...]
#
# Builds the out-of-tree kernel module(s) in SRC_DIR for TARGET (see
# `scripts/headers.sh --list`: x86_64-6.1 x86_64-6.12 x86_64-7.3 arm64-6.1
# arm64-6.12 arm64-7.3). TARGET may also be the absolute path of a
# prepared kernel tree (e.g. a UML or KUnit kernel's build directory): then
# it builds on the host against it as is (pass ARCH=um etc. as MAKE_ARG;
# default OUT_DIR build/kdir-<path>).
#
#   SRC_DIR  directory with the module's Kbuild (default: the repo root).
#            "" means the default. It may be a subdirectory of a git
#            checkout (e.g. kunit/): then the whole checkout is copied and
#            the build runs in the matching subdirectory, so Kbuild files
#            may refer to ../generic/*.c and the like.
#   OUT_DIR  where the copy is made and built (default: build/TARGET under
#            the repo root; "" means the default). It mirrors the source
#            tree: the repo root's modules end up as OUT_DIR/simdcrypt.ko,
#            kunit/'s as OUT_DIR/kunit/*.ko. Rebuilds are incremental
#            (mtimes are kept; files deleted from the checkout are deleted
#            from the copy).
#   MAKE_ARG extra arguments for kbuild's make, e.g. C=2, KCFLAGS=-DFOO,
#            or a target such as clean. W=1 is always passed, and
#            SIMDCRYPT_TEST=1 (the test flavour, with test_corrupt=) unless
#            a MAKE_ARG sets SIMDCRYPT_TEST= itself (SIMDCRYPT_TEST=0 builds
#            what `make` and DKMS ship). For a module
#            in a subdirectory, KBUILD_EXTRA_SYMBOLS=OUT_DIR/Module.symvers
#            is added when the top module was built into OUT_DIR before
#            (kunit/ links against simdcrypt.ko's exports).
#
# Environment: SC_KVER=RELEASE builds against exactly that kernel release
# (see headers.sh), e.g. the one scripts/qemu-kernels.sh boots, so that
# symbol CRCs match it; pass a distinct OUT_DIR when you use it.
#
# What is copied: for a git checkout, `git ls-files -co --exclude-standard`
# (tracked files and untracked files that are not ignored); otherwise every
# file but kbuild outputs and build/.
#
# How it builds: `make -C KDIR M=COPY W=1 -jN [ARCH=arm64
# CROSS_COMPILE=aarch64-linux-gnu-] MAKE_ARG...`, with the header tree from
# scripts/headers.sh; for 6.12/7.3 inside the trixie build root (chroot,
# in a private mount namespace with the copy bind-mounted at /build/mod and
# /proc mounted; nothing stays mounted afterwards).
#
# Output on stdout (stable, one per line, for `eval` or grep):
#   LOG=/abs/path/build.log     complete make output (always printed)
#   KO=/abs/path/simdcrypt.ko   one line per .ko in the built directory
# Progress goes to stderr. Exit status: 0 when make succeeded, non-zero
# otherwise (the log's tail is shown on stderr). Warnings do NOT fail
# the build here; scripts/check-build.sh treats them as failures.
# Concurrent calls with the same OUT_DIR are serialized (flock).
# Requires root for the 6.12/7.3 targets (chroot, mount namespaces).

set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

target=${1:?usage: build-module.sh TARGET [SRC_DIR] [OUT_DIR] [MAKE_ARG...]}
src=${2:-$SC_TOP}
case $target in
/*) out=${3:-$SC_TOP/build/kdir$(printf '%s' "$target" | tr -c 'A-Za-z0-9._+\n' '-')} ;;
*) out=${3:-$SC_TOP/build/$target} ;;
esac
shift $(($# < 3 ? $# : 3))

[ -f "$src/Kbuild" ] || [ -f "$src/Makefile" ] || sc_die "$src has no Kbuild or Makefile"
src=$(cd "$src" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)

# Source tree to copy (top) and the module's place in it (rel).
if top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null); then
	rel=${src#"$top"}
	rel=${rel#/}
	is_git=1
else
	top=$src rel="" is_git=0
fi
if [ $is_git = 1 ]; then
	case $out/ in
	"$top"/*)
		git -C "$top" check-ignore -q "${out#"$top"/}/" ||
			sc_die "OUT_DIR $out is inside the checkout but not git-ignored"
		;;
	esac
fi

if [ "${target#/}" != "$target" ]; then
	# A prepared kernel tree given by path: build on the host, as is.
	[ -f "$target/Makefile" ] || sc_die "$target is not a kernel tree (no Makefile)"
	KDIR=$target CHROOT="" MAKE_ARGS="" KVER=$(cat "$target/include/config/kernel.release" 2>/dev/null || echo "?")
else
	hdr=$("$here/headers.sh" "$target") || sc_die "headers.sh $target failed"
	eval "$hdr"
fi

exec 8>"$out.lock"
flock 8

# --- copy the sources -------------------------------------------------------
manifest="$out/.simdcrypt-files"
newlist=$(mktemp)
trap 'rm -f "$newlist"' EXIT
if [ $is_git = 1 ]; then
	git -C "$top" ls-files -co --exclude-standard -z |
		while IFS= read -r -d '' f; do
			if [ -f "$top/$f" ]; then printf '%s\0' "$f"; fi
		done >"$newlist"
else
	(cd "$top" && find . \( -path ./build -o -name .git -o -path "./${out#"$top"/}" \) -prune -o \
		-type f ! \( -name '*.o' -o -name '*.ko' -o -name '*.cmd' -o -name '*.mod' \
		-o -name '*.mod.c' -o -name '*.a' -o -name modules.order \
		-o -name Module.symvers -o -name '*.log' \) -printf '%P\0') >"$newlist"
fi
if [ -f "$manifest" ]; then
	# Remove files that left the source tree (and what kbuild made of them
	# stays harmless: object lists come from Kbuild).
	comm -z -23 <(sort -z "$manifest") <(sort -z "$newlist") |
		(cd "$out" && xargs -0 -r rm -f --)
fi
tar -C "$top" --null -T "$newlist" -cf - | tar -C "$out" -xpf - ||
	sc_die "copying $top to $out failed"
cp "$newlist" "$manifest"

moddir=$out${rel:+/$rel}
log=$out/build${rel:+-${rel//\//-}}.log
jobs=$(nproc 2>/dev/null || echo 2)

# --- build ------------------------------------------------------------------
# shellcheck disable=SC2206
margs=(W=1 -j"$jobs" SIMDCRYPT_TEST=1 $MAKE_ARGS)
# A module in a subdirectory (kunit/) that links against the top module
# gets the top module's symbols when that was built into this OUT_DIR.
if [ -n "$rel" ] && [ -f "$out/Module.symvers" ] &&
	! printf '%s\n' "$@" | grep -q '^KBUILD_EXTRA_SYMBOLS='; then
	if [ -z "$CHROOT" ]; then
		margs+=("KBUILD_EXTRA_SYMBOLS=$out/Module.symvers")
	else
		margs+=("KBUILD_EXTRA_SYMBOLS=/build/mod/Module.symvers")
	fi
fi
margs+=("$@")
# The build must not depend on the caller's make or shell: an outer
# `make -jN` passes its jobserver in MAKEFLAGS (the inner -j then warns),
# and ARCH/CROSS_COMPILE/KBUILD_OUTPUT would retarget it.
unset MAKEFLAGS MFLAGS GNUMAKEFLAGS MAKELEVEL MAKEOVERRIDES ARCH CROSS_COMPILE \
	KBUILD_OUTPUT O KBUILD_EXTMOD
sc_log "build: $target ($KVER) in $moddir"
t0=$(date +%s)
rc=0
if [ -z "$CHROOT" ]; then
	make -C "$KDIR" M="$moddir" "${margs[@]}" >"$log" 2>&1 || rc=$?
else
	[ "$(id -u)" = 0 ] || sc_die "$target builds in a chroot: needs root"
	# shellcheck disable=SC2016 # $1.. expand in the inner shell
	unshare --mount --propagation private -- /bin/sh -ec '
		root=$1 out=$2; shift 2
		mount --bind "$out" "$root/build/mod"
		mount -t proc proc "$root/proc"
		exec chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LANG=C.UTF-8 "$@"
	' sh "$CHROOT" "$out" make -C "$KDIR" M="/build/mod${rel:+/$rel}" "${margs[@]}" \
		>"$log" 2>&1 || rc=$?
fi
echo "LOG=$log"
if [ $rc != 0 ]; then
	tail -25 "$log" >&2
	sc_log "build: $target FAILED (make exit $rc) after $(($(date +%s) - t0)) s; log: $log"
	exit $rc
fi
sc_log "build: $target done in $(($(date +%s) - t0)) s"
find "$moddir" -maxdepth 1 -name '*.ko' -printf 'KO=%p\n' | sort
