# The proposal as a kernel patch (docs/proposal.md, "The kernel patch");
# included by the top Makefile.
#
#   make proposal-patch    build/proposal/0001-*.patch from asm/movs_fast.S
#                          against Debian's 6.12 tree (PROPOSAL_TARBALL); its
#                          ticks table from make bench-proposal's runs if
#                          any; the patch's path is the last line
#   make proposal-kernel   vanilla and patched bzImage, tinyconfig +
#                          review/proposal/qemu-tiny.config (long: a
#                          kernel build; cached in build/proposal/kernel)
#   make proposal-tests    the suite (tests/suites.txt)
PROPOSAL_TARBALL ?= /usr/src/linux-source-6.12.tar.xz
PROPOSAL_PATCH   := $(BUILD)/proposal/0001-x86-lib-Rework-rep_movs_alternative-for-short-copies.patch
.PHONY: proposal-patch proposal-kernel proposal-tests
proposal-patch:
	@review/proposal/patch.sh --tarball $(PROPOSAL_TARBALL) $(wildcard $(PROPOSAL_OUT)/run-*/results.csv)

proposal-kernel: proposal-patch
	@review/proposal/kernel.sh $(PROPOSAL_PATCH) $(PROPOSAL_TARBALL)

proposal-tests:
	@review/proposal/test-patch.sh

# What the bench does not show: code size, call against inline rep movsb,
# fault cost (bench/proposal/run.sh), then docs/proposal.md's section
# (bench/proposal/doc.sh) from the CSVs.
PROPOSAL_BENCH := $(BUILD)/proposal/bench
.PHONY: proposal-costs proposal-costs-doc
$(PROPOSAL_BENCH)/inline: bench/proposal/inline.c $(call obj,asm/movs_fast.S asm/movs_alt.S)
	@mkdir -p $(@D)
	$(CC) -O2 -Wall -mno-red-zone -Iasm/kshim $^ -o $@
$(PROPOSAL_BENCH)/fault: bench/proposal/fault.c
	@mkdir -p $(@D)
	$(CC) -O2 -Wall $< -o $@
proposal-costs: $(PROPOSAL_BENCH)/inline $(PROPOSAL_BENCH)/fault lab proposal-patch
	@bench/proposal/run.sh
	@bench/proposal/doc.sh --update docs/proposal.md
proposal-costs-doc:
	@bench/proposal/doc.sh --update docs/proposal.md

# The proposal's kernels booted under qemu (make live-vm), the patch's
# review with and without ERMS: long, run once, results in docs/proposal.md.
.PHONY: proposal-boot proposal-review
proposal-boot: live-vm-build
	@review/proposal/boot.sh
proposal-review: proposal-patch
	@review/proposal/review.sh
