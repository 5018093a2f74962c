#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-build.sh [TARGET...]
#
# The kernel build matrix (`make check-build`). For each TARGET (default:
# x86_64-6.1 x86_64-6.12 x86_64-7.3 arm64-6.1, or $SC_BUILD_TARGETS;
# `all` means every target of `scripts/headers.sh --list`, which adds
# arm64-6.12 and arm64-7.3, built in a second build root with gcc-14 for
# aarch64) it builds the module from scratch with W=1 through
# scripts/build-module.sh and fails the target on any line of the build
# log that contains `warning:` (any case, so modpost's `WARNING:` counts)
# or `objtool:`, printing those lines. When x86_64-6.1 is in the list it
# also runs one sparse pass (C=2) there, failing on sparse `warning:` /
# `error:` lines that point into our sources (kernel headers' own sparse
# noise is not ours and is ignored).
#
# The matrix builds the default flavour (what `make` and DKMS ship). For the
# first target that builds, check `flavour-TARGET` also builds the test
# flavour (SIMDCRYPT_TEST=1, what every test layer loads) with W=1 and checks
# that only it has the test knob: `modinfo -p` lists test_corrupt and
# `strings` finds "corrupt" in the test module, neither in the default one.
# For each x86_64 target, `stores-TARGET` checks that the module's .text has
# no `rep stos` (asm/x86/cflags.mk; `.cold` fragments aside). For every
# target, `kunit-TARGET` compiles the KUnit module (kunit/) against the
# test flavour with W=1 and fails on any compiler warning or error: the
# test layers load it on 7.3 only, and compat/kunit.h keeps it building on
# the older kernels. Distribution kernels have no CONFIG_KUNIT, so modpost
# runs with KBUILD_MODPOST_WARN=1 and its unresolved-symbol lines are not
# counted (the 7.3 layers link and load the module).
# Once, whatever the targets, `checkpatch` runs scripts/checkpatch.sh: the
# newest stable kernel's checkpatch.pl over the module's C, failing on any
# hit outside the few types that script ignores (and says why), and
# `shellcheck` runs shellcheck (warnings and errors) over every shell
# script git tracks, following what they source.
#
# Output: one line per check, `PASS|FAIL|SKIP  NAME  (details)`, then
# exactly `N passed, N failed` (SKIP counts as failed). Exit status 0 only
# when everything passed.
#
# A target whose headers cannot be prepared (no network, no mmdebstrap,
# not root) is reported as SKIP with the reason.
#
# Environment:
#   SC_SRC        module source directory (default: the repo root)
#   SC_BUILD_TARGETS  default target list (space separated)
#   SC_CHECK_OUT  where the per-target copies are built
#                 (default: build/check under the repo root)
#   SC_CACHE      cache (default /var/cache/simdcrypt)
# Logs: $SC_CHECK_OUT/TARGET/build.log (W=1), .../sparse.log (C=2). Builds
# in the build root see the copy as /build/mod; reported lines show the
# host path.

set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

