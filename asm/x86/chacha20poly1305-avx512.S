/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha20-Poly1305 (RFC 8439 AEAD) for x86_64 with AVX-512 and IFMA: the
 * ChaCha20 keystream and the Poly1305 MAC of the ciphertext in one loop,
 * the Poly1305 multiplications spread through the ChaCha rounds.  One macro
 * body, built for zmm and for ymm.
 *
 * Algorithm
 * ---------
 * seal: c = m ^ ChaCha20(key, nonce, counter), then h absorbs c as Poly1305
 * blocks (pad bit 1); open: h absorbs c, then m = c ^ keystream.  The state
 * in and out is the canonical one of every AEAD row (simdcrypt.h): the
 * ChaCha state words with the counter of the first block in word 12 (not
 * written), and struct sc_poly1305_core (h base 2^64, h[2] <= 4 on return,
 * clamped r).  These functions MAC only the whole Poly1305 groups of the
 * text (GROUP bytes, below); the C wrapper (aead_avx512_x86.c) MACs the
 * rest, under a group, with the scalar MULX code.
 *
 * Poly1305 is the base 2^44 IFMA scheme of poly1305-x86_64.S (see there
 * for the limb arithmetic): two accumulators HA and HB of VL/8 lanes take
 * a group of VL/4 blocks (lane order 0 q 1 q+1 .., q = VL/16); per group
 * h = h r^(VL/4) + group, and after the last group every lane is
 * multiplied by the power that brings its block to the end and the lanes
 * are added.  h enters through the frame (FP, lane 0 of HA, added with
 * the first group), so HA and HB start at zero and the first
 * multiplication needs no test.
 *
 * Layout: one batch = 16 vertical + 4 horizontal blocks (zmm)
 * ----------------------------------------------------------
 *   A0-A15  word j of VL/4 blocks in Aj (the vertical layout of
 *           chacha-x86_64.S), transposed into block order at the end;
 *   X0-X3   rows 0-3 of VL/16 more blocks, one block per 128-bit lane
 *           (the horizontal layout), turned to diagonals by vpshufd;
 *   a "unit" of Poly1305 work (one group, both accumulators) is cut into
 *           sixteen slices (_pslice), one after each step of two double
 *           rounds, so five units ride along the ten double rounds.
 * A batch is BATCH = 20 VL bytes, five groups of 4 VL: the units keep pace.
 * seal runs its first batch without units, then each batch with the units
 * of the ciphertext the batch before wrote, and MACs the last batch after
 * the loop (_prest); open runs each whole batch with the units of the
 * ciphertext it is about to decrypt (loads before stores: src may be
 * dst), and a short last batch after MACing its groups.
 *
 * Latency and batches
 * -------------------
 * Zen 5 (measured here): vpaddd/vpxord/vprold take 2 cycles, vpmadd52
 * 4; add/xor issue 4 a cycle, vprold 2, vpmadd52 2, and vpmadd52 takes
 * the same two pipes as vprold (and as vpsllq/vpsrlq).  One double round is 8 dependent steps of 3 ops: 48 cycles,
 * 480 for the 20 rounds of a batch however many blocks it holds.  The
 * ChaCha-only kernel holds two 16-block batches (all 32 registers) and
 * reaches 0.34 cycles/byte; with Poly1305 in the loop only 20 registers
 * are left for ChaCha (the units need 12: HA, HB, six products), so a
 * batch holds 20 blocks, a 4 KiB piece takes four batches (the last one
 * of 256 bytes) and the round latency, not the ports, sets the pace:
 * 0.57 cycles/byte for the ChaCha half alone, 0.65 with the MAC, against
 * 0.50 for "onepass" (the 32-block ChaCha kernel, then IFMA Poly1305 over
 * the piece in L1).  Measured: seal 16 KiB 0.71, onepass 0.56, OpenSSL
 * 1.01 cycles/byte.  Grouping the units whole between double rounds was
 * slower still (0.72): the scheduler, not the reorder buffer, is the
 * window, so the slices have to sit next to the rounds.  So the rows are
 * left to the load-time calibration (aead_rows.h); the single-batch ymm
 * build (10 blocks a batch) is further behind on this core.
 *
 * Variants (void fn(const u32 *state, struct sc_poly1305_core *core,
 *                   u8 *dst, const u8 *src, unsigned int len))
 *
 *   sc_ccp_seal_avx512, sc_ccp_open_avx512      zmm: 16 + 4 blocks (1280
 *       bytes) a batch, GROUP 256 bytes (2 x 8 lanes), r^16 per group
 *   sc_ccp_seal_avx512vl, sc_ccp_open_avx512vl  ymm: 8 + 2 blocks (640
 *       bytes) a batch, GROUP 128 bytes (2 x 4 lanes), r^8 per group; for
 *       CPUs that down-clock on zmm (PREFER_YMM)
 *
 * Registers
 * ---------
 *   V0-V15    vertical ChaCha blocks (A0-A15); at set-up, the key powers
 *   V16-V19   horizontal ChaCha blocks (X0-X3)
 *   V20-V25   Poly1305 accumulators HA0-HA2, HB0-HB2 (base 2^44 limbs)
 *   V26-V31   Poly1305 products T0-T5; the transposes' and the last
 *             piece's temporaries between units
 *   %rdi state, %rsi dst, %rdx src, %ecx bytes left, %r8 core, %r9d block
 *   counter, %r10 next Poly1305 group, %rax %r11 scratch; k1 the last
 *   piece's byte mask, k2 word 0 of each 128-bit lane.
 * The Poly1305 constants are broadcast from .rodata; r^G from FQ; the
 * last-group powers of HA and HB (FW, FV) are whole vectors in the frame.
 * No callee-saved register but %rbp, the frame pointer of the 64-byte
 * aligned frame (frame.h), which is wiped before return with every vector
 * register.
 */
