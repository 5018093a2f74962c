#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/check-qemu.sh [TARGET...]      (`make check-qemu`)
#
# Proves simdcrypt.ko inside Debian's stock kernels under QEMU (TCG, no KVM
# needed). TARGETs: x86_64-6.1 x86_64-6.12 x86_64-7.3 arm64-6.1 (the
# default), also arm64-6.12 arm64-7.3. For each target:
#
#   1. scripts/qemu-kernels.sh   the current Debian kernel (cached)
#   2. scripts/build-module.sh   simdcrypt.ko for exactly that kernel release
#                                (SC_KVER pins the headers) -> build/qemu/TARGET/
#   3. scripts/initramfs.sh      busybox + AF_ALG/tcrypt/tls/xfrm/veth
#                                modules + afalg + ktls + iproute2's ip +
#                                the guest script below
#   4. qemu-system-{x86_64,aarch64} (x86_64: -cpu max, i.e. AVX2 but no
#      AVX-512; arm64: -M virt -cpu max,pauth-impdef=on), guarded by a
#      timeout; console log in build/qemu/TARGET/console.log
#
# In the guest (every check prints "SC-RESULT PASS|FAIL|SKIP name: detail";
# a SKIP the host does not list in $expected_skips fails the target):
#   - the kernel's own drivers are loaded; /proc/crypto before; test/afalg
#     against them (-m: an algorithm the kernel lacks, poly1305 on 7.x and
#     nothing else, is skipped; after rmmod the same must be) - an
#     independent check of the client itself
#   - 7.x: af_alg_restrict=0 (AF_ALG is restricted by default there)
#   - IPsec, first half: namespaces a and b joined by a veth pair; b's ESP
#     SAs (rfc7539esp(chacha20,poly1305), 36-byte key, 128-bit ICV, both
#     directions, transport mode) made now, so the kernel's template serves
#     them; kTLS (test/ktls.c -l kernel) on the template
#   - insmod simdcrypt.ko (finit_module) succeeds; chosen rows (dmesg and
#     /sys/module/simdcrypt/parameters/*_impl)
#   - afalg -d simdcrypt: every known answer, reference comparison, MSG_MORE
#     and accept() export/import check, and every algorithm resolves to
#     "<alg>-simdcrypt" with "selftest : passed"
#   - /proc/crypto: rfc7539 and rfc7539esp(chacha20,poly1305) resolve to
#     our AEAD drivers; IPsec, second half: a's SAs, which get
#     seqiv(rfc7539esp-chacha20-poly1305-simdcrypt) (refcnt checked);
#     pings of 0..20000 bytes (fragmented beyond the MTU) a -> b -> a, so
#     every packet is sealed by one implementation and opened by the other;
#     the SAs' packet counters and xfrm_stat; kTLS on our driver (ktls -d:
#     the sockets hold rfc7539-chacha20-poly1305-simdcrypt, refcnt +4);
#     after flushing, the module's refcnt drops to 0
#   - every implementation row the CPU supports, forced through the *_impl
#     parameters (aead_impl= too), passes afalg too
#   - adiantum(xchacha12,aes) instances are built on our drivers
#   - tcrypt (loaded with finit_module; -EAGAIN means "all tests passed"):
#     testmgr vectors for sha3-* (modes 48-51) and short speed runs (sec=0)
#     that must name our drivers: mode=300 alg=sha3-256-simdcrypt, 214
#     (chacha20), 213 (rfc7539esp), 600 alg=xchacha12 (6.12+), 321
#     (poly1305, 6.x)
#   - kcapi-tools (x86_64): kcapi-dgst -c sha3-256 and kcapi-enc -c chacha20
#     (both directions) give what the host's openssl gives for the same input
#   - rmmod simdcrypt succeeds and the kernel's own drivers serve again
#     (afalg -m passes again)
#   - dmesg has no WARNING/BUG/Oops/"Call Trace"/failed self-test
# On the host: ktls-host (test/ktls.c built with OpenSSL) opens the TLS
# records each kTLS run printed and compares the text; each *_impl the
# guest printed lists the rows its CPU's flags allow (lib.sh sc_check_rows).
#
# Per target: "PASS TARGET" or "FAIL TARGET: reason"; then "targets: N
# passed, N failed"; the last line, exactly "N passed, N failed", adds up
# the checks of every target (guest and host; a target that failed without
# a failed check counts one); exit status 1 on any failure.
#
# Environment:
#   SC_QEMU_TARGETS   targets when none are given, e.g. "x86_64-7.3 arm64-7.3"
#   SC_QEMU_TIMEOUT   seconds per boot (default 300)
#   SC_QEMU_INSMOD    extra simdcrypt.ko parameters, e.g. test_corrupt=1 to
#                     prove that a broken implementation fails this layer
#   SC_QEMU_VERBOSE=1 print every guest result line, not only failures
#   SC_QEMU_SRC       module source directory (default: this checkout), e.g.
#                     an unpacked `git archive HEAD` to test the committed state
#   SC_QEMU_KO_DIR    load DIR/TARGET/simdcrypt.ko instead of building one
#                     (scripts/check-dkms.sh: the module DKMS built from the
#                     Debian package); its vermagic must name the kernel

