# The proposal's summary and table (bench/proposal.sh sets new, kernel,
# mode and passes the results.csv files of one or more runs).
function med(s, v, L,   k, n, a, i, j, t) {
	k = v SUBSEP L SUBSEP s
	if (!(k in cnt)) return ""
	n = split(vals[k], a, " ")
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	return n % 2 ? a[(n + 1) / 2] + 0 : (a[n / 2] + a[n / 2 + 1]) / 2
}
# "0-16,18,20-22": a sorted list of lengths as ranges
function ranges(list,   n, a, i, out, lo, hi) {
	n = split(list, a, " ")
	if (!n) return "none"
	lo = hi = a[1]; out = ""
	for (i = 2; i <= n + 1; i++) {
		if (i <= n && a[i] == hi + 1) { hi = a[i]; continue }
		out = out (out == "" ? "" : ",") (lo == hi ? lo : lo "-" hi)
		if (i <= n) lo = hi = a[i]
	}
	return out
}
function delta(b, x,   d) {
	d = int(b + 0.5) - int(x + 0.5)
	return d "(" (int(b + 0.5) ? int(100 * d / int(b + 0.5)) : 0) "%)"
}
# Columns by the header's names; a cpu name (the first column) with commas
# shifts every later field by as many.
FNR == 1 { runs++; for (i = 1; i <= NF; i++) col[$i] = i; nh = NF; next }
{
	o = NF - nh
	v = $(col["variant"] + o); s = $(col["strategy"] + o); L = $(col["len"] + o) + 0; m = $(col["median"] + o)
	if (m !~ /^[0-9.]+$/) { print "proposal: " FILENAME ":" FNR ": bad median '" m "'" > "/dev/stderr"; bad = 1; exit 2 }
	k = v SUBSEP L SUBSEP s
	vals[k] = vals[k] " " m; cnt[k]++
	if (!((v, L) in seen)) { seen[v, L] = 1; lens[v] = lens[v] " " L }
	if (!(v in vseen)) { vseen[v] = 1; vorder[++nv] = v }
	have[s] = 1
}
END {
	if (bad) exit 2
	nk = split(kernel, ks, ",")
	if (!(new in have)) { print "proposal: no strategy " new " in the results" > "/dev/stderr"; exit 2 }
	kn = 0; for (i = 1; i <= nk; i++) if (ks[i] in have) kk[++kn] = ks[i]
	if (!kn) { print "proposal: no kernel strategy in the results" > "/dev/stderr"; exit 2 }
	for (vi = 1; vi <= nv; vi++) {
		v = vorder[vi]
		n = split(lens[v], la, " ")
		for (i = 2; i <= n; i++) for (j = i; j > 1 && la[j-1] + 0 > la[j] + 0; j--) { t = la[j]; la[j] = la[j-1]; la[j-1] = t }
		sorted[v] = n; for (i = 1; i <= n; i++) sl[v, i] = la[i]
	}
	if (mode == "table") { table(); exit 0 }
	miss = 0; cells = 0; within = 0; fastest = 0; missl = ""
	kl = kk[1]; for (i = 2; i <= kn; i++) kl = kl "," kk[i]
	printf "proposal: %s against the best of the %d kernel strategies measured (%s); median of %d run(s)\n", new, kn, kl, runs
	for (vi = 1; vi <= nv; vi++) {
		v = vorder[vi]; w = ""; f = ""; mi = ""; nw = nf = nc = 0
		for (i = 1; i <= sorted[v]; i++) {
			L = sl[v, i]; x = med(new, v, L); if (x == "") continue
			best = ""; bs = ""
			for (j = 1; j <= kn; j++) { y = med(kk[j], v, L); if (y != "" && (best == "" || y < best)) { best = y; bs = kk[j] } }
			if (best == "") continue
			nc++
			if (x <= best + 1) { nw++; w = w " " L }
			else { mi = mi " " L; missl = missl sprintf("\n  %s %d: %.1f, %s %.1f", v, L, x, bs, best) }
			if (x < best) { nf++; f = f " " L }
		}
		cells += nc; within += nw; fastest += nf; miss += nc - nw
		printf "  %-8s within 1 tick at %d/%d lengths (misses: %s); strictly fastest at %d (%s)\n", v, nw, nc, ranges(mi), nf, ranges(f)
	}
	printf "  all      within 1 tick at %d/%d cells, strictly fastest at %d\n", within, cells, fastest
	missed = 0
	printf "target: within 1 tick of the best kernel strategy at every length and variant: %s\n", (miss ? ("MISSED at " miss " cell(s):" missl) : "MET")
	if (miss) missed++
	line = ""; t2 = 1; any = 0
	for (vi = 1; vi <= nv; vi++) {
		v = vorder[vi]; sum = 0; n = 0
		for (L = 0; L <= 64; L++) { x = med(new, v, L); y = med("fsrm", v, L); if (x != "" && y != "") { sum += y - x; n++ } }
		if (!n) continue
		any = 1; line = line sprintf(" %s %.1f", v, sum / n); if (sum / n < 3) t2 = 0
	}
	if (!any) printf "target: ahead of fsrm by >= 3 ticks on average over 0..64: NOT MEASURED (no fsrm or no lengths 0..64)\n"
	else printf "target: ahead of fsrm by >= 3 ticks on average over 0..64: %s (mean lead:%s)\n", (t2 ? "MET" : "MISSED"), line
	if (any && !t2) missed++
	if (!("alias" in vseen) || !("fsrm" in have)) printf "target: ahead of fsrm in the alias variant at every length below 512: NOT MEASURED\n"
	else {
		lag = ""; minlead = ""; n = 0
		for (i = 1; i <= sorted["alias"]; i++) {
			L = sl["alias", i]; if (L >= 512) continue
			x = med(new, "alias", L); y = med("fsrm", "alias", L); if (x == "" || y == "") continue
			n++; if (minlead == "" || y - x < minlead) { minlead = y - x; at = L }
			if (!(x < y)) lag = lag " " L
		}
		printf "target: ahead of fsrm in the alias variant at every length below 512: %s (%d lengths; smallest lead %.1f ticks, at %d)\n", (lag == "" ? "MET" : ("MISSED at " ranges(lag))), n, minlead, at
		if (lag != "") missed++
	}
	exit missed ? 1 : 0
}
# The 2017 review's format, one table per variant: len, then per base its
# ticks, the new row's ticks and delta = base - new (% of base).
function table(   vi, v, i, L, x, b, bases, nb, hdr, sep, row, want, wl) {
	nb = split("fsrm movs_alt erms_short", bases, " ")
	split("0 1 2 3 4 5 6 7 8 9 12 15 16 17 24 31 32 33 48 63 64 65 96 127 128 192 255 256 384 448 511 512 768 1024 2048 4096", wl, " ")
	for (i in wl) want[wl[i]] = 1
	for (vi = 1; vi <= nv; vi++) {
		v = vorder[vi]
		printf "%s**%s** (median ticks per call; delta = old - new, %% of old)\n\n", (vi > 1 ? "\n" : ""), v
		hdr = "| len |"; sep = "|---:|"
		for (i = 1; i <= nb; i++) if (bases[i] in have) { hdr = hdr " " bases[i] " | " new " | delta |"; sep = sep "---:|---:|---:|" }
		print hdr; print sep
		for (i = 1; i <= sorted[v]; i++) {
			L = sl[v, i]; if (!(L in want)) continue
			x = med(new, v, L); if (x == "") continue
			row = "| " L " |"
			for (j = 1; j <= nb; j++) if (bases[j] in have) {
				b = med(bases[j], v, L)
				if (b == "") row = row " - | - | - |"
				else row = row sprintf(" %d | %d | %s |", int(b + 0.5), int(x + 0.5), delta(b, x))
			}
			print row
		}
	}
}
