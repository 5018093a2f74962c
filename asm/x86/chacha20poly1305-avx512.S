/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha20-Poly1305 (RFC 8439 AEAD) for x86_64 with AVX-512 and IFMA: the
 * ChaCha20 keystream and the Poly1305 MAC of the ciphertext in one loop, so
 * that the multiplier work of Poly1305 fills the cycles a ChaCha batch
 * leaves idle.  One macro body, built for zmm and for ymm.
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
 * rest, under GROUP bytes, with the scalar MULX code.
 *
 * ChaCha is the vertical layout of chacha-x86_64.S: word j of NBLK
 * consecutive blocks in register Aj, 20 rounds unrolled, feed-forward,
 * transpose, XOR in memory order, a byte-masked last piece.  Poly1305 is
 * the base 2^44 IFMA scheme of poly1305-x86_64.S (see there for the limb
 * arithmetic): two accumulators HA and HB of VL/8 lanes take a group of
 * VL/4 blocks (block 2q i + j in lane order 0 q 1 q+1 .., q = VL/16), each
 * group after the first multiplies both by r^(VL/4), and after the last
 * group lane by lane by the power that brings its block to the end.
 *
 * Layout of one loop iteration (a "batch" of 16 VL bytes of text)
 * ----------------------------------------------------------------
 *   init the NBLK blocks (A0-A15)
 *   10 double rounds; after double rounds 1, 3, 5 and 7 one Poly1305
 *      "unit": h = h r^G + (the next group), if that group is ready
 *   feed-forward, transpose, XOR into dst
 * A unit is ready when its group lies below PLIM:
 *   seal: min(the end of the whole groups, the first byte this batch will
 *         write): the units MAC the ciphertext of the batch before, which
 *         the last iteration wrote (the pipeline lags one batch, and the
 *         last batch is MACed after the loop, without ChaCha);
 *   open: min(the end of the whole groups, the end of this batch): the
 *         units MAC the ciphertext this batch is about to decrypt (loads
 *         before the stores, so src may equal dst).
 * Groups left after the last batch are MACed by the same unit in a plain
 * loop.  Four groups fill one batch (4 GROUP = 16 VL), so the units keep
 * pace with the batches.
 *
 * Latency and batches
 * -------------------
 * One ChaCha batch is four dependency chains three ops deep per step: on
 * a core with 2-cycle vector ops (Zen 5) it runs at half the machine's
 * rate.  The ChaCha-only kernel fills the other half with a second batch
 * (32 registers); here Poly1305 fills it instead, with the registers the
 * second batch would take: four units per batch are about 400 ops, mostly
 * vpmadd52 and shifts, against about 1100 for the ChaCha batch.  The
 * units sit between double rounds in coarse pieces: the out-of-order
 * window (hundreds of ops) mixes them with the rounds.  The key powers
 * (four dependent multiplications, once per call) come before the first
 * batch and overlap its rounds.
 *
 * Variants (void fn(const u32 *state, struct sc_poly1305_core *core,
 *                   u8 *dst, const u8 *src, unsigned int len))
 *
 *   sc_ccp_seal_avx512, sc_ccp_open_avx512      zmm: 16 blocks (1 KiB)
 *       per batch, GROUP 256 bytes (2 x 8 lanes), r^16 per group
 *   sc_ccp_seal_avx512vl, sc_ccp_open_avx512vl  ymm: 8 blocks (512 bytes)
 *       per batch, GROUP 128 bytes (2 x 4 lanes), r^8 per group; for CPUs
 *       that down-clock on zmm (PREFER_YMM)
 *
 * Registers
 * ---------
 *   V0-V15    ChaCha batch (A0-A15); at set-up, the key powers
 *   V16-V21   Poly1305 accumulators HA0-HA2, HB0-HB2 (base 2^44 limbs)
 *   V22-V27   Poly1305 products T0-T5; the transpose's and the last
 *             piece's temporaries between units
 *   V28-V30   2^44 - 1, 2^42 - 1, the pad bit (2^40 in limb 2)
 *   %rdi state, %rsi dst, %rdx src, %ecx bytes left, %r8 core, %r9d block
 *   counter, %r10 next Poly1305 group, %r11 PLIM, %rax scratch.
 * The powers live in the frame: r^G broadcast from FQ, the last-group
 * powers of HA and HB (FW, FV) as whole vectors.  No callee-saved
 * register; the frame is a plain sub/add of %rsp, wiped before return with
 * every vector register.
 */
#include <linux/linkage.h>

#define STATE	%rdi
#define DST	%rsi
#define SRC	%rdx
#define LEN	%ecx
#define CORE	%r8
#define CTR	%r9d
#define PP	%r10
#define PLIM	%r11

/* struct sc_poly1305_core */
#define CORE_H0		0
#define CORE_H1		8
#define CORE_H2		16
#define CORE_R0		24
#define CORE_R1		32

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

.text

