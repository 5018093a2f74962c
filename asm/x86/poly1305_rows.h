/* SPDX-License-Identifier: GPL-2.0 */
/* x86_64 poly1305 rows for impl.c, slowest to fastest. */
#ifndef _SC_X86_POLY1305_ROWS_H
#define _SC_X86_POLY1305_ROWS_H

extern const struct sc_poly1305_impl sc_poly1305_impl_scalar;
extern const struct sc_poly1305_impl sc_poly1305_impl_avx2;
extern const struct sc_poly1305_impl sc_poly1305_impl_ifma_ymm;
extern const struct sc_poly1305_impl sc_poly1305_impl_ifma_ymm_vbmi2;
extern const struct sc_poly1305_impl sc_poly1305_impl_ifma;
extern const struct sc_poly1305_impl sc_poly1305_impl_ifma_vbmi2;

#define SC_ARCH_POLY1305_ROWS \
	&sc_poly1305_impl_scalar, &sc_poly1305_impl_avx2, \
	&sc_poly1305_impl_ifma_ymm, &sc_poly1305_impl_ifma_ymm_vbmi2, \
	&sc_poly1305_impl_ifma, &sc_poly1305_impl_ifma_vbmi2,

/* asm/x86/poly1305-x86_64.S, reached through asm/x86/poly1305_x86.c */
void sc_poly1305_blocks_x86_mulx(struct sc_poly1305_core *core,
				 const u8 *src, size_t len, u32 padbit);
void sc_poly1305_blocks_x86_avx2(struct sc_poly1305_core *core,
				 const u8 *src, size_t len, u32 padbit);
void sc_poly1305_blocks_x86_ifma(struct sc_poly1305_core *core,
				 const u8 *src, size_t len, u32 padbit);
void sc_poly1305_blocks_x86_ifma_ymm(struct sc_poly1305_core *core,
				     const u8 *src, size_t len, u32 padbit);
void sc_poly1305_blocks_x86_ifma_vbmi2(struct sc_poly1305_core *core,
				       const u8 *src, size_t len, u32 padbit);
void sc_poly1305_blocks_x86_ifma_ymm_vbmi2(struct sc_poly1305_core *core,
					   const u8 *src, size_t len,
					   u32 padbit);

#endif
