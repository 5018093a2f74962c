/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ChaCha20-Poly1305 (RFC 8439 AEAD) for x86_64 with AVX2 and BMI2: eight
 * ChaCha20 blocks in ymm registers and Poly1305 in general registers,
 * stitched into one round loop.
 *
 * Algorithm
 * ---------
 * seal encrypts @len bytes with ChaCha20 (block counter from state[12],
 * 32-bit wrap) and absorbs the ciphertext into the Poly1305 accumulator as
 * 16-byte blocks with the 2^128 pad bit; open absorbs the ciphertext and
 * decrypts it.  A trailing partial Poly1305 block (len % 16 bytes) is left
 * to the C wrapper (aead_avx2_x86.c), which zero-pads it as RFC 8439 asks.
 *
 * ChaCha is the AVX2 kernel of chacha-x86_64.S: word j of eight blocks in
 * ymm j (the "vertical" layout), rotations by 16 and 8 as vpshufb and by 12
 * and 7 as two shifts and an OR whose temporary is A0, parked in the frame
 * for those steps.  Poly1305 is the MULX code of poly1305-x86_64.S: h in
 * three 64-bit limbs, the clamped r in two, s1 = r1 + r1/4, one block a
 * chain of MULX, adds and a fold of bits 130 and up, about 13 cycles.
 *
 * Layout: the stitched loop
 * -------------------------
 * A batch is eight ChaCha blocks, 512 bytes: 32 Poly1305 blocks.  Its ten
 * double rounds are one loop: eight iterations carry four Poly1305 blocks
 * each, cut into eight pieces of three to eight instructions, one piece
 * after every quarter-round of the vector code (so a double round's 32
 * quarter-rounds carry exactly four blocks); the last two carry none.
 *
 *   seal:  batch 0 rounds (+ MAC of held) | out 0
 *          batch 1 rounds + MAC of out 0  | out 1
 *          ...
 *          batch n rounds + MAC of n-1    | out n | MAC of out n
 *                                                   (up to mac->end)
 *   open:  batch i rounds + MAC of in i  | out i   (in i is read before
 *                                                   out i is written)
 *
 * Sealing the pieces of a longer text, the wrapper passes the last 512
 * bytes the call for the piece before held back as mac->first, and when
 * more text follows a piece of whole batches, ends mac->end a batch
 * early: that piece's last batch is held back in turn.  Then only a
 * text's first batch and its last batch's MAC are not stitched, not
 * every piece's.
 *
 * A short last batch (fewer than 512 bytes): its keystream goes to a
 * frame buffer and is XORed from there (32 bytes, then single bytes);
 * open MACs k % 4 of its k whole blocks first and the other k / 4 groups
 * of four in the first k / 4 double rounds; seal MACs them after its
 * output.
 *
 * Latency and batches
 * -------------------
 * On Zen 5 every vector integer op has 2 cycles of latency and one
 * 8-block batch has four independent quarter-round chains: a double round
 * is eight dependent steps of add, xor and rotate (6 cycles, 8 for the
 * shift-and-OR rotations), about 56 cycles, whatever the ports could do.
 * A stitched double round is 270 instructions: 136 vector (48 of them
 * shifts or shuffles, which issue two per cycle) and 134 scalar (24
 * multiplies), so ports and decode have room (34, 24 and 22 cycles of
 * vector, shift and scalar issue) and the vector chain sets the pace.  Four
 * Poly1305 blocks are a MULX chain of about 4 x 13 = 52 cycles in units the
 * vector code does not use: they fit in its shadow.  Userspace, Zen 5,
 * calls of 4 KiB (cycles/byte): the stitched loop with its Poly1305 pieces
 * removed 1.29, open 1.23-1.26 (the MAC costs nothing), seal 1.31-1.38:
 * seal's first batch of a call has nothing to MAC yet and its last
 * batch's 32 blocks (about 420 cycles, 0.1 cycles/byte at 4 KiB) follow
 * the rounds.  Splitting that tail into two chains (a r^16 + b, r^16 by
 * four squarings at the start) measured no faster: two chains take 8.6
 * cycles a block, not 6.5 (alone: 12.3; the integer units' throughput,
 * not the chain, is then the limit), and the squarings, about 100
 * cycles, were not hidden by the first batch's rounds.  Holding the last
 * batch back for the next piece (above) does hide it: sealing 16 KiB,
 * AVX2 only, 1.43 -> 1.34-1.35 cycles/byte, 64 KiB 1.41 -> 1.30-1.31,
 * where open takes 1.34 and 1.31.  The ninth scalar ChaCha
 * block of sc_chacha_xor_avx2_9x would need the same general registers,
 * so it is not here.  More numbers: Documentation/aead.rst.
 *
 * Variants (the first two: void fn(const u32 *state,
 *                                    struct sc_poly1305_core *core,
 *                                    u8 *dst, const u8 *src, unsigned int len,
 *                                    seal: const struct sc_ccp_avx2_mac *mac))
 *
 *   sc_ccp_seal_avx2_x86   encrypt, MAC the ciphertext (one batch behind)
 *   sc_ccp_open_avx2_x86   MAC the ciphertext, decrypt (the same batch)
 *   sc_ccp_ks2_mac_avx2_x86  two keystream blocks in the horizontal layout
 *			    (one state row of both per ymm register), their
 *			    rounds carrying up to thirty Poly1305 blocks: a
 *			    sealed head's last blocks (see _ks_mac), a
 *			    sealed piece's last one or two after whole
 *			    batches, an opened piece's last one or two
 *   sc_ccp_ks4_mac_avx2_x86  the same with two such batches, four blocks
 *
 * Registers
 * ---------
 * ymm0-15 the ChaCha words (A0-A15).  Poly1305 across the whole call: r8
 * r0, r9 r1, r12 s1, r13/r14/r15 h0/h1/h2, rsi the next block to MAC;
 * rax rbx rcx rdx rdi r10 r11 its products.  Between the round loops the
 * products' registers hold the state (rdi), src (r10) and dst (r11)
 * pointers; pointers, bytes left, the batch counter and the round counter
 * live in the frame.  Frame (64-byte aligned, %rbp keeps the caller's
 * %rsp):
 *
 *   F_BUF    0    512  keystream of a short last batch
 *   F_SAVE   512  128  words 12-15 while words 0-11 are finished
 *   F_SPILL  640   32  A0 during the rotations by 12 and 7
 *   F_STATE..F_NOMAC   pointers, the end of the blocks to MAC before
 *                      the rounds (open) or after them (seal), bytes
 *                      left, batch counter, stitched and plain double
 *                      rounds left, and whether seal's first batch has
 *                      nothing to MAC
 *
 * The keystream buffers are wiped, the ymm registers cleared (vzeroall)
 * and r, s1 and the products cleared from the caller-saved registers
 * before returning.
 */
