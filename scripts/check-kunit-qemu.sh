#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/check-kunit-qemu.sh [x86_64|arm64] [--debug]
#
# The KUnit suites (kunit/simdcrypt_kunit.ko) inside a small REAL x86_64
# kernel under QEMU (TCG), where UML cannot go: kernel_fpu_begin/end are
# real (the AVX2 rows run inside them, with PREEMPT on), may_use_simd() is
# the real one (the no-SIMD suite takes the real path), objtool checks the
# module (return thunks, retpolines, IBT as in Debian's kernels), and
# DEBUG_ATOMIC_SLEEP catches sleeping in an FPU section.
#
# arm64 (optional): the same kernel cross-built with aarch64-linux-gnu-gcc,
# booted with qemu-system-aarch64 -M virt -cpu max,pauth-impdef=on (NEON
# rows inside real kernel_neon_begin/end, in-kernel pointer authentication
# on, SVE on).
#
#  1. scripts/kunit-kernel.sh builds (first run, ~3 min on 2 idle cores) or
#     reuses the cached kernel: tinyconfig + KUnit + crypto self-tests (full)
#     + AF_ALG, from the linux-source scripts/uml-kernel.sh unpacked.
#  2. scripts/build-module.sh <kernel dir> builds simdcrypt.ko, then
#     kunit/simdcrypt_kunit.ko against its Module.symvers, into
#     build/kunit-qemu/ARCH/mod/ (the checkout stays clean).
#  3. A busybox initramfs (busybox-static) whose /init: records /proc/crypto,
#     insmods simdcrypt.ko (waits for its self-tests), insmods the KUnit
#     module, rmmods both, dumps each phase's dmesg to the console between
#     markers, reboots (QEMU runs with -no-reboot, so it exits).
#  4. Checks here: insmod/rmmod worked; every algorithm resolves to
#     "<alg>-simdcrypt" with "selftest : passed"; no WARNING/BUG/Oops/
#     "sleeping function called from invalid context"/failed self-test in
#     dmesg or on the console; the KTAP is complete and all ok,
#     nothing skipped (test/ktap_check.py, per-suite counts).
# Closing line exactly "N passed, N failed" (checks + KUnit cases); exit 1
# on any failure.
#
# --debug (x86_64; `make check-kcsan`): the debug flavour of the kernel
# (scripts/kunit-kernel.sh --debug: KCSAN, PROVE_LOCKING, DEBUG_PREEMPT,
# DEBUG_ATOMIC_SLEEP) on 4 vCPUs.  After the KUnit suites the guest also
#  - loads kunit/stress/simdcrypt_stress.ko: a kthread per vCPU runs every
#    algorithm for 20 s against the kernel's generic drivers while another
#    forces random rows (chacha_impl=/poly1305_impl=/sha3_impl=) every ms;
#  - runs test/afalg_hold: rmmod while AF_ALG sockets hold our transforms
#    must fail (EWOULDBLOCK/EBUSY) with no oops, and succeed once they close;
#    if it blocks in the kernel, the console gets its wait channel and
#    stack (and every other blocked task's), "SC-STUCK" lines.
# Any KCSAN report, lockdep splat or "BUG:" line fails the layer, but for
# the KCSAN reports listed (by title, with why) at $kernel_races below:
# races inside the kernel's core about its own data.
#
# Environment:
#   SC_MODPARAMS        extra simdcrypt.ko parameters (e.g. test_corrupt=1:
#                       the run must then fail)
#   SC_KUNIT_TIMEOUT    seconds for the boot (default 300; a run boots and
#                       tests in ~5 s under TCG)
#   SC_KUNIT_SMP        QEMU CPUs (default 2; --debug: 4)
#   SC_STRESS_SECONDS   --debug: how long the stress runs (default 20)
#   SC_STRESS_RACE=1    --debug: the stress adds a deliberate data race (the
#                       layer must then fail on the KCSAN report)
#   SC_KUNIT_APPEND     more kernel command line, e.g.
#                       kunit.filter_glob=simdcrypt_safety* (fewer suites)
#   SC_CACHE            cache directory (default /var/cache/simdcrypt)
# Results: build/kunit-qemu/ARCH/out/ (console.txt, dmesg-*.txt, ktap.txt,
# proc-crypto-*.txt).

