# SPDX-License-Identifier: GPL-2.0
# arm64 Keccak-f[1600]: general-register and SHA3-extension kernels, two rows.
sc-arch-y += asm/arm64/keccak-arm64.o asm/arm64/keccak_arm64.o
