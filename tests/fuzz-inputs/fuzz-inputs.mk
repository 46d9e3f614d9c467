# libFuzzer on the tools' input parsers (tests/fuzz-inputs/targets.c) and
# the malformed-invocation run over the shell entry points
# (tests/fuzz-inputs/shell-entries.sh); docs/review.md, "Fuzzing the
# inputs". Included by the top Makefile.
#
#   make fuzz-inputs [FUZZ_INPUTS_SECONDS=600] [FUZZ_INPUTS_SHELL=500]
#                     each target that long (default 60), then that many
#                     malformed invocations of the shell entry points
#   make fuzz-inputs-build                       the targets only

FI_DIR      := $(BUILD)/fuzz-inputs
FI_TARGETS  := case lags keeps record sweep merge bench
FI_CC       ?= clang-14
FUZZ_INPUTS_SECONDS ?= 60
FUZZ_INPUTS_SHELL   ?= 500
FI_CFLAGS   := $(filter-out -Werror,$(CFLAGS)) -fPIE -Itests -Ibench -g \
	       -fsanitize=address,undefined -fno-sanitize-recover=undefined
FI_C        := $(UCOPY_C) $(LAB_C) tests/sandbox.c tests/fuzzcase.c \
	       $(addprefix tests/sweep/,plan.c merge.c report.c json.c) \
	       bench/cpu.c bench/report.c
FI_OBJS     := $(patsubst %.c,$(FI_DIR)/obj/%.o,$(FI_C))

.PHONY: fuzz-inputs fuzz-inputs-build
fuzz-inputs-build: $(patsubst %,$(FI_DIR)/fuzz-%,$(FI_TARGETS))

$(FI_DIR)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FI_CC) $(FI_CFLAGS) -fsanitize=fuzzer-no-link $(DEPFLAGS) -c $< -o $@

$(FI_DIR)/fuzz-%: tests/fuzz-inputs/targets.c tests/sweep/options.c bench/options.c $(FI_OBJS) $(LAB_ASM_OBJS) \
		$(call obj,bench/thunks.S)
	$(FI_CC) $(FI_CFLAGS) -fsanitize=fuzzer -DTARGET_$* $(LINK) $< \
		$(filter %.o,$^) $(LIBS) -o $@

fuzz-inputs: fuzz-inputs-build lab live-build
	@FUZZ_INPUTS_SHELL=$(FUZZ_INPUTS_SHELL) tests/fuzz-inputs/run.sh $(FUZZ_INPUTS_SECONDS) $(FI_DIR) $(FI_TARGETS)
