#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# `make check`: every test layer in turn (DESIGN.md section 5).  A failing
# layer does not stop the later ones; the summary lists each layer and the
# script exits non-zero if any failed.  Each layer prints its own
# "N passed, N failed" line; the last line here adds them up (a layer that
# failed without a failed count adds one failure).  A layer fails on a
# non-zero exit, and also when it printed no closing line, counted a failed
# case, or passed nothing.
#
# SC_LAYERS="user build" limits the run to those layers.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

layers=${SC_LAYERS:-"user sanitize ct build uml kunit-qemu kcsan qemu dkms arm64"}
declare -A target=(
	[user]=check-user [sanitize]=check-sanitize [ct]=check-ct [build]=check-build
	[uml]=check-uml [kunit-qemu]=check-kunit-qemu [kcsan]=check-kcsan [qemu]=check-qemu
	[arm64]=check-arm64 [dkms]=check-dkms
)
passed=0
failed=0
cases_passed=0
cases_failed=0
summary=()
logdir=$(mktemp -d)
trap 'rm -rf "$logdir"' EXIT

scripts/deps.sh all || { echo "dependency installation failed"; exit 1; }

for layer in $layers; do
	t=${target[$layer]:-}
	[ -n "$t" ] || { echo "unknown layer $layer"; exit 2; }
	echo
	echo "==================== $t ===================="
	start=$(date +%s)
	make --no-print-directory "$t" 2>&1 | tee "$logdir/$layer.log"
	rc=${PIPESTATUS[0]}
	# the layer's own closing "N passed, N failed" line
	counts=$(grep -E '^[a-z]*:? *[0-9]+ passed, [0-9]+ failed' "$logdir/$layer.log" |
		 tail -n 1 | grep -oE '[0-9]+ passed, [0-9]+ failed')
	p=$(echo "$counts" | awk '{print $1+0}')
	f=$(echo "$counts" | awk '{print $3+0}')
	cases_passed=$((cases_passed + p))
	cases_failed=$((cases_failed + f))
	# a layer passes only with exit 0, a closing line, failed cases 0 and
	# passed cases at least 1: one that printed no result, or ran nothing,
	# did not test anything
	why=""
	if [ "$rc" -ne 0 ]; then
		why="exit $rc"
	elif [ -z "$counts" ]; then
		why="no closing 'N passed, N failed' line"
	elif [ "$f" -gt 0 ]; then
		why="exit 0 but $f failed"
	elif [ "$p" -eq 0 ]; then
		why="nothing passed"
	fi
	if [ -z "$why" ]; then
		passed=$((passed + 1))
		summary+=("PASS $t: $counts ($(( $(date +%s) - start )) s)")
	else
		failed=$((failed + 1))
		# a layer that failed without counting a failed case still fails
		[ "$f" -gt 0 ] || cases_failed=$((cases_failed + 1))
		summary+=("FAIL $t: ${counts:-no count}; $why ($(( $(date +%s) - start )) s)")
	fi
done

echo
echo "==================== summary ===================="
printf '%s\n' "${summary[@]}"
echo "layers: $passed passed, $failed failed"
echo "$cases_passed passed, $cases_failed failed"
[ "$failed" -eq 0 ]
