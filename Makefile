# ucopy: see README.md. `make` is the main job, `make test` the tests;
# docs/ has one page per part (lab, fuzzing, bench, review, proofs).
SHELL := /bin/bash
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
# Keep every generated file, intermediate ones included (the mutants'
# .S, the lifts' .c, the fuzz-inputs objects). make would delete them
# after a build, the next make would find them missing and rebuild them
# and relink the binaries that link them, while `make test` runs those
# binaries in the suite beside it.
.SECONDARY:

CC      ?= gcc
CFLAGS  ?= -O2 -g
# -iquote: the models' headers (src/rows/string.h) must not hide the system's.
# Every folder of src/ is on the include path (proofs/wp.sh: the same rule).
UCOPY_INC := $(addprefix -iquote ,spec $(patsubst %/,%,$(wildcard src/*/)))
CFLAGS  += -std=c11 -Wall -Wextra -Werror $(UCOPY_INC)
BUILD   := build

.PHONY: all test deps clean
# The main job: proofs, then report.md (review/review.mk runs the sweep,
# levels, fuzzing and a short benchmark the report needs).
all: deps prove
	@$(MAKE) --no-print-directory report

test: deps
	@scripts/run-tests.sh

deps:
	@scripts/deps.sh

clean:
	rm -rf $(BUILD)

# ---- Objects: one rule per kind of source, shared by every binary ----
# Each file is compiled once, to $(OBJ)/<path>.o, with one set of flags;
# -MMD -MP records the headers it includes.
OBJ      := $(BUILD)/obj
ASFLAGS  := -D__ASSEMBLY__ -Iasm/kshim -Wa,--noexecstack
DEPFLAGS := -MMD -MP
# PIE with no text relocations (-z text fails the link if one is needed);
# -rdynamic: the lab, the replay tool and the benchmark look entry symbols
# up with dlsym.
LINK     := -pie -rdynamic -Wl,-z,text
LIBS     := -ldl -lm
# $(call obj,files): their objects
obj = $(patsubst %,$(OBJ)/%.o,$(basename $(1)))

$(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -fPIE -Itests -Ibench $(DEPFLAGS) -c $< -o $@

$(OBJ)/%.o: %.S
	@mkdir -p $(@D)
	$(CC) $(ASFLAGS) $(DEPFLAGS) -c $< -o $@

# The registry's C side and asm: every model (src/rows), the shared stages
# (src/stages), the wrapper (src/wrappers), the primitives' bodies (src/hw),
# the oracle and the table (src/runtime), and every routine.
UCOPY_C    := $(wildcard src/*/*.c)
UCOPY_ASM  := $(wildcard asm/*.S)
UCOPY_OBJS := $(call obj,$(UCOPY_C) $(UCOPY_ASM))

# ---- The registry as TSV: what every script reads (never registry.def) ----
# Columns: name kind abi level_exact_hw level_delayed_hw kernels commit
# origin; the first line names them.
REGISTRY := $(BUILD)/registry.tsv
.PHONY: registry
registry: $(REGISTRY)
$(BUILD)/registry-print: scripts/registry_print.c src/runtime/registry.def
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< -o $@
$(REGISTRY): $(BUILD)/registry-print
	$< --header >$@

include proofs/proofs.mk
include tests/lab.mk
include tests/levels.mk
include tests/live.mk
include tests/fuzz.mk
include tests/fuzz-inputs/fuzz-inputs.mk
include bench/bench.mk
include review/review.mk
include review/proposal/proposal.mk
include proofs/asm/asm.mk

# (not in build/proposal: a whole kernel tree, review/proposal/kernel.sh;
# not the reviews' work dirs: review/review.mk includes the one review's
# own, so that make's start-up does not grow with every review run)
-include $(shell find $(BUILD) \( -path $(BUILD)/proposal -o -path $(BUILD)/review/work \) -prune -o -name '*.d' -type f -print 2>/dev/null)
