# SPDX-License-Identifier: GPL-2.0
# x86_64 Poly1305 kernels (scalar MULX/ADX, AVX-512 IFMA): see
# asm/x86/poly1305_x86.c.
sc-arch-y += asm/x86/poly1305-x86_64.o asm/x86/poly1305_x86.o
