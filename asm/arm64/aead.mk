# SPDX-License-Identifier: GPL-2.0
# arm64 ChaCha20-Poly1305: NEON ChaCha20 + GPR Poly1305 stitched, one row.
sc-arch-y += asm/arm64/chacha20poly1305-neon.o asm/arm64/aead_arm64.o
