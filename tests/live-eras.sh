#!/usr/bin/env bash
# src/runtime/eras.tsv against the registry, both read by header name.
# Live's lines (those with a path): the row is a registry row of the right
# kind (copy lines: copy or tail rows; clear lines: clear rows), the
# versions parse, and every era has a catch-all line (no flags) so that no
# CPU is left without a row. Review's lines (those with a symbol): the row
# is a registry row, or = (the ucopy_ suffix), - (none) or skip. Every line
# serves one of them. Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
make -s registry || { echo "0 passed, 1 failed"; exit 1; }
awk -F'\t' '
/^#/ { next }
!hdr[FILENAME]++ { for (i = 1; i <= NF; i++) col[FILENAME, $i] = i; next }
FILENAME ~ /registry/ { kind[$col[FILENAME, "name"]] = $col[FILENAME, "kind"]; next }
{
	f = FILENAME
	path = $col[f, "path"]; row = $col[f, "row"]; sym = $col[f, "symbol"]
	what = "line " FNR " (" sym " " path " " row ")"
	if (sym == "-" && path == "-") { print "FAIL: " what ": neither a symbol (review) nor a path (live)"; fail++; next }
	if (sym != "-") {
		if (row != "=" && row != "-" && row != "skip" && !(row in kind)) {
			print "FAIL: " what ": review row " row " is not a registry row"; fail++
		} else pass++
	}
	if (path == "-") next
	ok = 1
	want = path == "copy" ? "copy|tail" : path == "clear" ? "clear" : ""
	if (want == "") { print "FAIL: " what ": path is neither copy nor clear"; ok = 0 }
	else if (!(row in kind)) { print "FAIL: " what ": no registry row " row; ok = 0 }
	else if (kind[row] !~ "^(" want ")$") { print "FAIL: " what ": row of kind " kind[row]; ok = 0 }
	if ($col[f, "since"] !~ /^(-|[0-9]+\.[0-9]+(\.[0-9]+)?)$/ || $col[f, "until"] !~ /^(-|[0-9]+\.[0-9]+(\.[0-9]+)?)$/) {
		print "FAIL: " what ": versions " $col[f, "since"] ".." $col[f, "until"]; ok = 0
	}
	n++; lpath[n] = path; lo[n] = code($col[f, "since"], 0); hi[n] = code($col[f, "until"], 1)
	lwhat[n] = what; flagged[n] = $col[f, "needs"] != "-" || $col[f, "lacks"] != "-"
	pass += ok; fail += !ok
}
function code(v, up,   a, k) {
	if (v == "-") return up ? 999999999 : 0
	k = split(v, a, ".")
	return a[1] * 1000000 + a[2] * 1000 + (k > 2 ? a[3] : (up ? 999 : 0))
}
END {
	# a line with flags needs later lines without flags over all its
	# versions: then no CPU of those kernels is left without a row
	for (i = 1; i <= n; i++) {
		if (!flagged[i]) continue
		for (at = lo[i]; at <= hi[i]; at = next_at) {
			next_at = at
			for (j = i + 1; j <= n; j++)
				if (!flagged[j] && lpath[j] == lpath[i] && lo[j] <= at && hi[j] + 1 > next_at)
					next_at = hi[j] + 1
			if (next_at == at) break
		}
		if (at > hi[i]) pass++
		else { print "FAIL: " lwhat[i] ": no later line without flags for version code " at; fail++ }
	}
	printf "%d passed, %d failed\n", pass, fail
	exit fail > 0
}' build/registry.tsv src/runtime/eras.tsv