#include <linux/linkage.h>
#include "poly1305-mulx.h"
#include "vregs.h"
#include "frame.h"

#define STATE	%rdi
#define DST	%rsi
#define SRC	%rdx
#define LEN	%ecx
#define CORE	%r8
#define CTR	%r9d
#define PP	%r10


.section .rodata.sc_ccp, "a"
.p2align 6
/* block offsets within a batch (one per 32-bit lane) */
.Lccp_inc:
	.long	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
/* lane j of the last-group powers <- lane perm[j] of r^1.. (see _powers) */
.Lccp_perm8:
	.quad	7, 3, 6, 2, 5, 1, 4, 0
.Lccp_perm4:
	.quad	3, 1, 2, 0
/* the horizontal blocks: counter offsets in word 12 of each 128-bit lane */
.Lccp_hinc:
	.long	0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
/* Poly1305 constants, broadcast: 2^44 - 1, 2^42 - 1, the pad bit in limb 2 */
.Lccp_m44:
	.quad	0xfffffffffff
.Lccp_m42:
	.quad	0x3ffffffffff
.Lccp_pad:
	.quad	1 << 40

.text

/*
 * _ccp_vl VL: name the registers for this width (VL = 32 or 64 bytes).
 * Frame (offsets from %rsp):
 *   FQ    r^G limbs r0 r1 r2 s1 s2 (s = 20 r), one qword each
 *   FW    HA's last-group powers, five vectors (r0 r1 r2 s1 s2)
 *   FV    HB's last-group powers, five vectors
 *   FH    the input rows of the horizontal blocks (X0-X3), counter state[12]
 *   FX3   row 3 of this batch's horizontal blocks
 *   FP    h (base 2^44, lane 0) until the first group takes it
 *   FCTR  counter of the batch; FBASE first group; FEND end of the groups
 */
.macro _ccp_vl vl
	.set	VL, \vl
	.set	NBLK, VL / 4 + VL / 16
	.set	BATCH, 20 * VL
	.set	GROUP, 4 * VL
	.set	FQ, 0
	.set	FW, 64
	.set	FV, FW + 5 * VL
	.set	FH, FV + 5 * VL
	.set	FX3, FH + 4 * VL
	.set	FP, FX3 + VL
	.set	FCTR, FP + 3 * VL
	.set	FBASE, FCTR + 8
	.set	FEND, FBASE + 8
	.set	FRAME, FEND + 8
.if VL != 32 && VL != 64
	.error "chacha20poly1305-avx512.S: VL must be 32 or 64"
.endif
	_set_vregs VL
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.set	A\i, V\i
.endr
	.set	X0, V16
	.set	X1, V17
	.set	X2, V18
	.set	X3, V19
	.set	HA0, V20
	.set	HA1, V21
	.set	HA2, V22
	.set	HB0, V23
	.set	HB1, V24
	.set	HB2, V25
	.set	T0, V26
	.set	T1, V27
	.set	T2, V28
	.set	T3, V29
	.set	T4, V30
	.set	T5, V31
.endm

/* ---- ChaCha20 ---------------------------------------------------------- */

/* d op= s for four (s, d) word pairs of the batch */
.macro _c4 op, s0, d0, s1, d1, s2, d2, s3, d3
	\op	A\s0, A\d0, A\d0
	\op	A\s1, A\d1, A\d1
	\op	A\s2, A\d2, A\d2
	\op	A\s3, A\d3, A\d3
.endm

/* x += y; z ^= x; z <<<= r, for four (x, y, z) triples */
.macro _cstep r, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
	_c4	vpaddd, \y0,\x0, \y1,\x1, \y2,\x2, \y3,\x3
	_c4	vpxord, \x0,\z0, \x1,\z1, \x2,\z2, \x3,\z3
	vprold	$\r, A\z0, A\z0
	vprold	$\r, A\z1, A\z1
	vprold	$\r, A\z2, A\z2
	vprold	$\r, A\z3, A\z3
