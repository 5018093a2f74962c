# SPDX-License-Identifier: GPL-2.0
#
# simdcrypt developer entry points.  The module itself is described in Kbuild.
#
#   make                 build simdcrypt.ko against KDIR (default: the running
#                        kernel's headers, else the newest installed ones)
#   make load / unload   insmod / rmmod on this machine
#   make dkms-install    install the sources for DKMS (rebuilt per kernel)
#   make check           every test layer (what CI runs)
#   make check-user      userspace harness: KATs + differential vs OpenSSL/libsodium
#   make check-sanitize  the same harness under ASan/UBSan
#   make check-build     module build matrix: 6.1, 6.12, 7.3 x86_64 + arm64, W=1
#   make check-uml       KUnit + self-tests in User-Mode Linux (native speed)
#   make check-qemu      Debian's stock kernels under QEMU, AF_ALG, tcrypt
#   make check-kunit-qemu KUnit in small real x86_64/arm64 kernels under QEMU
#   make bench           userspace benchmark vs OpenSSL and libsodium
#   make demo            the main job: show the module serving in a VM

SHELL := /bin/bash

KVER ?= $(shell uname -r)
KDIR ?= $(firstword $(wildcard /lib/modules/$(KVER)/build) \
		    $(shell ls -d /lib/modules/*/build 2>/dev/null | sort -V | tail -1))

BENCH_ALGS ?=
BENCH_TIME ?=

.PHONY: all modules module-clean clean load unload dkms-install dkms-remove check check-deps check-user \
	check-sanitize check-build check-uml check-qemu check-kunit-qemu check-arm64 bench demo \
	style

all: modules

modules:
	@test -n "$(KDIR)" || { echo "no kernel headers found: install linux-headers-$(KVER) or pass KDIR=..."; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

module-clean:
	@if [ -n "$(KDIR)" ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi

clean: module-clean
	$(MAKE) -C test clean
	$(MAKE) -C bench clean
	rm -rf build

load: modules
	-rmmod simdcrypt 2>/dev/null
	insmod simdcrypt.ko

unload:
	rmmod simdcrypt

# Install the sources for DKMS, which rebuilds the module for new kernels.
DKMS_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
dkms-install:
	rm -rf /usr/src/simdcrypt-$(DKMS_VERSION)
	mkdir -p /usr/src/simdcrypt-$(DKMS_VERSION)
	git ls-files | grep -v -e '^test/' -e '^bench/' -e '^scripts/' -e '^kunit/' | \
		tar -cf - -T - | tar -xf - -C /usr/src/simdcrypt-$(DKMS_VERSION)
	dkms install simdcrypt/$(DKMS_VERSION)

dkms-remove:
	dkms remove simdcrypt/$(DKMS_VERSION) --all

check-deps:
	scripts/deps.sh all

check-user:
	scripts/deps.sh user
	$(MAKE) -C test check

check-sanitize:
	scripts/deps.sh user
	$(MAKE) -C test check-sanitize

check-build:
	scripts/deps.sh build matrix
	scripts/check-build.sh

check-uml:
	scripts/check-uml.sh

check-qemu:
	scripts/check-qemu.sh

# KUnit in small real x86_64 and arm64 kernels (real FPU/NEON sections)
check-kunit-qemu:
	scripts/deps.sh build matrix qemu
	@mkdir -p build; rc=0; p=0; f=0; for a in x86_64 arm64; do \
		scripts/check-kunit-qemu.sh $$a | tee build/kunit-qemu-$$a.log; \
		[ $${PIPESTATUS[0]} -eq 0 ] || rc=1; \
		set -- $$(tail -n 1 build/kunit-qemu-$$a.log | grep -oE '[0-9]+' ); \
		p=$$((p + $${1:-0})); f=$$((f + $${2:-1})); \
	done; echo "$$p passed, $$f failed"; exit $$rc

check-arm64:
	scripts/deps.sh build matrix qemu
	scripts/check-arm64.sh

bench:
	scripts/deps.sh user
	$(MAKE) -C bench run BENCH_ALGS=$(BENCH_ALGS) BENCH_TIME=$(BENCH_TIME)

demo:
	scripts/demo.sh

# Every layer runs even if an earlier one fails; the summary says which failed.
check:
	scripts/check-all.sh
