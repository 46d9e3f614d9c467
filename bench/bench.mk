# The benchmark (README.md, "Benchmark"); included by the top Makefile.
#   make bench        full run: every strategy, memcpy and the empty call,
#                     all lengths and variants, table/CSV/summary/plots
#   make bench-quick  short run (aligned only, 1000 calls per cell)
#   make bench-build  only build $(BENCH_BIN)
# BENCH_FLAGS adds program flags, e.g.
#   make bench BENCH_FLAGS='--base unrolled --new fsrm --cpu 3'
BUILD       ?= build
BENCH_BIN   := $(BUILD)/bench/ucopy-bench
BENCH_OUT   ?= bench/out
BENCH_FLAGS ?=
# Every routine and its model: the registry references all of them.
BENCH_ASM    = $(wildcard asm/*.S)
BENCH_MODELS = $(wildcard src/*.c)
BENCH_OWN    = bench/ucopy_bench.c bench/options.c bench/cpu.c bench/report.c \
	       bench/thunks.S
BENCH_OBJS   = $(patsubst %,$(BUILD)/bench/%.o,$(basename \
		 $(BENCH_MODELS) $(BENCH_ASM) $(BENCH_OWN)))
BENCH_CFLAGS = $(CFLAGS) -std=c11 -Ispec -Isrc -Ibench

.PHONY: bench bench-quick bench-build
bench-build: $(BENCH_BIN)

bench: $(BENCH_BIN)
	$(BENCH_BIN) --out-dir $(BENCH_OUT) $(BENCH_FLAGS)

bench-quick: $(BENCH_BIN)
	$(BENCH_BIN) --quick --out-dir $(BENCH_OUT) $(BENCH_FLAGS)

$(BENCH_BIN): $(BENCH_OBJS)
	$(CC) $(BENCH_CFLAGS) -o $@ $^ -lm

$(BUILD)/bench/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/bench/%.o: %.S
	@mkdir -p $(@D)
	$(CC) -D__ASSEMBLY__ -Iasm/kshim -Wa,--noexecstack -MMD -MP -c -o $@ $<

-include $(BENCH_OBJS:.o=.d)
