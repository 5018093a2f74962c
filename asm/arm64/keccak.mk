# SPDX-License-Identifier: GPL-2.0
# arm64 Keccak-f[1600]: general-register and SHA3-extension kernels, and the
# plain-NEON two-state kernel of the Keccak xN row "neonx2".
sc-arch-y += asm/arm64/keccak-arm64.o asm/arm64/keccakx-neon.o asm/arm64/keccak_arm64.o
