#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/check-arm64.sh      (`make check-arm64`)
#
# The arm64 layer.  No arm64 hardware is needed:
#
#   user   test/arm64_diff.c + test/arm64_abi.S + test/cpu_user.c + impl.c + generic/*.c + the
#          arm64 rows (the objects named by asm/arm64/*.mk) cross-compiled
#          with aarch64-linux-gnu-gcc -static and run under
#          qemu-aarch64 -cpu max: every arm64 row against the generic C and
#          known answers (see the comment in test/arm64_diff.c).  Run again
#          with SC_CPU_MASK=-sha3 (rows needing the SHA3 extension must
#          step aside, the dispatcher must fall back) and on
#          -cpu cortex-a57 (ARMv8.0: no SHA3 in AT_HWCAP at all).
#   aead   test/arm64_aead.c + the same sources, linked against Debian's
#          arm64 OpenSSL (the harness part's sysroot): every AEAD row
#          against the generic row at every text length 0..5000, in place
#          and out of place, the rows' seal/open contract (counters about
#          to wrap, random accumulators, guard bytes), rows mixed within a
#          message, RFC 8439 2.8.2, and the generic row against OpenSSL's
#          EVP_chacha20_poly1305; -cpu max, then -cpu max with
#          SC_CPU_MASK=-neon (the NEON rows must step aside) and on
#          -cpu cortex-a57.  Without the sysroot it runs without OpenSSL.
#   harness  the project's own harness (test/harness.c, `make -C test`)
#          cross-built for aarch64, statically linked against Debian's arm64
#          OpenSSL 3 and libsodium (libssl-dev:arm64 and libsodium-dev:arm64
#          fetched with scripts/lib.sh's private apt configuration and
#          unpacked into $SC_CACHE/sysroot-arm64; nothing is installed), run
#          under qemu-aarch64 -cpu max: every arm64 row against OpenSSL,
#          libsodium, the reference code and the KATs, like check-user on
#          x86_64 (every direct row call through test/arm64_abi.S: the
#          callee-saved registers and x18 kept, no key or keystream words
#          left on the stack); then --quick with SC_CPU_MASK=-sha3 and on
#          cortex-a57.
#          After each, test/keccakx.c the same way: every Keccak xN row
#          forced through the multi-stream SHAKE API against OpenSSL.
#   build  simdcrypt.ko cross-built with scripts/build-module.sh for
#          arm64-6.1, arm64-6.12, arm64-7.3 (W=1); any "warning:" fails.
#   qemu   scripts/check-qemu.sh for every arm64 target it knows (arm64-6.1,
#          arm64-6.12, arm64-7.3): Debian's arm64 kernel booted in qemu-system-aarch64,
#          insmod, selftests, AF_ALG, IPsec, kTLS, every row forced; its
#          checks count in the closing line.
#
# Environment:
#   SC_ARM64_LAYERS   subset of "user aead harness build qemu" (default: all)
#   SC_ARM64_KERNELS  kernel series for the build part (default
#                     "6.1 6.12 7.3"; 6.12/7.3 need root for the build root)
#   SC_ARM64_SEED     seed for the differential test (default: fixed)
#   SC_ARM64_QEMU     check-qemu.sh targets (default: its arm64-* targets)
#
# Each part prints "PASS name", "FAIL name: why" or "SKIP name: why"; the
# last line is exactly "N passed, N failed"; exit status 1 on any failure.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

layers=${SC_ARM64_LAYERS:-"user aead harness build qemu"}
kernels=${SC_ARM64_KERNELS:-"6.1 6.12 7.3"}
seed=${SC_ARM64_SEED:-0x5eed}
out=$top/build/arm64
mkdir -p "$out"
passed=0
failed=0

pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
# a layer that cannot run here counts as a failure (Documentation/testing.rst)
skip() { echo "SKIP $1: $2"; failed=$((failed + 1)); }

