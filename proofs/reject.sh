#!/usr/bin/env bash
# The proof can fail: each line of proofs/wrong-variants.txt breaks one file
# of a copy of src/ and spec/ with a sed edit; WP over that file's unit must
# reject it, as the line expects: a goal left unproved (named here, from
# WP's report), a smoke test failed (an inconsistent contract), a loop
# left without a variant, or the file refused by the front end. A variant
# is run at a
# short timeout: a goal that does not prove within it counts as unproved.
# Output ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. proofs/wp.sh
export WP_TIMEOUT=${WP_TIMEOUT:-3}
export WP_CACHE_DIR=$PWD/build/proofs/wp-cache
mkdir -p "$WP_CACHE_DIR"
make -s build/proofs/calls/graph.tsv || { echo "reject: cannot build the call graph" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 n=0
while IFS='|' read -r file edit expect why; do
	case "$file" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	work=$tmp/$n; mkdir -p "$work"
	cp -r src spec "$work"
	sed -i "$edit" "$work/$file"
	if cmp -s "$file" "$work/$file"; then
		echo "FAIL $file: the edit '$edit' changed nothing (stale variant)"; fail=$((fail + 1)); continue
	fi
	unit=${file%.[ch]}.c
	# dead-call smoke tests as make prove would run the unit (proofs/wp.sh)
	dc=$(cd "$work" && dead_call_smoke "" "$unit" 2>/dev/null | head -n1)
	(cd "$work" && WP_SMOKE_DEAD_CALL=${dc:-1} run_wp . "" -@lemma "$unit")
	rc=$?
	if [ "$expect" = front-end ]; then
		if [ "$rc" -ne 0 ] && [ ! -s "$work/wp.json" ] &&
		   ! (cd "$work" && gcc -fsyntax-only $(ucopy_includes) "$unit") 2>/dev/null; then
			echo "PASS $file rejected by the front end (Frama-C and gcc): $why"
			echo "     $(grep -m1 -A1 -iE 'error' "$work/log" | tr -s ' \n' ' ' | cut -c1-160)"
			pass=$((pass + 1))
		else
			echo "FAIL $file accepted by a front end (frama-c exit $rc): $why"; fail=$((fail + 1))
		fi
		continue
	fi
	case $expect in
	variant) left=$(loops_without_variant "$work/wp.json")
		rejected="rejected, a loop without a variant" named=in accepted="every loop has a variant" ;;
	smoke) left=$(left_unproved "$work/wp.json" smoke)
		rejected="rejected by a smoke test" named=failed accepted="every smoke test passed" ;;
	*) left=$(left_unproved "$work/wp.json" goals)
		rejected=rejected named=unproved accepted="accepted, no unproved goal" ;;
	esac
	if [ "$rc" -eq 0 ] && [ -n "$left" ]; then
		echo "PASS $file $rejected: $why"
		echo "     $named: $(head -n 4 <<<"$left" | paste -sd ' ')"
		pass=$((pass + 1))
	else
		echo "FAIL $file: $accepted (frama-c exit $rc): $why"; fail=$((fail + 1))
	fi
done < proofs/wrong-variants.txt
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