set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

default_targets=(x86_64-6.1 x86_64-6.12 x86_64-7.3 arm64-6.1)
all_targets=("${default_targets[@]}" arm64-6.12 arm64-7.3)
if [ $# -gt 0 ]; then
	targets=("$@")
elif [ -n "${SC_QEMU_TARGETS:-}" ]; then
	read -r -a targets <<<"$SC_QEMU_TARGETS"
else
	targets=("${default_targets[@]}")
fi
timeout_s=${SC_QEMU_TIMEOUT:-300}
insmod_args=${SC_QEMU_INSMOD:-}
verbose=${SC_QEMU_VERBOSE:-0}
src=${SC_QEMU_SRC:-}
ko_dir=${SC_QEMU_KO_DIR:-}
version=$(cat "$SC_TOP/VERSION" 2>/dev/null)

# qemu, busybox-static, the cross compiler and the build-root tools
"$here/deps.sh" build matrix qemu >&2 || sc_die "scripts/deps.sh build matrix qemu failed"

for t in "${targets[@]}"; do
	case " ${all_targets[*]} " in
	*" $t "*) ;;
	*) sc_die "unknown target $t (known: ${all_targets[*]})" ;;
	esac
done

# ---------------------------------------------------------------------------
# The guest script (busybox sh), kept here but for the /proc/crypto helpers
# it shares with the demo's (sc_guest_crypto in lib.sh).
guest_script() {
	echo '#!/bin/sh'
	sc_guest_crypto
	sc_guest_settle
	cat <<'GUEST'
INSMOD_ARGS="@INSMOD_ARGS@"
VERSION="@VERSION@"
npass=0 nfail=0
res() {
	case "$*" in PASS*) npass=$((npass + 1)) ;; FAIL*) nfail=$((nfail + 1)) ;; esac
	echo "SC-RESULT $*"
}
info() { echo "SC-INFO $*"; }

# run_afalg LABEL ARGS... : one SC-RESULT line; failures shown; sets
# skipped to the algorithms afalg -m found missing (space separated)
run_afalg() {
	label=$1; shift
	afalg "$@" >/tmp/afalg.out 2>&1
	rc=$?
	sum=$(tail -1 /tmp/afalg.out)
	skipped=$(sed -n 's/^SKIP \([^:]*\): .*/\1/p' /tmp/afalg.out | tr '\n' ' ')
	skipped=${skipped% }
	if [ $rc = 0 ]; then
		res "PASS $label: $sum${skipped:+ (not run, the kernel has none: $skipped)}"
	else
		grep -E '^FAIL' /tmp/afalg.out | head -20 | sed 's/^/  afalg: /'
		res "FAIL $label: $sum"
	fi
}

# entries NAME -> "driver refcnt" of every /proc/crypto entry named NAME
entries() {
	awk -v n="$1" -F' *: ' '
	/^name/ { m = ($2 == n) } /^driver/ { d = $2 }
	/^refcnt/ && m { print d, $2 }' /proc/crypto
}

# run_ktls LABEL ARGS... : test/ktls.c; its records go to the console
# for the host to open with OpenSSL
run_ktls() {
	label=$1; shift
	ktls "$@" >/tmp/ktls.out 2>&1
	rc=$?
	grep '^KTLS-CAPTURE' /tmp/ktls.out
	grep '^KTLS-DRIVER' /tmp/ktls.out | sed 's/^KTLS-DRIVER /SC-INFO ktls: /'
	grep -E '^  ' /tmp/ktls.out | sed 's/^/  ktls: /'
	grep -E '^(PASS|FAIL) ' /tmp/ktls.out | while read -r r rest; do
		echo "SC-RESULT $r $label: $rest"
	done
	sum=$(tail -1 /tmp/ktls.out)
	case "$sum" in
	*" passed, 0 failed") [ $rc = 0 ] || res "FAIL $label: exit $rc" ;;
	*" passed, "*" failed") ;;	# its FAIL lines counted below
	*) res "FAIL $label: did not finish: $sum" ;;
	esac
	npass=$((npass + $(grep -c '^PASS ' /tmp/ktls.out)))
	nfail=$((nfail + $(grep -c '^FAIL ' /tmp/ktls.out)))
}