.endm

/* a double round: columns, then diagonals */
.macro _cdround
	_cstep	16, 0,4,12, 1,5,13, 2,6,14, 3,7,15
	_cstep	12, 8,12,4, 9,13,5, 10,14,6, 11,15,7
	_cstep	8, 0,4,12, 1,5,13, 2,6,14, 3,7,15
	_cstep	7, 8,12,4, 9,13,5, 10,14,6, 11,15,7
	_cstep	16, 0,5,15, 1,6,12, 2,7,13, 3,4,14
	_cstep	12, 10,15,5, 11,12,6, 8,13,7, 9,14,4
	_cstep	8, 0,5,15, 1,6,12, 2,7,13, 3,4,14
	_cstep	7, 10,15,5, 11,12,6, 8,13,7, 9,14,4
.endm

/*
 * The horizontal blocks: X0-X3 hold rows 0-3 (words 0-3, 4-7, 8-11,
 * 12-15) of VL/16 blocks, one block per 128-bit lane.  A step is the same
 * x += y; z ^= x; z <<<= r on whole rows; between the column and diagonal
 * halves rows 0, 2 and 3 turn by -1, +1, +2 words (row 1 stays, so the
 * chain through row 1, the longest, waits for no shuffle).
 */
.macro _hstep r, x, y, z
	vpaddd	\y, \x, \x
	vpxord	\x, \z, \z
	vprold	$\r, \z, \z
.endm

/*
 * A double round of both batches, their steps interleaved, and with \pu
 * slices \base.. of a Poly1305 unit after the steps.
 */
.macro _dstep pu, k, r, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3, hx, hy, hz
	_cstep	\r, \x0,\y0,\z0, \x1,\y1,\z1, \x2,\y2,\z2, \x3,\y3,\z3
	_hstep	\r, \hx, \hy, \hz
.if \pu
	_pslice	\k
.endif
.endm

.macro _dround pu=0, base=0
	_dstep	\pu, \base+0, 16, 0,4,12, 1,5,13, 2,6,14, 3,7,15, X0, X1, X3
	_dstep	\pu, \base+1, 12, 8,12,4, 9,13,5, 10,14,6, 11,15,7, X2, X3, X1
	_dstep	\pu, \base+2, 8, 0,4,12, 1,5,13, 2,6,14, 3,7,15, X0, X1, X3
	_dstep	\pu, \base+3, 7, 8,12,4, 9,13,5, 10,14,6, 11,15,7, X2, X3, X1
	vpshufd	$0x93, X0, X0
	vpshufd	$0x39, X2, X2
	vpshufd	$0x4e, X3, X3
	_dstep	\pu, \base+4, 16, 0,5,15, 1,6,12, 2,7,13, 3,4,14, X0, X1, X3
	_dstep	\pu, \base+5, 12, 10,15,5, 11,12,6, 8,13,7, 9,14,4, X2, X3, X1
	_dstep	\pu, \base+6, 8, 0,5,15, 1,6,12, 2,7,13, 3,4,14, X0, X1, X3
	_dstep	\pu, \base+7, 7, 10,15,5, 11,12,6, 8,13,7, 9,14,4, X2, X3, X1
	vpshufd	$0x39, X0, X0
	vpshufd	$0x93, X2, X2
	vpshufd	$0x4e, X3, X3
.endm

/*
 * The horizontal blocks' input: rows 0-2 and row 3 (counter state[12])
 * from FH, the counters of this batch's horizontal blocks (FCTR + VL/4 +
 * lane) added to word 12; k2 selects word 0 of each 128-bit lane.  Row 3
 * goes to FX3 for the feed-forward.
 */
.macro _hinit
	vmovdqu64	FH(%rsp), X0
	vmovdqu64	FH+VL(%rsp), X1
	vmovdqu64	FH+2*VL(%rsp), X2
	mov		CTR, %eax
	sub		48(STATE), %eax
	add		$(VL / 4), %eax
	vpbroadcastd	%eax, X3{%k2}{z}
	vpaddd		.Lccp_hinc(%rip), X3, X3
	vpaddd		FH+3*VL(%rsp), X3, X3
	vmovdqu64	X3, FX3(%rsp)
.endm

.macro _hffw
	vpaddd		FH(%rsp), X0, X0
	vpaddd		FH+VL(%rsp), X1, X1
	vpaddd		FH+2*VL(%rsp), X2, X2
	vpaddd		FX3(%rsp), X3, X3
.endm

