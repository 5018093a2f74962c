# SPDX-License-Identifier: GPL-2.0
# x86_64 stitched ChaCha20-Poly1305 AEAD kernels: AVX2 + MULX
# (aead_avx2_x86.c); AVX-512 + IFMA, zmm and ymm (aead_avx512_x86.c).
sc-arch-y += asm/x86/chacha20poly1305-avx2.o asm/x86/aead_avx2_x86.o \
	     asm/x86/chacha20poly1305-avx512.o asm/x86/aead_avx512_x86.o
