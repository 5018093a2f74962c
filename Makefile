# SPDX-License-Identifier: GPL-2.0
#
# simdcrypt developer entry points.  The module itself is described in Kbuild.
#
#   make                 build simdcrypt.ko against KDIR (default: the running
#                        kernel's headers, else the newest installed ones, said
#                        out loud; a clear error when there are none)
#                        SIMDCRYPT_TEST=1 builds the test flavour (test_corrupt=)
#   make load / unload   insmod / rmmod on this machine
#   make dkms-install    install the sources for DKMS (rebuilt per kernel)
#   make deb             the Debian package simdcrypt-dkms (build/deb/)
#   make sign KEY= CERT= sign simdcrypt.ko (Secure Boot, sig_enforce)
#   make check           every test layer (what CI runs)
#   make check-user      userspace harness: KATs + differential vs OpenSSL/libsodium
#   make check-sanitize  the same harness under ASan/UBSan
#   make check-ct        constant time: every row valgrind can run, secrets
#                        marked undefined for memcheck (test/ct.c)
#   make check-build     module build matrix: 6.1, 6.12, 7.3 x86_64 + arm64, W=1
#   make check-uml       KUnit + self-tests in User-Mode Linux (native speed)
#   make check-qemu      Debian's stock kernels under QEMU, AF_ALG, tcrypt
#   make check-kunit-qemu KUnit in small real x86_64/arm64 kernels under QEMU
#   make check-kcsan     the x86_64 one's debug flavour (KCSAN, lockdep) on 4
#                        vCPUs: KUnit, a row-switching stress, rmmod vs AF_ALG
#   make check-dkms      the .deb in clean Debian roots, DKMS builds, boots
#   make check-arm64     the arm64 rows under qemu-aarch64, arm64 builds and boots
#   make docs            Documentation/ as HTML (Sphinx), warnings are errors
#   make bench           userspace benchmark vs OpenSSL and libsodium (+ chart)
#   make plot            bench/results.svg from the newest bench/results-<cpu>.csv
#   make bench-bundle    build/bench-bundle: the harness and the benchmark with
#                        their libraries, to measure a machine without the tools
#   make bench-kernel    tcrypt rfc7539esp in UML: our AEAD vs the kernel's template
#   make bench-kernel-ab BASE=REV  one rfc7539esp request's time in UML, this
#                        tree's module against REV's (a git revision or a
#                        source directory), alternating in one boot
#   make demo            the main job: show the module serving in a VM

SHELL := /bin/bash

