#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/check-version.sh: the release number lives in VERSION; everything
# else that names it must agree (part of `make check-dkms`):
#   debian/changelog   top entry VERSION (debian/source/format is native:
#                      no Debian revision, or dpkg-source refuses it)
#   dkms.conf          PACKAGE_VERSION="#MODULE_VERSION#" (filled from VERSION)
#   NEWS               has a section for VERSION
#   README.md          says "Version VERSION"
#   Kbuild             passes VERSION to the module (MODULE_VERSION)
# The module itself (modinfo, /sys/module/simdcrypt/version, the load
# message) is checked where it is built and loaded (scripts/check-dkms.sh).
# Prints PASS/FAIL lines and "N passed, N failed".

set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
passed=0 failed=0
res() {
	echo "$1 version: $2"
	if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}

v=$(cat VERSION 2>/dev/null)
if printf '%s' "$v" | grep -qxE '[0-9]+\.[0-9]+\.[0-9]+'; then
	res PASS "VERSION is $v"
else
	res FAIL "VERSION holds '$v', want MAJOR.MINOR.PATCH"
fi
dv=$(sed -n '1s/^simdcrypt (\([^)]*\)).*/\1/p' debian/changelog 2>/dev/null)
if [ "$dv" = "$v" ] && grep -qx '3.0 (native)' debian/source/format; then
	res PASS "debian/changelog's top entry is $dv, a native package's"
else
	res FAIL "debian/changelog's top entry is '${dv:-none}' ($(cat debian/source/format 2>/dev/null)), want $v in a 3.0 (native) package"
fi
if grep -qx 'PACKAGE_VERSION="#MODULE_VERSION#"' dkms.conf; then
	res PASS "dkms.conf takes the version from VERSION"
else
	res FAIL "dkms.conf: PACKAGE_VERSION must be \"#MODULE_VERSION#\" (filled from VERSION), is '$(grep PACKAGE_VERSION dkms.conf)'"
fi
if grep -qE "^$v( |$)" NEWS; then
	res PASS "NEWS has a $v section"
else
	res FAIL "NEWS has no section for $v"
fi
if grep -qF "Version $v" README.md; then
	res PASS "README.md says Version $v"
else
	res FAIL "README.md does not say 'Version $v'"
fi
if grep -q 'SIMDCRYPT_VERSION=.*sc-version' Kbuild && grep -q 'MODULE_VERSION(SIMDCRYPT_VERSION)' main.c; then
	res PASS "Kbuild passes VERSION to MODULE_VERSION"
else
	res FAIL "Kbuild/main.c no longer pass VERSION to MODULE_VERSION"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
