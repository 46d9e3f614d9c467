#!/usr/bin/env bash
# The runner's own suite (run-tests): scripts/run-tests.sh on a small suites
# file of sleeps that log when they start and end. Two at a time: suites of
# two groups overlap, those of one group do not and keep the file's order,
# an unmarked suite runs alone; each suite's output is printed whole, in
# the file's order; the counts are summed (a suite that exits non-zero
# without a count line is one failure); build/test-times.json (here
# $out/times.json) has every suite's wall and CPU seconds; a failing
# suite's failure lines come again at the end. TEST_JOBS=1
# runs them one after the other. And what make generates on the way to a
# binary stays, so that no suite's make remakes it. Last line: "N passed,
# M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
L=$out/events
# a suite that logs "start NAME" and "end NAME" (with the time) around SECS
# of sleep, then its count line
s() { echo "$1${2:+ [$2]}: echo start $1 \$(date +%s.%N) >>$L; sleep $3; echo line of $1; echo end $1 \$(date +%s.%N) >>$L; echo \"$4 passed, 0 failed\""; }
{
	echo "# a fixture"
	s a1 ga 1.5 1
	s a2 ga 0.2 2
	s b1 gb 0.5 3
	s b2 gb 0.5 4
	echo "c: echo start c \$(date +%s.%N) >>$L; echo no count line; echo end c \$(date +%s.%N) >>$L; exit 3"
	s d1 ga 0.2 5
	s d2 gb 0.2 6
} >"$out/suites.txt"
# runs SUITES with TEST_JOBS=$1; its output in $out/run$1.txt
run() {
	: >"$L"
	SUITES=$out/suites.txt BUILD_FIRST= TEST_JOBS=$1 TEST_TIMES=$out/times$1.json \
		scripts/run-tests.sh >"$out/run$1.txt" 2>&1
}
# at NAME start|end: its time; overlap X Y: their runs overlap
at() { awk -v w="$2" -v n="$1" '$1 == w && $2 == n { print $3 }' "$L"; }
overlap() { awk -v a0="$(at "$1" start)" -v a1="$(at "$1" end)" -v b0="$(at "$2" start)" -v b1="$(at "$2" end)" \
	'BEGIN { exit !(a0 < b1 && b0 < a1) }'; }
before() { awk -v a="$(at "$1" end)" -v b="$(at "$2" start)" 'BEGIN { exit !(a <= b) }'; }

run 2; rc=$?
check "TEST_JOBS=2: exit 1 (suite c failed)" test "$rc" = 1
check "the counts summed, c's missing count line one failure" grep -qx '21 passed, 1 failed' "$out/run2.txt"
check "c named as the failing suite" grep -qx 'failing suites: c' "$out/run2.txt"
check "c's output again at the end (no FAIL line: its last lines), before the counts" \
	test "$(sed -n '/^=== failures of c /,$p' "$out/run2.txt" | grep -c -x -e '  no count line' -e 'failing suites: c')" = 2
check "two groups side by side: a1 and b1 overlap" overlap a1 b1
check "one group one at a time, in order: a1 before a2" before a1 a2
check "... b1 before b2" before b1 b2
check "an unmarked suite alone: after a2 and b2" bash -c "$(declare -f at before); L=$L; before a2 c && before b2 c"
check "... and before d1 and d2" bash -c "$(declare -f at before); L=$L; before c d1 && before c d2"
check "each suite's output whole and in the file's order" \
	test "$(grep -E '^(line of|=== suite [a-z0-9]+: [0-9])' "$out/run2.txt" | sed 's/ (exit.*//' | paste -sd '|')" = \
	"line of a1|=== suite a1: 1 passed, 0 failed|line of a2|=== suite a2: 2 passed, 0 failed|line of b1|=== suite b1: 3 passed, 0 failed|line of b2|=== suite b2: 4 passed, 0 failed|=== suite c: 0 passed, 1 failed|line of d1|=== suite d1: 5 passed, 0 failed|line of d2|=== suite d2: 6 passed, 0 failed"
expect_json "the times JSON: every suite, in order, with wall and CPU seconds and its group" "$out/times2.json" \
	'.jobs == 2 and .finished and ([.suites[].suite] == ["a1","a2","b1","b2","c","d1","d2"]) and
	 all(.suites[]; (.wall_s | type) == "number" and (.cpu_s | type) == "number") and
	 .suites[0].group == "ga" and .suites[4].group == null and .suites[4].failed == 1'

run 1; rc=$?
check "TEST_JOBS=1: exit 1, the same counts" bash -c "[ $rc = 1 ] && grep -qx '21 passed, 1 failed' '$out/run1.txt'"
check "TEST_JOBS=1: one at a time, in the file's order" \
	test "$(awk '$1 == "start" { print $2 }' "$L" | paste -sd ' ')" = "a1 a2 b1 b2 c d1 d2"
check "TEST_JOBS=1: each suite's counts line right after its output" \
	test "$(grep -E '^(line of|=== suite [a-z0-9]+: [0-9])' "$out/run1.txt" | sed 's/ (exit.*//' | head -n 4 | paste -sd '|')" = \
	"line of a1|=== suite a1: 1 passed, 0 failed|line of a2|=== suite a2: 2 passed, 0 failed"
check "TEST_JOBS=1: no two suites overlap (a1, b1)" bash -c "! { $(declare -f at overlap); L=$L; overlap a1 b1; }"

# The build first makes every binary once, and no suite's own make may
# remake one while the suite beside it runs it: so the files it makes on
# the way (a mutant's .S, an intermediate to make) must outlive it. In a
# build dir of its own: one mutant's object, then nothing left to do.
B=build/run-tests-check
rm -rf "$B"
check "a generated intermediate (a mutant's .S) outlives the make that made it: the next one remakes nothing" \
	bash -c "make -s BUILD=$B $B/obj/$B/lab/mutants/fsrm_df.o >'$out/make1.txt' 2>&1 &&
		test -s $B/lab/mutants/fsrm_df.S && make -q BUILD=$B $B/obj/$B/lab/mutants/fsrm_df.o"
rm -rf "$B"

SUITES=$out/suites.txt BUILD_FIRST= TEST_JOBS=x scripts/run-tests.sh >"$out/bad.txt" 2>&1
check "TEST_JOBS=x: exit 2 with the reason" bash -c "[ $? = 2 ] && grep -q 'TEST_JOBS is 1 to 9' '$out/bad.txt'"
summary
