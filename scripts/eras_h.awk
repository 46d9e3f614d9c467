# src/runtime/eras.tsv -> a C table (build/gen/eras.h), columns found by
# their header names. The table (plain TSV, header first): which row a
# kernel runs per routine, from its version and CPU flags; the first line
# that matches wins: path (copy: copy_to_user and copy_from_user; clear:
# clear_user), the kernel range since..until (x.y or x.y.z, both ends
# included, - open), the /proc/cpuinfo flags it needs (all, comma
# separated) and lacks (any one), the registry row, and why (the era,
# docs/kernel-history.md). A version x.y[.z] becomes x*1000000 + y*1000 + z; an
# open end "-" becomes 0 or 999999999; "until x.y" takes every x.y.z.
BEGIN { FS = "\t"; print "/* generated from src/runtime/eras.tsv by scripts/eras_h.awk: do not edit */" }
/^#/ { next }
!hdr { for (i = 1; i <= NF; i++) col[$i] = i; hdr = 1
       split("path since until needs lacks row why", want, " ")
       for (w in want) if (!(want[w] in col)) { print "eras.tsv: no column " want[w] > "/dev/stderr"; exit 2 }
       next }
function code(v, hi,   a, n) {
	if (v == "-") return hi ? 999999999 : 0
	n = split(v, a, ".")
	return a[1] * 1000000 + a[2] * 1000 + (n > 2 ? a[3] : (hi ? 999 : 0))
}
function str(s) { if (s == "-") s = ""; gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
NF >= 7 {
	printf "{ %s, %dL, %dL, %s, %s, %s, %s },\n", str($col["path"]), code($col["since"], 0),
	       code($col["until"], 1), str($col["needs"]), str($col["lacks"]), str($col["row"]), str($col["why"])
}
