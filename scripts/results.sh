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

# sweep_json FILE EXIT: a sweep's text output (tests/sweep.c) as JSON: the
# seed line, per target its total and each phase's counts (exact_hw,
# delayed_hw with its lag histogram, traced), the failing cases as fields,
# the last "N passed, M failed" line (finished: false without one), and
# EXIT, the sweep's exit status. The one reader of that text.
sweep_json() {
	awk -v OFS='\t' '
	/^sweep: seed / { sub(/^sweep: /, ""); print "seed", $0; next }
	/^FAIL / {
		line = substr($0, 6)
		if (match(line, / len=[0-9]+ src%64=[0-9]+ dst%64=[0-9]+ fs=[-0-9]+ fd=[-0-9]+( lag=[0-9a-z,]+)?( traced)?: /)) {
			head = substr(line, 1, RSTART - 1); rest = substr(line, RSTART + RLENGTH)
			split(substr(line, RSTART + 1, RLENGTH - 3), f, /[ =]/)
			lag = "-"; tr = 0
			for (i = 11; i in f; i++) { if (f[i] == "lag") lag = f[i + 1]; if (f[i] == "traced") tr = 1 }
			tags = ""; detail = rest
			if (match(rest, /^\[[a-z,-]+\] /)) { tags = substr(rest, 2, RLENGTH - 3); detail = substr(rest, RLENGTH + 1) }
			print "fail", line, head, f[2], f[4], f[6], f[8], f[10], lag, tr, tags, detail
		} else print "fail", line
		next
	}
	/^[0-9]+ passed, [0-9]+ failed$/ { print "done", $1, $3; next }
	$3 == "cases" && $5 == "passed" && $7 == "failed" { print "total", $1, $2, $4, $6, $8; next }
	{ label = $2; k = 3; if ($3 == "hw") { label = $2 "_" $3; k = 4 } }
	(label == "exact_hw" || label == "delayed_hw" || label == "traced") && $(k + 1) == "cases" {
		print "phase", $1, label, $k, $(k + 2), $(k + 4), $(k + 6)
		if (label == "delayed_hw") { getline; sub(/^ +/, ""); print "lags", last = $0 }
		next
	}' "$1" | jq -R -n --argjson exit "${2:-null}" '
	def num: if . == "-" or . == null then null else tonumber end;
	def counts: {cases: (.[0] | tonumber), passed: (.[1] | tonumber), failed: (.[2] | tonumber), seconds: (.[3] | tonumber)};
	[inputs | split("\t")] as $r
	| ($r | map(select(.[0] == "done")) | last) as $done
	| {exit: $exit, finished: ($done != null),
	   passed: ($done // [null, null]) [1] | num, failed: (($done // [null, null, null])[2] | num),
	   seed: ($r | map(select(.[0] == "seed")) | first // [null, null])[1],
	   targets: (reduce ($r | to_entries[]) as {key: $i, value: $x} ({};
	       if $x[0] == "total" then .[$x[1]].total = ($x[2:6] | counts)
	       elif $x[0] == "phase" then .[$x[1]].phases[$x[2]] = ($x[3:7] | counts)
	       elif $x[0] == "lags" then ($r[$i - 1][1]) as $t | .[$t].phases.delayed_hw.lags = $x[1]
	       else . end)),
	   failures: [$r[] | select(.[0] == "fail")
	       | if length == 2 then {line: .[1]}
	         else {line: .[1], target: (.[2] | split(" ")[0]), len: (.[3] | num), src: (.[4] | num),
	               dst: (.[5] | num), fs: (.[6] | num), fd: (.[7] | num),
	               lag: (if .[8] == "-" then null else .[8] end), traced: (.[9] == "1"),
	               tags: (.[10] | if . == "" then [] else split(",") end), detail: .[11]} end]}'
}

# levels_json FILE EXIT: the level table's output (tests/levels.c) as
# {exit, clean, refuted: ["<level refuted>: <its counterexample>"]}.
levels_json() {
	awk '/refuted/ { sub(/^ *PASS /, ""); r = $0 }
	     /counterexample/ { sub(/^ *counterexample \([A-Z]+\): /, ""); print r ": " $0 }' "$1" |
	jq -R -n --argjson exit "${2:-null}" --argjson clean "$(grep -qE '^[0-9]+ passed, 0 failed$' "$1" && echo true || echo false)" \
		'{exit: $exit, clean: $clean, refuted: [inputs]}'
}
