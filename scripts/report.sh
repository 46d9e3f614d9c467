#!/usr/bin/env bash
# The main job's report (`make report`, review/review.mk, which makes its
# inputs as file targets and reruns what is out of date):
#
#   scripts/report.sh fuzz SECONDS FUZZ_DIR
#       a JSON array, one object per registry row (docs/results.md): the
#       result `make fuzz STRATEGY=name` left (its result.json) when it is
#       newer than the harness (and REPORT_FRESH is not set), else SECONDS
#       of libFuzzer here; nothing is run when SECONDS is 0 or there is no
#       harness
#   scripts/report.sh write SWEEP_JSON BENCH_OUT
#       build/report/report.json from the proof results (build/proofs/
#       results.json, the equiv unit's WP report), that sweep, build/report/
#       levels.json and fuzz.json, and BENCH_OUT/summary.csv and table.txt;
#       report.md at the repository root rendered from it (scripts/render.jq);
#       prints a short summary whose last line starts "report: FAILED" when
#       a proof or a sweep case failed
# REPORT_DIR, REPORT_OUT, PROOF_RESULTS and EQUIV_WP name other inputs and
# outputs (tests/results.sh runs it on fixtures).
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh

R=${REPORT_DIR:-build/report} OUT=${REPORT_OUT:-report.md}

fuzz_rows() {
	local seconds=$1 dir=$2 s f log rc
	for s in $(registry_names); do
		f=$dir/logs/libfuzzer-$s/result.json
		if [ -z "${REPORT_FRESH:-}" ] && [ -s "$f" ] && [ "$f" -nt "$dir/ucopy-fuzz" ]; then
			jq -c '{strategy, executions, seconds, crashes, source: "make-fuzz"}' "$f"
		elif [ "$seconds" -gt 0 ] && [ -x "$dir/ucopy-fuzz" ]; then
			echo "report: fuzzing $s for $seconds s" >&2
			log=$R/fuzz-$s.log
			rm -rf "$R/fuzz-corpus-$s"
			mkdir -p "$R/fuzz-corpus-$s"
			UCOPY_FUZZ_STRATEGY=$s timeout --kill-after=10 $((seconds + 60)) "$dir/ucopy-fuzz" \
				-max_len=26 -len_control=0 -timeout=10 -max_total_time="$seconds" \
				-print_final_stats=1 -artifact_prefix="$R/fuzz-crash-$s-" \
				"$R/fuzz-corpus-$s" tests/fuzz/corpus >"$log" 2>&1
			rc=$?
			fuzz_json "$log" "$rc" | jq -c --arg s "$s" --argjson t "$seconds" \
				'{strategy: $s, executions, seconds: $t, crashes: (if .exit == 0 then 0 else 1 end), source: "this-report"}'
		fi
	done | jq -s .
}

case "${1:-}" in
fuzz)	fuzz_rows "$2" "$3"; exit 0 ;;
write)	SWEEP=$2 BENCH_OUT=$3 ;;
*)	echo "usage: $0 fuzz SECONDS FUZZ_DIR | write SWEEP_JSON BENCH_OUT" >&2; exit 2 ;;
esac
SWEEP_KIND=full
case "$SWEEP" in *quick*) SWEEP_KIND=quick ;; esac

# Each registry row with what every source says of it.
rows() {
	local s kind
	registry_json | jq -c '.[]' | while read -r row; do
		s=$(jq -r .name <<<"$row") kind=$(jq -r .kind <<<"$row")
		jq -c --argjson proof "$(proof_of "$s" || echo null)" \
			--argjson equiv "$(equiv_of "$s" || echo null)" \
			--arg ref "$([ "$kind" = clear ] && echo clear_bytewise || echo bytewise)" \
			'. + {proof: $proof, equiv: ($equiv | if . then . + {reference: $ref, ok: (.proved == .goals)} else null end)}' <<<"$row"
	done
}
ticks() { # summary.csv, read by its header: the aligned medians per strategy and length
	{ [ -f "$BENCH_OUT/summary.csv" ] && csv_cols "$BENCH_OUT/summary.csv" strategy variant len median; } |
		jq -R -n '[inputs | split("\t") | select(.[1] == "aligned")] | group_by(.[0])
			| map({key: .[0][0], value: (map({key: .[2], value: (.[3] | tonumber)}) | from_entries)}) | from_entries'
}

mkdir -p "$R"
jq -n --slurpfile rows <(rows) --slurpfile sweep "$SWEEP" --argjson ticks "$(ticks)" \
	--argjson fuzz "$(cat "$R/fuzz.json" 2>/dev/null || echo '[]')" \
	--argjson proofs "$(cat "$PROOF_RESULTS" 2>/dev/null || echo '[]')" \
	--slurpfile levels "$R/levels.json" \
	--arg generated "$(date -u '+%Y-%m-%d %H:%M UTC')" \
	--arg tree "$(git rev-parse --short HEAD 2>/dev/null || echo '(no commit yet)')$(git diff --quiet HEAD 2>/dev/null || echo ' with local changes')" \
	--arg proof_results "$PROOF_RESULTS" --arg sweep_kind "$SWEEP_KIND" --arg bench "$BENCH_OUT/summary.csv" \
	--arg cpu "$(sed -n 's/^# \(cpu\|flags\|kernel\|unit\|timer\|empty call\)\(.*\)/\1\2/p' "$BENCH_OUT/table.txt" 2>/dev/null | head -n 8)" \
	--arg levels_log "$R/levels.txt" '
	($sweep[0]) as $sw
	| {kind: "report", generated: $generated, tree: $tree, proof_results: $proof_results,
	   sweep_kind: $sweep_kind, bench_summary: $bench, cpu: ($cpu | split("\n") | map(select(. != ""))),
	   rows: [$rows[] | . as $r
	     | . + {sweep: ($sw.targets[$r.name].total // null),
	            fuzz: ([$fuzz[] | select(.strategy == $r.name)] | first),
	            ticks: ($ticks[$r.name] // {})}],
	   proofs: $proofs, sweep: $sw,
	   refuted: $levels[0].refuted, levels_clean: $levels[0].clean, levels_log: $levels_log}
	| .failed = {proof: (any(.proofs[]; .ok | not) or any(.rows[]; .equiv != null and (.equiv.ok | not))),
	             sweep: (any(.rows[]; (.sweep.failed // 0) > 0) or (.sweep.finished | not))}' >"$R/report.json" ||
	{ echo "report: the results could not be gathered (above)" >&2; exit 2; }
scripts/render.sh report "$R/report.json" >"$R/report.md.tmp" && mv "$R/report.md.tmp" "$OUT"

jq -r --arg out "$OUT" '
	"report: wrote \($out) (\(.rows | length) registry rows)",
	"  proofs: \([.proofs[] | select(.ok)] | length) of \(.proofs | length) units fully proved (\(.proof_results))",
	"  sweep (\(.sweep_kind)): \(if .sweep.finished then "\(.sweep.passed) passed, \(.sweep.failed) failed" else "did not finish" end)",
	"  cpu: \([.cpu[] | select(startswith("cpu")) | ltrimstr("cpu: ")] | first // "")",
	if (.failed.proof or .failed.sweep) | not then "report: every proof and sweep case passed"
	else "report: FAILED:\(if .failed.proof then " a proof" else "" end)\(if .failed.sweep then " the sweep" else "" end) (see report.md)" end' \
	"$R/report.json"
