/* SPDX-License-Identifier: GPL-2.0 */
/* ChaCha20-Poly1305 peers that need more than a library call (aead_peers.c). */
#ifndef _SC_BENCH_AEAD_PEERS_H
#define _SC_BENCH_AEAD_PEERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool boring_setup(const char **why);
const char *boring_lib(void);
bool boring_op(bool seal, const uint8_t *key, const uint8_t *nonce,
	       const uint8_t *ad, size_t adlen, uint8_t *out,
	       const uint8_t *in, size_t len);
bool ipsecmb_setup(bool avx2, const char **why);
bool ipsecmb_op(bool seal, const uint8_t *key, const uint8_t *nonce,
		const uint8_t *ad, size_t adlen, uint8_t *out,
		const uint8_t *in, size_t len, uint8_t *tag);

#endif
