#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/bench-kernel.sh      (`make bench-kernel`; also a section of `make demo`)
#
# In-kernel speed of the ChaCha20-Poly1305 AEAD: tcrypt mode 213
# (rfc7539esp(chacha20,poly1305), 8 bytes of AD, 16-byte tag; encryption
# and decryption at each size tcrypt times: 16 .. 8192 bytes) in one boot
# of the User-Mode Linux kernel (scripts/uml-kernel.sh, the plain flavour:
# native speed on the real CPU, AVX-512 visible, no KASAN), our driver
# against the kernel's template (crypto/chacha20poly1305.c) over the
# kernel's own drivers, alternating:
#
#   round 1: template, insmod simdcrypt.ko, ours, rmmod
#   round 2: insmod, ours, rmmod, template
#   round 3: like round 1 ...
#
# Mode 213 takes no alg=: it gets the highest priority rfc7539esp. The
# template is timed only while simdcrypt.ko is out: registering our
# chacha20 tears down template instances, and a new one would be built
# over our chacha20, not the kernel's. Each size's ratio (ours / template,
# bytes per second) is taken per round; the median of the rounds is
# printed, with the median rates.
#
# Environment: SC_BENCH_ROUNDS (default 3), SC_BENCH_SEC (tcrypt sec=,
# default 1), SC_BENCH_MODPARAMS (simdcrypt.ko's parameters, e.g.
# aead_impl=onepass to time one row), SC_QEMU_SRC (module sources;
# default this checkout), SC_UML_KERNEL (a UML build directory; default
# the plain flavour).
# Output and raw tcrypt logs: build/bench-kernel/. The last line is
# "rfc7539esp 1420 B: seal X.XXx, open X.XXx the template (target >= 3x)".

set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

rounds=${SC_BENCH_ROUNDS:-3}
sec=${SC_BENCH_SEC:-1}
out=$SC_TOP/build/bench-kernel
sc_uml_bench_start "$out" bench-kernel
kdir=$sc_kdir
[ -x "$kdir/linux" ] && [ -f "$kdir/crypto/tcrypt.ko" ] || sc_die "no UML kernel with tcrypt.ko in $kdir"
grep -q '^CONFIG_KASAN=y' "$kdir/.config" 2>/dev/null &&
	sc_log "WARNING: $kdir has KASAN: the kernel's C is slowed, the ratios are not representative"

# the module, from a copy of the sources
rm -rf "$out/src" "$out/root"
mkdir -p "$out/root"/{bin,proc,sys,dev,tmp,out,modules}
sc_copy_sources "$out/src" "${SC_QEMU_SRC:-}" || sc_die "copying the sources failed"
sc_log "bench-kernel: building simdcrypt.ko for UML"
make -C "$kdir" ARCH=um -j2 M="$out/src" >"$out/build.log" 2>&1 ||
	{ tail -20 "$out/build.log" >&2; sc_die "simdcrypt.ko does not build for UML (see $out/build.log)"; }

cp /bin/busybox "$out/root/bin/busybox"
gcc -O2 -static -o "$out/root/bin/finit" "$SC_TOP/test/finit.c" || sc_die "building test/finit.c failed"
cp "$out/src/simdcrypt.ko" "$kdir/crypto/tcrypt.ko" "$out/root/modules/"
cat >"$out/root/init.sh" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t tmpfs tmpfs /tmp
ROUNDS=$rounds
SEC=$sec
MODPARAMS="${SC_BENCH_MODPARAMS:-}"
EOF
cat >>"$out/root/init.sh" <<'EOF'
# run ROUND SIDE: one tcrypt mode 213 pass, its dmesg to /out
run() {
	echo "bench: round $1: $2"
	dmesg -c >/dev/null
	finit /modules/tcrypt.ko mode=213 sec=$SEC >/dev/null
	dmesg | sed "s/^/SC-BENCH $1 $2 /" >>/out/tcrypt.txt
}
ours() {
	# MODPARAMS unquoted: several parameters, or none
	insmod /modules/simdcrypt.ko $MODPARAMS || echo "bench: insmod failed"
	run $1 simdcrypt
	rmmod simdcrypt || echo "bench: rmmod failed"
}
: >/out/tcrypt.txt
r=1
while [ $r -le $ROUNDS ]; do
	if [ $((r % 2)) = 1 ]; then
		run $r template
		ours $r
	else
		ours $r
		run $r template
	fi
	r=$((r + 1))
