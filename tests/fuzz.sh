#!/usr/bin/env bash
# Runs the fuzz harness (tests/fuzz.c; docs/fuzzing.md). Called by the
# make targets in tests/fuzz.mk:
#
#   tests/fuzz.sh libfuzzer   make fuzz: libFuzzer, 2 processes, from the
#                             committed corpus plus the run's own corpus
#   tests/fuzz.sh afl         make fuzz-afl: AFL++, a main and a secondary
#   tests/fuzz.sh smoke       make test: malformed input, the crash path,
#                             the AFL build, a short libFuzzer run
#   tests/fuzz.sh mutants     make test: each mutant in tests/mutants/
#                             found from an empty corpus (fixed seed)
#   tests/fuzz.sh measure     exec/s per strategy and mutant time to find
#
# Environment (from make): FUZZ_SECONDS, STRATEGY, FUZZ_ENTRY, FUZZ_MODEL,
# FUZZ_ABI. Crashes: build/fuzz/crashes/. The test modes end with a line
# "N passed, M failed" and exit non-zero on a failure.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2

D=build/fuzz
FUZZ=$D/ucopy-fuzz
FUZZ_ABS=$PWD/$FUZZ
AFL=$D/ucopy-fuzz-afl
REPLAY=$D/ucopy-replay
SEEDS=tests/fuzz/corpus
CRASHES=$D/crashes
LOGS=$D/logs
SECONDS_=${FUZZ_SECONDS:-60}
STRATEGY=${STRATEGY:-}
FUZZ_ENTRY=${FUZZ_ENTRY:-}
FUZZ_MODEL=${FUZZ_MODEL:-}
FUZZ_ABI=${FUZZ_ABI:-}
# libFuzzer flags every run uses: records are 26 bytes (tests/fuzzcase.h);
# the lab times a case out after 200 ms of CPU, libFuzzer a whole input
# after 10 s.
LF_FLAGS=(-max_len=26 -len_control=0 -timeout=10)

mkdir -p "$CRASHES" "$LOGS"