# judge NAME LOG RC: a test program's run: PASS with its closing "N passed,
# 0 failed" line (N at least 1) when it exited 0 with that line, else FAIL
# with its tail.
judge() {
	local name=$1 log=$2 rc=$3 last
	last=$(tail -1 "$log")
	if [ "$rc" -eq 0 ] && [[ $last =~ (^|[^0-9])([0-9]+)\ passed,\ 0\ failed$ ]] &&
		[ "${BASH_REMATCH[2]}" -gt 0 ]; then
		pass "$name (${last#*: })"
	else
		tail -5 "$log"
		fail "$name" "rc $rc: $last"
	fi
}

# more_rows NAME LOG_MORE LOG_FEWER: the first run tested more rows than the
# second ("N rows tested"): a feature the second CPU (or mask) lacks took
# rows away, so detection saw it where it is.  Had detection seen nothing,
# every run would test the same portable rows and still pass.
more_rows() {
	local a b
	a=$(sed -n 's/.*: \([0-9]*\) rows tested$/\1/p' "$2" | tail -1)
	b=$(sed -n 's/.*: \([0-9]*\) rows tested$/\1/p' "$3" | tail -1)
	if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -gt "$b" ]; then
		pass "$1 ($a rows against $b)"
	else
		fail "$1" "${a:-no} rows against ${b:-no}"
	fi
}

# cross_tools NAME: the cross compiler and qemu-user are here (sets $qemu),
# or NAME is skipped (status 1).
cross_tools() {
	qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)
	if ! command -v aarch64-linux-gnu-gcc >/dev/null || [ -z "$qemu" ]; then
		skip "$1" "needs gcc-aarch64-linux-gnu and qemu-user-static (scripts/deps.sh)"
		return 1
	fi
}

# The module's portable C and the dispatcher, which the test programs
# link with the arm64 rows (arm64_sources).
portable_sources() {
	echo test/arm64_abi.S test/cpu_user.c impl.c generic/chacha.c \
		generic/poly1305.c generic/keccak.c generic/chacha20poly1305.c \
		generic/keccakx.c
}

# The arm64 sources of the module: sc-arch-y from asm/arm64/*.mk, .o -> .S/.c
arm64_sources() {
	local o b
	for o in $(printf 'include $(wildcard asm/arm64/*.mk)\nall:\n\t@echo $(sc-arch-y)\n' |
		   make -s --no-print-directory -f -); do
		b=${o%.o}
		if [ -f "$b.S" ]; then echo "$b.S"; else echo "$b.c"; fi
	done
}

run_user() {
	local cc=aarch64-linux-gnu-gcc qemu bin=$out/arm64_diff log

	cross_tools user || return
	# shellcheck disable=SC2046
	if ! $cc -static -O2 -g -mgeneral-regs-only -Wall -Wextra -Wno-unused-parameter -Werror \
		-I. -Itest/shim -o "$bin" test/arm64_diff.c $(portable_sources) \
		$(arm64_sources) > "$out/user-build.log" 2>&1; then
		cat "$out/user-build.log"
		fail user "cross-compiling the harness failed"
		return
	fi

	local name args env
	for name in max max-nosha3 cortex-a57; do
		case $name in
		max) args="-cpu max" env="" ;;
		max-nosha3) args="-cpu max" env="SC_CPU_MASK=-sha3" ;;
		cortex-a57) args="-cpu cortex-a57" env="" ;;
		esac
		log=$out/user-$name.log
		# shellcheck disable=SC2086
		env $env timeout 600 "$qemu" $args "$bin" "$seed" > "$log" 2>&1
		local rc=$?
		grep -E '^(FAIL|  )' "$log" | sed "s/^/  [$name] /"
		judge "user/$name" "$log" $rc
	done
	more_rows "user: -cpu max tests the SHA3 rows that SC_CPU_MASK=-sha3 hides" \
		"$out/user-max.log" "$out/user-max-nosha3.log"
}

