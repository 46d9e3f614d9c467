#!/usr/bin/env bash
# `make prove-asm`: the unit x86 proves the semantics' bodies (spec/x86.c)
# against their contracts (spec/x86.h); every row with annotations
# (proofs/asm/<row>.annot) has
# its assembled object lifted to C (proofs/asm/lift.sh, build/gen/asm/<row>.c)
# and proven by WP against the row's own contract (src/rows/<row>.h); every
# unit without dead-call smoke tests (WP_SMOKE_DEAD_CALL=0, proofs/wp.sh),
# each row's assigns clauses unsplit (prove-unit.sh, run_wp): the
# same unit runner as `make prove` (proofs/prove-unit.sh, its cache and its
# level read-off), under build/proofs/asm/ (PROVE_DIR), PROVE_JOBS (2)
# units at once. Rows without annotations are listed with the reason they
# are not proven yet (also in build/proofs/asm/not-yet.json).
#
#   proofs/asm/prove-asm.sh [row ...]     default: every annotated row
# Last line: prove-asm: <R> rows and the semantics, <P>/<G> goals proved
set -uo pipefail
cd "$(dirname "$0")/../.."
. proofs/wp.sh
export WP_SMOKE_DEAD_CALL=0
export PROVE_DIR=${PROVE_DIR:-build/proofs/asm}
PROVE_TOOLS=$(tool_versions)
export PROVE_TOOLS
mkdir -p "$PROVE_DIR" build/gen/asm
make -s build/registry.tsv || { echo "prove-asm: cannot build the registry" >&2; exit 2; }
rows=$(registry_columns name kind abi level_exact_hw level_delayed_hw) || exit 2   # by the header's names

want=("$@")
if [ ${#want[@]} -eq 0 ]; then
	for f in proofs/asm/*.annot; do want+=("$(basename "$f" .annot)"); done
fi
# every lift first (one make call), then the proofs, PROVE_JOBS
# (2) units at once, the costliest first (its last run's CPU seconds), as
# `make prove` runs its units: the front end and Qed, one core each, overlap
jobs=()
# a unit's cost: its last run's CPU seconds here; in a fresh clone those a
# cold run measured (proofs/asm/unit-costs.tsv, read by its header; copy
# the summaries' cpu_s there when they change much): without it a fresh
# clone starts the rows in name order and the two costliest run last,
# one beside the other's idle core
asm_cost() {
	local c
	c=$(cat "$PROVE_DIR/$1/cost" 2>/dev/null) || c=$(measured_cost proofs/asm/unit-costs.tsv "$1")
	echo "${c:-1000}"
}
lifts=(); for r in "${want[@]}"; do lifts+=("build/gen/asm/$r.c"); done
echo "  lift ${want[*]} (build/obj/asm/<row>.o)"
for r in "${want[@]}"; do [ -f "proofs/asm/$r.annot" ] || { echo "prove-asm: $r has no proofs/asm/$r.annot" >&2; exit 2; }; done
make -s "${lifts[@]}" || { echo "prove-asm: lifting failed" >&2; exit 1; }
for r in "${want[@]}"; do
	line=$(awk -F'\t' -v r="$r" '$1 == r' <<<"$rows")
	[ -n "$line" ] || { echo "prove-asm: $r is not a registry row" >&2; exit 2; }
	IFS=$'\t' read -r name kind abi lx ld _ <<<"$line"
	# the lifted C must be the current object's: its recorded hash
	want_sha=$(sha256sum "build/obj/asm/$r.o" | cut -c1-16)
	grep -q "sha256 $want_sha)" "build/gen/asm/$r.c" ||
		{ echo "prove-asm: build/gen/asm/$r.c is not the lift of build/obj/asm/$r.o" >&2; exit 1; }
	jobs+=("$(asm_cost "$r")|$r|$lx|$ld")
done
# the semantics the rows call, in the same queue (cached while unchanged)
jobs+=("$(asm_cost x86)|x86|-|-")
rm -rf "$PROVE_DIR/running"   # the units proving now (prove-unit.sh, -wp-par)
echo "prove-asm: ${#want[@]} rows, ${PROVE_JOBS:-2} at a time, ${WP_TIMEOUT:-20} CPU s per goal"
printf '%s\n' "${jobs[@]}" | sort -t'|' -k1,1gr | cut -d'|' -f2- |
	xargs -d '\n' -P "${PROVE_JOBS:-2}" -I{} bash -c '
		IFS="|" read -r r lx ld <<<"$1"
		if [ "$r" = x86 ]; then
			nice proofs/prove-unit.sh x86 stage spec/x86.c "" "the semantics: spec/x86.c meets spec/x86.h"
		else
			nice proofs/prove-unit.sh "$r" row "build/gen/asm/$r.c" "" "machine code: $lx / $ld" "$lx" "$ld"
		fi
		jq -r "\"  done \(.unit): \(.proved)/\(.goals) goals, smoke \(.smoke.passed)/\(.smoke.goals), levels \(.levels.exact_hw // \"-\")/\(.levels.delayed_hw // \"-\")\(if .cached then \" (unchanged, from the last run)\" else \", \(.wall_s) s, \(.cpu_s) CPU s\" end)\(if .ok then \"\" else \"  FAILED: \(.problems)\" end)\"" \
			"$PROVE_DIR/$r/summary.json"' _ {}
summaries=("$PROVE_DIR/x86/summary.json")
for r in "${want[@]}"; do summaries+=("$PROVE_DIR/$r/summary.json"); done
all=$(jq -s . "${summaries[@]}")
[ $# -gt 0 ] || echo "$all" > "$PROVE_DIR/results.json"

# every other lifted-kind row: why it is not proven at machine-code level
# yet, printed and kept as JSON ({row, kind, abi, why}: the level table's
# machine-code column reads it)
notyet=()
# (their objects in one make call: make's start-up, once rather than per row)
[ $# -gt 0 ] || make -s $(awk -F'\t' '{ print "build/obj/asm/" $1 ".o" }' <<<"$rows") 2>/dev/null
while IFS=$'\t' read -r name kind abi _; do
	[ -f "proofs/asm/$name.annot" ] && continue
	[ $# -eq 0 ] || continue
	if [ -f "proofs/asm/pending/$name.annot" ]; then
		why="lifts, annotated (proofs/asm/pending/$name.annot), proof not complete yet"
	else
		why=$(proofs/asm/lift.sh "$name" "build/obj/asm/$name.o" "$kind" "$abi" 2>&1 >/dev/null | head -n1 | sed "s/^lift: //; s/^$name: //")
		why=${why:-lifts; no annotations (loop invariants) yet}
	fi
	echo "  not yet $name ($kind, $abi): $why"
	notyet+=("$(jq -nc --arg r "$name" --arg k "$kind" --arg a "$abi" --arg w "$why" '{row: $r, kind: $k, abi: $a, why: $w}')")
done <<<"$rows"
[ $# -gt 0 ] || printf '%s\n' "${notyet[@]}" | jq -s . > "$PROVE_DIR/not-yet.json"
read -r nok nfail nrows g p <<<"$(jq -r '[(map(select(.ok)) | length), (map(select(.ok | not)) | length),
	(map(select(.ok and .kind == "row")) | length),
	(map(.goals + .smoke.goals) | add), (map(.proved + .smoke.passed) | add)] | @tsv' <<<"$all")"
echo "$nok passed, $nfail failed"
echo "prove-asm: $nrows rows and the semantics, $p/$g goals proved"
[ "$nfail" -eq 0 ]
