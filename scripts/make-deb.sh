#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/make-deb.sh [OUT_DIR]      (`make deb`)
#
# Builds the Debian package simdcrypt-dkms (debian/) from this checkout's
# tracked and untracked-but-not-ignored files, in a copy under OUT_DIR
# (default build/deb), so that dpkg-buildpackage writes nothing into the
# checkout or its parent. No root needed (Rules-Requires-Root: no).
# Prints the path of OUT_DIR/simdcrypt-dkms_<version>_all.deb on stdout.

set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=${1:-$SC_TOP/build/deb}
version=$(cat "$SC_TOP/VERSION")
mkdir -p "$out"
out=$(cd "$out" && pwd)
exec 8>"$out/.lock"
flock 8

copy=$out/simdcrypt-$version
rm -rf "$copy"
mkdir -p "$copy"
if git -C "$SC_TOP" rev-parse --git-dir >/dev/null 2>&1; then
	git -C "$SC_TOP" ls-files -co --exclude-standard -z |
		while IFS= read -r -d '' f; do
			if [ -f "$SC_TOP/$f" ]; then printf '%s\0' "$f"; fi
		done | tar -C "$SC_TOP" --null -T - -cf - | tar -C "$copy" -xpf -
else
	(cd "$SC_TOP" && tar --exclude=./build --exclude=.git -cf - .) | tar -C "$copy" -xpf -
fi

debver=$(cd "$copy" && dpkg-parsechangelog -S Version)
deb=$out/simdcrypt-dkms_${debver}_all.deb
rm -f "$deb"
sc_log "deb: dpkg-buildpackage simdcrypt $debver"
if ! (cd "$copy" && dpkg-buildpackage -b -us -uc) >"$out/build.log" 2>&1; then
	tail -20 "$out/build.log" >&2
	sc_die "dpkg-buildpackage failed (log: $out/build.log)"
fi
[ -f "$deb" ] || sc_die "dpkg-buildpackage made no $deb (log: $out/build.log)"
rm -rf "$copy"
sc_log "deb: $deb ($(du -h "$deb" | cut -f1))"
echo "$deb"