# ---- IPsec: ESP with rfc7539esp(chacha20,poly1305) between namespaces a, b
IP=/usr/sbin/ip
AEAD='rfc7539esp(chacha20,poly1305)'
ADDR_A=10.77.0.1 ADDR_B=10.77.0.2
KEY_AB=0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1fa0a1a2a3
KEY_BA=0xf0e0d0c0b0a090807060504030201000f1e1d1c1b1a191817161514131211101b0b1b2b3
PING_SIZES="0 56 1400 1473 4000 9000 20000"
# esp_ns ME PEER REQID_OUT REQID_IN: ip -batch lines for both SAs and the
# policies of the namespace whose address is ME (few ip runs: each costs
# a dynamic link under TCG)
esp_ns() {
	echo "xfrm state add src $ADDR_A dst $ADDR_B proto esp spi 0x1001 reqid 1 mode transport aead $AEAD $KEY_AB 128"
	echo "xfrm state add src $ADDR_B dst $ADDR_A proto esp spi 0x2002 reqid 2 mode transport aead $AEAD $KEY_BA 128"
	echo "xfrm policy add src $1/32 dst $2/32 dir out tmpl src $1 dst $2 proto esp reqid $3 mode transport"
	echo "xfrm policy add src $2/32 dst $1/32 dir in tmpl src $2 dst $1 proto esp reqid $4 mode transport"
}
# namespaces a and b joined by a veth pair; b's SAs now (the kernel's
# template serves them), a's after insmod (ours): every packet crosses
# from one implementation to the other
ipsec_b() {
	$IP netns add a && $IP netns add b &&
	printf '%s\n' "link add va type veth peer name vb" "link set va netns a" \
		"link set vb netns b" | $IP -b - &&
	printf '%s\n' "addr add $ADDR_A/24 dev va" "link set va up" "link set lo up" |
		$IP -n a -b - &&
	{ printf '%s\n' "addr add $ADDR_B/24 dev vb" "link set vb up" "link set lo up"
	  esp_ns $ADDR_B $ADDR_A 2 1; } | $IP -n b -b -
}
# packets of the ESP SAs 0x1001 and 0x2002 in NS, from ip -s xfrm state
esp_packets() {
	$IP -s -n $1 xfrm state | awk '
		/^src/ { cur = "" } $1 == "proto" { cur = substr($4, 1, 10) }
		/lifetime current:/ { want = cur; next }
		want { sub(/.*, /, ""); sub(/\(packets\).*/, ""); n[want] = $0 + 0; want = "" }
		END { print n["0x00001001"] + 0, n["0x00002002"] + 0 }'
}
ipsec_check() {
	if ! esp_ns $ADDR_A $ADDR_B 1 2 | $IP -n a -b - >/tmp/ip.err 2>&1; then
		res "FAIL ipsec: SAs in namespace a: $(cat /tmp/ip.err)"
		return
	fi
	e=$(entries "seqiv($AEAD)" | grep simdcrypt)
	set -- $e
	case "$1" in
	*rfc7539esp-chacha20-poly1305-simdcrypt*)
		if [ "${2:-0}" -ge 2 ]; then
			res "PASS ipsec: /proc/crypto seqiv($AEAD) is $1, refcnt $2 while a's SAs exist"
		else
			res "FAIL ipsec: $1 refcnt ${2:-?}, want >= 2 while a's SAs exist"
		fi ;;
	*) res "FAIL ipsec: no seqiv($AEAD) on our driver in /proc/crypto: $(entries "seqiv($AEAD)" | tr '\n' ';')" ;;
	esac
	bad=$($IP netns exec a sh -c "for s in $PING_SIZES; do
		ping -c 1 -W 5 -s \$s $ADDR_B >/tmp/ping.out 2>&1 || echo \$s; done")
	[ -z "$bad" ] && res "PASS ipsec: pings of $(echo $PING_SIZES | tr ' ' ',') bytes a -> b -> a over ESP (a: simdcrypt, b: the kernel's template)" ||
		res "FAIL ipsec: pings of $(echo $bad) bytes got no reply: $(tail -2 /tmp/ping.out | tr '\n' ' ')"
	n=$(echo $PING_SIZES | wc -w)
	counts="$(esp_packets a) $(esp_packets b)"
	set -- $counts
	if [ $# = 4 ] && [ "$1" -ge $n ] && [ "$2" -ge $n ] && [ "$3" -ge $n ] && [ "$4" -ge $n ]; then
		res "PASS ipsec: ESP packets counted by the SAs (a: out, in; b: in, out): $counts"
	else
		res "FAIL ipsec: ESP packet counts (a: out, in; b: in, out) '$counts', want >= $n each"
	fi
	errs=$( (for ns in a b; do $IP netns exec $ns cat /proc/net/xfrm_stat; done) | awk '$2 != 0' | tr '\n' ' ')
	[ -z "$errs" ] && res "PASS ipsec: /proc/net/xfrm_stat all zero in a and b" ||
		res "FAIL ipsec: xfrm errors: $errs"
}
ipsec_down() {
	for ns in a b; do
		printf '%s\n' "xfrm policy flush" "xfrm state flush" | $IP -n $ns -b -
		$IP netns del $ns
	done 2>/dev/null
}

kver=$(uname -r)
major=${kver%%.*}
rest=${kver#*.}
minor=${rest%%[!0-9]*}
info "kernel $kver $(uname -m)"
info "cpu $(grep -m1 -E '^(flags|Features)' /proc/cpuinfo | tr ' ' '\n' |
	grep -xE 'ssse3|avx|avx2|bmi1|bmi2|avx512f|avx512vl|avx512bw|avx512ifma|asimd|sha3|sve|sve2' | tr '\n' ' ')"

# ---- the kernel's own drivers ----
for m in $(cat /etc/sc/kmods); do insmod "$m" 2>/dev/null; done
if [ -e /proc/sys/crypto/af_alg_restrict ]; then
	echo 0 >/proc/sys/crypto/af_alg_restrict && info "af_alg_restrict set to 0"
fi
run_afalg "afalg vs the kernel's own drivers" -m
# what -m may find missing: 7.x has no poly1305 shash (its rfc7539
# template calls the library); 6.x has every algorithm
kernel_lacks=$skipped
may_lack=""
[ "$major" -lt 7 ] || may_lack="poly1305"
bad=""
for a in $kernel_lacks; do
	case " $may_lack " in *" $a "*) ;; *) bad="$bad $a" ;; esac
