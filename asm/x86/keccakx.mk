# SPDX-License-Identifier: GPL-2.0
# x86_64 Keccak xN (several states per call): see asm/x86/keccakx_x86.c.
sc-arch-y += asm/x86/keccakx-avx512.o asm/x86/keccakx-avx2.o \
	     asm/x86/keccakx_x86.o
