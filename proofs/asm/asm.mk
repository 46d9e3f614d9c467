# Machine-code proofs (docs/proofs.md, "Machine code"): each annotated row's
# object lifted to C (build/gen/asm/<row>.c, never edited by hand) and
# proven against the row's contract.
.PHONY: prove-asm
prove-asm:
	@proofs/asm/prove-asm.sh
# The lift: from the object, the lifter and the row's annotations; kind and
# abi from the registry (by header name).
build/gen/asm/%.c: $(OBJ)/asm/%.o proofs/asm/lift.sh proofs/asm/lift.awk proofs/asm/%.annot $(REGISTRY)
	@mkdir -p $(@D)
	proofs/asm/lift.sh $* $< \
		"$$(jq -Rr --arg r $* 'split("\t") as $$c | select($$c[0] == $$r) | $$c[1]' $(REGISTRY))" \
		"$$(jq -Rr --arg r $* 'split("\t") as $$c | select($$c[0] == $$r) | $$c[2]' $(REGISTRY))" \
		proofs/asm/$*.annot > $@.tmp && mv $@.tmp $@

# The semantics against the CPU, per instruction form (tests/x86sem.c).
$(BUILD)/tests/x86sem: tests/x86sem.c spec/x86.c src/hw/hw.c src/runtime/oracle.c spec/x86.h spec/hw.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(filter %.c,$^) -o $@

# The lifted routines as the lab's oracle against the native ones
# (tests/asmlab.c): each compiled with model_<row> renamed lifted_<row>.
ASM_ROWS      := $(patsubst proofs/asm/%.annot,%,$(wildcard proofs/asm/*.annot))
ASM_LIFT_OBJS := $(patsubst %,$(BUILD)/gen/asm/%.o,$(ASM_ROWS))
$(BUILD)/gen/asm/%.o: $(BUILD)/gen/asm/%.c
	$(CC) $(CFLAGS) -fPIE -Dmodel_$*=lifted_$* -c $< -o $@
$(BUILD)/gen/asm/rows.h: $(wildcard proofs/asm/*.annot) $(REGISTRY)
	@mkdir -p $(@D)
	for r in $(ASM_ROWS); do \
		k=$$(jq -Rr --arg r $$r 'split("\t") as $$c | select($$c[0] == $$r) | $$c[1] | ascii_upcase' $(REGISTRY)); \
		echo "ASMLAB_ROW($$r, $$k)"; done > $@.tmp && mv $@.tmp $@
$(OBJ)/tests/asmlab.o: CFLAGS += -iquote $(BUILD)/gen/asm
$(OBJ)/tests/asmlab.o: $(BUILD)/gen/asm/rows.h
$(LAB_DIR)/asmlab: $(LAB_OBJS) $(OBJ)/tests/asmlab.o $(OBJ)/spec/x86.o $(ASM_LIFT_OBJS)
	$(CC) $(CFLAGS) $(LINK) $(filter %.o,$^) $(LIBS) -o $@
