# The reviewer's workflow (README.md, "Reviewing a kernel's copy routine"); included last by the
# top Makefile.
#
#   make review ASM=file.S ENTRY=symbol MODEL=strategy [ABI=classic|rep]
#               [FEATURES=erms,fsrm,rep_good] [REVIEW_FUZZ_SECONDS=60]
#               [REVIEW_QUICK=1] [REVIEW_SEED=1]
#       sweep + fuzz + benchmark of one routine; Markdown report on stdout
#       and in build/review/review-<ENTRY>.md. Exit 0 all cases passed,
#       1 a case failed, 2 usage error or the file does not assemble.
#   make report       report.md at the repo root from the proofs, a sweep,
#                     the fuzzers and a short benchmark (running what is
#                     missing; REPORT_SWEEP=quick|full, REPORT_FUZZ_SECONDS)
#   make report-fresh the same, rerunning the sweep and benchmark
#   make review-tests the review suite (tests/suites.txt)
#
# Exit status 1 from make: GNU make itself only ever exits 0 or 2 after
# running a recipe, so `make review` runs the review while the makefile is
# read and, when a case failed, turns on question mode (-q) with the
# `review` goal not up to date, which is make's one way to exit 1.

REVIEW_FUZZ_SECONDS ?= 60
REVIEW_QUICK        ?=
REVIEW_SEED         ?= 1
REVIEW_STOP_AFTER   ?= 100
REVIEW_JOBS         ?= 2
REVIEW_BENCH        ?= 1
REVIEW_TIMEOUT      ?= 1800
ABI                 ?= classic
REPORT_SWEEP        ?= full
REPORT_FUZZ_SECONDS ?= 10

REVIEW_ENV = ASM='$(ASM)' ENTRY='$(ENTRY)' MODEL='$(MODEL)' ABI='$(ABI)' \
	FEATURES='$(FEATURES)' REVIEW_FUZZ_SECONDS='$(REVIEW_FUZZ_SECONDS)' \
	REVIEW_QUICK='$(REVIEW_QUICK)' REVIEW_SEED='$(REVIEW_SEED)' \
	CC='$(CC)' CFLAGS='$(CFLAGS)' LAB_DIR='$(LAB_DIR)' \
	LAB_ASFLAGS='$(LAB_ASFLAGS)' LAB_LDFLAGS='$(LAB_LDFLAGS)' \
	LAB_LIBS='$(LAB_LIBS)' LAB_OBJS='$(LAB_OBJS)' FUZZ_CC='$(FUZZ_CC)' \
	FUZZ_CFLAGS='$(FUZZ_CFLAGS)' FUZZ_LF_OBJS='$(FUZZ_LF_OBJS)' \
	FUZZ_ASM_OBJS='$(FUZZ_ASM_OBJS)' REPLAY_OBJS='$(REPLAY_OBJS)' \
	REVIEW_STOP_AFTER='$(REVIEW_STOP_AFTER)' REVIEW_JOBS='$(REVIEW_JOBS)' \
	REVIEW_BENCH='$(REVIEW_BENCH)' REVIEW_TIMEOUT='$(REVIEW_TIMEOUT)'

.PHONY: review report report-fresh review-tests

ifneq ($(filter review,$(MAKECMDGOALS)),)
REVIEW_RC := $(lastword $(shell $(REVIEW_ENV) REVIEW_UNDER_MAKE=1 review/review.sh 1>&2; echo $$?))
ifneq ($(filter 0 1,$(REVIEW_RC)),)
$(info $(file <$(BUILD)/review/review-$(ENTRY).md))
endif
ifeq ($(REVIEW_RC),0)
review:
	@:
else ifeq ($(REVIEW_RC),1)
MAKEFLAGS += -q
review:
	@:
else
$(error review: stopped (exit $(REVIEW_RC)): see the message above)
endif
endif

report:
	@CC='$(CC)' CFLAGS='$(CFLAGS)' REPORT_SWEEP='$(REPORT_SWEEP)' \
		REPORT_FUZZ_SECONDS='$(REPORT_FUZZ_SECONDS)' review/report.sh

report-fresh:
	@CC='$(CC)' CFLAGS='$(CFLAGS)' REPORT_SWEEP='$(REPORT_SWEEP)' \
		REPORT_FUZZ_SECONDS='$(REPORT_FUZZ_SECONDS)' review/report.sh --fresh

review-tests:
	@review/test-review.sh