set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

arch=${1:-x86_64}
debug=""
[ "${2:-}" = --debug ] && debug=--debug
case $arch in
x86_64) qemu=qemu-system-x86_64 cc=gcc image=arch/x86/boot/bzImage margs=() ;;
arm64) qemu=qemu-system-aarch64 cc=aarch64-linux-gnu-gcc image=arch/arm64/boot/Image
	margs=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-) ;;
*) echo "usage: $0 [x86_64|arm64]" >&2; exit 2 ;;
esac
t0=$(date +%s)
fatal() { sc_log "ERROR: $*"; echo "0 passed, 1 failed"; exit 1; }
top=$SC_TOP
work="$top/build/kunit-qemu/$arch${debug:+-debug}"
timeout_s=${SC_KUNIT_TIMEOUT:-${debug:+1500}}
timeout_s=${timeout_s:-300}
smp=${SC_KUNIT_SMP:-${debug:+4}}
smp=${smp:-2}
# 4 vCPUs of TCG on a 2-core host starve each other for seconds: the soft
# lockup and RCU stall detectors would report the host, not the module
# (a real hang still ends in the timeout)
extra_append="${debug:+nosoftlockup rcupdate.rcu_cpu_stall_suppress=1} ${SC_KUNIT_APPEND:-}"
algs="chacha20 xchacha20 xchacha12 poly1305 sha3-224 sha3-256 sha3-384 sha3-512"

# --- host tools -------------------------------------------------------------
for t in $qemu cpio gzip python3 make $cc; do
	command -v $t >/dev/null || fatal "$t not found (scripts/deps.sh build qemu installs it)"
done
if [ "$arch" = x86_64 ]; then
	busybox=/bin/busybox
	[ -x "$busybox" ] && ! ldd "$busybox" >/dev/null 2>&1 ||
		fatal "$busybox is missing or not static (install busybox-static)"
else
	# busybox-static:arm64 from bookworm, as scripts/initramfs.sh fetches it
	bbdir=$SC_CACHE/busybox/arm64
	if [ ! -x "$bbdir/root/bin/busybox" ]; then
		deb=$(sc_download bookworm arm64 "$bbdir" busybox-static) || fatal "cannot fetch busybox-static:arm64"
		rm -rf "$bbdir/root"
		dpkg -x "$deb" "$bbdir/root" || fatal "cannot unpack $deb"
	fi
	busybox=$bbdir/root/bin/busybox
fi

# --- kernel -----------------------------------------------------------------
kdir=$("$here/kunit-kernel.sh" "$arch" $debug) || fatal "no KUnit kernel (scripts/kunit-kernel.sh failed)"
kimage=$kdir/$image
t_kernel=$(( $(date +%s) - t0 ))

mkdir -p "$work"
exec 8>"$work/.lock"
flock -n 8 || { sc_log "another check-kunit-qemu.sh uses $work; waiting"; flock 8; }
out=$work/out
rm -rf "$out"
mkdir -p "$out"

# --- modules ----------------------------------------------------------------
sc_log "building simdcrypt.ko and simdcrypt_kunit.ko against $kdir"
mod=$work/mod
"$here/build-module.sh" "$kdir" "$top" "$mod" "${margs[@]}" >"$out/build-module.out" ||
	{ cat "$mod/build.log" >&2 2>/dev/null; fatal "simdcrypt.ko does not build for the KUnit kernel"; }
"$here/build-module.sh" "$kdir" "$top/kunit" "$mod" "${margs[@]}" >"$out/build-kunit.out" ||
	{ cat "$mod/build-kunit.log" >&2 2>/dev/null; fatal "simdcrypt_kunit.ko does not build for the KUnit kernel"; }
[ -f "$mod/simdcrypt.ko" ] && [ -f "$mod/kunit/simdcrypt_kunit.ko" ] ||
	fatal "build-module.sh left no simdcrypt.ko / kunit/simdcrypt_kunit.ko"
if [ -n "$debug" ]; then
	"$here/build-module.sh" "$kdir" "$top/kunit/stress" "$mod" "${margs[@]}" >"$out/build-stress.out" ||
		{ cat "$mod/build-kunit-stress.log" >&2 2>/dev/null; fatal "simdcrypt_stress.ko does not build"; }
	for t in afalg_hold finit; do
		$cc -static -O2 -Wall -Werror -o "$work/$t" "$top/test/$t.c" || fatal "test/$t.c does not build"
	done
