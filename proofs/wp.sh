# Sourced by proofs/prove.sh and proofs/reject.sh: how WP is run, and how
# its log is read (WP exits 0 even with unproved goals).

# run_wp LOG CPPFLAGS FCT PROPS FILE... : exit status of frama-c
run_wp() {
	local log=$1 flags=$2 fct=$3 props=$4; shift 4
	local fctopt=()
	[ -n "$fct" ] && fctopt=(-wp-fct "$fct")
	# CVC4 first; what it leaves goes to Z3, then CVC5 (a pass after -then
	# re-runs only the goals not yet valid).
	frama-c -machdep x86_64 -cpp-extra-args="-Ispec -Isrc $flags" \
		-warn-unsigned-overflow -warn-unsigned-downcast "$@" \
		-wp -wp-rte -wp-split -wp-smoke-tests -wp-par "${WP_PAR:-2}" \
		-wp-timeout "${WP_TIMEOUT:-10}" "-wp-prop=$props" "${fctopt[@]}" \
		-wp-prover cvc4 -then -wp-prover z3 -then -wp-prover cvc5 \
		> "$log" 2>&1
}

# wp_count LOG : prints "GOALS PROVED SMOKE_FAILED" (GOALS empty: no summary)
wp_count() {
	local log=$1 g p lg lp
	read -r g p <<< "$(grep -aE 'Proved goals:' "$log" | head -n1 | sed -E 's/.*: *([0-9]+) *\/ *([0-9]+).*/\2 \1/')"
	read -r lg lp <<< "$(grep -aE 'Proved goals:' "$log" | tail -n1 | sed -E 's/.*: *([0-9]+) *\/ *([0-9]+).*/\2 \1/')"
	# The first summary counts every goal; the last, what the last pass left.
	if [ -n "${g:-}" ] && [ "$g" -ne "$p" ]; then p=$(( g - (lg - lp) )); fi
	echo "${g:-} ${p:-0} $(grep -ac '\[Failed\] Smoke-test' "$log")"
}
