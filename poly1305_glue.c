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

/*
 * The state as plain data (struct sc_poly1305_state): not the descriptor,
 * whose core.pow is a pointer and whose buffer keeps key bytes past its
 * end.
 */
static int sc_poly1305_export(struct shash_desc *desc, void *out)
{
	sc_poly1305_msg_export(shash_desc_ctx(desc), out);
	return 0;
}

static int sc_poly1305_import(struct shash_desc *desc, const void *in)
{
	return sc_poly1305_msg_import(shash_desc_ctx(desc), in);
}

static struct shash_alg sc_poly1305_alg = {
	.digestsize		= POLY1305_DIGEST_SIZE,
	.init			= sc_poly1305_init,
	.update			= sc_poly1305_update,
	.final			= sc_poly1305_final,
	.export			= sc_poly1305_export,
	.import			= sc_poly1305_import,
	.descsize		= sizeof(struct sc_poly1305_msg),
	.statesize		= sizeof(struct sc_poly1305_state),
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