fi
# objtool runs on a real x86_64 kernel: its warnings are findings
warn=$(grep -hE 'warning:' "$mod/build.log" "$mod/build-kunit.log" \
	${debug:+"$mod/build-kunit-stress.log"} 2>/dev/null || true)
# a log that is not there has no warnings either
for f in "$mod/build.log" "$mod/build-kunit.log" ${debug:+"$mod/build-kunit-stress.log"}; do
	[ -f "$f" ] || warn="${warn:+$warn
}no build log $f"
done
t_mod=$(( $(date +%s) - t0 - t_kernel ))

# --- initramfs --------------------------------------------------------------
stage=$(mktemp -d "${TMPDIR:-/tmp}/sc-kunitq.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,etc,proc,sys,dev,tmp,root,modules}
cp "$busybox" "$stage/bin/busybox"
ln -s busybox "$stage/bin/sh"
cp "$mod/simdcrypt.ko" "$mod/kunit/simdcrypt_kunit.ko" "$stage/modules/"
printf '%s\n' "${SC_MODPARAMS:-}" >"$stage/etc/modparams"
if [ -n "$debug" ]; then
	cp "$mod/kunit/stress/simdcrypt_stress.ko" "$stage/modules/"
	cp "$work/afalg_hold" "$work/finit" "$stage/bin/"
	echo "seconds=${SC_STRESS_SECONDS:-20}${SC_STRESS_RACE:+ race=1}" >"$stage/etc/stressparams"
fi
{
echo '#!/bin/sh'
sc_guest_settle
cat <<'EOF'
# check-kunit-qemu guest: collect, do not judge (the host checks).
/bin/busybox --install -s /bin
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
mount -t tmpfs tmp /tmp
O=/tmp
dump() {	# dump NAME FILE: a file onto the console between markers
	echo "SC-BEGIN $1"
	cat "$2"
	echo "SC-END $1"
}
echo "SC-GUEST-START $(uname -r) $(uname -m)"
echo "SC-CPU $(grep -m1 -E '^(flags|Features)' /proc/cpuinfo | tr ' ' '\n' |
	grep -xE 'ssse3|avx|avx2|avx512f|avx512vl|avx512bw|avx512ifma|asimd|sha3|sve|sve2' | tr '\n' ' ')"
cat /proc/crypto >$O/proc-crypto-before.txt
cat /proc/cpuinfo >$O/cpuinfo.txt
dmesg -c >$O/dmesg-boot.txt

t=$(cut -d' ' -f1 /proc/uptime)
insmod /modules/simdcrypt.ko $(cat /etc/modparams)
echo "SC-RC insmod-simdcrypt $?"
# one poll a second: the line below counts seconds
echo "SC-INFO simdcrypt.ko loaded, self-tests settled after $(settle 1)s (uptime $t -> $(cut -d' ' -f1 /proc/uptime))"
cat /proc/crypto >$O/proc-crypto-loaded.txt
for p in /sys/module/simdcrypt/parameters/*; do
	[ -r "$p" ] && echo "${p##*/}: $(cat $p)"
done >$O/parameters.txt 2>&1
dmesg -c >$O/dmesg-insmod.txt

t=$(cut -d' ' -f1 /proc/uptime)
insmod /modules/simdcrypt_kunit.ko
echo "SC-RC insmod-kunit $?"
echo "SC-INFO KUnit module ran (uptime $t -> $(cut -d' ' -f1 /proc/uptime))"
dmesg -c >$O/dmesg-kunit.txt
cat /proc/crypto >$O/proc-crypto-kunit.txt