src=${SC_SRC:-$SC_TOP}
outbase=${SC_CHECK_OUT:-$SC_TOP/build/check}
# shellcheck disable=SC2086
[ $# -gt 0 ] || set -- ${SC_BUILD_TARGETS:-x86_64-6.1 x86_64-6.12 x86_64-7.3 arm64-6.1}
if [ "$*" = all ]; then
	# shellcheck disable=SC2046
	set -- $("$here/headers.sh" --list)
fi

# One matrix run at a time per output directory (it starts from scratch).
mkdir -p "$outbase"
exec 7>"$outbase/.lock"
flock 7

passed=0 failed=0
results=()
result() { # STATUS NAME DETAIL
	results+=("$(printf '%-4s  %-18s %s' "$1" "$2" "$3")")
	if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
	printf '%-4s  %-18s %s\n' "$1" "$2" "$3"
}

# Lines that fail a W=1 build (a missing log is one: grep would find no
# warning in it).
bad_lines() {
	if [ -z "$1" ] || [ ! -f "$1" ]; then
		echo "no build log '$1' to look for warnings in"
		return 0
	fi
	grep -aiE 'warning:|objtool:' "$1" | awk '!seen[$0]++' || true
}

# Sparse lines that point into the module copy OUT: "FILE:LINE:COL: warning:"
# where FILE is absolute under OUT (host builds use M=OUT), or relative and
# not part of the kernel tree.
sparse_lines() {
	local log=$1 out=$2
	grep -aE '^[^ :]+:[0-9]+:([0-9]+:)? +(warning|error):' "$log" |
		awk -v out="$out/" '{
			f = $0; sub(/:.*/, "", f)
			if (index(f, out) == 1 || (f !~ /^\// && f !~ /^(\.\/)?(arch|include|scripts)\//)) print
		}' | awk '!seen[$0]++' || true
}

# The test knob: present in the test flavour only (modinfo -p and strings).
knob_traces() { # KO -> "P S": parameter listed (0/1), strings hits
	local p=0 s
	modinfo -p "$1" 2>/dev/null | grep -q '^test_corrupt:' && p=1
	s=$(strings -a "$1" | grep -ci corrupt || true)
	echo "$p $s"
}
flavour_done=""

# asm/x86/cflags.mk: GCC must not clear or wipe with `rep stos`, about 30
# cycles to start, in the module's running text (.text; `.cold` fragments
# are error paths, init code is elsewhere).  x86_64 targets only.
stores_check() { # TARGET KO
	local t=$1 ko=$2 fns
	case $t in x86_64-*) ;; *) return 0 ;; esac
	if ! fns=$(objdump -d -j .text --no-show-raw-insn "$ko" |
		awk '/^[0-9a-f]+ <.*>:$/ { f = $2 } /\trep stos/ && f !~ /\.cold>:$/ { print f }' |
		sort -u); then
		result FAIL "stores-$t" "objdump failed on $ko"
	elif [ -n "$fns" ]; then
		result FAIL "stores-$t" "rep stos in $(printf '%s\n' "$fns" | tr -d '<>:' | tr '\n' ' ')(asm/x86/cflags.mk not applied?)"
	else
		result PASS "stores-$t" "no rep stos in .text outside .cold fragments"
	fi
}
kunit_check() { # TARGET
	local t=$1 kout=$outbase/$1-kunit t0 bad log
	t0=$(date +%s)
	rm -rf "$kout"
	if ! "$here/build-module.sh" "$t" "$src" "$kout" SIMDCRYPT_TEST=1 >/dev/null 2>&1; then
		result FAIL "kunit-$t" "the test flavour does not build (log: $kout/build.log)"
		return
	fi
	if ! bm=$("$here/build-module.sh" "$t" "$src/kunit" "$kout" SIMDCRYPT_TEST=1 \
		KBUILD_MODPOST_WARN=1 2>/dev/null); then
		log=$(printf '%s\n' "$bm" | sed -n 's/^LOG=//p')
		{ grep -aE 'error' "${log:-/dev/null}" || true; } | awk '!seen[$0]++' |
			head -20 | sed "s|/build/mod/|$kout/|g; s/^/    /"
		result FAIL "kunit-$t" "the KUnit module does not compile (log: ${log:-none})"
		return
	fi
	log=$(printf '%s\n' "$bm" | sed -n 's/^LOG=//p')
	bad=$(bad_lines "$log" | grep -av 'modpost:' || true)
	if [ -n "$bad" ]; then
		printf '%s\n' "$bad" | sed "s|/build/mod/|$kout/|g; s/^/    /"
		result FAIL "kunit-$t" "$(printf '%s\n' "$bad" | wc -l) warning lines (log: $log)"
	else
		result PASS "kunit-$t" "the KUnit module compiles, W=1, $(($(date +%s) - t0)) s"
	fi
}
flavour_check() { # TARGET DEFAULT_KO
	local t=$1 dko=$2 tout=$outbase/$1-test t0 tko bad d tr dns tns
	t0=$(date +%s)
	rm -rf "$tout"
	if ! bm=$("$here/build-module.sh" "$t" "$src" "$tout" SIMDCRYPT_TEST=1 2>/dev/null); then
		result FAIL "flavour-$t" "the test flavour does not build (log: $tout/build.log)"
		return
	fi
	tko=$tout/simdcrypt.ko
	bad=$(bad_lines "$tout/build.log")
	read -r -a d <<<"$(knob_traces "$dko")"
	read -r -a tr <<<"$(knob_traces "$tko")"
	# the test hooks' exports (compat/export.h), test flavour only
	dns=$(grep -c 'SIMDCRYPT_INTERNAL' "$(dirname "$dko")/Module.symvers" || true)
	tns=$(grep -c 'SIMDCRYPT_INTERNAL' "$tout/Module.symvers" || true)
	if [ -n "$bad" ]; then
		printf '%s\n' "$bad" | sed 's/^/    /'
		result FAIL "flavour-$t" "the test flavour has warning/objtool lines"
	elif [ "${d[0]}" != 0 ] || [ "${d[1]}" != 0 ]; then
		result FAIL "flavour-$t" "the default build has the test knob (modinfo -p: ${d[0]}, strings: ${d[1]} hits)"
	elif [ "${tr[0]}" != 1 ] || [ "${tr[1]}" = 0 ]; then
		result FAIL "flavour-$t" "the test flavour lacks test_corrupt= (modinfo -p: ${tr[0]}, strings: ${tr[1]} hits)"
	elif [ "$dns" != 0 ] || [ "$tns" = 0 ]; then
		result FAIL "flavour-$t" "SIMDCRYPT_INTERNAL exports: default build $dns (want 0), test flavour $tns (want some)"
	else
		result PASS "flavour-$t" "default: no test_corrupt (modinfo -p, strings), no test hook exported; test flavour: has both ($tns hooks); $(($(date +%s) - t0)) s"
	fi
}