done
[ -z "$bad" ] && res "PASS afalg -m: the kernel lacks only what $kver may lack (${kernel_lacks:-nothing})" ||
	res "FAIL afalg -m: the kernel's own$bad missing, so not tested (only '$may_lack' may be)"
echo "SC-PROC-BEFORE"
for a in $ALGS; do
	b=$(best $a)
	echo "$a ${b:-(none)}" | tee -a /tmp/before
done

# ---- IPsec and kTLS on the kernel's own template ----
# lap NAME: seconds since the last lap, added to the AEAD part's total
t_aead=0 t_lap=$(date +%s)
lap() {
	t=$(date +%s)
	info "time $1: $((t - t_lap)) s"
	t_aead=$((t_aead + t - t_lap))
}
t_lap=$(date +%s)
if ipsec_b >/tmp/ip.err 2>&1; then
	e=$(entries "seqiv($AEAD)")
	case "$e" in
	""|*simdcrypt*) res "FAIL ipsec: b's SAs are not on the kernel's template: '$e'" ;;
	*) res "PASS ipsec: namespaces a, b, veth; b's SAs on the kernel's template: $e" ;;
	esac
else
	res "FAIL ipsec: namespaces/veth/SAs in b: $(cat /tmp/ip.err 2>/dev/null)"
fi
lap "ipsec, namespace b"
t_lap=$(date +%s)
run_ktls "ktls (the kernel's template)" -l kernel
lap "ktls, the kernel's template"

# ---- insmod ----
dmesg -c >/dev/null
if finit /lib/extra/simdcrypt.ko $INSMOD_ARGS; then
	res "PASS insmod simdcrypt.ko $INSMOD_ARGS"
else
	res "FAIL insmod simdcrypt.ko $INSMOD_ARGS: $(dmesg | tail -3 | tr '\n' ' ')"
fi
dmesg | grep -i simdcrypt | sed 's/^/SC-DMESG /'
v=$(cat /sys/module/simdcrypt/version 2>/dev/null)
if [ "$v" = "$VERSION" ] && dmesg | grep -q "simdcrypt: version $VERSION,"; then
	res "PASS version $VERSION in /sys/module/simdcrypt/version and the load message"
else
	res "FAIL version: /sys/module/simdcrypt/version '$v', load message '$(dmesg | grep -o 'simdcrypt: version [^,]*')', want $VERSION"
