#!/usr/bin/env bash
# A patch as the unit of review (docs/review.md, "Reviewing a patch"):
# the old and the new version of each changed file, every routine of each
# reviewed by review/review.sh (its row picked by review/match.tsv unless
# given), side by side: sweeps, fuzzing, the contract level under each
# hardware reading, a ticks table in the 2017 review's layout and its plot.
#
#   review/review-patch.sh OLD=a.S NEW=b.S [settings]
#   review/review-patch.sh PATCH=change.patch KERNEL=tree|tarball | ASM=file.S [settings]
#     settings: OLD_ENTRY= NEW_ENTRY= (one routine per side),
#       OLD_CALLER=N:SHORT:LONG NEW_CALLER=... (a caller's dispatch, as
#       CALLER= of make review), FEATURES=, MODEL=, REVIEW_QUICK=,
#       REVIEW_FUZZ_SECONDS=, REVIEW_SEED=, REVIEW_CSV= (default
#       build/review/patch/ticks.csv), REVIEW_PATCH_OUT= (a copy of the report)
#
# A patch is applied in a scratch copy (build/review/patch/), never in the
# user's tree. Report: build/review/patch/report.md, on stdout too.
# Exit: 0 nothing regressed; 1 the new version fails where the old passed,
# or drops a contract level; 2 bad input (a patch that does not apply, a
# file that does not assemble), with the reason.
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh

bad_input() { echo "review-patch: $*" >&2; exit 2; }
for a; do
	case "$a" in
	[A-Za-z_]*=*) export "${a?}" ;;
	*) bad_input "'$a' is not a setting (NAME=value)" ;;
	esac
done
OLD=${OLD:-} NEW=${NEW:-} PATCH=${PATCH:-} KERNEL=${KERNEL:-} ASM=${ASM:-}
OLD_ENTRY=${OLD_ENTRY:-} NEW_ENTRY=${NEW_ENTRY:-} OLD_CALLER=${OLD_CALLER:-} NEW_CALLER=${NEW_CALLER:-}
P=build/review/patch S=build/review/patch/scratch
CSV=${REVIEW_CSV:-$P/ticks.csv}
# The review settings passed on (not the ones this script decides).
pass=()
for v in FEATURES MODEL ABI KEEPS REVIEW_QUICK REVIEW_FUZZ_SECONDS REVIEW_SEED REVIEW_JOBS \
	 REVIEW_STOP_AFTER REVIEW_BENCH REVIEW_TIMEOUT; do
	[ -n "${!v:-}" ] && pass+=("$v=${!v}")
done
if [ "${REVIEW_QUICK:-0}" != 2 ]; then
	LENGTHS=0-64,96,128,192,256,384,512,768,1024,1536,2048,3072,4096
else
	LENGTHS=0-64/4,128,256,512,1024,2048,4096
fi
# A fresh scratch copy and fresh old-/new- steps: the last run's may
# depend on scratch files this one replaces.
rm -rf "$P" build/review/work/old-* build/review/work/new-* && mkdir -p "$S/old" "$S/new"

# ---- the pairs of files: old new ----
pairs=()
if [ -n "$PATCH" ]; then
	[ -z "$OLD$NEW" ] || bad_input "PATCH= goes with KERNEL= or ASM=, not OLD=/NEW="
	[ -f "$PATCH" ] || bad_input "no patch file '$PATCH'"
	if [ -n "$ASM" ]; then
		[ -f "$ASM" ] || bad_input "no file '$ASM'"
		b=$(basename "$ASM")
		cp "$ASM" "$S/old/$b" && cp "$ASM" "$S/new/$b"
		out=$(patch -s -f --batch --no-backup-if-mismatch "$S/new/$b" <"$PATCH" 2>&1) ||
			bad_input "the patch does not apply to $ASM: $out"
		pairs+=("$S/old/$b" "$S/new/$b")
	elif [ -n "$KERNEL" ]; then
		mapfile -t files < <(sed -n 's|^+++ [^/]*/\([^[:space:]]*\).*|\1|p' "$PATCH" | sort -u)
		[ ${#files[@]} -gt 0 ] || bad_input "$PATCH names no file (+++ b/path lines)"
		# A tarball (Debian's linux-source-*.tar.xz): only the files the
		# patch names, under the tree's top folder, into the scratch copy.
		if [ -f "$KERNEL" ] && [[ $KERNEL == *.tar.* ]]; then
			echo "review-patch: extracting ${files[*]} from $KERNEL" >&2
			mkdir -p "$S/tree"
			tar -xf "$KERNEL" -C "$S/tree" --strip-components=1 --wildcards "${files[@]/#/*/}" 2>/dev/null ||
				bad_input "$KERNEL is not a kernel tarball holding ${files[*]}"
			KERNEL_TREE=$S/tree
		fi
		KERNEL_TREE=${KERNEL_TREE:-$KERNEL}
		[ -d "$KERNEL_TREE" ] || bad_input "no directory or kernel tarball '$KERNEL'"
		for f in "${files[@]}"; do
			mkdir -p "$S/old/$(dirname "$f")" "$S/new/$(dirname "$f")"
			[ -f "$KERNEL_TREE/$f" ] && cp "$KERNEL_TREE/$f" "$S/old/$f" && cp "$KERNEL_TREE/$f" "$S/new/$f"
		done
		out=$(patch -s -f --batch --no-backup-if-mismatch -p1 -d "$S/new" <"$PATCH" 2>&1) ||
			bad_input "the patch does not apply to $KERNEL: $out"
		for f in "${files[@]}"; do
			case "$f" in
			*.S) [ -f "$S/new/$f" ] && pairs+=("$S/old/$f" "$S/new/$f") ;;
			*) echo "review-patch: $f is not assembly: not reviewed as a routine (a caller's change: OLD_CALLER=/NEW_CALLER=)" >&2 ;;
			esac
		done
	else
		bad_input "PATCH= needs KERNEL=<tree> or ASM=<file.S> to apply to"
	fi
