# The contract-level table checked on the compiled models, with a concrete
# counterexample for every refuted cell (tests/levels.c).
#   make levels
LEVELS_OBJS := $(patsubst %.S,$(LAB_DIR)/%.o,$(LAB_ASM)) \
	       $(patsubst %.c,$(LAB_DIR)/%.o,$(LAB_MODELS)) $(LAB_DIR)/tests/levels.o

.PHONY: levels
$(LAB_DIR)/levels: $(LEVELS_OBJS)
	$(CC) $(CFLAGS) -pie $^ -o $@

levels: $(LAB_DIR)/levels
	@$(LAB_DIR)/levels