/*
 * _ccp_vl VL: name the registers for this width (VL = 32 or 64 bytes).
 * Frame (offsets from %rsp):
 *   FQ    r^G limbs r0 r1 r2 s1 s2 (s = 20 r), one qword each
 *   FW    HA's last-group powers, five vectors (r0 r1 r2 s1 s2)
 *   FV    HB's last-group powers, five vectors
 *   FCTR  counter of the batch; FBASE first group; FEND end of the groups
 */
.macro _ccp_vl vl
	.set	VL, \vl
	.set	NBLK, VL / 4
	.set	BATCH, 16 * VL
	.set	GROUP, 4 * VL
	.set	FQ, 0
	.set	FW, 64
	.set	FV, FW + 5 * VL
	.set	FCTR, FV + 5 * VL
	.set	FBASE, FCTR + 8
	.set	FEND, FBASE + 8
	.set	FRAME, FEND + 8
.if VL != 32 && VL != 64
	.error "chacha20poly1305-avx512.S: VL must be 32 or 64"
.endif
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
.if VL == 32
	.set	V\i, %ymm\i
.else
	.set	V\i, %zmm\i
.endif
.endr
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.set	A\i, V\i
.endr
	.set	HA0, V16
	.set	HA1, V17
	.set	HA2, V18
	.set	HB0, V19
	.set	HB1, V20
	.set	HB2, V21
	.set	T0, V22
	.set	T1, V23
	.set	T2, V24
	.set	T3, V25
	.set	T4, V26
	.set	T5, V27
	.set	M44, V28
	.set	M42, V29
	.set	PADV, V30
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

/* reg += the 32-bit word at \mem in every lane */
.macro _caddb mem, reg
.if VL == 64
	vpaddd	\mem{1to16}, \reg, \reg
.else
	vpaddd	\mem{1to8}, \reg, \reg
.endif
.endm

/* the batch at counter FCTR: input words, or (\ffw) their feed-forward */
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

/*
 * h = h r (mod p, partially reduced), limbs below 2^44 + 2^11.  r0-r2,
 * s1 = 20 r1, s2 = 20 r2: registers or memory (\bc: broadcast qwords).
 * h may alias r.  Clobbers T0-T5.
 *
 *   d0 = h0 r0 + h1 s2 + h2 s1
 *   d1 = h0 r1 + h1 r0 + h2 s2
 *   d2 = h0 r2 + h1 r1 + h2 r0
 */
.macro _pmul h0, h1, h2, r0, r1, r2, s1, s2, bc=0
	vpxorq		T0, T0, T0
	vpxorq		T1, T1, T1
	vpxorq		T2, T2, T2
	vpxorq		T3, T3, T3
	vpxorq		T4, T4, T4
	vpxorq		T5, T5, T5
	_pm	vpmadd52luq, \r0, \h0, T0, \bc
	_pm	vpmadd52huq, \r0, \h0, T3, \bc
	_pm	vpmadd52luq, \r1, \h0, T1, \bc
	_pm	vpmadd52huq, \r1, \h0, T4, \bc
	_pm	vpmadd52luq, \r2, \h0, T2, \bc
	_pm	vpmadd52huq, \r2, \h0, T5, \bc
	_pm	vpmadd52luq, \s2, \h1, T0, \bc
	_pm	vpmadd52huq, \s2, \h1, T3, \bc
	_pm	vpmadd52luq, \r0, \h1, T1, \bc
	_pm	vpmadd52huq, \r0, \h1, T4, \bc
	_pm	vpmadd52luq, \r1, \h1, T2, \bc
	_pm	vpmadd52huq, \r1, \h1, T5, \bc
	_pm	vpmadd52luq, \s1, \h2, T0, \bc
	_pm	vpmadd52huq, \s1, \h2, T3, \bc
	_pm	vpmadd52luq, \s2, \h2, T1, \bc
	_pm	vpmadd52huq, \s2, \h2, T4, \bc
	_pm	vpmadd52luq, \r0, \h2, T2, \bc
	_pm	vpmadd52huq, \r0, \h2, T5, \bc
	/* the high halves weigh 2^52 = 2^8 limbs up; U2 2^10 at 2^130 */
	vpsllq		$8, T3, T3
	vpsllq		$8, T4, T4
	vpsllq		$10, T5, T5
	vpaddq		T3, T1, T1
	vpaddq		T4, T2, T2
	/* every limb's carry at once; the one out of 2^130 times 5 */
	vpsrlq		$42, T2, \h0
	vpandq		M42, T2, \h2
	vpsrlq		$44, T1, T4
	vpandq		M44, T1, \h1
	vpsrlq		$44, T0, T3
	vpandq		M44, T0, T0
	vpaddq		T5, \h0, \h0
	vpaddq		T4, \h2, \h2
	vpaddq		T3, \h1, \h1
	vpaddq		\h0, T0, T0
	vpsllq		$2, \h0, \h0
	vpaddq		\h0, T0, T0
	/* and limb 0 into limb 1 once more */
	vpsrlq		$44, T0, T3
	vpandq		M44, T0, \h0
	vpaddq		T3, \h1, \h1
.endm

