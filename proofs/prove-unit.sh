#!/usr/bin/env bash
# One proof unit: proofs/prove-unit.sh NAME KIND "FILES" "CPPFLAGS" "SHOWS"
#                                       [LEVEL_EXACT_HW LEVEL_DELAYED_HW]
#   KIND   spec (lemmas only) | stage | row (a registry row: levels checked)
#          | equiv
# Writes build/proofs/NAME/summary.json (see proofs/prove.sh) and prints
# nothing. A unit whose inputs are unchanged since its last passing run is
# served from that run: the key is the preprocessed text of every file (so
# the spec and every header it reads are in it, ACSL included), the
# options, and the tools' versions. WP's own goal cache (build/proofs/
# wp-cache) then spares the provers the goals a change left as they were.
set -uo pipefail
cd "$(dirname "$0")/.."
. proofs/wp.sh
name=$1 kind=$2 files=$3 flags=$4 shows=$5 claim_x=${6:-} claim_d=${7:-}
dir=${PROVE_DIR:-build/proofs}/$name
mkdir -p "$dir"

props=-@lemma
[ "$kind" = spec ] && props=@lemma
# a lifted row (make prove-asm) has its assigns clauses proved unsplit
# (proofs/wp.sh run_wp); WP_ASSIGNS_WHOLE set by the caller decides instead
lifted=0
case $files in build/gen/asm/*) lifted=1; export WP_ASSIGNS_WHOLE=${WP_ASSIGNS_WHOLE:-1} ;; esac
# dead-call smoke tests only where a callee has no proven body or the call
# graph cannot vouch for one (proofs/wp.sh dead_call_smoke); a caller that
# sets WP_SMOKE_DEAD_CALL (make prove-asm) decides instead
dead_call_why=
if [ -z "${WP_SMOKE_DEAD_CALL:-}" ]; then
	# shellcheck disable=SC2086
	dc=$(dead_call_smoke "$flags" $files 2> "$dir/calls.err") ||
		dc=$'1\ncall graph unreadable: '"$(head -c 200 "$dir/calls.err")"
	WP_SMOKE_DEAD_CALL=$(head -n1 <<<"$dc") dead_call_why=$(sed -n 2p <<<"$dc")
	export WP_SMOKE_DEAD_CALL
elif [ "$WP_SMOKE_DEAD_CALL" = 1 ]; then dead_call_why="WP_SMOKE_DEAD_CALL=1"
fi

# shellcheck disable=SC2086
key=$({
	echo "$name $kind $flags $props $(wp_options) assigns_whole=${WP_ASSIGNS_WHOLE:-0}"
	echo "${PROVE_TOOLS:-$(tool_versions)}"
	for f in $files; do gcc -E -C $(ucopy_includes) $flags "$f"; done
} 2>&1 | sha256sum | cut -d' ' -f1)

# PROVE_CHECK_ONLY=1: only say (exit 0 or 1) whether the unit's last
# passing run is current, so that its wp.json can be read as this run's
if [ "${PROVE_CHECK_ONLY:-0}" = 1 ]; then
	[ -f "$dir/key" ] && [ "$(cat "$dir/key")" = "$key" ] && jq -e '.ok' "$dir/summary.json" >/dev/null 2>&1
	exit
fi
if [ "${PROVE_CACHE:-1}" = 1 ] && [ -f "$dir/key" ] && [ "$(cat "$dir/key")" = "$key" ] &&
   jq -e '.ok' "$dir/summary.json" >/dev/null 2>&1; then
	jq '.cached = true | .wall_s = 0 | .cpu_s = 0' "$dir/summary.json" > "$dir/summary.tmp" &&
		mv "$dir/summary.tmp" "$dir/summary.json"
	exit 0
fi
rm -f "$dir/key"
# -wp-par: WP's task server sleeps 50 ms between rounds, so a unit proving
# alone at -wp-par 2 leaves a core idle about a third of its run; beside
# another unit, that unit fills it and a larger -wp-par gains nothing
# (docs/proofs.md, "A unit alone"). A unit that proves (not from the
# cache) is listed in PROVE_DIR/running/ while it does; one that starts
# while no other is listed gets 4, else 2; WP_PAR set by the caller
# decides instead. prove.sh and prove-asm.sh empty running/ at their
# start (a killed unit leaves its name there).
running=${PROVE_DIR:-build/proofs}/running
mkdir -p "$running" && : > "$running/$name"
trap 'rm -f "$running/$name"' EXIT
if [ -z "${WP_PAR:-}" ]; then
	WP_PAR=2
	[ -n "$(find "$running" -type f ! -name "$name" -print -quit)" ] || WP_PAR=4
	export WP_PAR
fi

# CPU seconds of the children (frama-c and the provers it starts), user +
# sys, read off bash's `times` before and after (in this shell: a
# subshell's `times` does not see them).
child_cpu() { times > "$dir/times"; cpu_now=$(tail -n1 "$dir/times" |
	awk '{ for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } print s }'); }
child_cpu; cpu0=$cpu_now start=$(date +%s.%N)
# shellcheck disable=SC2086
run_wp "$dir" "$flags" "$props" $files
rc=$?
wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
child_cpu
cpu=$(awk -v a="$cpu0" -v b="$cpu_now" 'BEGIN { printf "%.1f", b - a }')

problems=()
[ "$rc" -eq 0 ] || problems+=("frama-c exited $rc (see $dir/log)")
if [ -s "$dir/wp.json" ]; then counts=$(goal_counts "$dir/wp.json")
else counts='{"goals": 0, "proved": 0, "smoke": {"goals": 0, "passed": 0}}'
	problems+=("no WP report (see $dir/log)"); fi
if [ "$(jq '.goals - .proved' <<<"$counts")" -ne 0 ]; then
	# the properties, named: CI keeps only the end of the log
	props=$(left_unproved "$dir/wp.json" goals |
		awk 'NR <= 5 { printf "%s%s", (NR > 1 ? " " : ""), $0 } END { if (NR > 5) printf " and %d more", NR - 5 }')
	problems+=("$(jq '.goals - .proved' <<<"$counts") goal(s) unproved${props:+, in $props} (see $dir/log)")
fi
[ "$(jq '.smoke.goals - .smoke.passed' <<<"$counts")" -eq 0 ] ||
	problems+=("$(jq '.smoke.goals - .smoke.passed' <<<"$counts") smoke test(s) failed: inconsistent assumptions")
[ "$kind" = spec ] || [ "$(jq '.goals' <<<"$counts")" -gt 0 ] || problems+=("no goal at all")
# termination: a model's loop without a proven variant (make prove's
# units; a lifted row's loops are the machine's and have none)
if [ "$lifted" = 0 ] && [ -s "$dir/wp.json" ]; then
	novar=$(loops_without_variant "$dir/wp.json" | paste -sd ' ')
	[ -z "$novar" ] || problems+=("a loop without a variant in $novar: the proofs assume every body terminates (proofs/wp.sh, dead-call smoke tests)")
fi
nwarn=$(grep -c . "$dir/warnings")
[ "$nwarn" -eq 0 ] || problems+=("$nwarn Frama-C warning(s): $(head -c 300 "$dir/warnings" | tr '\n' ' ')")

# A row's levels are read off the WP verdicts on model_<name>'s named
# postconditions: `ensures exact|raw|weak|zerotail:` holds under both readings, the
# same names in behaviour exact_hw only when rep movs reports exactly. The
# strongest level proven for each reading must be the registry's.
levels=null
if [ "$kind" = row ] && [ -s "$dir/wp.json" ]; then
	levels=$(jq --arg f "model_$name" '
	  (."wp:functions"[$f] // {}) as $p
	  | def proven(k): ($p[k]."wp:main" // {}) | (.total // 0) > 0 and .valid == .total;
	    def level(bhv): [["EXACT", "exact"], ["RAW", "raw"], ["WEAK", "weak"], ["ZEROTAIL", "zerotail"]]
	      | map(select(proven($f + "_ensures_" + .[1]) or
	                   (bhv != "" and proven($f + "_" + bhv + "_ensures_" + .[1]))))
	      | (.[0][0] // "NONE");
	  {exact_hw: level("exact_hw"), delayed_hw: level("")}' "$dir/wp.json")
	got_x=$(jq -r .exact_hw <<<"$levels") got_d=$(jq -r .delayed_hw <<<"$levels")
	[ "$got_x" = "$claim_x" ] || problems+=("registry claims $claim_x on exact hw, WP proves $got_x")
	[ "$got_d" = "$claim_d" ] || problems+=("registry claims $claim_d on delayed hw, WP proves $got_d")
fi

ok=true
[ ${#problems[@]} -eq 0 ] || ok=false
jq -n --arg unit "$name" --arg kind "$kind" --arg shows "$shows" \
	--argjson counts "$counts" --argjson levels "$levels" --argjson wall "$wall" --argjson cpu "$cpu" \
	--argjson ok "$ok" --argjson par "$WP_PAR" --arg problems "$(printf '%s; ' "${problems[@]}")" --arg dc "$dead_call_why" \
	'{unit: $unit, kind: $kind, shows: $shows, goals: $counts.goals,
	  proved: $counts.proved, smoke: $counts.smoke, levels: $levels,
	  dead_call_smoke: (if $dc == "" then false else $dc end),
	  wall_s: $wall, cpu_s: $cpu, wp_par: $par, cached: false, ok: $ok,
	  problems: ($problems | rtrimstr("; ") | select(. != "") // null)}' > "$dir/summary.json"
if [ "$ok" = true ]; then echo "$key" > "$dir/key"; fi
# the next run starts the costliest units first (CPU seconds: wall varies
# with the load)
echo "$cpu" > "$dir/cost"
exit 0
