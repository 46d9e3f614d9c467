# The fault lab (docs/lab.md): the asm routines run with real page faults
# and a user-space exception table, checked against the proven C models.
#
#   make lab            build $(LAB_DIR)/sweep and $(LAB_DIR)/hwfacts
#   make sweep          every registry row: lengths 0..256 x every fault
#                       offset x alignments, + random long copies, at lag 0
#                       (exact hw), under lags (delayed hw) and a traced
#                       sample (SEED=n to repeat a run; JOBS=n workers,
#                       default 2)
#   make sweep SHARD=I/N   the I-th of N slices of that sweep (SEED
#                       defaults to 1), also kept in
#                       $(LAB_DIR)/shards/shard-I-of-N.txt
#   make sweep-merge [SHARDS=dir or files]   shards 1..N merged into the
#                       unsharded sweep's summary (docs/scale.md)
#   make sweep-shards-check   N shards merged must equal one run (a suite)
#   SWEEP_MAX_LEN=n     exhaustive lengths 0..n (default 256; the long
#                       sweeps for a cluster); SWEEP_FLAGS: more options
#   make sweep-quick    the fixed subset `make test` runs
#   make mutants        the sweep must catch every mutant in tests/mutants/
#   make hw-facts       the hardware behaviour the models assume, checked
#   make lab-case STRATEGY=name CASE=len,salign,dalign,fs,fd [LAG=k[,k2..]]
#                 [TRACED=1]
#                       one case, described (fs/fd '-' for no fault; LAG:
#                       what each faulting rep movs under-reports)
#
# LAB_EXTRA_ASM: more .S files to link in (run them with
#   $(LAB_DIR)/sweep --entry SYMBOL --model NAME).

LAB_DIR       := $(BUILD)/lab
LAB_EXTRA_ASM ?=
JOBS          ?= 2
# Mutants: small hand-written routines (tests/mutants/*.S), and one-line
# edits of a project routine (tests/mutants/*.sed) applied at build time.
LAB_MUTANTS   := $(wildcard tests/mutants/*.S) \
		 $(patsubst tests/mutants/%.sed,$(LAB_DIR)/mutants/%.S,$(wildcard tests/mutants/*.sed))
# Every routine an entry symbol may name, and the lab without a main():
# what the sweep, the replay tool and the review binaries link.
LAB_ASM_OBJS  := $(call obj,$(UCOPY_ASM) $(LAB_MUTANTS) $(LAB_EXTRA_ASM) tests/call.S)
# The lab library is tests/lab/*.c (its API: tests/lab/lab.h), with the
# sandbox its tools enter (tests/sandbox.c); the sweep is tests/sweep/*.c.
LAB_C         := $(wildcard tests/lab/*.c)
LAB_OBJS      := $(call obj,$(UCOPY_C) $(LAB_C) tests/sandbox.c) $(LAB_ASM_OBJS)
SWEEP_OBJS    := $(call obj,$(wildcard tests/sweep/*.c))

.PHONY: lab sweep sweep-quick sweep-merge sweep-shards-check mutants lab-case hw-facts FORCE
lab: $(LAB_DIR)/sweep $(LAB_DIR)/hwfacts

$(LAB_DIR)/mutants/%.S: tests/mutants/%.sed tests/mutants/apply.sh $(UCOPY_ASM)
	@mkdir -p $(@D)
	tests/mutants/apply.sh $< $@

# Relink when LAB_EXTRA_ASM changes.
$(LAB_DIR)/extra-asm.list: FORCE
	@mkdir -p $(@D)
	@echo '$(LAB_EXTRA_ASM)' | cmp -s - $@ || echo '$(LAB_EXTRA_ASM)' >$@

$(LAB_DIR)/sweep: $(LAB_OBJS) $(SWEEP_OBJS) $(LAB_DIR)/extra-asm.list
	$(CC) $(CFLAGS) $(LINK) $(filter %.o,$^) $(LIBS) -o $@

$(LAB_DIR)/hwfacts: $(OBJ)/tests/hwfacts.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -pie $^ -o $@

hw-facts: $(LAB_DIR)/hwfacts
	$(LAB_DIR)/hwfacts

# Shards: every shard of one sweep needs the same seed and options.
SHARD_DIR   := $(LAB_DIR)/shards
SHARDS      ?= $(SHARD_DIR)
SWEEP_ARGS   = --jobs $(JOBS) $(if $(SEED),--seed $(SEED),$(if $(SHARD),--seed 1)) \
	       $(if $(SHARD),--shard $(SHARD)) $(if $(SWEEP_MAX_LEN),--max-len $(SWEEP_MAX_LEN)) \
	       $(SWEEP_FLAGS)

sweep: $(LAB_DIR)/sweep
	$(if $(SHARD),set -o pipefail; mkdir -p $(SHARD_DIR); )$(LAB_DIR)/sweep $(strip $(SWEEP_ARGS))$(if \
	  $(SHARD), | tee $(SHARD_DIR)/shard-$(subst /,-of-,$(SHARD)).txt)

sweep-merge: $(LAB_DIR)/sweep
	$(LAB_DIR)/sweep --merge $(foreach s,$(SHARDS),$(if $(wildcard $(s)/.),$(wildcard $(s)/*.txt),$(s)))

sweep-shards-check: $(LAB_DIR)/sweep
	tests/sweep-shards.sh $(LAB_DIR)/sweep

sweep-quick: $(LAB_DIR)/sweep
	$(LAB_DIR)/sweep --quick --jobs $(JOBS) --seed $(or $(SEED),1)

mutants: $(LAB_DIR)/sweep
	tests/check-mutants.sh $(LAB_DIR)/sweep

lab-case: $(LAB_DIR)/sweep
	@test -n "$(STRATEGY)" -a -n "$(CASE)" || \
		{ echo "usage: make lab-case STRATEGY=name CASE=len,salign,dalign,fs,fd [LAG=k[,k2..]] [TRACED=1]" >&2; exit 2; }
	$(LAB_DIR)/sweep --strategy $(STRATEGY) --case $(CASE) $(if $(LAG),--lag $(LAG)) \
		$(if $(filter-out 0,$(TRACED)),--traced)
