#!/usr/bin/env bash
# Runs every suite listed in tests/suites.txt ("name: command" per line, or
# "name [group]: command", below). Each suite's output ends with a line
# "N passed, M failed"; a suite that exits non-zero without one counts as
# one failure. Prints each suite's output and its wall and CPU seconds with
# its counts, in the file's order, then a table of them (slowest first,
# also in build/test-times.json) and the sums last.
#
# Two at a time (TEST_JOBS, default 2): a suite marked with a [group] may
# run beside another marked one of a different group. Suites of one group
# share files under build/: they run one after the other, in the file's
# order. An unmarked suite runs alone, after every suite above it and
# before every suite below it. Within those rules the first suite of the
# file that may start, starts (the file's order is the priority: the
# longest chain first). Each suite's output is kept in a log and printed
# whole, in the file's order (TEST_JOBS=1: as it runs, one suite at a
# time, in the file's order). SUITES: another suites file; TEST_TIMES:
# where the times go (default build/test-times.json).
set -uo pipefail
cd "$(dirname "$0")/.."
JOBS=${TEST_JOBS:-2} TIMES=${TEST_TIMES:-build/test-times.json}
case "$JOBS" in [1-9]) ;; *) echo "run-tests: TEST_JOBS is 1 to 9" >&2; exit 2 ;; esac
total_p=0 total_f=0 failed_suites=() failed_idx=() times=() build_first_s=0
run_start=$(date +%s)
# Two suites share the 2 cores: a proof unit's -wp-par stays 2, as beside
# another unit (proofs/prove-unit.sh would give one proving alone 4).
export WP_PAR=${WP_PAR:-2}
# Every binary the suites use, built once and both cores at a time before
# the first suite (each suite's own `make` then finds them up to date). A
# failure here is not counted: the suite that needs the binary reports it.
BUILD_FIRST=${BUILD_FIRST-build/registry.tsv lab build/lab/levels fuzz-build fuzz-afl-build bench-build live-build live-vm-build fuzz-inputs-build build/tests/x86sem build/lab/asmlab}
mkdir -p build
if [ -n "$BUILD_FIRST" ]; then
	t0=$(date +%s)
	# shellcheck disable=SC2086
	make -s -k -j"$(nproc)" $BUILD_FIRST > build/build-first.log 2>&1 || echo "=== build first failed (see build/build-first.log); the suites will say which binary is missing"
	build_first_s=$(( $(date +%s) - t0 ))
	echo "=== build first ($BUILD_FIRST): $build_first_s s"
fi

