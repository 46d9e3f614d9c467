# The review (docs/review.md) and the main job's report; included last by
# the top Makefile.
#
#   make review ASM=file.S ENTRY=symbol MODEL=name [ABI=classic|rep|classic_clear|stos]
#               [FEATURES=erms,fsrm,rep_good] [KEEPS=rbx,rbp,...]
#               [REVIEW_FUZZ_SECONDS=60]
#               [REVIEW_QUICK=1|2] [REVIEW_SEED=1] [REVIEW_JOBS=2]
#               [REVIEW_STOP_AFTER=100] [REVIEW_BENCH=0] [REVIEW_TIMEOUT=1800]
#       review/review.sh with make's command line: sweep + fuzz + benchmark
#       of one routine, the Markdown report on stdout and in
#       build/review/review-<ENTRY>.md; exit 0, 1 or 2 (below)
#   make review ASM=file.S [FEATURES=...]
#       every global routine of the file, each against the row
#       src/runtime/eras.tsv picks (symbol, shape, features); a summary, then
#       each routine's report (build/review/review-file-<name>.md)
#   make review ASM=file.S CALLER=N:SHORT:LONG
#       the caller's dispatch (len <= N: SHORT, else LONG) as a routine
#   make review-patch OLD=a.S NEW=b.S | PATCH=p KERNEL=tree|ASM=file.S
#       [OLD_ENTRY= NEW_ENTRY= OLD_CALLER= NEW_CALLER= REVIEW_CSV=]
#       both versions reviewed, side by side (review/review-patch.sh);
#       exit 0 nothing regressed, 1 a regression, 2 bad input
#   make review-tree KERNEL=dir|linux-source-*.tar.xz|git-tree [REV=commit] [STRICT=1]
#       [REVIEW_QUICK=1] [REVIEW_FUZZ_SECONDS=5] [REVIEW_BENCH=0]
#       every user-copy routine of a kernel tree (review/tree.sh):
#       build/review/tree-<version>/report.md and summary.json; exit 0
#       all meet their rows (known findings listed), 1 one does not, 2 bad tree
#   make review-tree-tests  the tree review's suites (fake tree, Debian trees)
#   make review-merge CSVS='a.csv b.csv'  review-patch ticks of several CPUs
#   make review-example  docs/review-example.md, the 2017 change as a patch
#   make review-report ASM=... ENTRY=... MODEL=...
#       only build that report file (what review/review.sh runs)
#   make report       report.md: proofs, sweep, levels, fuzzing, ticks
#                     (REPORT_SWEEP=full|quick, REPORT_FUZZ_SECONDS=10)
#   make report-fresh the same, rerunning the sweep, levels, fuzzing, bench
#   make review-tests the review suite (tests/suites.txt)

REVIEW_DIR          := $(BUILD)/review
ABI                 ?= classic
REVIEW_FUZZ_SECONDS ?= 60
REVIEW_QUICK        ?= 0
REVIEW_SEED         ?= 1
REVIEW_JOBS         ?= 2
REVIEW_STOP_AFTER   ?= 100
REVIEW_BENCH        ?= 1
REVIEW_TIMEOUT      ?= 1800
REPORT_DIR          := $(BUILD)/report
REPORT_SWEEP        ?= full
REPORT_FUZZ_SECONDS ?= 10
# Written by `make prove` (proofs/prove.sh).
PROOF_RESULTS       := $(BUILD)/proofs/results.json
# Global symbols the reviewed object must not define twice: what the review
# binaries link besides it.
REVIEW_LINKED       := $(sort $(LAB_OBJS) $(SWEEP_OBJS) $(BENCH_OBJS))
# Their global symbols ("type name" lines, review/lib.sh linked_symbols),
# read once per build of the lab rather than by nm in every review; written
# through a file of its own per make, so that two reviews at once do not
# race on it.
REVIEW_LINKED_SYMS  := $(REVIEW_DIR)/linked-symbols.txt
$(REVIEW_LINKED_SYMS): $(REVIEW_LINKED) review/lib.sh
	@mkdir -p $(@D)
	@. review/lib.sh && linked_symbols $(REVIEW_LINKED) >$@.$$$$ && mv $@.$$$$ $@