done
poweroff -f
EOF
chmod +x "$out/root/init.sh"

sc_log "bench-kernel: $rounds rounds of tcrypt mode=213 sec=$sec, template and simdcrypt alternating (about $((rounds * 2 * 16 * sec + 10)) s)"
SC_UML_KERNEL=$kdir SC_UML_TIMEOUT=$((rounds * 2 * 16 * sec * 3 + 120)) \
	"$here/uml-run.sh" "$out/root" >"$out/console.txt" 2>&1 || sc_die "the UML run failed (see $out/console.txt)"
grep '^bench: .*failed' "$out/console.txt" && sc_die "insmod/rmmod failed in UML (see $out/console.txt)"
cp "$out/root/out/tcrypt.txt" "$out/tcrypt.txt"

echo "rfc7539esp(chacha20,poly1305) in User-Mode Linux $(basename "$kdir" | cut -d- -f1-2), tcrypt mode 213 (sec=$sec, 8 B AD)"
echo "host CPU:$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
[ -z "${SC_BENCH_MODPARAMS:-}" ] || echo "simdcrypt.ko parameters: $SC_BENCH_MODPARAMS"
# SC-BENCH ROUND SIDE <dmesg line>
awk -v rounds="$rounds" '
	function median(a, n,   i, j, t) {
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
			if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	/testing speed of/ {
		side = $3; r = $2
		dir = ($0 ~ /decryption/) ? "open" : "seal"
		match($0, /\([^()]*(\([^()]*\))?[^()]*\) (en|de)cryption/)
		d = substr($0, RSTART + 1, RLENGTH - 1); sub(/\) (en|de)cryption$/, "", d)
		drv[side] = d; next }
	/byte blocks\):/ && /operations in/ {
		match($0, /[0-9]+ byte blocks/); s = substr($0, RSTART, RLENGTH) + 0
		match($0, /in [0-9]+ seconds/); t = substr($0, RSTART + 3, RLENGTH - 3) + 0
		match($0, /\([0-9]+ bytes\)/); b = substr($0, RSTART + 1, RLENGTH - 2) + 0
		if (t > 0) { rate[r, side, dir, s] = b / t; sizes[s] = 1 } }
	END {
		printf "template: %s\nsimdcrypt: %s\n", drv["template"], drv["simdcrypt"]
		printf "%6s  %-4s  %14s  %14s  %8s  %s\n", "bytes", "", "template MB/s", "simdcrypt MB/s", "ratio", "per round"
		n = 0; for (s in sizes) ss[++n] = s + 0
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (ss[j] < ss[i]) { t = ss[i]; ss[i] = ss[j]; ss[j] = t }
		for (i = 1; i <= n; i++) {
			s = ss[i]
			for (k = 0; k < 2; k++) {
				dir = k ? "open" : "seal"
				m = 0; per = ""
				for (r = 1; r <= rounds; r++) {
					x = rate[r, "template", dir, s]; y = rate[r, "simdcrypt", dir, s]
					if (x > 0 && y > 0) { m++; q[m] = y / x; tx[m] = x; ty[m] = y
						per = per sprintf(" %.2f", y / x) }
				}
				if (!m) continue
				med = median(q, m)
				printf "%6d  %-4s  %14.1f  %14.1f  %7.2fx %s\n", s, dir, median(tx, m) / 1e6, median(ty, m) / 1e6, med, per
				if (s == 1420) at[dir] = med
			}
		}
		if (("seal" in at) && ("open" in at))
			printf "rfc7539esp 1420 B: seal %.2fx, open %.2fx the template (median of %d rounds; target >= 3x)\n", at["seal"], at["open"], rounds
		else
			print "rfc7539esp 1420 B: no result (see build/bench-kernel/tcrypt.txt)"
	}' "$out/tcrypt.txt" | tee "$out/result.txt"
grep -q '^rfc7539esp 1420 B: seal' "$out/result.txt"
