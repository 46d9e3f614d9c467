#!/usr/bin/env bash
# Runs every suite listed in tests/suites.txt ("name: command" per line). Each
# suite's output ends with a line "N passed, M failed"; a suite that exits
# non-zero without one counts as one failure. Prints each suite's wall
# seconds with its counts, then a table of them (slowest first, also in
# build/test-times.json) and the sums last. SUITES: another suites file.
set -uo pipefail
cd "$(dirname "$0")/.."
total_p=0 total_f=0 failed_suites=() times=()
run_start=$(date +%s)
# Every binary the suites use, built once and both cores at a time before
# the first suite (each suite's own `make` then finds them up to date). A
# failure here is not counted: the suite that needs the binary reports it.
BUILD_FIRST=${BUILD_FIRST-build/registry.tsv lab fuzz-build fuzz-afl-build bench-build live-build}
mkdir -p build
if [ -n "$BUILD_FIRST" ]; then
	t0=$(date +%s)
	# shellcheck disable=SC2086
	make -s -j"$(nproc)" $BUILD_FIRST > build/build-first.log 2>&1 || echo "=== build first failed (see build/build-first.log); the suites will say which binary is missing"
	echo "=== build first ($BUILD_FIRST): $(( $(date +%s) - t0 )) s"
fi
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	name=${line%%:*}; cmd=${line#*:}
	echo "=== suite $name:$cmd"
	log=$(mktemp) t0=$(date +%s)
	bash -c "$cmd" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	secs=$(( $(date +%s) - t0 ))
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
	echo "=== suite $name: $p passed, $f failed (exit $rc, $secs s)"
	times+=("$name	$p	$f	$secs")
done < ${SUITES:-tests/suites.txt}
mkdir -p build
printf '%s\n' "${times[@]}" | jq -R -s --argjson total "$(( $(date +%s) - run_start ))" '
	{total_s: $total, suites: [split("\n")[] | select(. != "") | split("\t")
	  | {suite: .[0], passed: (.[1] | tonumber), failed: (.[2] | tonumber), wall_s: (.[3] | tonumber)}]}' \
	> build/test-times.json
echo "=== suite times (s), slowest first:"
jq -r '.suites | sort_by(-.wall_s)[] | "  \(.wall_s)\t\(.suite)"' build/test-times.json
echo "=== total $(jq .total_s build/test-times.json) s"
[ ${#failed_suites[@]} -gt 0 ] && echo "failing suites: ${failed_suites[*]}"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
