#!/usr/bin/env bash
# Merges the ticks CSVs of `make review-patch` from several machines
# (REVIEW_CSV=, default build/review/patch/ticks.csv) into one Markdown
# table per routine: len, then an old/new column pair per CPU. The CSVs
# are read by their header's names into JSON, rendered by scripts/render.jq.
#
#   review/merge.sh a.csv b.csv ...      (make review-merge CSVS='a.csv b.csv')
# Exit 2 when a file is missing or is not such a CSV.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. scripts/results.sh
[ $# -ge 1 ] || { echo "usage: $0 a.csv [b.csv ...]" >&2; exit 2; }
for f; do
	[ -r "$f" ] || { echo "review-merge: cannot read $f" >&2; exit 2; }
	head -n 1 "$f" | grep -qx 'cpu,routine,old_entry,new_entry,len,old_median,new_median' ||
		{ echo "review-merge: $f is not a review-patch ticks CSV (its header differs)" >&2; exit 2; }
done
num='^-?[0-9]+([.][0-9]+)?$'
bad=$(for f; do csv_cols "$f" len old_median new_median | awk -F'\t' -v f="$f" -v n="$num" \
	'!($1 ~ n && $2 ~ n && $3 ~ n) { print f ": row " NR + 1 ": len, old_median and new_median are numbers"; exit }'; done | head -n 1)
[ -z "$bad" ] || { echo "review-merge: $bad" >&2; exit 2; }
for f; do csv_cols "$f" cpu routine old_entry new_entry len old_median new_median; done | jq -R -n '
	[inputs | split("\t") | {cpu: .[0], routine: .[1], pair: "\(.[2]) -> \(.[3])", len: (.[4] | tonumber),
	                         old: (.[5] | tonumber), new: (.[6] | tonumber)}] as $rows
	| def firsts(f): reduce ($rows[] | f) as $x ([]; if index([$x]) then . else . + [$x] end);
	{routines: [firsts(.routine)[] as $r | [$rows[] | select(.routine == $r)] as $mine
	  | ($mine | reduce .[].cpu as $c ([]; if index([$c]) then . else . + [$c] end)) as $cpus
	  | {routine: $r, pair: $mine[0].pair, cpus: $cpus,
	     lens: [$mine | map(.len) | unique[] as $l
	       | {len: $l, cells: [$cpus[] as $c | [$mine[] | select(.cpu == $c and .len == $l)] | first | if . then {old, new} else null end]}]}]}' |
	scripts/render.sh merge