/* reg += the 32-bit word at \mem in every lane */
.macro _caddb mem, reg
.if VL == 64
	vpaddd	\mem{1to16}, \reg, \reg
.else
	vpaddd	\mem{1to8}, \reg, \reg
.endif
.endm

/* the vertical blocks at counter FCTR: input words; their feed-forward */
.macro _cinit
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpbroadcastd	(4 * \i)(STATE), A\i
.endr
	vpbroadcastd	FCTR(%rsp), A12
	vpaddd		.Lccp_inc(%rip), A12, A12
.endm

.macro _cffw
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	_caddb	(4 * \i)(STATE), A\i
.endr
	vpaddd	.Lccp_inc(%rip), A12, A12
	_caddb	FCTR(%rsp), A12
.endm

/* 4x4 dword transpose inside each 128-bit lane (temporaries T0-T3) */
.macro _ctr4 a, b, c, d
	vpunpckldq	\b, \a, T0
	vpunpckhdq	\b, \a, T1
	vpunpckldq	\d, \c, T2
	vpunpckhdq	\d, \c, T3
	vpunpcklqdq	T2, T0, \a
	vpunpckhqdq	T2, T0, \b
	vpunpcklqdq	T3, T1, \c
	vpunpckhqdq	T3, T1, \d
.endm

/* zmm: 4x4 transpose of the 128-bit lanes of a, b, c, d */
.macro _clanes4 a, b, c, d
	vshufi32x4	$0x44, \b, \a, T0
	vshufi32x4	$0xee, \b, \a, T1
	vshufi32x4	$0x44, \d, \c, T2
	vshufi32x4	$0xee, \d, \c, T3
	vshufi32x4	$0x88, T2, T0, \a
	vshufi32x4	$0xdd, T2, T0, \b
	vshufi32x4	$0x88, T3, T1, \c
	vshufi32x4	$0xdd, T3, T1, \d
.endm

/* ymm: p = [p.lo, q.lo], q = [p.hi, q.hi] */
.macro _clanes2 p, q
	vshufi64x2	$0, \q, \p, T0
	vshufi64x2	$3, \q, \p, \q
	vmovdqa64	T0, \p
.endm

.macro _ctranspose
	_ctr4	A0, A1, A2, A3
	_ctr4	A4, A5, A6, A7
	_ctr4	A8, A9, A10, A11
	_ctr4	A12, A13, A14, A15
.if VL == 64
	_clanes4	A0, A4, A8, A12
	_clanes4	A1, A5, A9, A13
	_clanes4	A2, A6, A10, A14
	_clanes4	A3, A7, A11, A15
.else
	_clanes2	A0, A4
	_clanes2	A1, A5
	_clanes2	A2, A6
	_clanes2	A3, A7
	_clanes2	A8, A12
	_clanes2	A9, A13
	_clanes2	A10, A14
	_clanes2	A11, A15
.endif
.endm

/*
 * XOR one VL-byte piece of keystream into the data; a short last piece
 * goes to .Lpart_\id (keystream in T4), the end of the data to .Lcend_\id.
 */
.macro _cout1 id, r
	cmp	$VL, LEN
	jae	1f
	vmovdqa64	\r, T4
	jmp	.Lpart_\id
1:
	vpxord		(SRC), \r, \r
	vmovdqu64	\r, (DST)
	add	$VL, SRC
	add	$VL, DST
	sub	$VL, LEN
	jz	.Lcend_\id
.endm

/* the horizontal blocks, in memory order */
.macro _hout id
.if VL == 64
	_clanes4	X0, X1, X2, X3
.irp r, X0, X1, X2, X3
	_cout1	\id, \r
.endr
.else
	_clanes2	X0, X1
	_clanes2	X2, X3
.irp r, X0, X2, X1, X3
	_cout1	\id, \r
.endr
.endif
.endm

/* the pieces of the transposed batch, in memory order */
.macro _cout id
.if VL == 64
.irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	_cout1	\id, A\r
.endr
.else
.irp r, 0,8,1,9,2,10,3,11,4,12,5,13,6,14,7,15
	_cout1	\id, A\r
.endr
.endif
.endm

/* ---- Poly1305, base 2^44 ----------------------------------------------- */

/* \op with a full operand, or (\bc) a qword broadcast from memory */
.macro _pm op, m, h, d, bc
.if \bc && VL == 64
	\op	\m{1to8}, \h, \d
.elseif \bc
	\op	\m{1to4}, \h, \d
.else
	\op	\m, \h, \d
.endif
.endm

/* vpternlogq with a broadcast qword */
.macro _pternb imm, m, s, d
.if VL == 64
	vpternlogq	$\imm, \m{1to8}, \s, \d
.else
	vpternlogq	$\imm, \m{1to4}, \s, \d
.endif
.endm

