#!/usr/bin/env bash
# The sweep can fail: runs the quick sweep on every mutant listed in
# tests/mutants/expect.txt (each a broken copy of a routine, run against
# the original's model) and checks that it reports the mutant by name
# with the expected kind of failure, in the expected phase:
#   any      the quick sweep (every phase) must catch it
#   delayed  the lag-0 phase must pass it ("missed at lag 0") and the
#            delayed phase catch it
#   trace    the exact and delayed phases must pass it and the traced
#            phase (single-stepped) catch it
# Last line: "N passed, M failed" (passed = mutants that behave as listed).
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
sweep=${1:-build/lab/sweep}
[ -x "$sweep" ] || { bad "check-mutants: no $sweep (make lab)"; summary; exit; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
while read -r sym model abi kind stop phase; do
	case "$sym" in ''|'#'*) continue ;; esac
	phase=${phase:-any}
	common=(--quick --seed 1 --entry "$sym" --model "$model" --abi "$abi")
	blind_ok=1 note=""
	# the phases that must miss it
	case "$phase" in
	delayed) blind=exact ;;
	trace) blind=exact,delayed ;;
	*) blind= ;;
	esac
	if [ -n "$blind" ]; then
		"$sweep" "${common[@]}" --phase "$blind" --show 3 >"$log" 2>&1
		rc=$?
		if [ "$rc" -eq 0 ]; then
			note="missed by --phase $blind ($(tail -n 1 "$log"))"
		else
			blind_ok=0
			echo "WRONG   $sym (model $model): --phase $blind should miss it, exit $rc"
			grep -m3 '^FAIL' "$log" | sed 's/^/        /'
		fi
	fi
	catch=${phase/any/exact,delayed,trace}
	"$sweep" "${common[@]}" --phase "$catch" --show "$stop" --stop-after "$stop" >"$log" 2>&1
	rc=$?
	# A report line names the mutant and its model, then the failure kinds.
	hit=$(grep -m1 -E "^FAIL $sym \(model $model\) .*\[([a-zA-Z-]+,)*$kind(,[a-zA-Z-]+)*\]" "$log")
	if [ "$blind_ok" = 1 ] && [ "$rc" -eq 1 ] && [ -n "$hit" ]; then
		ok "caught $sym (model $model): $kind, by --phase $catch"
		[ -n "$note" ] && echo "        $note"
		echo "        ${hit:0:220}"
	else
		bad "$sym (model $model): $([ "$blind_ok" = 1 ] && echo "missed: wanted '$kind' from --phase $catch, sweep exit $rc" || echo "seen by --phase $blind")"
		grep -m3 '^FAIL' "$log" | sed 's/^/        /'
		tail -n 2 "$log" | sed 's/^/        /'
	fi
done < tests/mutants/expect.txt
summary
