# The benchmark (docs/bench.md); included by the top Makefile.
#   make bench        full run: every copy row, memcpy and the empty call,
#                     all lengths and variants, table/CSV/summary/plots;
#                     then the clear family's (--clear: clear-table.txt, ...,
#                     BENCH_CLEAR_FLAGS; docs/clear.md)
#   make bench-quick  short run (aligned only, 1000 calls per cell)
#   make bench-build  only build $(BENCH_BIN)
# BENCH_FLAGS adds program flags, e.g.
#   make bench BENCH_FLAGS='--base unrolled --new fsrm --cpu 3'
BENCH_BIN   := $(BUILD)/bench/ucopy-bench
BENCH_OUT   ?= bench/out
BENCH_FLAGS ?=
BENCH_CLEAR_FLAGS ?=
# Every routine and its model (the registry references all of them), and
# the benchmark's own files: what the review's benchmark links too.
BENCH_OBJS  := $(UCOPY_OBJS) $(call obj,bench/ucopy_bench.c bench/options.c \
		bench/cpu.c bench/report.c bench/thunks.S)

.PHONY: bench bench-quick bench-build
bench-build: $(BENCH_BIN)

bench: $(BENCH_BIN)
	$(BENCH_BIN) --out-dir $(BENCH_OUT) $(BENCH_FLAGS)
	$(BENCH_BIN) --clear --out-dir $(BENCH_OUT) $(BENCH_CLEAR_FLAGS)

bench-quick: $(BENCH_BIN)
	$(BENCH_BIN) --quick --out-dir $(BENCH_OUT) $(BENCH_FLAGS)
	$(BENCH_BIN) --clear --quick --out-dir $(BENCH_OUT) $(BENCH_CLEAR_FLAGS)

$(BENCH_BIN): $(BENCH_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LINK) $^ $(LIBS) -o $@
