// SPDX-License-Identifier: GPL-2.0
/*
 * shash glue for "poly1305" with the kernel's semantics: no setkey, the
 * first 32 bytes of data are the one-time key (r, then s), final without
 * them returns -ENOKEY.  Message blocks go to the row the dispatcher picks,
 * in SIMD sections of at most SC_SIMD_CHUNK bytes
 * (sc_poly1305_msg_update_chunked()).
 */
#include <linux/module.h>
#include <linux/string.h>
#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include "compat/compat.h"
#include "simdcrypt.h"
#include "generic/poly1305.h"

static int sc_poly1305_init(struct shash_desc *desc)
{
	sc_poly1305_msg_init(shash_desc_ctx(desc));
	return 0;
}

static int sc_poly1305_update(struct shash_desc *desc, const u8 *src,
			      unsigned int len)
{
	BUILD_BUG_ON(SC_SIMD_CHUNK > 4096);

	sc_poly1305_msg_update_chunked(NULL, shash_desc_ctx(desc), src, len);
	return 0;
}

static int sc_poly1305_final(struct shash_desc *desc, u8 *out)
{
	/* At most one block is left: the best row that needs no SIMD. */
	int err = sc_poly1305_msg_final(sc_poly1305_pick_nosimd(0),
					shash_desc_ctx(desc), out);

	if (!err && sc_test_corrupt(SC_CORRUPT_POLY1305))
		out[0] ^= 1;
	return err;
}

static int sc_poly1305_export(struct shash_desc *desc, void *out)
{
	memcpy(out, shash_desc_ctx(desc), sizeof(struct sc_poly1305_msg));
	return 0;
}

/*
 * A state this driver exported: flags 0 or 1, s only after r, r clamped,
 * h as every row leaves it (h2 <= 4), a partial block shorter than 16.
 * The flags are checked as bytes before they are read as bools; @in need
 * not be aligned.
 */
#define SC_POLY1305_FIELD(in, type, field)				\
	get_unaligned((const type *)((in) +				\
			offsetof(struct sc_poly1305_msg, field)))

static bool sc_poly1305_state_ok(const u8 *in)
{
	u8 rset = SC_POLY1305_FIELD(in, u8, rset);
	u8 sset = SC_POLY1305_FIELD(in, u8, sset);

	BUILD_BUG_ON(sizeof(bool) != 1);
	if (rset > 1 || sset > 1 || (sset && !rset))
		return false;
	if (SC_POLY1305_FIELD(in, unsigned int, buflen) >= POLY1305_BLOCK_SIZE)
		return false;
	if ((SC_POLY1305_FIELD(in, u64, core.r[0]) & ~0x0ffffffc0fffffffull) ||
	    (SC_POLY1305_FIELD(in, u64, core.r[1]) & ~0x0ffffffc0ffffffcull))
		return false;
	return SC_POLY1305_FIELD(in, u64, core.h[2]) <= 4;
}

static int sc_poly1305_import(struct shash_desc *desc, const void *in)
{
	struct sc_poly1305_msg *msg = shash_desc_ctx(desc);

	if (!sc_poly1305_state_ok(in)) {
		/* leave no earlier key or partial state behind either */
		memzero_explicit(msg, sizeof(*msg));
		return -EINVAL;
	}
	memcpy(msg, in, sizeof(*msg));
	msg->core.pow = NULL;	/* only an update in progress has one */
	return 0;
}

static struct shash_alg sc_poly1305_alg = {
	.digestsize		= POLY1305_DIGEST_SIZE,
	.init			= sc_poly1305_init,
	.update			= sc_poly1305_update,
	.final			= sc_poly1305_final,
	.export			= sc_poly1305_export,
	.import			= sc_poly1305_import,
	.descsize		= sizeof(struct sc_poly1305_msg),
	.statesize		= sizeof(struct sc_poly1305_msg),
	.base.cra_name		= "poly1305",
	.base.cra_driver_name	= "poly1305-simdcrypt",
	.base.cra_priority	= SC_PRIORITY,
	.base.cra_blocksize	= POLY1305_BLOCK_SIZE,
	.base.cra_module	= THIS_MODULE,
};

int sc_poly1305_register(void)
{
	return crypto_register_shash(&sc_poly1305_alg);
}

void sc_poly1305_unregister(void)
{
	crypto_unregister_shash(&sc_poly1305_alg);
}
