#!/usr/bin/env bash
# Faults taken by one faulting copy, per routine (docs/proposal.md, "What
# the bench does not show"): the lab's one-case mode (build/lab/sweep
# --case) with the fault halfway, on the destination (copy_to_user) and on
# the source (copy_from_user) side, exact hardware. CSV on stdout:
#   strategy,len,side,fault_at,ret,faults
#   bench/proposal/faults.sh [SWEEP] [LENGTHS] [STRATEGIES]
set -euo pipefail
cd "$(dirname "$0")/../.."
sweep=${1:-build/lab/sweep}
lengths=${2:-8,16,64,256,1024,4096}
rows=${3:-movs_alt,movs_alt_word,movs_fast}
[ -x "$sweep" ] || { echo "faults: no $sweep (make lab)" >&2; exit 2; }
echo "strategy,len,side,fault_at,ret,faults"
for r in ${rows//,/ }; do
	for l in ${lengths//,/ }; do
		h=$((l / 2))
		for side in dst src; do
			c="$l,0,0,-,$h"; [ $side = src ] && c="$l,0,0,$h,-"
			out=$("$sweep" --strategy "$r" --case "$c" 2>&1) || { echo "faults: $r case $c failed:" >&2; echo "$out" >&2; exit 1; }
			sed -n "s/.* ret=\([0-9]*\) .* faults=\([0-9]*\).*/$r,$l,$side,$h,\1,\2/p" <<<"$out" | head -1
		done
	done
done
