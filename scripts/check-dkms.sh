#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/check-dkms.sh [TARGET...]      (`make check-dkms`)
#
# The Debian package as an operator gets it. For each TARGET (default:
# x86_64-6.1 x86_64-6.12 x86_64-7.3, or $SC_DKMS_TARGETS):
#
#   1. scripts/check-version.sh: VERSION, debian/changelog, dkms.conf, NEWS
#      and the README agree.
#   2. scripts/make-deb.sh builds simdcrypt-dkms_<version>_all.deb; its
#      contents: the module's sources and the boot-time files, no test code.
#   3. A clean Debian root of the kernel's suite (bookworm for 6.1, trixie
#      for 6.12, trixie with trixie-backports for 7.3): an overlay on the
#      cached build root of scripts/buildroot.sh, thrown away afterwards.
#      apt installs dkms and linux-headers-KVER for exactly the stock
#      kernel scripts/qemu-kernels.sh boots, then the .deb; DKMS builds and
#      installs the module (its own MOK key signs it where DKMS does that).
#      Checked on the result: version, vermagic, no test knob, signer.
#   4. scripts/check-qemu.sh boots each stock kernel with the DKMS-built
#      module (SC_QEMU_KO_DIR), not the tree build, and passes as it does
#      for the tree build.
#   5. Early boot ($SC_DKMS_INITRAMFS, default x86_64-6.12): that root also
#      gets initramfs-tools, busybox and cryptsetup; the package's
#      update-initramfs trigger builds the initramfs with the package's hook
#      (plus a test hook that adds cryptsetup/dmsetup and a local-top script
#      where cryptroot would run); the stock kernel boots it, and the
#      script opens a dm-crypt Adiantum volume and shows in /proc/crypto
#      and `dmsetup table` that it runs on xchacha12-simdcrypt.
#   6. scripts/check-sign.sh: a signature made with `make sign` shows in
#      modinfo, and a kernel that enforces signatures refuses the unsigned
#      module.
#
# Output: PASS/FAIL/SKIP lines, then exactly "N passed, N failed".
# Logs: build/dkms/TARGET/dkms.log; the DKMS-built module:
# build/dkms/TARGET/simdcrypt.ko (SC_DKMS_OUT replaces build/dkms;
# SC_DKMS_SIGN=0 leaves step 6 out). Apt downloads are cached under
# $SC_CACHE/dkms/archives. Needs root (chroot, overlay and mount namespaces)
# and the network for apt (package lists are refreshed on each run).

set -uo pipefail
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

