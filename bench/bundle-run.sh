#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run.sh of a bench bundle (`make bench-bundle` builds one in
# build/bench-bundle/): the userspace harness, then `make bench`'s program,
# on a machine that has neither the sources nor the build tools, with the
# OpenSSL, libsodium, ipsec-mb and BoringSSL libraries the bundle carries.
# Copy the whole folder there and run this from the folder the results
# should go to:
#
#   run.sh [--quick] [--avx2]
#
# It writes RESULTS-<cpu>.md and results-<cpu>.csv (vendor, family and
# model, as make bench names them) and the harness's logs; --avx2 adds the
# run as if the CPU had AVX2 only (RESULTS-<cpu>-as-avx2.md), for x86_64
# CPUs that have more.  --quick: the harness's quick passes and one
# algorithm at 0.01 s a point (scripts/bench-bundle.sh --check runs that).
# A failed case stops it; a failed dispatch check is reported in RESULTS
# and by the exit status, after everything has run.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# BoringSSL by file name, found in its own folder on the library path:
# the report names the library as given, and this folder's path is the
# machine's, not the project's (its soname differs from OpenSSL's 3)
if [ -f "$here/lib/boringssl/libcrypto.so.0" ]; then
	LD_LIBRARY_PATH="$here/lib/boringssl:$LD_LIBRARY_PATH"
	SC_BORINGSSL_LIB=libcrypto.so.0
	export SC_BORINGSSL_LIB
fi
export LD_LIBRARY_PATH

quick=
avx2=
for arg in "$@"; do
	case $arg in
	--quick) quick=1 ;;
	--avx2) avx2=1 ;;
	*) echo "usage: $0 [--quick] [--avx2]" >&2; exit 2 ;;
	esac
done

rev=$(cat "$here/REVISION" 2>/dev/null || echo unknown)

# $1: program, $2: log; the program's last line is its count
tests() {
	if ! "$here/bin/$1" ${quick:+--quick} > "$2" 2>&1; then
		grep '^FAIL' "$2" | head -n 20
		echo "$1: FAILED (last line: $(tail -n 1 "$2")); see $2" >&2
		exit 1
	fi
	echo "$1: $(tail -n 1 "$2")"
}

tests harness log-harness
tests keccakx log-keccakx

# $1: the command line the report names
bench() {
	if [ -n "$quick" ]; then
		set -- "$1" --algs chacha20 --time 0.01
	else
		set -- "$1"
	fi
	name=$1
	shift
	"$here/bin/simdcrypt-bench" --csv 'results-%cpu.csv' \
		--md 'RESULTS-%cpu.md' --cmd "$name (bench bundle of $rev)" "$@"
}

rc=0
bench "make bench" || rc=$?
if [ -n "$avx2" ]; then
	SC_CPU_MASK=avx2 bench "SC_CPU_MASK=avx2 make bench" || rc=$?
fi
exit "$rc"