#include <linux/linkage.h>
#include "poly1305-mulx.h"
#include "frame.h"

/* struct sc_poly1305_core */

#define F_BUF		0
#define F_SAVE		512
#define F_SPILL		640
#define F_STATE		672
#define F_CORE		680
#define F_DST		688
#define F_SRC		696
#define F_PEND		704
#define F_LEN		712
#define F_CTR		716
#define F_RND		720
#define F_PLAIN		724
#define F_NOMAC		728	/* seal: the next batch has nothing to MAC */
#define F_FRAME		736

/* struct sc_ccp_avx2_mac (seal) */
#define CCPM_FIRST	0
#define CCPM_END	8

/* registers of the batch setup and output (Poly1305 is idle then) */
#define STATE		%rdi
#define SRC		%r10
#define DST		%r11
#define MAC		%rsi

#define BATCH		512

.section .rodata.sc_ccp_avx2, "a"
.p2align 5
.Lccp_inc:
	.long	0, 1, 2, 3, 4, 5, 6, 7
.Lccp_rol16:
	.byte	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
	.byte	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
.Lccp_rol8:
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14

.text

.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.set	A\i, %ymm\i
.endr

/* ---- Poly1305: one block in eight pieces ------------------------------ */

/*
 * Piece \k of h = (h + m + 2^128) r for the block at MAC: 0 adds the
 * block, 1-7 are poly1305-mulx.h's multiplication, and the last moves MAC
 * on.  Every piece is flag-neutral towards the vector code around it.
 */
