# The fault lab (README.md, "The fault lab"): the asm routines run with real page
# faults and a user-space exception table, compared with the C models.
#
#   make lab            build $(LAB_DIR)/sweep and $(LAB_DIR)/hwfacts
#   make sweep          every strategy and tail: lengths 0..256 x every
#                       fault offset x alignments, + random long copies
#                       (SEED=n to repeat a run; JOBS=n workers, default 2)
#   make sweep-quick    the fixed subset `make test` runs
#   make mutants        the sweep must catch every mutant in tests/mutants/
#   make hw-facts       the hardware behaviour the models assume, checked
#   make lab-case STRATEGY=name CASE=len,salign,dalign,fs,fd
#                       one case, described (fs/fd '-' for no fault)
#
# LAB_EXTRA_ASM: more .S files to link in (run them with
#   $(LAB_DIR)/sweep --entry SYMBOL --model NAME).

LAB_DIR       := $(BUILD)/lab
LAB_ASM       := $(wildcard asm/*.S)
# Mutants: small hand-written routines (tests/mutants/*.S), and one-line
# edits of a project routine (tests/mutants/*.sed) applied at build time.
LAB_MUTANTS   := $(wildcard tests/mutants/*.S) \
		 $(patsubst tests/mutants/%.sed,$(LAB_DIR)/mutants/%.S,$(wildcard tests/mutants/*.sed))
LAB_MODELS    := $(wildcard src/*.c)
LAB_EXTRA_ASM ?=
LAB_ASFLAGS   := -D__ASSEMBLY__ -Iasm/kshim -Wa,--noexecstack
# PIE with no text relocations: -z text fails the link if any are needed.
LAB_LDFLAGS   := -pie -rdynamic -Wl,-z,text
LAB_LIBS      := -ldl
JOBS          ?= 2

LAB_OBJS := $(patsubst %.S,$(LAB_DIR)/%.o,$(LAB_ASM) $(LAB_MUTANTS) $(LAB_EXTRA_ASM)) \
	    $(patsubst %.c,$(LAB_DIR)/%.o,$(LAB_MODELS)) \
	    $(LAB_DIR)/tests/lab.o $(LAB_DIR)/tests/plan.o \
	    $(LAB_DIR)/tests/sweep.o $(LAB_DIR)/tests/call.o

.PHONY: lab sweep sweep-quick mutants lab-case hw-facts
lab: $(LAB_DIR)/sweep $(LAB_DIR)/hwfacts

$(LAB_DIR)/mutants/%.S: tests/mutants/%.sed tests/mutants/apply.sh $(LAB_ASM)
	@mkdir -p $(dir $@)
	tests/mutants/apply.sh $< $@

$(LAB_DIR)/%.o: %.S $(wildcard asm/kshim/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(LAB_ASFLAGS) -c $< -o $@

$(LAB_DIR)/%.o: %.c $(wildcard src/*.h spec/*.h tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIE -Itests -c $< -o $@

# Relink when LAB_EXTRA_ASM changes.
$(LAB_DIR)/extra-asm.list: FORCE
	@mkdir -p $(dir $@)
	@echo '$(LAB_EXTRA_ASM)' | cmp -s - $@ || echo '$(LAB_EXTRA_ASM)' > $@
.PHONY: FORCE

$(LAB_DIR)/sweep: $(LAB_OBJS) $(LAB_DIR)/extra-asm.list
	$(CC) $(CFLAGS) $(LAB_LDFLAGS) $(LAB_OBJS) $(LAB_LIBS) -o $@

$(LAB_DIR)/hwfacts: $(LAB_DIR)/tests/hwfacts.o
	$(CC) $(CFLAGS) -pie $^ -o $@

hw-facts: $(LAB_DIR)/hwfacts
	$(LAB_DIR)/hwfacts

sweep: $(LAB_DIR)/sweep
	$(LAB_DIR)/sweep --jobs $(JOBS) $(if $(SEED),--seed $(SEED))

sweep-quick: $(LAB_DIR)/sweep
	$(LAB_DIR)/sweep --quick --jobs $(JOBS) --seed $(or $(SEED),1)

mutants: $(LAB_DIR)/sweep
	tests/check-mutants.sh $(LAB_DIR)/sweep

lab-case: $(LAB_DIR)/sweep
	@test -n "$(STRATEGY)" -a -n "$(CASE)" || \
		{ echo "usage: make lab-case STRATEGY=name CASE=len,salign,dalign,fs,fd" >&2; exit 2; }
	$(LAB_DIR)/sweep --strategy $(STRATEGY) --case $(CASE)