# ---- the suites: name, group ("" runs alone), command ----
names=() groups=() cmds=()
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	head=${line%%:*} cmd=${line#*:} group=""
	if [[ $head =~ ^([^ ]+)[[:space:]]+\[([A-Za-z0-9_-]+)\][[:space:]]*$ ]]; then
		head=${BASH_REMATCH[1]} group=${BASH_REMATCH[2]}
	fi
	names+=("$head") groups+=("$group") cmds+=("$cmd")
done < "${SUITES:-tests/suites.txt}"
n=${#names[@]}

# ---- running: each suite in the background, its log, exit status, CPU ----
L=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do [ -n "$p" ] && kill -- "$p" 2>/dev/null; done; rm -rf "$L"' EXIT
trap 'exit 130' INT TERM
# cpu_of FILE: user + sys seconds of the children, from bash's `times`
cpu_of() { awk 'NR == 2 { gsub(/s/, ""); split($1, u, "m"); split($2, s, "m"); printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1"; }
start() { # I
	local i=$1
	date +%s >"$L/$i.start"
	if [ "$JOBS" = 1 ]; then
		echo "=== suite ${names[$i]}:${cmds[$i]}"
		# shellcheck disable=SC2016
		(bash -c "${cmds[$i]}"; echo $? >"$L/$i.rc"; times >"$L/$i.times") 2>&1 | tee "$L/$i.log"
		date +%s >"$L/$i.end"
		pids[i]=""
	else
		echo "=== suite ${names[$i]} started${groups[$i]:+ [${groups[$i]}]}"
		( (bash -c "${cmds[$i]}"; echo $? >"$L/$i.rc"; times >"$L/$i.times") >"$L/$i.log" 2>&1
		  date +%s >"$L/$i.end" ) &
		pids[i]=$!
	fi
}
# pick: the suite to start now, if any (the rules above); started[J]=1
# once started.
started=()
pick() {
	local j r k=0 alone="" rg=" " skipped=" "
	for ((r = printed; r < n; r++)); do
		[ -n "${started[$r]:-}" ] && [ ! -f "$L/$r.end" ] || continue
		k=$((k + 1)) rg="$rg${groups[$r]} "
		[ -n "${groups[$r]}" ] || alone=1
	done
	[ -z "$alone" ] && [ "$k" -lt "$JOBS" ] || return 1
	for ((j = printed; j < n; j++)); do
		[ -z "${started[$j]:-}" ] || continue
		if [ -z "${groups[$j]}" ]; then
			# a barrier: only as the first one not started, with nothing running
			[ "$k" = 0 ] && [ "$skipped" = " " ] && { echo "$j"; return 0; }
			return 1
		fi
		if [[ $rg != *" ${groups[$j]} "* && $skipped != *" ${groups[$j]} "* ]]; then
			echo "$j"; return 0
		fi
		skipped="$skipped${groups[$j]} "
	done
	return 1
}
# report I: the suite's output (when not shown live) and its line of counts
report() {
	local i=$1 name=${names[$1]} rc secs cpu last p f
	[ "$JOBS" = 1 ] || { echo "=== suite $name:${cmds[$i]}"; cat "$L/$i.log"; }
	rc=$(cat "$L/$i.rc" 2>/dev/null || echo 1)
	secs=$(( $(cat "$L/$i.end") - $(cat "$L/$i.start") ))
	cpu=$(cpu_of "$L/$i.times" 2>/dev/null); cpu=${cpu:-0}
	last=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$L/$i.log" | tail -n 1)
	if [ -n "$last" ]; then
		p=${last%% passed*}; f=${last#*, }; f=${f%% failed*}
	else
		p=0; f=1
	fi
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	total_p=$((total_p + p)); total_f=$((total_f + f))
	[ "$f" -ne 0 ] && failed_suites+=("$name") && failed_idx+=("$i")
	echo "=== suite $name: $p passed, $f failed (exit $rc, $secs s, $cpu s CPU)"
	times+=("$name	$p	$f	$secs	$cpu	${groups[$i]}")
	write_times false
}
# write_times FINISHED: the times so far (after each suite, so that a run
# stopped early leaves those of the suites it finished)
write_times() {
	printf '%s\n' "${times[@]}" | jq -R -s --argjson total "$(( $(date +%s) - run_start ))" --argjson jobs "$JOBS" \
		--argjson finished "$1" --argjson bf "$build_first_s" '
		{total_s: $total, build_first_s: $bf, jobs: $jobs, finished: $finished, suites: [split("\n")[] | select(. != "") | split("\t")
		  | {suite: .[0], passed: (.[1] | tonumber), failed: (.[2] | tonumber), wall_s: (.[3] | tonumber),
		     cpu_s: (.[4] | tonumber), group: (if .[5] == "" then null else .[5] end)}]}' >"$TIMES.tmp" &&
		mv "$TIMES.tmp" "$TIMES"
}
printed=0
while [ "$printed" -lt "$n" ]; do
	while j=$(pick); do
		started[j]=1; start "$j"
		[ "$JOBS" = 1 ] && break	# (its counts line right after its output)
	done
	if [ -f "$L/$printed.end" ]; then
		report "$printed"; printed=$((printed + 1))
	else
		sleep 0.5
	fi
done

write_times true
echo "=== suite times (s, wall and CPU), slowest first:"
jq -r '.suites | sort_by(-.wall_s)[] | "  \(.wall_s)\t\(.cpu_s)\t\(.suite)"' "$TIMES"
echo "=== total $(jq .total_s "$TIMES") s wall, $(jq '[.suites[].cpu_s] | add | . * 10 | round / 10' "$TIMES") s CPU (TEST_JOBS=$JOBS)"
# each failing suite's failure lines again, last: CI keeps only the end of
# the output (its run of 8555899 named the failing suites, not the goals)
for i in "${failed_idx[@]}"; do
	echo "=== failures of ${names[$i]} (its first 20 lines that say FAIL, unproved or error, else its last 10; all of it above):"
	lines=$(grep -E 'FAIL|unproved|[Ee]rror' "$L/$i.log" | head -n 20)
	[ -n "$lines" ] || lines=$(tail -n 10 "$L/$i.log")
	sed 's/^/  /' <<<"$lines"
done
[ ${#failed_suites[@]} -gt 0 ] && echo "failing suites: ${failed_suites[*]}"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