.macro _pp k
.if \k == 0
	addq		0(MAC), %r13
	adcq		8(MAC), %r14
	adcq		$1, %r15
.else
	_mulx_step	\k
.endif
.if \k == 7
	leaq		16(MAC), MAC
.endif
.endm

/* Whole blocks from MAC up to the address in \pend (a frame slot). */
.macro _poly_to_pend pend=F_PEND(%rsp)
	jmp		2f
1:
.irp k, 0,1,2,3,4,5,6,7
	_pp		\k
.endr
2:
	cmpq		\pend, MAC
	jb		1b
.endm

/* ---- ChaCha20: eight blocks in ymm ------------------------------------ */

/* \z <<<= \r in every dword (12 and 7 clobber A0) */
.macro _rot r, z
.if \r == 16 || \r == 8
	vpshufb		.Lccp_rol\r(%rip), \z, \z
.else
	vpslld		$\r, \z, A0
	vpsrld		$(32 - \r), \z, \z
	vpor		A0, \z, \z
.endif
.endm

/* one step of one quarter-round, then Poly1305 piece \k if \p */
.macro _qr p, k, r, x, y, z
	vpaddd		A\y, A\x, A\x
	vpxor		A\x, A\z, A\z
	_rot		\r, A\z
.if \p
	_pp		\k
.endif
.endm

/* one step of four quarter-rounds, with pieces \k..\k+3 if \p */
.macro _qstep p, k, r, x0,y0,z0, x1,y1,z1, x2,y2,z2, x3,y3,z3
.if \r == 12 || \r == 7
	vmovdqu		A0, F_SPILL(%rsp)
.endif
	_qr		\p, (\k + 0), \r, \x0, \y0, \z0
	_qr		\p, (\k + 1), \r, \x1, \y1, \z1
	_qr		\p, (\k + 2), \r, \x2, \y2, \z2
	_qr		\p, (\k + 3), \r, \x3, \y3, \z3
.if \r == 12 || \r == 7
	vmovdqu		F_SPILL(%rsp), A0
.endif
.endm

/* a double round; with \p, four Poly1305 blocks woven in */
.macro _dround p
	_qstep	\p, 0, 16, 0,4,12, 1,5,13, 2,6,14, 3,7,15
	_qstep	\p, 4, 12, 8,12,4, 9,13,5, 10,14,6, 11,15,7
	_qstep	\p, 0, 8, 0,4,12, 1,5,13, 2,6,14, 3,7,15
	_qstep	\p, 4, 7, 8,12,4, 9,13,5, 10,14,6, 11,15,7
	_qstep	\p, 0, 16, 0,5,15, 1,6,12, 2,7,13, 3,4,14
	_qstep	\p, 4, 12, 10,15,5, 11,12,6, 8,13,7, 9,14,4
	_qstep	\p, 0, 8, 0,5,15, 1,6,12, 2,7,13, 3,4,14
	_qstep	\p, 4, 7, 10,15,5, 11,12,6, 8,13,7, 9,14,4
.endm

/* 4x4 dword transpose inside each 128-bit lane */
.macro _tr4 a, b, c, d, t0, t1, t2, t3
	vpunpckldq	\b, \a, \t0
	vpunpckhdq	\b, \a, \t1
	vpunpckldq	\d, \c, \t2
	vpunpckhdq	\d, \c, \t3
	vpunpcklqdq	\t2, \t0, \a
	vpunpckhqdq	\t2, \t0, \b
	vpunpcklqdq	\t3, \t1, \c
	vpunpckhqdq	\t3, \t1, \d
.endm

