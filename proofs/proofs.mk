# Proofs: `make prove` runs WP over every unit (proofs/prove.sh).
.PHONY: prove prove-reject
prove:
	@proofs/prove.sh
prove-reject:
	@proofs/reject.sh
.PHONY: prove-cache level-table
prove-cache:
	@proofs/test-cache.sh
level-table:
	@proofs/level-table.sh --update
# Where the proof time goes (proofs/profile.sh): a cold run, then per unit
# and goal kind the provers' seconds; build/proofs/profile.{json,md}.
.PHONY: prove-profile
prove-profile:
	@proofs/profile.sh
# Who calls whom in the proven C files (proofs/calls.sh): their objects as
# Frama-C reads them (__FRAMAC__, no optimisation), for their symbols
# only. make prove reads it to decide which units need dead-call smoke
# tests, and fails on a recursive function (proofs/wp.sh).
PROVEN_C := $(wildcard src/hw/*.c src/stages/*.c src/wrappers/*.c src/rows/*.c)
CALLS    := $(BUILD)/proofs/calls
$(CALLS)/%.o: %.c
	@mkdir -p $(@D)
	@$(CC) -std=c11 -O0 -D__FRAMAC__ $(UCOPY_INC) $(DEPFLAGS) -c $< -o $@
$(CALLS)/graph.tsv: proofs/calls.sh $(patsubst %.c,$(CALLS)/%.o,$(PROVEN_C))
	@proofs/calls.sh graph $(filter %.o,$^) > $@.tmp && mv $@.tmp $@
