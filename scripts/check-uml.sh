#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# `make check-uml`: simdcrypt inside a User-Mode Linux kernel, at native
# speed on the host CPU (AVX-512 paths included).
#
#  1. scripts/uml-kernel.sh --debug builds (first run, ~5-15 min) or reuses
#     the cached UML kernel: Debian's newest linux-source with KUnit, the
#     full crypto self-tests, KASAN, DEBUG_SG and failslab.
#  2. Builds simdcrypt.ko and kunit/simdcrypt_kunit.ko against it, from a
#     copy of the working tree in build/uml/ (the tree itself stays clean).
#  3. Boots UML on a hostfs root (busybox) whose init: records /proc/crypto,
#     insmods simdcrypt.ko, records /proc/crypto again, loads the KUnit
#     module, collects the KTAP, rmmods both, records /proc/crypto and dmesg.
#  4. Checks here: insmod/rmmod worked; every algorithm resolves to
#     "<alg>-simdcrypt" with "selftest : passed" and a priority above the
#     kernel's own drivers; the kernel's drivers take over again after
#     rmmod; no WARN/BUG/Oops or failed self-test in dmesg; the KTAP is
#     complete and all ok, nothing skipped (test/ktap_check.py, per-suite
#     counts).
# Closing line: "N passed, N failed" (checks + KUnit cases); exit 1 on any
# failure.
#
# Environment:
#   SC_MODPARAMS   extra simdcrypt.ko parameters, e.g. "test_corrupt=1" (the
#                  run must then fail) or "chacha_impl=generic"
#   SC_UML_DEBUG   0: use the plain kernel flavour (no KASAN/DEBUG_SG)
#   SC_UML_TIMEOUT seconds for the boot (default 300; a normal run takes ~2)
#   SC_CACHE       cache directory (default /var/cache/simdcrypt)
# Results: build/uml/out/ (console.log, ktap.txt, proc-crypto-*.txt, dmesg).

set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

t0=$(date +%s)
# A step that cannot go on still ends with the closing line.
fatal() { sc_log "ERROR: $*"; echo "0 passed, 1 failed"; exit 1; }
top=$SC_TOP
work="$top/build/uml"
# NAME, or NAME=DRIVER where the driver is not NAME-simdcrypt
algs="chacha20 xchacha20 xchacha12 poly1305 sha3-224 sha3-256 sha3-384 sha3-512
rfc7539(chacha20,poly1305)=rfc7539-chacha20-poly1305-simdcrypt
rfc7539esp(chacha20,poly1305)=rfc7539esp-chacha20-poly1305-simdcrypt"

# --- host tools ----------------------------------------------------------------
if [ -x "$top/scripts/deps.sh" ]; then
	"$top/scripts/deps.sh" build qemu >&2 || fatal "scripts/deps.sh build qemu failed"
else
	missing=""
	for p in busybox-static gcc make bc flex bison libelf-dev libssl-dev python3 cpio; do
		dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
	done
	if [ -n "$missing" ]; then
		sc_log "installing:$missing"
		# shellcheck disable=SC2086
		apt-get install -y -q $missing >&2 || fatal "apt-get install$missing failed"
	fi
fi
busybox=/bin/busybox
[ -x "$busybox" ] && ! ldd "$busybox" >/dev/null 2>&1 ||
	fatal "$busybox is missing or not static (install busybox-static)"

# --- kernel ------------------------------------------------------------------
kflavour=--debug
[ "${SC_UML_DEBUG:-1}" = 0 ] && kflavour=""
# shellcheck disable=SC2086
kdir=$("$top/scripts/uml-kernel.sh" $kflavour) || fatal "no UML kernel (scripts/uml-kernel.sh failed)"
t_kernel=$(( $(date +%s) - t0 ))

# --- modules -----------------------------------------------------------------
mkdir -p "$work"
exec 8>"$work/.lock"
flock -n 8 || { sc_log "another check-uml.sh uses $work; waiting"; flock 8; }
sc_log "building simdcrypt.ko and simdcrypt_kunit.ko for UML"
rm -rf "$work/src" "$work/root" "$work/out"
mkdir -p "$work/src" "$work/out"
sc_copy_sources "$work/src" || fatal "copying the source tree failed"
mk() { make -C "$kdir" ARCH=um -j"$(nproc)" SIMDCRYPT_TEST=1 "$@"; }
if ! mk M="$work/src" >"$work/out/build-module.log" 2>&1; then
	cat "$work/out/build-module.log" >&2
	fatal "simdcrypt.ko does not build for UML"