/* p, q -> p = [p.lo, q.lo] (block i), q = [p.hi, q.hi] (block i + 4) */
.macro _tr2 p, q, t
	vperm2i128	$0x20, \q, \p, \t
	vperm2i128	$0x31, \q, \p, \q
	vmovdqa		\t, \p
.endm

/* 32 bytes of keystream at byte \off of the batch: into the data or BUF */
.macro _piece fast, reg, off
.if \fast
	vpxor		(\off)(SRC), \reg, \reg
	vmovdqu		\reg, (\off)(DST)
.else
	vmovdqu		\reg, (F_BUF + \off)(%rsp)
.endif
.endm

/*
 * Feed-forward, transpose and output of the batch: words 0-11 first with
 * A12-A15 parked in F_SAVE (temporaries), then words 12-15.
 */
.macro _finish fast
	vmovdqu		A12, (F_SAVE + 0)(%rsp)
	vmovdqu		A13, (F_SAVE + 32)(%rsp)
	vmovdqu		A14, (F_SAVE + 64)(%rsp)
	vmovdqu		A15, (F_SAVE + 96)(%rsp)
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11
	vpbroadcastd	(4 * \i)(STATE), A12
	vpaddd		A12, A\i, A\i
.endr
	_tr4		A0, A1, A2, A3, A12, A13, A14, A15
	_tr4		A4, A5, A6, A7, A12, A13, A14, A15
	_tr4		A8, A9, A10, A11, A12, A13, A14, A15
	_tr2		A0, A4, A12
	_tr2		A1, A5, A12
	_tr2		A2, A6, A12
	_tr2		A3, A7, A12
	_piece		\fast, A0, 0
	_piece		\fast, A1, 64
	_piece		\fast, A2, 128
	_piece		\fast, A3, 192
	_piece		\fast, A4, 256
	_piece		\fast, A5, 320
	_piece		\fast, A6, 384
	_piece		\fast, A7, 448

	vmovdqu		(F_SAVE + 0)(%rsp), A12
	vmovdqu		(F_SAVE + 32)(%rsp), A13
	vmovdqu		(F_SAVE + 64)(%rsp), A14
	vmovdqu		(F_SAVE + 96)(%rsp), A15
.irp i, 13,14,15
	vpbroadcastd	(4 * \i)(STATE), A0
	vpaddd		A0, A\i, A\i
.endr
	vpbroadcastd	F_CTR(%rsp), A0
	vpaddd		.Lccp_inc(%rip), A0, A0
	vpaddd		A0, A12, A12
	_tr4		A12, A13, A14, A15, A0, A1, A2, A3
	_tr2		A8, A12, A0
	_tr2		A9, A13, A0
	_tr2		A10, A14, A0
	_tr2		A11, A15, A0
	_piece		\fast, A8, 32
	_piece		\fast, A9, 96
	_piece		\fast, A10, 160
	_piece		\fast, A11, 224
	_piece		\fast, A12, 288
	_piece		\fast, A13, 352
	_piece		\fast, A14, 416
	_piece		\fast, A15, 480
.endm

/* ---- entry and exit, shared by the functions below -------------------- */

/*
 * The callee-saved registers, then a 64-byte aligned frame (frame.h): at
 * %rsp's 16-byte alignment the spill slot crosses a cache line in half the
 * cases, and every rotation by 12 and 7 stores and reloads it (Intel: 5%
 * slower at 4 KiB).
 */
.macro _ccp_enter size
	pushq		%rbx
	pushq		%r12
	pushq		%r13
	pushq		%r14
	pushq		%r15
	_frame_enter	\size
.endm

/* h back to the core at \c with h2 <= 4, as every Poly1305 row leaves it */
.macro _poly_store c
	_mulx_fold
	movq		%r13, CORE_H0(\c)
	movq		%r14, CORE_H1(\c)
	movq		%r15, CORE_H2(\c)
.endm

/*
 * No key material left behind: the ymm registers cleared, and r, s1 and
 * the products in the caller-saved registers; then the caller's frame.
 */
