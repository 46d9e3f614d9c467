#!/usr/bin/env bash
# make sweep-shards-check (docs/scale.md): a sweep split into N shards and
# merged (sweep --shard I/N, sweep --merge) equals the same sweep run once,
# case for case: per target and phase the case, pass and fail counts, the
# lag histogram and the digest of every run's case and outcome; the merged
# summary rows and totals equal the unsharded ones. Once on two project
# routines (all three phases), once on a mutant whose failures must merge
# too; then a merge that must be refused (a shard missing, given twice,
# from another seed, unfinished). Last line: "N passed, M failed".
set -uo pipefail
SWEEP=${1:-build/lab/sweep}
N=${SHARDS_N:-3}
T=$(mktemp -d "${TMPDIR:-/tmp}/ucopy-shards.XXXXXX")
trap 'rm -rf "$T"' EXIT
. tests/harness.sh

# tally lines without the seconds; summary rows as "name label cases passed failed"
tallies() { awk '/^sweep-tally: / { $14 = ""; print }' "$1"; }
rows() {
	awk '$3 == "cases" && $5 == "passed" { print $1, $2, $4, $6; next }
	     $4 == "cases" && $6 == "passed" { print $1, $2, $3, $5, $7; next }
	     $5 == "cases" && $7 == "passed" { print $1, $2 " " $3, $4, $6, $8; next }
	     /^ +lag k=1:/ { print }
	     /^[0-9]+ passed, [0-9]+ failed$/ { print }' "$1"
}

# compare NAME EXPECTED-EXIT SWEEP-ARGS...: unsharded vs N shards merged
compare() {
	local name=$1 want=$2 i rc cases
	shift 2
	"$SWEEP" "$@" --tally >"$T/$name-one.txt" 2>&1
	rc=$?
	[ "$rc" = "$want" ] || bad "$name: the unsharded sweep exited $rc, not $want"
	for i in $(seq 1 "$N"); do
		"$SWEEP" "$@" --shard "$i/$N" >"$T/$name-shard$i.txt" 2>&1
	done
	"$SWEEP" --merge "$T/$name"-shard*.txt >"$T/$name-merged.txt" 2>&1
	rc=$?
	[ "$rc" = "$want" ] || { bad "$name: the merge exited $rc, not $want"; sed -n 1,5p "$T/$name-merged.txt"; }
	cases=$(tail -n 1 "$T/$name-one.txt")
	if [ -n "$(tallies "$T/$name-one.txt")" ] &&
	   diff <(tallies "$T/$name-one.txt") <(tallies "$T/$name-merged.txt") >"$T/diff"; then
		ok "$name: $N shards merged = one run, case for case ($(tallies "$T/$name-one.txt" | wc -l) target-phase digests; $cases)"
	else
		bad "$name: tallies differ (unsharded <, merged >):"; head -n 12 "$T/diff"
	fi
	if diff <(rows "$T/$name-one.txt") <(rows "$T/$name-merged.txt") >"$T/diff"; then
		ok "$name: the merged summary rows, histograms and totals are the unsharded ones"
	else
		bad "$name: summary rows differ (unsharded <, merged >):"; head -n 12 "$T/diff"
	fi
}

compare routines 0 --quick --seed 1 --strategy string_reptail --strategy nocache_reptail
# A mutant that only the delayed phase catches: failures merge too.
compare mutant 1 --quick --seed 1 --phase exact,delayed --entry ucopy_mut_erms_lagskip --model erms
f=$(grep -c '^FAIL ' "$T/mutant-merged.txt")
n=$(awk '$1 == "ucopy_mut_erms_lagskip" && $3 == "cases" { print $6 }' "$T/mutant-merged.txt")
if [ "${n:-0}" -gt 0 ] && [ "$f" -eq $((n < 10 ? n : 10)) ] &&
   grep -q "more failures of ucopy_mut_erms_lagskip not shown" "$T/mutant-merged.txt"; then
	ok "mutant: $n failures, $f shown (as one run shows them), the rest counted"
else
	bad "mutant: $f FAIL lines shown for ${n:-no} failures"
fi

# Merges that must be refused (exit 2, with the reason).
refuse() { # what expected-message files...
	local what=$1 msg=$2 rc
	shift 2
	"$SWEEP" --merge "$@" >"$T/refused.txt" 2>&1
	rc=$?
	if [ "$rc" = 2 ] && grep -q "$msg" "$T/refused.txt"; then
		ok "merge refused: $what"
	else
		bad "merge not refused ($what): exit $rc"; head -n 3 "$T/refused.txt"
	fi
}
S=("$T"/routines-shard*.txt)
refuse "a shard missing" "is missing" "${S[@]:1}"
refuse "a shard given twice" "given twice" "${S[@]}" "${S[0]}"
"$SWEEP" --quick --seed 2 --strategy string_reptail --strategy nocache_reptail --shard 1/"$N" \
	--phase trace >"$T/other.txt" 2>&1
refuse "a shard of another sweep" "another sweep" "${S[@]:1}" "$T/other.txt"
head -n 20 "${S[0]}" >"$T/cut.txt"
refuse "a shard that did not finish" "did not finish" "$T/cut.txt" "${S[@]:1}"
if "$SWEEP" --quick --shard 1/3 >"$T/noseed.txt" 2>&1; then
	bad "--shard without --seed accepted"
elif grep -q "needs --seed" "$T/noseed.txt"; then
	ok "--shard without --seed refused"
else
	bad "--shard without --seed: no reason given"
fi
summary
