#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Shared helpers for the simdcrypt scripts: the cache directory, progress
# messages and a private apt configuration that reaches Debian's newer
# suites (trixie, trixie-backports) without changing the host's sources.
#
# Source it: . "$(dirname "$0")/lib.sh"

SC_CACHE=${SC_CACHE:-/var/cache/simdcrypt}
SC_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mkdir -p "$SC_CACHE"

# What helpers below set for their caller: sc_qemu (sc_qemu_cmd), pass and
# fail (sc_checks_start, sc_ktap_report), ktap_skipped (sc_ktap_report).
sc_qemu=()
pass=0
fail=0
ktap_skipped=0

sc_log() { printf '[simdcrypt %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
sc_die() { sc_log "ERROR: $*"; exit 1; }

# sc_apt_dir SUITE [ARCH] -> prints a directory holding a private apt
# configuration for SUITE (bookworm, trixie, trixie-backports ...) built
# from the machine's existing Debian source entry, with its lists updated
# (at most once per hour).
sc_apt_dir() {
	local suite=$1 arch=${2:-amd64}
	local dir="$SC_CACHE/apt/$suite-$arch"
	local src
	mkdir -p "$dir/parts" "$dir/lists/partial" "$dir/cache/archives/partial"
	if [ ! -s "$dir/parts/debian.sources" ]; then
		src=$(sc_debian_source_entry) || sc_die "no Debian apt source entry found on this machine"
		printf '%s\n' "$src" | sed -E "s/^Suites:.*/Suites: $suite/" >"$dir/parts/debian.sources"
	fi
	if [ -z "$(find "$dir/lists" -maxdepth 1 -name '*Packages*' -mmin -60 2>/dev/null | head -1)" ]; then
		sc_log "apt: updating package lists for $suite ($arch)"
		sc_apt "$suite" "$arch" update -q >/dev/null || sc_die "apt-get update for $suite failed"
	fi
	echo "$dir"
}

# The first deb822 stanza of the machine's sources that serves the main
# Debian archive (not the security one). Falls back to one-line sources.list.
sc_debian_source_entry() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk 'BEGIN{RS=""; ORS="\n\n"} /Types:[^\n]*deb/ && !/security/ {print; exit}' "$f" | grep -q . || continue
		awk 'BEGIN{RS=""; ORS="\n"} /Types:[^\n]*deb/ && !/security/ {print; exit}' "$f"
		return 0
	done
	if [ -f /etc/apt/sources.list ]; then
		local uri
		uri=$(awk '$1=="deb" && $0 !~ /security/ {for(i=2;i<=NF;i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' /etc/apt/sources.list)
		[ -n "$uri" ] || return 1
		printf 'Types: deb\nURIs: %s\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$uri"
		return 0
	fi
	return 1
}

# sc_apt_opts SUITE ARCH: sets the array sc_apt_o to the options that point
# apt at the private configuration of SUITE and ARCH (sc_apt_dir).
sc_apt_opts() {
	local dir="$SC_CACHE/apt/$1-$2"
	sc_apt_o=(-o Dir::Etc::SourceList=/dev/null
		-o Dir::Etc::SourceParts="$dir/parts"
		-o Dir::State::Lists="$dir/lists"
		-o Dir::Cache="$dir/cache"
		-o Dir::State::status=/dev/null
		-o APT::Architectures::="$2"
		-o APT::Architecture="$2")
}

# sc_apt SUITE ARCH apt-get-args... : apt-get with the private configuration.
sc_apt() {
	local sc_apt_o
	sc_apt_opts "$1" "$2"; shift 2
	apt-get "${sc_apt_o[@]}" -o APT::Sandbox::User=root -o Debug::NoLocking=1 "$@"
}

# sc_apt_cache SUITE ARCH apt-cache-args...
sc_apt_cache() {
	local sc_apt_o
	sc_apt_opts "$1" "$2"; shift 2
	apt-cache "${sc_apt_o[@]}" "$@"
}

# sc_download SUITE ARCH DESTDIR PKG... : apt-get download into DESTDIR
# (skipping packages already there); prints the .deb paths.
sc_download() {
	local suite=$1 arch=$2 dest=$3; shift 3
	local p
	mkdir -p "$dest"
	sc_apt_dir "$suite" "$arch" >/dev/null
	for p in "$@"; do
		local name=${p%%:*}
		if ! ls "$dest/${name}"_*.deb >/dev/null 2>&1; then
			sc_log "downloading $p ($suite, $arch)"
			(cd "$dest" && sc_apt "$suite" "$arch" download -q "$p" >/dev/null) ||
				sc_die "apt-get download $p from $suite failed"
		fi
		ls "$dest/${name}"_*.deb | tail -1
	done
}

