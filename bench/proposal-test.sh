#!/usr/bin/env bash
# Tests of bench/proposal.sh on made-up results (a suite in
# tests/suites.txt): the counts, the medians of runs, the targets, the
# table, the doc update and bad input. Asserts no timing of this machine.
# Ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
make -s registry >/dev/null || { bad "make registry"; summary; exit; }
hdr=cpu,variant,dst_minus_src_mod_4096,strategy,kind,abi,len,samples,calls_per_sample,min,p10,median,p90,max,empty_min,empty_median
# csv FILE "variant strategy len median" ...
csv() {
	local f=$1; shift
	{ echo "$hdr"; for r in "$@"; do set -- $r
		echo "Test, CPU,$1,0,$2,strategy,rep,$3,10,1,1,1,$4,1,1,1,1"; done; } >"$f"
}
# aligned: at 0 movs_fast 10 vs fsrm 20 (fastest), at 1 within a tick of
# erms (11 vs 10.5), at 2 a miss (14 vs 12); alias: 0 and 1 ahead of fsrm.
rows=("aligned fsrm 0 20" "aligned erms 0 15" "aligned movs_fast 0 10"
	"aligned fsrm 1 20" "aligned erms 1 10.5" "aligned movs_fast 1 11"
	"aligned fsrm 2 20" "aligned erms 2 12" "aligned movs_fast 2 14"
	"alias fsrm 0 50" "alias movs_fast 0 10" "alias fsrm 1 50" "alias movs_fast 1 12"
	"alias fsrm 512 50" "alias movs_fast 512 60")
csv "$t/a.csv" "${rows[@]}"
bench/proposal.sh "$t/a.csv" >"$t/out" 2>&1; rc=$?
check "a missed target exits 1" test "$rc" -eq 1
check "aligned: within 1 tick at 2/3, miss at 2, fastest at 0" \
	grep -q '^  aligned  within 1 tick at 2/3 lengths (misses: 2); strictly fastest at 1 (0)$' "$t/out"
check "the miss names the best kernel strategy" grep -q '^  aligned 2: 14.0, erms 12.0$' "$t/out"
check "0..64 mean lead over fsrm: aligned 8.3, MET" \
	grep -q '^target: ahead of fsrm by >= 3 ticks on average over 0..64: MET (mean lead: aligned 8.3 alias 39.0)$' "$t/out"
check "alias below 512 only: MET, smallest lead 38.0 at 1" \
	grep -q '^target: ahead of fsrm in the alias variant at every length below 512: MET (2 lengths; smallest lead 38.0 ticks, at 1)$' "$t/out"
# Three runs: the median of the medians decides (12, 14 and 30 -> 14).
csv "$t/r1.csv" "aligned fsrm 0 20" "aligned movs_fast 0 12" "alias fsrm 0 20" "alias movs_fast 0 30"
csv "$t/r2.csv" "aligned fsrm 0 20" "aligned movs_fast 0 30" "alias fsrm 0 20" "alias movs_fast 0 14"
csv "$t/r3.csv" "aligned fsrm 0 20" "aligned movs_fast 0 14" "alias fsrm 0 20" "alias movs_fast 0 12"
bench/proposal.sh "$t"/r[123].csv >"$t/out3" 2>&1; rc=$?
check "three runs: all targets met, exit 0" test "$rc" -eq 0
check "three runs: the median run counts (lead 6.0)" grep -q 'mean lead: aligned 6.0 alias 6.0)$' "$t/out3"
check "three runs: named in the header" grep -q 'median of 3 run(s)$' "$t/out3"
bench/proposal.sh --table "$t/a.csv" >"$t/table"
check "table: the review's format against fsrm" grep -q '^| 0 | 20 | 10 | 10(50%) |' "$t/table"
check "table: a slower row has a negative delta" grep -q '^| 512 | 50 | 60 | -10(-20%) |$' "$t/table"
printf 'x\n<!-- proposal-table:begin -->\nold\n<!-- proposal-table:end -->\ny\n' >"$t/doc.md"
bench/proposal.sh --update "$t/doc.md" "$t/a.csv" >/dev/null
check "update: the old text is replaced, the rest kept" \
	bash -c "! grep -q '^old$' '$t/doc.md' && head -n1 '$t/doc.md' | grep -qx x && tail -n1 '$t/doc.md' | grep -qx y"
check "update: table and summary inside the markers" \
	bash -c "grep -q '^| 0 | 20 | 10 |' '$t/doc.md' && grep -q '^target: ' '$t/doc.md'"
echo "len,median" >"$t/bad.csv"
bench/proposal.sh "$t/bad.csv" >/dev/null 2>&1
check "not a results.csv: exit 2" test $? -eq 2
bench/proposal.sh "$t/none.csv" >/dev/null 2>&1
check "a missing file: exit 2" test $? -eq 2
csv "$t/nonew.csv" "aligned fsrm 0 20"
bench/proposal.sh "$t/nonew.csv" >/dev/null 2>&1
check "no proposed row in the results: exit 2" test $? -eq 2
bench/proposal.sh --bogus "$t/a.csv" >/dev/null 2>&1
check "an unknown option: exit 2" test $? -eq 2
summary