.macro _ccp_leave
	vzeroall
	xorl		%eax, %eax
	xorl		%ecx, %ecx
	xorl		%edx, %edx
	xorl		%edi, %edi
	xorl		%r8d, %r8d
	xorl		%r9d, %r9d
	xorl		%r10d, %r10d
	xorl		%r11d, %r11d
	_frame_leave
	popq		%r15
	popq		%r14
	popq		%r13
	popq		%r12
	popq		%rbx
.endm

/* ---- the function body ------------------------------------------------ */

.macro _ccp_avx2 open
	testl		%r8d, %r8d
	jz		.Lret\@
	_ccp_enter	F_FRAME
	movq		%rdi, F_STATE(%rsp)
	movq		%rsi, F_CORE(%rsp)
	movq		%rdx, F_DST(%rsp)
	movq		%rcx, F_SRC(%rsp)
	movl		%r8d, F_LEN(%rsp)
	movl		48(%rdi), %eax
	movl		%eax, F_CTR(%rsp)
.if !\open
	/*
	 * seal MACs its output up to mac->end after the last batch, and the
	 * first batch's rounds MAC the 512 bytes at mac->first, if any.
	 */
	movq		CCPM_END(%r9), %rax
	movq		%rax, F_PEND(%rsp)
	movq		CCPM_FIRST(%r9), %rax
	testq		%rax, %rax
	setz		F_NOMAC(%rsp)
	cmovzq		%rdx, %rax
.endif
	_mulx_load	%rsi
.if \open
	movq		%rcx, MAC
.else
	movq		%rax, MAC
.endif

.Lbatch\@:
	movq		F_STATE(%rsp), STATE
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,13,14,15
	vpbroadcastd	(4 * \i)(STATE), A\i
.endr
	vpbroadcastd	F_CTR(%rsp), A12
	vpaddd		.Lccp_inc(%rip), A12, A12
	movl		$8, F_RND(%rsp)
	movl		$2, F_PLAIN(%rsp)
.if \open
	/*
	 * A short last batch of k whole blocks: k % 4 of them first, the
	 * other k / 4 groups of four in as many stitched double rounds.
	 */
	movl		F_LEN(%rsp), %eax
	cmpl		$BATCH, %eax
	jae		.Lstitched\@
	shrl		$4, %eax
	movl		%eax, %ecx
	andl		$3, %ecx
	shll		$4, %ecx
	addq		MAC, %rcx
	movq		%rcx, F_PEND(%rsp)
	_poly_to_pend
	movl		F_LEN(%rsp), %eax
	shrl		$6, %eax
	jz		.Lplain10\@
	movl		%eax, F_RND(%rsp)
	negl		%eax
	addl		$10, %eax
	movl		%eax, F_PLAIN(%rsp)
.else
	/* nothing written or held yet: the first batch has nothing to MAC */
	cmpb		$0, F_NOMAC(%rsp)
	movb		$0, F_NOMAC(%rsp)
	jne		.Lplain10\@
.endif
.Lstitched\@:
1:
	_dround		1
	decl		F_RND(%rsp)
	jnz		1b
	movl		F_PLAIN(%rsp), %eax
	movl		%eax, F_RND(%rsp)
	jmp		2f
.Lplain10\@:
	movl		$10, F_RND(%rsp)
2:
	_dround		0
	decl		F_RND(%rsp)
	jnz		2b

	movq		F_STATE(%rsp), STATE
	movq		F_SRC(%rsp), SRC
	movq		F_DST(%rsp), DST
.if !\open
	/* the next rounds MAC this batch (the first's MACed mac->first) */
	movq		DST, MAC
.endif
	cmpl		$BATCH, F_LEN(%rsp)
	jb		.Lshort\@
	_finish		1
	addq		$BATCH, SRC
	addq		$BATCH, DST
	movq		SRC, F_SRC(%rsp)
	movq		DST, F_DST(%rsp)
	addl		$8, F_CTR(%rsp)
	subl		$BATCH, F_LEN(%rsp)
	jnz		.Lbatch\@
	jmp		.Lend\@

