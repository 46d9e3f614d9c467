# Sourced by proofs/prove.sh, proofs/prove-unit.sh and proofs/reject.sh:
# how WP is run. Results are read from WP's JSON report and Frama-C's
# warning log, never from its console text.

# The options every run uses; part of a unit's cache key (prove-unit.sh).
# WP_PROVERS: the provers, in order: a goal goes to the next one only when
# the one before did not prove it (a fallback costs nothing on a goal the
# first one proves, but every smoke test, which no prover should prove,
# goes through all of them). Default CVC4 alone: it proves every goal of
# `make prove`; the machine-code units may ask for cvc4,z3,cvc5.
# WP_TIMEOUT: a goal's budget, in CPU seconds of its prover (20), which
# proofs/prover.sh enforces (ulimit -t): the same search on an idle
# machine and on a loaded one. WP's own limit is on the wall clock: it
# kills a prover 2 s after its -wp-timeout has passed ("late why3server
# timeout"), so under `make test` (two Frama-C processes and four
# provers on 2 cores) a goal of 10 s of CPU could miss a 20 s limit
# (docs/proofs.md, "Provers and timeouts"). WP is given a guard instead,
# WP_WALL_TIMEOUT (5 times the budget), which no goal reaches unless the
# machine is five times oversubscribed.
# A smoke test's wall-clock guard (WP_SMOKE_TIMEOUT): proofs/prover.sh
# bounds its search by WP_SMOKE_STEPS (about 0.3 s of CPU) and tells a
# smoke test by this limit, so it stays below the goals' guard: half of
# it, at most 50 s.
# -wp-no-ground: Qed's aggressive ground simplification costs a lifted
# row's unit about a quarter of its CPU and proves no goal the provers
# then miss (docs/proofs.md, "Frama-C's own time").
# WP_SMOKE_DEAD_CALL=0: no smoke test per call site that the callee's
# contract leaves the code after it dead. Such a test cannot fail when the
# callee's contract is met by a terminating body from every state its
# requires allow (WP proves those requires at the call). make prove-asm's
# units call only spec/x86.c, whose bodies the unit x86 proves without
# loops or recursion, and spec/hw.h's primitives. A unit of make prove
# drops them when every function it calls has a body that make prove
# proves (dead_call_smoke below): every loop of those bodies has a proven
# variant (prove-unit.sh fails a unit with a loop without one) and none
# is recursive (prove.sh fails on a call cycle). copy_from_user keeps them:
# raw_copy_from_user is a contract with no body (docs/proofs.md,
# "Dead-call smoke tests").
goal_cpu() { echo "${WP_TIMEOUT:-20}"; }
wall_timeout() { echo "${WP_WALL_TIMEOUT:-$(( $(goal_cpu) * 5 ))}"; }
smoke_timeout() {
	local w; w=$(wall_timeout)
	echo "${WP_SMOKE_TIMEOUT:-$(( w / 2 > 50 ? 50 : w / 2 ))}"
}
wp_options() {
	if [ "$(goal_cpu)" -lt 1 ] || [ "$(wall_timeout)" -lt "$(goal_cpu)" ]; then
		echo "wp.sh: WP_TIMEOUT must be at least 1 s, and WP_WALL_TIMEOUT at least WP_TIMEOUT" >&2
		return 2
	fi
	if [ "$(smoke_timeout)" -ge "$(wall_timeout)" ] || [ "$(smoke_timeout)" -lt 1 ]; then
		echo "wp.sh: WP_SMOKE_TIMEOUT must stay below WP_WALL_TIMEOUT (proofs/prover.sh tells a smoke test by it)" >&2
		return 2
	fi
	echo -machdep x86_64 -warn-unsigned-overflow -warn-unsigned-downcast \
		-wp -wp-rte -wp-split -wp-smoke-tests -wp-check-memory-model \
		-wp-no-warn-memory-model -wp-timeout "$(wall_timeout)" \
		-wp-smoke-timeout "$(smoke_timeout)" -wp-prover "${WP_PROVERS:-cvc4}" \
		-wp-no-ground
	[ "${WP_SMOKE_DEAD_CALL:-1}" = 1 ] || echo -wp-no-smoke-dead-call
}

