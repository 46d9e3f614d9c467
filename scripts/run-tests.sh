#!/usr/bin/env bash
# Runs every suite listed in tests/suites.txt ("name: command" per line). Each
# suite's output ends with a line "N passed, M failed"; a suite that exits
# non-zero without one counts as one failure. Prints the sums last.
set -uo pipefail
cd "$(dirname "$0")/.."
total_p=0 total_f=0 failed_suites=()
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	name=${line%%:*}; cmd=${line#*:}
	echo "=== suite $name:$cmd"
	log=$(mktemp)
	bash -c "$cmd" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	rm -f "$log"
	if [ -n "$last" ]; then
		p=${last%% passed*}; f=${last#*, }; f=${f%% failed*}
	else
		p=0; f=1
	fi
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	total_p=$((total_p + p)); total_f=$((total_f + f))
	[ "$f" -ne 0 ] && failed_suites+=("$name")
	echo "=== suite $name: $p passed, $f failed (exit $rc)"
done < tests/suites.txt
[ ${#failed_suites[@]} -gt 0 ] && echo "failing suites: ${failed_suites[*]}"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
