#!/usr/bin/env bash
# Merges the ticks CSVs of `make review-patch` from several machines
# (REVIEW_CSV=, default build/review/patch/ticks.csv) into one Markdown
# table per routine: len, then an old/new column pair per CPU.
#
#   review/merge.sh a.csv b.csv ...      (make review-merge CSVS='a.csv b.csv')
# Exit 2 when a file is missing or is not such a CSV.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 a.csv [b.csv ...]" >&2; exit 2; }
for f; do
	[ -r "$f" ] || { echo "review-merge: cannot read $f" >&2; exit 2; }
	head -n 1 "$f" | grep -qx 'cpu,routine,old_entry,new_entry,len,old_median,new_median' ||
		{ echo "review-merge: $f is not a review-patch ticks CSV (its header differs)" >&2; exit 2; }
done
awk -F, '
FNR == 1 { next }
{
	k = $1; r = $2
	if (!((r, k) in seenrk)) { seenrk[r, k] = 1; ncpu[r]++; cpus[r, ncpu[r]] = k }
	if (!(r in seenr)) { seenr[r] = 1; order[++nr] = r; pair[r] = $3 " -> " $4 }
	if (!((r, $5) in seenl)) { seenl[r, $5] = 1; nl[r]++; lens[r, nl[r]] = $5 + 0 }
	o[r, k, $5] = $6; n[r, k, $5] = $7
}
END {
	for (i = 1; i <= nr; i++) {
		r = order[i]
		printf "## %s (%s)\n\n| len |", r, pair[r]
		for (c = 1; c <= ncpu[r]; c++) printf " %s old | new |", cpus[r, c]
		printf "\n|---:|"
		for (c = 1; c <= ncpu[r]; c++) printf "---:|---:|"
		printf "\n"
		# lengths in order
		m = nl[r]; for (a = 1; a <= m; a++) L[a] = lens[r, a]
		for (a = 2; a <= m; a++) { v = L[a]; for (b = a - 1; b >= 1 && L[b] > v; b--) L[b + 1] = L[b]; L[b + 1] = v }
		for (a = 1; a <= m; a++) {
			printf "| %d |", L[a]
			for (c = 1; c <= ncpu[r]; c++) {
				k = cpus[r, c]
				if ((r, k, L[a]) in o) printf " %.0f | %.0f |", o[r, k, L[a]], n[r, k, L[a]]
				else printf " - | - |"
			}
			printf "\n"
		}
		printf "\n"
	}
	printf "%d routine(s), CPUs: ", nr
	for (i = 1; i <= nr; i++) for (c = 1; c <= ncpu[order[i]]; c++) if (!(cpus[order[i], c] in said)) { said[cpus[order[i], c]] = 1; printf "%s%s", (s++ ? "; " : ""), cpus[order[i], c] }
	printf "\n"
}' "$@"
