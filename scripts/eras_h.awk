# src/runtime/eras.tsv -> live's C table (build/gen/eras.h): its lines
# with a path, columns found by their header names (the table's own
# comment says what they mean; review reads its lines with a symbol). A
# version x.y[.z] becomes x*1000000 + y*1000 + z; an open end "-" becomes
# 0 or 999999999; "until x.y" takes every x.y.z.
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
NF >= 7 && $col["path"] != "-" {
	printf "{ %s, %dL, %dL, %s, %s, %s, %s },\n", str($col["path"]), code($col["since"], 0),
	       code($col["until"], 1), str($col["needs"]), str($col["lacks"]), str($col["row"]), str($col["why"])
}
