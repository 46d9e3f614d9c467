# Coverage-guided differential fuzzing (docs/fuzzing.md); included by the
# top Makefile after tests/lab.mk, whose asm objects it links.
#
#   make fuzz [FUZZ_SECONDS=60] [STRATEGY=name]
#                     libFuzzer, 2 jobs side by side, from the committed
#                     corpus; prints exec/s and coverage; crashes go to
#                     build/fuzz/crashes/
#   make fuzz-afl [FUZZ_SECONDS=60] [STRATEGY=name]
#                     AFL++ likewise (a main and a secondary instance)
#   make replay CASE=FILE [STRATEGY=name]   (or HEX=record-in-hex)
#                     the decoded case, asm and model side by side
#   make fuzz-smoke   corpus replay, malformed input, a short libFuzzer run
#   make fuzz-mutants each mutant found by libFuzzer from an empty corpus
#   make fuzz-measure exec/s per strategy (FUZZ_SECONDS each) and the
#                     mutants' time to find (build/fuzz/logs/measure.md)
#   make fuzz-corpus  rewrite tests/fuzz/corpus/ (tests/fuzz/make-corpus.sh)
#   make oss-fuzz-check  tests/oss-fuzz/build.sh as OSS-Fuzz runs it
#                     (libFuzzer, ASan), then every target it builds for
#                     OSS_FUZZ_SECONDS (2) on its seed corpus (docs/scale.md)
#   make oss-fuzz-build OUT=dir  the same build into dir, with the
#                     CC/CFLAGS/LIB_FUZZING_ENGINE of the environment
# FUZZ_ENTRY=sym FUZZ_MODEL=name [FUZZ_ABI=classic|rep] fuzz one linked-in
# entry symbol (LAB_EXTRA_ASM=file.S links more in) instead of STRATEGY.

FUZZ_DIR      := $(BUILD)/fuzz
FUZZ_CC       ?= clang
AFL_CC        ?= afl-clang-fast
FUZZ_SECONDS  ?= 60
# The clang builds show warnings but do not stop on them: the gcc build of
# the same files (the lab's) is the one held to -Werror.
FUZZ_CFLAGS   := $(filter-out -Werror,$(CFLAGS)) -fPIE -Itests
FUZZ_NOCOV    := tests/fuzz/nocov.txt
# The C is instrumented (two builds); the asm is not: the lab's objects.
FUZZ_C        := $(UCOPY_C) $(LAB_C) tests/sandbox.c tests/fuzzcase.c tests/fuzz.c
FUZZ_LF_OBJS  := $(patsubst %.c,$(FUZZ_DIR)/lf/%.o,$(FUZZ_C))
FUZZ_AFL_OBJS := $(patsubst %.c,$(FUZZ_DIR)/afl/%.o,$(FUZZ_C))
REPLAY_OBJS   := $(LAB_OBJS) $(call obj,tests/fuzzcase.c tests/replay.c)

.PHONY: fuzz fuzz-afl fuzz-build fuzz-afl-build replay fuzz-smoke \
	fuzz-mutants fuzz-measure fuzz-corpus oss-fuzz-check oss-fuzz-build
fuzz-build: $(FUZZ_DIR)/ucopy-fuzz $(FUZZ_DIR)/ucopy-replay
fuzz-afl-build: $(FUZZ_DIR)/ucopy-fuzz-afl $(FUZZ_DIR)/ucopy-replay

$(FUZZ_DIR)/lf/%.o: %.c $(FUZZ_NOCOV)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(DEPFLAGS) -fsanitize=fuzzer-no-link -DUCOPY_FUZZ_LIBFUZZER \
		-fsanitize-coverage-ignorelist=$(FUZZ_NOCOV) -c $< -o $@

$(FUZZ_DIR)/afl/%.o: %.c $(FUZZ_NOCOV)
	@mkdir -p $(@D)
	AFL_QUIET=1 AFL_LLVM_DENYLIST=$(FUZZ_NOCOV) $(AFL_CC) $(FUZZ_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(FUZZ_DIR)/ucopy-fuzz: $(FUZZ_LF_OBJS) $(LAB_ASM_OBJS) $(LAB_DIR)/extra-asm.list
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(LINK) $(filter %.o,$^) $(LIBS) -o $@

# afl-clang-fast with -fsanitize=fuzzer links AFL++'s driver (main,
# persistent mode) in place of libFuzzer.
$(FUZZ_DIR)/ucopy-fuzz-afl: $(FUZZ_AFL_OBJS) $(LAB_ASM_OBJS) $(LAB_DIR)/extra-asm.list
	AFL_QUIET=1 $(AFL_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(LINK) $(filter %.o,$^) $(LIBS) -o $@

$(FUZZ_DIR)/ucopy-replay: $(REPLAY_OBJS) $(LAB_DIR)/extra-asm.list
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LINK) $(filter %.o,$^) $(LIBS) -o $@

# libFuzzer's flags for every run, from their one list (as -name=value).
FUZZ_LF_OPTIONS := tests/fuzz/libfuzzer.options
FUZZ_LF_FLAGS   := $(shell sed -n 's/^\([a-z_]*\) *= *\(.*\)$$/-\1=\2/p' $(FUZZ_LF_OPTIONS))
# In every recipe's environment: the run scripts (tests/fuzz.sh, review/)
# take them from there.
export FUZZ_LF_FLAGS

# What the run scripts read.
FUZZ_ENV = FUZZ_SECONDS='$(FUZZ_SECONDS)' STRATEGY='$(STRATEGY)' \
	   FUZZ_ENTRY='$(FUZZ_ENTRY)' FUZZ_MODEL='$(FUZZ_MODEL)' FUZZ_ABI='$(FUZZ_ABI)'

fuzz: fuzz-build
	@$(FUZZ_ENV) tests/fuzz.sh libfuzzer

fuzz-afl: fuzz-afl-build
	@$(FUZZ_ENV) tests/fuzz.sh afl

replay: $(FUZZ_DIR)/ucopy-replay
	@test -n "$(CASE)$(HEX)" || \
		{ echo "usage: make replay CASE=file [STRATEGY=name] (or HEX=record)" >&2; exit 2; }
	$(FUZZ_DIR)/ucopy-replay $(if $(STRATEGY),--strategy $(STRATEGY)) \
		$(if $(FUZZ_ENTRY),--entry $(FUZZ_ENTRY) --model $(FUZZ_MODEL) \
		$(if $(FUZZ_ABI),--abi $(FUZZ_ABI))) $(if $(HEX),--hex $(HEX)) $(CASE)

fuzz-smoke: fuzz-build fuzz-afl-build
	@tests/fuzz.sh smoke

fuzz-mutants: fuzz-build
	@tests/fuzz.sh mutants

fuzz-measure: fuzz-build fuzz-afl-build
	@FUZZ_SECONDS='$(FUZZ_SECONDS)' tests/fuzz.sh measure

fuzz-corpus: $(FUZZ_DIR)/ucopy-replay
	tests/fuzz/make-corpus.sh $(FUZZ_DIR)/ucopy-replay

oss-fuzz-check:
	@tests/oss-fuzz/check.sh

oss-fuzz-build:
	@test -n "$(OUT)" || { echo "usage: make oss-fuzz-build OUT=dir" >&2; exit 2; }
	OUT='$(abspath $(OUT))' tests/oss-fuzz/build.sh
