# SPDX-License-Identifier: GPL-2.0
# Flags for the module's C on x86_64 (Kbuild, the harness and the
# benchmark read them from here).
#
# GCC expands a memset()/memzero_explicit() of a constant size into
# "rep stosq" when it may not use vector registers, as in the kernel.
# That costs about 30 cycles to start on the Intel core we measured
# (family 6 model 167; short rep string operations start in microcode on
# AMD's cores too), and the message states we clear or wipe per request
# are 64-400 bytes: a 16-byte Poly1305 message paid two of them, half its
# time.  Up to 512 bytes, plain 8-byte stores; above, the memset() call.
# (Clang inlines small constant memsets as stores already; Kbuild drops
# the option there.)
sc-arch-ccflags := -mmemset-strategy=unrolled_loop:512:noalign,libcall:-1:noalign