/*
 * h = h r (mod p, partially reduced), limbs below 2^44 + 2^11.  r0-r2,
 * s1 = 20 r1, s2 = 20 r2: registers or memory (\bc: broadcast qwords).
 * h may alias r.  Clobbers T0-T5.  In six parts (\p), so that the stitched
 * loop can spread one multiplication over several ChaCha steps.
 *
 *   d0 = h0 r0 + h1 s2 + h2 s1
 *   d1 = h0 r1 + h1 r0 + h2 s2
 *   d2 = h0 r2 + h1 r1 + h2 r0
 */
.macro _pmulp p, h0, h1, h2, r0, r1, r2, s1, s2, bc
.if \p == 0
	vpxorq		T0, T0, T0
	vpxorq		T1, T1, T1
	vpxorq		T2, T2, T2
	vpxorq		T3, T3, T3
	vpxorq		T4, T4, T4
	vpxorq		T5, T5, T5
.elseif \p == 1
	_pm	vpmadd52luq, \r0, \h0, T0, \bc
	_pm	vpmadd52huq, \r0, \h0, T3, \bc
	_pm	vpmadd52luq, \r1, \h0, T1, \bc
	_pm	vpmadd52huq, \r1, \h0, T4, \bc
	_pm	vpmadd52luq, \r2, \h0, T2, \bc
	_pm	vpmadd52huq, \r2, \h0, T5, \bc
.elseif \p == 2
	_pm	vpmadd52luq, \s2, \h1, T0, \bc
	_pm	vpmadd52huq, \s2, \h1, T3, \bc
	_pm	vpmadd52luq, \r0, \h1, T1, \bc
	_pm	vpmadd52huq, \r0, \h1, T4, \bc
	_pm	vpmadd52luq, \r1, \h1, T2, \bc
	_pm	vpmadd52huq, \r1, \h1, T5, \bc
.elseif \p == 3
	_pm	vpmadd52luq, \s1, \h2, T0, \bc
	_pm	vpmadd52huq, \s1, \h2, T3, \bc
	_pm	vpmadd52luq, \s2, \h2, T1, \bc
	_pm	vpmadd52huq, \s2, \h2, T4, \bc
	_pm	vpmadd52luq, \r0, \h2, T2, \bc
	_pm	vpmadd52huq, \r0, \h2, T5, \bc
.elseif \p == 4
	/* the high halves weigh 2^52 = 2^8 limbs up; U2 2^10 at 2^130 */
	vpsllq		$8, T3, T3
	vpsllq		$8, T4, T4
	vpsllq		$10, T5, T5
	vpaddq		T3, T1, T1
	vpaddq		T4, T2, T2
	/* every limb's carry at once; the one out of 2^130 times 5 */
	vpsrlq		$42, T2, \h0
	_pm		vpandq, .Lccp_m42(%rip), T2, \h2, 1
	vpsrlq		$44, T1, T4
	_pm		vpandq, .Lccp_m44(%rip), T1, \h1, 1
	vpsrlq		$44, T0, T3
	_pm		vpandq, .Lccp_m44(%rip), T0, T0, 1
.else
	vpaddq		T5, \h0, \h0
	vpaddq		T4, \h2, \h2
	vpaddq		T3, \h1, \h1
	vpaddq		\h0, T0, T0
	vpsllq		$2, \h0, \h0
	vpaddq		\h0, T0, T0
	/* and limb 0 into limb 1 once more */
	vpsrlq		$44, T0, T3
	_pm		vpandq, .Lccp_m44(%rip), T0, \h0, 1
	vpaddq		T3, \h1, \h1
.endif
.endm

.macro _pmul h0, h1, h2, r0, r1, r2, s1, s2, bc=0
.irp p, 0, 1, 2, 3, 4, 5
	_pmulp	\p, \h0, \h1, \h2, \r0, \r1, \r2, \s1, \s2, \bc
.endr
.endm

/*
 * h += the VL/8 blocks at \off(PP), with the pad bit, in two parts.
 * Clobbers T0-T5.
 */
.macro _pabsorbp p, off, h0, h1, h2
.if \p == 0
	vmovdqu64	\off(PP), T0
	vmovdqu64	\off+VL(PP), T1
	vpunpcklqdq	T1, T0, T2			/* low halves */
	vpunpckhqdq	T1, T0, T3			/* high halves */
	vpsrlq		$44, T2, T4
	vpsllq		$20, T3, T5
	_pm		vpandq, .Lccp_m44(%rip), T2, T2, 1	/* m0 */
	_pternb		0xa8, .Lccp_m44(%rip), T5, T4	/* m1 = (T4 | T5) & 2^44-1 */
	vpsrlq		$24, T3, T3
	_pm		vporq, .Lccp_pad(%rip), T3, T3, 1	/* m2 */
