# SPDX-License-Identifier: GPL-2.0
# x86_64 stitched ChaCha20-Poly1305 AEAD kernels: AVX2 + MULX.
sc-arch-y += asm/x86/chacha20poly1305-avx2.o asm/x86/aead_avx2_x86.o