.Lshort\@:
	_finish		0
	/* XOR BUF into the data: 32 bytes, then single bytes */
	movl		F_LEN(%rsp), %ecx
	xorl		%eax, %eax
3:
	cmpl		$32, %ecx
	jb		4f
	vmovdqu		F_BUF(%rsp, %rax), A0
	vpxor		(SRC, %rax), A0, A0
	vmovdqu		A0, (DST, %rax)
	addl		$32, %eax
	subl		$32, %ecx
	jmp		3b
4:
	testl		%ecx, %ecx
	jz		.Lend\@
5:
	movzbl		F_BUF(%rsp, %rax), %edx
	xorb		(SRC, %rax), %dl
	movb		%dl, (DST, %rax)
	incl		%eax
	decl		%ecx
	jnz		5b

.Lend\@:
.if !\open
	_poly_to_pend
.endif
	movq		F_CORE(%rsp), %rdi
	_poly_store	%rdi

	/* wipe the keystream, the parked words and the spill slot */
	vpxor		A0, A0, A0
	.set		.Loff, 0
.rept F_STATE / 32
	vmovdqu		A0, .Loff(%rsp)
	.set		.Loff, .Loff + 32
.endr
	_ccp_leave
.Lret\@:
.endm

/*
 * void sc_ccp_seal_avx2_x86(const u32 *state, struct sc_poly1305_core *core,
 *			     u8 *dst, const u8 *src, unsigned int len,
 *			     const struct sc_ccp_avx2_mac *mac)
 */
SYM_FUNC_START(sc_ccp_seal_avx2_x86)
	_ccp_avx2	0
	RET
SYM_FUNC_END(sc_ccp_seal_avx2_x86)

/* the first five arguments; the Poly1305 blocks are read from src */
SYM_FUNC_START(sc_ccp_open_avx2_x86)
	_ccp_avx2	1
	RET
SYM_FUNC_END(sc_ccp_open_avx2_x86)

/* ---- Two or four keystream blocks with Poly1305 woven in -------------- */

/*
 * The last blocks of a sealed head (generic/chacha20poly1305.c): the key
 * block and the head's first part are one ChaCha call, the AD is MACed,
 * and then these blocks' rounds carry the MAC of that first part.  Two
 * blocks in the horizontal layout (state row i of both in one ymm
 * register, block n in the low lanes, n + 1 in the high ones) are one
 * chain of dependent steps, about 30 cycles a double round, that leaves
 * the integer ports idle; a second batch of two (blocks n + 2, n + 3) is a
 * second chain.  One Poly1305 block (MULX, about 17 cycles on Intel)
 * rides each half-round, as in _dround, and while three or more are left
 * a third follows each double round (out of order, it overlaps the
 * next); blocks beyond thirty follow the rounds.  Intel (family 6 model
 * 167), cycles per call with two blocks a double round, against the
 * horizontal ChaCha kernel and then the MAC: two blocks with no MAC 319
 * (318), with 20 MAC blocks 404 (626), with 28 534 (761); four blocks 446
 * (454), 508 (762), 648 (897).  On Zen 5 (AVX2 only), where a double
 * round of the chain takes about 40 cycles, the third block took a
 * sealed 576-byte text from 1053 to 992 TSC ticks (the tail MACs 512
 * bytes), 640 bytes from 1093 to 1026; a fourth gained nothing more.
 *
 * Registers: ymm0-3 the rows of batch 0, ymm11-14 those of batch 1, ymm4
 * the rotation temporary, ymm5/ymm6 the byte shuffles for 16 and 8,
 * ymm7-9 input rows 0-2, ymm10/ymm15 the batches' input row 3; Poly1305
 * as in _ccp_avx2.  Frame: the keystream pointer, core, the end of the
 * blocks to MAC, the double rounds left.
 */
