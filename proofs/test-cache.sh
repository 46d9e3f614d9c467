#!/usr/bin/env bash
# The proof cache serves only what did not change. On a copy of src/, spec/
# and proofs/, one unit (tail_c) is proved, proved again (must come from
# the cache), then after a wrong edit of the model (must be re-proved and
# fail), after a harmless edit of the spec that every unit reads (must be
# re-proved and pass) and after an edit of a header it includes (likewise).
# Then the same unit in two passes (WP_ASSIGNS_WHOLE=1, proofs/wp.sh
# run_wp: assigns unsplit, then the rest) against one: a setting of the
# key, the same properties proved, fewer assigns goals, the same smoke
# tests. Then a unit's -wp-par (the spec's lemmas): 4 alone, 2 beside another.
# Output ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp -r src spec proofs "$tmp"
export PROVE_DIR=$tmp/results WP_CACHE_DIR=$PWD/build/proofs/wp-cache
mkdir -p "$WP_CACHE_DIR"
pass=0 fail=0
prove() { "$tmp/proofs/prove-unit.sh" tail_c row src/rows/tail_c.c "" "cache test" EXACT EXACT; }
expect() { # what cached ok
	local got
	got=$(jq -r '"\(.cached) \(.ok)"' "$PROVE_DIR/tail_c/summary.json")
	if [ "$got" = "$2 $3" ]; then echo "PASS $1 (cached $2, ok $3)"; pass=$((pass + 1))
	else echo "FAIL $1: expected cached $2, ok $3, got $got"; fail=$((fail + 1)); fi
}
prove; expect "first run proves" false true
prove; expect "unchanged inputs come from the cache" true true
sed -i 's/if (!hw_load_ok(off, 1))/if (!off \&\& !hw_load_ok(off, 1))/' "$tmp/src/rows/tail_c.c"
prove; expect "a wrong edit of the model is re-proved and fails" false false
prove; expect "a failed unit is never served from the cache" false false
cp src/rows/tail_c.c "$tmp/src/rows/tail_c.c"
prove; expect "the model restored is proved again" false true
sed -i 's/ret == end - clamp(fault_at(fs, fd), off, end) \&\&/ret == end - clamp(fault_at(fs, fd), off, end) + 0 \&\&/' "$tmp/spec/ucopy_spec.h"
if cmp -s spec/ucopy_spec.h "$tmp/spec/ucopy_spec.h"; then
	echo "FAIL the spec edit changed nothing (stale test)"; fail=$((fail + 1))
else
	prove; expect "an edit of the spec is re-proved" false true
fi
sed -i 's|^#define UCOPY_TAIL_C_H|#define UCOPY_TAIL_C_H\n/*@ logic integer cache_probe = 1; */|' "$tmp/src/rows/tail_c.h"
prove; expect "an edit of an included header is re-proved" false true
prove; expect "and then comes from the cache" true true
cp "$PROVE_DIR/tail_c/wp.json" "$tmp/one-pass.json"
WP_ASSIGNS_WHOLE=1 prove; expect "assigns unsplit (WP_ASSIGNS_WHOLE=1) is a setting of the key" false true
# per property: its name, whether every goal of it is valid, its goals
props() { jq -r '."wp:functions"[] | to_entries[] | select(.key != "wp:section")
	| "\(.key) \(.value."wp:main".total == (.value."wp:main".valid // 0)) \(.value."wp:main".total)"' "$1" | sort; }
count() { awk -v re="$1" '$1 ~ re { n += $3 } END { print n + 0 }'; }
one=$(props "$tmp/one-pass.json") two=$(props "$PROVE_DIR/tail_c/wp.json")
check() { if eval "$2"; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
check "two passes and one prove the same properties, every goal ($(wc -l <<<"$two") properties)" \
	'[ "$(cut -d" " -f1,2 <<<"$two")" = "$(cut -d" " -f1,2 <<<"$one")" ] && ! grep -q " false " <<<"$two"'
a2=$(count '_assigns' <<<"$two") a1=$(count '_assigns' <<<"$one")
s2=$(count '_wp_smoke_' <<<"$two") s1=$(count '_wp_smoke_' <<<"$one")
check "assigns unsplit: $a2 goals against $a1 split (fewer); smoke tests $s2 and $s1 (the same)" \
	'[ "$a2" -gt 0 ] && [ "$a2" -lt "$a1" ] && [ "$s2" = "$s1" ]'

# -wp-par (prove-unit.sh): 4 for a unit that proves while no other unit
# of its run (PROVE_DIR/running) does, 2 beside another, WP_PAR when given.
# (the spec's lemmas: the smallest unit)
par() { # par ENV...: the unit proved cold; its summary's wp_par
	( unset WP_PAR; export PROVE_CACHE=0 "$@"
	  "$tmp/proofs/prove-unit.sh" spec spec proofs/spec_lemmas.c "" "par test" ) &&
		jq -r '.wp_par' "$PROVE_DIR/spec/summary.json"
}
rm -rf "$PROVE_DIR/running"
got=$(par)
check "a unit proving alone: -wp-par $got (4), and its entry in running/ gone after it" \
	'[ "$got" = 4 ] && [ -z "$(ls -A "$PROVE_DIR/running")" ]'
: > "$PROVE_DIR/running/another_unit"
got=$(par)
check "a unit beside another (an entry in running/): -wp-par $got (2)" '[ "$got" = 2 ]'
got=$(par WP_PAR=3)
check "WP_PAR given: -wp-par $got (3)" '[ "$got" = 3 ]'
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
