/* SPDX-License-Identifier: GPL-2.0 */
/* Message-level Poly1305 state with the kernel's key-in-data semantics. */
#ifndef _SC_GENERIC_POLY1305_H
#define _SC_GENERIC_POLY1305_H

#include "../simdcrypt.h"

struct sc_poly1305_msg {
	struct sc_poly1305_core core;
	u32 s[4];
	u8 buf[POLY1305_BLOCK_SIZE];
	unsigned int buflen;
	bool rset;
	bool sset;
};

void sc_poly1305_msg_init(struct sc_poly1305_msg *msg);
/* @impl->blocks may be a SIMD row: the caller brackets this in a SIMD section. */
void sc_poly1305_msg_update(const struct sc_poly1305_impl *impl,
			 struct sc_poly1305_msg *msg, const u8 *src, size_t len);
/*
 * One update as the shash glue makes it: the key bytes (r, s) read
 * directly, then pieces of at most SC_SIMD_CHUNK bytes, each through @impl
 * (NULL: the row picked for what is left) in a SIMD section of its own,
 * with the key powers of an update of more than one piece kept across them
 * (struct sc_poly1305_pow, on the stack).
 */
void sc_poly1305_msg_update_chunked(const struct sc_poly1305_impl *impl,
				    struct sc_poly1305_msg *msg, const u8 *src,
				    size_t len);
/* -ENOKEY if fewer than 32 bytes (r and s) were seen.  Wipes @msg either way. */
int sc_poly1305_msg_final(const struct sc_poly1305_impl *impl,
		       struct sc_poly1305_msg *msg, u8 *out);

/*
 * The shash's exported state: plain data in the CPU's byte order, with no
 * pointer (core.pow stays behind) and no padding of the compiler's; the
 * partial block and @zero are zero beyond what is set.
 */
struct sc_poly1305_state {
	u64 h[3];
	u64 r[2];
	u32 s[4];
	u8 buf[POLY1305_BLOCK_SIZE];
	u8 buflen;
	u8 rset;
	u8 sset;
	u8 zero[5];
};

/* @out: sizeof(struct sc_poly1305_state) bytes, any alignment. */
void sc_poly1305_msg_export(const struct sc_poly1305_msg *msg, void *out);
/*
 * @in: a state sc_poly1305_msg_export() could have written, any
 * alignment; anything else is -EINVAL, and @msg is wiped then.
 */
int sc_poly1305_msg_import(struct sc_poly1305_msg *msg, const void *in);

#endif