#define K_KS		0
#define K_CORE		8
#define K_PEND		16
#define K_RND		24
#define K_FRAME		32

.section .rodata.sc_ccp_avx2, "a"
.p2align 5
.Lccp_hinc:
	.long	0, 0, 0, 0, 1, 0, 0, 0
.Lccp_hstep:
	.long	2, 0, 0, 0, 2, 0, 0, 0

.text

.irp i, 0,1,2,3
	.set	K0_\i, %ymm\i
.endr
.set	K1_0, %ymm11
.set	K1_1, %ymm12
.set	K1_2, %ymm13
.set	K1_3, %ymm14
.set	KT, %ymm4

/* state row \r into both lanes of ymm\r, word by word (see _hrow) */
.macro _krow r
	vmovd		(16 * \r)(%rdi), %xmm\r
	vpinsrd		$1, (16 * \r + 4)(%rdi), %xmm\r, %xmm\r
	vpinsrd		$2, (16 * \r + 8)(%rdi), %xmm\r, %xmm\r
	vpinsrd		$3, (16 * \r + 12)(%rdi), %xmm\r, %xmm\r
	vinserti128	$1, %xmm\r, %ymm\r, %ymm\r
.endm

/* row \d op= row \s in each of the \nb batches */
.macro _kop nb, op, s, d
	\op		K0_\s, K0_\d, K0_\d
.if \nb > 1
	\op		K1_\s, K1_\d, K1_\d
.endif
.endm

/* row \d = \op $\imm, row \d (shuffles) */
.macro _kimm nb, op, imm, d
	\op		$\imm, K0_\d, K0_\d
.if \nb > 1
	\op		$\imm, K1_\d, K1_\d
.endif
.endm

/* row 3 <<<= 16 or 8: the byte shuffle in \m */
.macro _kbytes nb, m
	vpshufb		\m, K0_3, K0_3
.if \nb > 1
	vpshufb		\m, K1_3, K1_3
.endif
.endm

/* row 1 <<<= \r by two shifts and an OR */
.macro _kshift nb, r
	vpslld		$\r, K0_1, KT
	vpsrld		$(32 - \r), K0_1, K0_1
	vpor		KT, K0_1, K0_1
.if \nb > 1
	vpslld		$\r, K1_1, KT
	vpsrld		$(32 - \r), K1_1, K1_1
	vpor		KT, K1_1, K1_1
.endif
.endm

/* Poly1305 piece \k if \p */
.macro _kpp p, k
.if \p
	_pp		\k
.endif
.endm

/*
 * A half-round on rows 0-3 (a, b, c, d), a, c and d then shuffled by \sa,
 * \sc, \sd (as _hhalf in chacha-x86_64.S: b's rotation by 7 feeds the next
 * add, so b keeps its place); with \p, one Poly1305 block woven in.
 */
.macro _khalf nb, p, sa, sc, sd
	_kop		\nb, vpaddd, 1, 0
	_kop		\nb, vpxor, 0, 3
	_kbytes		\nb, %ymm5
	_kpp		\p, 0
	_kop		\nb, vpaddd, 3, 2
	_kop		\nb, vpxor, 2, 1
	_kpp		\p, 1
	_kshift		\nb, 12
	_kpp		\p, 2
	_kop		\nb, vpaddd, 1, 0
	_kop		\nb, vpxor, 0, 3
	_kimm		\nb, vpshufd, \sa, 0
	_kpp		\p, 3
	_kbytes		\nb, %ymm6
	_kop		\nb, vpaddd, 3, 2
	_kpp		\p, 4
	_kimm		\nb, vpshufd, \sd, 3
	_kop		\nb, vpxor, 2, 1
	_kpp		\p, 5
	_kimm		\nb, vpshufd, \sc, 2
	_kpp		\p, 6
	_kshift		\nb, 7
	_kpp		\p, 7
.endm

.macro _kdround nb, p
	_khalf		\nb, \p, 0x93, 0x39, 0x4e
	_khalf		\nb, \p, 0x39, 0x93, 0x4e
.endm

