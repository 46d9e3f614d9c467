#!/usr/bin/env bash
# The proposal as a kernel patch (docs/proposal.md, "The kernel patch"):
# rep_movs_alternative's body in arch/x86/lib/copy_user_64.S replaced by
# asm/movs_fast.S, generated from it so that the two cannot drift, as a
# `git format-patch` file against Debian's 6.12 tree.
#
#   review/proposal/patch.sh [--tarball T] [--out DIR] [--asm FILE] [CSV...]
#     --tarball  the kernel tree (default /usr/src/linux-source-6.12.tar.xz);
#                only copy_user_64.S is extracted, under DIR/orig/
#     --out      default build/proposal
#     --asm      default asm/movs_fast.S
#     CSV        ucopy-bench results.csv files (make bench-proposal): the
#                commit message's ticks table, old movs_alt against new
#                movs_fast, aligned, the median of the runs' medians;
#                without them the message says where to get it
# What changes from asm/movs_fast.S: the symbol's name; the file's own
# header and includes (the kernel file keeps its own); rep movsb for large
# copies becomes the ERMS alternative of a rep movsq path
# (review/proposal/large_movsq.S.in), as rep_movs_alternative has it.
# Checks that the patch applies (patch -p1 --dry-run) to the extracted file.
# The patch's path is the last line of output. Exit 2 on bad input.
set -euo pipefail
cd "$(dirname "$0")/../.."
tarball=/usr/src/linux-source-6.12.tar.xz out=build/proposal asm=asm/movs_fast.S
die() { echo "proposal-patch: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case "$1" in
	--tarball) [ $# -ge 2 ] || die "--tarball needs a file"; tarball=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
	--asm) [ $# -ge 2 ] || die "--asm needs a file"; asm=$2; shift 2 ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
[ -f "$tarball" ] || die "no kernel tarball $tarball"
[ -f "$asm" ] || die "no routine $asm"
for c in "$@"; do
	[ -r "$c" ] || die "cannot read $c"
	head -n1 "$c" | awk -F, '{ for (i = 1; i <= NF; i++) h[$i] = 1 }
		END { exit !(h["cpu"] && h["variant"] && h["strategy"] && h["len"] && h["median"]) }' ||
		die "$c is not a ucopy-bench results.csv (no cpu, variant, strategy, len and median columns)"
done
here=review/proposal
file=arch/x86/lib/copy_user_64.S
top=$(basename "$tarball" .tar.xz)	# Debian: linux-source-6.12.tar.xz holds linux-source-6.12/
orig=$out/orig/$top
mkdir -p "$out/orig"

# ---- the kernel's file, one member of the tarball, cached ----
if [ ! -f "$orig/$file" ] || [ "$tarball" -nt "$orig/$file" ]; then
	echo "proposal-patch: extracting $top/$file from $tarball"
	# (--occurrence: stop reading the tarball once the member is out)
	tar -xJf "$tarball" -C "$out/orig" --occurrence=1 "$top/$file" || die "$tarball has no $top/$file"
	touch "$orig/$file"
fi
grep -q '^SYM_FUNC_START(rep_movs_alternative)' "$orig/$file" ||
	die "$orig/$file has no rep_movs_alternative"

# ---- the new routine, from asm/movs_fast.S ----
sym=$(sed -n 's/^SYM_FUNC_START(\(ucopy_[a-z_0-9]*\))$/\1/p' "$asm")
[ -n "$sym" ] || die "$asm has no SYM_FUNC_START(ucopy_...)"
body=$out/rep_movs_alternative.S.part
# The doc comment: the file header's routine description (from "rep ABI:"
# on), under the kernel's name; the body: the routine, renamed, with its
# large copy behind the ERMS alternative.
awk -v sym="$sym" -v movsq="$here/large_movsq.S.in" '
	function fail(m) { print "proposal-patch: " m > "/dev/stderr"; bad = 1; exit 2 }
	!hdr_done && /^ \* rep ABI:/ { hdr = 1
		print "/*"
		print " * rep_movs_alternative - copy with exception handling, for CPUs without"
		print " * FSRM (with FSRM the callers inline a plain rep movsb)."
		print " *" }
	hdr && /^ \*\/$/ { print; hdr = 0; hdr_done = 1; next }
	hdr { sub(/rep movsb$/, "rep movsb (rep movsq without ERMS)"); print; next }
	$0 == "SYM_FUNC_START(" sym ")" { on = 1; print "SYM_FUNC_START(rep_movs_alternative)"; next }
	on && $0 == "SYM_FUNC_END(" sym ")" {
		if (!alt) fail("no \"N:\trep movsb\" line in the routine: the ERMS alternative has no place")
		while ((getline l < movsq) > 0) print l
		print "SYM_FUNC_END(rep_movs_alternative)"; on = 0; done = 1; next }
	on && /^[0-9]+:[ \t]+rep movsb/ {
		if (alt++) fail("two rep movsb lines: which one is the large copy?")
		sub(/rep movsb.*/, "ALTERNATIVE \"jmp .Llarge_movsq\", \"rep movsb\", X86_FEATURE_ERMS"); print; next }
	on && /\.Llarge_movsq|^(27|28|29|30):/ { fail("the routine already uses .Llarge_movsq or labels 27-30") }
	on { gsub(sym, "rep_movs_alternative"); print }
	END { if (bad) exit 2
	      if (!hdr_done) fail("no \" * rep ABI:\" description in the file header")
	      if (!done) fail("no SYM_FUNC_END(" sym ")") }' "$asm" >"$body" || die "cannot generate from $asm"

# The new file: the kernel's up to the routine's doc comment, the new
# routine, the kernel's from its SYM_FUNC_END on.
new=$out/copy_user_64.S
awk -v part="$body" '
	{ line[NR] = $0 }
	$0 == "SYM_FUNC_START(rep_movs_alternative)" { start = NR }
	$0 == "SYM_FUNC_END(rep_movs_alternative)" { end = NR }
	END {
		if (!start || !end) exit 2
		c = start	# from the comment above it, if any
		if (line[start - 1] ~ /^ \*\/$/) { c = start - 1; while (c > 1 && line[c] !~ /^\/\*/) c-- }
		for (i = 1; i < c; i++) print line[i]
		while ((getline l < part) > 0) print l
		for (i = end + 1; i <= NR; i++) print line[i]
	}' "$orig/$file" >"$new" || die "cannot splice the routine into $file"

# ---- the commit message ----
msg=$out/commit-message.txt
ticks=$out/ticks.txt
if [ $# -gt 0 ]; then
	# median of the runs' medians, per (strategy, len), aligned variant;
	# columns by header name
	awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$col["variant"] == "aligned" && ($col["strategy"] == "movs_alt" || $col["strategy"] == "movs_fast") {
			k = $col["strategy"] SUBSEP $col["len"]; v[k, ++n[k]] = $col["median"] + 0; lens[$col["len"] + 0] = 1 }
		function med(k,   m, i, j, t, a) {
			m = n[k]; if (!m) return -1
			for (i = 1; i <= m; i++) a[i] = v[k, i]
			for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
			return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
		END {
			split("0 1 2 4 7 8 9 12 15 16 17 24 31 32 48 63 64 96 128 192 256 384 511 512 1024 2048 4096", want, " ")
			printf "%8s %6s %6s %10s\n", "len", "old", "new", "delta(%)"
			for (w = 1; w in want; w++) {
				l = want[w]; if (!(l in lens)) continue
				o = med("movs_alt" SUBSEP l); nw = med("movs_fast" SUBSEP l)
				if (o < 0 || nw < 0) continue
				o = int(o + 0.5); nw = int(nw + 0.5); d = o - nw
				printf "%8d %6d %6d %10s\n", l, o, nw, d "(" (o ? int(d * 100 / o) : 0) "%)"; rows++ }
			if (!rows) exit 3 }' "$@" >"$ticks" || die "the CSVs have no aligned movs_alt and movs_fast cells"
	cpu=$(awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) if ($i == "cpu") c = i; next } { print $c; exit }' "$1")
	runs=$#
else
	printf '    (not measured: make bench-proposal, then make proposal-patch)\n' >"$ticks"
	cpu="this CPU" runs=0
fi
# The thresholds, read from the routine: short copies below $short, rep
# movsb from $large.
short=$(sed -n 's/^[[:space:]]*cmpq \$\([0-9]*\),%rcx$/\1/p' "$body" | head -1)
large=$(awk '/^[ \t]*cmpq \$[0-9]+,%rcx$/ { v = $2 } /jae \.Llarge$/ { sub(/^\$/, "", v); sub(/,.*/, "", v); print v; exit }' "$body")
[ -n "$short" ] && [ -n "$large" ] || die "cannot read the thresholds of $asm (cmpq \$N,%rcx; jae .Lmid / jae .Llarge)"
{
	cat <<EOF
x86/lib: Rework rep_movs_alternative for short copies

rep_movs_alternative is what copy_to_user() and copy_from_user() call on
CPUs without FSRM. Short copies go through a byte loop below 8 bytes and
a quadword loop with a byte tail below 64, so a 7 or 15 byte copy runs
its loop seven times, and from 64 bytes on every copy pays for rep movsb.

Copy 2..$((short - 1)) bytes with two overlapping moves of 2 or 4 bytes, $short..$((large - 1))
bytes with the last quadword first and then 32-byte blocks and quadwords
from the start, and $large bytes and more with rep movsb (rep movsq without
ERMS, as before). Every fault, whichever access takes it, ends in the
existing byte loop, entered at the first byte the registers do not count
as copied, with rcx counting to the end; only rax, rcx, rsi and rdi change.

The routine was checked against a C model proven with Frama-C/WP to return
exactly the number of bytes not copied, up to the first faulting byte,
whether rep movsb reports a fault where it happened or some bytes later.
The assembly was then swept against the model at every fault position and
reporting lag, and fuzzed.

Median TSC ticks per call, hot cache, aligned buffers, call included
(${cpu}; ${runs} run(s); old: the current routine with ERMS, new: this one):

EOF
	cat "$ticks"
	cat <<EOF

Signed-off-by: $(git config user.name) <$(git config user.email)>
EOF
} >"$msg"

# ---- the patch: git format-patch in a scratch repository ----
g=$out/git
rm -rf "$g" && mkdir -p "$g/$(dirname "$file")"
export GIT_AUTHOR_DATE="2026-12-04T12:00:00Z" GIT_COMMITTER_DATE="2026-12-04T12:00:00Z"
git -C "$g" init -q
git -C "$g" config user.name "$(git config user.name)"
git -C "$g" config user.email "$(git config user.email)"
cp "$orig/$file" "$g/$file"
git -C "$g" add "$file" && git -C "$g" commit -q -m "$top: $file as shipped"
cp "$new" "$g/$file"
git -C "$g" commit -q -a -F "$(realpath "$msg")"
rm -f "$out"/0001-*.patch
name=$(git -C "$g" format-patch -1 --zero-commit -o "$(realpath "$out")" HEAD)
[ -f "$name" ] || die "git format-patch wrote nothing"

# ---- it applies to the kernel's file ----
patch -p1 --dry-run -s -f -d "$orig" <"$name" >/dev/null || die "the patch does not apply to $orig"
echo "proposal-patch: $(grep -c '^+' "$name") lines added, $(grep -c '^-' "$name") removed; applies to $top ($(basename "$tarball"))"
realpath --relative-to=. "$name"
