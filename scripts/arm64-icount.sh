#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/arm64-icount.sh: instructions per byte of every arm64 row and of
# the generic C (aarch64-linux-gnu-gcc -O2), and of whole ChaCha20-Poly1305
# messages on every AEAD row, counted under qemu-aarch64
# -cpu max -singlestep -d exec,nochain (one trace line per executed
# instruction), as (count with ITERS=2 - count with ITERS=0) / (2 * LEN).
#
# THESE ARE NOT TIMINGS.  An instruction count ignores latency, issue
# width, the cost of each instruction (a NEON TBL or UMULH is not an ADD)
# and memory; it only shows how much work each kernel asks of the core.
# No arm64 hardware is available here.
#
# Then the same for the kernel's own arm64 drivers (Debian 6.1's
# chacha-neon.ko, poly1305-neon.ko and sha3-ce.ko from the kernel that
# scripts/qemu-kernels.sh arm64-6.1 caches), linked into
# test/arm64_kref.c; see that file for how they are called.
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
	generic/poly1305.c generic/keccak.c generic/chacha20poly1305.c generic/keccakx.c $srcs

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

printf '%-10s %-11s' alg row
lens="64 256 1024 4096"
for l in $lens; do printf ' %8s' "${l}B"; done
printf '   (instructions per byte, qemu-aarch64; NOT timings)\n'
for spec in chacha20:generic chacha20:arm64 chacha20:neon chacha20:neon-gpr \
	    chacha20:neon-x8-gpr \
	    chacha12:generic chacha12:arm64 chacha12:neon chacha12:neon-gpr \
	    chacha12:neon-x8-gpr \
	    poly1305:generic poly1305:arm64 poly1305:neon \
	    sha3-256:generic sha3-256:arm64 sha3-256:sha3ce; do
	alg=${spec%%:*} row=${spec#*:}
	printf '%-10s %-11s' "$alg" "$row"
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
# Keccak xN: two states per step (neonx2 and sha3cex2 in one call, the x1 rows in two)
for row in generic arm64 neonx2 sha3cex2; do
	base=$(count keccakx $row 0 0)
	n=$(count keccakx $row 0 2)
	echo "keccak xN $row: $(( (n - base) / 2 )) instructions per two states"
done

# ---- ChaCha20-Poly1305: whole messages (16 bytes of AD, key block, tag) ----
echo
aead_lens="64 256 1420 4096 16384"
printf '%-10s %-11s' aead row
for l in $aead_lens; do printf ' %8s' "${l}B"; done
printf '   (whole messages, 16 B of AD; NOT timings)\n'
for alg in ccp-seal ccp-open; do
	for row in generic scalar onepass neon neon-x8; do
		printf '%-10s %-11s' "$alg" "$row"
		for l in $aead_lens; do
			printf ' %8s' "$(per_byte "$alg" "$row" "$l")"
		done
		echo
	done
done

# ---- the kernel's own arm64 drivers (Debian 6.1), if scripts/qemu-kernels.sh
# has fetched that kernel: link their assembler into test/arm64_kref.c ----
kmods=$(ls -d "${SC_CACHE:-/var/cache/simdcrypt}"/kernels/arm64-6.1/*/root/lib/modules/*/kernel/arch/arm64/crypto 2>/dev/null | tail -1 || true)
if [ -z "$kmods" ]; then
	echo "kernel drivers: SKIP (run scripts/qemu-kernels.sh arm64-6.1 first)"
	exit 0
fi
kd=$out/kref
rm -rf "$kd"; mkdir -p "$kd"
strip_mod=(-R .modinfo -R __versions -R .plt -R .init.plt -R .text.ftrace_trampoline)
aarch64-linux-gnu-objcopy "${strip_mod[@]}" \
	--keep-global-symbol=chacha_4block_xor_neon \
	--keep-global-symbol=chacha_block_xor_neon \
	--rename-section .gnu.linkonce.this_module=.data.kref_chacha \
	"$kmods/chacha-neon.ko" "$kd/chacha.o"
aarch64-linux-gnu-objcopy "${strip_mod[@]}" \
	--keep-global-symbol=poly1305_init_arm64 \
	--keep-global-symbol=poly1305_blocks_neon \
	--rename-section .gnu.linkonce.this_module=.data.kref_poly1305 \
	"$kmods/poly1305-neon.ko" "$kd/poly1305.o"
aarch64-linux-gnu-objcopy "${strip_mod[@]}" \
	--keep-global-symbol=sha3_ce_transform \
	--rename-section .gnu.linkonce.this_module=.data.kref_sha3 \
	"$kmods/sha3-ce.ko" "$kd/sha3.o"
# sha3_ce_transform's cond_yield reads sp_el0 (EL1 only): branch over it to
# the block-count test that follows.
read -r mrs_at cbnz_at < <(aarch64-linux-gnu-objdump -d \
	--disassemble=sha3_ce_transform "$kd/sha3.o" | awk '
	/mrs\tx[0-9]+, sp_el0/ && !m { m = $1 }
	m && /cbnz\tw2,/ && !c { c = $1 }
	END { sub(":", "", m); sub(":", "", c); print m, c }')
text_off=$(aarch64-linux-gnu-readelf -SW "$kd/sha3.o" |
	awk '{ for (i = 1; i < NF; i++) if ($i == ".text") print $(i + 3) }')
if [ -z "$mrs_at" ] || [ -z "$cbnz_at" ] || [ -z "$text_off" ]; then
	echo "kernel drivers: SKIP (sha3_ce_transform layout not recognised)"
	exit 0
fi
mrs_at=$((16#$mrs_at)) cbnz_at=$((16#$cbnz_at)) text_off=$((16#$text_off))
python3 - "$kd/sha3.o" $((text_off + mrs_at)) $(((cbnz_at - mrs_at) / 4)) <<'PY'
import struct, sys
path, off, words = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(path, "r+b") as f:
    f.seek(off)
    f.write(struct.pack("<I", 0x14000000 | words))	# b .+4*words
PY
# every kernel symbol they import (libc provides mem*, str*, __stack_chk_*):
# a zeroed dummy, never called
aarch64-linux-gnu-nm -u "$kd"/*.o | awk '$1 == "U" { print $2 }' | sort -u |
	grep -v -E '^(mem|str|__stack_chk_)' |
	awk 'BEGIN { print "\t.data\n\t.balign 64" }
	     { printf "\t.globl %s\n%s:\n\t.zero 64\n", $1, $1 }' > "$kd/stubs.S"
aarch64-linux-gnu-gcc -static -O2 -mgeneral-regs-only -I. -Itest/shim \
	-o "$kd/kref" test/arm64_kref.c "$kd"/chacha.o "$kd"/poly1305.o \
	"$kd"/sha3.o "$kd/stubs.S"

kcount() {	# ALG LEN ITERS
	"$qemu" -cpu max -singlestep -d exec,nochain -D "$out/trace.log" \
		"$kd/kref" "$@"
	grep -c '^Trace' "$out/trace.log"
}
echo
printf '%-10s %-14s' alg driver
for l in $lens; do printf ' %8s' "${l}B"; done
printf '   (the kernel'"'"'s own 6.1 drivers; NOT timings)\n'
for spec in chacha20:chacha20-neon chacha12:chacha20-neon \
	    poly1305:poly1305-neon sha3-256:sha3-256-ce; do
	alg=${spec%%:*} drv=${spec#*:}
	printf '%-10s %-14s' "$alg" "$drv"
	for l in $lens; do
		[ "$alg" = sha3-256 ] && l=$(( (l + 135) / 136 * 136 ))
		base=$(kcount "$alg" "$l" 0)
		n=$(kcount "$alg" "$l" 2)
		printf ' %8s' "$(awk -v a="$base" -v b="$n" -v l="$l" 'BEGIN { printf "%.2f", (b - a) / 2 / l }')"
	done
	echo
done
rm -f "$out/trace.log"
