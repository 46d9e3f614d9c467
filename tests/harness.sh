# The shell suites' pass/fail harness (sourced): ok, bad, check and
# summary, whose last line is the "N passed, M failed" that
# scripts/run-tests.sh sums (tests/suites.txt).
#
#   . tests/harness.sh
#   ok "what held"; bad "what did not"; check "what" command args...
#   summary            # prints the counts; returns 1 when one failed
harness_pass=0 harness_fail=0
ok() { harness_pass=$((harness_pass + 1)); echo "ok   $*"; }
bad() { harness_fail=$((harness_fail + 1)); echo "FAIL $*"; }
# check NAME COMMAND...: ok when COMMAND succeeds, else bad; check_quiet
# the same with COMMAND's output thrown away.
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }
check_quiet() { local name=$1; shift; if "$@" >/dev/null 2>&1; then ok "$name"; else bad "$name"; fi; }
# expect_json NAME FILE JQ_FILTER: ok when the filter is true of FILE
# (scripts/ on jq's module path: `include "results";` for its rules).
expect_json() {
	if [ -s "$2" ] && jq -e -L scripts "$3" "$2" >/dev/null 2>&1; then ok "$1"
	else bad "$1 (not true of $2: $3)"; fi
}
summary() {
	echo "$harness_pass passed, $harness_fail failed"
	[ "$harness_fail" -eq 0 ]
}
