/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] absorb for x86_64 with AVX-512VL, one state, one lane per
 * register.
 *
 * Algorithm
 * ---------
 * Keccak-f[1600] (FIPS 202 section 3.3) on 25 64-bit lanes a[x + 5y], 24
 * rounds of theta, rho, pi, chi and iota.  This file treats the 32 xmm
 * registers of AVX-512VL as 32 64-bit registers (only the low quadword of
 * each matters; the high one is carried along and never stored), which turns
 * the register-starved scalar algorithm into one that keeps the whole state
 * in registers and uses the two AVX-512 instructions that fit Keccak:
 *
 *   vpternlogq  any function of three inputs in one instruction: the column
 *               parity a^b^c (0x96) and chi's a ^ (~b & c) (0xd2);
 *   vprolq      a 64-bit rotate by an immediate (rho, and theta's rol 1).
 *
 * Per round: column parities 5 copies + 10 vpternlogq; D[x] = C[x-1] ^
 * rol(C[x+1], 1) 5 rotates + 5 XORs; per lane one XOR with D[x] (theta) and
 * one rotate (rho); chi 10 copies + 25 vpternlogq; iota one XOR: 95 ALU
 * instructions and 15 register copies (eliminated at rename).
 *
 * What bounds it (measured on Zen 5): every vector ALU op has 2 cycles of
 * latency, except that vpternlogq takes 3 through its second and third
 * operands (about 3.6 when the value comes from a rotate); only its first
 * (destination) operand is fast.  Rotates and shifts issue on two of the
 * four pipes.  So theta adds D[x] with a two-operand vpxorq (2 cycles
 * through both operands) instead of a three-way vpternlogq of C[x-1],
 * rol(C[x+1]) and the lane.  The round (_keccak_round in keccak-lanes.h)
 * runs each plane's chi about two planes after its theta and rho, for
 * the reason in Documentation/design.rst ("Instruction order"): about
 * 730 cycles a permutation, 790 without that pipeline.  Sixteen-byte
 * (xmm) operations keep clear of the zmm clock penalty on CPUs that have
 * one and cost the same as zmm on those that do not.
 *
 * pi moves no data within a round: it renames registers.  The lane names
 * A00..A24 are assembler symbols bound to registers, and the pi macro
 * rebinds them, the way the kernel's sha256-avx2 code rotates its working
 * variables.  The rounds are a loop of one round whose last 25 register
 * moves put every lane back in its own register (_keccak_rounds; why a
 * loop: keccak-lanes.h and Documentation/sha3.rst).  The steps
 * (parities, theta's D, theta and rho of a lane, pi, a row's chi) are in
 * keccak-lanes.h, shared with the several-state kernel keccakx-avx512.S.
 *
 * Registers
 * ---------
 *   xmm0-xmm24   the state, lane a[i] in xmm<i> at every block boundary
 *   xmm25-xmm31  theta: column parities C0..C4 (xmm25-29), then D0..D4
 *                (xmm27, 30, 29, 31, 26), each written over a parity no
 *                longer needed; chi: copies of b[0], b[1] (xmm25, xmm28).
 *                iota's round constant is a memory operand: lane 0 is
 *                off the critical path where the pipelined round gets
 *                to it
 *   rdi st, rsi input, rdx blocks left, ecx/rax rate in bytes (0: permute),
 *   r8 the round's constant, r9 the end of the constants
 *
 * Variants
 * --------
 *   sc_keccak_absorb_avx512vl  AVX-512F + VL, any x86_64 that has them;
 *                              reached through asm/x86/keccak_x86.c.
 */
#include <linux/linkage.h>
#include "vregs.h"
#include "../../generic/keccak_rc.h"
#include "keccak-lanes.h"

/* the state: lane a[i] starts in xmm<i> */
A00 = %xmm0
A01 = %xmm1
A02 = %xmm2
A03 = %xmm3
A04 = %xmm4
A05 = %xmm5
A06 = %xmm6
A07 = %xmm7
A08 = %xmm8
A09 = %xmm9
A10 = %xmm10
A11 = %xmm11
A12 = %xmm12
A13 = %xmm13
A14 = %xmm14
A15 = %xmm15
A16 = %xmm16
A17 = %xmm17
A18 = %xmm18
A19 = %xmm19
A20 = %xmm20
A21 = %xmm21
A22 = %xmm22
A23 = %xmm23
A24 = %xmm24

/*
 * theta: the column parities C0..C4, then D0..D4, each D written over a
 * parity that is no longer needed (see theta_d)
 */
C0 = %xmm25
C1 = %xmm26
C2 = %xmm27
C3 = %xmm28
C4 = %xmm29
D1 = %xmm30
D3 = %xmm31
D0 = %xmm27
D2 = %xmm29
D4 = %xmm26
/* after theta: chi's copies */
T0 = %xmm25
T1 = %xmm28

#define ST	%rdi
#define INP	%rsi
#define NBLK	%rdx
#define RATE	%ecx

/* iota: a ^= the round constant at (%r8), a broadcast memory operand */
.macro _keccak_iota	a
	vpxorq		(%r8){1to2}, \a, \a
.endm

/* V0..V25: the registers _keccak_unpi moves lanes between */
	_set_vregs 16

/* the lane names back on xmm0..xmm24 (pi renames them every round) */
.macro _k1_names
.irp i, 0,1,2,3,4,5,6,7,8,9
	.set	A0\i, %xmm\i
.endr
.irp i, 10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
	.set	A\i, %xmm\i
.endr
.endm

.section .rodata, "a"
.balign 64
.Lkeccak_rc:
	.quad	SC_KECCAK_RC

.text

/*
 * void sc_keccak_absorb_avx512vl(u64 st[25], const u8 *in, size_t nblocks,
 *				  unsigned int rate);
 *
 * For each of @nblocks blocks: XOR @rate bytes of @in (72, 104, 136, 144
 * or 168; any alignment) into the state, then permute.  @rate 0 permutes
 * @nblocks times without reading @in.
 */
SYM_FUNC_START(sc_keccak_absorb_avx512vl)
	vmovq		0 * 8(ST), %xmm0
	vmovq		1 * 8(ST), %xmm1
	vmovq		2 * 8(ST), %xmm2
	vmovq		3 * 8(ST), %xmm3
	vmovq		4 * 8(ST), %xmm4
	vmovq		5 * 8(ST), %xmm5
	vmovq		6 * 8(ST), %xmm6
	vmovq		7 * 8(ST), %xmm7
	vmovq		8 * 8(ST), %xmm8
	vmovq		9 * 8(ST), %xmm9
	vmovq		10 * 8(ST), %xmm10
	vmovq		11 * 8(ST), %xmm11
	vmovq		12 * 8(ST), %xmm12
	vmovq		13 * 8(ST), %xmm13
	vmovq		14 * 8(ST), %xmm14
	vmovq		15 * 8(ST), %xmm15
	vmovq		16 * 8(ST), %xmm16
	vmovq		17 * 8(ST), %xmm17
	vmovq		18 * 8(ST), %xmm18
	vmovq		19 * 8(ST), %xmm19
	vmovq		20 * 8(ST), %xmm20
	vmovq		21 * 8(ST), %xmm21
	vmovq		22 * 8(ST), %xmm22
	vmovq		23 * 8(ST), %xmm23
	vmovq		24 * 8(ST), %xmm24
	mov		RATE, %eax	/* zero-extends the 32-bit rate */
	test		NBLK, NBLK
	jz		.Lstore

.Lblock:
	/* rate 0, 72, 104, 136, 144 or 168: 0, 9, 13, 17, 18 or 21 lanes */
	cmp		$72, RATE
	jb		.Lpermute
	vpxorq		0 * 8(INP){1to2}, %xmm0, %xmm0
	vpxorq		1 * 8(INP){1to2}, %xmm1, %xmm1
	vpxorq		2 * 8(INP){1to2}, %xmm2, %xmm2
	vpxorq		3 * 8(INP){1to2}, %xmm3, %xmm3
	vpxorq		4 * 8(INP){1to2}, %xmm4, %xmm4
	vpxorq		5 * 8(INP){1to2}, %xmm5, %xmm5
	vpxorq		6 * 8(INP){1to2}, %xmm6, %xmm6
	vpxorq		7 * 8(INP){1to2}, %xmm7, %xmm7
	vpxorq		8 * 8(INP){1to2}, %xmm8, %xmm8
	cmp		$104, RATE
	jb		.Lpermute
	vpxorq		9 * 8(INP){1to2}, %xmm9, %xmm9
	vpxorq		10 * 8(INP){1to2}, %xmm10, %xmm10
	vpxorq		11 * 8(INP){1to2}, %xmm11, %xmm11
	vpxorq		12 * 8(INP){1to2}, %xmm12, %xmm12
	cmp		$136, RATE
	jb		.Lpermute
	vpxorq		13 * 8(INP){1to2}, %xmm13, %xmm13
	vpxorq		14 * 8(INP){1to2}, %xmm14, %xmm14
	vpxorq		15 * 8(INP){1to2}, %xmm15, %xmm15
	vpxorq		16 * 8(INP){1to2}, %xmm16, %xmm16
	cmp		$144, RATE
	jb		.Lpermute
	vpxorq		17 * 8(INP){1to2}, %xmm17, %xmm17
	cmp		$168, RATE
	jb		.Lpermute
	vpxorq		18 * 8(INP){1to2}, %xmm18, %xmm18
	vpxorq		19 * 8(INP){1to2}, %xmm19, %xmm19
	vpxorq		20 * 8(INP){1to2}, %xmm20, %xmm20
	/*
	 * Every rate enters the rounds by a taken branch: falling through
	 * here from the 21st lane (SHAKE128) measured 5-10% slower per block
	 * in multi-block absorbs on Zen 5 than the other rates' jump.
	 */
	jmp		.Lpermute

.Lpermute:
	_keccak_rounds	.Lkeccak_rc, %r8, %r9, _k1_names
	add		%rax, INP
	dec		NBLK
	jnz		.Lblock

.Lstore:
	vmovq		%xmm0, 0 * 8(ST)
	vmovq		%xmm1, 1 * 8(ST)
	vmovq		%xmm2, 2 * 8(ST)
	vmovq		%xmm3, 3 * 8(ST)
	vmovq		%xmm4, 4 * 8(ST)
	vmovq		%xmm5, 5 * 8(ST)
	vmovq		%xmm6, 6 * 8(ST)
	vmovq		%xmm7, 7 * 8(ST)
	vmovq		%xmm8, 8 * 8(ST)
	vmovq		%xmm9, 9 * 8(ST)
	vmovq		%xmm10, 10 * 8(ST)
	vmovq		%xmm11, 11 * 8(ST)
	vmovq		%xmm12, 12 * 8(ST)
	vmovq		%xmm13, 13 * 8(ST)
	vmovq		%xmm14, 14 * 8(ST)
	vmovq		%xmm15, 15 * 8(ST)
	vmovq		%xmm16, 16 * 8(ST)
	vmovq		%xmm17, 17 * 8(ST)
	vmovq		%xmm18, 18 * 8(ST)
	vmovq		%xmm19, 19 * 8(ST)
	vmovq		%xmm20, 20 * 8(ST)
	vmovq		%xmm21, 21 * 8(ST)
	vmovq		%xmm22, 22 * 8(ST)
	vmovq		%xmm23, 23 * 8(ST)
	vmovq		%xmm24, 24 * 8(ST)
	vzeroupper
	RET
SYM_FUNC_END(sc_keccak_absorb_avx512vl)