else
	[ -n "$OLD" ] && [ -n "$NEW" ] || bad_input "OLD= and NEW= (two .S files), or PATCH= with KERNEL= or ASM="
	for f in "$OLD" "$NEW"; do [ -f "$f" ] || bad_input "no file '$f'"; done
	pairs+=("$OLD" "$NEW")
fi
[ ${#pairs[@]} -gt 0 ] || bad_input "the patch changes no .S file"

# ---- review one side: its routines' work dirs on stdout ----
side() { # TAG FILE ENTRY CALLER
	local tag=$1 file=$2 entry=$3 caller=$4 rc base
	base=$(basename "${file%.*}")
	review/review.sh ASM="$file" REVIEW_TAG="$tag" ${entry:+ENTRY=$entry} ${caller:+CALLER=$caller} \
		REVIEW_BENCH_LENGTHS="$LENGTHS" "${pass[@]}" >"$P/$tag$base.txt" 2>"$P/$tag$base.err"
	rc=$?
	if [ "$rc" = 2 ]; then
		cat "$P/$tag$base.err" >&2
		bad_input "the $tag version ($file) could not be reviewed (above)"
	fi
	sed -n 's/^review: \(.*\) against .* (\(classic\|rep\) ABI)$/\1/p' "$P/$tag$base.err" |
		while read -r s; do echo "build/review/work/$tag$base-$s"; done
}

echo "routine,side,entry,model,exact_level,delayed_level,verdict" >"$P/routines.csv"
regress=0 rows=() n=0
# ticks DIR: "len median" of the reviewed entry, aligned variant.
ticks() {
	local sym
	sym=$(cat "$1/symbol")
	awk -F, -v e="$sym" 'NR > 1 && $4 == e && $2 == "aligned" { print $7, $12 }' "$1/bench/results.csv" 2>/dev/null
}
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/,/ /g')
echo "cpu,routine,old_entry,new_entry,len,old_median,new_median" >"$CSV.tmp"
for ((i = 0; i < ${#pairs[@]}; i += 2)); do
	of=${pairs[i]} nf=${pairs[i + 1]}
	echo "review-patch: old $of" >&2
	mapfile -t od < <(side old- "$of" "$OLD_ENTRY" "$OLD_CALLER") || exit 2
	[ ${#od[@]} -gt 0 ] || exit 2
	echo "review-patch: new $nf" >&2
	mapfile -t nd < <(side new- "$nf" "$NEW_ENTRY" "$NEW_CALLER") || exit 2
	[ ${#nd[@]} -gt 0 ] || exit 2
	# Pair the routines by name; one routine on each side pairs anyway
	# (a renamed routine, or a caller's dispatch against a routine).
	declare -A nby=()
	for d in "${nd[@]}"; do nby[$(setting "$d" ENTRY)]=$d; done
	used=()
	for d in "${od[@]}"; do
		e=$(setting "$d" ENTRY)
		if [ -n "${nby[$e]:-}" ]; then rows+=("$d ${nby[$e]}"); used+=("${nby[$e]}")
		elif [ ${#od[@]} = 1 ] && [ ${#nd[@]} = 1 ]; then rows+=("$d ${nd[0]}"); used+=("${nd[0]}")
		else rows+=("$d -")
		fi
	done
	for d in "${nd[@]}"; do [[ " ${used[*]} " == *" $d "* ]] || rows+=("- $d"); done
	unset nby
done

# ---- the report ----
verdict_of() { sed -n 3p "$(report_of "$1")" | tr -d '*'; }
report_of() { local t; t=$(setting "$1" REVIEW_TAG); echo "build/review/review-$t$(setting "$1" ENTRY).md"; }
fails_of() { local c p f; read -r c p f _ <<<"$(sweep_counts "$1/sweep-model.txt")"; echo "${f:-?}/${c:-?}"; }
xfails_of() { local c p f; read -r c p f _ <<<"$(sweep_counts "$1/sweep-exact.txt")"; echo "${f:-?}/${c:-?}"; }
fuzz_of() {
	local n x
	n=$(step_note "$1/fuzz.txt"); [ -n "$n" ] && { echo "not run"; return; }
	x=$(step_exit "$1/fuzz.txt")
	[ "$x" = 0 ] && echo "$(fuzz_stat number_of_executed_units "$1/fuzz.txt") runs, ok" || echo "**failing input**"
}
cell() { [ "$1" = - ] && echo "(none)" || "$2" "$1"; }
{
	echo "# Patch review"
	echo
	echo "VERDICT"
	echo
	if [ -n "$PATCH" ]; then echo "Patch \`$PATCH\` applied to a scratch copy of \`${ASM:-$KERNEL}\` ($S)."
	else echo "Old \`$OLD\`, new \`$NEW\`."; fi
	echo "Features: ${FEATURES:-none}; sweep size: REVIEW_QUICK=${REVIEW_QUICK:-0}; CPU: $cpu."
	echo
	echo "## Per routine"
	echo
	echo "| routine (old → new) | model old → new | sweep failures vs model | vs EXACT contract | fuzz | level exact hw | level delayed hw | verdict |"
	echo "|---|---|---|---|---|---|---|---|"
	for r in "${rows[@]}"; do
		read -r o nw <<<"$r"
		oe=$([ "$o" = - ] && echo - || setting "$o" ENTRY) ne=$([ "$nw" = - ] && echo - || setting "$nw" ENTRY)
		om=$([ "$o" = - ] && echo - || setting "$o" MODEL) nm=$([ "$nw" = - ] && echo - || setting "$nw" MODEL)
		read -r olx old_ <<<"$([ "$o" = - ] && echo "- -" || review_levels "$o")"
		read -r nlx nld <<<"$([ "$nw" = - ] && echo "- -" || review_levels "$nw")"
		flag="" why=()
		for k in x d; do
			ol=$([ $k = x ] && echo "$olx" || echo "$old_") nl=$([ $k = x ] && echo "$nlx" || echo "$nld")
			[ "$nw" = - ] && continue
			if [ "$(level_rank "$nl")" -lt "$(level_rank "$ol")" ]; then
				why+=("level drop on $([ $k = x ] && echo exact || echo delayed) hw: $ol → $nl")
			fi
		done
		if [ "$nw" != - ]; then
			nv=$(verdict_of "$nw") ov=$([ "$o" = - ] && echo "PASS" || verdict_of "$o")
			[[ $nv == FAIL* ]] && [[ $ov == PASS* ]] && why+=("fails cases the old version passed")
			if [[ $nv == FAIL* ]] && [[ $ov == FAIL* ]]; then
				local_o=$(fails_of "$o") local_n=$(fails_of "$nw")
				[ "${local_n%%/*}" -gt "${local_o%%/*}" ] 2>/dev/null &&
					why+=("more failing cases than the old version (${local_o%%/*} → ${local_n%%/*})")
			fi
			[ "$(fuzz_of "$nw")" = "**failing input**" ] && [ "$o" != - ] && [ "$(fuzz_of "$o")" != "**failing input**" ] &&
				why+=("a failing fuzz input the old version did not have")
		fi
		lvl() { local a=${1/#-/not run} b=${2/#-/not run}; [ "$a" = "$b" ] && echo "$a" || echo "$a → **$b**"; }
		if [ ${#why[@]} -gt 0 ]; then regress=1; v="**REGRESSION**: $(IFS=';'; echo "${why[*]}" | sed 's/;/; /g')"
		elif [ "$nw" = - ]; then v="removed"
		else v="ok: $(verdict_of "$nw")"; fi
		echo "| \`$oe\` → \`$ne\` | \`$om\` → \`$nm\` | $(cell "$o" fails_of) → $(cell "$nw" fails_of) | $(cell "$o" xfails_of) → $(cell "$nw" xfails_of) | $(cell "$o" fuzz_of) → $(cell "$nw" fuzz_of) | $(lvl "$olx" "$nlx") | $(lvl "$old_" "$nld") | $v |"
		for side in o nw; do d=${!side}; [ "$d" = - ] && continue
			echo "$([ $side = o ] && echo "$oe" || echo "$ne"),$([ $side = o ] && echo old || echo new),$(setting "$d" ENTRY),$(setting "$d" MODEL),$(review_levels "$d" | tr ' ' ,),$(verdict_of "$d" | tr ',' ' ')" >>"$P/routines.csv"
		done
	done
	echo
	echo "Sweep cells: failed/cases (every phase: exact hw, delayed hw, traced). Levels: what the sweeps" \
	     "show under each reading of rep movs fault reporting (EXACT: the model and the EXACT contract" \
	     "passed; a lower level: the model passed, proven at that level; FAIL: the model failed);" \
	     "a change is in bold. Each side's full report: build/review/review-old-<routine>.md, -new-."
	for r in "${rows[@]}"; do
		read -r o nw <<<"$r"
		[ "$o" = - ] || [ "$nw" = - ] && continue
		oe=$(setting "$o" ENTRY) ne=$(setting "$nw" ENTRY)
		join <(ticks "$o" | sort -k1,1) <(ticks "$nw" | sort -k1,1) | sort -n -k1,1 >"$P/ticks-$ne.dat"
		[ -s "$P/ticks-$ne.dat" ] || continue
		awk -v c="$cpu" -v r="$ne" -v oe="$oe" -v ne="$ne" '{ printf "%s,%s,%s,%s,%s,%s,%s\n", c, r, oe, ne, $1, $2, $3 }' \
			"$P/ticks-$ne.dat" >>"$CSV.tmp"
		echo
		echo "## Ticks: \`$oe\` (old) vs \`$ne\` (new)"
		echo
		echo "Median TSC ticks per call on this CPU, hot cache, aligned buffers, the empty-call floor" \
		     "included; delta = old - new and its share of old, truncated as in the 2017 review" \
		     "(positive: the new version is faster)."
		echo
		echo "| len | old | new | delta(%) |"
		echo "|---:|---:|---:|---:|"
		awk '{ o = int($2 + 0.5); n = int($3 + 0.5); d = o - n
		       printf "| %d | %d | %d | %d(%d%%) |\n", $1, o, n, d, (o ? int(d * 100 / o) : 0) }' "$P/ticks-$ne.dat"
		if command -v gnuplot >/dev/null; then
			gnuplot -e "set terminal pngcairo size 900,500; set output '$P/ticks-$ne.png';
				set termoption noenhanced; set xlabel 'len + 1 (bytes, log scale)';
				set ylabel 'median ticks per call'; set logscale x 2; set key top left;
				set title 'old $oe vs new $ne ($cpu)';
				plot '$P/ticks-$ne.dat' using (\$1+1):2 with linespoints title 'old $oe',
				     '' using (\$1+1):3 with linespoints title 'new $ne'" 2>/dev/null &&
				{ echo; echo "Plot: \`$P/ticks-$ne.png\`."; }
		fi
	done
	echo
	echo "## Raw numbers and other CPUs"
	echo
	echo "This run's ticks: \`$CSV\` (cpu, routine, old_entry, new_entry, len, old_median, new_median)." \
	     "Run the same command on another machine, copy its CSV here, and" \
	     "\`make review-merge CSVS='a.csv b.csv'\` gives one table with an old/new column pair per CPU."
	echo
	echo "## Reproduce"
	echo
	printf '    make review-patch'
	for v in OLD NEW PATCH KERNEL ASM OLD_ENTRY NEW_ENTRY OLD_CALLER NEW_CALLER; do [ -n "${!v}" ] && printf ' %s=%s' "$v" "${!v}"; done
	printf ' %s' "${pass[@]}"; echo
} >"$P/report.md.tmp"
mv "$CSV.tmp" "$CSV"
if [ "$regress" = 1 ]; then
	sed -i 's/^VERDICT$/**REGRESSION: the new version fails where the old passed, or drops a level (below)**/' "$P/report.md.tmp"
else
	sed -i 's/^VERDICT$/**OK: no routine regressed**/' "$P/report.md.tmp"
fi
mv "$P/report.md.tmp" "$P/report.md"
[ -n "${REVIEW_PATCH_OUT:-}" ] && cp "$P/report.md" "$REVIEW_PATCH_OUT"
cat "$P/report.md"
echo "review-patch: report written to $P/report.md" >&2
exit "$regress"