now() { date +%s.%N; }
# crash files of a run so far
ncrashes() { find "$CRASHES" -maxdepth 1 -name "$1-*" -type f | wc -l; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", b - a}'; }

# What a run fuzzes, for the harness's environment and for names.
target_env() {
	export UCOPY_FUZZ_STRATEGY=$STRATEGY UCOPY_FUZZ_ENTRY=$FUZZ_ENTRY
	export UCOPY_FUZZ_MODEL=$FUZZ_MODEL UCOPY_FUZZ_ABI=$FUZZ_ABI
	if [ -n "$FUZZ_ENTRY" ]; then
		name=$FUZZ_ENTRY
		replay_target=(--entry "$FUZZ_ENTRY" --model "$FUZZ_MODEL" ${FUZZ_ABI:+--abi "$FUZZ_ABI"})
	elif [ -n "$STRATEGY" ]; then
		name=$STRATEGY
		replay_target=(--strategy "$STRATEGY")
	else
		name=all
		replay_target=()
	fi
}

# The registry's strategy names, in order.
strategies() { "$REPLAY" --list | awk '{print $2}'; }

# ---- make fuzz ----
# Two libFuzzer jobs at once (-jobs=2 -workers=2) sharing one corpus
# directory (each reloads the other's finds every second). -fork=2 was
# measured at a quarter of the throughput: its short jobs restart often.
run_libfuzzer() {
	target_env
	local work=$PWD/$D/corpus/$name logdir=$PWD/$LOGS/libfuzzer-$name before after rc
	mkdir -p "$work" "$logdir"
	rm -f "$logdir"/fuzz-*.log
	before=$(ncrashes "$name")
	echo "fuzz: libFuzzer, 2 jobs, $SECONDS_ s, target $name; corpus $D/corpus/$name + $SEEDS; logs $LOGS/libfuzzer-$name/"
	local top=$PWD
	(cd "$logdir" && "$FUZZ_ABS" "${LF_FLAGS[@]}" -jobs=2 -workers=2 \
		-max_total_time="$SECONDS_" -print_final_stats=1 \
		-artifact_prefix="$top/$CRASHES/$name-" "$work" "$top/$SEEDS" \
		>"$logdir/libfuzzer.log" 2>&1)
	rc=$?
	after=$(ncrashes "$name")
	cat "$logdir"/fuzz-*.log 2>/dev/null | grep '^ucopy-fuzz: ' | head -n 5
	# per job: its last progress line and final stats
	for f in "$logdir"/fuzz-*.log; do
		[ -f "$f" ] || continue
		awk -v job="${f##*/}" '
			/^#[0-9]+/ && / cov: / {
				for (i = 2; i <= NF; i++) {
					if ($i == "cov:") cov = $(i + 1)
					if ($i == "ft:") ft = $(i + 1)
					if ($i == "corp:") corp = $(i + 1)
				}
			}
			/^stat::number_of_executed_units:/ {runs = $2}
			/^stat::average_exec_per_sec:/ {eps = $2}
			END {printf "  %s: %d runs, %d exec/s; coverage: %s edges, %s features, corpus %s\n",
			            job, runs, eps, cov, ft, corp}' "$f"
	done | tee "$logdir/summary"
	awk -v name="$name" -v s="$SECONDS_" -v crashes=$((after - before)) '
		{runs += $2; eps += $4; c = $7; if (c > cov) cov = c; f = $9; if (f > ft) ft = f}
		END {printf "fuzz %s: %d runs in %s s, %d exec/s (2 jobs together); coverage: %d edges, %d features; new crashes: %d\n",
		            name, runs, s, eps, cov, ft, crashes
		     printf "%d %d %d %d %d\n", runs, eps, cov, ft, crashes > (dir "/result.tsv")}' \
		dir="$logdir" "$logdir/summary"
	# the run as JSON (docs/results.md), what the report reads
	read -r runs eps cov ft crashes <"$logdir/result.tsv" && rm -f "$logdir/result.tsv"
	jq -n --arg s "$name" --argjson runs "$runs" --argjson eps "$eps" --argjson cov "$cov" --argjson ft "$ft" \
		--argjson crashes "$crashes" --argjson seconds "$SECONDS_" \
		'{kind: "fuzz", strategy: $s, executions: $runs, exec_per_s: $eps, seconds: $seconds,
		  edges: $cov, features: $ft, crashes: $crashes}' >"$logdir/result.json"
	if [ "$after" -eq "$before" ] && [ "$rc" -ne 0 ]; then
		echo "fuzz $name: libFuzzer exited with $rc:"
		tail -n 3 "$logdir"/fuzz-*.log "$logdir/libfuzzer.log"
		return 1
	fi
	if [ "$after" -gt "$before" ]; then
		echo "fuzz $name: crash inputs in $CRASHES/$name-crash-* (replay one: $REPLAY ${replay_target[*]} FILE); exit $rc"
		return 1
	fi
}

# ---- make fuzz-afl ----
stat_of() { awk -F' *: *' -v k="$2" '$1 == k {print $2}' "$1"; }

