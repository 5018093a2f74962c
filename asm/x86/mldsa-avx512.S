/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ML-DSA's rejection sampling (RejNTTPoly, FIPS 204 Algorithm 30) for
 * x86_64 with AVX-512: sixteen candidates per iteration.
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
 * The store writes all sixteen dwords, so the loop runs while j <= 240;
 * words past the new j are overwritten later or lie beyond the kept
 * coefficients.  The seed is public, as is the output: no constant-time
 * requirement, but nothing here branches on the data except the j <= 240
 * bound.
 *
 * Layout
 * ------
 * @buf: SHAKE128 output, @len bytes; @a: the polynomial's 256 u32
 * coefficients, the first *@j already kept.  Whole 48-byte groups only;
 * the caller (mldsa.c) samples what is left in C.
 *
 * Latency and throughput
 * ----------------------
 * Ten vector instructions per 16 candidates, the constants in registers
 * across the buffer; the only chain from one group to the next is
 * j += popcount (one add).  A call per group (the first version: constants
 * reloaded, vzeroupper, a C loop around it) took 11% of an ML-DSA-65
 * ExpandA on Intel (family 6 model 167); Documentation/sha3.rst has the
 * figures since.
 *
 * Variants
 * --------
 *   sc_mldsa_rej_avx512  AVX-512F + BW (vpshufb on zmm) + POPCNT; the
 *                        module's SC_CPU_AVX512 (F, BW, VL)
 *
 * Registers
 * ---------
 *   zmm0 the candidates, zmm1 the permute indices, zmm2 the byte shuffle,
 *   zmm3 2^23 - 1, zmm4 q, zmm5 the kept ones; k1 the load mask, k2 the
 *   candidates kept; rdi a, rsi j's address, rdx buf, ecx len, r8d j,
 *   eax bytes consumed, r9d/r10d scratch
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

/*
 * unsigned int sc_mldsa_rej_avx512(u32 *a, unsigned int *j, const u8 *buf,
 *				    unsigned int len)
 * Returns the bytes consumed, a multiple of 48; *j updated.
 */
SYM_FUNC_START(sc_mldsa_rej_avx512)
	xor		%eax, %eax
	mov		(%rsi), %r8d
	cmp		$48, %ecx
	jb		.Lrej_out
	cmp		$240, %r8d
	ja		.Lrej_out
	mov		$0xfff, %r9d
	kmovw		%r9d, %k1
	vmovdqa32	.Lrej_perm(%rip), %zmm1
	vmovdqa32	.Lrej_shuf(%rip), %zmm2
	vpbroadcastd	.Lrej_mask23(%rip), %zmm3
	vpbroadcastd	.Lrej_q(%rip), %zmm4
.Lrej_loop:
	vmovdqu32	(%rdx,%rax), %zmm0{%k1}{z}
	vpermd		%zmm0, %zmm1, %zmm0
	vpshufb		%zmm2, %zmm0, %zmm0
	vpandd		%zmm3, %zmm0, %zmm0
	vpcmpud		$1, %zmm4, %zmm0, %k2
	vpcompressd	%zmm0, %zmm5{%k2}{z}
	vmovdqu32	%zmm5, (%rdi,%r8,4)
	kmovw		%k2, %r9d
	popcnt		%r9d, %r9d
	add		%r9d, %r8d
	add		$48, %eax
	lea		48(%rax), %r10d
	cmp		%ecx, %r10d
	ja		.Lrej_done
	cmp		$240, %r8d
	jbe		.Lrej_loop
.Lrej_done:
	mov		%r8d, (%rsi)
	vzeroupper
.Lrej_out:
	RET
SYM_FUNC_END(sc_mldsa_rej_avx512)
