#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/arm64-mca.sh: a static schedule estimate of the arm64
# ChaCha20-Poly1305 loops with llvm-mca (Debian package llvm), for cores
# we cannot run on.  One 256-byte batch of the stitched "neon" AEAD row
# (chacha20poly1305-neon.S: batch set-up, 8 double rounds with two
# Poly1305 blocks woven into each, 2 plain double rounds, add/transpose/
# XOR) is compared with the same 256 bytes done as the "onepass" row does
# them: the same ChaCha batch with 10 plain double rounds, then the
# Poly1305 of the 256 bytes as a separate loop, either the NEON row's
# 4-block step (poly1305-neon.S, four steps) or the scalar row's block
# (poly1305-arm64.S, sixteen blocks).  Each piece is straight-line code
# cut from the assembled objects at their loop branches, so the estimate
# follows the real code; llvm-mca runs each piece 100 times back to back
# (loop-carried dependencies included) on the CPU model named.
#
# Then the ChaCha rows: one call of the "neon" row's 4-way kernel
# (sc_chacha_neon_xor4, 256 bytes) against one of the "neon-gpr" row's
# 5-way kernel (sc_chacha_neon_xor5: the same four NEON blocks and a fifth
# in general registers, 320 bytes), per byte; and, where
# scripts/arm64-icount.sh has extracted it, the kernel's own driver
# (Debian 6.1's chacha_4block_xor_neon: four NEON blocks and a fifth in
# general registers, 320 bytes; its cut includes its partial-block code).
# And the "neon-x8-gpr" row's 9-block kernel (sc_chacha_neon_xor9: two
# 4-way batches and a general-register block in one round loop, 576
# bytes), and the "neon-x8" AEAD row's
# stitched 512-byte batch against the "neon" row's 256-byte one.
# Then the Poly1305 rows per byte over 256 bytes, and the kernel's own
# poly1305_blocks_neon loop where it has been extracted.  And one block
# through the general-register kernel alone, and two blocks as two such
# calls against one 4-way call.
#
# Then Keccak: one round of the single-state rows ("arm64", general
# registers, and "sha3ce", the SHA3 extension: keccak-arm64.S), and one
# round for two states of the xN rows: "neonx2" (keccakx-neon.S) and
# "sha3cex2" against two rounds of the general-register loop, the work of
# the "arm64" row for the same two states.  (LLVM 14 has no cost for the
# SHA3 instructions, so the SHA3 rows are estimated with LLVM 17 and
# later only.)
#
# THESE ARE MODEL ESTIMATES, NOT MEASUREMENTS: llvm's scheduling models
# are approximate, and memory and front-end effects are ignored.  LLVM 19
# (scripts/deps.sh mca) has models of Neoverse N1/N2/V1/V2 and Ampere1;
# LLVM 14, Debian 12's default, models the Cortex-A72/A76/N1 family with
# its Cortex-A57 model.  Both treat A72/A76 as A57, and "apple-m1" is the
# Cyclone model (every register-register ADD/EOR on two shift units).
#
# Usage: scripts/arm64-mca.sh [CPU...]   (default: the models below)
# SC_MCA=path picks an llvm-mca; by default LLVM 19's, installed by
# scripts/deps.sh mca where it can be, else whichever llvm-mca there is.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
out=$top/build/arm64/mca
mkdir -p "$out"
mca=${SC_MCA:-}
if [ -z "$mca" ]; then
	command -v llvm-mca-19 >/dev/null || scripts/deps.sh mca >/dev/null 2>&1 ||
		true
	mca=$(command -v llvm-mca-19 || command -v llvm-mca || true)
fi
if [ -z "$mca" ]; then
	echo "SKIP: llvm-mca not installed (scripts/deps.sh mca)"
	exit 0
