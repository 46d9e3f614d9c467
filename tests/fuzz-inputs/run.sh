#!/usr/bin/env bash
# Runs each input-parser target (tests/fuzz-inputs/targets.c) for SECONDS
# from a few seeds written here, then the shell-entry run. A target
# passes when libFuzzer ends without a crash, sanitizer report or timeout
# (its inputs then in DIR/crashes-TARGET-*). One line per target with its
# executions. Then FUZZ_INPUTS_SHELL (default 500) malformed invocations
# of the shell entry points (shell-entries.sh). Last line: "N passed, M failed".
#
#   tests/fuzz-inputs/run.sh SECONDS DIR TARGET...
set -uo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 3 ] || { echo "usage: tests/fuzz-inputs/run.sh SECONDS DIR TARGET..." >&2; exit 2; }
secs=$1 dir=$2
shift 2
[[ "$secs" =~ ^[0-9]+$ ]] && [ "$secs" -ge 1 ] || { echo "fuzz-inputs: SECONDS must be a positive integer, not '$secs'" >&2; exit 2; }
pass=0 fail=0

seed() { # TARGET NAME CONTENT (printf format)
	mkdir -p "$dir/corpus/$1" && printf -- "$3" "${@:4}" >"$dir/corpus/$1/$2"
}
seed case a '40,0,0,-,-'; seed case b '4096,63,1,100,4095'; seed case c '0,0,0,0,0'
seed lags a '1'; seed lags b '1,0,2'; seed lags c 'all,3'
seed keeps a 'rbx rbp r12 r13 r14 r15'; seed keeps b 'rbx,r8'
seed record a '2502470000000000470026000000000000000000000000000000'
seed record b '%026d' 0
seed sweep a '--case\0%s\0--lag\0%s\0--keeps\0rbx,rbp' '40,0,0,-,-' '1,2'
seed sweep b '--quick\0--shard\0%s\0--phase\0exact,delayed' '2/3'
seed bench a '--entry\0ucopy_erms\0--abi\0rep\0--lengths\0%s\0--reps\0040' '0-64/4,4096'
seed bench b '--variants\0aligned\0--rounds\08\0--quick'
if [ -x build/lab/sweep ]; then
	# real shard outputs: the merge's seeds
	build/lab/sweep --quick --strategy erms --shard 1/2 --seed 1 >"$dir/s1.txt" 2>/dev/null
	build/lab/sweep --quick --strategy erms --shard 2/2 --seed 1 >"$dir/s2.txt" 2>/dev/null
	mkdir -p "$dir/corpus/merge"
	{ cat "$dir/s1.txt"; printf '\001'; cat "$dir/s2.txt"; } >"$dir/corpus/merge/a"
fi
seed merge b 'sweep-plan: seed=1 max_len=8 aligns=1/1 random=0 random_max_len=8 lag_len=0 lag_aligns=1 lag_stride=1 trace=0 trace_max_len=0 phases=1 stop_after=1 show=1 shard=1/1\nsweep-tally: erms exact 1 0 0 0 0 0 0 0 0 0 0.1 0 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n'

for t; do
	bin=$dir/fuzz-$t
	[ -x "$bin" ] || { echo "FAIL $t: no $bin (make fuzz-inputs-build)"; fail=$((fail + 1)); continue; }
	mkdir -p "$dir/corpus/$t"
	echo "fuzz-inputs: $t for $secs s" >&2
	ASAN_OPTIONS=detect_leaks=0:allow_user_segv_handler=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		timeout --kill-after=10 $((secs + 60)) "$bin" -max_total_time="$secs" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 -close_fd_mask=1 -max_len=4096 \
		-artifact_prefix="$dir/crashes-$t-" "$dir/corpus/$t" >"$dir/$t.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/$t.log")
	if [ "$rc" = 0 ] && ! grep -q 'ERROR: \|runtime error:' "$dir/$t.log"; then
		echo "ok   $t: $execs executions in $secs s, no crash"
		pass=$((pass + 1))
	else
		echo "FAIL $t: exit $rc after ${execs:-?} executions ($dir/$t.log)"
		grep -m3 'ERROR: \|runtime error:\|SUMMARY' "$dir/$t.log" | sed 's/^/    /'
		fail=$((fail + 1))
	fi
done
# The shell entry points: FUZZ_INPUTS_SHELL malformed invocations (their
# failures listed, their counts added to these).
ns=${FUZZ_INPUTS_SHELL:-500}
if [ "$ns" != 0 ]; then
	tests/fuzz-inputs/shell-entries.sh "$ns" "${FUZZ_INPUTS_SEED:-1}" >"$dir/shell.log" 2>&1
	grep '^FAIL' "$dir/shell.log"
	last=$(tail -n 1 "$dir/shell.log")
	if [[ "$last" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
		echo "shell entries: ${BASH_REMATCH[1]} of $ns malformed invocations exit 2 with a reason"
		pass=$((pass + BASH_REMATCH[1])) fail=$((fail + BASH_REMATCH[2]))
	else
		echo "FAIL shell entries: no summary ($dir/shell.log)"; fail=$((fail + 1))
	fi
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