# sc_depends_version SUITE ARCH METAPKG REGEX : the version string that
# METAPKG (e.g. linux-headers-amd64) depends on, matched by REGEX with one
# capture group, e.g. 'linux-headers-([0-9.+~a-z-]+)-amd64'.
sc_meta_dep() {
	local suite=$1 arch=$2 meta=$3
	sc_apt_dir "$suite" "$arch" >/dev/null
	sc_apt_cache "$suite" "$arch" show "$meta" 2>/dev/null |
		awk -F': ' '/^Depends:/ {print $2; exit}'
}

# --- booting Debian's stock kernels under QEMU ---------------------------------

# sc_qemu_cmd TARGET KERNEL INITRD APPEND: sets the array sc_qemu to the
# QEMU command line (TCG) that boots KERNEL with INITRD on TARGET's
# architecture (x86_64-*: -cpu max, AVX2 but no AVX-512; arm64-*: virt,
# -cpu max) with 1 GiB, the console on the first serial port, no reboot,
# and "console=... panic=-1 APPEND" as the kernel's command line.
sc_qemu_cmd() {
	local kernel=$2 initrd=$3 append=$4
	case $1 in
	x86_64*) sc_qemu=(qemu-system-x86_64 -accel tcg -cpu max
			-append "console=ttyS0 panic=-1 $append") ;;
	arm64*) sc_qemu=(qemu-system-aarch64 -M virt -cpu "max,pauth-impdef=on"
			-append "console=ttyAMA0 panic=-1 $append") ;;
	*) sc_log "sc_qemu_cmd: unknown target $1"; return 2 ;;
	esac
	sc_qemu+=(-m 1G -nographic -no-reboot -kernel "$kernel" -initrd "$initrd")
}