# The provers as Why3 runs them: this project's own Why3 configuration
# (WHY3CONFIG, so ~/.why3.conf is not read) naming CVC4, Z3 and CVC5 (Why3
# 1.5.1 does not detect CVC5 1.0.3; it reads SMT-LIB as CVC4 does, with
# CVC4's driver), each started through proofs/prover.sh, which bounds a
# smoke test by WP_SMOKE_STEPS resource units (CVC4) rather than by the
# wall clock. Part of the cache key (tool_versions).
UCOPY_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export UCOPY_ROOT
why3_conf() {
	local p name driver
	printf '[main]\nmagic = 14\nmemlimit = 1000\nrunning_provers_max = 2\ntimelimit = 5\n'
	printf 'datadir = "/usr/share/why3"\nlibdir = "/usr/lib/ocaml/why3"\nloadpath = "/usr/share/why3/stdlib"\n'
	for p in cvc4:CVC4:1.8:cvc4_17 z3:Z3:4.8.12:z3_471 cvc5:CVC5:1.0.3:cvc4_17; do
		IFS=: read -r p name version driver <<<"$p"
		printf '\n[prover]\nname = "%s"\nshortcut = "%s"\nversion = "%s"\ndriver = "%s"\n' \
			"$name" "$p" "$version" "$driver"
		printf 'command = "%s/proofs/prover.sh %s %%t %s %s %s %%f"\n' \
			"$UCOPY_ROOT" "$p" "$(smoke_timeout)" "${WP_SMOKE_STEPS:-30000}" "$(goal_cpu)"
		printf 'editor = ""\nin_place = false\ninteractive = false\n'
	done
}
# Its file, named by its content (build/why3/<hash>.conf): suites that
# run side by side with other budgets (make prove-reject's 3 s) each read
# their own, never one the other has just rewritten.
why3_conf_file() {
	echo "$UCOPY_ROOT/build/why3/$(why3_conf | sha256sum | cut -c1-16).conf"
}
# Writes it when it is not there yet; run_wp points WHY3CONFIG at it.
write_why3_conf() {
	local conf tmp
	conf=$(why3_conf_file)
	[ -f "$conf" ] && return 0
	mkdir -p "${conf%/*}"
	tmp=$(mktemp "$conf.XXXXXX")
	why3_conf > "$tmp" && mv "$tmp" "$conf"
}
# for scripts that run run_wp in child shells (export -f run_wp)
export -f why3_conf why3_conf_file write_why3_conf goal_cpu wall_timeout smoke_timeout

# dead_call_smoke FLAGS FILE... : whether a make prove unit needs dead-call
# smoke tests: prints 0 (no) or 1, then on a second line why they stay: a
# function called with no proven body (proofs/calls.sh abstract over the
# call graph of the proven files, build/proofs/calls/graph.tsv, or
# PROVE_CALLS), a call cycle or a call through a pointer anywhere in the
# proven files, or no call graph at all.
calls_graph() { echo "${PROVE_CALLS:-$UCOPY_ROOT/build/proofs/calls/graph.tsv}"; }
dead_call_smoke() {
	local flags=$1 graph abstract cyc; shift
	graph=$(calls_graph)
	if [ ! -f "$graph" ]; then printf '1\nno call graph (%s)\n' "$graph"; return; fi
	if ! cyc=$("$UCOPY_ROOT/proofs/calls.sh" cycles "$graph"); then
		printf '1\nrecursive: %s\n' "$(echo $cyc)"; return; fi
	# a call through a pointer: its callee, and so whether it returns, unknown
	if awk -F'\t' '$2 == "*" { found = 1 } END { exit !found }' "$graph"; then
		printf '1\na proven file calls through a pointer\n'; return; fi
	abstract=$("$UCOPY_ROOT/proofs/calls.sh" abstract "$graph" "$flags" "$@") || return 2
	if [ -n "$abstract" ]; then printf '1\ncalls %s, with no proven body\n' "$(echo $abstract)"; return; fi
	echo 0
}
export -f calls_graph dead_call_smoke