for t in "$@"; do
	out=$outbase/$t
	errf=$(mktemp)
	t0=$(date +%s)
	# Headers first: a failure here means the machine cannot build this
	# target at all (network, root, tools): SKIP, not FAIL.
	rc=0
	hdr=$("$here/headers.sh" "$t" 2>"$errf") || rc=$?
	cat "$errf" >&2
	if [ $rc != 0 ]; then
		result SKIP "$t" "headers unavailable: $(grep -a ERROR "$errf" | tail -1 | sed 's/.*ERROR: //')"
		rm -f "$errf"
		continue
	fi
	if printf '%s\n' "$hdr" | grep -q "^CHROOT=[^']" &&
		! unshare --mount --propagation private true 2>/dev/null; then
		result SKIP "$t" "builds in a chroot, but private mount namespaces are not available (needs root with CAP_SYS_ADMIN and / a mount point)"
		rm -f "$errf"
		continue
	fi
	# From scratch, so that every file is compiled and every warning shows.
	rm -rf "$out"
	if ! bm=$("$here/build-module.sh" "$t" "$src" "$out" SIMDCRYPT_TEST=0 2>"$errf"); then
		log=$(printf '%s\n' "$bm" | sed -n 's/^LOG=//p')
		if [ -n "$log" ] && [ -f "$log" ]; then
			{ grep -aiE 'error|warning:|objtool:|unshare|chroot|mount' "$log" || tail -5 "$log"; } |
				awk '!seen[$0]++' | head -40 | sed "s|/build/mod/|$out/|g; s/^/    /"
		else
			sed 's/^/    /' "$errf"
		fi
		result FAIL "$t" "build failed ($(($(date +%s) - t0)) s; log: ${log:-none})"
		rm -f "$errf"
		continue
	fi
	rm -f "$errf"
	log=$(printf '%s\n' "$bm" | sed -n 's/^LOG=//p')
	nko=$(printf '%s\n' "$bm" | grep -c '^KO=' || true)
	bad=$(bad_lines "$log")
	if [ -n "$bad" ]; then
		printf '%s\n' "$bad" | sed "s|/build/mod/|$out/|g; s/^/    /"
		result FAIL "$t" "$(printf '%s\n' "$bad" | wc -l) warning/objtool lines ($(($(date +%s) - t0)) s; log: $log)"
	elif [ "$nko" = 0 ]; then
		result FAIL "$t" "make succeeded but built no .ko (log: $log)"
	else
		result PASS "$t" "W=1, $nko module(s), $(($(date +%s) - t0)) s"
		stores_check "$t" "$out/simdcrypt.ko"
		kunit_check "$t"
		[ -n "$flavour_done" ] || { flavour_check "$t" "$out/simdcrypt.ko"; flavour_done=1; }
	fi

	if [ "$t" = x86_64-6.1 ]; then
		t0=$(date +%s)
		if ! command -v sparse >/dev/null; then
			result SKIP "sparse-$t" "sparse is not installed (scripts/deps.sh build)"
			continue
		fi
		# C=2 runs sparse on every source without recompiling.
		rc=0
		bm=$("$here/build-module.sh" "$t" "$src" "$out" SIMDCRYPT_TEST=0 C=2 2>/dev/null) || rc=$?
		log=$(printf '%s\n' "$bm" | sed -n 's/^LOG=//p')
		if [ -n "$log" ] && [ -f "$log" ]; then
			mv "$log" "$out/sparse.log"
			log=$out/sparse.log
		fi
		bad=""
		if [ -f "$log" ]; then bad=$(sparse_lines "$log" "$out"); fi
		if [ $rc != 0 ]; then
			result FAIL "sparse-$t" "make C=2 failed (log: $log)"
		elif [ -n "$bad" ]; then
			printf '%s\n' "$bad" | sed 's/^/    /'
			result FAIL "sparse-$t" "$(printf '%s\n' "$bad" | wc -l) sparse lines in our sources ($(($(date +%s) - t0)) s; log: $log)"
		elif ! grep -q 'CHECK' "$log"; then
			result FAIL "sparse-$t" "sparse did not run (log: $log)"
		else
			result PASS "sparse-$t" "C=2, $(grep -c 'CHECK' "$log") files, $(($(date +%s) - t0)) s"
		fi
	fi