.else
	vpaddq		T2, \h0, \h0
	vpaddq		T4, \h1, \h1
	vpaddq		T3, \h2, \h2
.endif
.endm

/*
 * One unit of Poly1305 work in sixteen slices: h = h r^G + (the group at
 * PP), PP moves on.  h enters as FP, added to HA with the first group and
 * zeroed there (HA and HB start at zero, so the first multiplication
 * leaves zero and needs no test).
 */
.macro _pslice k
.if \k < 6
	_pmulp	\k, HA0, HA1, HA2, FQ(%rsp), FQ+8(%rsp), FQ+16(%rsp), FQ+24(%rsp), FQ+32(%rsp), 1
.elseif \k == 6
	_pabsorbp	0, 0, HA0, HA1, HA2
.elseif \k == 7
	_pabsorbp	1, 0, HA0, HA1, HA2
	vpaddq		FP(%rsp), HA0, HA0
	vpaddq		FP+VL(%rsp), HA1, HA1
	vpaddq		FP+2*VL(%rsp), HA2, HA2
.elseif \k < 14
	_pmulp	(\k - 8), HB0, HB1, HB2, FQ(%rsp), FQ+8(%rsp), FQ+16(%rsp), FQ+24(%rsp), FQ+32(%rsp), 1
.if \k == 8
	vmovdqu64	T0, FP(%rsp)
	vmovdqu64	T0, FP+VL(%rsp)
	vmovdqu64	T0, FP+2*VL(%rsp)
.endif
.elseif \k == 14
	_pabsorbp	0, (2*VL), HB0, HB1, HB2
.else
	_pabsorbp	1, (2*VL), HB0, HB1, HB2
	add		$GROUP, PP
.endif
.endm

/* whole units while a whole group is left (clobbers %rax) */
.macro _prest
.Lpr_loop\@:
	lea	GROUP(PP), %rax
	cmp	FEND(%rsp), %rax
	ja	.Lpr_end\@
.irp k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	_pslice	\k
.endr
	jmp	.Lpr_loop\@
.Lpr_end\@:
.endm

/* s = 20 a (clobbers T0) */
.macro _p20 a, s
	vpsllq		$2, \a, \s
	vpsllq		$4, \a, T0
	vpaddq		T0, \s, \s
.endm

/* store r0 r1 r2 and s1 s2 as five vectors at \off(%rsp) (clobbers T0-T2) */
.macro _pstore off, r0, r1, r2
	vmovdqu64	\r0, \off(%rsp)
	vmovdqu64	\r1, \off+VL(%rsp)
	vmovdqu64	\r2, \off+2*VL(%rsp)
	_p20		\r1, T1
	_p20		\r2, T2
	vmovdqu64	T1, \off+3*VL(%rsp)
	vmovdqu64	T2, \off+4*VL(%rsp)
.endm

/*
 * The key powers, from r = core->r in base 2^44, with L the powers
 * r^1..r^N in lanes 0..N-1 (N = VL/8):
 *   L = r in every lane; for k = 1, 2 (, 4): lanes j with j & k set
 *   times r^k (lane k-1 of L), the others times one, which leaves r^(1 +
 *   j mod 2k) in lane j;  H = L r^N = r^(N+1)..r^(2N)
 *   FQ = r^(2N) (lane N-1 of H); FW = H, FV = L, both permuted so that
 *   lane j holds the power of the block in lane j (lane order 0 q 1 q+1 ..).
 * Registers: V0-V2 L, V3-V5 multiplier, V6-V7 20x it, V8 index, V9-V11
 * "one", k1 the lanes that keep it.  Clobbers %rax, %r10, %r11.
 */
.macro _pmulby k
	mov		$(\k - 1), %eax
	vpbroadcastq	%rax, V8
	vpermq		V0, V8, V3
	vpermq		V1, V8, V4
	vpermq		V2, V8, V5
.if \k < VL / 8
	/* the lanes j with (j & k) == 0 keep "one" */
.if \k == 1
	mov		$0x55, %eax
.elseif \k == 2
	mov		$0x33, %eax
.else
	mov		$0x0f, %eax
.endif
	kmovw		%eax, %k1
	vmovdqa64	V9, V3{%k1}
	vmovdqa64	V10, V4{%k1}
	vmovdqa64	V10, V5{%k1}
.endif
	_p20		V4, V6
	_p20		V5, V7
.endm

.macro _powers
	movabsq		$0xfffffffffff, %r10
	mov		CORE_R0(CORE), %rax
	and		%r10, %rax
	vpbroadcastq	%rax, V0
	mov		CORE_R0(CORE), %rax
	shr		$44, %rax
	mov		CORE_R1(CORE), %r11
	shl		$20, %r11
	or		%r11, %rax
	and		%r10, %rax
	vpbroadcastq	%rax, V1
	mov		CORE_R1(CORE), %rax
	shr		$24, %rax
	vpbroadcastq	%rax, V2
	mov		$1, %eax
	vpbroadcastq	%rax, V9
	vpxorq		V10, V10, V10
