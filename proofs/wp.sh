# Sourced by proofs/prove.sh, proofs/prove-unit.sh and proofs/reject.sh:
# how WP is run. Results are read from WP's JSON report and Frama-C's
# warning log, never from its console text.

# The options every run uses; part of a unit's cache key (prove-unit.sh).
wp_options() {
	echo -machdep x86_64 -warn-unsigned-overflow -warn-unsigned-downcast \
		-wp -wp-rte -wp-split -wp-smoke-tests -wp-check-memory-model \
		-wp-no-warn-memory-model -wp-timeout "${WP_TIMEOUT:-20}" \
		-wp-smoke-timeout "${WP_SMOKE_TIMEOUT:-2}"
}

# The include path of every unit: spec/ and every folder of src/ (the
# Makefile's UCOPY_INC is the same rule).
ucopy_includes() {
	local d
	for d in spec src/*/; do printf -- '-iquote %s ' "${d%/}"; done
}

# The versions of Frama-C, Why3 and the provers; part of the cache key too.
tool_versions() {
	{ frama-c -version; why3 --version; cvc4 --version | head -n1
	  z3 --version; cvc5 --version | head -n1; } 2>&1
}

# run_wp DIR CPPFLAGS PROPS FILE... : runs WP, leaving in DIR
#   wp.json    WP's report: every goal with its status
#   warnings   every warning of the kernel, RTE and WP (empty: none)
#   log        the console, for people
# Returns frama-c's exit status.
run_wp() {
	local dir=$1 flags=$2 props=$3; shift 3
	rm -f "$dir/wp.json" "$dir/warnings"
	: > "$dir/warnings"
	# One prover, CVC4: every goal Qed leaves is proved by it. The former
	# `-wp-prover cvc4 -then -wp-prover z3 -then -wp-prover cvc5` never
	# ran Z3 or CVC5: a pass after -then runs WP only if -wp is given
	# again (proofs/profile.sh's logs show no Z3 call in any unit). With
	# -wp it re-selects goals of its own choosing, and neither prover helps
	# here anyway: Z3 4.8.12 answers "High failure" (its pattern warnings
	# break Why3 1.5.1's reading of its output) and Why3 1.5.1 does not
	# know CVC5 1.0.3. docs/proofs.md, "Provers and timeouts".
	# shellcheck disable=SC2046
	frama-c -cpp-extra-args="$(ucopy_includes)$flags" "$@" \
		$(wp_options) -wp-par "${WP_PAR:-2}" "-wp-prop=$props" \
		-wp-cache "${WP_CACHE_MODE:-update}" -wp-cache-dir "${WP_CACHE_DIR:-build/proofs/wp-cache}" \
		-kernel-log "w:$dir/warnings" -rte-log "w:$dir/warnings" -wp-log "w:$dir/warnings" \
		-wp-report-json "$dir/wp.json" ${WP_LOG_FLAGS:-} \
		-wp-prover cvc4 > "$dir/log" 2>&1
}

# goal_counts WP_JSON : {goals, proved, smoke: {goals, passed}} over every
# function and lemma of the report (a smoke test is "valid" when it passed).
goal_counts() {
	jq '[(."wp:functions" // {}), (."wp:axiomatics" // {}) | .[] | to_entries[]
	     | select(.key != "wp:section")
	     | {smoke: (.key | test("_wp_smoke_")), total: .value."wp:main".total,
	        valid: (.value."wp:main".valid // 0)}] as $g
	    | ($g | map(select(.smoke | not))) as $c | ($g | map(select(.smoke))) as $s
	    | {goals: ($c | map(.total) | add // 0), proved: ($c | map(.valid) | add // 0),
	       smoke: {goals: ($s | map(.total) | add // 0), passed: ($s | map(.valid) | add // 0)}}' "$1"
}

# registry_columns COLUMN... : for every row of build/registry.tsv, the
# named columns in that order, tab-separated; columns are found by the
# header line's names, never by position. Exits 2 on a missing column.
registry_columns() {
	awk -F'\t' -v want="$*" 'BEGIN { OFS = "\t"; n = split(want, w, " ") }
		NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i
		          for (j = 1; j <= n; j++) if (!(w[j] in col)) {
		              print "registry: no column " w[j] " in build/registry.tsv" > "/dev/stderr"; bad = 1; exit 2 }
		          next }
		{ line = ""; for (j = 1; j <= n; j++) line = line (j > 1 ? OFS : "") $col[w[j]]; print line }
		END { if (bad) exit 2 }' build/registry.tsv
}
