# Machine-code proofs (docs/proofs.md, "Machine code"): each annotated row's
# object lifted to C (build/gen/asm/<row>.c, never edited by hand) and
# proven against the row's contract.
.PHONY: prove-asm prove-asm-reject
prove-asm:
	@proofs/asm/prove-asm.sh
# ... and fail on the mutants of the proven rows (proofs/asm/wrong-mutants.txt)
prove-asm-reject:
	@proofs/asm/reject-asm.sh
# The lift: from the object, the lifter and the row's annotations
# (proofs/asm/<row>.annot, or proofs/asm/pending/<row>.annot for a row
# whose proof is not complete yet); kind and abi from the registry.
asm_annot = $(firstword $(wildcard proofs/asm/$(1).annot proofs/asm/pending/$(1).annot))
.SECONDEXPANSION:
build/gen/asm/%.c: $(OBJ)/asm/%.o proofs/asm/lift.sh proofs/asm/lift.awk $$(call asm_annot,$$*) $(REGISTRY)
	@mkdir -p $(@D)
	proofs/asm/lift.sh $* $< \
		"$$(jq -Rr --arg r $* 'split("\t") as $$c | select($$c[0] == $$r) | $$c[1]' $(REGISTRY))" \
		"$$(jq -Rr --arg r $* 'split("\t") as $$c | select($$c[0] == $$r) | $$c[2]' $(REGISTRY))" \
		$(call asm_annot,$*) > $@.tmp && mv $@.tmp $@

# The semantics against the CPU, per instruction form (tests/x86sem.c).
$(BUILD)/tests/x86sem: tests/x86sem.c spec/x86.c src/hw/hw.c src/runtime/oracle.c spec/x86.h spec/hw.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(filter %.c,$^) -o $@

# The lifted routines as the lab's oracle against the native ones
# (tests/asmlab.c): each compiled with model_<row> renamed lifted_<row>;
# the rows whose proof is pending too (the lab checks their lift).
ASM_ROWS      := $(sort $(basename $(notdir $(wildcard proofs/asm/*.annot proofs/asm/pending/*.annot))))
ASM_LIFT_OBJS := $(patsubst %,$(BUILD)/gen/asm/%.o,$(ASM_ROWS))
$(BUILD)/gen/asm/%.o: $(BUILD)/gen/asm/%.c
	$(CC) $(CFLAGS) -fPIE -Dmodel_$*=lifted_$* -c $< -o $@
$(BUILD)/gen/asm/rows.h: $(wildcard proofs/asm/*.annot proofs/asm/pending/*.annot) $(REGISTRY)
	@mkdir -p $(@D)
	for r in $(ASM_ROWS); do \
		k=$$(jq -Rr --arg r $$r 'split("\t") as $$c | select($$c[0] == $$r) | $$c[1] | ascii_upcase' $(REGISTRY)); \
		echo "ASMLAB_ROW($$r, $$k)"; done > $@.tmp && mv $@.tmp $@
$(OBJ)/tests/asmlab.o: CFLAGS += -iquote $(BUILD)/gen/asm
$(OBJ)/tests/asmlab.o: $(BUILD)/gen/asm/rows.h
$(LAB_DIR)/asmlab: $(LAB_OBJS) $(OBJ)/tests/asmlab.o $(OBJ)/spec/x86.o $(ASM_LIFT_OBJS)
	$(CC) $(CFLAGS) $(LINK) $(filter %.o,$^) $(LIBS) -o $@
