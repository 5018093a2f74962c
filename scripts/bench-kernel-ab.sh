#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/bench-kernel-ab.sh BASE      (`make bench-kernel-ab BASE=...`)
#
# In-kernel time of one rfc7539esp(chacha20,poly1305) request, this
# checkout's module against BASE's (a git revision, or a directory of module
# sources), in one boot of the plain User-Mode Linux kernel
# (scripts/uml-kernel.sh): for the request glue, where tcrypt's one-second
# averages move by more than the change (make bench-kernel's per-round
# ratios at 16 B have spread from 1.02x to 1.45x in one run).
#
# bench/kernel/aead_loop.ko times requests back to back at each length,
# sealed out of place, sealed in place, opened out of place, and opened in
# place then sealed in place again as a pair (ESP's layout: AD and IV in
# one scatterlist entry, the text at a page's start in another), best of
# 25 runs of 4000 each.  Rounds alternate the modules:
#
#   round 1: insmod base, loop, rmmod, insmod ours, loop, rmmod
#   round 2: ours first, then base; and so on
#
# Per length and way: each side's median time over the rounds, and the
# median of the rounds' ratios (ours / base: below 1 is faster).
# UML runs kernel code natively, but its kernel_fpu_begin/end do nothing
# and its memset/memcpy are the kernel's plain x86 ones: the glue's
# share of a request there is not what it is on a real x86 kernel.
#
# Environment: SC_BENCH_ROUNDS (default 16), SC_BENCH_LENS (default
# 16,64,256,1420; at most 8, each at most 2048), SC_UML_KERNEL (a UML
# build directory; default the plain flavour).
# Output and logs: build/bench-kernel-ab/.

set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

base=${1:?usage: $0 BASE (a git revision or a module source directory)}
rounds=${SC_BENCH_ROUNDS:-16}
lens=${SC_BENCH_LENS:-16,64,256,1420}
out=$SC_TOP/build/bench-kernel-ab
sc_uml_bench_start "$out" bench-kernel-ab
kdir=$sc_kdir
[ -x "$kdir/linux" ] || sc_die "no UML kernel in $kdir"

rm -rf "$out/base" "$out/ours" "$out/loop" "$out/root"
mkdir -p "$out/base" "$out/root"/{bin,proc,sys,dev,tmp,out,modules}
if [ -d "$base" ]; then
	sc_copy_sources "$out/base" "$base" || sc_die "copying $base failed"
else
	git -C "$SC_TOP" archive "$base" | tar -x -C "$out/base" ||
		sc_die "no git revision $base"
fi
sc_copy_sources "$out/ours" || sc_die "copying the sources failed"
cp -a "$SC_TOP/bench/kernel" "$out/loop"
for m in base ours loop; do
	sc_log "bench-kernel-ab: building $m for UML"
	make -C "$kdir" ARCH=um -j2 M="$out/$m" >"$out/$m.log" 2>&1 ||
		{ tail -20 "$out/$m.log" >&2; sc_die "$m does not build for UML (see $out/$m.log)"; }
done
cp "$out/base/simdcrypt.ko" "$out/root/modules/base.ko"
cp "$out/ours/simdcrypt.ko" "$out/root/modules/ours.ko"
cp "$out/loop/aead_loop.ko" "$out/root/modules/"
cp /bin/busybox "$out/root/bin/busybox"
gcc -O2 -static -o "$out/root/bin/finit" "$SC_TOP/test/finit.c" || sc_die "building test/finit.c failed"

cat >"$out/root/init.sh" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
ROUNDS=$rounds
LENS=$lens
EOF
cat >>"$out/root/init.sh" <<'EOF'
# side ROUND NAME: load that module, time the requests, unload it
side() {
	insmod /modules/$2.ko || echo "bench: insmod $2 failed"
	dmesg -c >/dev/null
	finit /modules/aead_loop.ko lens=$LENS >/dev/null
	dmesg | grep 'sc-aead-loop:' | sed "s/^/SC-AB $1 $2 /" >>/out/loop.txt
	rmmod simdcrypt || echo "bench: rmmod $2 failed"
}
: >/out/loop.txt
r=1
while [ $r -le $ROUNDS ]; do
	if [ $((r % 2)) = 1 ]; then side $r base; side $r ours
	else side $r ours; side $r base; fi
	r=$((r + 1))
done
poweroff -f
EOF
chmod +x "$out/root/init.sh"

sc_log "bench-kernel-ab: $rounds rounds, base ($base) and ours alternating"
SC_UML_KERNEL=$kdir SC_UML_TIMEOUT=$((rounds * 120 + 120)) \
	"$here/uml-run.sh" "$out/root" >"$out/console.txt" 2>&1 || sc_die "the UML run failed (see $out/console.txt)"
grep '^bench: .*failed' "$out/console.txt" && sc_die "insmod/rmmod failed in UML (see $out/console.txt)"
cp "$out/root/out/loop.txt" "$out/loop.txt"
grep -q 'errors' "$out/loop.txt" && sc_die "requests failed (see $out/loop.txt)"

echo "rfc7539esp request time in User-Mode Linux $(basename "$kdir" | cut -d- -f1-2): base $base, ours $(git -C "$SC_TOP" describe --always --dirty)"
echo "host CPU:$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
# SC-AB ROUND SIDE [time] sc-aead-loop: DRIVER WAY LEN: NS ns
awk '
	function median(a, n,   i, j, t) {
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
			if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	/sc-aead-loop:/ {
		for (i = 1; i <= NF; i++) if ($i == "sc-aead-loop:") break
		k = $(i + 2) " " ($(i + 3) + 0)
		t[$2, $3, k] = $(i + 4) + 0
		if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
		if ($2 > nr) nr = $2
	}
	END {
		printf "%-18s %10s %10s  %s\n", "way, bytes", "base ns", "ours ns", "ours/base (median of rounds; per round)"
		for (q = 1; q <= nk; q++) {
			k = keys[q]; m = 0; per = ""
			for (r = 1; r <= nr; r++) {
				b = t[r, "base", k]; o = t[r, "ours", k]
				if (b > 0 && o > 0) { m++; x[m] = o / b; bs[m] = b; os[m] = o
					per = per sprintf(" %.2f", o / b) }
			}
			if (m) printf "%-18s %10.1f %10.1f  %.3f  %s\n", k, median(bs, m), median(os, m), median(x, m), per
		}
	}' "$out/loop.txt" | tee "$out/result.txt"
grep -q '^seal-oop' "$out/result.txt"