# loops_without_variant WP_JSON : the functions of a report with a loop
# that has no variant (fewer loop variants than loop assigns: WP warns of a
# loop without assigns, and a warning fails the unit), a line each.
loops_without_variant() {
	[ -s "$1" ] && jq -r '."wp:functions" // {} | to_entries[] | .key as $f
		| [.value | keys[] | select(startswith($f + "_")) | ltrimstr($f + "_")] as $k
		| select(([$k[] | select(test("^loop_assigns(_[0-9]+)?$"))] | length) >
		         ([$k[] | select(test("^loop_variant(_[0-9]+)?$"))] | length)) | $f' "$1"
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
	  z3 --version; cvc5 --version | head -n1
	  why3_conf | sed "s|$UCOPY_ROOT|<checkout>|g"   # the same key in any clone
	  cat "$UCOPY_ROOT/proofs/prover.sh"; } 2>&1
}

# run_wp DIR CPPFLAGS PROPS FILE... : runs WP, leaving in DIR
#   wp.json    WP's report: every goal with its status
#   warnings   every warning of the kernel, RTE and WP (empty: none)
#   log        the console, for people
# Returns frama-c's exit status.
# WP_ASSIGNS_WHOLE=1 (make prove-asm's rows): a whole unit (PROPS -@lemma)
# is proved in two passes of one Frama-C run (-then): its assigns clauses,
# function and loop, without -wp-split, then every other property (smoke
# tests included) with it; the report after the second pass holds both.
# WP 25 makes an assigns goal of every write and -wp-split one of every
# path to it: in a lift, hundreds of trivial goals, each costing as much
# to simplify as a hard one. Unsplit, the lifted rows have a quarter fewer
# goals and cost 30 % less CPU (up to 45 %). The models' units lose by it
# (their unsplit assigns goals are harder for CVC4) and keep one pass
# (docs/proofs.md, "Assigns in one piece").
run_wp() {
	local dir=$1 flags=$2 props=$3; shift 3
	rm -f "$dir/wp.json" "$dir/warnings"
	: > "$dir/warnings"
	write_why3_conf || return 2
	local opts; opts=$(wp_options) || return 2
	local passes=("$opts" -wp-prop="$props")
	if [ "${WP_ASSIGNS_WHOLE:-0}" = 1 ] && [ "$props" = -@lemma ]; then
		local whole=${opts/ -wp-split / -wp-no-split }
		[ "$whole" != "$opts" ] || { echo "wp.sh: no -wp-split in WP's options" >&2; return 2; }
		passes=("$whole" -wp-prop=@assigns -then -wp -wp-split -wp-prop=-@lemma,-@assigns)
	fi
	# Frama-C's OCaml heap: a larger minor heap and a lazier major GC
	# (WP_OCAMLRUNPARAM) cut Qed's collection time, a fifth of Frama-C's
	# CPU on a lifted row; results do not depend on it (not in the key)
	# shellcheck disable=SC2086
	OCAMLRUNPARAM=${WP_OCAMLRUNPARAM:-s=8M,o=200} WHY3CONFIG=$(why3_conf_file) frama-c -cpp-extra-args="$(ucopy_includes)$flags" "$@" \
		-wp-par "${WP_PAR:-2}" \
		-wp-cache "${WP_CACHE_MODE:-update}" -wp-cache-dir "${WP_CACHE_DIR:-build/proofs/wp-cache}" \
		-kernel-log "w:$dir/warnings" -rte-log "w:$dir/warnings" -wp-log "w:$dir/warnings" \
		-wp-report-json "$dir/wp.json" ${WP_LOG_FLAGS:-} ${passes[0]} "${passes[@]:1}" > "$dir/log" 2>&1
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

# left_unproved WP_JSON KIND : the properties of a WP report with a goal
# left unproved, one a line: its smoke tests (KIND smoke) or the
# contracts' own goals (KIND goals).
left_unproved() {
	[ -s "$1" ] && jq -r --arg kind "$2" '."wp:functions" // {} | .[] | to_entries[]
		| select(.key != "wp:section" and (.key | test("_wp_smoke_")) == ($kind == "smoke"))
		| select((.value."wp:main".valid // 0) < .value."wp:main".total) | .key' "$1"
}

# measured_cost TABLE UNIT : the unit's CPU seconds in a cost table a
# profile or a cold run measured (columns unit, cpu_s, read by name);
# nothing when the table does not list it. prove.sh and prove-asm.sh order
# a fresh clone's units by it.
measured_cost() {
	awk -F'\t' -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$col["unit"] == n { print $col["cpu_s"] }' "$1" 2>/dev/null
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