KVER ?= $(shell uname -r)
# The running kernel's headers; without them the newest installed ones, said
# out loud (`make load` then refuses: the kernel would reject the module
# with "Invalid module format").
KDIR ?= $(firstword $(wildcard /lib/modules/$(KVER)/build/Makefile) \
		    $(lastword $(sort $(wildcard /lib/modules/*/build/Makefile))))
override KDIR := $(patsubst %/Makefile,%,$(KDIR))
VERSION := $(shell cat VERSION)

BENCH_ALGS ?=
BENCH_TIME ?=

.PHONY: all modules module-clean clean load unload dkms-install dkms-remove deb sign docs check-dkms \
	check check-deps check-user \
	check-sanitize check-ct check-build check-uml check-qemu check-kunit-qemu check-kcsan check-arm64 bench bench-kernel bench-kernel-ab plot demo \
	bench-bundle \
	style

all: modules

modules:
	@test -n "$(KDIR)" && test -f "$(KDIR)/Makefile" || { \
		echo "simdcrypt: no kernel headers installed (running kernel $(KVER))."; \
		echo "  Install them: apt-get install linux-headers-$(KVER)"; \
		echo "  or build for another kernel: make KDIR=/lib/modules/<release>/build"; \
		exit 1; }
	@[ "$(KDIR)" -ef /lib/modules/$(KVER)/build ] || \
		echo "simdcrypt: NOTE: no headers for the running kernel $(KVER); building for $(KDIR) (make load will refuse this module here)"
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

module-clean:
	@if [ -f "$(KDIR)/Makefile" ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi

clean: module-clean
	$(MAKE) -C test clean
	$(MAKE) -C bench clean
	rm -rf build

load: modules
	@v=$$(modinfo -F vermagic simdcrypt.ko | cut -d' ' -f1); [ "$$v" = "$(KVER)" ] || { \
		echo "simdcrypt: simdcrypt.ko is for kernel $$v, this one runs $(KVER):"; \
		echo "  install linux-headers-$(KVER) and run make again"; exit 1; }
	-rmmod simdcrypt 2>/dev/null
	insmod simdcrypt.ko

unload:
	rmmod simdcrypt

# Install the sources for DKMS, which rebuilds the module for new kernels.
# (On Debian, `make deb` and installing the package does this and more.)
# The package's sources are dpkg's: this target refuses to overwrite them.
# A version it installed before is removed from DKMS first, so it can be
# run again after a change.
DKMS_SRC = /usr/src/simdcrypt-$(VERSION)
dkms-install:
	@if dpkg-query -S $(DKMS_SRC) >/dev/null 2>&1; then \
		echo "$(DKMS_SRC) belongs to a package ($$(dpkg-query -S $(DKMS_SRC) | cut -d: -f1)):" \
			"remove it first (apt remove simdcrypt-dkms)" >&2; exit 1; fi
	@command -v dkms >/dev/null || { echo "dkms is not installed" >&2; exit 1; }
	git ls-files >/dev/null
	if dkms status -m simdcrypt -v $(VERSION) | grep -q .; then \
		dkms remove simdcrypt/$(VERSION) --all; fi
	rm -rf $(DKMS_SRC)
	mkdir -p $(DKMS_SRC)
	git ls-files | grep -v -e '^test/' -e '^bench/' -e '^scripts/' -e '^kunit/' \
		-e '^debian/' -e '^dist/' -e '^Documentation/' | \
		tar -cf - -T - | tar -xf - -C $(DKMS_SRC)
	test -f $(DKMS_SRC)/dkms.conf
	sed -i 's/#MODULE_VERSION#/$(VERSION)/' $(DKMS_SRC)/dkms.conf
	dkms install simdcrypt/$(VERSION)

dkms-remove:
	dkms remove simdcrypt/$(VERSION) --all

# The Debian package: build/deb/simdcrypt-dkms_<version>_all.deb
deb:
	scripts/deps.sh pkg
	scripts/make-deb.sh

# Sign simdcrypt.ko for kernels that enforce module signatures (Secure Boot):
# KEY is the private key (PEM), CERT its X.509 certificate (DER or PEM),
# e.g. the MOK enrolled with mokutil --import. Documentation/usage.rst.
SIGN_HASH = $(or $(shell sed -n 's/^CONFIG_MODULE_SIG_HASH="\(.*\)"/\1/p' \
	$(KDIR)/include/config/auto.conf 2>/dev/null),sha256)
sign: modules
	@test -n "$(KEY)" && test -n "$(CERT)" || \
		{ echo "usage: make sign KEY=key.pem CERT=cert.der [KDIR=...]"; exit 1; }
	$(KDIR)/scripts/sign-file $(SIGN_HASH) $(KEY) $(CERT) simdcrypt.ko
	@modinfo -F signer simdcrypt.ko | sed 's/^/signed by: /'

check-deps:
	scripts/deps.sh all

check-user:
	scripts/deps.sh user
	$(MAKE) -C test check-mutant check
	scripts/bench-bundle.sh --check

check-sanitize:
	scripts/deps.sh user
	$(MAKE) -C test check-sanitize

check-ct:
	scripts/deps.sh user ct
	$(MAKE) -C test check-ct

check-build:
	scripts/deps.sh build matrix
	scripts/check-build.sh

check-uml:
	scripts/check-uml.sh

check-qemu:
	scripts/check-qemu.sh

check-dkms:
	scripts/deps.sh build matrix qemu pkg
	scripts/check-dkms.sh

docs:
	scripts/deps.sh docs
	sphinx-build -W --keep-going -q -b html Documentation build/docs/html
	@echo "HTML in build/docs/html/index.html"

# KUnit in small real x86_64 and arm64 kernels (real FPU/NEON sections)
check-kunit-qemu:
	scripts/deps.sh build matrix qemu
	@mkdir -p build; rc=0; p=0; f=0; for a in x86_64 arm64; do \
		scripts/check-kunit-qemu.sh $$a | tee build/kunit-qemu-$$a.log; \
		arc=$${PIPESTATUS[0]}; [ $$arc -eq 0 ] || rc=1; \
		set -- $$(tail -n 1 build/kunit-qemu-$$a.log | \
			sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$$/\1 \2/p'); \
		p=$$((p + $${1:-0})); f=$$((f + $${2:-1})); \
		[ $$arc -eq 0 ] || [ "$${2:-1}" -gt 0 ] || f=$$((f + 1)); \
	done; echo "$$p passed, $$f failed"; exit $$rc

# KCSAN, lockdep and preemption checks: KUnit, stress, rmmod vs AF_ALG
check-kcsan:
	scripts/deps.sh build matrix qemu
	scripts/check-kunit-qemu.sh x86_64 --debug

check-arm64:
	scripts/deps.sh build matrix qemu
	scripts/check-arm64.sh

# A failed dispatch check fails the target, after the chart is redrawn.
bench:
	scripts/deps.sh user peers
	rc=0; $(MAKE) -C bench run BENCH_ALGS=$(BENCH_ALGS) BENCH_TIME=$(BENCH_TIME) || rc=$$?; \
	$(MAKE) --no-print-directory plot && exit $$rc

# bench/results.svg from the newest bench/results-<cpu>.csv (the CPU the
# last `make bench` ran on; runs with SC_CPU_MASK, named <cpu>-as-<mask>,
# are left out; Debian's python3-matplotlib)
PLOT_CSV = $(firstword $(shell ls -t bench/results-*.csv 2>/dev/null | \
		grep -v -e '-as-'))
plot:
	scripts/deps.sh plot
	/usr/bin/python3 bench/plot.py $(PLOT_CSV) bench/results.svg

bench-kernel:
	scripts/bench-kernel.sh

bench-kernel-ab:
	@[ -n "$(BASE)" ] || { echo "usage: make bench-kernel-ab BASE=REV" >&2; exit 2; }
	scripts/bench-kernel-ab.sh $(BASE)

bench-bundle:
	scripts/bench-bundle.sh

demo:
	scripts/demo.sh

# Every layer runs even if an earlier one fails; the summary says which failed.
check:
	scripts/check-all.sh