/* h += the VL/8 blocks at \off(PP), with the pad bit.  Clobbers T0-T5. */
.macro _pabsorb off, h0, h1, h2
	vmovdqu64	\off(PP), T0
	vmovdqu64	\off+VL(PP), T1
	vpunpcklqdq	T1, T0, T2			/* low halves */
	vpunpckhqdq	T1, T0, T3			/* high halves */
	vpsrlq		$44, T2, T4
	vpsllq		$20, T3, T5
	vpandq		M44, T2, T2			/* m0 */
	vpternlogq	$0xa8, M44, T5, T4		/* m1 = (T4 | T5) & M44 */
	vpsrlq		$24, T3, T3
	vporq		PADV, T3, T3			/* m2 */
	vpaddq		T2, \h0, \h0
	vpaddq		T4, \h1, \h1
	vpaddq		T3, \h2, \h2
.endm

/*
 * One unit: if the group at PP lies below PLIM, h = h r^G (not before the
 * first group) + the group, and PP moves on.  Clobbers %rax.
 */
.macro _punit
	lea	GROUP(PP), %rax
	cmp	PLIM, %rax
	ja	.Lpu_end\@
	cmp	FBASE(%rsp), PP
	je	.Lpu_first\@
	_pmul	HA0, HA1, HA2, FQ(%rsp), FQ+8(%rsp), FQ+16(%rsp), FQ+24(%rsp), FQ+32(%rsp), 1
	_pmul	HB0, HB1, HB2, FQ(%rsp), FQ+8(%rsp), FQ+16(%rsp), FQ+24(%rsp), FQ+32(%rsp), 1
.Lpu_first\@:
	_pabsorb	0, HA0, HA1, HA2
	_pabsorb	(2*VL), HB0, HB1, HB2
	mov	%rax, PP
.Lpu_end\@:
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

/* horizontal sum of the qwords of \v (V-register number \n) into \gpr */
.macro _phsum n, gpr
.if VL == 64
	vextracti64x4	$1, %zmm\n, %ymm22
	vpaddq		%ymm22, %ymm\n, %ymm\n
.endif
	vextracti32x4	$1, %ymm\n, %xmm22
	vpaddq		%xmm22, %xmm\n, %xmm\n
	vpsrldq		$8, %xmm\n, %xmm22
	vpaddq		%xmm22, %xmm\n, %xmm\n
	vmovq		%xmm\n, \gpr
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
	sub	$FRAME, %rsp
	movabsq	$0xfffffffffff, %rax
	vpbroadcastq	%rax, M44
	movabsq	$0x3ffffffffff, %rax
	vpbroadcastq	%rax, M42
	movabsq	$(1 << 40), %rax
	vpbroadcastq	%rax, PADV

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
	/* HA = h in lane 0 (base 2^44), HB = 0 */
	mov	CORE_H0(CORE), %rax
	mov	CORE_H1(CORE), %r10
	mov	%rax, %r11
	shr	$44, %r11
	shl	$20, %r10
	or	%r10, %r11
	movabsq	$0xfffffffffff, %r10
	and	%r10, %rax
	and	%r10, %r11
	vmovq	%rax, %xmm16
	vmovq	%r11, %xmm17
	mov	CORE_H1(CORE), %rax
	shr	$24, %rax
	mov	CORE_H2(CORE), %r11
	shl	$40, %r11
	or	%r11, %rax
	vmovq	%rax, %xmm18
	vpxorq	HB0, HB0, HB0
	vpxorq	HB1, HB1, HB1
	vpxorq	HB2, HB2, HB2
	mov	FBASE(%rsp), PP

	mov	48(STATE), CTR
.Lbatch_\id:
	mov	CTR, FCTR(%rsp)
.if \open
	lea	BATCH(SRC), PLIM
.else
	mov	DST, PLIM
.endif
	cmp	FEND(%rsp), PLIM
	cmova	FEND(%rsp), PLIM
	_cinit
.rept 4
	_cdround
	_cdround
	_punit
.endr
	_cdround
	_cdround
	_cffw
	_ctranspose
	_cout	\id
	add	$NBLK, CTR
	jmp	.Lbatch_\id

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
	/* the groups no batch had room for */
	mov	FEND(%rsp), PLIM
.Lrest_\id:
	lea	GROUP(PP), %rax
	cmp	PLIM, %rax
	ja	.Lfinal_\id
	_punit
	jmp	.Lrest_\id

.Lfinal_\id:
	cmp	FBASE(%rsp), PP
	je	.Lwipe_\id
	_pmul	HA0, HA1, HA2, FW(%rsp), FW+VL(%rsp), FW+2*VL(%rsp), FW+3*VL(%rsp), FW+4*VL(%rsp)
	_pmul	HB0, HB1, HB2, FV(%rsp), FV+VL(%rsp), FV+2*VL(%rsp), FV+3*VL(%rsp), FV+4*VL(%rsp)
	vpaddq	HB0, HA0, HA0
	vpaddq	HB1, HA1, HA1
	vpaddq	HB2, HA2, HA2
	_phsum	16, %rax
	_phsum	17, %rdx
	_phsum	18, %rsi
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
	add	$FRAME, %rsp
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
