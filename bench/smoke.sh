#!/usr/bin/env bash
# Smoke test of the benchmark (a suite in tests/suites.txt): it builds and
# runs, the table has 65 rows, the CSV and summary parse, bad input is
# refused. Asserts no timing. Ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
. scripts/results.sh
finish() { summary; exit; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# UCOPY_BENCH=path checks an already built binary instead.
bin=${UCOPY_BENCH:-build/bench/ucopy-bench}
[ -n "${UCOPY_BENCH:-}" ] || check "build" make -s bench-build
[ -x "$bin" ] || { bad "no $bin"; finish; }

# A tiny run: aligned only, few samples; plot only if gnuplot is here.
plot=--no-plot
command -v gnuplot >/dev/null 2>&1 && plot=
"$bin" --quick --reps 20 --warmup 4 --rounds 2 $plot --out-dir "$out" \
	>"$out/stdout" 2>"$out/stderr"
rc=$?
check "runs (exit 0)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || { cat "$out/stderr"; finish; }

rows() { grep -cE '^[0-9]+	[0-9]+	[0-9]+	-?[0-9]+\(-?[0-9]+%\)$' "$1"; }
check "table has 65 rows (0..64)" test "$(rows "$out/table.txt")" -eq 65
check "table rows are 0..64 in order" \
	diff <(grep -E '^[0-9]+	[0-9]+	' "$out/table.txt" | cut -f1) <(seq 0 64)
check "header names the CPU and the flags" \
	grep -qE '^# cpu: .*family [0-9]+ model [0-9]+ stepping [0-9]+' "$out/table.txt"
check "header: erms fsrm fzrm fsrs rep_good" \
	grep -qE '^# flags: erms (present|absent).*fsrm.*fzrm.*fsrs.*rep_good' "$out/table.txt"
check "header says TSC ticks, no STAC/CLAC" \
	bash -c "grep -q 'TSC ticks' '$out/table.txt' && grep -q 'STAC/CLAC' '$out/table.txt'"

# The CSV: a fixed header, as many fields a row, numbers where numbers go
# (read by the header's names), one row per (strategy, length) with every
# registry strategy and both peers.
csv_ok() {
	head -n 1 "$out/results.csv" | grep -qx "cpu,variant,dst_minus_src_mod_4096,strategy,kind,abi,len,samples,calls_per_sample,min,p10,median,p90,max,empty_min,empty_median" &&
	awk -F, 'NR == 1 { n = NF } NR > 1 && NF != n { exit 1 } END { exit NR < 2 }' "$out/results.csv" &&
	csv_cols "$out/results.csv" len samples calls_per_sample min p10 median p90 max empty_min empty_median |
		awk -F'\t' '{ for (i = 1; i <= NF; i++) if ($i !~ /^[0-9]+(\.[0-9]+)?$/) bad = 1
			if ($4 + 0 > $6 + 0 || $6 + 0 > $8 + 0) bad = 1 } END { exit bad }'
}
check "CSV parses" csv_ok
strategies=$("$bin" --list | awk '{ print $1 }')
nlen=$(csv_cols "$out/results.csv" len | sort -un | wc -l)
nstrat=$(echo "$strategies" | wc -l)
check "CSV has every strategy and peer" bash -c ". scripts/results.sh; for s in $(echo $strategies); do
	csv_cols '$out/results.csv' variant strategy | grep -qx \"aligned	\$s\" || exit 1; done"
check "CSV has one row per strategy and length" \
	test "$(($(wc -l <"$out/results.csv") - 1))" -eq $((nstrat * nlen))
check "summary has len 8 32 64 256 4096 per strategy" \
	test "$(csv_cols "$out/summary.csv" strategy variant len median min |
		grep -cE '^[a-z0-9_]+	aligned	(8|32|64|256|4096)	[0-9.]+	[0-9.]+$')" -eq $((nstrat * 5))
if [ -z "$plot" ]; then
	check "plot is a PNG" bash -c "head -c 4 '$out/ticks-aligned.png' | grep -q PNG"
fi

# --entry: any linked-in routine against a registry row (the review's mode).
"$bin" --entry ucopy_fsrm --base erms --lengths 0-8 --reps 20 --warmup 4 --rounds 2 --no-plot \
	--out-dir "$out/entry" >"$out/entry.stdout" 2>&1
check "--entry times the routine against --base (exit 0)" test $? -eq 0
check "... and only those two and the empty call" \
	test "$(csv_cols "$out/entry/results.csv" strategy kind | tr '\t' : | sort -u | paste -sd ' ')" = \
	"empty:peer erms:strategy ucopy_fsrm:entry"

# Bad input: a clear message and a non-zero exit.
refused() { ! "$bin" "$@" --out-dir "$out/bad" >/dev/null 2>"$out/err" && grep -q . "$out/err"; }
check "unknown strategy refused" refused --strategies no_such_strategy
check "unknown variant refused" refused --variants dst+2
check "bad number refused" refused --reps 12x
check "unknown flag refused" refused --frobnicate
check "unknown --entry symbol refused" refused --entry no_such_routine --base erms
finish
