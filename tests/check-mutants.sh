#!/usr/bin/env bash
# The sweep can fail: runs the quick sweep on every mutant listed in
# tests/mutants/expect.txt (each a broken copy of a routine, run against
# the original's model) and checks that it reports the mutant by name
# with the expected kind of failure.
# Last line: "N passed, M failed" (passed = mutants caught).
set -uo pipefail
cd "$(dirname "$0")/.."
sweep=${1:-build/lab/sweep}
[ -x "$sweep" ] || { echo "check-mutants: no $sweep (make lab)" >&2; echo "0 passed, 1 failed"; exit 1; }

caught=0 missed=0
while read -r sym model abi kind stop; do
	case "$sym" in ''|'#'*) continue ;; esac
	log=$(mktemp)
	"$sweep" --quick --seed 1 --entry "$sym" --model "$model" --abi "$abi" \
		--show "$stop" --stop-after "$stop" >"$log" 2>&1
	rc=$?
	# A report line names the mutant and its model, then the failure kinds.
	hit=$(grep -m1 -E "^FAIL $sym \(model $model\) .*\[([a-zA-Z-]+,)*$kind(,[a-zA-Z-]+)*\]" "$log")
	if [ "$rc" -eq 1 ] && [ -n "$hit" ]; then
		echo "caught  $sym (model $model): $kind"
		echo "        ${hit:0:200}"
		caught=$((caught + 1))
	else
		echo "MISSED  $sym (model $model): wanted '$kind', sweep exit $rc"
		grep -m3 '^FAIL' "$log" | sed 's/^/        /'
		tail -n 2 "$log" | sed 's/^/        /'
		missed=$((missed + 1))
	fi
	rm -f "$log"
done < tests/mutants/expect.txt
echo "$caught passed, $missed failed"
[ "$missed" -eq 0 ]