.irp k, 1, 2, 4
.if \k < VL / 8
	_pmulby		\k
	_pmul		V0, V1, V2, V3, V4, V5, V6, V7
.endif
.endr
	_pmulby		VL / 8
	vmovdqa64	V0, V12
	vmovdqa64	V1, V13
	vmovdqa64	V2, V14
	_pmul		V12, V13, V14, V3, V4, V5, V6, V7	/* H = L r^N */
	/* FQ: r^(2N) is lane N-1 of H (V8: that index in every lane) */
	vpermq		V12, V8, V9
	vmovq		%xmm9, %rax
	mov		%rax, FQ(%rsp)
	vpermq		V13, V8, V9
	vmovq		%xmm9, %rax
	mov		%rax, FQ+8(%rsp)
	lea		(%rax, %rax, 4), %rax
	shl		$2, %rax
	mov		%rax, FQ+24(%rsp)
	vpermq		V14, V8, V9
	vmovq		%xmm9, %rax
	mov		%rax, FQ+16(%rsp)
	lea		(%rax, %rax, 4), %rax
	shl		$2, %rax
	mov		%rax, FQ+32(%rsp)
.if VL == 64
	vmovdqa64	.Lccp_perm8(%rip), V8
.else
	vmovdqa64	.Lccp_perm4(%rip), V8
.endif
	vpermq		V12, V8, V3
	vpermq		V13, V8, V4
	vpermq		V14, V8, V5
	_pstore		FW, V3, V4, V5
	vpermq		V0, V8, V0
	vpermq		V1, V8, V1
	vpermq		V2, V8, V2
	_pstore		FV, V0, V1, V2
.endm

/* sum of the qwords of register number \n into \gpr (clobbers T0) */
.macro _phsum n, gpr
.if VL == 64
	vextracti64x4	$1, %zmm\n, %ymm26
	vpaddq		%ymm26, %ymm\n, %ymm\n
.endif
	vextracti32x4	$1, %ymm\n, %xmm26
	vpaddq		%xmm26, %xmm\n, %xmm\n
	vpsrldq		$8, %xmm\n, %xmm26
	vpaddq		%xmm26, %xmm\n, %xmm\n
	vmovq		%xmm\n, \gpr
.endm

/*
 * One batch: the vertical and horizontal blocks at counter CTR, with
 * (\pu) five Poly1305 units spread over the rounds, two double rounds a
 * unit; out to .Lcend_\id when the data ends.
 */
.macro _batch id, pu
	mov	CTR, FCTR(%rsp)
	_cinit
	_hinit
.if \pu
.rept 5
	_dround	1, 0
	_dround	1, 8
.endr
.else
	mov	$10, %eax
1:
	_dround
	dec	%eax
	jnz	1b
.endif
	_cffw
	_ctranspose
	_cout	\id
	_hffw
	_hout	\id
	add	$NBLK, CTR
.endm

/* ---- the functions ------------------------------------------------------ */

/*
 * The body of all four functions: \open 0 seals (MACs dst after writing
 * it), 1 opens (MACs src before decrypting it).
 */
.macro _ccp id, vl, open
	_ccp_vl	\vl
	/* (state, core, dst, src, len) -> STATE, CORE, DST, SRC, LEN */
	mov	%rsi, %rax
	mov	%rdx, DST
	mov	%rcx, SRC
	mov	%r8d, LEN
	mov	%rax, CORE
	test	LEN, LEN
	jz	.Lret_\id
	_frame_enter	FRAME

	/* the text MACed here: its whole groups, from FBASE to FEND */
.if \open
	mov	SRC, FBASE(%rsp)
	mov	SRC, %rax
.else
	mov	DST, FBASE(%rsp)
	mov	DST, %rax
.endif
	mov	LEN, %r11d
	and	$-GROUP, %r11d
	add	%r11, %rax
	mov	%rax, FEND(%rsp)
	test	%r11d, %r11d
	jz	1f
	_powers
1:
	/* FP = h in lane 0 (base 2^44), HA = HB = 0 */
	mov	CORE_H0(CORE), %rax
	mov	CORE_H1(CORE), %r10
	mov	%rax, %r11
	shr	$44, %r11
	shl	$20, %r10
	or	%r10, %r11
	movabsq	$0xfffffffffff, %r10
	and	%r10, %rax
	and	%r10, %r11
	vmovq	%rax, %xmm26
	vmovdqu64	T0, FP(%rsp)
	vmovq	%r11, %xmm26
	vmovdqu64	T0, FP+VL(%rsp)
	mov	CORE_H1(CORE), %rax
	shr	$24, %rax
	mov	CORE_H2(CORE), %r11
	shl	$40, %r11
	or	%r11, %rax
	vmovq	%rax, %xmm26
	vmovdqu64	T0, FP+2*VL(%rsp)
