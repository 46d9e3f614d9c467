#!/usr/bin/env bash
# Dead-call smoke tests are dropped only where they cannot fail (proofs/wp.sh
# dead_call_smoke): the call graph of the proven files (proofs/calls.sh)
# names each call; a unit that calls a function with no proven body, a
# graph with recursion or a call through a pointer, or no graph at all
# keeps them; a loop without a
# variant is found in a WP report. Then make prove's own units (when
# build/proofs/results.json is there): each unit's summary says whether it
# kept them, and its report agrees.
# Output ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. proofs/wp.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if eval "$2"; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }

make -s build/proofs/calls/graph.tsv || { echo "FAIL cannot build the call graph"; echo "0 passed, 1 failed"; exit 1; }
g=build/proofs/calls/graph.tsv
edge() { awk -F'\t' -v f="$1" -v c="$2" '$1 == f && $2 == c { found = 1 } END { exit !found }' "$g"; }
check "the graph names calls across files (model_copy_from_user -> raw_copy_from_user, model_erms -> model_tail_c) and within one (hw_rep_movsb -> report_fault, a static function)" \
	'edge model_copy_from_user raw_copy_from_user && edge model_erms model_tail_c && edge hw_rep_movsb report_fault'
check "no proven function is recursive" 'proofs/calls.sh cycles "$g" >/dev/null'
check "copy_from_user calls raw_copy_from_user, which no proven file defines" \
	'[ "$(proofs/calls.sh abstract "$g" "" src/wrappers/copy_from_user.c)" = raw_copy_from_user ]'
check "string and the equivalence unit call only proven bodies" \
	'[ -z "$(proofs/calls.sh abstract "$g" "" src/rows/string.c)" ] &&
	 [ -z "$(proofs/calls.sh abstract "$g" "-iquote build/proofs -iquote proofs" proofs/equiv.c)" ]'

# recursion, direct and mutual, and a call through a pointer
printf 'int g(int);\nint f(int x) { return x ? g(x - 1) : 0; }\nint g(int x) { return f(x); }\nint h(int x) { return x ? h(x - 1) : 0; }\nint k(int (*p)(int)) { return p(1); }\n' > "$tmp/rec.c"
gcc -O0 -c "$tmp/rec.c" -o "$tmp/rec.o" && proofs/calls.sh graph "$tmp/rec.o" > "$tmp/rec.tsv"
check "mutual (f, g) and direct (h) recursion are found" \
	'[ "$(proofs/calls.sh cycles "$tmp/rec.tsv" | paste -sd " ")" = "f g h" ]'
check "a call through a pointer has no proven body (*)" \
	'[ "$(proofs/calls.sh abstract "$g" "" "$tmp/rec.c" | paste -sd " ")" = "*" ]'
check "a file that does not compile is an error (exit 2)" \
	'echo "int x(" > "$tmp/bad.c"; proofs/calls.sh abstract "$g" "" "$tmp/bad.c" 2>/dev/null; [ $? -eq 2 ]'

dcs() { dead_call_smoke "" "$@" | paste -sd '|'; }
check "a unit that calls only proven bodies drops them: $(dcs src/rows/fsrm.c)" '[ "$(dcs src/rows/fsrm.c)" = 0 ]'
check "copy_from_user keeps them: $(dcs src/wrappers/copy_from_user.c)" \
	'[ "$(dcs src/wrappers/copy_from_user.c)" = "1|calls raw_copy_from_user, with no proven body" ]'
check "recursion in the graph keeps them: $(PROVE_CALLS=$tmp/rec.tsv dcs src/rows/fsrm.c)" \
	'[ "$(PROVE_CALLS=$tmp/rec.tsv dcs src/rows/fsrm.c)" = "1|recursive: f g h" ]'
printf 'function\tcalls\nk\t*\n' > "$tmp/ptr.tsv"
check "a call through a pointer anywhere in the graph keeps them: $(PROVE_CALLS=$tmp/ptr.tsv dcs src/rows/fsrm.c)" \
	'[ "$(PROVE_CALLS=$tmp/ptr.tsv dcs src/rows/fsrm.c)" = "1|a proven file calls through a pointer" ]'
check "no graph keeps them" '[ "$(PROVE_CALLS=$tmp/none.tsv dcs src/rows/fsrm.c | cut -d"|" -f1)" = 1 ]'

# a report whose function f has two loops and one variant; model_clear_loop's
# function assigns (its name ends in _loop_assigns) is no loop
jq -n '{"wp:functions": {f: {f_loop_assigns: {}, f_loop_assigns_2: {}, f_loop_variant: {}},
	g: {g_loop_assigns: {}, g_loop_variant: {}},
	model_clear_loop: {model_clear_loop_assigns: {}}}}' > "$tmp/wp.json"
check "a function with a loop without a variant is named, and only it" \
	'[ "$(loops_without_variant "$tmp/wp.json")" = f ]'

# make prove's units, when its run is here: the summary says whether a unit
# kept the smoke tests, and its WP report agrees
if [ -f build/proofs/results.json ]; then
	bad=0
	while IFS=$'\t' read -r unit kept; do
		n=$(jq '[."wp:functions" // {} | .[] | keys[] | select(test("_wp_smoke_dead_call"))] | length' "build/proofs/$unit/wp.json")
		if { [ "$kept" = false ] && [ "$n" -eq 0 ]; } || { [ "$kept" != false ] && [ "$n" -gt 0 ]; }; then :
		else echo "FAIL make prove's unit $unit: summary says dead-call smoke tests '$kept', its report has $n"; bad=$((bad + 1)); fi
	done < <(jq -r '.[] | select(.kind != "spec") | [.unit, (.dead_call_smoke | tostring)] | @tsv' build/proofs/results.json)
	kept=$(jq -r '[.[] | select(.dead_call_smoke != false and .kind != "spec") | .unit] | join(" ")' build/proofs/results.json)
	check "make prove: every unit's report agrees with its summary ($(jq '[.[] | select(.kind != "spec")] | length' build/proofs/results.json) units); dead-call smoke tests kept in: ${kept:-none}" \
		'[ "$bad" -eq 0 ] && [ "$kept" = copy_from_user ]'
else
	echo "(no build/proofs/results.json: make prove's units not checked)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
