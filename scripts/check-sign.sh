#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/check-sign.sh [TARGET]      (part of `make check-dkms`)
#
# Module signatures, as a Secure Boot machine (or module.sig_enforce=1)
# sees them, on Debian's stock TARGET kernel (default x86_64-6.1):
#   1. a throwaway key and certificate (openssl req), `make sign KEY= CERT=`
#      on a build of the module for that kernel (the headers' sign-file);
#      modinfo must show the key's subject as signer, sha256 as the hash
#   2. that kernel booted with module.sig_enforce=1 refuses the unsigned
#      module (EKEYREJECTED, "Loading of unsigned module is rejected") and
#      the one signed by a key it does not trust ("module with unavailable
#      key"); enrolling the key (mokutil --import, Documentation/usage.rst)
#      is what makes the signed one load, which QEMU without shim cannot show
# Prints PASS/FAIL lines and "N passed, N failed". Logs in build/sign/.

set -uo pipefail
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

t=x86_64-6.1
[ $# -gt 0 ] && [ "${1%.deb}" = "$1" ] && t=$1
dir=$SC_TOP/build/sign/$t
mkdir -p "$dir"
passed=0 failed=0
res() {
	echo "$1 sign $t: $2"
	if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}
finish() { echo "$passed passed, $failed failed"; [ "$failed" = 0 ]; exit; }

eval "$("$here/qemu-kernels.sh" "$t")" || { res FAIL "no stock kernel"; finish; }
if ! bm=$(SC_KVER=$SC_KVER "$here/build-module.sh" "$t" "$SC_TOP" "$dir/mod" SIMDCRYPT_TEST=0 2>"$dir/build.err"); then
	res FAIL "module build failed ($(sed -n 's/^LOG=//p' <<<"$bm"))"
	finish
fi
eval "$(SC_KVER=$SC_KVER "$here/headers.sh" "$t")"
cp "$dir/mod/simdcrypt.ko" "$dir/unsigned.ko"

# 1. a throwaway key, make sign
subject="simdcrypt throwaway test key"
openssl req -new -x509 -nodes -utf8 -sha256 -days 1 -batch -newkey rsa:2048 \
	-subj "/CN=$subject/" -addext "extendedKeyUsage=codeSigning" \
	-keyout "$dir/key.pem" -outform DER -out "$dir/cert.der" >"$dir/openssl.log" 2>&1 ||
	{ res FAIL "openssl req failed ($dir/openssl.log)"; finish; }
if [ -n "$CHROOT" ]; then
	res FAIL "make sign needs a host-built target, $t builds in a chroot"
	finish
fi
if make --no-print-directory -C "$dir/mod" sign KDIR="$HOST_KDIR" KEY="$dir/key.pem" \
	CERT="$dir/cert.der" >"$dir/sign.log" 2>&1; then
	signer=$(modinfo -F signer "$dir/mod/simdcrypt.ko")
	hash=$(modinfo -F sig_hashalgo "$dir/mod/simdcrypt.ko")
	if [ "$signer" = "$subject" ] && [ "$hash" = sha256 ]; then
		res PASS "make sign: modinfo signer '$signer', sig_hashalgo $hash"
	else
		res FAIL "make sign: modinfo signer '$signer', sig_hashalgo '$hash'"
	fi
else
	sed 's/^/    /' "$dir/sign.log" | tail -5
	res FAIL "make sign failed ($dir/sign.log)"
fi
cp "$dir/mod/simdcrypt.ko" "$dir/signed.ko"
[ -z "$(modinfo -F signer "$dir/unsigned.ko")" ] && res PASS "the unsigned build has no signature" ||
	res FAIL "the unsigned build has a signature"

# 2. module.sig_enforce=1
cat >"$dir/guest.sh" <<'GUEST'
#!/bin/sh
try() {	# try LABEL KO EXPECTED_DMESG
	dmesg -c >/dev/null
	finit "$2"
	rc=$?
	msg=$(dmesg | grep -m1 -i 'module' )
	echo "SC-INFO $1: exit $rc, dmesg: $msg"
	# 129: EKEYREJECTED
	if [ $rc = 129 ] && dmesg | grep -q "$3" && ! grep -q simdcrypt /proc/modules; then
		echo "SC-RESULT PASS sig_enforce=1 refuses the $1 module (EKEYREJECTED, '$3')"
	else
		echo "SC-RESULT FAIL sig_enforce=1 and the $1 module: exit $rc, dmesg '$msg'"
	fi
}
echo "SC-INFO sig_enforce=$(cat /sys/module/module/parameters/sig_enforce 2>/dev/null)"
try unsigned /root/unsigned.ko "Loading of unsigned module is rejected"
try "throwaway-key-signed" /root/signed.ko "Loading of module with unavailable key is rejected"
GUEST
"$here/initramfs.sh" "$t" "$dir/initramfs.cpio.gz" -s "$dir/guest.sh" \
	-f "$dir/unsigned.ko:/root/unsigned.ko" -f "$dir/signed.ko:/root/signed.ko" >/dev/null 2>"$dir/initramfs.err" ||
	{ res FAIL "initramfs build failed ($dir/initramfs.err)"; finish; }
sc_log "check-sign: booting $SC_KVER with module.sig_enforce=1"
sc_qemu_boot "$t" "$SC_VMLINUZ" "$dir/initramfs.cpio.gz" "$dir/console.log" 300 "module.sig_enforce=1"
tr -d '\r\000' <"$dir/console.log" >"$dir/console.txt"
grep -a '^SC-INFO' "$dir/console.txt" | sed 's/^SC-INFO /    /'
n=0
while IFS= read -r l; do
	n=$((n + 1))
	set -- $l
	res "$2" "${l#SC-RESULT $2 }"
done < <(grep -a '^SC-RESULT' "$dir/console.txt")
[ $n = 2 ] || res FAIL "the sig_enforce boot reported $n of 2 results (log: $dir/console.txt)"
finish
