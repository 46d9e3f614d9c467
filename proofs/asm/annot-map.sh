#!/usr/bin/env bash
# A row's annotations carried over to another object of the same routine
# (a mutant of tests/mutants/, which inserts or changes instructions, so
# that the addresses after the edit shift):
#
#   proofs/asm/annot-map.sh ORIGINAL.o OTHER.o ANNOT > MAPPED.annot
#
# The two instruction sequences (per section, jump targets blanked, since
# they are addresses) are aligned by their longest common subsequence: the
# instructions the edit left alone. Each annotation line moves from its
# address in ORIGINAL.o to the address of the same instruction in OTHER.o;
# where the edit replaced a run of instructions by as many others, they
# pair up in order, and an annotation moves to the replacement (its
# instruction text rewritten to the new one). The lifter then checks the
# instruction at the new address as for any annotation. An annotation on
# an instruction the edit removed cannot be carried: a one-line error,
# exit 2. Comments and `variant` lines are kept.
set -uo pipefail
die() { echo "annot-map: $*" >&2; exit 2; }
[ $# -eq 3 ] || die "usage: annot-map.sh ORIGINAL.o OTHER.o ANNOT"
for f in "$@"; do [ -f "$f" ] || die "$f: no such file"; done

# "section<TAB>address<TAB>instruction (jump targets as @)"
listing() {
	objdump -d --no-show-raw-insn "$1" | awk '
		/^Disassembly of section / { sec = $4; sub(/:$/, "", sec); sub(/^\./, "", sec); next }
		/^ *[0-9a-f]+:\t/ { a = $0; sub(/^ */, "", a); addr = a; sub(/:.*/, "", addr)
			ins = a; sub(/^[0-9a-f]+:\t/, "", ins); gsub(/[ \t]+/, " ", ins); sub(/ *#.*/, "", ins)
			sub(/ <[^>]*>$/, "", ins); sub(/ $/, "", ins)
			norm = ins; if (norm ~ /^j[a-z]* [0-9a-f]+$/) sub(/ [0-9a-f]+$/, " @", norm)
			print sec "\t" addr "\t" norm "\t" ins }'
}
A=$(listing "$1") B=$(listing "$2") ANNOT=$(cat "$3") awk '
	function hex(s) { sub(/^0x/, "", s); sub(/^0+/, "", s); return s == "" ? "0" : s }
	BEGIN {
		n = split(ENVIRON["A"], la, "\n"); m = split(ENVIRON["B"], lb, "\n")
		for (i = 1; i <= n; i++) { split(la[i], f, "\t"); ka[i] = f[1] "\t" f[3]; seca[i] = f[1]; addra[i] = f[1] ":" hex(f[2]); ia[i] = f[4] }
		for (j = 1; j <= m; j++) { split(lb[j], f, "\t"); kb[j] = f[1] "\t" f[3]; secb[j] = f[1]; addrb[j] = f[2]; ib[j] = f[4] }
		# LCS table from the end: L[i,j] = length for a[i..n], b[j..m]
		for (i = n + 1; i >= 1; i--) for (j = m + 1; j >= 1; j--)
			if (i > n || j > m) L[i, j] = 0
			else if (ka[i] == kb[j]) L[i, j] = L[i + 1, j + 1] + 1
			else L[i, j] = (L[i + 1, j] >= L[i, j + 1]) ? L[i + 1, j] : L[i, j + 1]
		# the matched pairs; between two of them, a run of old instructions
		# replaced by as many new ones pairs up in order (an edited line)
		i = 1; j = 1; i0 = 1; j0 = 1
		while (i <= n + 1 && j <= m + 1) {
			if ((i <= n && j <= m && ka[i] == kb[j]) || (i > n && j > m)) {
				if (i - i0 == j - j0) for (k = 0; k < i - i0; k++)
					if (seca[i0 + k] == secb[j0 + k]) TO[addra[i0 + k]] = j0 + k
				if (i > n) break
				TO[addra[i]] = j; i++; j++; i0 = i; j0 = j
			} else if (i > n) j++
			else if (j > m) i++
			else if (L[i + 1, j] >= L[i, j + 1]) i++; else j++
		}
		na = split(ENVIRON["ANNOT"], al, "\n")
		for (k = 1; k <= na; k++) {
			line = al[k]
			if (line ~ /^[ \t]*(#|$)/ || line ~ /^variant/) { print line; continue }
			split(line, w, " "); at = w[1]; sec = "text"
			if (at ~ /:/) { sec = at; sub(/:.*/, "", sec); sub(/^[^:]*:/, "", at) }
			key = sec ":" hex(at)
			if (!(key in TO)) { print "annot-map: " key " (" substr(line, 1, 60) "): the edit removed the instruction" > "/dev/stderr"; exit 2 }
			j = TO[key]; rest = substr(line, index(line, " :: ") + 4)
			print (sec == "text" ? "" : sec ":") "0x" hex(addrb[j]) " " ib[j] " :: " rest
		}
	}'
