#!/usr/bin/env bash
# The README's refuted cells, reproduced on the assembly: every
# counterexample `make levels` finds on a compiled model, run on the asm
# routine in the fault lab with the same lag.
#   - every refuted cell (either reading, EXACT, RAW or, beside ZEROTAIL,
#     WEAK): the asm returns
#     what the model returned, and the lab finds the level broken;
#   - the delayed-reading cells where the model wrote bytes and reported
#     none (a lag): the asm returns len ("nothing copied") with bytes
#     written, so EXACT and RAW are broken and WEAK holds; the same case at
#     lag 0 (exact hardware) is EXACT.
# Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
sweep=${1:-build/lab/sweep}
[ -x "$sweep" ] || { bad "lag-refutations: no $sweep (make lab)"; summary; exit; }
make -s build/lab/levels || { bad "the lab's level table does not build"; summary; exit; }
levels_out=$(build/lab/levels)
# "strategy len daddr fs" of each RAW refuted on delayed hw (source-side
# faults) by a lag: bytes written, none reported
cases=$(awk '
	/ on delayed hw: RAW refuted/ { s = $2; grab = 1; next }
	grab && /counterexample/ && /fd none/ && !/bytes changed up to offset 0$/ {
		match($0, /len [0-9]+/); len = substr($0, RSTART + 4, RLENGTH - 4)
		match($0, /daddr&7 [0-9]+/); da = substr($0, RSTART + 8, RLENGTH - 8)
		match($0, /fs [0-9]+/); fs = substr($0, RSTART + 3, RLENGTH - 3)
		print s, len, da, fs }
	{ grab = 0 }' <<<"$levels_out")
for want in "fsrm 2 0 1" "movs_alt 64 0 1" "erms_short_reptail 8 0 1"; do
	grep -qx "$want" <<<"$cases" || { bad "make levels no longer refutes RAW with $want"; summary; exit; }
done
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# verdict STATUS OK-TEXT FAIL-TEXT: count one check; on failure show $out
verdict() {
	if [ "$1" = 0 ]; then ok "$2"
	else bad "$3:"; sed 's/^/      /' "$out"; fi
}

while read -r s len da fs; do
	"$sweep" --strategy "$s" --case "$len,0,$da,$fs,-" --lag 1 >"$out" 2>&1
	rc=$?
	[ "$rc" = 0 ] &&
	   grep -q "^ok $s (model $s) len=$len .* fs=$fs fd=- lag=1: passed" "$out" &&
	   grep -q "ret=$len model=$len exact=$((len - fs)) " "$out" &&
	   grep -Eq "^  dst \|C\.* " "$out" &&
	   grep -q "returned $len: 0 bytes reported copied, [1-9][0-9]* written" "$out" &&
	   grep -q "levels this case meets: EXACT NO .* RAW NO .*dst\[0\] written past the reported 0 bytes.*, WEAK yes$" "$out"
	verdict $? "$s len $len fs $fs lag 1: the asm returns $len with bytes written (as its model): EXACT and RAW refuted, WEAK holds" \
		"$s len $len fs $fs lag 1 (exit $rc)"
	"$sweep" --strategy "$s" --case "$len,0,$da,$fs,-" >"$out" 2>&1
	rc=$?
	[ "$rc" = 0 ] && grep -q "ret=$((len - fs)) model=$((len - fs)) exact=$((len - fs)) " "$out" &&
	   grep -q "levels this case meets: EXACT yes, RAW yes, WEAK yes$" "$out"
	verdict $? "$s len $len fs $fs lag 0: EXACT" "$s len $len fs $fs lag 0 (exit $rc)"
done <<<"$cases"

# Every refuted cell: "strategy hw level len daddr fs fd lag ret"
# (fs/fd "-" for none)
cells=$(awk '
	/ on (exact|delayed) hw: (EXACT|RAW|WEAK) refuted/ { s = $2; hw = $4; lv = $6; grab = 1; next }
	grab && /counterexample/ {
		match($0, /len [0-9]+/); len = substr($0, RSTART + 4, RLENGTH - 4)
		match($0, /daddr&7 [0-9]+/); da = substr($0, RSTART + 8, RLENGTH - 8)
		fs = "-"; if (match($0, /fs [0-9]+/)) fs = substr($0, RSTART + 3, RLENGTH - 3)
		fd = "-"; if (match($0, /fd [0-9]+/)) fd = substr($0, RSTART + 3, RLENGTH - 3)
		match($0, /lag [0-9]+/); lag = substr($0, RSTART + 4, RLENGTH - 4)
		match($0, /returns [0-9]+/); ret = substr($0, RSTART + 8, RLENGTH - 8)
		print s, hw, lv, len, da, fs, fd, lag, ret }
	{ grab = 0 }' <<<"$levels_out")
[ -n "$cells" ] || bad "make levels shows no refuted cell"
while read -r s hw lv len da fs fd lag ret; do
	lagopt=(); [ "$lag" = 0 ] || lagopt=(--lag "$lag")
	"$sweep" --strategy "$s" --case "$len,0,$da,$fs,$fd" "${lagopt[@]}" >"$out" 2>&1
	rc=$?
	[ "$rc" = 0 ] && grep -q "^ok $s (model $s) len=$len " "$out" &&
	   grep -q "ret=$ret model=$ret " "$out" &&
	   grep -q "levels this case meets: .*$lv NO" "$out"
	verdict $? "$s $lv refuted on $hw hw: len $len daddr&7 $da fs $fs fd $fd lag $lag, the asm returns $ret as its model, not $lv" \
		"$s $lv on $hw hw, case $len,0,$da,$fs,$fd lag $lag (exit $rc)"
done <<<"$cells"

# make lab-case passes LAG through (the issue's command line)
make -s --no-print-directory lab-case STRATEGY=fsrm CASE=2,0,0,1,- LAG=1 >"$out" 2>&1 &&
   grep -q "ret=2 model=2 " "$out" && grep -q "returned 2: 0 bytes reported copied, 1 written" "$out"
verdict $? "make lab-case STRATEGY=fsrm CASE=2,0,0,1,- LAG=1: returns 2, byte 0 written" \
	"make lab-case STRATEGY=fsrm CASE=2,0,0,1,- LAG=1"
summary