# shellcheck disable=SC2206
targets=(${SC_DKMS_TARGETS:-x86_64-6.1 x86_64-6.12 x86_64-7.3})
[ $# -gt 0 ] && targets=("$@")
outbase=${SC_DKMS_OUT:-$SC_TOP/build/dkms}
mkdir -p "$outbase"
exec 7>"$outbase/.lock"
flock 7

passed=0 failed=0
res() {	# STATUS TEXT
	echo "$1 $2"
	if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}
# count LOG RC: add a sub-check's closing "N passed, N failed"; one that
# exited RC != 0 without a failed count (or with no closing line) adds one
count() {
	local c rc=$2
	c=$(grep -aE '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -1)
	if [ -z "$c" ]; then
		failed=$((failed + 1))
		return
	fi
	set -- $c
	passed=$((passed + $1))
	failed=$((failed + $3))
	[ "$rc" = 0 ] || [ "$3" -gt 0 ] || failed=$((failed + 1))
}

[ "$(id -u)" = 0 ] || { res SKIP "check-dkms: needs root (chroot, overlayfs)"; echo "$passed passed, $failed failed"; exit 1; }

# ---- 1. one version ----------------------------------------------------------
"$here/check-version.sh" | tee "$outbase/version.log"
count "$outbase/version.log" "${PIPESTATUS[0]}"
version=$(cat "$SC_TOP/VERSION")

# ---- 2. the package -----------------------------------------------------------
if ! deb=$("$here/make-deb.sh" "$outbase/deb"); then
	res FAIL "make deb"
	echo "$passed passed, $failed failed"
	exit 1
fi
res PASS "make deb: $(basename "$deb") ($(du -h "$deb" | cut -f1))"
list=$(dpkg-deb -c "$deb" | awk '{print $6}')
src=./usr/src/simdcrypt-$version
bad=$(printf '%s\n' "$list" | grep -E "^$src/(test|kunit|bench|scripts|debian|Documentation)/|\.(o|ko|cmd)$" || true)
[ -z "$bad" ] && res PASS "package carries no test code, build output or packaging" ||
	res FAIL "package carries: $(printf '%s' "$bad" | head -5 | tr '\n' ' ')"
missing=""
for f in "$src/dkms.conf" "$src/Kbuild" "$src/VERSION" "$src/main.c" \
	./usr/lib/modules-load.d/simdcrypt.conf ./usr/share/initramfs-tools/hooks/simdcrypt \
	./usr/share/initramfs-tools/scripts/init-premount/simdcrypt; do
	printf '%s\n' "$list" | grep -qxF "$f" || missing="$missing $f"
done
[ -z "$missing" ] && res PASS "package has the sources, dkms.conf, modules-load.d and the initramfs hook + script" ||
	res FAIL "package lacks:$missing"
conf=$(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "$src/dkms.conf")
if printf '%s\n' "$conf" | grep -qx "PACKAGE_VERSION=\"$version\"" &&
	printf '%s\n' "$conf" | grep -q '^BUILD_EXCLUSIVE_ARCH=.*x86_64.*aarch64'; then
	res PASS "dkms.conf: PACKAGE_VERSION=$version, BUILD_EXCLUSIVE_ARCH x86_64/aarch64"
else
	res FAIL "dkms.conf in the package: $(printf '%s' "$conf" | grep -E 'VERSION|EXCLUSIVE' | tr '\n' ' ')"
fi
if dpkg-deb --ctrl-tarfile "$deb" | tar -xOf - ./triggers 2>/dev/null | grep -q 'update-initramfs'; then
	res PASS "package triggers update-initramfs"
else
	res FAIL "package does not trigger update-initramfs"
fi

# ---- 3. DKMS in clean Debian roots ----------------------------------------
# The script run inside the root: apt, then the package, then DKMS.
cat >"$outbase/in-root.sh" <<'INROOT'
#!/bin/bash
set -euo pipefail
kver=$1 version=$2 deb=$3
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
apt_get() { apt-get -q -y -o Acquire::Retries=3 -o APT::Sandbox::User=root "$@"; }
extra=()
if [ "${4:-}" = initramfs ]; then
	# The early-boot check's own pieces (not the package's), in place before
	# initramfs-tools builds anything: cryptsetup and dmsetup in the
	# initramfs, the modules dm-crypt/Adiantum need, a local-top script
	# that runs where cryptroot would; MODULES=list keeps it small.
	mkdir -p /etc/initramfs-tools/conf.d /etc/initramfs-tools/hooks \
		/etc/initramfs-tools/scripts/local-top
	echo MODULES=list >/etc/initramfs-tools/conf.d/sc-test
	install -m 755 /tmp/sc-test-hook /etc/initramfs-tools/hooks/zz-sc-test
	install -m 755 /tmp/sc-test-local-top /etc/initramfs-tools/scripts/local-top/zz-sc-test
	extra=(initramfs-tools busybox cryptsetup-bin dmsetup zstd)
fi
echo "== apt-get update"
apt_get update
echo "== install dkms and linux-headers-$kver ${extra[*]}"
apt_get install --no-install-recommends dkms openssl "linux-headers-$kver" "${extra[@]}"
# One kernel per root: the build root also holds other kernels' headers
# (headers.sh), which DKMS would build for too.
for d in /lib/modules/*; do
	[ "${d##*/}" = "$kver" ] || rm -rf "$d"
done
echo "== install $deb"
apt_get install --no-install-recommends "$deb"
if ! dkms status -k "$kver" simdcrypt/"$version" | grep -q ': installed'; then
	echo "== dkms install -k $kver (the package's postinst built for other kernels)"
	dkms install simdcrypt/"$version" -k "$kver"
fi
echo "== dkms status"
dkms status
ko=$(find "/lib/modules/$kver/updates" -name 'simdcrypt.ko*' | head -1)
[ -n "$ko" ] || { echo "no simdcrypt.ko under /lib/modules/$kver/updates"; exit 1; }
mkdir -p /out
cp "$ko" /out/
modinfo "$ko" >/out/modinfo.txt
cat /out/modinfo.txt
echo "== mok"
ls -l /var/lib/dkms/mok.* 2>/dev/null || true
cp /var/lib/dkms/mok.pub /out/ 2>/dev/null || true
if [ "${4:-}" = initramfs ]; then
	# Installing the package triggered update-initramfs (mkinitramfs with
	# the package's hook); that initramfs is the one the check boots.
	echo "== /boot"
	ls -l /boot
	cp "/boot/initrd.img-$kver" /out/initrd.img
	lsinitramfs /out/initrd.img >/out/initrd.list
	grep -E 'simdcrypt|cryptsetup$|dm-crypt|init-premount/|local-top/' /out/initrd.list
fi
echo "IN-ROOT-DONE"
INROOT
cat >"$outbase/sc-test-hook" <<'HOOK'
#!/bin/sh
# check-dkms test hook: what the early-boot check needs besides the package.
PREREQ=""
prereqs() { echo "$PREREQ"; }
case "$1" in prereqs) prereqs; exit 0 ;; esac
. /usr/share/initramfs-tools/hook-functions
copy_exec /usr/sbin/cryptsetup /sbin
copy_exec /usr/sbin/dmsetup /sbin
manual_add_modules brd dm-crypt crypto-adiantum crypto-xchacha12 crypto-aes crypto-nhpoly1305 crypto-poly1305
exit 0
HOOK
cat >"$outbase/sc-test-local-top" <<'LOCALTOP'
#!/bin/sh
# check-dkms test script: runs where cryptroot runs (local-top, after
# init-premount/simdcrypt), opens an Adiantum volume, reports, powers off.
PREREQ=""
prereqs() { echo "$PREREQ"; }
case "$1" in prereqs) prereqs; exit 0 ;; esac
echo	# initramfs-tools' "Begin: ..." has no newline
res() { echo "SC-RESULT $*"; }
if grep -q '^simdcrypt ' /proc/modules; then
	res "PASS initramfs: simdcrypt loaded before local-top (init-premount/simdcrypt)"
