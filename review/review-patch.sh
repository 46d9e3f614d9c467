#!/usr/bin/env bash
# A patch as the unit of review (docs/review.md, "Reviewing a patch"):
# the old and the new version of each changed file, every routine of each
# reviewed by review/review.sh (its row picked by src/runtime/eras.tsv unless
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
# user's tree. Report: build/review/patch/report.md (on stdout too), rendered
# from build/review/patch/report.json (docs/results.md).
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
	review/intake.sh patch "$PATCH" ${KERNEL:+--kernel} || exit 2
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
		review/intake.sh scratch "$S" || exit 2
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

# ---- review one side: its routines' review.json files on stdout ----
side() { # TAG FILE ENTRY CALLER
	local tag=$1 file=$2 entry=$3 caller=$4 rc base
	base=$(basename "${file%.*}")
	[ -n "$caller" ] && entry=review_caller
	review/review.sh ASM="$file" REVIEW_TAG="$tag" ${entry:+ENTRY=$entry} ${caller:+CALLER=$caller} \
		REVIEW_BENCH_LENGTHS="$LENGTHS" "${pass[@]}" >"$P/$tag$base.txt" 2>"$P/$tag$base.err"
	rc=$?
	if [ "$rc" = 2 ]; then
		cat "$P/$tag$base.err" >&2
		bad_input "the $tag version ($file) could not be reviewed (above)"
	fi
	# one routine: its review's JSON; a whole file: each routine's
	if [ -n "$entry" ]; then
		jq -r '.dir + "/review.json"' "build/review/review-$tag$entry.json"
	else
		jq -r '.routines[].dir + "/review.json"' "build/review/review-${tag}file-$base.json"
	fi
}

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/,/ /g')
pairs_json=()
for ((i = 0; i < ${#pairs[@]}; i += 2)); do
	of=${pairs[i]} nf=${pairs[i + 1]}
	echo "review-patch: old $of" >&2
	mapfile -t od < <(side old- "$of" "$OLD_ENTRY" "$OLD_CALLER") || exit 2
	[ ${#od[@]} -gt 0 ] || bad_input "no routine of the old version ($of) was reviewed"
	echo "review-patch: new $nf" >&2
	mapfile -t nd < <(side new- "$nf" "$NEW_ENTRY" "$NEW_CALLER") || exit 2
	[ ${#nd[@]} -gt 0 ] || bad_input "no routine of the new version ($nf) was reviewed"
	# Pair the routines by name; one routine on each side pairs anyway
	# (a renamed routine, or a caller's dispatch against a routine).
	pairs_json+=("$(jq -n --slurpfile old <(cat "${od[@]}") --slurpfile new <(cat "${nd[@]}") '
		def entry: .settings.ENTRY;
		if ($old | length) == 1 and ($new | length) == 1 then [{old: $old[0], new: $new[0]}]
		else [$old[] as $o | {old: $o, new: ([$new[] | select(entry == ($o | entry))] | first)}]
		   + [$new[] as $n | select([$old[] | entry] | any(. == ($n | entry)) | not) | {old: null, new: $n}]
		end')")
done

# ---- the patch's JSON: every pair, their ticks, the verdict ----
command=$(for v in OLD NEW PATCH KERNEL ASM OLD_ENTRY NEW_ENTRY OLD_CALLER NEW_CALLER; do
	[ -n "${!v}" ] && printf ' %s=%s' "$v" "${!v}"; done; printf ' %s' "${pass[@]}")
jq -n -L scripts 'include "results";
	{kind: "patch", patch: $patch, target: $target, scratch: $scratch, old: $old, new: $new,
	 features: $features, quick: $quick, cpu: $cpu, csv: $csv, command: ($command | ltrimstr(" ") | rtrimstr(" ")),
	 pairs: ($pairs | add | map(. + {ticks: (if .old == null or .new == null then []
	   else [(.old.bench.ticks // []) as $o | (.new.bench.ticks // [])[] as $n
	         | ($o | map(select(.len == $n.len)) | first) as $m
	         | select($m.reviewed != null and $n.reviewed != null) | {len: $n.len, old: $m.reviewed, new: $n.reviewed}] end)}))}
	| patch_verdict' \
	--arg patch "$PATCH" --arg target "${ASM:-$KERNEL}" --arg scratch "$S" --arg old "$OLD" --arg new "$NEW" \
	--arg features "${FEATURES:-}" --arg quick "${REVIEW_QUICK:-0}" --arg cpu "$cpu" --arg csv "$CSV" \
	--arg command "$command" --argjson pairs "$(printf '%s\n' "${pairs_json[@]}" | jq -s .)" >"$P/report.json" ||
	bad_input "the results of the reviews could not be read (above)"

# ---- the routines as CSV (routine,side,entry,model,exact_level,delayed_level,verdict) ----
{
	echo "routine,side,entry,model,exact_level,delayed_level,verdict"
	jq -r '.pairs[]
		| ([["old", .old], ["new", .new]][] | select(.[1] != null)) as [$side, $v]
		| [$v.settings.ENTRY, $side, $v.settings.ENTRY, $v.settings.MODEL, $v.levels.exact_hw, $v.levels.delayed_hw, ($v.verdict | gsub(","; " "))]
		| join(",")' "$P/report.json"
} >"$P/routines.csv"

# ---- the ticks: the CSV, a plot per routine when gnuplot is here ----
{
	echo "cpu,routine,old_entry,new_entry,len,old_median,new_median"
	jq -r '.cpu as $c | .pairs[] | select(.old != null and .new != null) | .new.settings.ENTRY as $r
		| .old.settings.ENTRY as $o | .ticks[] | [$c, $r, $o, $r, .len, .old, .new] | map(tostring) | join(",")' "$P/report.json"
} >"$CSV"
if command -v gnuplot >/dev/null; then
	for ne in $(jq -r '.pairs[] | select((.ticks | length) > 0) | .new.settings.ENTRY' "$P/report.json"); do
		oe=$(jq -r --arg n "$ne" '.pairs[] | select(.new.settings.ENTRY == $n) | .old.settings.ENTRY' "$P/report.json")
		jq -r --arg n "$ne" '.pairs[] | select(.new.settings.ENTRY == $n) | .ticks[] | "\(.len) \(.old) \(.new)"' \
			"$P/report.json" >"$P/ticks-$ne.dat"
		gnuplot -e "set terminal pngcairo size 900,500; set output '$P/ticks-$ne.png';
			set termoption noenhanced; set xlabel 'len + 1 (bytes, log scale)';
			set ylabel 'median ticks per call'; set logscale x 2; set key top left;
			set title 'old $oe vs new $ne ($cpu)';
			plot '$P/ticks-$ne.dat' using (\$1+1):2 with linespoints title 'old $oe',
			     '' using (\$1+1):3 with linespoints title 'new $ne'" 2>/dev/null &&
			jq --arg n "$ne" --arg p "$P/ticks-$ne.png" '.pairs |= map(if .new.settings.ENTRY == $n then .plot = $p else . end)' \
				"$P/report.json" >"$P/report.json.tmp" && mv "$P/report.json.tmp" "$P/report.json"
	done
fi

# ---- the report, rendered from the JSON; the exit status from it ----
scripts/render.sh patch "$P/report.json" >"$P/report.md"
[ -n "${REVIEW_PATCH_OUT:-}" ] && cp "$P/report.md" "$REVIEW_PATCH_OUT"
cat "$P/report.md"
echo "review-patch: report written to $P/report.md (its data: $P/report.json)" >&2
exit "$(jq .exit "$P/report.json")"
