#!/usr/bin/env bash
# Who calls whom in the proven C files, read off their objects compiled as
# Frama-C reads them (__FRAMAC__ defined, no optimisation; proofs/proofs.mk).
# make prove drops a unit's dead-call smoke tests only when every function
# it calls has a body that make prove proves, and only when no proven
# function is recursive (proofs/wp.sh, "Dead-call smoke tests").
#   proofs/calls.sh graph OBJ...           TSV (function, calls): a line per
#                                          call, a function that calls
#                                          nothing with calls empty; an
#                                          indirect call is "*"
#   proofs/calls.sh abstract GRAPH FLAGS FILE...
#                                          the functions FILE... call that
#                                          GRAPH defines no body for, a line
#                                          each (indirect calls as "*")
#   proofs/calls.sh cycles GRAPH           the functions on a call cycle;
#                                          exits 1 when there is one
# Exits 2 on bad usage or a file that does not compile.
set -uo pipefail

# calls OBJ... : "function<TAB>callee" for each call instruction, then
# "function<TAB>" for each function defined. objdump names a call to a
# function of the same object by its address's symbol, and one to another
# object's by the relocation on the next line.
calls() {
	objdump -dr --no-show-raw-insn "$@" | awk -v OFS='\t' '
		/^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); print fn, ""; next }
		pending != "" { if ($2 ~ /^R_X86_64_(PLT32|PC32)$/) { c = $3; sub(/[-+]0x[0-9a-f]+$/, "", c) }
		                else c = pending
		                print fn, c; pending = "" }
		$2 == "call" || $2 == "callq" {
			if ($3 ~ /^\*/) { print fn, "*"; next }
			c = $4; gsub(/[<>]/, "", c); sub(/\+0x[0-9a-f]+$/, "", c); pending = c }
		END { if (pending != "") print fn, pending }'
}

graph() {
	[ $# -gt 0 ] || { echo "calls.sh: graph needs objects" >&2; exit 2; }
	printf 'function\tcalls\n'
	calls "$@" | awk -F'\t' '!seen[$0]++'
}

# columns of GRAPH by name
defined() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { print $col["function"] }' "$1" | sort -u; }

abstract() {
	[ $# -ge 3 ] && [ -f "$1" ] || { echo "calls.sh: abstract GRAPH FLAGS FILE..." >&2; exit 2; }
	local g=$1 flags=$2 d; shift 2
	local objs=() n=0 f inc
	tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
	# the include path of the tree it runs in (proofs/reject.sh: a copy)
	inc=$(for d in spec src/*/; do printf -- '-iquote %s ' "${d%/}"; done)
	for f in "$@"; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		gcc -std=c11 -O0 -D__FRAMAC__ $inc $flags -c "$f" -o "$tmp/$n.o" 2> "$tmp/err" ||
			{ echo "calls.sh: $f does not compile: $(head -c 300 "$tmp/err")" >&2; exit 2; }
		objs+=("$tmp/$n.o")
	done
	d=$(defined "$g")
	calls "${objs[@]}" | awk -F'\t' '$2 != "" { print $2 }' | sort -u | comm -23 - <({ echo "$d"; calls "${objs[@]}" | cut -f1; } | sort -u) | grep -v '^$'
	return 0
}

cycles() {
	[ $# -eq 1 ] && [ -f "$1" ] || { echo "calls.sh: cycles GRAPH" >&2; exit 2; }
	local self loop
	self=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$col["function"] == $col["calls"] { print $col["function"] }' "$1" | sort -u)
	loop=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$col["calls"] != "" && $col["calls"] != "*" && $col["function"] != $col["calls"] {
			print $col["function"], $col["calls"] }' "$1" | tsort 2>&1 >/dev/null |
		sed -n 's/^tsort: //p' | grep -v 'input contains a loop')
	[ -z "$self$loop" ] && return 0
	printf '%s\n' $self $loop | sort -u
	return 1
}

case ${1:-} in
graph) shift; graph "$@" ;;
abstract) shift; abstract "$@" ;;
cycles) shift; cycles "$@" ;;
*) echo "usage: calls.sh graph OBJ... | abstract GRAPH FLAGS FILE... | cycles GRAPH" >&2; exit 2 ;;
esac