/* batch \b's rows + the input rows, as two blocks at \off(%rax) */
.macro _kout b, in3, off
	vpaddd		%ymm7, K\b\()_0, K\b\()_0
	vpaddd		%ymm8, K\b\()_1, K\b\()_1
	vpaddd		%ymm9, K\b\()_2, K\b\()_2
	vpaddd		\in3, K\b\()_3, K\b\()_3
	vperm2i128	$0x20, K\b\()_1, K\b\()_0, KT	/* block 0, bytes 0-31 */
	vmovdqu		KT, \off(%rax)
	vperm2i128	$0x20, K\b\()_3, K\b\()_2, KT
	vmovdqu		KT, (\off + 32)(%rax)
	vperm2i128	$0x31, K\b\()_1, K\b\()_0, KT	/* block 1 */
	vmovdqu		KT, (\off + 64)(%rax)
	vperm2i128	$0x31, K\b\()_3, K\b\()_2, KT
	vmovdqu		KT, (\off + 96)(%rax)
.endm

/*
 * void fn(const u32 *state, u8 *ks, struct sc_poly1305_core *core,
 *	   const u8 *mac, size_t maclen)
 *
 * ks[0..64 * 2 * nb - 1] = the keystream of blocks state[12] .. state[12]
 * + 2 * nb - 1; absorbs the maclen / 16 whole blocks at mac (pad bit set)
 * into core.
 */
.macro _ks_mac nb
	_ccp_enter	K_FRAME
	movq		%rsi, K_KS(%rsp)
	movq		%rdx, K_CORE(%rsp)
	andq		$-16, %r8
	addq		%rcx, %r8
	movq		%r8, K_PEND(%rsp)
	movl		$10, K_RND(%rsp)

	_krow		0
	_krow		1
	_krow		2
	_krow		3
	vpaddd		.Lccp_hinc(%rip), %ymm3, %ymm3
	vmovdqa		%ymm0, %ymm7
	vmovdqa		%ymm1, %ymm8
	vmovdqa		%ymm2, %ymm9
	vmovdqa		%ymm3, %ymm10
.if \nb > 1
	vpaddd		.Lccp_hstep(%rip), %ymm3, %ymm15
	vmovdqa		%ymm0, K1_0
	vmovdqa		%ymm1, K1_1
	vmovdqa		%ymm2, K1_2
	vmovdqa		%ymm15, K1_3
.endif
	vmovdqa		.Lccp_rol16(%rip), %ymm5
	vmovdqa		.Lccp_rol8(%rip), %ymm6

	_mulx_load	%rdx
	movq		%rcx, MAC

1:
	/* three more whole blocks to MAC: a stitched double round, a third */
	leaq		48(MAC), %rax
	cmpq		K_PEND(%rsp), %rax
	ja		4f
	_kdround	\nb, 1
.irp k, 0,1,2,3,4,5,6,7
	_pp		\k
.endr
	jmp		3f
4:
	/* two more */
	leaq		32(MAC), %rax
	cmpq		K_PEND(%rsp), %rax
	ja		2f
	_kdround	\nb, 1
	jmp		3f
2:
	_kdround	\nb, 0
3:
	decl		K_RND(%rsp)
	jnz		1b

	movq		K_KS(%rsp), %rax
	_kout		0, %ymm10, 0
.if \nb > 1
	_kout		1, %ymm15, 128
.endif

	/* the blocks the rounds did not carry */
	_poly_to_pend	K_PEND(%rsp)

	movq		K_CORE(%rsp), %rdi
	_poly_store	%rdi
	_ccp_leave
.endm

SYM_FUNC_START(sc_ccp_ks2_mac_avx2_x86)
	_ks_mac		1
	RET
SYM_FUNC_END(sc_ccp_ks2_mac_avx2_x86)

SYM_FUNC_START(sc_ccp_ks4_mac_avx2_x86)
	_ks_mac		2
	RET
SYM_FUNC_END(sc_ccp_ks4_mac_avx2_x86)