sq                   = '$(subst ','\'',$(1))'
# $(call cmdline_args,NAMES): the command line's NAME=value settings whose
# names match NAMES (make patterns, % for all) as shell words, each quoted
# with its raw text ($(value): never expanded by make), so that a '$(...)',
# a backtick, a quote or a blank in a value reaches the tool as data.
# (MAKEOVERRIDES, make's own escaped form of them, is not shell syntax.)
cmdline_args         = $(foreach v,$(filter $(1),$(sort $(.VARIABLES))),$(if $(findstring command line,$(origin $(v))),$(call sq,$(v)=$(value $(v)))))
# $(call step_json,READER,FILE,ARGS), after a step's command: the step's
# JSON (its target, docs/results.md) from what it wrote (FILE: the sweep's
# own JSON, or the tool's output) and its exit status, by READER
# (review/lib.sh, scripts/results.sh).
step_json = rc=$$?; . review/lib.sh && $(1) $(2) $$rc $(3) >$@.tmp && mv $@.tmp $@

.PHONY: review review-report report report-fresh review-tests review-scan review-patch review-merge \
	review-example

# REVIEW_TAG (review-patch's old-/new-) keeps two versions' steps apart.
REVIEW_TAG          ?=
# The report `make review` prints: one routine's, or the whole file's.
REVIEW_REPORT := $(REVIEW_DIR)/review-$(REVIEW_TAG)$(if $(CALLER),review_caller,$(if $(ENTRY),$(ENTRY),file-$(basename $(notdir $(ASM))))).md

# How the file under review is assembled, unmodified, against asm/kshim/
# (the one review's build and `review-scan` alike): each
# ALTERNATIVE takes the branch FEATURES select; a file with its own
# ALIGN_DESTINATION macro (v4.20+) keeps the shim's out of the way.
comma := ,
REVIEW_DEFS = $(foreach f,$(subst $(comma), ,$(FEATURES)),-DKSHIM_HAS_$(shell echo '$(f)' | tr a-z A-Z)=1) \
	$(if $(shell grep -Esq '^[[:space:]]*\.macro[[:space:]]+ALIGN_DESTINATION' $(call sq,$(ASM)) && echo y),-DKSHIM_NO_ALIGN_DESTINATION)

ifneq ($(and $(ASM),$(ENTRY),$(MODEL)),)
# ---- One review: every step a file under $(RD) ----
RD            := $(REVIEW_DIR)/work/$(REVIEW_TAG)$(basename $(notdir $(ASM)))-$(ENTRY)

# The settings, NAME=value a line (review/lib.sh settings_json reads them
# as JSON); rewritten only when they change, so that every step after
# them reruns then and only then.
REVIEW_VARS := ASM ENTRY MODEL ABI FEATURES KEEPS REVIEW_FUZZ_SECONDS REVIEW_QUICK \
	REVIEW_SEED REVIEW_JOBS REVIEW_STOP_AFTER REVIEW_BENCH REVIEW_TIMEOUT REVIEW_WHY \
	REVIEW_TAG CALLER REVIEW_BENCH_LENGTHS TAIL TAIL_WHY
define nl


