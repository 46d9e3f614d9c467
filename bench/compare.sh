#!/usr/bin/env bash
# Compares two ucopy-bench CSVs (two runs here, or two machines): per
# strategy, how far the medians of B are from A over lengths 0..N.
#   bench/compare.sh [-v VARIANT] [-n MAXLEN] [-c STAT] [-s STRATEGY] A.csv B.csv
# -c compares another statistic (min, p10, p90; default median); -s prints
# that strategy's lengths one per row (len A B B-A) as well.
set -euo pipefail
variant=aligned maxlen=64 strategy= stat=median
usage() { echo "usage: $0 [-v VARIANT] [-n MAXLEN] [-c STAT] [-s STRATEGY] A.csv B.csv" >&2; exit 2; }
while getopts v:n:c:s:h opt; do
	case $opt in
	v) variant=$OPTARG ;;
	n) [[ $OPTARG =~ ^[0-9]+$ ]] || usage; maxlen=$OPTARG ;;
	s) strategy=$OPTARG ;;
	c) [[ $OPTARG =~ ^(min|p10|median|p90|max)$ ]] || usage; stat=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || usage
for f in "$1" "$2"; do
	[ -r "$f" ] || { echo "$0: cannot read $f" >&2; exit 2; }
	head -n 1 "$f" | grep -q '^cpu,variant,' || { echo "$0: $f is not a ucopy-bench CSV" >&2; exit 2; }
done

awk -F, -v variant="$variant" -v maxlen="$maxlen" -v strategy="$strategy" -v stat="$stat" '
FNR == 1 { file++; for (i = 1; i <= NF; i++) col[$i] = i; next }
$col["variant"] != variant || $col["len"] > maxlen { next }
{
	s = $col["strategy"]; l = $col["len"]
	med[file, s, l] = $col[stat]; cpu[file] = $col["cpu"]
	if (file == 1) { if (!(s in seen)) { seen[s] = 1; order[++ns] = s } lens[l] = 1 }
}
END {
	printf "A: %s\nB: %s\nvariant %s, lengths 0..%d, %s ticks per call\n",
		cpu[1], cpu[2], variant, maxlen, stat
	printf "%-15s %8s %8s %8s %8s\n", "strategy", "max|B-A|", "mean B-A", "within 1", "lengths"
	for (k = 1; k <= ns; k++) {
		s = order[k]; n = 0; within = 0; worst = 0; sum = 0
		for (l in lens) {
			if (!((1, s, l) in med) || !((2, s, l) in med)) continue
			d = med[2, s, l] - med[1, s, l]; a = d < 0 ? -d : d
			n++; sum += d; if (a <= 1) within++; if (a > worst) worst = a
			if (s == strategy) rows[l + 0] = sprintf("%d\t%s\t%s\t%+.1f", l, med[1, s, l], med[2, s, l], d)
		}
		if (n) printf "%-15s %8.1f %8.2f %8s %8d\n", s, worst, sum / n, within "/" n, n
	}
	if (strategy != "") {
		printf "\n%s\nlen\tA\tB\tB-A\n", strategy
		for (l = 0; l <= maxlen; l++) if (l in rows) print rows[l]
	}
}' "$1" "$2"