# Debian's arm64 OpenSSL and libsodium -dev packages unpacked into a
# sysroot (cached); prints its path, fails if they cannot be fetched.
arm64_sysroot() {
	local sr debs d

	sr=${SC_CACHE:-/var/cache/simdcrypt}/sysroot-arm64
	if [ ! -e "$sr/.done" ]; then
		# shellcheck source=scripts/lib.sh
		debs=$( (. scripts/lib.sh && sc_download bookworm arm64 \
				"$SC_CACHE/debs/bookworm-arm64-dev" libssl-dev libsodium-dev) ) ||
			return 1
		mkdir -p "$sr"
		for d in $debs; do dpkg -x "$d" "$sr" || return 1; done
		touch "$sr/.done"
	fi
	echo "$sr"
}

run_aead() {
	local cc=aarch64-linux-gnu-gcc qemu sr bin=$out/arm64_aead ossl=()

	cross_tools aead || return
	if sr=$(arm64_sysroot); then
		ossl=(-DSC_HAVE_OPENSSL -I"$sr/usr/include"
		      -I"$sr/usr/include/aarch64-linux-gnu"
		      -L"$sr/usr/lib/aarch64-linux-gnu")
	else
		# the rest runs, but a comparison left out is not a pass
		skip aead/openssl "no arm64 OpenSSL sysroot: the generic row is not checked against OpenSSL"
	fi
	# shellcheck disable=SC2046
	if ! $cc -static -O2 -g -mgeneral-regs-only -Wall -Wextra -Wno-unused-parameter -Werror \
		-I. -Itest/shim "${ossl[@]}" -o "$bin" test/arm64_aead.c $(portable_sources) \
		$(arm64_sources) \
		$([ ${#ossl[@]} -eq 0 ] || echo -lcrypto) > "$out/aead-build.log" 2>&1; then
		cat "$out/aead-build.log"
		fail aead "cross-compiling test/arm64_aead.c failed"
		return
	fi

	local name args env log rc
	for name in max max-noneon cortex-a57; do
		case $name in
		max) args="-cpu max" env="" ;;
		max-noneon) args="-cpu max" env="SC_CPU_MASK=-neon" ;;
		cortex-a57) args="-cpu cortex-a57" env="" ;;
		esac
		log=$out/aead-$name.log
		# shellcheck disable=SC2086
		env $env timeout 600 "$qemu" $args "$bin" "$seed" > "$log" 2>&1
		rc=$?
		grep -E '^(FAIL|  )' "$log" | sed "s/^/  [$name] /"
		judge "aead/$name" "$log" $rc
	done
	more_rows "aead: -cpu max tests the NEON rows that SC_CPU_MASK=-neon hides" \
		"$out/aead-max.log" "$out/aead-max-noneon.log"
}

run_harness() {
	local cc=aarch64-linux-gnu-gcc qemu sr
	local ho=$out/harness

	cross_tools harness || return
	if ! sr=$(arm64_sysroot); then
		skip harness "cannot fetch libssl-dev:arm64 / libsodium-dev:arm64"
		return
	fi
	if ! make -s -C test O="$ho" VARIANT=release \
		CC="$cc -static -I$sr/usr/include -I$sr/usr/include/aarch64-linux-gnu -L$sr/usr/lib/aarch64-linux-gnu" \
		build > "$out/harness-build.log" 2>&1; then
		tail -20 "$out/harness-build.log"
		fail harness "cross-building test/harness.c failed"
		return
	fi
	local name args env quick log rc
	for name in max max-nosha3 cortex-a57; do
		case $name in
		max) args="-cpu max" env="" quick="" ;;
		max-nosha3) args="-cpu max" env="SC_CPU_MASK=-sha3" quick=--quick ;;
		cortex-a57) args="-cpu cortex-a57" env="" quick=--quick ;;
		esac
		log=$out/harness-$name.log
		# shellcheck disable=SC2086
		(cd test && env $env timeout 900 "$qemu" $args "$ho/harness" \
			$quick) > "$log" 2>&1
		rc=$?
		grep '^FAIL' "$log" | head -20
		judge "harness/$name" "$log" $rc
		# the Keccak xN rows and the multi-stream SHAKE API, every
		# row forced, against OpenSSL's SHAKE (test/keccakx.c)
		log=$out/keccakx-$name.log
		# shellcheck disable=SC2086
		(cd test && env $env timeout 600 "$qemu" $args "$ho/keccakx" \
			$quick) > "$log" 2>&1
		rc=$?
		grep '^FAIL' "$log" | head -20
		judge "keccakx/$name" "$log" $rc
	done
}