# sc_qemu_boot TARGET KERNEL INITRD LOG TIMEOUT [APPEND [QEMU_ARG...]]: boots
# Debian's stock kernel (sc_qemu_cmd) with a timeout, console to LOG;
# returns qemu's status (124: timed out). APPEND is added to the kernel
# command line.
sc_qemu_boot() {
	local target=$1 kernel=$2 initrd=$3 log=$4 timeout_s=$5 extra=${6:-}
	shift $(($# < 6 ? $# : 6))
	sc_qemu_cmd "$target" "$kernel" "$initrd" "oops=panic loglevel=4 $extra" || return
	timeout --foreground -k 10 "$timeout_s" "${sc_qemu[@]}" "$@" </dev/null >"$log" 2>&1
}

# --- the module's sources (check-uml.sh, bench-kernel.sh, demo.sh) ----------

# sc_copy_sources DEST [SRC]: the module's sources into DEST, for a kbuild
# of their own: SRC as it is when given, else this checkout's tracked and
# not ignored files, build/ left out.
sc_copy_sources() {
	local dest=$1 src=${2:-}
	mkdir -p "$dest" || return
	if [ -n "$src" ]; then
		cp -a "$src"/. "$dest/"
	else
		(cd "$SC_TOP" && git ls-files -co --exclude-standard -z |
			grep -zv '^build/' | cpio -0 -pdm --quiet "$dest")
	fi
}

# sc_uml_bench_start OUT NAME: what the in-kernel benchmarks (NAME: their
# script's name) do first: OUT created and locked (fd 9) against a second
# run, the packages the UML build needs, and the plain UML kernel's build
# directory in sc_kdir (SC_UML_KERNEL, else the cached one, else built now).
sc_kdir=
sc_uml_bench_start() {
	local out=$1 name=$2
	mkdir -p "$out"
	exec 9>"$out/.lock"
	flock -n 9 || { sc_log "another $name run uses $out; waiting"; flock 9; }
	"$SC_TOP/scripts/deps.sh" build qemu >&2 || sc_die "scripts/deps.sh build qemu failed"
	sc_kdir=${SC_UML_KERNEL:-}
	[ -n "$sc_kdir" ] || sc_kdir=$("$SC_TOP/scripts/uml-kernel.sh" --print-only 2>/dev/null) || {
		sc_log "building the plain UML kernel first (once, 10-25 min; cached)"
		sc_kdir=$("$SC_TOP/scripts/uml-kernel.sh") || sc_die "scripts/uml-kernel.sh failed"
	}
}

# --- guest scripts (check-qemu.sh, demo.sh) -----------------------------------

# sc_guest_crypto: shell text for a busybox guest script: ALGS, the
# skcipher and shash algorithms the module serves, and best NAME, which
# prints "driver priority selftest" of NAME's highest-priority entry in
# /proc/crypto (the one every kernel user gets).
sc_guest_crypto() {
	cat <<'GUEST'
ALGS="chacha20 xchacha20 xchacha12 poly1305 sha3-224 sha3-256 sha3-384 sha3-512"

# best NAME -> "driver priority selftest" of the highest-priority entry
best() {
	awk -v n="$1" '
	function flush() { if (name == n && prio > bp) { bp = prio; bd = drv; bs = st }
			   name = drv = st = ""; prio = -1 }
	BEGIN { bp = -2 }
	/^$/ { flush(); next }
	{ k = $1; sub(/^[^:]*: /, "");
	  if (k == "name") name = $0; else if (k == "driver") drv = $0;
	  else if (k == "priority") prio = $0 + 0; else if (k == "selftest") st = $0 }
	END { flush(); if (bp > -2) print bd, bp, bs }' /proc/crypto
}
GUEST
}

# --- the UML and KUnit guests' results (check-uml.sh, check-kunit-qemu.sh) ----

# sc_checks_start: from here on `ok WHAT`, `bad WHAT` and `check WHAT
# COMMAND...` count into the caller's $pass and $fail (reset to 0); a FAIL
# line is always printed, a PASS line with SC_VERBOSE set.
sc_checks_start() {
	pass=0
	fail=0
	ok() { pass=$((pass + 1)); [ -n "${SC_VERBOSE:-}" ] && echo "PASS: $*"; return 0; }
	bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
	check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
}

# sc_crypto_table FILE: a copy of /proc/crypto as "name driver priority
# selftest type" lines, larvals left out (nothing when FILE is missing).
sc_crypto_table() {
	[ -f "$1" ] || return 0
	awk -F' *: ' '
		/^name/ {n=$2} /^driver/ {d=$2} /^priority/ {p=$2}
		/^selftest/ {s=$2} /^type/ {t=$2}
		/^$/ { if (n != "" && t != "larval") print n, d, p, s, t; n=d=p=s=t="" }
		END { if (n != "" && t != "larval") print n, d, p, s, t }' "$1"
}

# sc_crypto_tables OUT: OUT/table-STAGE.txt for each STAGE of the guests'
# copies of /proc/crypto (before, loaded, kunit, after): sc_crypto_table of
# OUT/proc-crypto-STAGE.txt, empty where the guest left none.
sc_crypto_tables() {
	local stage
	for stage in before loaded kunit after; do
		sc_crypto_table "$1/proc-crypto-$stage.txt" >"$1/table-$stage.txt"
	done
}

# sc_check_ours_gone OUT: through the caller's check, every entry of ours
# in OUT/table-loaded.txt and OUT/table-kunit.txt (the module's algorithms
# and the template instances the tests built over them) passed its
# self-tests, and none is left in OUT/table-after.txt after rmmod.
sc_check_ours_gone() {
	local out=$1 n d s
	while read -r n d _ s _; do
		check "$d ($n) selftest : passed (got $s)" [ "$s" = passed ]
	done < <(awk '$2 ~ /simdcrypt/' "$out/table-loaded.txt" "$out/table-kunit.txt" | sort -u)
	check "no simdcrypt driver left after rmmod" \
		bash -c "[ -s '$out/proc-crypto-after.txt' ] && ! grep -q simdcrypt '$out/table-after.txt'"
}

# sc_check_rows CPUINFO PARAMETERS: through the caller's check, each
# *_impl parameter (PARAMETERS: the guest's "name: value" lines) lists the
# rows the CPU's flags allow (CPUINFO: /proc/cpuinfo of the kernel the
# module ran on).  The flags are the kernel's, not the module's detection:
# were compat/<arch>.h to stop seeing AVX2 or NEON, only the generic rows
# would be tested and every other check would still pass.  A floor, one
# SIMD row per kind, each with the flags its table entry requires.
sc_check_rows() {
	local cpuinfo=$1 params=$2 flags p row need f have listed n=0
	flags=$(grep -m1 -E '^(flags|Features)' "$cpuinfo" 2>/dev/null | cut -d: -f2 || true)
	if [[ ! $flags =~ [^[:space:]] ]]; then
		# no flags: no row would be looked for and nothing would fail
		bad "no flags/Features line in $cpuinfo: the rows were not checked"
		return 0
	fi
	flags=" $flags "
	while read -r p row need; do
		have=1
		for f in ${need//,/ }; do
			[[ $flags == *" $f "* ]] || have=0
		done
		[ "$have" = 1 ] || continue
		n=$((n + 1))
		listed=$(grep "^${p}_impl:" "$params" | cut -d: -f2 | tr -d '[]' | tr ' ' '\n' || true)
		check "CPU has ${need//,/ }: ${p}_impl lists $row" \
			grep -qxF -- "$row" <<<"$listed"
	done <<'ROWS'
chacha ssse3 ssse3
chacha avx2 avx,avx2
chacha avx512 avx512f,avx512vl,avx512bw
poly1305 scalar bmi2
poly1305 avx2 avx2,bmi2
poly1305 ifma avx512f,avx512vl,avx512bw,avx512ifma,bmi2
sha3 scalar bmi1,bmi2
sha3 avx512vl avx512f,avx512vl,avx512bw
keccakx avx2x4 avx2
keccakx avx2x8 avx2
keccakx avx512x8 avx512f,avx512vl,avx512bw
aead avx2 avx,avx2,bmi2
chacha neon asimd
poly1305 neon asimd
aead neon asimd
keccakx neonx2 asimd
sha3 sha3ce asimd,sha3
keccakx sha3cex2 asimd,sha3
ROWS
	# every CPU these layers run on has one SIMD row at least (SSSE3, NEON)
	[ "$n" -gt 0 ] || bad "the CPU's flags ($flags) allow none of the SIMD rows: none checked"
}

# sc_guest_settle: shell text for a busybox guest script: `settle SECONDS`
# waits until no algorithm of ours is a larval (their self-tests run in
# cryptomgr threads; one whose tests failed stays "selftest : unknown"),
# polling every SECONDS (a fraction where busybox's sleep takes one, else
# 1) at most 600 times, and prints how many polls it took.
sc_guest_settle() {
	cat <<'GUEST'
settle() {
	i=0
	while [ $i -lt 600 ] && [ "$(awk -F' *: ' '/^driver/ {d=$2}
		/^type/ && $2 == "larval" && d ~ /simdcrypt/ {n++}
		END {print n + 0}' /proc/crypto)" != 0 ]; do
		sleep "$1" 2>/dev/null || sleep 1
		i=$((i + 1))
	done
	echo $i
}
GUEST
}


# sc_ktap_report OUT KDIR: the KUnit results in OUT/dmesg-kunit.txt, judged
# by test/ktap_check.py (complete, all ok, per-suite counts; the KTAP goes
# to OUT/ktap.txt) and, as a second opinion, by the kernel's own parser
# (KDIR/source/tools/testing/kunit/kunit.py, through the caller's ok/bad);
# then the rows each suite ran.  Adds the cases to the caller's pass and
# fail counters, the skipped ones to fail too (a case that did not run is
# not a pass), and leaves the skipped count in ktap_skipped.  Safe under
# set -e.
sc_ktap_report() {
	local out=$1 kdir=$2 kt krc=0 kp=0 kf=0 kunitpy nsuites
	ktap_skipped=0
	# every suite the sources define must report (one left out of
	# kunit_test_suites() would otherwise just not run)
	nsuites=$(cat "$SC_TOP"/kunit/*.c | grep -c '^static struct kunit_suite ')
	if [ -s "$out/dmesg-kunit.txt" ]; then
		kt=$(python3 "$SC_TOP/test/ktap_check.py" "$out/dmesg-kunit.txt" \
			--suites "$nsuites" --ktap-out "$out/ktap.txt") || krc=$?
		printf '%s\n' "$kt" | grep -v '^ktap-totals' || true
		# shellcheck disable=SC2034 # ktap_skipped: the caller's
		read -r _ kp kf ktap_skipped < <(printf '%s\n' "$kt" |
			grep '^ktap-totals' || echo "x 0 1 0")
		[ "$krc" = 0 ] || [ $((kf + ktap_skipped)) -gt 0 ] || kf=1
		grep -E '^\s*not ok|# .*(FAIL|fail:[1-9]|Expected|expected)' \
			"$out/ktap.txt" 2>/dev/null | head -30 | sed 's/^/  /' || true
	else
		echo "KTAP: no KUnit output (dmesg-kunit.txt empty)"
		kf=1
	fi
	# kunit.py parse wants an absolute path
	kunitpy="$kdir/source/tools/testing/kunit/kunit.py"
	if [ -s "$out/ktap.txt" ] && [ -f "$kunitpy" ]; then
		if python3 "$kunitpy" parse "$out/ktap.txt" >"$out/kunit-parse.txt" 2>&1; then
			ok "kunit.py parse"
		else
			bad "kunit.py parse: $(grep -E 'Testing complete|ERROR|CRASHED' "$out/kunit-parse.txt" | tail -1)"
		fi
		sed -n 's/.*\(Testing complete\..*\)/  kunit.py parse: \1/p' "$out/kunit-parse.txt"
	elif [ -s "$out/ktap.txt" ]; then
		# the second opinion did not run: not a pass
		bad "kunit.py parse: no $kunitpy"
	fi
	grep -hoE 'row [a-z0-9]+@[^:]+: [0-9]+ cases passed|row [a-z0-9]+@[^:]+: not supported[^"]*' \
		"$out/ktap.txt" 2>/dev/null | sort -u | sed 's/^/  /' || true
	pass=$((pass + kp))
	fail=$((fail + kf + ktap_skipped))
}

# --- kernel builds (uml-kernel.sh, kunit-kernel.sh) ---------------------------

# sc_kconfig BASE SRCDIR OUT: configure the kernel in OUT with the caller's
# `mk BASE` (tinyconfig, alldefconfig), SRCDIR's merge_config.sh for the
# fragment in OUT/simdcrypt.fragment, `mk olddefconfig`, then
# sc_kconfig_verify; the log goes to OUT/config.log.
sc_kconfig() {
	local base=$1 srcdir=$2 out=$3 step
	for step in "$base" merge olddefconfig; do
		case $step in
		merge) "$srcdir/scripts/kconfig/merge_config.sh" -m -O "$out" \
			"$out/.config" "$out/simdcrypt.fragment" ;;
		*) mk "$step" ;;
		esac >>"$out/config.log" 2>&1 ||
			{ tail -20 "$out/config.log"; sc_die "$step failed (log: $out/config.log)"; }
	done
	sc_kconfig_verify "$out"
}

# sc_kconfig_verify OUT: every line of OUT/simdcrypt.fragment must hold in
# OUT/.config after olddefconfig (a symbol Kconfig dropped is an error).
sc_kconfig_verify() {
	local out=$1 line sym bad=0
	while IFS= read -r line; do
		case "$line" in
		"# CONFIG_"*" is not set")
			sym=${line#\# }; sym=${sym%% *}
			if grep -qE "^$sym=[ym]" "$out/.config"; then
				sc_log "config: wanted '$line' but got '$(grep -E "^$sym=" "$out/.config")'"
				bad=1
			fi ;;
		CONFIG_*=*)
			sym=${line%%=*}
			if ! grep -qxF "$line" "$out/.config"; then
				sc_log "config: wanted '$line' but got '$(grep -E "^$sym=|^# $sym is not set" "$out/.config" || echo absent)'"
				bad=1
			fi ;;
		esac
	done < "$out/simdcrypt.fragment"
	[ $bad = 0 ] || sc_die "config fragment did not stick (see above); fix the fragment in $0"
	sc_log "config: all $(grep -c . "$out/simdcrypt.fragment") fragment lines verified"
}

# sc_kbuild_progress WHAT OUT T0 JOBS: run the caller's `mk -jJOBS all` into
# OUT/build.log in the background, log progress every minute (seconds since
# T0, objects compiled), and die with the errors if it fails.
sc_kbuild_progress() {
	local what=$1 out=$2 t0=$3 jobs=$4 pid n
	mk -j"$jobs" all >"$out/build.log" 2>&1 &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		for _ in $(seq 30); do kill -0 $pid 2>/dev/null || break; sleep 2; done
		kill -0 $pid 2>/dev/null || break
		n=$(grep -cE '^\s+(CC|AS)\s' "$out/build.log" || true)
		sc_log "  ... $(( $(date +%s) - t0 ))s, $n objects compiled, last: $(tail -1 "$out/build.log" | cut -c1-70)"
	done
	if ! wait $pid; then
		grep -E 'error|Error' "$out/build.log" | head -20 >&2 || true
		tail -20 "$out/build.log" >&2
		sc_die "$what build failed (log: $out/build.log)"
	fi
}
