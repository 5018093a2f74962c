#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# `make check`: every test layer in turn (DESIGN.md section 5).  A failing
# layer does not stop the later ones; the summary lists each layer and the
# script exits non-zero if any failed.  Each layer prints its own
# "N passed, N failed" line; the last line here totals the layers.
#
# SC_LAYERS="user build" limits the run to those layers.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

layers=${SC_LAYERS:-"user sanitize build uml qemu arm64"}
declare -A target=(
	[user]=check-user [sanitize]=check-sanitize [build]=check-build
	[uml]=check-uml [qemu]=check-qemu [arm64]=check-arm64
)
passed=0
failed=0
summary=()

scripts/deps.sh all || { echo "dependency installation failed"; exit 1; }

for layer in $layers; do
	t=${target[$layer]:-}
	[ -n "$t" ] || { echo "unknown layer $layer"; exit 2; }
	echo
	echo "==================== $t ===================="
	start=$(date +%s)
	if make --no-print-directory "$t"; then
		passed=$((passed + 1))
		summary+=("PASS $t ($(( $(date +%s) - start )) s)")
	else
		failed=$((failed + 1))
		summary+=("FAIL $t ($(( $(date +%s) - start )) s)")
	fi
done

echo
echo "==================== summary ===================="
printf '%s\n' "${summary[@]}"
echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
