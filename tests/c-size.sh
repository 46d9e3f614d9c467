#!/usr/bin/env bash
# The C under tests/ stays readable in one sitting (issue 25): no file over
# 600 lines, no function over 120 (from its "{" to its "}", both at the
# start of a line, as the project's style puts them). Each file is a
# check; the longest function is named. Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. tests/harness.sh
MAX_LINES=${MAX_LINES:-600} MAX_FN=${MAX_FN:-120}

while IFS= read -r f; do
	lines=$(wc -l <"$f")
	longest=$(awk '/^[A-Za-z_].*\(/ { hdr = $0 }
		/^\{/ { start = FNR; name = hdr }
		/^\}/ && start { n = FNR - start + 1; if (n > max) { max = n; at = name }; start = 0 }
		END { sub(/\(.*/, "", at); sub(/.*[ *]/, "", at); print max + 0, (at == "" ? "-" : at) }' "$f")
	n=${longest%% *} name=${longest#* }
	if [ "$lines" -le "$MAX_LINES" ] && [ "$n" -le "$MAX_FN" ]; then
		ok "$f: $lines lines, longest function $name $n"
	else
		bad "$f: $lines lines (at most $MAX_LINES), longest function $name $n (at most $MAX_FN)"
	fi
done < <(find tests -name '*.c' | sort)
summary
