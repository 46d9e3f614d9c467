#!/usr/bin/env bash
# The proof can fail: each line of proofs/wrong-variants.txt names a model,
# a function and a sed edit that breaks it (a wrong fix-up, a wrong
# threshold). WP must leave at least one goal of that function unproved.
# Output ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. proofs/wp.sh
export WP_TIMEOUT=${WP_TIMEOUT:-3}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
while IFS='|' read -r model fct edit why; do
	case "$model" in ''|'#'*) continue ;; esac
	sed "$edit" "src/$model.c" > "$tmp/$model.c"
	if cmp -s "src/$model.c" "$tmp/$model.c"; then
		echo "FAIL $model/$fct: the edit '$edit' changed nothing (stale variant)"; fail=$((fail + 1)); continue
	fi
	run_wp "$tmp/wp.log" "" "$fct" "-@lemma" "$tmp/$model.c"
	read -r g p smoke <<< "$(wp_count "$tmp/wp.log")"
	if [ -n "$g" ] && [ "$p" -lt "$g" ]; then
		echo "PASS $model/$fct rejected ($p/$g proved): $why"; pass=$((pass + 1))
	else
		echo "FAIL $model/$fct accepted (${p}/${g:-?} proved): $why"; fail=$((fail + 1))
	fi
done < proofs/wrong-variants.txt
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
