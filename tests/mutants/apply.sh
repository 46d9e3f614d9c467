#!/usr/bin/env bash
# Builds a mutant from a one-line edit of a project routine:
#   tests/mutants/apply.sh tests/mutants/NAME.sed OUT.S
# NAME.sed names its original ("# from: STRATEGY") and says what is broken;
# the edit is applied to asm/STRATEGY.S and the routine renamed
# ucopy_mut_NAME. Fails when the edit no longer matches its original.
set -euo pipefail
edit=$1 out=$2
name=$(basename "$edit" .sed)
from=$(sed -n 's/^# from: *//p' "$edit")
orig=asm/$from.S
[ -f "$orig" ] || { echo "apply.sh: $edit: no original $orig" >&2; exit 1; }
renamed=$(sed "s/\bucopy_$from\b/ucopy_mut_$name/g" "$orig")
mutated=$(sed -f "$edit" <<< "$renamed")
if [ "$mutated" = "$renamed" ]; then
	echo "apply.sh: $edit changes nothing in $orig (stale mutant)" >&2
	exit 1
fi
{
	echo "/* Generated from $orig by $edit: */"
	sed -n 's|^# \(.*\)|/* \1 */|p' "$edit" | grep -v '/\* from:'
	echo "$mutated"
} > "$out"
