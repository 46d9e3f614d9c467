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
		bench/cpu.c bench/report.c bench/thunks.S tests/sandbox.c)

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

# The proposal (docs/proposal.md): the proposed row against every kernel
# strategy, lengths 0..256 one by one then steps to 4096, four variants,
# PROPOSAL_RUNS runs (each cell: the median of the runs' medians).
#   make bench-proposal   run them, print the summary and the targets
#   make proposal-doc     rewrite docs/proposal.md's table from those runs
PROPOSAL_NEW     ?= movs_fast
PROPOSAL_RUNS    ?= 3
PROPOSAL_LENGTHS ?= 0-256,320,384,448,511,512,640,768,1024,1536,2048,3072,4096
PROPOSAL_OUT     := $(BENCH_OUT)/proposal
.PHONY: bench-proposal proposal-doc
bench-proposal: $(BENCH_BIN) $(BUILD)/registry.tsv
	@rm -rf $(PROPOSAL_OUT); for i in $$(seq $(PROPOSAL_RUNS)); do \
		echo "bench-proposal: run $$i of $(PROPOSAL_RUNS)"; \
		$(BENCH_BIN) --strategies $$(bench/proposal.sh --rows),$(PROPOSAL_NEW),memcpy \
			--lengths $(PROPOSAL_LENGTHS) --base fsrm --new $(PROPOSAL_NEW) --no-plot \
			--out-dir $(PROPOSAL_OUT)/run-$$i $(BENCH_FLAGS) >/dev/null || exit 2; done
	bench/proposal.sh --new $(PROPOSAL_NEW) $(PROPOSAL_OUT)/run-*/results.csv | tee $(PROPOSAL_OUT)/summary.txt

proposal-doc:
	bench/proposal.sh --new $(PROPOSAL_NEW) --update docs/proposal.md $(PROPOSAL_OUT)/run-*/results.csv
