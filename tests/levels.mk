# The contract-level table checked on the compiled models, with a concrete
# counterexample for every refuted cell (tests/levels.c).
#   make levels
.PHONY: levels
$(LAB_DIR)/levels: $(UCOPY_OBJS) $(OBJ)/tests/lab/contract.o $(OBJ)/tests/levels.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LINK) $^ $(LIBS) -o $@

levels: $(LAB_DIR)/levels
	@$(LAB_DIR)/levels
