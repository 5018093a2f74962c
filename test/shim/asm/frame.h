/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <asm/frame.h>. */
#ifdef __ASSEMBLER__
#define FRAME_BEGIN	push %rbp; mov %rsp, %rbp
#define FRAME_END	pop %rbp
#endif
