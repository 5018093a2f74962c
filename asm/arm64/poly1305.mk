# SPDX-License-Identifier: GPL-2.0
# arm64 Poly1305: scalar base 2^64 and NEON base 2^26 kernels, two rows.
sc-arch-y += asm/arm64/poly1305-arm64.o asm/arm64/poly1305-neon.o \
	     asm/arm64/poly1305_arm64.o
