/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The 24 round constants of Keccak-f[1600] (FIPS 202 section 3.2.5, iota),
 * for C and assembly alike: SC_KECCAK_RC is the comma-separated list, for
 * the generic C table (generic/keccak.c) and the asm tables, .quad or
 * .irp over it (asm/x86/keccak*.S, asm/arm64/keccak-arm64.S).  Plain hex,
 * no suffix, so that the assembler reads it too; in C every one is an
 * unsigned 64-bit constant.  (The list is handed to a macro that returns
 * its arguments, which keeps the definitions to expressions.)
 */
#ifndef _SC_GENERIC_KECCAK_RC_H
#define _SC_GENERIC_KECCAK_RC_H

/* @f applied to the 24 constants, in round order */
#define SC_KECCAK_RC_APPLY(f)						\
	f(0x0000000000000001, 0x0000000000008082, 0x800000000000808a,	\
	  0x8000000080008000, 0x000000000000808b, 0x0000000080000001,	\
	  0x8000000080008081, 0x8000000000008009, 0x000000000000008a,	\
	  0x0000000000000088, 0x0000000080008009, 0x000000008000000a,	\
	  0x000000008000808b, 0x800000000000008b, 0x8000000000008089,	\
	  0x8000000000008003, 0x8000000000008002, 0x8000000000000080,	\
	  0x000000000000800a, 0x800000008000000a, 0x8000000080008081,	\
	  0x8000000000008080, 0x0000000080000001, 0x8000000080008008)

#define SC_KECCAK_RC_ARGS(...)	__VA_ARGS__
#define SC_KECCAK_RC		SC_KECCAK_RC_APPLY(SC_KECCAK_RC_ARGS)

#endif
