# SPDX-License-Identifier: GPL-2.0
# x86_64 ChaCha20/XChaCha kernels: SSSE3, AVX2, AVX-512VL (ymm), AVX-512 (zmm)
sc-arch-y += asm/x86/chacha-x86_64.o asm/x86/chacha_x86.o
