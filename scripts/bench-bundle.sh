#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-bundle: the userspace harness (test/) and make bench's program
# (bench/) with the shared libraries they link beyond the C library
# (OpenSSL, libsodium, ipsec-mb where present) and BoringSSL, in
# build/bench-bundle/, for measuring a CPU on a machine without the sources
# or the build tools.  Copy the folder to a machine of the same
# architecture whose C library is this one's or newer and run its run.sh
# (bench/bundle-run.sh): it writes that CPU's RESULTS-<cpu>.md, to be added
# to bench/ beside the others.
#
#   scripts/bench-bundle.sh          the bundle, with every peer
#   scripts/bench-bundle.sh --check  the bundle with the peers the tests
#                                    need, run.sh --quick from a scratch
#                                    folder (part of make check-user)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

check=
case ${1:-} in
--check) check=1 ;;
"") ;;
*) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if [ -n "$check" ]; then
	scripts/deps.sh user
else
	scripts/deps.sh user peers
fi
make -s -C test build
make -s -C bench all

out=build/bench-bundle
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib"
cp test/out/release/harness test/out/release/keccakx \
	bench/out/simdcrypt-bench "$out/bin/"
cp bench/bundle-run.sh "$out/run.sh"
git describe --always --dirty > "$out/REVISION" 2>/dev/null ||
	echo unknown > "$out/REVISION"

# what the programs load beyond the C library (its loader included)
libs=$(ldd "$out"/bin/*)
if grep 'not found' <<< "$libs"; then
	echo "bench-bundle: a library the programs link is missing" >&2
	exit 1
fi
awk '$2 == "=>" && $3 ~ /^\// { print $3 }' <<< "$libs" | sort -u |
while read -r lib; do
	case ${lib##*/} in
	libc.so.* | libm.so.* | libdl.so.* | libpthread.so.* | librt.so.* | \
	ld-linux*) ;;
	*) cp -L "$lib" "$out/lib/" ;;
	esac
done
boring=$(make -s -C bench print-boringssl)
if [ -n "$boring" ] && [ -f "$boring" ]; then
	mkdir -p "$out/lib/boringssl"
	cp -L "$boring" "$out/lib/boringssl/libcrypto.so.0"
fi

if [ -z "$check" ]; then
	echo "bench bundle in $out ($(du -sh "$out" | cut -f1)): copy it to the" \
		"machine to measure and run its run.sh [--avx2] there"
	exit 0
fi

# The check: run.sh --quick from elsewhere, then what it must have written.
# Its lines are summarised, not repeated: the harness's own count line
# must stay the last count of make check-user.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
rc=0
(cd "$scratch" && "$top/$out/run.sh" --quick) > "$scratch/log" 2>&1 || rc=$?
# a failed dispatch check at 0.01 s a point is noise (exit 1); anything
# else is not
h=$(sed -n 's/^harness: \([0-9]*\) passed, 0 failed$/\1/p' "$scratch/log")
k=$(sed -n 's/^keccakx: \([0-9]*\) passed, 0 failed$/\1/p' "$scratch/log")
md=$(find "$scratch" -maxdepth 1 -name 'RESULTS-*.md' | head -n 1)
if [ "$rc" -gt 1 ] || [ -z "$h" ] || [ -z "$k" ] || [ -z "$md" ] ||
   ! grep -q '^### Dispatch checks' "$md" ||
   ! grep -q '^| best |' "$md"; then
	sed 's/^/  | /' "$scratch/log" | tail -n 30
	echo "bench bundle: FAILED (run.sh --quick exit $rc)"
	exit 1
fi
echo "bench bundle: run.sh --quick from a scratch folder: harness $h and" \
	"keccakx $k cases without a failure, ${md##*/} written"
