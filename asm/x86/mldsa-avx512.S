/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ML-DSA's rejection sampling (RejNTTPoly, FIPS 204 Algorithm 30) for
 * x86_64 with AVX-512: sixteen candidates per call.
 *
 * Algorithm
 * ---------
 * SHAKE128 output is read as 3-byte little-endian candidates with the top
 * bit of each third byte cleared; a candidate below q = 8380417 is the
 * next coefficient.  Sixteen candidates are 48 bytes:
 *
 *   vmovdqu32 {k1}{z}  the 48 bytes (a 12-dword mask: nothing past them
 *                      is read)
 *   vpermd             dwords 3k..3k+2 into 128-bit lane k: each lane
 *                      holds four candidates' 12 bytes
 *   vpshufb            each 3-byte group into its own dword, zero on top
 *   vpandd, vpcmpud    clear bit 23; k2 = the candidates below q
 *   vpcompressd        the kept ones to the bottom (register form: the
 *                      memory form is microcoded on Zen 4), then one
 *                      64-byte store at a + j and j += popcount(k2)
 *
 * The store writes all sixteen dwords, so the caller keeps j <= 240
 * (asm/x86/mldsa_x86.c); words past the new j are overwritten later or
 * lie beyond the kept coefficients.  The seed is public, as is the
 * output: no constant-time requirement, but nothing here branches anyway.
 *
 * Layout
 * ------
 * @buf: 48 bytes of SHAKE128 output; @a: the polynomial's 256 u32
 * coefficients, the first @j already kept.
 *
 * Latency and throughput
 * ----------------------
 * About 10 instructions per 16 candidates, against 16 iterations of a
 * load/mask/store/compare loop in C: the rejection sampling of an ML-DSA-65
 * ExpandA drops from about a third of the whole to a few percent
 * (Documentation/sha3.rst has the figures).
 *
 * Variants
 * --------
 *   sc_mldsa_rej16_avx512  AVX-512F + BW (vpshufb on zmm) + POPCNT; the
 *                          module's SC_CPU_AVX512 (F, BW, VL)
 *
 * Registers
 * ---------
 *   zmm0 the candidates, zmm1 the permute indices, then the kept ones;
 *   k1 the load mask, k2 the candidates kept; rdi a, esi j, rdx buf,
 *   eax the load mask, then the new j
 */
#include <linux/linkage.h>

.section .rodata, "a"
.balign 64
.Lrej_perm:
	.long	0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 0
.Lrej_shuf:
.rept 4
	.byte	0, 1, 2, 0x80, 3, 4, 5, 0x80, 6, 7, 8, 0x80, 9, 10, 11, 0x80
.endr
.Lrej_mask23:
	.long	0x7fffff
.Lrej_q:
	.long	8380417

.text

/* unsigned int sc_mldsa_rej16_avx512(u32 *a, unsigned int j, const u8 *buf) */
SYM_FUNC_START(sc_mldsa_rej16_avx512)
	mov		%esi, %esi
	mov		$0xfff, %eax
	kmovw		%eax, %k1
	vmovdqu32	(%rdx), %zmm0{%k1}{z}
	vmovdqa32	.Lrej_perm(%rip), %zmm1
	vpermd		%zmm0, %zmm1, %zmm0
	vpshufb		.Lrej_shuf(%rip), %zmm0, %zmm0
	vpandd		.Lrej_mask23(%rip){1to16}, %zmm0, %zmm0
	vpcmpud		$1, .Lrej_q(%rip){1to16}, %zmm0, %k2
	vpcompressd	%zmm0, %zmm1{%k2}{z}
	vmovdqu32	%zmm1, (%rdi,%rsi,4)
	kmovw		%k2, %eax
	popcnt		%eax, %eax
	add		%esi, %eax
	vzeroupper
	RET
SYM_FUNC_END(sc_mldsa_rej16_avx512)
