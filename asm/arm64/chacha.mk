# SPDX-License-Identifier: GPL-2.0
# arm64 ChaCha20/12 + HChaCha: NEON 4-way and 1-block kernels and their row.
sc-arch-y += asm/arm64/chacha-neon.o asm/arm64/chacha_arm64.o