fi
if ! mk M="$work/src/kunit" KBUILD_EXTRA_SYMBOLS="$work/src/Module.symvers" \
	>"$work/out/build-kunit.log" 2>&1; then
	cat "$work/out/build-kunit.log" >&2
	fatal "simdcrypt_kunit.ko does not build for UML"
fi
warn=$(grep -hE 'warning:' "$work/out/build-module.log" "$work/out/build-kunit.log" || true)
[ -z "$warn" ] || { sc_log "build warnings:"; printf '%s\n' "$warn" >&2; }

# --- root file system ----------------------------------------------------------
root="$work/root"
mkdir -p "$root"/{bin,proc,sys,dev,tmp,modules,out}
cp "$busybox" "$root/bin/busybox"
cp "$work/src/simdcrypt.ko" "$work/src/kunit/simdcrypt_kunit.ko" "$root/modules/"
printf '%s\n' "${SC_MODPARAMS:-}" >"$root/modparams"
{
echo '#!/bin/busybox sh'
sc_guest_settle
cat <<'EOF'
# UML init for check-uml: collect, do not judge (the host checks).
/bin/busybox --install -s /bin
export PATH=/bin
O=/out
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug
mount -t tmpfs tmpfs /tmp
echo "init: started" >$O/progress
cat /proc/crypto >$O/proc-crypto-before.txt
dmesg -c >$O/dmesg-boot.txt

insmod /modules/simdcrypt.ko $(cat /modparams)
echo $? >$O/insmod-simdcrypt.rc
echo "self-tests settled after $(settle 0.1) polls" >>$O/progress
cat /proc/crypto >$O/proc-crypto-loaded.txt
for p in /sys/module/simdcrypt/parameters/*; do
	[ -r "$p" ] && echo "${p##*/}: $(cat $p)"
done >$O/parameters.txt 2>&1
dmesg -c >$O/dmesg-insmod.txt
echo "init: simdcrypt loaded" >>$O/progress