done

# Kernel style: scripts/checkpatch.sh over the module's C (its ignores and
# their reasons are listed there), once, whatever the targets.
t0=$(date +%s)
rc=0
cpout=$("$here/checkpatch.sh" 2>&1) || rc=$?
counts=$(printf '%s\n' "$cpout" | grep -oE '[0-9]+ passed, [0-9]+ failed$' | tail -1 || true)
if [ $rc = 0 ]; then
	result PASS checkpatch "${counts%% *} files, no hits, $(($(date +%s) - t0)) s"
elif [ -z "$counts" ]; then
	printf '%s\n' "$cpout" | tail -5 | sed 's/^/    /'
	result SKIP checkpatch "checkpatch.pl could not be run"
else
	printf '%s\n' "$cpout" | grep -v '^\[simdcrypt ' | head -80 | sed 's/^/    /'
	nf=${counts#*, }
	result FAIL checkpatch "${nf%% *} files with hits (scripts/checkpatch.sh)"
fi

# The scripts: shellcheck at warning level, the sourced lib.sh followed;
# the package's maintainer script and initramfs-tools scripts too.
t0=$(date +%s)
mapfile -t shs < <(cd "$SC_TOP" && git ls-files '*.sh' .ci/run debian/*.postrm \
	dist/initramfs-tools)
if ! command -v shellcheck >/dev/null; then
	result SKIP shellcheck "shellcheck not installed (scripts/deps.sh build)"
elif scout=$(cd "$SC_TOP" && shellcheck -x -S warning "${shs[@]}" 2>&1); then
	result PASS shellcheck "${#shs[@]} scripts, no warnings, $(($(date +%s) - t0)) s"
else
	printf '%s\n' "$scout" | head -60 | sed 's/^/    /'
	result FAIL shellcheck "$(printf '%s\n' "$scout" | grep -c '^In ') findings (shellcheck -x -S warning)"
fi

echo
echo "check-build summary:"
printf '%s\n' "${results[@]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