fi
ver=$("$mca" --version | sed -n 's/.*LLVM version \([0-9]*\).*/\1/p')
echo "llvm-mca: $mca (LLVM $ver)"
if [ "${ver:-0}" -ge 17 ]; then
	cpus=${*:-"cortex-a55 cortex-a57 neoverse-n1 neoverse-n2 neoverse-v1
		neoverse-v2 ampere1 tsv110 exynos-m5"}
else
	cpus=${*:-"cortex-a55 cortex-a57 tsv110 exynos-m5 apple-m1"}
fi

for f in chacha20poly1305-neon chacha-neon poly1305-neon poly1305-arm64 \
	 keccakx-neon keccak-arm64; do
	aarch64-linux-gnu-gcc -c -D__ASSEMBLER__ -Itest/shim -o "$out/$f.o" \
		"asm/arm64/$f.S"
done

# Cut the pieces: loop bodies (without their branch) and the straight
# code around them, by the backward branches of each function.
python3 - "$out" <<'PY'
import os, re, subprocess, sys
out = sys.argv[1]

def insns(obj, func):
    dis = subprocess.run(['aarch64-linux-gnu-objdump', '-d', '--no-show-raw-insn',
                          '--disassemble=' + func, obj],
                         capture_output=True, text=True, check=True).stdout
    res = []
    for line in dis.splitlines():
        m = re.match(r'\s+([0-9a-f]+):\s+(.*)$', line)
        if m:
            res.append((int(m.group(1), 16), m.group(2).split('//')[0].strip()))
    return res

def branch(t):
    m = re.match(r'(b\.\w+|cbn?z|tbn?z|b)\s+.*?([0-9a-f]+) <', t)
    return int(m.group(2), 16) if m else None

def loops(ins):
    """(start, end) address pairs of loops: [target, backward branch)"""
    return [(branch(t), a) for a, t in ins
            if branch(t) is not None and branch(t) < a]

def text(ins, lo, hi, skip_branches=True):
    return [t for a, t in ins if lo <= a < hi and
            not (skip_branches and branch(t) is not None)]

def write(name, lines):
    with open(f'{out}/{name}.s', 'w') as f:
        f.write('\n'.join(re.sub(r'\s+', ' ', re.sub(r'\s*<[^>]*>', '', x), count=1)
                          for x in lines) + '\n')

ccp = insns(f'{out}/chacha20poly1305-neon.o', 'sc_ccp_neon_seal')
(mac_lo, mac_hi), (pl_lo, pl_hi) = loops(ccp)[:2]
batch_lo = min(a for a, t in ccp if t.startswith('cbz') and 'x4' in t)
fin_hi = min(a for a, t in ccp if t.startswith('cbnz') and a > pl_hi)
start = text(ccp, batch_lo, mac_lo)      # choose pointers, load state
mac = text(ccp, mac_lo, mac_hi)          # one stitched double round
plain = text(ccp, pl_lo, pl_hi)          # one plain double round
fin = text(ccp, pl_hi + 4, fin_hi)       # add input, transpose, XOR
write('stitched', start + 8 * mac + 2 * plain + fin)

ccp = insns(f'{out}/chacha20poly1305-neon.o', 'sc_ccp_neon_x8_seal')
lps = loops(ccp)     # stitched rounds, leftover blocks, plain rounds, batches
(mac_lo, mac_hi), (pl_lo, pl_hi), (batch_lo, batch_hi) = lps[0], lps[2], lps[3]
write('stitched8', text(ccp, batch_lo, mac_lo) + 8 * text(ccp, mac_lo, mac_hi) +
      2 * text(ccp, pl_lo, pl_hi) + text(ccp, pl_hi + 4, batch_hi))
write('chacha', start + 10 * plain + fin)

for k in ('neon_xor4', 'neon_xor5', 'neon_xor9', 'arm64_xor1'):	# set-up, rounds, output
    ch = insns(f'{out}/chacha-neon.o', 'sc_chacha_' + k)
    lo, hi = loops(ch)[0]
    write('chacha-' + k.split('_')[1],
          text(ch, 0, lo) + 10 * text(ch, lo, hi) +
          [t for a, t in ch if a > hi and t != 'ret'])
kref = out + '/../icount/kref/'
if os.path.exists(kref + 'chacha.o'):
    ch = insns(kref + 'chacha.o', 'chacha_4block_xor_neon')
    lo, hi = loops(ch)[0]
    write('chacha-kernel', text(ch, 0, lo) + 10 * text(ch, lo, hi) +
          [t for t in text(ch, hi + 4, 1 << 32) if t != 'ret'])
if os.path.exists(kref + 'poly1305.o'):		# its 4-block (64-byte) loop
    pk = insns(kref + 'poly1305.o', 'poly1305_blocks_neon')
    lo, hi = max(loops(pk), key=lambda l: len(text(pk, *l)))
    write('poly-kernel', 4 * text(pk, lo, hi))

pn = insns(f'{out}/poly1305-neon.o', 'sc_poly1305_neon_steps')
lo, hi = loops(pn)[0]
write('poly-neon', 4 * text(pn, lo, hi))
pg = insns(f'{out}/poly1305-arm64.o', 'sc_poly1305_arm64_blocks')
lo, hi = loops(pg)[0]
write('poly-arm64', 16 * text(pg, lo, hi))
kx = insns(f'{out}/keccakx-neon.o', 'sc_keccakx2_neon_permute')
lo, hi = loops(kx)[0]
write('keccak-neonx2', text(kx, lo, hi))
kg = insns(f'{out}/keccak-arm64.o', 'sc_keccak_gpr_permute')
lo, hi = loops(kg)[0]
write('keccak-gpr-x2', 2 * text(kg, lo, hi))
write('keccak-gpr', text(kg, lo, hi))
for f, name in (('sc_keccak_ce_permute', 'keccak-sha3ce'),
                ('sc_keccakx2_ce_permute', 'keccak-sha3cex2')):
    kc = insns(f'{out}/keccak-arm64.o', f)
    lo, hi = loops(kc)[0]
    write(name, text(kc, lo, hi))
PY

cycles() {	# CPU FILE: cycles per pass over FILE
	"$mca" -mtriple=aarch64 -mcpu="$1" -mattr=+sha3 -iterations=100 \
		"$out/$2.s" 2>/dev/null |
		awk '/^Total Cycles:/ { printf "%.0f", $3 / 100 }'
}

cycles1() {	# CPU FILE: cycles of a single pass over FILE (its latency)
	"$mca" -mtriple=aarch64 -mcpu="$1" -mattr=+sha3 -iterations=1 \
		"$out/$2.s" 2>/dev/null | awk '/^Total Cycles:/ { print $3 }'
}

per_byte() {	# CPU FILE BYTES: cycles per byte of one pass over FILE
	awk -v a="$(cycles "$1" "$2")" -v n="$3" 'BEGIN { printf "%.2f", a / n }'
}

printf 'cycles per 256-byte batch (llvm-mca model estimates, NOT timings)\n'
printf '%-11s %9s %9s %9s %11s %11s %9s\n' cpu stitched chacha +polyNEON \
	onepass/NEON onepass/GPR gain
for cpu in $cpus; do
	s=$(cycles "$cpu" stitched)
	c=$(cycles "$cpu" chacha)
	pn=$(cycles "$cpu" poly-neon)
	pg=$(cycles "$cpu" poly-arm64)
	best=$(( pn < pg ? c + pn : c + pg ))
	printf '%-11s %9s %9s %9s %11s %11s %8sx\n' "$cpu" "$s" "$c" "$pn" \
		"$((c + pn))" "$((c + pg))" \
		"$(awk -v a="$best" -v b="$s" 'BEGIN { printf "%.2f", a / b }')"
done
echo "(stitched: one batch of the neon AEAD row; chacha: the same batch with"
echo " 10 plain double rounds; onepass: chacha, then Poly1305 of the 256 bytes"
echo " with the NEON row (4 steps) or the scalar row (16 blocks); gain:"
echo " the better onepass over stitched)"

echo
printf 'AEAD cycles per byte, a stitched batch (llvm-mca model estimates, NOT timings)\n'
printf '%-11s %9s %9s %9s\n' cpu neon neon-x8 gain
for cpu in $cpus; do
	n=$(per_byte "$cpu" stitched 256)
	e=$(per_byte "$cpu" stitched8 512)
	printf '%-11s %9s %9s %8sx\n' "$cpu" "$n" "$e" \
		"$(awk -v a="$n" -v b="$e" 'BEGIN { printf "%.2f", a / b }')"
done
echo "(neon: one 256-byte batch of the neon AEAD row, 16 Poly1305 blocks on"
echo " its rounds; neon-x8: one 512-byte batch of the neon-x8 row, 32 blocks)"

echo
printf 'ChaCha20 cycles per byte (llvm-mca model estimates, NOT timings)\n'
printf '%-11s %9s %9s %11s %9s %9s\n' cpu neon neon-gpr neon-x8-gpr best kernel
for cpu in $cpus; do
	n=$(per_byte "$cpu" chacha-xor4 256)
	g=$(per_byte "$cpu" chacha-xor5 320)
	e=$(per_byte "$cpu" chacha-xor9 576)
	k=-
	if [ -f "$out/chacha-kernel.s" ]; then
		k=$(per_byte "$cpu" chacha-kernel 320)
	fi
	printf '%-11s %9s %9s %11s %8sx %9s\n' "$cpu" "$n" "$g" "$e" \
		"$(awk -v a="$n" -v b="$g" -v c="$e" 'BEGIN {
			m = b < c ? b : c; printf "%.2f", a / m }')" "$k"