# the AEAD suite's failed allocations (failslab, debug kernel) are meant:
# no stack dump for them
f=/sys/kernel/debug/failslab/verbose
[ -w $f ] && echo 0 >$f
insmod /modules/simdcrypt_kunit.ko
echo $? >$O/insmod-kunit.rc
dmesg -c >$O/dmesg-kunit.txt
for s in /sys/kernel/debug/kunit/*/results; do
	[ -r "$s" ] && cat "$s"
done >$O/kunit-debugfs.txt 2>&1
cat /proc/crypto >$O/proc-crypto-kunit.txt
echo "init: kunit done" >>$O/progress

rmmod simdcrypt_kunit
echo $? >$O/rmmod-kunit.rc
rmmod simdcrypt
echo $? >$O/rmmod-simdcrypt.rc
cat /proc/crypto >$O/proc-crypto-after.txt
dmesg -c >$O/dmesg-rmmod.txt
echo "init: done" >>$O/progress
sync
poweroff -f
EOF
} >"$root/init.sh"
chmod +x "$root/init.sh"

# --- boot ----------------------------------------------------------------------
sc_log "booting UML (modparams: '${SC_MODPARAMS:-}')"
t1=$(date +%s)
urc=0
SC_UML_TIMEOUT=${SC_UML_TIMEOUT:-300} SC_UML_KERNEL="$kdir" "$top/scripts/uml-run.sh" "$root" >"$work/out/console.log" || urc=$?
t_boot=$(( $(date +%s) - t1 ))
cp "$root"/out/* "$work/out/" 2>/dev/null || true
out="$work/out"

# --- checks --------------------------------------------------------------------
sc_checks_start
rc_is0() { [ -f "$out/$1" ] && [ "$(cat "$out/$1")" = 0 ]; }

check "UML booted and powered off (exit $urc)" [ "$urc" = 0 ]
check "init ran to the end" grep -q '^init: done' "$out/progress"
check "insmod simdcrypt.ko ${SC_MODPARAMS:-}" rc_is0 insmod-simdcrypt.rc

sc_crypto_tables "$out"

for spec in $algs; do
	a=${spec%%=*}
	want=$a-simdcrypt
	[ "$spec" = "$a" ] || want=${spec#*=}
	# the entry the API picks for the name: highest priority
	best=$(awk -v a="$a" '$1 == a' "$out/table-loaded.txt" | sort -k3,3nr | head -1)
	read -r _ drv prio st _ <<<"${best:-x x 0 x x}"
	check "$a resolves to $want (got $drv)" [ "$drv" = "$want" ]
	check "$want selftest : passed (got $st)" [ "$st" = passed ]
	other=$(awk -v a="$a" '$1 == a && $2 !~ /simdcrypt/ {print $3}' \
		"$out/table-before.txt" "$out/table-loaded.txt" | sort -nr | head -1)
	if [ -n "$other" ]; then
		check "$want priority $prio above the kernel's ($other)" [ "$prio" -gt "$other" ]
	fi
	after=$(awk -v a="$a" '$1 == a' "$out/table-after.txt" | sort -k3,3nr | head -1 | cut -d' ' -f2)
	before=$(awk -v a="$a" '$1 == a' "$out/table-before.txt" | sort -k3,3nr | head -1 | cut -d' ' -f2)
	if [ -n "$before" ]; then
		check "$a back to the kernel's $before after rmmod (got ${after:-none})" [ "$after" = "$before" ]
	elif [ "$spec" = "$a" ]; then
		check "$a gone after rmmod (no kernel driver; got ${after:-none})" [ -z "$after" ]
	fi
	# (a template's instances made by the tests outlive the module: the
	# "no simdcrypt driver left" check below covers the AEADs)
done
sc_check_ours_gone "$out"
# UML runs on this CPU: the host's flags
sc_check_rows /proc/cpuinfo "$out/parameters.txt"

# What measuring the rows at load added to insmod: at most 20 ms, and one
# row's turn (tens of microseconds) past it; 5 ms more allowed for the host
# preempting UML in that turn.  UML runs the rows natively, so this is the
# CPU's number (about 10 ms), with KASAN on the C around them.
plans=$(grep -ho 'dispatch plans built in [0-9]* us ([^)]*)' "$out/dmesg-insmod.txt" 2>/dev/null | head -1)
plans_us=$(sed -n 's/.* in \([0-9]*\) us.*/\1/p' <<<"$plans")
echo "insmod: ${plans:-no dispatch plans line}"
plans_ok() { [ -n "$plans_us" ] && [ "$plans_us" -le 25000 ]; }
check "dispatch plans line at insmod, within 25 ms (got ${plans_us:-none} us)" plans_ok
check "insmod simdcrypt_kunit.ko" rc_is0 insmod-kunit.rc
check "rmmod simdcrypt_kunit" rc_is0 rmmod-kunit.rc
check "rmmod simdcrypt" rc_is0 rmmod-simdcrypt.rc

# dmesg: crashes, warnings, failed self-tests
cat "$out"/dmesg-*.txt >"$out/dmesg.txt" 2>/dev/null || true
pat='WARNING:|BUG:|BUG |Oops|Call Trace|general protection|kernel panic|Kernel panic|UBSAN|KASAN|refcount_t|alg: .*(fail|error)|self-?test.*fail|simdcrypt.*(error|fail)|sleeping function called'
crash=$(grep -hE "$pat" "$out/dmesg.txt" "$out/console.log" 2>/dev/null |
	grep -vE '^\s*(#|ok |not ok |KTAP |1\.\.)|module verification failed' | sort -u || true)
if [ ! -s "$out/dmesg.txt" ]; then
	# an empty log has no warnings either: not a pass
	bad "no dmesg collected from the guest (crashed or did not boot?)"
elif [ -z "$crash" ]; then
	ok "no WARN/BUG/Oops/self-test failure in dmesg"
else
	bad "dmesg has warnings, crashes or failed self-tests:"
	printf '    %s\n' "$crash" | head -30
fi

# KTAP
sc_ktap_report "$out" "$kdir"

[ $fail = 0 ] || { echo "--- console (last 40 lines) ---"; tail -40 "$out/console.log"; }
sc_log "check-uml: kernel ${t_kernel}s, boot+tests ${t_boot}s, total $(( $(date +%s) - t0 ))s; results in $out"
[ "$ktap_skipped" = 0 ] || echo "($ktap_skipped KUnit cases skipped, counted as failed)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
