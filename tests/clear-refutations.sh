#!/usr/bin/env bash
# The clear family's refuted cells, reproduced on the assembly: for every
# clear row (kind clear in build/registry.tsv) and each hardware reading,
# every level `make levels` refutes on the compiled model comes with a
# counterexample (len, fd, lag); the asm routine run on that case in the
# fault lab (same lag) must return what the model returned, pass the lab's
# checks against its model, and break that level while meeting the row's
# claimed one. Also checks that each row's refuted set is the one its
# registry levels imply (nothing refuted at or below the claim).
# Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
sweep=${1:-build/lab/sweep}
[ -x "$sweep" ] || { bad "clear-refutations: no $sweep (make lab)"; summary; exit; }
make -s build/lab/levels build/registry.tsv || { bad "the lab's level table does not build"; summary; exit; }
levels=$(build/lab/levels)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
verdict() {
	if [ "$1" = 0 ]; then ok "$2"
	else bad "$3:"; sed 's/^/      /' "$out"; fi
}
# the level order, kept in one place (scripts/results.jq level_rank)
rank() { jq -nr -L scripts --arg l "$1" 'include "results"; $l | level_rank'; }

while IFS=$'\t' read -r name kind _ lx ld _; do
	[ "$kind" = clear ] || continue
	for reading in exact delayed; do
		claim=$lx; [ "$reading" = delayed ] && claim=$ld
		# "LEVEL len fd lag ret" of each refuted level of this row and reading
		cells=$(awk -v s="$name" -v hw="$reading" '
			$0 ~ "^  PASS " s " on " hw " hw: [A-Z]+ refuted" { lv = $6; grab = 1; next }
			grab && /counterexample/ {
				match($0, /len [0-9]+/); len = substr($0, RSTART + 4, RLENGTH - 4)
				match($0, /fd [0-9]+/); fd = substr($0, RSTART + 3, RLENGTH - 3)
				match($0, /lag [0-9]+/); lag = substr($0, RSTART + 4, RLENGTH - 4)
				match($0, /returns [0-9]+/); ret = substr($0, RSTART + 8, RLENGTH - 8)
				print lv, len, fd, lag, ret }
			{ grab = 0 }' <<<"$levels")
		want=$(( 3 - $(rank "$claim") ))
		got=$(grep -c . <<<"$cells")
		[ -n "$cells" ] || got=0
		echo "levels: $got refuted" >"$out"
		[ "$got" = "$want" ]
		verdict $? "$name, $reading hw: claims $claim, make levels refutes the $want level(s) above it" \
			"$name, $reading hw: claims $claim, $want level(s) above it should be refuted"
		[ -n "$cells" ] || continue
		while read -r lv len fd lag ret; do
			args=(--strategy "$name" --case "$len,0,0,-,$fd")
			[ "$lag" = 0 ] || args+=(--lag "$lag")
			"$sweep" "${args[@]}" >"$out" 2>&1
			rc=$?
			[ "$rc" = 0 ] &&
			   grep -q "^ok $name (model $name) len=$len .* fs=- fd=$fd.*: passed" "$out" &&
			   grep -q "ret=$ret model=$ret " "$out" &&
			   grep -Eq "levels this case meets: .*$lv NO" "$out" &&
			   grep -Eq "levels this case meets: .*$claim yes" "$out"
			verdict $? "$name len $len fd $fd lag $lag: the asm returns $ret as its model, $lv refuted, $claim holds" \
				"$name len $len fd $fd lag $lag ($lv refuted on the model; exit $rc)"
		done <<<"$cells"
	done
done < <(tail -n +2 build/registry.tsv)
summary
