# live: the running kernel's copy_to_user / copy_from_user / clear_user,
# driven through system calls against a PROT_NONE page, checked against the
# models (tests/live/; docs/live.md). live-vm: the same suite inside shipped
# kernels booted under qemu (tests/live-vm.sh).
#   make live                      the full run (LIVE_FLAGS=--max-len N ...)
#   make live-quick                the make test subset
#   make live-case CASE=path,len,soff,f,dalign [LIVE_FLAGS="--row R --lag K"]
#                                  one case, every row's view
#   make live-vm [KERNEL_IMAGE=bzImage] [CPUS="qemu64 max"] [EXPECT_ROW=row]
#                [EXPECT_CLEAR_ROW=row] [LIVE_VM_FLAGS=...]
#   make live-vm-quick             the make test subset (one kernel, two CPUs)
LIVE_BIN    := $(BUILD)/live/live
LIVE_STATIC := $(BUILD)/live/live-static
LIVE_FLAGS ?=
LIVE_SRC    := $(filter-out tests/live/guest_init.c tests/live/mkinitramfs.c,$(wildcard tests/live/*.c))
LIVE_OBJS   := $(call obj,$(LIVE_SRC))
GEN         := $(BUILD)/gen

# The era table as a C header (the TSV stays the one source)
$(GEN)/eras.h: src/runtime/eras.tsv scripts/eras_h.awk
	@mkdir -p $(@D)
	awk -f scripts/eras_h.awk $< >$@.tmp && mv $@.tmp $@
$(OBJ)/tests/live/live_infer.o: $(GEN)/eras.h
$(OBJ)/tests/live/live_infer.o: CFLAGS += -I$(GEN)

.PHONY: live live-quick live-case live-build live-vm live-vm-quick live-vm-build
$(LIVE_BIN): $(UCOPY_OBJS) $(LIVE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LINK) $^ $(LIBS) -o $@

# For a guest: static, nothing to load (the initramfs holds only this and /init)
$(LIVE_STATIC): $(UCOPY_OBJS) $(LIVE_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -static $^ -lm -o $@
$(BUILD)/live/init: $(OBJ)/tests/live/guest_init.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -static $^ -o $@
$(BUILD)/live/mkinitramfs: $(OBJ)/tests/live/mkinitramfs.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -o $@

live-build: $(LIVE_BIN)
live-vm-build: $(LIVE_STATIC) $(BUILD)/live/init $(BUILD)/live/mkinitramfs $(REGISTRY)

live: $(LIVE_BIN)
	@$(LIVE_BIN) $(LIVE_FLAGS)

live-quick: $(LIVE_BIN)
	@$(LIVE_BIN) --quick

live-case: $(LIVE_BIN)
	@$(LIVE_BIN) $(LIVE_FLAGS) --case '$(CASE)'

live-vm: live-vm-build
	@tests/live-vm.sh

live-vm-quick: live-vm-build
	@tests/live-vm.sh --quick