else
	res "FAIL initramfs: simdcrypt not loaded when local-top runs"
fi
echo "SC-INFO $(dmesg | grep -m1 'simdcrypt: version')"
modprobe brd rd_nr=1 rd_size=8192
head -c 32 /dev/urandom >/run/sc.key
if cryptsetup open --type plain -c xchacha12,aes-adiantum-plain64 -s 256 	--key-file /run/sc.key /dev/ram0 sctest; then
	res "PASS cryptsetup open --type plain -c xchacha12,aes-adiantum-plain64 in the initramfs"
else
	res "FAIL cryptsetup open --type plain -c xchacha12,aes-adiantum-plain64"
fi
table=$(dmsetup table sctest)
echo "SC-INFO dmsetup table sctest: $table"
case "$table" in
*" crypt xchacha12,aes-adiantum-plain64 "*) res "PASS dmsetup table: crypt xchacha12,aes-adiantum-plain64" ;;
*) res "FAIL dmsetup table: '$table'" ;;
esac
drv=$(awk '/^name/ {n = $3} /^driver/ && n == "adiantum(xchacha12,aes)" {print $3}' /proc/crypto | head -1)
refs=$(awk '/^name/ {n = $3} /^driver/ {d = $3} /^refcnt/ && d ~ /^adiantum\(xchacha12-simdcrypt/ {print $3}' /proc/crypto | head -1)
echo "SC-INFO /proc/crypto adiantum(xchacha12,aes): driver $drv, refcnt $refs"
case "$drv" in
"adiantum(xchacha12-simdcrypt,"*) res "PASS /proc/crypto: the volume's adiantum runs on xchacha12-simdcrypt ($drv, refcnt $refs)" ;;
*) res "FAIL /proc/crypto: adiantum(xchacha12,aes) is '$drv', want adiantum(xchacha12-simdcrypt,...)" ;;
esac
# the volume works: data written through it reads back, the disk holds ciphertext
dd if=/dev/urandom of=/run/sc.data bs=4096 count=64 2>/dev/null
dd if=/run/sc.data of=/dev/mapper/sctest bs=4096 2>/dev/null && sync
echo 3 >/proc/sys/vm/drop_caches
dd if=/dev/mapper/sctest of=/run/sc.back bs=4096 count=64 2>/dev/null
dd if=/dev/ram0 of=/run/sc.raw bs=4096 count=64 2>/dev/null
if cmp -s /run/sc.data /run/sc.back && ! cmp -s /run/sc.data /run/sc.raw; then
	res "PASS 256 KiB through the volume read back, the disk holds ciphertext"
else
	res "FAIL data through the Adiantum volume does not read back"
fi
cryptsetup close sctest && res "PASS cryptsetup close" || res "FAIL cryptsetup close"
echo "SC-INITRAMFS-DONE"
poweroff -f 2>/dev/null || echo o >/proc/sysrq-trigger
sleep 30
LOCALTOP
chmod +x "$outbase/in-root.sh"