rmmod simdcrypt_kunit
echo "SC-RC rmmod-kunit $?"
if [ -f /modules/simdcrypt_stress.ko ]; then
	# finit, not insmod: busybox would run a failed init a second time
	finit /modules/simdcrypt_stress.ko $(cat /etc/stressparams)
	echo "SC-RC insmod-stress $?"
	rmmod simdcrypt_stress
	echo "SC-RC rmmod-stress $?"
	dmesg -c >$O/dmesg-stress.txt
	[ -e /proc/sys/crypto/af_alg_restrict ] && echo 0 >/proc/sys/crypto/af_alg_restrict
	# a step that blocks in the kernel never sees its own alarm: after
	# 150 s say where it waits (and every other blocked task), then kill it
	afalg_hold simdcrypt &
	pid=$!
	i=0
	while [ -d /proc/$pid ] && [ $i -lt 150 ]; do sleep 1; i=$((i + 1)); done
	if [ -d /proc/$pid ]; then
		for t in /proc/[0-9]*; do
			grep -q '^State:.*[DS]' $t/status 2>/dev/null || continue
			[ "$t" = /proc/$pid ] || grep -q '^State:.*D' $t/status || continue
			echo "SC-STUCK $(cat $t/comm) ($(grep '^State' $t/status)): wchan $(cat $t/wchan)"
			sed 's/^/SC-STUCK   /' $t/stack 2>/dev/null
		done
		kill -9 $pid
	fi
	wait $pid
	echo "SC-RC afalg-hold $?"
	dmesg -c >$O/dmesg-hold.txt
fi
rmmod simdcrypt
echo "SC-RC rmmod-simdcrypt $?"
cat /proc/crypto >$O/proc-crypto-after.txt
dmesg -c >$O/dmesg-rmmod.txt

for f in proc-crypto-before proc-crypto-loaded proc-crypto-kunit proc-crypto-after \
	 cpuinfo parameters dmesg-boot dmesg-insmod dmesg-kunit dmesg-stress dmesg-hold dmesg-rmmod; do
	[ -f $O/$f.txt ] && dump $f $O/$f.txt
done
echo "SC-GUEST-DONE"
sync
reboot -f
EOF
} >"$stage/init"
chmod +x "$stage/init"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$work/initramfs.cpio.gz" ||
	fatal "initramfs build failed"

# --- boot -------------------------------------------------------------------
sc_qemu_cmd "$arch" "$kimage" "$work/initramfs.cpio.gz" "loglevel=5 log_buf_len=8M $extra_append"
sc_log "booting $(cat "$kdir/include/config/kernel.release") in $qemu (TCG, -smp $smp; up to ${timeout_s}s; modparams '${SC_MODPARAMS:-}')"
t1=$(date +%s)
qrc=0
timeout --foreground -k 10 "$timeout_s" "${sc_qemu[@]}" -smp "$smp" \
	</dev/null >"$out/console.log" 2>&1 || qrc=$?
t_boot=$(( $(date +%s) - t1 ))
tr -d '\r\000' <"$out/console.log" >"$out/console.txt"
con=$out/console.txt
for f in proc-crypto-before proc-crypto-loaded proc-crypto-kunit proc-crypto-after \
	cpuinfo parameters dmesg-boot dmesg-insmod dmesg-kunit dmesg-stress dmesg-hold dmesg-rmmod; do
	awk -v n="$f" '$0 == "SC-END " n {p=0} p {print} $0 == "SC-BEGIN " n {p=1}' "$con" >"$out/$f.txt"
done

# --- checks -----------------------------------------------------------------
sc_checks_start
# A kernel message printed while the guest echoes its status may end up
# on the same console line, after the status (7.x prints from a console
# thread): "0" then anything but a digit.
rc_is0() { grep -qE "^SC-RC $1 0([^0-9]|\$)" "$con"; }

grep -a '^SC-CPU\|^SC-INFO' "$con" | sed 's/^SC-[A-Z]* /  /'
check "QEMU exited by itself (status $qrc; 124/137 = timed out after ${timeout_s}s)" [ "$qrc" = 0 ]
check "guest ran to the end" grep -q '^SC-GUEST-DONE' "$con"
check "insmod simdcrypt.ko ${SC_MODPARAMS:-}" rc_is0 insmod-simdcrypt
check "insmod simdcrypt_kunit.ko" rc_is0 insmod-kunit
check "rmmod simdcrypt_kunit" rc_is0 rmmod-kunit
check "rmmod simdcrypt" rc_is0 rmmod-simdcrypt
if [ -n "$debug" ]; then
	check "stress: every answer agreed with the kernel's drivers while rows switched" rc_is0 insmod-stress
	grep -ah 'simdcrypt_stress: .*workers' "$out/dmesg-stress.txt" | sed 's/^[^]]*] */  /'
	check "rmmod simdcrypt_stress" rc_is0 rmmod-stress
	grep -a '^afalg_hold:\|^SC-STUCK' "$con" | sed 's/^/  /'
	check "rmmod refused while AF_ALG sockets held the transforms" rc_is0 afalg-hold
