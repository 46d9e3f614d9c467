# live: the running kernel's copy_to_user / copy_from_user / clear_user,
# driven through system calls against a PROT_NONE page, checked against the
# models (tests/live.c; docs/live.md).
#   make live                      the full run (LIVE_FLAGS=--max-len N ...)
#   make live-quick                the make test subset
#   make live-case CASE=path,len,soff,f,dalign [LIVE_FLAGS="--row R --lag K"]
#                                  one case, every row's view
LIVE_BIN := $(BUILD)/live/live
LIVE_FLAGS ?=

.PHONY: live live-quick live-case live-build
$(LIVE_BIN): $(UCOPY_OBJS) $(OBJ)/tests/live.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LINK) $^ $(LIBS) -o $@

live-build: $(LIVE_BIN)

live: $(LIVE_BIN)
	@$(LIVE_BIN) $(LIVE_FLAGS)

live-quick: $(LIVE_BIN)
	@$(LIVE_BIN) --quick

live-case: $(LIVE_BIN)
	@$(LIVE_BIN) $(LIVE_FLAGS) --case '$(CASE)'
