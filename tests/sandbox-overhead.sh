#!/usr/bin/env bash
# The sandbox's cost on the quick sweep (docs/review.md, "The sandbox"):
# build/lab/sweep --quick --seed 1 with the sandbox off (UCOPY_SANDBOX=0)
# and on, side by side in one run, in the order off, on, on, off (so a
# drift in the machine's load falls on both alike). Prints wall and CPU
# seconds (the workers' user + system time) per run and the overhead of
# the sandbox on each. A measurement, not a test: no threshold.
#
#   tests/sandbox-overhead.sh [ROUNDS]   (default 1: four runs)
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-1}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "usage: tests/sandbox-overhead.sh [ROUNDS]" >&2; exit 2; }
make -s lab || exit 2
calc() { awk "BEGIN { printf \"%.2f\", $1 }"; }
declare -A wall cpu
wall[0]=0 wall[1]=0 cpu[0]=0 cpu[1]=0
run() { # 0|1
	local t log=build/lab/overhead-$1.txt
	t=$( { TIMEFORMAT='%R %U %S'; time UCOPY_SANDBOX=$1 build/lab/sweep --quick --seed 1 >"$log" 2>&1; } 2>&1 )
	tail -n 1 "$log" | grep -q ' 0 failed$' || { echo "the sweep failed (sandbox $1): $log" >&2; exit 1; }
	read -r r u s <<<"$t"
	# a child's time is counted when it is reaped: the workers are
	echo "sandbox $([ "$1" = 1 ] && echo on || echo off): $r s wall, $(calc "$u + $s") s CPU"
	wall[$1]=$(calc "${wall[$1]} + $r") cpu[$1]=$(calc "${cpu[$1]} + $u + $s")
}
for ((k = 0; k < rounds; k++)); do run 0; run 1; run 1; run 0; done
echo "total: off ${wall[0]} s wall, ${cpu[0]} s CPU; on ${wall[1]} s wall, ${cpu[1]} s CPU"
echo "sandbox overhead: $(calc "100 * (${wall[1]} - ${wall[0]}) / ${wall[0]}") % wall," \
     "$(calc "100 * (${cpu[1]} - ${cpu[0]}) / ${cpu[0]}") % CPU"
