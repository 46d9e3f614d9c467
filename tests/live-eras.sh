#!/usr/bin/env bash
# src/runtime/eras.tsv against the registry: every line's row is a registry
# row of the right kind (copy lines: copy or tail rows; clear lines: clear
# rows), its versions parse, and every era has a catch-all line (no flags)
# so that no CPU is left without a row. Both tables read by header name.
# Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
make -s registry || { echo "0 passed, 1 failed"; exit 1; }
awk -F'\t' '
FNR == 1 { for (i = 1; i <= NF; i++) col[FILENAME, $i] = i; next }
FILENAME ~ /registry/ { kind[$col[FILENAME, "name"]] = $col[FILENAME, "kind"]; next }
{
	f = FILENAME
	path = $col[f, "path"]; row = $col[f, "row"]; what = "line " FNR " (" path " " row ")"
	ok = 1
	want = path == "copy" ? "copy|tail" : path == "clear" ? "clear" : ""
	if (want == "") { print "FAIL: " what ": path is neither copy nor clear"; ok = 0 }
	else if (!(row in kind)) { print "FAIL: " what ": no registry row " row; ok = 0 }
	else if (kind[row] !~ "^(" want ")$") { print "FAIL: " what ": row of kind " kind[row]; ok = 0 }
	if ($col[f, "since"] !~ /^(-|[0-9]+\.[0-9]+(\.[0-9]+)?)$/ || $col[f, "until"] !~ /^(-|[0-9]+\.[0-9]+(\.[0-9]+)?)$/) {
		print "FAIL: " what ": versions " $col[f, "since"] ".." $col[f, "until"]; ok = 0
	}
	if ($col[f, "needs"] == "-" && $col[f, "lacks"] == "-") open[path, $col[f, "until"]] = 1
	eras[path, $col[f, "until"]] = 1
	pass += ok; fail += !ok
}
END {
	for (e in eras) if (!(e in open)) { split(e, p, SUBSEP); print "FAIL: " p[1] " until " p[2] ": no line without flags"; fail++ }
	for (e in open) pass++
	printf "%d passed, %d failed\n", pass, fail
	exit fail > 0
}' build/registry.tsv src/runtime/eras.tsv