done
echo "(neon: the 4-way kernel, 256 bytes a call; neon-gpr: the 5-way kernel,"
echo " 320 bytes a call; neon-x8-gpr: the 9-block kernel, 576 bytes a call;"
echo " best: neon over the faster of the other two; kernel: Debian 6.1's arm64"
echo " driver, 320 bytes a call, '-' until scripts/arm64-icount.sh has"
echo " extracted it)"
printf '%-11s %9s %9s %9s   (cycles: one block alone; two blocks)\n' cpu \
	'1 block' 'GPR x2' 4-way
for cpu in $cpus; do
	printf '%-11s %9s %9s %9s\n' "$cpu" "$(cycles1 "$cpu" chacha-xor1)" \
		"$(( 2 * $(cycles "$cpu" chacha-xor1) ))" "$(cycles "$cpu" chacha-xor4)"
done
echo "(1 block: one call of the general-register kernel, sc_chacha_arm64_xor1,"
echo " from cold; GPR x2: two of them back to back; 4-way: one 4-way call)"

echo
printf 'Poly1305 cycles per byte over 256 bytes'
printf ' (llvm-mca model estimates, NOT timings)\n'
printf '%-11s %9s %9s %9s\n' cpu neon arm64 kernel
for cpu in $cpus; do
	k=-
	if [ -f "$out/poly-kernel.s" ]; then
		k=$(per_byte "$cpu" poly-kernel 256)
	fi
	printf '%-11s %9s %9s %9s\n' "$cpu" "$(per_byte "$cpu" poly-neon 256)" \
		"$(per_byte "$cpu" poly-arm64 256)" "$k"
