#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh [FILE...]
#
# The kernel's scripts/checkpatch.pl, from the newest stable source that
# scripts/uml-kernel.sh unpacks (its --source), over the module's C: by
# default every *.c and *.h that git tracks, except the userspace
# programs (test/, bench/) and the headers of assembler macros (a line
# starting with `.macro`: checkpatch would read them as C). Prints each
# hit and, last, exactly `N passed, N failed` (files); exits non-zero if
# any file has a hit. check-build.sh runs it as its `checkpatch` check.
#
# Checkpatch types ignored, and why (nowhere else):
#   everywhere       ALLOC_WITH_SIZEOF: kmalloc_obj() is 7.x only, and
#                    the module builds on 6.1 and 6.12
#   compat/          LINUX_VERSION_CODE, CONSTANT_COMPARISON: testing the
#                    version is what compat/ is for
#   compat/arm64.h   COMPLEX_MACRO: sc_simd_begin() and sc_simd_end() open
#                    and close the block of 7.x's scoped_ksimd()
#   *rows.h          COMPLEX_MACRO: the lists of rows that impl.c splices
#                    into its tables' initializers
#   kunit/core.c     ENOSYS: what crypto_shash_export() returns for an
#                    algorithm without export, compared with, not returned
#
# Environment: SC_CHECKPATCH, a checkpatch.pl to use instead.

set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$SC_TOP"

cp=${SC_CHECKPATCH:-}
if [ -z "$cp" ]; then
	src=$("$here/uml-kernel.sh" --source) || sc_die "no kernel source for checkpatch.pl"
	cp=$src/scripts/checkpatch.pl
fi
[ -f "$cp" ] || sc_die "no $cp"

if [ $# = 0 ]; then
	mapfile -t files < <(git ls-files '*.c' '*.h' | grep -vE '^(test|bench)/' |
		while read -r f; do grep -q '^[[:space:]]*\.macro' "$f" || echo "$f"; done)
else
	files=("$@")
fi

ignores() { # FILE -> the --ignore list for it
	local t=ALLOC_WITH_SIZEOF
	case $1 in compat/*) t+=,LINUX_VERSION_CODE,CONSTANT_COMPARISON ;; esac
	case $1 in compat/arm64.h | *rows.h) t+=,COMPLEX_MACRO ;; esac
	case $1 in kunit/core.c) t+=,ENOSYS ;; esac
	echo "$t"
}

passed=0 failed=0
for f in "${files[@]}"; do
	if out=$(perl "$cp" --no-tree --quiet --show-types --ignore "$(ignores "$f")" \
		 --file "$f" 2>&1); then
		passed=$((passed + 1))
	else
		printf '%s\n' "$out"
		echo "FAIL  $f"
		failed=$((failed + 1))
	fi
done
echo "checkpatch ($cp): $passed passed, $failed failed"
[ "$failed" = 0 ]