run_build() {
	local k log
	for k in $kernels; do
		if [ "$k" != 6.1 ] && [ "$(id -u)" != 0 ]; then
			skip "build/arm64-$k" "needs root (trixie build root)"
			continue
		fi
		if ! scripts/build-module.sh "arm64-$k" "" "$out/module-$k" \
			> "$out/build-$k.out" 2> "$out/build-$k.err"; then
			tail -20 "$out/build-$k.err"
			fail "build/arm64-$k" "make failed"
			continue
		fi
		log=$(sed -n 's/^LOG=//p' "$out/build-$k.out")
		if [ -z "$log" ] || [ ! -f "$log" ]; then
			# no log: the grep for warnings below would find none
			fail "build/arm64-$k" "build-module.sh named no build log (LOG=${log:-})"
			continue
		fi
		local missing="" o n=0
		for o in $(arm64_sources); do
			o=${o%.*}.o
			n=$((n + 1))
			[ -f "$out/module-$k/$o" ] || missing="$missing $o"
		done
		if grep -E 'warning:|error:' "$log"; then
			fail "build/arm64-$k" "warnings in $log"
		elif [ -n "$missing" ]; then
			fail "build/arm64-$k" "not built:$missing"
		elif ! aarch64-linux-gnu-nm "$out/module-$k/simdcrypt.ko" 2>/dev/null |
			grep -c -E ' (sc_keccak_ce_permute|sc_ccp_neon_seal)$' |
			grep -qx 2; then
			fail "build/arm64-$k" "simdcrypt.ko lacks the arm64 kernels"
		else
			pass "build/arm64-$k ($n arm64 objects, W=1 clean)"
		fi
	done
}

run_qemu() {
	local t targets
	if [ ! -x scripts/check-qemu.sh ]; then
		skip qemu "scripts/check-qemu.sh is not there yet"
		return
	fi
	targets=${SC_ARM64_QEMU:-$(sed -n 's/^all_targets=(\(.*\))/\1/p' scripts/check-qemu.sh |
		tr ' ' '\n' | grep '^arm64-' || true)}
	[ -n "$targets" ] || targets=arm64-6.1
	# each target adds its checks (guest and host) to the closing line
	local rc p f
	for t in $targets; do
		scripts/check-qemu.sh "$t" | tee "$out/qemu-$t.log"
		rc=${PIPESTATUS[0]}
		p="" f=""
		read -r p f < <(tail -n 1 "$out/qemu-$t.log" |
			sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
		# no closing line, or nothing passed: not a pass
		[ -n "$p" ] || f=""
		p=${p:-0}
		if [ "$rc" -eq 0 ] && [ "${f:-1}" -eq 0 ] && [ "$p" -gt 0 ]; then
			echo "PASS qemu/$t ($p checks)"
			passed=$((passed + p))
		else
			echo "FAIL qemu/$t: see build/qemu/$t/console.txt"
			passed=$((passed + p))
			failed=$((failed + (${f:-0} > 0 ? f : 1)))
		fi
	done
}

for l in $layers; do
	case $l in
	user) run_user ;;
	aead) run_aead ;;
	harness) run_harness ;;
	build) run_build ;;
	qemu) run_qemu ;;
	*) echo "unknown part $l"; exit 2 ;;
	esac
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
