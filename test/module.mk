# SPDX-License-Identifier: GPL-2.0
#
# The module's own sources as userspace objects, for the harness
# (test/Makefile) and the benchmark (bench/Makefile): the generic C,
# impl.c and asm/<arch>/* from the object lists in asm/<arch>/*.mk, the
# ones Kbuild uses, compiled as the kernel compiles them.
#
# The includer sets TOP (the module directory), O (the output directory),
# ARCH (from $(CC) -dumpmachine), BASE, WARN and INCS, and may set VFLAGS
# (a variant's flags); this sets MOD_OBJS and KFLAGS and the rules for
# $(O)/<module path>.o.

SHARED	:= impl.c generic/chacha.c generic/poly1305.c generic/keccak.c \
	   generic/chacha20poly1305.c \
	   generic/keccakx.c shake.c shake_xn.c mldsa.c

# The module's C is compiled as the kernel does: general registers only,
# so the compiler cannot vectorise generic C behind our back.
ifneq ($(filter x86_64 aarch64,$(ARCH)),)
KFLAGS	:= -mgeneral-regs-only
endif

# asm/<arch>/*.mk use kbuild syntax: sc-arch-y += asm/x86/foo.o (from foo.S
# or foo.c), optionally CFLAGS_foo.o / AFLAGS_foo.o.  $(src) is the module
# directory in kbuild.
src	:= $(TOP)
obj	:= $(TOP)
sc-arch-y :=
sc-arch-ccflags :=
ifeq ($(ARCH),x86_64)
CONFIG_X86_64 := y
include $(wildcard $(TOP)/asm/x86/*.mk)
endif
ifeq ($(ARCH),aarch64)
CONFIG_ARM64 := y
include $(wildcard $(TOP)/asm/arm64/*.mk)
endif

MOD_OBJS := $(addprefix $(O)/,$(SHARED:.c=.o) $(sc-arch-y))
KFLAGS	+= $(sc-arch-ccflags)

# the module's C, unchanged
$(O)/%.o: $(TOP)/%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE) $(WARN) $(KFLAGS) $(VFLAGS) $(INCS) \
		$(CFLAGS_$(notdir $*).o) -c -o $@ $<

# the module's assembly, unchanged
$(O)/%.o: $(TOP)/%.S
	@mkdir -p $(dir $@)
	$(CC) -g -MMD -MP -Wa,--noexecstack -D__ASSEMBLY__ $(INCS) $(AFLAGS_$(notdir $*).o) -c -o $@ $<
