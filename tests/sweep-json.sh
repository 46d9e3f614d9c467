#!/usr/bin/env bash
# sweep --json (docs/lab.md, "JSON"): the results as data agree with the
# lines people read, on a passing row and on a mutant whose failures must
# come out as fields; a merge of shards writes the same counts. Checked
# with jq, never by reading the text. Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
SWEEP=${1:-build/lab/sweep}
. tests/harness.sh
T=$(mktemp -d "${TMPDIR:-/tmp}/ucopy-sweep-json.XXXXXX")
trap 'rm -rf "$T"' EXIT
small=(--seed 1 --max-len 24 --random 50 --lag-len 8 --trace 20 --trace-max-len 24)

"$SWEEP" "${small[@]}" --strategy erms --strategy string_reptail --json "$T/pass.json" >"$T/pass.txt" 2>&1
check "a passing sweep exits 0" [ $? = 0 ]
expect_json "passing: two targets, three phases each, every count adding up" "$T/pass.json" \
	'.seed == 1 and (.targets | map(.name)) == ["erms", "string_reptail"]
	 and all(.targets[]; (.phases | map(.phase)) == ["exact", "delayed", "trace"]
	     and all(.phases[]; .cases == .passed + .failed and .cases > 0)
	     and .passed == ([.phases[].passed] | add) and .failed == 0)
	 and .passed == ([.targets[].passed] | add) and .failed == 0'
expect_json "passing: the delayed phase has its lag histogram" "$T/pass.json" \
	'all(.targets[].phases[] | select(.phase == "delayed"); .lag_histogram | has("k1") and has("all_done"))'
total=$(tail -n 1 "$T/pass.txt")
expect_json "passing: the JSON totals are the last line's ($total)" "$T/pass.json" \
	"\"\(.passed) passed, \(.failed) failed\" == \"$total\""

"$SWEEP" "${small[@]}" --phase exact,delayed --entry ucopy_mut_erms_lagskip --model erms \
	--show 3 --json "$T/fail.json" >"$T/fail.txt" 2>&1
check "a failing sweep exits 1" [ $? = 1 ]
expect_json "failing: 3 failures shown, as fields and in words, the rest counted" "$T/fail.json" \
	'.failed > 3 and (.targets[0] | (.failures_shown | length) == 3
	     and .failures_not_shown == .failed - 3
	     and all(.failures_shown[]; .kind == "case" and (.case.len | type) == "number"
	         and (.failures | length) > 0 and (.what | length) > 0
	         and (.line | startswith("FAIL ucopy_mut_erms_lagskip (model erms) len=")) and
	         ((" len=\(.case.len) src%64=\(.case.src_align) dst%64=\(.case.dst_align) ") as $want
	          | .line | contains($want))))'
expect_json "failing: a lagged failure names its lags" "$T/fail.json" \
	'any(.targets[0].failures_shown[]; .phase == "delayed" and (.case.lags | length) > 0)'
expect_json "failing: every failing run counted by kind (failed_by_tag), shown or not" "$T/fail.json" \
	'.targets[0] | all(.phases[]; ((.failed_by_tag | add) // 0) >= .failed)
	     and ([.failures_shown[].failures[]] - [.phases[].failed_by_tag | keys[]]) == []
	     and .phases[0].failed_by_tag == {} and .phases[1].failed_by_tag.result > 0'
for i in 1 2; do
	"$SWEEP" "${small[@]}" --phase exact,delayed --entry ucopy_mut_erms_lagskip --model erms \
		--show 3 --shard "$i/2" >"$T/fshard$i.txt" 2>&1
done
"$SWEEP" --merge --json "$T/fmerged.json" "$T/fshard1.txt" "$T/fshard2.txt" >/dev/null 2>&1
kinds=$(jq -c '[.targets[0].phases[].failed_by_tag]' "$T/fail.json")
expect_json "failing: 2 shards merged count the same runs of each kind ($kinds)" "$T/fmerged.json" \
	"[.targets[0].phases[].failed_by_tag] == $kinds"

for i in 1 2; do
	"$SWEEP" "${small[@]}" --strategy erms --shard "$i/2" >"$T/shard$i.txt" 2>&1
done
"$SWEEP" --merge --json "$T/merged.json" "$T/shard1.txt" "$T/shard2.txt" >"$T/merged.txt" 2>&1
check "the merge of 2 shards exits 0" [ $? = 0 ]
one=$(jq -c '[.targets[] | select(.name == "erms") | .phases[] | [.phase, .cases, .passed, .digest]]' "$T/pass.json")
expect_json "the merged JSON has the unsharded run's counts and digests" "$T/merged.json" \
	"[.targets[] | .phases[] | [.phase, .cases, .passed, .digest]] == $one and .shards_merged == 2"

"$SWEEP" "${small[@]}" --strategy erms --json /nonexistent/dir/x.json >"$T/bad.txt" 2>&1
rc=$?
check "an unwritable --json file: exit 2 with the reason" \
	[ "$rc" = 2 ] && grep -q "cannot write" "$T/bad.txt"
summary
