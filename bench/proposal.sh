#!/usr/bin/env bash
# The proposal's numbers (docs/proposal.md), from one or more runs of the
# benchmark: a cell (variant, length) takes, per strategy, the median of
# the runs' medians. Compares the proposed row with every kernel strategy:
# the registry's copy rows that a release shipped (not `reference`, `not
# merged` or `proposed`).
#
#   bench/proposal.sh [--new NAME] [--table] [--update FILE] CSV...
#   bench/proposal.sh --rows       the kernel strategies, comma-separated
#     (default)      the summary: where NAME is within 1 tick of the best
#                    kernel strategy, where it is strictly the fastest, and
#                    the three targets, each MET or MISSED with the cells
#     --table        the review-style table (len, old, new, delta, %) of
#                    NAME against fsrm, movs_alt and erms_short
#     --update FILE  rewrite FILE between <!-- proposal-table:begin/end -->
#                    with the table and the summary
# Reads build/registry.tsv (make registry). Exit 2 on bad input.
set -uo pipefail
cd "$(dirname "$0")/.."
new=movs_fast mode=summary update=
usage() { sed -n '2,17p' "$0" | sed 's/^# \?//' >&2; exit 2; }
while [ $# -gt 0 ]; do
	case "$1" in
	--new) [ $# -ge 2 ] || usage; new=$2; shift 2 ;;
	--table) mode=table; shift ;;
	--update) [ $# -ge 2 ] || usage; mode=update update=$2; shift 2 ;;
	--rows) mode=rows; shift ;;
	-h|--help) usage ;;
	-*) echo "proposal: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ "$mode" = rows ] || [ $# -ge 1 ] || { echo "proposal: no CSV given" >&2; usage; }
for f in "$@"; do
	[ -r "$f" ] || { echo "proposal: cannot read $f" >&2; exit 2; }
	head -n1 "$f" | grep -q '^cpu,variant,dst_minus_src_mod_4096,strategy,kind,abi,len,samples,calls_per_sample,min,p10,median,' ||
		{ echo "proposal: $f is not a ucopy-bench results.csv" >&2; exit 2; }
done
reg=${UCOPY_REGISTRY:-build/registry.tsv}
[ -r "$reg" ] || make -s registry >/dev/null || { echo "proposal: no $reg" >&2; exit 2; }
. scripts/results.sh
kernel=$(tsv_cols "$reg" name kind kernels |
	awk -F'\t' '$2 == "copy" && $3 != "reference" && $3 != "not merged" && $3 != "proposed" { print $1 }' | paste -sd,)

case "$mode" in
rows) echo "$kernel" ;;
summary) awk -F, -v new="$new" -v kernel="$kernel" -v mode=summary -f bench/proposal.awk "$@" ;;
table) awk -F, -v new="$new" -v kernel="$kernel" -v mode=table -f bench/proposal.awk "$@" ;;
update)
	[ -w "$update" ] || { echo "proposal: cannot write $update" >&2; exit 2; }
	grep -q '^<!-- proposal-table:begin -->$' "$update" && grep -q '^<!-- proposal-table:end -->$' "$update" ||
		{ echo "proposal: $update has no proposal-table markers" >&2; exit 2; }
	body=$(mktemp)
	trap 'rm -f "$body"' EXIT
	( awk -F, -v new="$new" -v kernel="$kernel" -v mode=table -f bench/proposal.awk "$@" || exit 2
	  echo; echo '```'
	  awk -F, -v new="$new" -v kernel="$kernel" -v mode=summary -f bench/proposal.awk "$@"
	  rc=$?; echo '```'; exit $rc ) >"$body"
	rc=$?
	[ "$rc" -le 1 ] || exit "$rc"
	awk -v body="$body" '
		/^<!-- proposal-table:end -->$/ { skip = 0 }
		!skip { print }
		/^<!-- proposal-table:begin -->$/ { while ((getline l < body) > 0) print l; skip = 1 }
	' "$update" >"$update.new" && mv "$update.new" "$update"
	echo "proposal: $update updated from $# run(s)"
	;;
esac
