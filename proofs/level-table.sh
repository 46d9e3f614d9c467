#!/usr/bin/env bash
# The README's level table, generated: for every registry row and each
# hardware reading, the strongest level WP proves (build/proofs/results.json)
# and the stronger levels the compiled model refutes, each with the
# counterexample `make levels` finds (build/lab/levels).
#
#   proofs/level-table.sh            print the table (Markdown)
#   proofs/level-table.sh --update   rewrite README.md between the markers
#   proofs/level-table.sh --check    exit 1 unless README.md holds it
# Runs `make prove` and `make levels` first where their results are missing.
# --check ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mode=${1:-print}
results=build/proofs/results.json
[ -f "$results" ] || make -s prove >/dev/null || { echo "level-table: make prove failed" >&2; exit 2; }
make -s build/registry.tsv build/lab/levels || { echo "level-table: build failed" >&2; exit 2; }
levels=$(build/lab/levels) || { echo "level-table: build/lab/levels failed" >&2; exit 2; }

table() {
	local n=0 notes=() name kind abi lx ld keeps kernels commits origin
	echo "| row | kernels | commits | what | exact hw | delayed hw |"
	echo "|---|---|---|---|---|---|"
	while IFS=$'\t' read -r name kind abi lx ld keeps kernels commits origin; do
		local cells=() reading proven
		for reading in exact delayed; do
			proven=$(jq -r --arg u "$name" --arg r "${reading}_hw" \
				'.[] | select(.unit == $u) | if .ok then .levels[$r] else "NOT PROVEN" end' "$results")
			[ -n "$proven" ] || proven="no proof result"
			# The level just above the proven one, refuted on the compiled model.
			local above="" cell="$proven"
			case "$proven" in WEAK) above=RAW ;; RAW) above=EXACT ;; esac
			if [ -n "$above" ]; then
				local cx
				cx=$(awk -v s="$name" -v hw="$reading" -v lv="$above" '
					$0 ~ "^  (PASS|FAIL) " s " on " hw " hw: " lv " refuted" { grab = 1; next }
					grab && /counterexample/ { sub(/^ *counterexample \([A-Z]+\): /, ""); print; exit }
					{ grab = 0 }' <<<"$levels")
				if [ -n "$cx" ]; then
					n=$((n + 1))
					notes+=("$n. \`$name\`, $reading hw, $above refuted: $cx")
					cell="$proven ($above refuted<sup>$n</sup>)"
				else
					cell="$proven ($above not refuted by \`make levels\`)"
				fi
			fi
			cells+=("$cell")
		done
		echo "| \`$name\` ($kind) | $kernels | $commits | $origin | ${cells[0]} | ${cells[1]} |"
	done < <(tail -n +2 build/registry.tsv)
	local cfu
	cfu=$(jq -r '.[] | select(.unit == "copy_from_user") | if .ok then "ZEROPAD" else "NOT PROVEN" end' "$results")
	echo "| \`copy_from_user\` (wrapper) | generic (lib/usercopy.c) | - | \`_copy_from_user\` over any WEAK row | $cfu | $cfu |"
	echo
	echo "Proven: WP, \`make prove\` (a level implies the weaker ones by lemmas)."
	echo "Refuted: the compiled model breaks the level in the case shown (\`make levels\`;"
	echo "lag k: that rep instruction's count register reports k elements fewer than it stored)."
	echo
	printf '%s\n' "${notes[@]}"
}

out=$(table)
case "$mode" in
print) echo "$out" ;;
--update|--check)
	new=$(awk -v t="$out" '
		/<!-- level-table:begin -->/ { print; print t; skip = 1; next }
		/<!-- level-table:end -->/ { skip = 0 }
		!skip' README.md)
	if [ "$mode" = --update ]; then
		[ "$new" = "$(cat README.md)" ] || printf '%s\n' "$new" > README.md
		echo "level-table: README.md up to date"
	elif [ "$new" = "$(cat README.md)" ]; then
		echo "PASS README.md's level table is the generated one"; echo "1 passed, 0 failed"
	else
		echo "FAIL README.md's level table differs from the generated one (proofs/level-table.sh --update):"
		diff <(cat README.md) <(printf '%s\n' "$new") | head -20
		echo "0 passed, 1 failed"; exit 1
	fi ;;
*) echo "usage: proofs/level-table.sh [--update|--check]" >&2; exit 2 ;;
esac