.irp h, HA0, HA1, HA2, HB0, HB1, HB2
	vpxorq	\h, \h, \h
.endr
	mov	FBASE(%rsp), PP

	/* the horizontal blocks' input rows, and k2 (word 0 of each lane) */
	vbroadcasti32x4	0(STATE), T0
	vmovdqu64	T0, FH(%rsp)
	vbroadcasti32x4	16(STATE), T0
	vmovdqu64	T0, FH+VL(%rsp)
	vbroadcasti32x4	32(STATE), T0
	vmovdqu64	T0, FH+2*VL(%rsp)
	vbroadcasti32x4	48(STATE), T0
	vmovdqu64	T0, FH+3*VL(%rsp)
	mov	$0x1111, %eax
	kmovw	%eax, %k2
	mov	48(STATE), CTR

.if \open
	/* whole batches: MAC and decrypt together */
.Lbatch_\id:
	cmp	$BATCH, LEN
	jb	.Llast_\id
	_batch	\id, 1
	jmp	.Lbatch_\id
	/* a short last batch: MAC its groups first, then decrypt */
.Llast_\id:
	_prest
	_batch	\id, 0
.else
	/* the first batch alone, then each batch with the MAC of the last */
	_batch	\id, 0
.Lbatch_\id:
	_batch	\id, 1
	jmp	.Lbatch_\id
.endif

.Lpart_\id:
	/* LEN < VL bytes left: byte mask (1 << LEN) - 1 */
	mov	$1, %eax
	shl	%cl, %rax
	dec	%rax
	kmovq	%rax, %k1
	vmovdqu8	(SRC), T5{%k1}{z}
	vpxord		T4, T5, T5
	vmovdqu8	T5, (DST){%k1}
.Lcend_\id:
	/* seal: the groups of the last batch */
	_prest

	cmp	FBASE(%rsp), PP
	je	.Lwipe_\id
	_pmul	HA0, HA1, HA2, FW(%rsp), FW+VL(%rsp), FW+2*VL(%rsp), FW+3*VL(%rsp), FW+4*VL(%rsp)
	_pmul	HB0, HB1, HB2, FV(%rsp), FV+VL(%rsp), FV+2*VL(%rsp), FV+3*VL(%rsp), FV+4*VL(%rsp)
	vpaddq	HB0, HA0, HA0
	vpaddq	HB1, HA1, HA1
	vpaddq	HB2, HA2, HA2
	_phsum	20, %rax
	_phsum	21, %rdx
	_phsum	22, %rsi
	/* back to base 2^64: h = a0 + a1 2^44 + a2 2^88, then h2 <= 4 */
	mov	%rdx, %rcx
	shl	$44, %rcx
	shr	$20, %rdx
	mov	%rsi, %r9
	shl	$24, %r9
	shr	$40, %rsi
	add	%rcx, %rax
	adc	%r9, %rdx
	adc	$0, %rsi
	mov	%rsi, %rcx
	shr	$2, %rcx
	lea	(%rcx, %rcx, 4), %rcx
	and	$3, %rsi
	add	%rcx, %rax
	adc	$0, %rdx
	adc	$0, %rsi
	mov	%rax, CORE_H0(CORE)
	mov	%rdx, CORE_H1(CORE)
	mov	%rsi, CORE_H2(CORE)

.Lwipe_\id:
	/* no key, keystream, powers or h left behind */
	vpxord	%xmm0, %xmm0, %xmm0
	.set	.Loff, 0
.rept FRAME / VL
	vmovdqu64	V0, .Loff(%rsp)
	.set	.Loff, .Loff + VL
.endr
	vmovdqu64	V0, (FRAME - VL)(%rsp)
.irp i, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vpxord	%xmm\i, %xmm\i, %xmm\i
.endr
	vzeroall
	_frame_leave
.Lret_\id:
.endm

SYM_FUNC_START(sc_ccp_seal_avx512)
	_ccp	sz, 64, 0
	RET
SYM_FUNC_END(sc_ccp_seal_avx512)

SYM_FUNC_START(sc_ccp_open_avx512)
	_ccp	oz, 64, 1
	RET
SYM_FUNC_END(sc_ccp_open_avx512)

SYM_FUNC_START(sc_ccp_seal_avx512vl)
	_ccp	sy, 32, 0
	RET
SYM_FUNC_END(sc_ccp_seal_avx512vl)

SYM_FUNC_START(sc_ccp_open_avx512vl)
	_ccp	oy, 32, 1
	RET
SYM_FUNC_END(sc_ccp_open_avx512vl)
