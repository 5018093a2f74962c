/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ML-DSA (FIPS 204) ExpandA on the multi-stream SHAKE API: the worked user
 * of include/simdcrypt/shake.h's sc_shake128_xn_*().
 */
#ifndef _SIMDCRYPT_MLDSA_H
#define _SIMDCRYPT_MLDSA_H

#include <linux/types.h>

#define SC_MLDSA_Q		8380417
#define SC_MLDSA_N		256
#define SC_MLDSA_SEED_SIZE	32
#define SC_MLDSA_MAX_KL		8	/* k and l of ML-DSA-87 */

int sc_mldsa_expand_a(u32 *a, const u8 *rho, unsigned int k, unsigned int l);
unsigned int sc_mldsa_rej_ntt(u32 *a, unsigned int j, const u8 *buf,
			      unsigned int len);

#endif
