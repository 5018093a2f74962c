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

# sc_apt SUITE ARCH apt-get-args... : apt-get with the private configuration.
sc_apt() {
	local suite=$1 arch=$2; shift 2
	local dir="$SC_CACHE/apt/$suite-$arch"
	apt-get -o Dir::Etc::SourceList=/dev/null \
		-o Dir::Etc::SourceParts="$dir/parts" \
		-o Dir::State::Lists="$dir/lists" \
		-o Dir::Cache="$dir/cache" \
		-o Dir::State::status=/dev/null \
		-o APT::Architectures::="$arch" \
		-o APT::Architecture="$arch" \
		-o APT::Sandbox::User=root \
		-o Debug::NoLocking=1 "$@"
}

# sc_apt_cache SUITE ARCH apt-cache-args...
sc_apt_cache() {
	local suite=$1 arch=$2; shift 2
	local dir="$SC_CACHE/apt/$suite-$arch"
	apt-cache -o Dir::Etc::SourceList=/dev/null \
		-o Dir::Etc::SourceParts="$dir/parts" \
		-o Dir::State::Lists="$dir/lists" \
		-o Dir::Cache="$dir/cache" \
		-o Dir::State::status=/dev/null \
		-o APT::Architectures::="$arch" \
		-o APT::Architecture="$arch" "$@"
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

# sc_qemu_boot TARGET KERNEL INITRD LOG TIMEOUT [APPEND [QEMU_ARG...]]: boots
# under QEMU (TCG) with a timeout, console to LOG; returns qemu's status
# (124: timed out). APPEND is added to the kernel command line.
sc_qemu_boot() {
	local target=$1 kernel=$2 initrd=$3 log=$4 timeout_s=$5 extra=${6:-}
	shift $(($# < 6 ? $# : 6))
	local cmd
	case $target in
	x86_64-*) cmd=(qemu-system-x86_64 -accel tcg -cpu max -m 1G -nographic -no-reboot
			-kernel "$kernel" -initrd "$initrd"
			-append "console=ttyS0 panic=-1 oops=panic loglevel=4 $extra") ;;
	arm64-*) cmd=(qemu-system-aarch64 -M virt -cpu "max,pauth-impdef=on" -m 1G -nographic -no-reboot
			-kernel "$kernel" -initrd "$initrd"
			-append "console=ttyAMA0 panic=-1 oops=panic loglevel=4 $extra") ;;
	*) sc_log "sc_qemu_boot: unknown target $target"; return 2 ;;
	esac
	timeout --foreground -k 10 "$timeout_s" "${cmd[@]}" "$@" </dev/null >"$log" 2>&1
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

# --- KUnit results (check-uml.sh, check-kunit-qemu.sh) ------------------------

# sc_ktap_report OUT KDIR: the KUnit results in OUT/dmesg-kunit.txt, judged
# by test/ktap_check.py (complete, all ok, per-suite counts; the KTAP goes
# to OUT/ktap.txt) and, as a second opinion, by the kernel's own parser
# (KDIR/source/tools/testing/kunit/kunit.py, through the caller's ok/bad);
# then the rows each suite ran.  Adds the cases to the caller's pass and
# fail counters and leaves the skipped ones in ktap_skipped.  Safe under
# set -e.
sc_ktap_report() {
	local out=$1 kdir=$2 kt krc=0 kp=0 kf=0 kunitpy
	ktap_skipped=0
	if [ -s "$out/dmesg-kunit.txt" ]; then
		kt=$(python3 "$SC_TOP/test/ktap_check.py" "$out/dmesg-kunit.txt" \
			--ktap-out "$out/ktap.txt") || krc=$?
		printf '%s\n' "$kt" | grep -v '^ktap-totals' || true
		read -r _ kp kf ktap_skipped < <(printf '%s\n' "$kt" |
			grep '^ktap-totals' || echo "x 0 1 0")
		[ "$krc" = 0 ] || [ "$kf" -gt 0 ] || kf=1
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
	fi
	grep -hoE 'row [a-z0-9]+@[^:]+: [0-9]+ cases passed|row [a-z0-9]+@[^:]+: not supported[^"]*' \
		"$out/ktap.txt" 2>/dev/null | sort -u | sed 's/^/  /' || true
	pass=$((pass + kp))
	fail=$((fail + kf))
}

# --- kernel builds (uml-kernel.sh, kunit-kernel.sh) ---------------------------

# sc_kconfig_tests: the part of the config fragment the UML and the KUnit
# kernels share: KUnit, the crypto API with its full self-tests, AF_ALG,
# and the kernel's own drivers and templates our algorithms are compared
# with or sit under (ChaCha20, SHA-3, rfc7539, Adiantum, and AES and HMAC
# for the self-tests' other users).  The kernel caches are keyed on the
# whole fragment's text, so this prints exactly what the two had.
sc_kconfig_tests() {
	cat <<'EOF'
CONFIG_DEBUG_KERNEL=y
CONFIG_DEBUG_ATOMIC_SLEEP=y
CONFIG_KUNIT=y
CONFIG_KUNIT_DEBUGFS=y
# CONFIG_KUNIT_ALL_TESTS is not set
CONFIG_CRYPTO=y
CONFIG_CRYPTO_MANAGER=y
CONFIG_CRYPTO_SELFTESTS=y
CONFIG_CRYPTO_SELFTESTS_FULL=y
CONFIG_CRYPTO_USER_API_HASH=y
CONFIG_CRYPTO_USER_API_SKCIPHER=y
CONFIG_CRYPTO_USER_API_AEAD=y
CONFIG_CRYPTO_CHACHA20=y
CONFIG_CRYPTO_SHA3=y
CONFIG_CRYPTO_CHACHA20POLY1305=y
CONFIG_CRYPTO_ADIANTUM=y
CONFIG_CRYPTO_AES=y
CONFIG_CRYPTO_HMAC=y
EOF
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
