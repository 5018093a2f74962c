/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Assembler macros shared by the arm64 Keccak kernels on NEON registers,
 * "sha3ce"/"sha3cex2" (keccak-arm64.S) and "neonx2" (keccakx-neon.S).  The
 * round constants they share are sc_keccak_arm64_rc in keccak-arm64.S.
 *
 * Include only from .S files.
 */
#ifndef _SC_ARM64_KECCAK_ARM64_H
#define _SC_ARM64_KECCAK_ARM64_H

#include "neon-d8-d15.h"

#endif
