# ucopy: see README.md. `make` is the main job, `make test` the tests.
SHELL := /bin/bash
.DEFAULT_GOAL := all

CC      ?= gcc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -Wall -Wextra -Werror -Ispec -Isrc
BUILD   := build

# Strategy names, in registry order (src/registry.def is the one table).
STRATEGIES := $(shell sed -n 's/^UCOPY_STRATEGY.\([a-z0-9_]*\),.*/\1/p' src/registry.def)

.PHONY: all test deps prove clean
# The main job: proofs, then report.md (sweep, levels, fuzz counts, a short
# benchmark; review/review.mk runs what is missing).
all: deps prove
	@$(MAKE) --no-print-directory report

test: deps
	@scripts/run-tests.sh

deps:
	@scripts/deps.sh

include proofs/proofs.mk
-include tests/lab.mk
-include tests/fuzz.mk
-include tests/levels.mk
-include bench/bench.mk
-include review/review.mk

clean:
	rm -rf $(BUILD)
