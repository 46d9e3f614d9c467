#!/usr/bin/env bash
# Renders the review-style table (len base new delta(%), lengths 0..64) for
# any pair from a ucopy-bench CSV, without running the benchmark again.
#   bench/table.sh [-v VARIANT] [-c STAT] RESULTS.csv BASE NEW
# Same numbers as the program's own table: STAT (default median) rounded
# to whole ticks, delta = base - new, percent of base truncated.
set -euo pipefail
variant=aligned stat=median
usage() { echo "usage: $0 [-v VARIANT] [-c min|median] RESULTS.csv BASE NEW" >&2; exit 2; }
while getopts v:c:h opt; do
	case $opt in
	v) variant=$OPTARG ;;
	c) [[ $OPTARG =~ ^(min|p10|median|p90|max)$ ]] || usage; stat=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || usage
csv=$1 base=$2 new=$3
[ -r "$csv" ] || { echo "$0: cannot read $csv" >&2; exit 2; }
head -n 1 "$csv" | grep -q '^cpu,variant,' || { echo "$0: $csv is not a ucopy-bench CSV" >&2; exit 2; }

awk -F, -v variant="$variant" -v stat="$stat" -v base="$base" -v new="$new" '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
$col["variant"] != variant || $col["len"] > 64 { next }
{ cpu = $col["cpu"]; floor = $col["empty_median"] }
$col["strategy"] == base { b[$col["len"] + 0] = int($col[stat] + 0.5); nb++ }
$col["strategy"] == new { n[$col["len"] + 0] = int($col[stat] + 0.5); nn++ }
END {
	if (!nb || !nn) {
		printf "table.sh: no rows for %s in variant %s\n", (!nb ? base : new), variant > "/dev/stderr"
		exit 2
	}
	printf "# %s (base) vs %s (new), variant %s, %s TSC ticks per call, %s\n", base, new, variant, stat, cpu
	printf "# empty call (floor, not subtracted): median %s ticks\n", floor
	printf "string len\t%s\t%s\tdelta\nbytes\tticks\tticks\ttick(%%)\n\n", base, new
	for (l = 0; l <= 64; l++) {
		if (!(l in b) || !(l in n)) continue
		d = b[l] - n[l]
		printf "%d\t%d\t%d\t%d(%d%%)\n", l, b[l], n[l], d, b[l] ? int(d * 100 / b[l]) : 0
	}
}' "$csv"