endef
REVIEW_SETTINGS = D=$(RD)$(foreach v,$(REVIEW_VARS),$(nl)$(v)=$($(v)))
# Every step reruns when the settings or this file change.
REVIEW_STEP := $(RD)/settings review/review.mk
# The headers this review's object was assembled from (the top Makefile
# leaves the work dirs out of its -include).
-include $(wildcard $(RD)/*.d)
$(RD)/settings: FORCE
	$(shell mkdir -p $(@D))$(file >$@.new,$(REVIEW_SETTINGS))
	@cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@

# The file under review, assembled unmodified against asm/kshim/: see
# REVIEW_DEFS above.
ifeq ($(CALLER),)
$(RD)/review-raw.o: $(ASM) $(REVIEW_STEP)
	@echo "review: assembling $(ASM)" >&2
	@$(CC) $(ASFLAGS) $(REVIEW_DEFS) $(DEPFLAGS) -c $(call sq,$(ASM)) -o $@ || { echo "review: $(ASM)" \
		"does not assemble against the kernel shims (asm/kshim/); the assembler said the above" >&2; exit 1; }
	@. review/lib.sh && extable_convert $@
else
# CALLER=N:SHORT:LONG, the inline caller's dispatch as a routine of its
# own (review_caller): len <= N tail-calls SHORT, longer copies LONG; the
# two are the file's routines (or the lab's ucopy_* ones).
$(RD)/review-raw.o: $(ASM) $(REVIEW_STEP)
	@echo "review: assembling $(ASM) and the caller $(CALLER)" >&2
	@$(CC) $(ASFLAGS) $(REVIEW_DEFS) $(DEPFLAGS) -c $(call sq,$(ASM)) -o $(RD)/file.o || { echo "review: $(ASM)" \
		"does not assemble against the kernel shims (asm/kshim/); the assembler said the above" >&2; exit 1; }
	@. review/lib.sh && extable_convert $(RD)/file.o
	@. review/lib.sh && caller_asm $(call sq,$(CALLER)) $(ABI) >$(RD)/caller.S
	@$(CC) $(ASFLAGS) -c $(RD)/caller.S -o $(RD)/caller.o && ld -r $(RD)/file.o $(RD)/caller.o -o $@
endif

# Its global symbols that the lab defines too (a patched ucopy_* routine,
# copy_user_handle_tail) become <name>__review, so both copies link and the
# benchmark's base stays the project's; $(RD)/symbol names ENTRY's.
$(RD)/review.o: $(RD)/review-raw.o $(REVIEW_LINKED_SYMS)
	@. review/lib.sh && TAIL=$(call sq,$(TAIL)) review_object $< $@ $(RD)/symbol $(call sq,$(ENTRY)) $(REVIEW_LINKED_SYMS)

# The lab's binaries, with the reviewed object linked in.
review_link = @$(1) $(LINK) $(filter %.o,$^) $(LIBS) -o $@ 2>$@.log || { cat $@.log >&2; \
	. review/lib.sh && link_diagnose $(RD)/review.o $@.log $(call sq,$(ASM)) >&2; exit 1; }
$(RD)/sweep: $(LAB_OBJS) $(SWEEP_OBJS) $(RD)/review.o
	@echo "review: linking" >&2
	$(call review_link,$(CC) $(CFLAGS))
$(RD)/ucopy-replay: $(REPLAY_OBJS) $(RD)/review.o
	$(call review_link,$(CC) $(CFLAGS))
$(RD)/ucopy-fuzz: $(FUZZ_LF_OBJS) $(LAB_ASM_OBJS) $(RD)/review.o
	$(call review_link,$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer)
$(RD)/ucopy-bench: $(BENCH_OBJS) $(RD)/review.o
	$(call review_link,$(CC) $(CFLAGS))

# Each step writes its tool's output (.txt) and what it found as JSON
# (.json, docs/results.md), its exit status a field: a failing routine is
# a result, not a make error. A sweep stops after REVIEW_STOP_AFTER failing cases. Both
# sweeps run every phase (exact hw, delayed hw; the traced sample once)
# and check the registers MODEL's row keeps (KEEPS= to name others).
REVIEW_SWEEP = timeout --kill-after=10 $(REVIEW_TIMEOUT) $(RD)/sweep --entry "$$(cat $(RD)/symbol)" \
	--abi $(ABI) --seed $(REVIEW_SEED) --jobs $(REVIEW_JOBS) --show 10 \
	--stop-after $(REVIEW_STOP_AFTER) $(if $(filter 1,$(REVIEW_QUICK)),--quick) \
	$(if $(filter 2,$(REVIEW_QUICK)),--max-len 24 --random 200 --lag-len 12 --trace 100)
# The EXACT reference: clear_bytewise for a clear row (docs/clear.md).
# With the zeroing C tail (TAIL=, docs/review.md "The tail") the model's
# result is expected with zeros from its report on (--zero-tail), and the
# reference is that tail's ZEROTAIL contract.
REVIEW_ZT  := $(filter copy_user_handle_tail_zerorest ucopy_tail_c_zero,$(TAIL))
REVIEW_REF := $(if $(REVIEW_ZT),tail_c_zero,$(if $(filter clear,$(shell . review/lib.sh && \
	registry_field $(call sq,$(MODEL)) kind 2>/dev/null)),clear_bytewise,bytewise))
REVIEW_KEEPS = "$$(. review/lib.sh && k='$(KEEPS)' && echo "$${k:-$$(registry_field $(MODEL) keeps)}" | tr ' ' ,)"
$(RD)/sweep-model.json: $(RD)/sweep $(REVIEW_STEP) $(REGISTRY)
	@echo "review: sweep against model $(MODEL)" >&2
	@rm -f $(basename $@).sweep.json; $(REVIEW_SWEEP) --model $(MODEL) $(if $(REVIEW_ZT),--zero-tail) --keeps $(REVIEW_KEEPS) \
		--json $(basename $@).sweep.json >$(basename $@).txt 2>&1; $(call step_json,sweep_json,$(basename $@).sweep.json)
ifeq ($(MODEL),$(REVIEW_REF))
$(RD)/sweep-exact.json: $(RD)/sweep-model.json
	@cp $(basename $<).txt $(basename $@).txt && cp $(basename $<).sweep.json $(basename $@).sweep.json && cp $< $@
else
$(RD)/sweep-exact.json: $(RD)/sweep $(REVIEW_STEP) $(REGISTRY)
	@echo "review: sweep against the $(if $(REVIEW_ZT),ZEROTAIL,EXACT) contract (model $(REVIEW_REF))" >&2
	@rm -f $(basename $@).sweep.json; $(REVIEW_SWEEP) --model $(REVIEW_REF) --keeps $(REVIEW_KEEPS) --phase exact,delayed \
		--json $(basename $@).sweep.json >$(basename $@).txt 2>&1; $(call step_json,sweep_json,$(basename $@).sweep.json)
endif

ifeq ($(REVIEW_FUZZ_SECONDS),0)
$(RD)/fuzz.json: $(REVIEW_STEP)
	@. review/lib.sh && not_run "not run (REVIEW_FUZZ_SECONDS=0)" >$@
else ifeq ($(shell command -v $(FUZZ_CC)),)
$(RD)/fuzz.json: $(REVIEW_STEP)
	@. review/lib.sh && not_run "not run: no $(FUZZ_CC) here for the libFuzzer build" >$@
else
$(RD)/fuzz.json: $(RD)/ucopy-fuzz $(RD)/ucopy-replay $(REVIEW_STEP)
	@echo "review: fuzzing for $(REVIEW_FUZZ_SECONDS) s" >&2
	@rm -rf $(RD)/fuzz-corpus $(RD)/fuzz-crashes && mkdir -p $(RD)/fuzz-corpus $(RD)/fuzz-crashes
	@cp -r tests/fuzz/corpus/. $(RD)/fuzz-corpus/
	@UCOPY_FUZZ_ENTRY="$$(cat $(RD)/symbol)" UCOPY_FUZZ_MODEL=$(MODEL) UCOPY_FUZZ_ABI=$(ABI) \
		$(if $(REVIEW_ZT),UCOPY_FUZZ_ZERO_TAIL=1) \
		timeout --kill-after=10 $$(($(REVIEW_FUZZ_SECONDS) + 120)) $(RD)/ucopy-fuzz \
		-max_total_time=$(REVIEW_FUZZ_SECONDS) -print_final_stats=1 -timeout=10 \
		-artifact_prefix=$(RD)/fuzz-crashes/ $(RD)/fuzz-corpus >$(basename $@).txt 2>&1; \
		$(call step_json,fuzz_json,$(basename $@).txt)
endif

# The benchmark's --entry mode: the reviewed routine against the project's
# routine for MODEL, aligned buffers, a few lengths.
ifeq ($(REVIEW_BENCH),0)
$(RD)/bench.json: $(REVIEW_STEP)
	@. review/lib.sh && not_run "not run (REVIEW_BENCH=0)" >$@
else
# ($(or) takes commas as argument separators: the lists are variables.)
REVIEW_LENGTHS_FULL  := 0,1,8,16,32,63,64,128,256,1024,4096
REVIEW_LENGTHS_QUICK := 8,32,64,256,4096
REVIEW_BENCH_FULL  := --reps 400 --lengths $(or $(REVIEW_BENCH_LENGTHS),$(REVIEW_LENGTHS_FULL))
REVIEW_BENCH_QUICK := --reps 40 --lengths $(or $(REVIEW_BENCH_LENGTHS),$(REVIEW_LENGTHS_QUICK))
$(RD)/bench.json: $(RD)/ucopy-bench $(REVIEW_STEP)
	@echo "review: benchmark against the project's $(MODEL)" >&2
	@timeout --kill-after=5 120 $(RD)/ucopy-bench --entry "$$(cat $(RD)/symbol)" --abi $(ABI) \
		$(if $(filter classic_clear stos,$(ABI)),--clear --table $(RD)/bench/table.txt \
		  --csv $(RD)/bench/results.csv --summary $(RD)/bench/summary.csv) \
		--base $(MODEL) --variants aligned --rounds 8 --no-plot --out-dir $(RD)/bench \
		$(if $(filter 2,$(REVIEW_QUICK)),$(REVIEW_BENCH_QUICK),$(REVIEW_BENCH_FULL)) \
		>$(basename $@).txt 2>&1; $(call step_json,bench_json,$(basename $@).txt,$(RD) "$$(cat $(RD)/symbol)" $(MODEL))
endif

# The review's JSON (verdict, levels, exit status: scripts/results.jq) and
# its report (scripts/render.jq) are rewritten every time (they only
# gather the steps' JSON): their name holds the routine, not the file, so
# a report left by another file's review of the same routine must never
# pass for this one's.
$(REVIEW_REPORT): $(RD)/sweep-model.json $(RD)/sweep-exact.json $(RD)/fuzz.json $(RD)/bench.json \
		$(REGISTRY) review/lib.sh scripts/results.jq scripts/render.jq $(wildcard $(PROOF_RESULTS)) FORCE
	@. review/lib.sh && review_json $(RD) >$(RD)/review.json.tmp && mv $(RD)/review.json.tmp $(RD)/review.json && \
		cp $(RD)/review.json $(basename $@).json && scripts/render.sh review $(RD)/review.json >$@.tmp && mv $@.tmp $@

review-report: $(REVIEW_REPORT)
else
review-report:
	@echo "review-report: ASM=, ENTRY= and MODEL= are needed (review/review.sh checks them)" >&2; exit 2
endif

# ---- Whole-file review: the file assembled and preprocessed once ----
# review/review.sh reads SCAN.o's global routines and SCAN.i's shape.
review-scan:
	@test -n "$(SCAN)" && mkdir -p $(dir $(SCAN))
	@$(CC) $(ASFLAGS) $(REVIEW_DEFS) -E $(call sq,$(ASM)) -o $(SCAN).i 2>/dev/null; \
	 $(CC) $(ASFLAGS) $(REVIEW_DEFS) -c $(call sq,$(ASM)) -o $(SCAN).o || { echo "review: $(ASM)" \
		"does not assemble against the kernel shims (asm/kshim/); the assembler said the above" >&2; exit 1; }

# ---- `make review`: the review's exit status as make's ----
# review/review.sh exits 0, 1 or 2 (docs/review.md, "Exit status"). GNU
# make exits 2 when a recipe fails, and 1 only in question mode (-q). So
# `make review` runs the script while this makefile is read, with make's
# command-line variables, prints the report, and after a failed review
# turns on -q with the `review` goal out of date: make then exits 1.
# (`make -n review` runs the review too.) This block is the only place
# that does this.
# $(call exit_as_goal,GOAL,COMMAND,REPORT) makes `make GOAL` run COMMAND
# as described above, print REPORT after an exit 0 or 1, and exit 1 after
# a 1 (-q), 2 after anything else.
define exit_as_goal
ifneq ($$(filter $(1),$$(MAKECMDGOALS)),)
$(1)_RC := $$(lastword $$(shell $(2); echo $$$$?))
ifneq ($$(filter 0 1,$$($(1)_RC)),)
$$(info $$(file <$(3)))
else
$$(error $(1): stopped (exit $$($(1)_RC)): see the message above)
endif
ifeq ($$($(1)_RC),1)
MAKEFLAGS += -q
endif
$(1):
	@:
endif
endef
$(eval $(call exit_as_goal,review,review/review.sh $$(call cmdline_args,%) >/dev/null,$$(REVIEW_REPORT)))

# ---- `make review-patch`: old and new side by side, the same way ----
# review/review-patch.sh exits 0 (nothing regressed), 1 (a regression) or
# 2 (bad input); make's exit status follows, as for `make review`.
$(eval $(call exit_as_goal,review-patch,review/review-patch.sh $$(call cmdline_args,%) >/dev/null,$$(REVIEW_DIR)/patch/report.md))

# ---- `make review-tree`: a whole kernel tree, the same way ----
# review/tree.sh exits 0, 1 or 2 (docs/review.md, "Reviewing a kernel
# tree"); its report is also written to $(REVIEW_DIR)/tree-last.md for
# make to print.
$(eval $(call exit_as_goal,review-tree,mkdir -p $$(REVIEW_DIR) && review/tree.sh $$(call cmdline_args,%) >$$(REVIEW_DIR)/tree-last.md,$$(REVIEW_DIR)/tree-last.md))
.PHONY: review-tree review-tree-tests
review-tree-tests:
	@tests/review-tree-fake.sh && tests/review-tree-debian.sh

# `make review-merge CSVS='a.csv b.csv'`: review-patch's ticks from
# several machines, one table with an old/new column pair per CPU.
review-merge:
	@review/merge.sh $(CSVS)

# `make review-example`: docs/review-example.md, the 2017 change reviewed
# as a patch (review/example.sh; settings pass through).
REVIEW_EXAMPLE_OUT ?= docs/review-example.md
review-example:
	@review/example.sh $(REVIEW_EXAMPLE_OUT) $(call cmdline_args,$(filter-out REVIEW_EXAMPLE_OUT,$(filter REVIEW_%,$(.VARIABLES))))

# ---- `make report`: report.md from file targets ----
# Each input is a file that make reruns when what it depends on changes.
# Each step: the tool's output (.txt) and what it found (.json,
# docs/results.md), its exit status a field.
$(REPORT_DIR)/sweep-full.json $(REPORT_DIR)/sweep-quick.json: $(REPORT_DIR)/sweep-%.json: $(LAB_DIR)/sweep
	@mkdir -p $(@D)
	@echo "report: the $* sweep" >&2
	@rm -f $(basename $@).sweep.json; $(LAB_DIR)/sweep --jobs 2 --seed 1 $(if $(filter quick,$*),--quick) \
		--json $(basename $@).sweep.json >$(basename $@).txt 2>&1; $(call step_json,sweep_json,$(basename $@).sweep.json)

$(REPORT_DIR)/levels.json: $(LAB_DIR)/levels
	@mkdir -p $(@D)
	@$(LAB_DIR)/levels >$(basename $@).txt 2>&1; $(call step_json,levels_json,$(basename $@).txt)

# REPORT_FUZZ_SECONDS of libFuzzer per registry row, unless `make fuzz`
# left a newer result for it.
$(REPORT_DIR)/fuzz.json: $(REGISTRY) $(if $(filter-out 0,$(REPORT_FUZZ_SECONDS)),$(if \
		$(shell command -v $(FUZZ_CC)),$(FUZZ_DIR)/ucopy-fuzz))
	@mkdir -p $(@D)
	@scripts/report.sh fuzz $(REPORT_FUZZ_SECONDS) $(FUZZ_DIR) >$@.tmp && mv $@.tmp $@

# A short benchmark unless `make bench` wrote newer results.
$(BENCH_OUT)/summary.csv: $(BENCH_BIN)
	@mkdir -p $(REPORT_DIR)
	@echo "report: the short benchmark (make bench-quick)" >&2
	@$(BENCH_BIN) --quick --no-plot --out-dir $(BENCH_OUT) >$(REPORT_DIR)/bench.log 2>&1 || \
		{ tail -n 5 $(REPORT_DIR)/bench.log >&2; echo "report: the benchmark failed" >&2; }

REPORT_INPUTS := $(REPORT_DIR)/sweep-$(REPORT_SWEEP).json $(REPORT_DIR)/levels.json \
	$(REPORT_DIR)/fuzz.json $(BENCH_OUT)/summary.csv $(REGISTRY) scripts/report.sh review/lib.sh \
	scripts/results.sh scripts/render.jq
report.md: $(REPORT_INPUTS) $(wildcard $(PROOF_RESULTS)) | $(if $(wildcard $(PROOF_RESULTS)),,prove)
	@scripts/report.sh write $(REPORT_DIR)/sweep-$(REPORT_SWEEP).json $(BENCH_OUT) \
		>$(REPORT_DIR)/summary.txt

# Exits non-zero when a proof or a sweep case failed (report.md says which).
report: report.md
	@cat $(REPORT_DIR)/summary.txt
	@! grep -q '^report: FAILED' $(REPORT_DIR)/summary.txt

report-fresh:
	rm -f $(REPORT_DIR)/sweep-*.json $(REPORT_DIR)/levels.json $(REPORT_DIR)/fuzz.json \
		$(BENCH_OUT)/summary.csv
	@$(MAKE) --no-print-directory report REPORT_FRESH=1

review-tests:
	@review/test-review.sh
