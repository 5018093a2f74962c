# SPDX-License-Identifier: GPL-2.0
# x86_64 Keccak-f[1600] kernels (SHA-3, SHAKE): see asm/x86/keccak_x86.c.
sc-arch-y += asm/x86/keccak-x86_64.o asm/x86/keccak-avx512vl.o \
	     asm/x86/keccak_x86.o
