#!/usr/bin/env bash
# The results suite: the readers and renderers of results (docs/results.md)
# on small fixtures (tests/fixtures/results/), in seconds. Last line:
# "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
F=tests/fixtures/results
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
make -s build/registry.tsv >"$out/build.txt" 2>&1 || { cat "$out/build.txt"; bad "the registry does not build"; }

# report.md: each EXACT row's equivalence result comes from the one
# equivalence unit, `equiv` (its harness equiv_<row>).
PROOF_RESULTS=$F/results.json EQUIV_WP=$F/equiv-wp.json REPORT_DIR=$F REPORT_OUT=$out/report.md \
	review/report.sh write $F/sweep.txt $F/bench >"$out/report.txt" 2>&1
check "report.md: erms's equivalence with bytewise, 4/4 goals from the equiv unit" \
	grep -q '^| erms |.*| 15/15 ✓; ≡ bytewise 4/4 ✓ |' "$out/report.md"
check "report.md: fsrm's equivalence, 3/4 goals, shown failed" \
	grep -q '^| fsrm |.*| 12/12 ✓; ≡ bytewise 3/4 ✗ |' "$out/report.md"
check "report: FAILED, the equivalence not all proved" grep -q '^report: FAILED: a proof' "$out/report.txt"
summary
