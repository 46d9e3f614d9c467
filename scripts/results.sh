# Readers of results (sourced): what the tools print or write, turned into
# the JSON of docs/results.md. Tables (CSV, the registry's TSV) are read by
# their header's names, JSON with jq, a tool's text in one place each.

# table_cols SEP FILE COLUMN...: the named columns of every row after the
# header line, tab-separated, in the order asked. Fails with a message
# when the file lacks one of them.
table_cols() {
	local sep=$1 file=$2
	shift 2
	awk -F"$sep" -v want="$*" '
	NR == 1 {
		n = split(want, w, " ")
		for (i = 1; i <= NF; i++) col[$i] = i
		for (k = 1; k <= n; k++) if (!(w[k] in col)) {
			printf "%s: no column %s\n", FILENAME, w[k] > "/dev/stderr"; bad = 1; exit 2
		}
		next
	}
	{ line = $col[w[1]]; for (k = 2; k <= n; k++) line = line "\t" $col[w[k]]; print line }
	END { exit bad ? 2 : 0 }' "$file"
}
csv_cols() { table_cols , "$@"; }
tsv_cols() { table_cols '\t' "$@"; }

# sweep_json FILE EXIT: what a sweep wrote with --json FILE (tests/sweep/
# json.c), in the shape docs/results.md gives (scripts/results.jq
# sweep_result), with EXIT, the sweep's exit status; finished false when
# it wrote none (it did not finish).
sweep_json() {
	if [ -s "$1" ]; then jq -L scripts --argjson exit "${2:-null}" 'include "results"; sweep_result($exit)' "$1"
	else jq -n --argjson exit "${2:-null}" '{exit: $exit, finished: false, targets: {}, failures: []}'; fi
}

# levels_json FILE EXIT: the level table's output (tests/levels.c) as
# {exit, clean, refuted: ["<level refuted>: <its counterexample>"]}.
levels_json() {
	awk '/refuted/ { sub(/^ *PASS /, ""); r = $0 }
	     /counterexample/ { sub(/^ *counterexample \([A-Z]+\): /, ""); print r ": " $0 }' "$1" |
	jq -R -n --argjson exit "${2:-null}" --argjson clean "$(grep -qE '^[0-9]+ passed, 0 failed$' "$1" && echo true || echo false)" \
		'{exit: $exit, clean: $clean, refuted: [inputs]}'
}