fi
if [ -z "$warn" ]; then
	ok "modules build without warnings (objtool included)"
else
	bad "module build warnings (objtool included):"
	printf '    %s\n' "$warn" | head -20
fi

sc_crypto_tables "$out"
for a in $algs; do
	best=$(awk -v a="$a" '$1 == a' "$out/table-loaded.txt" | sort -k3,3nr | head -1)
	read -r _ drv _ st _ <<<"${best:-x x 0 x x}"
	check "$a resolves to $a-simdcrypt, selftest passed (got $drv, $st)" \
		[ "$drv" = "$a-simdcrypt" -a "$st" = passed ]
done
sc_check_ours_gone "$out"
sc_check_rows "$out/cpuinfo.txt" "$out/parameters.txt"

# dmesg and console: crashes, warnings, sleeping in atomic context, failed
# self-tests
cat "$out"/dmesg-*.txt >"$out/dmesg.txt" 2>/dev/null
pat='KCSAN:|DEBUG_LOCKS_WARN_ON|suspicious RCU usage|possible (recursive|circular) locking|inconsistent lock state|bad unlock balance|locking correctness validator|WARNING:|BUG:|BUG |Oops|Call Trace|Call trace|Internal error|Unable to handle|general protection|kernel panic|Kernel panic|UBSAN|KASAN|refcount_t|alg: .*(fail|error)|self-?test.*fail|simdcrypt.*(error|fail)|sleeping function called|scheduling while atomic|in_atomic|preempt count|soft lockup|hung task|rcu.*stall|objtool'
# KCSAN reports between two functions of the kernel's core, about the
# kernel's own data, seen where our stress kthreads exit; listed by their
# exact title, each with what it is (nothing of ours is read or written):
#   __lock_acquire / do_exit: an exiting kthread's task->flags (do_exit()
#     sets PF_EXITING) read on another CPU, where KCSAN's unwinding of the
#     reader was unreliable (it named __lock_acquire over and over); once
#     in about ten runs (2026-12-03)
kernel_races='KCSAN: data-race in __lock_acquire / do_exit$'
crash=$(grep -ahE "$pat" "$out/dmesg.txt" "$con" 2>/dev/null |
	grep -avE '^\s*(#|ok |not ok |KTAP |1\.\.)|module verification failed|^SC-|RCU CPU stall warnings suppressed|[Cc]ommand line:' |
	grep -avE "$kernel_races" |
	sort -u)
if [ -z "$crash" ]; then
	ok "no WARNING/BUG/Oops/sleep-in-atomic/self-test failure in dmesg"
else
	bad "dmesg has warnings, crashes or failed self-tests:"
	printf '    %s\n' "$crash" | head -30
fi
if [ -s "$out/dmesg-boot.txt" ]; then
	check "boot dmesg present (kernel self-tests at boot included)" true
else
	bad "no boot dmesg collected"
fi
if [ -n "$debug" ]; then
	# the detectors are live: KCSAN's boot self-test, lockdep's banner
	check "KCSAN ran its boot self-test and passed it" \
		grep -qE 'kcsan: selftest: ([0-9]+)/\1 tests passed' "$out/dmesg-boot.txt"
	check "lockdep is on" grep -q 'Lock dependency validator' "$out/dmesg-boot.txt"
fi

# KTAP
sc_ktap_report "$out" "$kdir"

[ $fail = 0 ] || { echo "--- console (last 40 lines; all in $con) ---"; grep -av '^SC-' "$con" | tail -40; }
sc_log "check-kunit-qemu: kernel ${t_kernel}s, modules ${t_mod}s, QEMU boot+tests ${t_boot}s, total $(( $(date +%s) - t0 ))s; results in $out"
[ "$ktap_skipped" = 0 ] || echo "($ktap_skipped KUnit cases skipped, counted as failed)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
