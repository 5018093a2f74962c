# SPDX-License-Identifier: GPL-2.0
# x86_64 ML-DSA rejection sampling: see asm/x86/mldsa_x86.c.
sc-arch-y += asm/x86/mldsa-avx512.o asm/x86/mldsa_x86.o