done
echo "(neon: four steps of the NEON row's loop; arm64: sixteen blocks of the"
echo " general-register row's; kernel: four passes of Debian 6.1's"
echo " poly1305_blocks_neon loop, four blocks each)"

sha3() {	# CPU FILE: cycles, or '-' where the model has no SHA3 costs
	if [ "${ver:-0}" -ge 17 ]; then cycles "$1" "$2"; else echo -; fi
}

echo
printf 'cycles per Keccak round for one state (llvm-mca model estimates, NOT timings)\n'
printf '%-11s %9s %9s\n' cpu arm64 sha3ce
for cpu in $cpus; do
	printf '%-11s %9s %9s\n' "$cpu" "$(cycles "$cpu" keccak-gpr)" \
		"$(sha3 "$cpu" keccak-sha3ce)"
done
echo "(Cortex-A57 and Neoverse N1 have no SHA3 extension: their sha3ce and"
echo " sha3cex2 columns are what the model would charge, nothing more)"

echo
printf 'cycles per Keccak round for two states (llvm-mca model estimates, NOT timings)\n'
printf '%-11s %9s %13s %9s %9s\n' cpu neonx2 'arm64 twice' gain sha3cex2
for cpu in $cpus; do
	n=$(cycles "$cpu" keccak-neonx2)
	g=$(cycles "$cpu" keccak-gpr-x2)
	printf '%-11s %9s %13s %8sx %9s\n' "$cpu" "$n" "$g" \
		"$(awk -v a="$g" -v b="$n" 'BEGIN { printf "%.2f", a / b }')" \
		"$(sha3 "$cpu" keccak-sha3cex2)"
done