# root_for TARGET -> "SUITE EXTRA_SUITE BASE_ROOT" (EXTRA_SUITE may be -)
root_for() {
	case $1 in
	*-6.1) echo "bookworm - $("$here/buildroot.sh" bookworm)" ;;
	*-6.12) echo "trixie - $("$here/buildroot.sh" trixie)" ;;
	*-7.3) echo "trixie trixie-backports $("$here/buildroot.sh" trixie)" ;;
	esac
}

# with_overlay BASE WORKDIR CMD... : runs CMD (a host command that sees the
# overlay root at $WORKDIR/root) in a private mount namespace with BASE as
# the lower layer; the changes stay in WORKDIR/upper.
with_overlay() {
	local base=$1 w=$2
	shift 2
	rm -rf "$w"
	mkdir -p "$w/upper" "$w/work" "$w/root"
	unshare --mount --propagation private -- /bin/bash -ec '
		base=$1 w=$2; shift 2
		mount -t overlay overlay -o "lowerdir=$base,upperdir=$w/upper,workdir=$w/work" "$w/root"
		mount -t proc proc "$w/root/proc"
		mount --rbind /dev "$w/root/dev"
		mkdir -p "$w/root/sys" && mount -t sysfs sys "$w/root/sys"
		"$@"
	' sh "$base" "$w" "$@"
}

dkms_ok=()
# The early-boot check runs on this target (trixie's initramfs-tools and
# cryptsetup 2.7); empty turns it off.
initramfs_target=${SC_DKMS_INITRAMFS-x86_64-6.12}
initrd_ok=""
for t in "${targets[@]}"; do
	t0=$(date +%s)
	dir=$outbase/$t
	rm -rf "$dir"
	mkdir -p "$dir"
	if ! kv=$("$here/qemu-kernels.sh" "$t"); then
		res FAIL "dkms $t: cannot fetch the stock kernel"
		continue
	fi
	eval "$kv"
	if ! rf=$(root_for "$t") || [ -z "$rf" ]; then
		res FAIL "dkms $t: no build root"
		continue
	fi
	read -r suite extra base <<<"$rf"
	archives=$SC_CACHE/dkms/archives/$suite
	mkdir -p "$archives/partial"
	w=$SC_CACHE/dkms/work/$t
	initrd=""
	[ "$t" = "$initramfs_target" ] && initrd=initramfs
	where=$suite
	[ "$extra" = - ] || where="$suite + $extra"
	sc_log "check-dkms: $t: apt + dkms for $SC_KVER in a $where root"
	# one apt at a time per archive cache (apt locks it)
	exec 6>"$archives.lock"
	flock 6
	# shellcheck disable=SC2016
	with_overlay "$base" "$w" /bin/bash -ec '
		root=$1 archives=$2 deb=$3 script=$4 suite=$5 extra=$6 kver=$7 version=$8 initrd=$9
		cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
		mount --bind "$archives" "$root/var/cache/apt/archives"
		cp "$deb" "$script" "$(dirname "$script")/sc-test-hook" "$(dirname "$script")/sc-test-local-top" "$root/tmp/"
		if [ "$extra" != - ]; then
			sed "s/^Suites:.*/Suites: $extra/" "$root/etc/apt/sources.list.d/0000debian.sources" \
				>"$root/etc/apt/sources.list.d/0001$extra.sources"
		fi
		chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
			/tmp/in-root.sh "$kver" "$version" "/tmp/$(basename "$deb")" $initrd
	' sh "$w/root" "$archives" "$deb" "$outbase/in-root.sh" "$suite" "$extra" "$SC_KVER" "$version" \
		"$initrd" \
		>"$dir/dkms.log" 2>&1
	rc=$?
	exec 6>&-
	secs=$(($(date +%s) - t0))
	if [ $rc != 0 ] || ! grep -q IN-ROOT-DONE "$dir/dkms.log"; then
		grep -aiE 'error|fail|unable' "$dir/dkms.log" | head -10 | sed 's/^/    /'
		tail -5 "$dir/dkms.log" | sed 's/^/    /'
		res FAIL "dkms $t ($SC_KVER): install/build failed (${secs}s; log: $dir/dkms.log)"
		continue
	fi
	ko=$(find "$w/upper/out" -maxdepth 1 -name 'simdcrypt.ko*' | head -1)
	case $ko in
	*.xz) xz -dc "$ko" >"$dir/simdcrypt.ko" ;;
	*.zst) zstd -qdc "$ko" >"$dir/simdcrypt.ko" ;;
	*.gz) gzip -dc "$ko" >"$dir/simdcrypt.ko" ;;
	*) cp "$ko" "$dir/simdcrypt.ko" ;;
	esac
	cp "$w/upper/out/modinfo.txt" "$dir/" 2>/dev/null
	cp "$w/upper/out/mok.pub" "$dir/" 2>/dev/null
	res PASS "dkms $t: apt installed the package in a clean $where root, DKMS built and installed $(basename "$ko") for $SC_KVER (${secs}s)"
	mi() { modinfo -F "$1" "$dir/simdcrypt.ko" 2>/dev/null | head -1; }
	[ "$(mi version)" = "$version" ] && res PASS "dkms $t: modinfo version $version" ||
		res FAIL "dkms $t: modinfo version '$(mi version)', want $version"
	case "$(mi vermagic)" in
	"$SC_KVER "*) res PASS "dkms $t: vermagic $(mi vermagic | cut -d' ' -f1) is the stock kernel's" ;;
	*) res FAIL "dkms $t: vermagic '$(mi vermagic)', want $SC_KVER" ;;
	esac
	knobs=$(modinfo -F parm "$dir/simdcrypt.ko" | grep -iE '^test|TEST ONLY' || true)
	[ -z "$knobs" ] && res PASS "dkms $t: no test knob among the parameters ($(modinfo -F parm "$dir/simdcrypt.ko" | cut -d: -f1 | tr '\n' ' '))" ||
		res FAIL "dkms $t: the packaged module has a test knob: $knobs"
	signer=$(mi signer)
	if [ -n "$signer" ]; then
		res PASS "dkms $t: DKMS signed it (signer: $signer)"
	else
		echo "INFO dkms $t: unsigned (this suite's dkms does not sign by itself)"
	fi
	dkms_ok+=("$t")
	if [ -n "$initrd" ]; then
		if [ -s "$w/upper/out/initrd.img" ]; then
			cp "$w/upper/out/initrd.img" "$w/upper/out/initrd.list" "$dir/"
			grep -q 'updates/dkms/simdcrypt.ko' "$dir/initrd.list" &&
				grep -q 'scripts/init-premount/simdcrypt' "$dir/initrd.list" &&
				res PASS "initramfs $t: update-initramfs (the package's trigger) put simdcrypt.ko and init-premount/simdcrypt in ($(du -h "$dir/initrd.img" | cut -f1))" ||
				res FAIL "initramfs $t: the package's hook left simdcrypt.ko or its script out (see $dir/initrd.list)"
			initrd_ok="$t $SC_VMLINUZ"
		else
			res FAIL "initramfs $t: no /boot/initrd.img-$SC_KVER (log: $dir/dkms.log)"
		fi
	fi
	rm -rf "$w"
