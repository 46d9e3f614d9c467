#!/usr/bin/env bash
# Where the proof time goes: a cold run of every unit (no unit cache, no
# WP goal cache), with each prover call logged, then per unit the wall and
# CPU seconds and the provers' seconds split by goal kind (contract,
# equivalence, smoke) and prover, and the 10 slowest prover calls.
#   proofs/profile.sh [unit ...]        run, then report (default: all units)
#   proofs/profile.sh --report DIR      report on an earlier run in DIR (or
#                                       the units it finished)
#   proofs/profile.sh --compare A.json B.json   before/after table of two
#                                       profile.json, over their common units
# Writes build/proofs/profile.json and build/proofs/profile.md (the same
# numbers as a Markdown table) and prints the table.
# Each unit runs its provers one at a time (WP_PAR=1) so that every prover
# call in WP's log is followed by its own result; two units run at once
# (PROVE_JOBS=2), so both cores stay busy as in `make prove`. The verdicts
# still come from WP's JSON report; only the timings are read off the log
# (WP writes them nowhere else).
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/proofs
mkdir -p "$out"
if [ "${1:-}" = --compare ]; then
	# Before and after, by goal kind: provers' seconds and calls, and the
	# units' CPU, over the units both profiles hold.
	[ $# -eq 3 ] && [ -f "$2" ] && [ -f "$3" ] || { echo "profile: --compare BEFORE.json AFTER.json" >&2; exit 2; }
	jq -r -n --slurpfile a "$2" --slurpfile b "$3" '
		($a[0].units | map(.unit)) as $ua | ($b[0].units | map(.unit)) as $ub
		| [$ua[] | select(. as $u | $ub | index($u))] as $common
		| def pick(p): p.units | map(select(.unit as $u | $common | index($u)));
		  def kind(p; k): pick(p) | map(.provers[k].total // 0) | add // 0 | . * 10 | round / 10;
		  def cpu(p): pick(p) | map(.cpu_s // 0) | add // 0 | . * 10 | round / 10;
		"Units in both: \($common | length) (\($common | join(", ")))", "",
		"| seconds | before | after |", "|---|--:|--:|",
		(["contract", "equivalence", "smoke"][] as $k | "| provers, \($k) goals | \(kind($a[0]; $k)) | \(kind($b[0]; $k)) |"),
		"| CPU, all (Frama-C and provers) | \(cpu($a[0])) | \(cpu($b[0])) |",
		"| CPU / 2 cores (estimated idle wall) | \(cpu($a[0]) / 2 | . * 10 | round / 10) | \(cpu($b[0]) / 2 | . * 10 | round / 10) |"'
	exit 0
fi
if [ "${1:-}" = --report ]; then
	[ $# -eq 2 ] && [ -d "$2" ] || { echo "profile: --report needs a profile run's folder" >&2; exit 2; }
	dir=$2
	# a run stopped early (no wall time written): the units it finished
	[ -f "$dir/wall" ] || jq -s . "$dir"/*/summary.json > "$dir/results.json" ||
		{ echo "profile: no finished unit in $dir" >&2; exit 2; }
else
	dir=${PROFILE_DIR:-build/proofs-profile}
	rm -rf "$dir"
	echo "profile: a cold run of every unit, provers logged (about 10 minutes on 2 idle cores)"
	start=$(date +%s)
	PROVE_DIR=$dir PROVE_CACHE=0 WP_CACHE_MODE=none WP_PAR=1 PROVE_JOBS=${PROVE_JOBS:-2} \
		WP_LOG_FLAGS="-wp-msg-key prover -wp-debug 1" proofs/prove.sh "$@" | grep -E '^  done|^prove:'
	echo $(( $(date +%s) - start )) > "$dir/wall"
	# prove.sh writes results.json for a whole run only
	[ -f "$dir/results.json" ] || jq -s . "$dir"/*/summary.json > "$dir/results.json"
fi

# One TSV line per prover call: unit, goal, prover, timeout, result, seconds.
# A goal's calls follow its "Goal typed_<name> preprocessing" line; Qed's
# own proofs are one line "[Qed] Goal typed_<name> : Valid (<n>ms)".
attempts() {
	local u
	for u in $(jq -r '.[] | select(.cached | not) | .unit' "$dir/results.json"); do
		awk -v unit="$u" '
		function secs(s,   m) {
			if (match(s, /\(([0-9.]+)(ms|s)[,)]/)) {
				m = substr(s, RSTART + 1, RLENGTH - 2); sub(/[,)]$/, "", m)
				if (m ~ /ms$/) { sub(/ms$/, "", m); return m / 1000 }
				sub(/s$/, "", m); return m + 0
			}
			return 0
		}
		/Goal typed_.* preprocessing$/ { goal = $4; sub(/^typed_/, "", goal); next }
		/^\[wp\] \[Qed\] Goal typed_.* : Valid/ {
			g = $4; sub(/^typed_/, "", g)
			printf "%s\t%s\tqed\t0\tValid\t%s\n", unit, g, secs($0); next }
		/Why3 run prover/ { prover = tolower($5); timeout = $9; sub(/,$/, "", timeout); next }
		/Why3 result for/ {
			line = $0; sub(/.*Why3 result for [^:]*: */, "", line)
			split(line, w, /[ (]/)
			printf "%s\t%s\t%s\t%s\t%s\t%s\n", unit, goal, prover, timeout, w[1], secs(line) }
		' "$dir/$u/log"
	done
}
attempts | jq -R -s --slurpfile results "$dir/results.json" --arg wall "$(cat "$dir/wall" 2>/dev/null || echo null)" '
	($results[0]) as $r
	| ($r | map({(.unit): .kind}) | add) as $kinds
	| [split("\n")[] | select(. != "") | split("\t")
	   | {unit: .[0], goal: .[1], prover: .[2], timeout: (.[3] | tonumber),
	      result: .[4], s: (.[5] | tonumber)}
	   | .kind = (if (.goal | test("_wp_smoke_")) then "smoke"
	              elif $kinds[.unit] == "equiv" then "equivalence" else "contract" end)] as $a
	| def split_by(xs): xs | group_by(.kind)
	    | map({(.[0].kind): (group_by(.prover) | map({(.[0].prover): (map(.s) | add * 100 | round / 100)}) | add
	                         | .total = ([.[]] | add * 100 | round / 100))}) | add // {};
	  def r2: . * 10 | round / 10;
	{ run: {units: ($r | length), wall_s: ($wall | tonumber? // null),
	        cpu_s: ($r | map(.cpu_s // 0) | add | r2),
	        prover_s: ($a | map(.s) | add // 0 | r2),
	        est_wall_2_cores_s: ($r | map(.cpu_s // 0) | add / 2 | r2),
	        goals: ($r | map(.goals + .smoke.goals) | add)},
	  by_kind: split_by($a),
	  calls: ($a | group_by(.kind) | map({(.[0].kind): {calls: length,
	          goals: (map(.goal) | unique | length),
	          results: (group_by(.result) | map({(.[0].result): length}) | add)}}) | add),
	  units: [$r[] as $u | ($a | map(select(.unit == $u.unit))) as $ua
	          | {unit: $u.unit, kind: $u.kind, goals: ($u.goals + $u.smoke.goals),
	             wall_s: $u.wall_s, cpu_s: ($u.cpu_s // null), provers: split_by($ua)}]
	         | sort_by(-(.cpu_s // 0)),
	  slowest: ($a | sort_by(-.s) | .[:10]) }' > "$out/profile.json" ||
	{ echo "profile: cannot read the run in $dir" >&2; exit 2; }

# The units' CPU seconds, the order `make prove` starts them in a fresh
# clone: copy it to proofs/unit-costs.tsv to update that table.
jq -r '"unit\tcpu_s", (.units[] | select(.cpu_s) | "\(.unit)\t\(.cpu_s)")' "$out/profile.json" > "$out/unit-costs.tsv"

# The table, for people (the JSON is what scripts read).
jq -r '
	def c(k; p): (.provers[k][p] // 0);
	def f: if . == 0 then "" else tostring end;
	"| unit | goals | wall s | CPU s | contract cvc4/z3/cvc5 | equivalence cvc4/z3/cvc5 | smoke cvc4/z3/cvc5 |",
	"|---|--:|--:|--:|--:|--:|--:|",
	(.units[] | "| \(.unit) | \(.goals) | \(.wall_s) | \(.cpu_s) | \(c("contract"; "cvc4") | f) / \(c("contract"; "z3") | f) / \(c("contract"; "cvc5") | f) | \(c("equivalence"; "cvc4") | f) / \(c("equivalence"; "z3") | f) / \(c("equivalence"; "cvc5") | f) | \(c("smoke"; "cvc4") | f) / \(c("smoke"; "z3") | f) / \(c("smoke"; "cvc5") | f) |"),
	"",
	"| goal kind | goals | calls (Qed proofs included) | seconds (cvc4 / z3 / cvc5 / qed) | results |",
	"|---|--:|--:|--:|---|",
	(. as $p | ["contract", "equivalence", "smoke"][] as $k | $p.calls[$k] as $c | select($c)
	 | "| \($k) | \($c.goals) | \($c.calls) | \($p.by_kind[$k].total) (\($p.by_kind[$k].cvc4 // 0) / \($p.by_kind[$k].z3 // 0) / \($p.by_kind[$k].cvc5 // 0) / \($p.by_kind[$k].qed // 0)) | \($c.results | to_entries | map("\(.key) \(.value)") | join(", ")) |"),
	"",
	"Slowest prover calls:",
	"",
	"| unit | goal | prover | result | s |",
	"|---|---|---|---|--:|",
	(.slowest[] | "| \(.unit) | \(.goal) | \(.prover) | \(.result) | \(.s) |"),
	"",
	"Run: \(.run.units) units, \(.run.goals) goals; wall \(.run.wall_s // "?") s; CPU \(.run.cpu_s) s (provers \(.run.prover_s) s); CPU / 2 cores = \(.run.est_wall_2_cores_s) s"
	' "$out/profile.json" | tee "$out/profile.md"
