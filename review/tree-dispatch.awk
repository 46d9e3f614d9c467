# The inline dispatch of a kernel's uaccess_64.h (review/tree.sh): which
# instruction or routine copy_user_generic and __clear_user run, as the
# alternative the kernel patches in at boot. Reads the header; prints one
# TSV line per choice, in patching order (a later choice whose condition
# holds replaces the earlier ones):
#
#   dispatch  order  what  condition
#
# dispatch: copy_user_generic or __clear_user; order 0 is the original
# (condition "always"); what is "call:SYMBOL" or "inline:INSTRUCTION";
# condition "+feat" (the feature present) or "-feat" (ALT_NOT: absent).
# Knows alternative_call, alternative_call_2 (v4.1-v6.3) and ALTERNATIVE,
# ALTERNATIVE_2, ALTERNATIVE_3 (v6.1+) inside the function's body; a body
# without one prints nothing (a plain call or an era before alternatives).

BEGIN { RS = "^$" }

# The text of the balanced (...) starting at s[i] == "(", strings kept.
function balanced(s, i,    d, j, c, q) {
	d = 0; q = 0
	for (j = i; j <= length(s); j++) {
		c = substr(s, j, 1)
		if (q) { if (c == "\\") j++; else if (c == "\"") q = 0; continue }
		if (c == "\"") q = 1
		else if (c == "(") d++
		else if (c == ")" && --d == 0) return substr(s, i + 1, j - i - 1)
	}
	return ""
}
# The text of the balanced {...} at the start of S.
function braces(s,    d, j, c, q) {
	d = 0; q = 0
	for (j = 1; j <= length(s); j++) {
		c = substr(s, j, 1)
		if (q) { if (c == "\\") j++; else if (c == "\"") q = 0; continue }
		if (c == "\"") q = 1
		else if (c == "{") d++
		else if (c == "}" && --d == 0) return substr(s, 1, j)
	}
	return s
}
# Splits the top-level, comma-separated arguments of ARGS into a[1..n].
function split_args(args, a,    n, d, j, c, q, cur) {
	n = 0; d = 0; q = 0; cur = ""
	for (j = 1; j <= length(args); j++) {
		c = substr(args, j, 1)
		if (q) { cur = cur c; if (c == "\\") { j++; cur = cur substr(args, j, 1) } else if (c == "\"") q = 0; continue }
		if (c == "\"") q = 1
		if (c == "(") d++
		if (c == ")") d--
		if (c == "," && d == 0) { a[++n] = trim(cur); cur = ""; continue }
		cur = cur c
	}
	if (trim(cur) != "") a[++n] = trim(cur)
	return n
}
function trim(x) { gsub(/^[ \t\n]+|[ \t\n]+$/, "", x); return x }
# "rep movsb" / "call foo" (adjacent literals joined) -> inline:... or call:...
function what(lit,    t) {
	t = lit
	gsub(/"[ \t\n]*"/, "", t); gsub(/"/, "", t); gsub(/\\n|\\t/, " ", t); t = trim(t)
	gsub(/[ \t]+/, " ", t)
	if (t ~ /^call [A-Za-z_][A-Za-z0-9_]*$/) return "call:" substr(t, 6)
	return "inline:" (t == "" ? "(nothing)" : t)
}
function cond(f,    neg) {
	neg = (f ~ /ALT_NOT/)
	if (!match(f, /X86_FEATURE_[A-Z0-9_]+/)) return "?" f
	f = tolower(substr(f, RSTART + 12, RLENGTH - 12))
	return (neg ? "-" : "+") f
}
function dispatch(name,    p, body, k, m, args, a, n, i, r) {
	# the definition: "name(" ... ")" then "{"
	r = text
	while ((p = index(r, name "(")) > 0) {
		# a longer identifier ending in name is not it
		if (p > 1 && substr(r, p - 1, 1) ~ /[A-Za-z0-9_]/) { r = substr(r, p + length(name)); continue }
		k = p + length(name)
		args = balanced(r, k)
		rest = substr(r, k + length(args) + 2)
		if (rest ~ /^[ \t\n]*\{/) break
		r = substr(r, k)
	}
	if (p == 0) return
	body = braces(substr(rest, index(rest, "{")))
	if (!match(body, /(alternative_call_2|alternative_call|ALTERNATIVE_3|ALTERNATIVE_2|ALTERNATIVE)[ \t\n]*\(/)) return
	m = substr(body, RSTART, RLENGTH); sub(/[ \t\n]*\($/, "", m)
	args = balanced(body, RSTART + RLENGTH - 1)
	n = split_args(args, a)
	if (m ~ /^alternative_call/) {
		printf "%s\t0\tcall:%s\talways\n", name, a[1]
		printf "%s\t1\tcall:%s\t%s\n", name, a[2], cond(a[3])
		if (m == "alternative_call_2") printf "%s\t2\tcall:%s\t%s\n", name, a[4], cond(a[5])
	} else {
		printf "%s\t0\t%s\talways\n", name, what(a[1])
		for (i = 2; i + 1 <= n; i += 2) printf "%s\t%d\t%s\t%s\n", name, i / 2, what(a[i]), cond(a[i + 1])
	}
}
{
	text = $0
	gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", text)   # comments
	dispatch("copy_user_generic")
	dispatch("__clear_user")
}