fi
for p in /sys/module/simdcrypt/parameters/*_impl; do
	[ -e "$p" ] && info "$(basename $p) = $(cat $p)"
done

# ---- our drivers ----
run_afalg "afalg vs simdcrypt (drivers <alg>-simdcrypt, selftest passed)" -d simdcrypt
echo "SC-PROC-AFTER"
for a in $ALGS; do
	b=$(best $a)
	echo "$a ${b:-(none)}"
	case "$b" in
	"$a-simdcrypt "*" passed") res "PASS /proc/crypto $a: $b" ;;
	*) res "FAIL /proc/crypto $a: best is '${b:-none}', want $a-simdcrypt with selftest passed" ;;
	esac
done

# ---- IPsec and kTLS on our AEAD drivers ----
for spec in "rfc7539(chacha20,poly1305) rfc7539-chacha20-poly1305-simdcrypt" \
	    "$AEAD rfc7539esp-chacha20-poly1305-simdcrypt"; do
	set -- $spec
	b=$(best "$1")
	case "$b" in
	"$2 "*" passed") res "PASS /proc/crypto $1: $b" ;;
	*) res "FAIL /proc/crypto $1: best is '${b:-none}', want $2 with selftest passed" ;;
	esac
done
t_lap=$(date +%s)
ipsec_check
ipsec_down
lap "ipsec, namespace a, pings"
t_lap=$(date +%s)
run_ktls "ktls (simdcrypt)" -l simdcrypt -d simdcrypt
lap "ktls, simdcrypt"
t_lap=$(date +%s)
# the SAs and sockets let go of the module (xfrm frees states in a worker)
i=0
while [ "$(cat /sys/module/simdcrypt/refcnt)" != 0 ] && [ $i -lt 100 ]; do
	sleep 0.1 2>/dev/null || sleep 1
	i=$((i + 1))
done
[ "$(cat /sys/module/simdcrypt/refcnt)" = 0 ] &&
	res "PASS ipsec, ktls: the SAs and sockets are gone, module refcnt 0" ||
	res "FAIL ipsec, ktls: module refcnt $(cat /sys/module/simdcrypt/refcnt) after flushing the SAs"
lap "waiting for the module's refcnt"
t_lap=$(date +%s)

# every row the CPU supports, forced at run time
for p in chacha poly1305 sha3 aead; do
	f=/sys/module/simdcrypt/parameters/${p}_impl
	[ -w "$f" ] || { res "FAIL rows $p: $f missing or not writable"; continue; }
	case $p in
	chacha) algs="chacha20 xchacha20 xchacha12" ;;
	poly1305) algs="poly1305" ;;
	sha3) algs="sha3-224 sha3-256 sha3-384 sha3-512" ;;
	aead) algs="rfc7539 rfc7539esp"; t_lap=$(date +%s) ;;
	esac
	for row in $(cat $f | tr -d '[]'); do
		[ "$row" = fastest ] && continue
		if ! echo "$row" >"$f" 2>/dev/null; then
			res "FAIL row $p=$row: writing ${p}_impl refused"
			continue
		fi
		run_afalg "row $p=$row" -d simdcrypt $algs
	done
	echo fastest >"$f"
	[ $p = aead ] && lap "afalg, every aead row"
done

# templates that real users instantiate
for spec in "skcipher adiantum(xchacha12,aes) xchacha12-simdcrypt" \
	    "skcipher adiantum(xchacha20,aes) xchacha20-simdcrypt" \
	    "aead rfc7539(chacha20,poly1305) rfc7539-chacha20-poly1305-simdcrypt" \
	    "aead rfc7539esp(chacha20,poly1305) rfc7539esp-chacha20-poly1305-simdcrypt"; do
	set -- $spec
	out=$(afalg driver "$1" "$2" 2>&1)
	case "$out" in
	*"$3"*) res "PASS template $2: $out" ;;
	*) res "FAIL template $2: $out (want $3 inside)" ;;
	esac
done

# ---- kcapi-tools (libkcapi, a client nobody here wrote) vs the host's openssl ----
K=/root/kcapi
if [ -x /usr/sbin/kcapi-dgst ] && [ -x /usr/sbin/kcapi-enc ]; then
	PATH=$PATH:/usr/sbin
	got=$(kcapi-dgst -c sha3-256 --hex -i $K/data 2>&1)
	if [ "$got" = "$(cat $K/sha3-256)" ]; then
		res "PASS kcapi-dgst -c sha3-256 equals openssl dgst -sha3-256 ($(wc -c <$K/data) bytes)"
	else
		res "FAIL kcapi-dgst -c sha3-256: '$got', openssl says '$(cat $K/sha3-256)'"
	fi
	kcapi-enc -q -c chacha20 -e --iv "$(cat $K/iv)" --keyfd 3 -i $K/data -o /tmp/kc 3<$K/key
	kcapi-enc -q -c chacha20 -d --iv "$(cat $K/iv)" --keyfd 3 -i $K/chacha20 -o /tmp/kp 3<$K/key
	if cmp -s /tmp/kc $K/chacha20 && cmp -s /tmp/kp $K/data; then
		res "PASS kcapi-enc -c chacha20 equals openssl enc -chacha20 (encrypt and decrypt)"
	else
		res "FAIL kcapi-enc -c chacha20 differs from openssl enc -chacha20 ($(wc -c </tmp/kc 2>/dev/null) bytes out)"
	fi
else
	echo "SC-RESULT SKIP kcapi-tools: not carried for $(uname -m)"
fi

# ---- tcrypt ----
tc=$(cat /etc/sc/tcrypt 2>/dev/null)
tcrypt() {	# tcrypt LABEL NEED PARAMS... (NEED: text the log must contain)
	label=$1 need=$2; shift 2
	dmesg -c >/dev/null
	out=$(finit "$tc" "$@")
	rc=$?
	dmesg >/tmp/tcrypt.log
	sed 's/^/SC-TCRYPT /' /tmp/tcrypt.log | grep -E 'testing speed|bytes|cycles|fail|error' | head -12
	if [ $rc != 11 ]; then
		res "FAIL tcrypt $label: $out (want EAGAIN, i.e. all tests passed)"
	elif grep -qiE 'fail|mismatch|error' /tmp/tcrypt.log; then
		res "FAIL tcrypt $label: $(grep -iE 'fail|mismatch|error' /tmp/tcrypt.log | head -2 | tr '\n' ' ')"
	elif [ -n "$need" ] && ! grep -q "$need" /tmp/tcrypt.log; then
		res "FAIL tcrypt $label: output does not mention $need"
	else
		res "PASS tcrypt $label"
	fi
}
if [ -z "$tc" ]; then
	res "SKIP tcrypt: the kernel has no tcrypt module"
else
	for m in 48 49 50 51; do tcrypt "mode=$m (testmgr sha3 vectors)" "" mode=$m; done
	tcrypt "mode=300 alg=sha3-256-simdcrypt sec=0" sha3-256-simdcrypt mode=300 alg=sha3-256-simdcrypt sec=0
	tcrypt "mode=214 (chacha20) sec=0" chacha20-simdcrypt mode=214 sec=0
	t_lap=$(date +%s)
	tcrypt "mode=213 (rfc7539esp) sec=0" rfc7539esp-chacha20-poly1305-simdcrypt mode=213 sec=0
	lap "tcrypt mode=213"
	if [ "$major" -gt 6 ] || { [ "$major" = 6 ] && [ "$minor" -ge 12 ]; }; then
		tcrypt "mode=600 alg=xchacha12 sec=0" xchacha12-simdcrypt mode=600 alg=xchacha12 klen=32 sec=0
	fi
	if [ "$major" = 6 ]; then
		tcrypt "mode=321 (poly1305) sec=0" poly1305-simdcrypt mode=321 sec=0
	fi
fi

# ---- rmmod: the kernel's own drivers take over ----
if rmmod simdcrypt; then
	res "PASS rmmod simdcrypt"
else
	res "FAIL rmmod simdcrypt: $(lsmod | grep simdcrypt)"
fi
bad=""
for a in $ALGS "rfc7539(chacha20,poly1305)" "$AEAD"; do
	b=$(best "$a")
	case "$b" in *simdcrypt*) bad="$bad $a" ;; esac
done
[ -z "$bad" ] && res "PASS no simdcrypt driver left in /proc/crypto" ||
	res "FAIL simdcrypt drivers still registered after rmmod:$bad"
run_afalg "afalg vs the kernel's own drivers after rmmod" -m
# -m skips what is missing: after rmmod exactly what was before insmod
[ "$skipped" = "$kernel_lacks" ] &&
	res "PASS after rmmod the kernel serves every algorithm it served before insmod" ||
	res "FAIL after rmmod the kernel lacks '$skipped', before insmod '$kernel_lacks'"

# ---- a row this CPU lacks, named at load: a warning, not a failed load ----
n0=$(dmesg | wc -l)
if finit /lib/extra/simdcrypt.ko chacha_impl=no-such-row; then
	p=/sys/module/simdcrypt/parameters/chacha_impl
	if ! grep -q '^\[fastest\]' $p; then
		res "FAIL load with chacha_impl=no-such-row: not on fastest ($(cat $p))"
	elif echo no-such-row >$p 2>/dev/null; then
		res "FAIL load with chacha_impl=no-such-row: the same write at run time was taken"
	elif ! dmesg | tail -n +$((n0 + 1)) | grep -q 'chacha_impl=no-such-row refused (-22): fastest instead'; then
		res "FAIL load with chacha_impl=no-such-row: no warning in dmesg"
	else
		res "PASS load with chacha_impl=no-such-row: fastest, warned; refused at run time"
	fi
	# nothing used the drivers: their self-tests may still hold the
	# module (rmmod then says EAGAIN; seen on arm64 under TCG)
	settle 1 >/dev/null
	rmmod simdcrypt || res "FAIL rmmod simdcrypt (second load)"
else
	res "FAIL load with chacha_impl=no-such-row: $(dmesg | tail -2 | tr '\n' ' ')"
fi

# ---- dmesg ----
echo "SC-DMESG-BEGIN"
dmesg
echo "SC-DMESG-END"
if dmesg | grep -qE 'WARNING:|BUG:|Oops|Call Trace|general protection|UBSAN|KASAN|alg: .*(fail|mismatch)|self-tests? .*fail'; then
	dmesg | grep -E 'WARNING:|BUG:|Oops|Call Trace|general protection|UBSAN|KASAN|alg: .*(fail|mismatch)|self-tests? .*fail' |
		head -5 | sed 's/^/  dmesg: /'
	res "FAIL dmesg has warnings/oopses/self-test failures"
else
	res "PASS dmesg clean (no WARNING/BUG/Oops/Call Trace/self-test failure)"
fi
info "the AEAD checks (IPsec, kTLS, aead rows, tcrypt 213) took $t_aead s"
echo "SC-GUEST-SUMMARY pass=$npass fail=$nfail"
GUEST
}

# qemu_boot TARGET KERNEL INITRD LOG : boots with a timeout; returns qemu's
# status (124: timed out)
qemu_boot() {
	sc_qemu_boot "$1" "$2" "$3" "$4" "$timeout_s" "${5:-}"
}

# kcapi_inputs DIR: kcapi-tools (Debian's, carried with their libraries by
# initramfs.sh -x like ip), random input, a key, an IV and what the host's
# openssl makes of them. Sets kcapi_files to initramfs.sh arguments.
kcapi_inputs() {
	local d=$1 f
	kcapi_files=()
	mkdir -p "$d"
	head -c 10007 /dev/urandom >"$d/data"
	head -c 32 /dev/urandom >"$d/key"
	# chacha20's 16-byte IV, kernel and OpenSSL alike: LE32 counter, nonce
	printf '01000000%s' "$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')" >"$d/iv"
	openssl dgst -sha3-256 -r "$d/data" | cut -d' ' -f1 >"$d/sha3-256" || return 1
	openssl enc -chacha20 -K "$(od -An -tx1 "$d/key" | tr -d ' \n')" -iv "$(cat "$d/iv")" \
		-in "$d/data" -out "$d/chacha20" || return 1
	for f in data key iv sha3-256 chacha20; do kcapi_files+=(-f "$d/$f:/root/kcapi/$f"); done
	# libkcapi asks NETLINK_CRYPTO (crypto_user) about an algorithm first
	kcapi_files+=(-m crypto_user -x kcapi-dgst -x kcapi-enc)
}

# the known answers the guests check against, recomputed from the
# specifications first (pure Python: test/afalg_vectors.py)
mkdir -p "$SC_TOP/build/qemu"
if ! python3 "$SC_TOP/test/afalg_vectors.py" >"$SC_TOP/build/qemu/vectors.txt" 2>&1; then
	grep -A2 MISMATCH "$SC_TOP/build/qemu/vectors.txt" >&2
	echo "0 passed, 1 failed"
	sc_die "test/afalg_vectors.py: a known answer disagrees with the specification"
fi

# the host half of the kTLS check: opens the records the guest printed
ktls_host=$SC_TOP/build/qemu/bin/ktls-host
mkdir -p "$(dirname "$ktls_host")"
if [ ! -x "$ktls_host" ] || [ "$SC_TOP/test/ktls.c" -nt "$ktls_host" ] ||
	[ "$SC_TOP/test/report.h" -nt "$ktls_host" ] ||
	[ "$SC_TOP/test/fdio.h" -nt "$ktls_host" ]; then
	gcc -O2 -Wall -Wextra -DKTLS_HOST -o "$ktls_host" "$SC_TOP/test/ktls.c" -lcrypto ||
		sc_die "building the host half of test/ktls.c failed (libssl-dev?)"
fi

# SC-RESULT SKIP lines a guest may print (a check left out by design, with
# why); any other SKIP fails its target:
#   kcapi-tools on arm64: initramfs.sh carries Debian's amd64 kcapi-tools only
expected_skips='^SC-RESULT SKIP kcapi-tools: not carried for aarch64$'

passed=0 failed=0	# targets
cpassed=0 cfailed=0	# checks, guest and host: the closing line
summary=()
for t in "${targets[@]}"; do
	start=$(date +%s)
	dir=$SC_TOP/build/qemu/$t${ko_dir:+-given}
	mkdir -p "$dir"
	# one run per target at a time (the directory holds its logs and image)
	exec 9>"$dir/.check-qemu.lock"
	flock -n 9 || { sc_log "check-qemu: $t: another run holds $dir, waiting"; flock 9; }
	reason=""
	npass=0 nfail=0 nskip=0 hpass=0 hfail=0 rfail=0
	sc_log "check-qemu: $t: kernel"
	if ! kv=$("$here/qemu-kernels.sh" "$t"); then
		reason="could not fetch the Debian kernel"
	else
		eval "$kv"
		if [ -n "$ko_dir" ]; then
			ko=$ko_dir/$t/simdcrypt.ko
			sc_log "check-qemu: $t: loading the given $ko"
			if [ ! -f "$ko" ]; then
				reason="no $ko (SC_QEMU_KO_DIR)"
			elif ! modinfo -F vermagic "$ko" | grep -q "^$SC_KVER "; then
				reason="$ko is for '$(modinfo -F vermagic "$ko")', not $SC_KVER"
			fi
		else
			sc_log "check-qemu: $t: building simdcrypt.ko for $SC_KVER"
			if ! bm=$(SC_KVER=$SC_KVER "$here/build-module.sh" "$t" "$src" "$dir"); then
				reason="module build failed, see $(printf '%s\n' "$bm" | sed -n 's/^LOG=//p')"
			else
				ko=$(printf '%s\n' "$bm" | sed -n 's/^KO=\(.*simdcrypt\.ko\)$/\1/p' | head -1)
				[ -f "$ko" ] || reason="build-module.sh left no simdcrypt.ko"
			fi
		fi
	fi
	if [ -z "$reason" ]; then
		guest_script | sed "s|@INSMOD_ARGS@|$insmod_args|; s|@VERSION@|$version|" >"$dir/guest-check.sh"
		kc=()
		if [ "$SC_KARCH" = x86_64 ]; then
			kcapi_inputs "$dir/kcapi" || reason="kcapi-tools inputs (openssl) failed"
			kc=("${kcapi_files[@]}")
		fi
		# IPsec and kTLS: tls, veth, xfrm_user, esp4, seqiv, and the
		# stdrng (drbg over sha512) that 6.x's seqiv takes its salt from
		if ! "$here/initramfs.sh" "$t" "$dir/initramfs.cpio.gz" -k "$ko" -s "$dir/guest-check.sh" \
			-m tls -m veth -m xfrm_user -m esp4 -m crypto-seqiv -m crypto-stdrng -m crypto-sha512 -x ip \
			"${kc[@]}" >/dev/null; then
			reason="initramfs build failed"
		fi
	fi
	if [ -z "$reason" ]; then
		sc_log "check-qemu: $t: booting $SC_KVER in QEMU (TCG; up to ${timeout_s}s)"
		qemu_boot "$t" "$SC_VMLINUZ" "$dir/initramfs.cpio.gz" "$dir/console.log"
		qrc=$?
		tr -d '\r\000' <"$dir/console.log" >"$dir/console.txt"
		log=$dir/console.txt
		nfail=$(grep -a -c '^SC-RESULT FAIL' "$log")
		npass=$(grep -a -c '^SC-RESULT PASS' "$log")
		# a check the guest skipped did not pass (but the expected ones)
		nskip=$(grep -a '^SC-RESULT SKIP' "$log" | grep -a -v -c -E "$expected_skips")
		gsum=$(grep -a -m1 '^SC-GUEST-SUMMARY ' "$log" | cut -d' ' -f2-)
		missing=""
		for need in "insmod simdcrypt.ko" "afalg vs simdcrypt" "rmmod simdcrypt" "dmesg clean" \
			"tcrypt mode=214" "load with chacha_impl=no-such-row" \
			"ipsec: pings" "ktls (simdcrypt): simdcrypt pair: messages" \
			"ktls (simdcrypt): simdcrypt capture"; do
			grep -a -q "^SC-RESULT PASS $need" "$log" || missing="$missing, $need"
		done
		# the records the guest's kTLS wrote, opened here with OpenSSL
		"$ktls_host" "$log" >"$dir/ktls-host.txt" 2>&1
		hpass=$(grep -c '^PASS ' "$dir/ktls-host.txt")
		hfail=$(grep -c '^FAIL ' "$dir/ktls-host.txt")
		[ "$verbose" = 1 ] && sed -n 's/^PASS /    host: PASS /p' "$dir/ktls-host.txt"
		sed -n 's/^FAIL /    host: FAIL /p' "$dir/ktls-host.txt"
		for need in "kernel host: OpenSSL" "simdcrypt host: OpenSSL"; do
			grep -q "^PASS $need" "$dir/ktls-host.txt" || missing="$missing, $need"
		done
		# the rows forced above are the ones the module listed: each
		# *_impl must list the rows the guest CPU's flags allow (lib.sh),
		# or a detection gone blind on this kernel would test generic only
		printf 'flags\t: %s\n' "$(sed -n 's/^SC-INFO cpu //p' "$log" | head -1)" >"$dir/cpuflags.txt"
		sed -n 's/^SC-INFO \([a-z0-9]*_impl\) = /\1: /p' "$log" >"$dir/parameters.txt"
		sc_checks_start
		sc_check_rows "$dir/cpuflags.txt" "$dir/parameters.txt" >"$dir/rows.txt"
		sed 's/^/    host: /' "$dir/rows.txt"
		hpass=$((hpass + pass)) hfail=$((hfail + fail)) rfail=$fail
		if [ "$verbose" = 1 ]; then
			grep -a -E '^SC-(RESULT|INFO)' "$log" | sed 's/^SC-[A-Z]* /    /'
		else
			grep -a -E '^SC-INFO' "$log" | sed 's/^SC-INFO /    /'
			grep -a -E '^SC-RESULT (FAIL|SKIP)|^  (afalg|dmesg): ' "$log" | sed 's/^SC-RESULT /    /'
		fi
		if [ $qrc = 124 ] || [ $qrc = 137 ]; then
			reason="QEMU timed out after ${timeout_s}s (last line: $(tail -1 "$log"))"
		elif grep -a -v '^SC-' "$log" | grep -a -qE 'Kernel panic|BUG:|Oops'; then
			reason="kernel crashed: $(grep -a -v '^SC-' "$log" | grep -a -m1 -E 'Kernel panic|BUG:|Oops')"
		elif ! grep -a -q '^SC-GUEST-DONE' "$log"; then
			reason="guest did not finish (qemu status $qrc)"
		elif [ "$rfail" -gt 0 ]; then
			reason="$rfail *_impl parameter(s) lack rows the CPU's flags allow ($dir/parameters.txt)"
		elif [ "$hfail" -gt 0 ]; then
			reason="$hfail host check(s) of the kTLS records failed: $(grep -m2 '^FAIL ' "$dir/ktls-host.txt" | cut -c6-120 | paste -sd ';')"
		elif [ "$nfail" -gt 0 ]; then
			reason="$nfail guest check(s) failed: $(grep -a -m3 '^SC-RESULT FAIL' "$log" | sed 's/^SC-RESULT FAIL //' | cut -c1-100 | paste -sd ';')"
		elif [ "$nskip" -gt 0 ]; then
			reason="$nskip guest check(s) skipped: $(grep -a '^SC-RESULT SKIP' "$log" | grep -a -v -E "$expected_skips" | head -3 | sed 's/^SC-RESULT SKIP //' | cut -c1-100 | paste -sd ';')"
		elif [ "$gsum" != "pass=$npass fail=0" ]; then
			reason="console log incomplete: guest says '${gsum:-nothing}', log has $npass passes"
		elif [ -n "$missing" ]; then
			reason="checks missing from the log: ${missing#, }"
		fi
	fi
	secs=$(($(date +%s) - start))
	cpassed=$((cpassed + npass + hpass))
	cfailed=$((cfailed + nfail + nskip + hfail))
	if [ -z "$reason" ]; then
		line="PASS $t ($SC_KVER): $npass guest + $hpass host checks passed, ${secs}s"
		passed=$((passed + 1))
	else
		line="FAIL $t${SC_KVER:+ ($SC_KVER)}: $reason"
		failed=$((failed + 1))
		# a target that failed without a failed check still counts one
		[ $((nfail + nskip + hfail)) -gt 0 ] || cfailed=$((cfailed + 1))
	fi
	echo "$line"
	summary+=("$line")
	unset SC_KVER
done

if [ ${#targets[@]} -gt 1 ]; then
	echo "== check-qemu summary (logs: build/qemu/TARGET/console.txt)"
	printf '%s\n' "${summary[@]}"
fi
echo "targets: $passed passed, $failed failed"
echo "$cpassed passed, $cfailed failed"
[ "$failed" = 0 ]
