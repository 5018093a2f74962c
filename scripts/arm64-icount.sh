#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/arm64-icount.sh: instructions per byte of every arm64 row and of
# the generic C (aarch64-linux-gnu-gcc -O2), counted under qemu-aarch64
# -cpu max -singlestep -d exec,nochain (one trace line per executed
# instruction), as (count with ITERS=2 - count with ITERS=0) / (2 * LEN).
#
# THESE ARE NOT TIMINGS.  An instruction count ignores latency, issue
# width, the cost of each instruction (a NEON TBL or UMULH is not an ADD)
# and memory; it only shows how much work each kernel asks of the core.
# No arm64 hardware is available here.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
out=$top/build/arm64/icount
mkdir -p "$out"
qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64)

srcs=$(for o in $(printf 'include $(wildcard asm/arm64/*.mk)\nall:\n\t@echo $(sc-arch-y)\n' |
		   make -s --no-print-directory -f -); do
	b=${o%.o}; if [ -f "$b.S" ]; then echo "$b.S"; else echo "$b.c"; fi; done)
# shellcheck disable=SC2086
aarch64-linux-gnu-gcc -static -O2 -mgeneral-regs-only -I. -Itest/shim -o "$out/icount" \
	test/arm64_icount.c test/cpu_user.c impl.c generic/chacha.c \
	generic/poly1305.c generic/keccak.c $srcs

count() {	# ALG ROW LEN ITERS
	"$qemu" -cpu max -singlestep -d exec,nochain -D "$out/trace.log" \
		"$out/icount" "$@"
	grep -c '^Trace' "$out/trace.log"
}

per_byte() {	# ALG ROW LEN
	local base n
	base=$(count "$1" "$2" "$3" 0)
	n=$(count "$1" "$2" "$3" 2)
	awk -v a="$base" -v b="$n" -v l="$3" 'BEGIN { printf "%.2f", (b - a) / 2 / l }'
}

printf '%-10s %-8s' alg row
lens="64 256 1024 4096"
for l in $lens; do printf ' %8s' "${l}B"; done
printf '   (instructions per byte, qemu-aarch64; NOT timings)\n'
for spec in chacha20:generic chacha20:neon chacha12:generic chacha12:neon \
	    poly1305:generic poly1305:arm64 poly1305:neon \
	    sha3-256:generic sha3-256:arm64 sha3-256:sha3ce; do
	alg=${spec%%:*} row=${spec#*:}
	printf '%-10s %-8s' "$alg" "$row"
	for l in $lens; do
		if [ "$alg" = sha3-256 ]; then
			l=$(( (l + 135) / 136 * 136 ))	# whole blocks of the rate
		fi
		printf ' %8s' "$(per_byte "$alg" "$row" "$l")"
	done
	echo
done
for row in generic arm64 sha3ce; do
	base=$(count keccakf $row 0 0)
	n=$(count keccakf $row 0 2)
	echo "keccak-f[1600] $row: $(( (n - base) / 2 )) instructions per permutation"
done
rm -f "$out/trace.log"