done

# ---- 4. the stock kernels boot the DKMS-built module ----------------------
if [ ${#dkms_ok[@]} -gt 0 ]; then
	sc_log "check-dkms: check-qemu with the DKMS-built modules: ${dkms_ok[*]}"
	SC_QEMU_KO_DIR=$outbase "$here/check-qemu.sh" "${dkms_ok[@]}" 2>&1 | tee "$outbase/qemu.log"
	count "$outbase/qemu.log" "${PIPESTATUS[0]}"
fi

# ---- 5. boot-time loading ---------------------------------------------------
if [ -n "$initrd_ok" ]; then
	read -r t vmlinuz <<<"$initrd_ok"
	dir=$outbase/$t
	sc_log "check-dkms: booting $t with the initramfs mkinitramfs built"
	sc_qemu_boot "$t" "$vmlinuz" "$dir/initrd.img" "$dir/initramfs-console.log" 300 "root=/dev/ram0"
	tr -d '\r\000' <"$dir/initramfs-console.log" >"$dir/initramfs-console.txt"
	grep -ao 'SC-INFO.*' "$dir/initramfs-console.txt" | sed 's/^SC-INFO /    /'
	n=0
	while IFS= read -r l; do
		n=$((n + 1))
		st=${l#SC-RESULT }
		res "${st%% *}" "early boot $t: ${st#* }"
	done < <(grep -ao 'SC-RESULT.*' "$dir/initramfs-console.txt")
	grep -aq 'SC-INITRAMFS-DONE' "$dir/initramfs-console.txt" && [ $n -ge 6 ] ||
		res FAIL "early boot $t: the initramfs check did not finish ($n results; log: $dir/initramfs-console.txt)"
fi

# ---- 6. module signatures ---------------------------------------------------
if [ "${SC_DKMS_SIGN:-1}" = 1 ]; then
	"$here/check-sign.sh" 2>&1 | tee "$outbase/sign.log"
	count "$outbase/sign.log" "${PIPESTATUS[0]}"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
