#!/usr/bin/env bash
# The results suite: the readers, the rules and the renderer of results
# (docs/results.md) on small fixtures (tests/fixtures/results/), in
# seconds. Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
. scripts/results.sh
F=tests/fixtures/results
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
make -s build/registry.tsv >"$out/build.txt" 2>&1 || { cat "$out/build.txt"; bad "the registry does not build"; }
jr() { local f=$1; shift; jq -L scripts "include \"results\"; $f" "$@"; }

# Tables by their header's names, in the order asked; a missing one said.
printf 'b,a,c\n2,1,3\n' >"$out/t.csv"
check "csv_cols reads columns by name, in the order asked" test "$(csv_cols "$out/t.csv" c a)" = "$(printf '3\t1')"
check "csv_cols names a column the file lacks (exit 2)" \
	bash -c ". scripts/results.sh; ! csv_cols '$out/t.csv' d 2>'$out/err' && grep -q 'no column d' '$out/err'"

# The sweep's own JSON (sweep --json) in the results' shape: targets, phases,
# failures as fields.
sweep_json $F/sweep.json 0 >"$out/sweep.json"
expect_json "sweep_json: 3 targets, 4090 passed, finished" "$out/sweep.json" \
	'.finished and .passed == 4090 and .failed == 0 and (.targets | length) == 3'
expect_json "sweep_json: erms's phases and its lag histogram" "$out/sweep.json" \
	'.targets.erms.phases | .exact_hw.cases == 1316 and .delayed_hw.cases == 224 and .traced.cases == 5
	 and (.delayed_hw.lags | startswith("lag k=1: 73"))'
sweep_json $F/sweep-fail.json 1 >"$out/sweep-fail.json"
expect_json "sweep_json: a failing case as fields (len, offsets, tags, detail)" "$out/sweep-fail.json" \
	'.exit == 1 and .failed == 5 and (.failures[0] | .len == 8 and .src == 0 and .dst == 63 and .fs == null
	 and .fd == 1 and .tags == ["result", "data", "contract"] and (.detail | startswith("returned 8")))'
expect_json "... and in words, with its replay command" "$out/sweep-fail.json" \
	"include \"results\"; .failures[0] | (failure_words | startswith(\"copy of 8 bytes, no source fault, destination faults at offset 1\"))
	 and failure_replay(\"sweep\"; \"e\"; \"m\"; \"stos\"; \"\") == \"sweep --entry e --model m --abi stos --case 8,0,63,-,1\""

sweep_json "$out/none.json" 124 >"$out/cut.json"
expect_json "sweep_json: a sweep that wrote no JSON did not finish, its exit kept" "$out/cut.json" \
	'(.finished | not) and .exit == 124 and .targets == {}'

# report.md: each EXACT row's equivalence result comes from the one
# equivalence unit, `equiv` (its harness equiv_<row>).
cp $F/fuzz.json "$out/fuzz.json"
levels_json $F/levels.txt 0 >"$out/levels.json"
PROOF_RESULTS=$F/results.json EQUIV_WP=$F/equiv-wp.json REPORT_DIR=$out REPORT_OUT=$out/report.md \
	scripts/report.sh write "$out/sweep.json" $F/bench >"$out/report.txt" 2>&1
expect_json "report.json: erms ≡ bytewise, 4/4 goals of equiv_erms in the equiv unit" "$out/report.json" \
	'.rows[] | select(.name == "erms") | .equiv == {goals: 4, proved: 4, reference: "bytewise", ok: true}'
expect_json "report.json: fsrm's equivalence 3/4, not proved, so a proof failed" "$out/report.json" \
	'(.rows[] | select(.name == "fsrm") | .equiv.ok == false) and .failed.proof'
expect_json "report.json: sweep, fuzz and ticks of a row by name" "$out/report.json" \
	'.rows[] | select(.name == "erms") | .sweep.passed == 1545 and .fuzz.executions == 1000 and .ticks["4096"] == 120'
check "report.md shows the equivalence cells" \
	bash -c "grep -q '| 15/15 ✓; ≡ bytewise 4/4 ✓ |' '$out/report.md' && grep -q '| 12/12 ✓; ≡ bytewise 3/4 ✗ |' '$out/report.md'"
check "report: FAILED, the equivalence not all proved" grep -q '^report: FAILED: a proof' "$out/report.txt"

# The rules (scripts/results.jq): a review's verdict and levels, a patch's.
jr 'review_verdict' $F/review-pass.json >"$out/pass.json"
expect_json "review_verdict: a pass, exit 0, EXACT under both readings" "$out/pass.json" \
	'.pass and .exit == 0 and .levels == {exact_hw: "EXACT", delayed_hw: "EXACT"}'
jr '.sweep_model.targets.x.total.failed = 3 | .sweep_model.targets.x.phases.delayed_hw.failed = 3 | review_verdict' \
	$F/review-pass.json >"$out/fail.json"
expect_json "review_verdict: 3 cases failing the model under lags: FAIL, exit 1, FAIL on delayed hw" "$out/fail.json" \
	'(.pass | not) and .exit == 1 and .verdict == "FAIL: 3 failing cases" and .levels == {exact_hw: "EXACT", delayed_hw: "FAIL"}'
jr '{pairs: [{old: $o[0], new: $n[0]}]} | patch_verdict' --slurpfile o "$out/pass.json" --slurpfile n "$out/fail.json" \
	-n >"$out/patch.json"
expect_json "patch_verdict: the new version fails where the old passed: REGRESSION, exit 1, why in words" "$out/patch.json" \
	'.exit == 1 and .pairs[0].verdict == "REGRESSION" and (.pairs[0].regressions | index("level drop on delayed hw: EXACT → FAIL") != null)'

# The one renderer renders every kind.
for k in review:pass.json patch:patch.json report:report.json; do
	check "scripts/render.sh ${k%%:*}" bash -c "scripts/render.sh ${k%%:*} '$out/${k#*:}' | grep -q '^# '"
done
summary