run_afl() {
	target_env
	local out=$D/afl/$name rc=0 crashes=0
	rm -rf "$out"
	mkdir -p "$out"
	echo "fuzz-afl: AFL++, main + secondary, $SECONDS_ s, target $name; output $out"
	export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
	export AFL_NO_AFFINITY=1
	afl-fuzz -M main -i "$SEEDS" -o "$out" -V "$SECONDS_" -t 2000 -- "$AFL" \
		>"$LOGS/afl-$name-main.log" 2>&1 &
	local p1=$!
	afl-fuzz -S second -i "$SEEDS" -o "$out" -V "$SECONDS_" -t 2000 -- "$AFL" \
		>"$LOGS/afl-$name-second.log" 2>&1 &
	local p2=$!
	wait $p1 || rc=1
	wait $p2 || rc=1
	local total_execs=0
	for inst in main second; do
		local st=$out/$inst/fuzzer_stats
		if [ ! -f "$st" ]; then
			echo "fuzz-afl $name/$inst: no fuzzer_stats (see $LOGS/afl-$name-$inst.log)"
			tail -n 8 "$LOGS/afl-$name-$inst.log"
			rc=1
			continue
		fi
		printf 'fuzz-afl %s/%s: %s runs, %s exec/s; coverage: %s edges of %s (%s), corpus %s; crashes: %s\n' \
			"$name" "$inst" "$(stat_of "$st" execs_done)" "$(stat_of "$st" execs_per_sec)" \
			"$(stat_of "$st" edges_found)" "$(stat_of "$st" total_edges)" \
			"$(stat_of "$st" bitmap_cvg)" "$(stat_of "$st" corpus_count)" \
			"$(stat_of "$st" saved_crashes)"
		total_execs=$((total_execs + $(stat_of "$st" execs_done)))
		# crash files get plain names under build/fuzz/crashes/
		for f in "$out/$inst"/crashes/id:*; do
			[ -f "$f" ] || continue
			local id=${f##*/id:}
			id=${id%%,*}
			cp "$f" "$CRASHES/afl-$name-$inst-$id"
			crashes=$((crashes + 1))
			[ "$crashes" -le 5 ] &&
				"$REPLAY" --quiet "${replay_target[@]}" "$CRASHES/afl-$name-$inst-$id" | grep -v ' passed, '
		done
	done
	echo "fuzz-afl $name: $total_execs runs in $SECONDS_ s on 2 instances ($((total_execs / SECONDS_)) exec/s together); crashes: $crashes"
	if [ "$crashes" -gt 0 ]; then
		echo "fuzz-afl $name: crash inputs copied to $CRASHES/afl-$name-* (replay: $REPLAY ${replay_target[*]} FILE)"
		return 1
	fi
	return $rc
}

# ---- make test: smoke ----
# check "what" command...: passes when the command succeeds (tests/harness.sh)
. tests/harness.sh

run_smoke() {
	local tmp t0
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' RETURN
	unset UCOPY_FUZZ_STRATEGY UCOPY_FUZZ_ENTRY UCOPY_FUZZ_MODEL UCOPY_FUZZ_ABI

	# libFuzzer runs each committed record once (every strategy it picks)
	check "libFuzzer build replays the committed corpus" \
		bash -c "'$FUZZ' -runs=0 '$SEEDS' >'$tmp/corpus.log' 2>&1"

	# inputs that are not records: skipped, by both builds and the replay tool
	mkdir -p "$tmp/bad"
	: >"$tmp/bad/empty"
	head -c 1 /dev/zero >"$tmp/bad/one"
	head -c 25 /dev/urandom >"$tmp/bad/short"
	head -c 27 /dev/urandom >"$tmp/bad/long"
	head -c 4096 /dev/urandom >"$tmp/bad/page"
	check "libFuzzer build skips inputs of 0, 1, 25, 27, 4096 bytes" \
		bash -c "'$FUZZ' '$tmp'/bad/* >'$tmp/bad.log' 2>&1"
	# On a failure: which input, its exit status and the run's last lines.
	check "AFL++ build skips them too and runs the corpus" \
		bash -c "for f in '$tmp'/bad/* '$SEEDS'/*; do '$AFL' \"\$f\" >'$tmp/afl.log' 2>&1 ||
			{ echo \"  \$f: exit \$?\"; tail -n 5 '$tmp/afl.log' | sed 's/^/    /'; exit 1; }; done"
	check "replay: a malformed record file is an error (exit 2)" bash -c "
		'$REPLAY' '$tmp/bad/long' >'$tmp/r.log' 2>&1; rc=\$?
		[ \$rc -eq 2 ] && grep -q 'not a fuzz record: 27 bytes' '$tmp/r.log'"
	check "replay: a missing file is an error (exit 2)" bash -c "
		'$REPLAY' '$tmp/nosuch' >'$tmp/r.log' 2>&1; [ \$? -eq 2 ]"
	check "replay: malformed --hex is an error (exit 2)" bash -c "
		'$REPLAY' --hex 0011zz >'$tmp/r.log' 2>&1; rc=\$?
		[ \$rc -eq 2 ] && grep -q 'not a fuzz record' '$tmp/r.log'"
	check "replay: an unknown strategy is an error (exit 2)" bash -c "
		'$REPLAY' --strategy no_such_strategy '$SEEDS'/01-* >'$tmp/r.log' 2>&1; rc=\$?
		[ \$rc -eq 2 ] && grep -q \"unknown strategy 'no_such_strategy'\" '$tmp/r.log'"
	check "libFuzzer build: an unknown STRATEGY is an error" bash -c "
		UCOPY_FUZZ_STRATEGY=no_such_strategy '$FUZZ' -runs=1 >'$tmp/r.log' 2>&1; rc=\$?
		[ \$rc -ne 0 ] && grep -q \"unknown strategy 'no_such_strategy'\" '$tmp/r.log'"

	# lags and the trace bit are part of the record
	"$REPLAY" --encode 0 2,0,0,1,-,7,lag=1 "$tmp/lag.rec" &&
	"$REPLAY" --encode 0 100,0,0,40,-,7,traced "$tmp/traced.rec" || true
	check "replay: a lagged record (fsrm, len 2, fs 1, lag 1) returns 2 as its model, WEAK" bash -c "
		'$REPLAY' --strategy fsrm '$tmp/lag.rec' >'$tmp/r.log' 2>&1 &&
		grep -q '^  lags       1, 1, 1, 1 ' '$tmp/r.log' &&
		grep -Eq '^  returned   2 +2 +1\$' '$tmp/r.log' &&
		grep -q 'rep movs   1 executed, 1 faulted; #1 did 1, reported 0' '$tmp/r.log' &&
		grep -q 'contract WEAK met' '$tmp/r.log'"
	check "replay: a traced record is single-stepped" bash -c "
		'$REPLAY' --strategy nocache '$tmp/traced.rec' >'$tmp/r.log' 2>&1 &&
		grep -Eq '^  traced     [0-9]+ instructions\$' '$tmp/r.log'"
	check "replay: --encode refuses a traced case longer than the trace limit (exit 2)" bash -c "
		'$REPLAY' --encode 0 4000,0,0,-,-,1,traced '$tmp/x.rec' >'$tmp/r.log' 2>&1; [ \$? -eq 2 ]"

	# the crash path: a mutant's failing case gives one line with a replay
	# command, the input is saved, and the command reproduces the failure
	"$REPLAY" --encode 2 43,0,0,19,19,1 "$tmp/mut.rec" || true
	check "a failing case aborts with the case and a replay command" bash -c "
		cd '$tmp' && UCOPY_FUZZ_ENTRY=ucopy_mut_unrolled_fixup8 UCOPY_FUZZ_MODEL=unrolled \
			'$PWD/$FUZZ' -artifact_prefix='$tmp/' mut.rec >mut.log 2>&1; rc=\$?
		[ \$rc -ne 0 ] && grep -qE '^ucopy-fuzz: FAIL ucopy_mut_unrolled_fixup8 \(model unrolled\) len=43 .*\[result.*replay: build/fuzz/ucopy-replay ' mut.log"
	check "... and its replay command reproduces it (exit 1)" bash -c "
		cmd=\$(sed -n 's/.*; replay: //p' '$tmp/mut.log'); [ -n \"\$cmd\" ] || exit 1
		\$cmd >'$tmp/rep.log' 2>&1; rc=\$?
		[ \$rc -eq 1 ] && grep -q 'verdict    FAIL \[result' '$tmp/rep.log'"
	check "a fault outside the lab reaches libFuzzer's handler (input saved)" bash -c "
		cd '$tmp' && UCOPY_FUZZ_SELFTEST_SEGV=1 '$PWD/$FUZZ' -seed=1 -runs=20 \
			-artifact_prefix='$tmp/segv-' >segv.log 2>&1; rc=\$?
		[ \$rc -ne 0 ] && grep -q 'SEGV' segv.log && grep -q 'Test unit written to $tmp/segv-' segv.log"

	# a short run over every strategy from the committed corpus: no failure
	mkdir -p "$tmp/corpus"
	t0=$(now)
	check "libFuzzer, all strategies, 12 s from the corpus (-seed=1): no failure" bash -c "
		'$FUZZ' ${LF_FLAGS[*]} -seed=1 -max_total_time=12 -artifact_prefix='$tmp/run-' \
			-print_final_stats=1 '$tmp/corpus' '$SEEDS' >'$tmp/run.log' 2>&1"
	grep '^ucopy-fuzz: ' "$tmp/run.log"
	awk '/^stat::number_of_executed_units/ {n = $2}
		/^stat::average_exec_per_sec/ {e = $2}
		END {if (n) printf "      %d runs, %d exec/s\n", n, e}' "$tmp/run.log"
	grep -E '^#[0-9]+' "$tmp/run.log" | tail -n 1 | sed 's/^/      last: /'
	summary
}

# ---- make test: mutants ----
# The fixed libFuzzer seed and the run budget of the mutant test; each
# mutant is caught in well under the budget (`make fuzz-measure`: time to find).
# The budget is the run count, the time limit only a guard against a hang.
# The same runs on every machine need the seed fixed and the address space
# too: the lab's coverage depends on where the buffers land, so with ASLR
# movs_fast_pairexit took 7502, 11647, 28468 runs, or more than 90 s under
# load (a miss in CI); without it (setarch -R, where the kernel allows it)
# 4876 runs every time.
MUT_SEED=${MUT_SEED:-1}
MUT_RUNS=${MUT_RUNS:-50000}
MUT_TIME=${MUT_TIME:-90}
MUT_NORAND=()
setarch "$(uname -m)" -R true 2>/dev/null && MUT_NORAND=(setarch "$(uname -m)" -R)

# One mutant from an empty corpus; prints "caught|missed SYM USE KIND SECS RUNS LINE".
hunt() {
	local sym=$1 use=$2 abi=$3 kind=$4 seed=$5 runs=$6 time=$7 tmp t0 t1 rc hit n
	tmp=$(mktemp -d)
	t0=$(now)
	(cd "$tmp" && UCOPY_FUZZ_ENTRY=$sym UCOPY_FUZZ_MODEL=$use UCOPY_FUZZ_ABI=$abi \
		"${MUT_NORAND[@]}" "$FUZZ_ABS" "${LF_FLAGS[@]}" -seed="$seed" -runs="$runs" \
		-max_total_time="$time" -print_final_stats=1 -artifact_prefix="$tmp/" \
		>"$tmp/log" 2>&1)
	rc=$?
	t1=$(now)
	hit=$(grep -m1 -E "^ucopy-fuzz: FAIL $sym \(model $use\) .*\[([a-zA-Z-]+,)*$kind(,[a-zA-Z-]+)*\]" "$tmp/log")
	n=$(sed -n 's/.*; case \([0-9]*\) of this process;.*/\1/p' "$tmp/log" | head -n 1)
	if [ "$rc" -ne 0 ] && [ -n "$hit" ]; then
		printf 'caught %s %s %s %s %s %s\n' "$sym" "$use" "$kind" "$(elapsed "$t0" "$t1")" "${n:-?}" "${hit#ucopy-fuzz: }"
	else
		printf 'missed %s %s %s %s %s %s\n' "$sym" "$use" "$kind" "$(elapsed "$t0" "$t1")" "${n:-?}" \
			"exit $rc; $(grep -m1 '^ucopy-fuzz: ' "$tmp/log" || tail -n 1 "$tmp/log")"
	fi
	rm -rf "$tmp"
}

# The mutants: "sym model abi kind" from tests/mutants/expect.txt.
mutant_list() {
	while read -r sym model abi kind _; do
		case "$sym" in ''|'#'*) continue ;; esac
		echo "$sym $model $abi $kind"
	done <tests/mutants/expect.txt
}

run_mutants() {
	local caught=0 missed=0
	unset UCOPY_FUZZ_STRATEGY
	echo "each mutant against its model, libFuzzer from an empty corpus, -seed=$MUT_SEED, at most $MUT_RUNS runs / $MUT_TIME s"
	while read -r sym use abi kind; do
		read -r verdict _ _ _ secs runs line < <(hunt "$sym" "$use" "$abi" "$kind" "$MUT_SEED" "$MUT_RUNS" "$MUT_TIME")
		if [ "$verdict" = caught ]; then
			printf 'caught  %-30s %-8s %-14s in %5s s, %7s runs\n' "$sym" "$use" "$kind" "$secs" "$runs"
			echo "        ${line:0:220}"
			caught=$((caught + 1))
		else
			printf 'MISSED  %-30s %-8s wanted %-14s (%s s, %s runs)\n' "$sym" "$use" "$kind" "$secs" "$runs"
			echo "        ${line:0:220}"
			missed=$((missed + 1))
		fi
	done < <(mutant_list)
	echo "$caught passed, $missed failed"
	[ "$missed" -eq 0 ]
}

# ---- measurements: make fuzz-measure ----
run_measure() {
	local s=${FUZZ_SECONDS:-20} out=$LOGS/measure.md
	: >"$out"
	echo "## libFuzzer exec/s per strategy (make fuzz STRATEGY=name FUZZ_SECONDS=$s)" | tee -a "$out"
	echo "| strategy | runs | exec/s | edges | features | crashes |" | tee -a "$out"
	echo "|---|---:|---:|---:|---:|---:|" | tee -a "$out"
	for st in $(strategies); do
		STRATEGY=$st FUZZ_SECONDS=$s FUZZ_ENTRY='' "$0" libfuzzer | grep "^fuzz $st:" >&2
		jq -r '"| \(.strategy) | \(.executions) | \(.exec_per_s) | \(.edges) | \(.features) | \(.crashes) |"' \
			"$LOGS/libfuzzer-$st/result.json" | tee -a "$out"
	done
	STRATEGY='' FUZZ_SECONDS=$s FUZZ_ENTRY='' "$0" libfuzzer | grep "^fuzz all:" >&2
	jq -r '"| (all, the record picks) | \(.executions) | \(.exec_per_s) | \(.edges) | \(.features) | \(.crashes) |"' \
		"$LOGS/libfuzzer-all/result.json" | tee -a "$out"
	if [ -x "$AFL" ]; then
		STRATEGY='' FUZZ_SECONDS=$s FUZZ_ENTRY='' "$0" afl | grep "^fuzz-afl all" | tee -a "$out"
	fi
	echo | tee -a "$out"
	echo "## Mutant time to find (libFuzzer, 1 process, empty corpus, seeds 1-3, at most 60 s)" | tee -a "$out"
	echo "| mutant | model | kind | seed 1 | seed 2 | seed 3 |" | tee -a "$out"
	echo "|---|---|---|---:|---:|---:|" | tee -a "$out"
	while read -r sym use abi kind; do
		row="| $sym | $use | $kind |"
		for seed in 1 2 3; do
			read -r verdict _ _ _ secs runs _ < <(hunt "$sym" "$use" "$abi" "$kind" "$seed" 100000000 60)
			if [ "$verdict" = caught ]; then
				row+=" $secs s ($runs runs) |"
			else
				row+=" not in $secs s ($runs runs) |"
			fi
		done
		echo "$row" | tee -a "$out"
	done < <(mutant_list)
	echo "written to $out"
}

case "${1:-}" in
libfuzzer) run_libfuzzer ;;
afl) run_afl ;;
smoke) run_smoke ;;
mutants) run_mutants ;;
measure) run_measure ;;
*) echo "usage: $0 libfuzzer|afl|smoke|mutants|measure" >&2; exit 2 ;;
esac
