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
