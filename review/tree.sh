#!/usr/bin/env bash
# The tree review (docs/review.md, "Reviewing a kernel tree"): every
# user-copy routine of a kernel release, each matched to its registry row
# by shape and era and reviewed as `make review` does (review/review.sh,
# called once per routine and feature set), with the inline dispatch of
# uaccess_64.h read as which routine runs for which CPU features.
#
#   review/tree.sh KERNEL=<dir | linux-source-*.tar.xz | git tree> [REV=commit]
#       [STRICT=1] [REVIEW_QUICK=0|1|2] [REVIEW_FUZZ_SECONDS=N] [REVIEW_BENCH=0]
#       [REVIEW_BENCH_LENGTHS=8,64,256,4096] [REVIEW_JOBS=2] [REVIEW_SEED=1]
#       [LIVE_VM=build/live-vm/results.json]
#
# Only the few files it reviews are read from the tree (a tarball: those
# members alone; a git tree: `git show REV:path`), copied under
# build/review/tree-<version>/src/; the tree itself is never written.
# Writes build/review/tree-<version>/report.md (also on stdout) and
# summary.json; progress on stderr.
#
# Exit: 0 every routine meets its row (known findings listed, not
# failed); 1 a routine does not (or a known finding with STRICT=1); 2 a
# tree it cannot read: not a kernel tree, a tarball that does not unpack,
# a file that does not assemble (the reason, and which file).
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh

die() { echo "review-tree: $*" >&2; exit 2; }
say() { echo "review-tree: $*" >&2; }
T0=$(date +%s.%N)

for a; do
	case "$a" in
	[A-Za-z_]*=*) export "${a?}" ;;
	*) die "'$a' is not a setting (NAME=value); usage: review/tree.sh KERNEL=<dir|tarball|git tree> [REV=commit] [STRICT=1] [REVIEW_QUICK=1]" ;;
	esac
done
KERNEL=${KERNEL:-} REV=${REV:-} STRICT=${STRICT:-0}
REVIEW_QUICK=${REVIEW_QUICK:-1}
case "$REVIEW_QUICK" in 0) fz=60 ;; 1) fz=5 ;; 2) fz=0 ;; *) die "REVIEW_QUICK is 0 (full), 1 (quick sweep) or 2 (smoke)" ;; esac
REVIEW_FUZZ_SECONDS=${REVIEW_FUZZ_SECONDS:-$fz}
REVIEW_BENCH=${REVIEW_BENCH:-1}
REVIEW_BENCH_LENGTHS=${REVIEW_BENCH_LENGTHS:-8,64,256,4096}
REVIEW_JOBS=${REVIEW_JOBS:-2} REVIEW_SEED=${REVIEW_SEED:-1}
LIVE_VM=${LIVE_VM:-build/live-vm/results.json}
KNOWN=${KNOWN_FINDINGS:-review/known-findings.tsv}
case "$REVIEW_FUZZ_SECONDS" in ''|*[!0-9]*) die "REVIEW_FUZZ_SECONDS is a number of seconds" ;; esac
case "$STRICT" in 0|1) ;; *) die "STRICT is 0 or 1" ;; esac
[ -n "$KERNEL" ] || die "KERNEL= is missing: a kernel tree (directory), a linux-source-*.tar.xz, or a git tree with REV="
[ -e "$KERNEL" ] || die "KERNEL=$KERNEL: no such file or directory"
command -v jq >/dev/null || die "jq is needed (scripts/deps.sh installs it)"
make -s --no-print-directory "$REGISTRY" >&2 || die "the registry does not build (above)"

# Where the kernel keeps its user-copy routines, across eras; the other
# two files are read, not assembled.
ASM_FILES=(arch/x86/lib/copy_user_64.S arch/x86/lib/copy_user_uncached_64.S
	arch/x86/lib/copy_user_nocache_64.S arch/x86/lib/clear_page_64.S arch/x86/lib/copy_mc_64.S)
HEADER=arch/x86/include/asm/uaccess_64.h
USERCOPY_C=arch/x86/lib/usercopy_64.c
WANTED=(Makefile "${ASM_FILES[@]}" "$HEADER" "$USERCOPY_C")

# ---- the few files, staged under build/ ----
STAGE=build/review/tree-stage.$$
rm -rf "$STAGE"; mkdir -p "$STAGE/src"
trap 'rm -rf "$STAGE"' EXIT
if [ -f "$KERNEL" ]; then
	[ -z "$REV" ] || die "REV= is for a git tree; $KERNEL is a file"
	say "reading $KERNEL (a tarball): ${#WANTED[@]} members at most"
	top=$(tar -tf "$KERNEL" 2>"$STAGE/tar.err" | head -n 1)
	[ -n "$top" ] || die "$KERNEL does not unpack as a tarball: $(grep -v '^$' "$STAGE/tar.err" | head -n 1)"
	top=${top#./}; top=${top%%/*}
	members=(); for f in "${WANTED[@]}"; do members+=("$top/$f"); done
	# --occurrence: stop once every member is found (a member this era
	# lacks makes tar read to the end: seconds, and "Not found" is fine)
	tar -xf "$KERNEL" -C "$STAGE" --occurrence=1 "${members[@]}" 2>"$STAGE/tar.err"
	err=$(grep -v -e 'Not found in archive' -e 'Exiting with failure status' "$STAGE/tar.err" | head -n 1)
	[ -z "$err" ] || die "$KERNEL does not unpack: $err"
	[ -d "$STAGE/$top" ] && cp -r "$STAGE/$top/." "$STAGE/src/" && rm -rf "${STAGE:?}/$top"
	ORIGIN="tarball $KERNEL (top folder $top/)"
elif [ -n "$REV" ] || [ "$(git -C "$KERNEL" rev-parse --is-bare-repository 2>/dev/null)" = true ]; then
	# a git tree: REV= (HEAD for a bare repository), paths from KERNEL
	REV=${REV:-HEAD}
	commit=$(git -C "$KERNEL" rev-parse --verify -q "$REV^{commit}") ||
		die "KERNEL=$KERNEL REV=$REV: not a git tree with that commit"
	prefix=$(git -C "$KERNEL" rev-parse --show-prefix 2>/dev/null)
	say "reading $KERNEL at $REV (${commit:0:12}, git)"
	for f in "${WANTED[@]}"; do
		git -C "$KERNEL" cat-file -e "$commit:$prefix$f" 2>/dev/null || continue
		mkdir -p "$STAGE/src/$(dirname "$f")"
		git -C "$KERNEL" show "$commit:$prefix$f" >"$STAGE/src/$f" || die "git show $commit:$prefix$f failed"
	done
	ORIGIN="git tree $KERNEL at $REV (commit $commit)"
elif [ -d "$KERNEL" ]; then
	say "reading $KERNEL (a directory)"
	for f in "${WANTED[@]}"; do
		[ -f "$KERNEL/$f" ] || continue
		mkdir -p "$STAGE/src/$(dirname "$f")"
		cp "$KERNEL/$f" "$STAGE/src/$f"
	done
	ORIGIN="directory $KERNEL"
else
	die "KERNEL=$KERNEL is neither a directory, a tarball nor a git tree"
fi

# ---- a kernel tree? its version from the top Makefile ----
mkvar() { sed -n "s/^$1[[:space:]]*=[[:space:]]*\([^[:space:]]*\).*/\1/p" "$STAGE/src/Makefile" 2>/dev/null | head -n 1; }
V=$(mkvar VERSION) P=$(mkvar PATCHLEVEL) S=$(mkvar SUBLEVEL) X=$(mkvar EXTRAVERSION)
[[ $V =~ ^[0-9]+$ && $P =~ ^[0-9]+$ ]] ||
	die "$KERNEL is not a kernel tree: no top-level Makefile with VERSION and PATCHLEVEL"
VER=$V.$P${S:+.$S}$X
[[ $VER =~ ^[A-Za-z0-9._+-]+$ ]] || die "$KERNEL: the Makefile's version '$VER' is not a plain version"
found=(); for f in "${ASM_FILES[@]}"; do [ -f "$STAGE/src/$f" ] && found+=("$f"); done
[ ${#found[@]} -gt 0 ] || die "$KERNEL (Linux $VER) has none of the user-copy files: ${ASM_FILES[*]}"
OUT=build/review/tree-$VER
# The same files as last time keep their reviews' finished steps (make
# reruns only what changed); other files of this version start afresh.
if [ -d "$OUT/src" ] && diff -rq "$OUT/src" "$STAGE/src" >/dev/null 2>&1; then
	rm -rf "$STAGE/src"
else
	rm -rf build/review/work/tree-"$VER"-* build/review/scan/tree-"$VER"-* "$OUT/src"
	mkdir -p "$OUT"
	mv "$STAGE/src" "$OUT/src"
fi
rm -rf "$OUT/logs" "$OUT/known"
mkdir -p "$OUT/logs"
say "Linux $VER: ${#found[@]} files: $(for f in "${found[@]}"; do printf '%s ' "${f##*/}"; done)"

# ---- helpers ----
# raw_body FILE SYM: the routine's source lines (SYM_FUNC_START..END, or
# the older ENTRY..ENDPROC); raw_range: "first last" line numbers.
raw_range() {
	awk -v s="$2" '
		!a && ($0 ~ "SYM_FUNC_START(_[A-Z_]+)?\\(" s "\\)" || $0 ~ "^[[:space:]]*ENTRY\\(" s "\\)") { a = NR }
		a && ($0 ~ "SYM_FUNC_END(_[A-Z_]+)?\\(" s "\\)" || $0 ~ "(ENDPROC|END)\\(" s "\\)") { print a, NR; exit }' "$1"
}
raw_body() { local r; r=$(raw_range "$1" "$2"); [ -n "$r" ] && sed -n "${r% *},${r#* }p" "$1"; }
# body_features FILE SYM: the CPU features the routine's own ALTERNATIVEs
# name (erms,fsrm,...), in order of appearance.
body_features() {
	raw_body "$1" "$2" | grep -o 'X86_FEATURE_[A-Z0-9_]*' | sed 's/X86_FEATURE_//' | tr A-Z a-z |
		awk '!seen[$0]++' | while read -r f; do feature_check "$f" >/dev/null 2>&1 && echo "$f"; done | paste -sd,
}
# first_failure DIR: the first failing case in words (model sweep, then
# the EXACT sweep, then the fuzzer), from the review's JSON.
first_failure() {
	jq -r '(.failures.model[0].words // .failures.exact[0].words
		// (if .fuzz.failure then "fuzz: \(.fuzz.failure)" else null end))
		// "the checks did not complete (see \(.dir))"' "$1/review.json"
}
# known_line SYM FILE ROW: the known-findings line (TSV, by header name)
# for this routine, as "shape<TAB>fix<TAB>reason<TAB>case<TAB>source".
known_line() {
	[ -f "$KNOWN" ] || return 1
	grep -v '^#' "$KNOWN" | awk -F'\t' -v s="$1" -v f="$2" -v r="$3" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["symbol"] == s && $c["file"] == f && $c["row"] == r {
			print $c["shape"] "\t" $c["fix"] "\t" $c["reason"] "\t" $c["case"] "\t" $c["source"]; x = 1; exit }
		END { exit !x }'
}
# review_one SRC SYM FEATURES TAG [MODEL=...]: review/review.sh on one
# routine; prints its work dir; returns review.sh's exit status.
review_one() {
	local src=$1 sym=$2 feat=$3 tag=$4 log
	shift 4
	log=$OUT/logs/$tag$(basename "${src%.*}")-$sym.log
	review/review.sh ASM="$src" ENTRY="$sym" FEATURES="$feat" REVIEW_TAG="$tag" REVIEW_QUICK="$REVIEW_QUICK" \
		REVIEW_FUZZ_SECONDS="$REVIEW_FUZZ_SECONDS" REVIEW_BENCH="$REVIEW_BENCH" \
		REVIEW_BENCH_LENGTHS="$REVIEW_BENCH_LENGTHS" REVIEW_JOBS="$REVIEW_JOBS" REVIEW_SEED="$REVIEW_SEED" \
		"$@" >/dev/null 2>"$log"
}

# ---- plan: every global routine of each file, matched ----
RESULTS=$OUT/routines.jsonl NOTREV=$OUT/not-reviewed.jsonl
: >"$RESULTS"; : >"$NOTREV"
plan=()
for f in "${found[@]}"; do
	src=$OUT/src/$f base=$(basename "${f%.*}")
	scan=build/review/scan/tree-$VER-$base
	if ! make -s --no-print-directory review-scan ASM="$src" SCAN="$scan" >"$OUT/logs/scan-$base.log" 2>&1; then
		die "$f (Linux $VER) does not assemble against the kernel shims (asm/kshim/): $(grep -m1 -E 'Error|error' "$OUT/logs/scan-$base.log" || tail -n 1 "$OUT/logs/scan-$base.log")"
	fi
	ftags=$(file_shape "$src" "$scan.i" | paste -sd ' ')
	mapfile -t syms < <(nm -n -g --defined-only "$scan.o" | awk '$2 ~ /[TW]/ { print $3 }')
	for sym in "${syms[@]}"; do
		feats=$(body_features "$src" "$sym")
		variants=("")
		IFS=, read -ra fl <<<"$feats"
		for x in "${fl[@]}"; do variants+=("$x"); done
		[ ${#fl[@]} -gt 1 ] && variants+=("$feats")
		tags="$ftags $(routine_shape "$scan.i" "$sym" | paste -sd ' ')"
		for feat in "${variants[@]}"; do
			IFS=$'\t' read -r row abi keeps want why <<<"$(match_routine "$sym" "$tags" "$feat")"
			if [ "$row" = skip ]; then
				[ -z "$feat" ] && jq -nc --arg file "$f" --arg symbol "$sym" --arg reason "$why" --arg shape "${tags# }" \
					'{file: $file, symbol: $symbol, reason: $reason, shape: $shape}' >>"$NOTREV"
				continue
			fi
			plan+=("$f|$sym|$feat|$row|$feats")
		done
	done
done
say "${#plan[@]} reviews to run, $(wc -l <"$NOTREV") routines not reviewed (not user-copy routines)"

# ---- review each ----
# The reviews are independent (each its own work dir, scan and report):
# TREE_JOBS (default 2) run at once, each one process at a time but for its
# sweeps; their exit status and seconds go to $OUT/logs/N.rc, then the
# results are read in the plan's order.
TREE_JOBS=${TREE_JOBS:-2}
case "$TREE_JOBS" in [1-9]) ;; *) die "TREE_JOBS is 1 to 9" ;; esac
i=0
for p in "${plan[@]}"; do
	IFS='|' read -r f sym feat row bodyfeats <<<"$p"
	i=$((i + 1))
	while [ "$(jobs -rp | wc -l)" -ge "$TREE_JOBS" ]; do wait -n || :; done
	say "[$i/${#plan[@]}] $(basename "$f") $sym${feat:+ (FEATURES=$feat)} against $row"
	( t1=$(date +%s); review_one "$OUT/src/$f" "$sym" "$feat" "tree-$VER-${feat:+${feat//,/+}-}"
	  echo "$? $(( $(date +%s) - t1 ))" >"$OUT/logs/$i.rc" ) &
done
wait
i=0
for p in "${plan[@]}"; do
	IFS='|' read -r f sym feat row bodyfeats <<<"$p"
	i=$((i + 1))
	src=$OUT/src/$f base=$(basename "${f%.*}")
	tag=tree-$VER-${feat:+${feat//,/+}-}
	D=build/review/work/$tag$base-$sym
	read -r rc secs <"$OUT/logs/$i.rc" 2>/dev/null || rc=2 secs=0
	t1=$(( $(date +%s) - secs ))
	[ "$rc" = 2 ] && die "$f: $sym could not be reviewed (exit 2): $(grep -m1 'review:' "$OUT/logs/$tag$base-$sym.log" | grep -v 'against' || tail -n 1 "$OUT/logs/$tag$base-$sym.log")"
	verdict=pass failure="" known=null
	if [ "$rc" != 0 ]; then
		verdict=fail
		failure=$(first_failure "$D")
		if kl=$(known_line "$sym" "${f##*/}" "$(setting "$D" MODEL)"); then
			IFS=$'\t' read -r kshape kfix kreason kcase ksource <<<"$kl"
			if raw_body "$src" "$sym" | grep -Eq -- "$kshape"; then
				# the same routine with the finding fixed must pass every check
				mkdir -p "$OUT/known/$(dirname "$f")"
				r=$(raw_range "$src" "$sym")
				sed -E "${r% *},${r#* }$kfix" "$src" >"$OUT/known/$f"
				ktag=tree-$VER-known-${feat:+${feat//,/+}-}
				say "    failed; a known finding names it: re-reviewing it with the finding fixed"
				review_one "$OUT/known/$f" "$sym" "$feat" "$ktag" MODEL="$(setting "$D" MODEL)"
				krc=$?
				explained=$([ "$krc" = 0 ] && echo true || echo false)
				known=$(jq -nc --arg reason "$kreason" --arg case "$kcase" --arg source "$ksource" --arg shape "$kshape" \
					--arg fix "$kfix" --argjson explained "$explained" --arg fixed_dir "build/review/work/$ktag$base-$sym" \
					'{reason: $reason, case: $case, source: $source, shape: $shape, fix: $fix,
					  explains_every_failure: $explained, fixed_review: $fixed_dir}')
				[ "$krc" = 0 ] && verdict=known
			fi
		fi
	fi
	read -r lx ld < <(jq -r '.levels | "\(.exact_hw) \(.delayed_hw)"' "$D/review.json")
	# the routine's facts from its review's JSON (docs/results.md)
	jq -c -L scripts --arg file "$f" --arg symbol "$sym" --arg features "$feat" --arg body_features "$bodyfeats" \
		--arg wanted "$row" --arg verdict "$verdict" --arg failure "$failure" \
		--argjson known "$known" --arg report "build/review/review-$tag$sym.md" \
		--argjson seconds "$(( $(date +%s) - t1 ))" 'include "results";
		def counts: if .finished then target.total else null end;
		{file: $file, symbol: $symbol, features: $features, body_features: $body_features, row: .settings.MODEL,
		  abi: .settings.ABI, why: .settings.REVIEW_WHY, levels, machine_code: (.machine_code // null),
		  cases: {model: (.sweep_model | counts), exact: (.sweep_exact | counts)},
		  fuzz: {executions: .fuzz.executions, note: (.fuzz.note // "")},
		  ticks: (if .bench.timed then .bench.ticks | map({key: (.len | tostring), value: {project: .base, reviewed}}) | from_entries else null end),
		  verdict: $verdict, first_failure: (if $failure == "" then null else $failure end),
		  known_finding: $known, report: $report, work: .dir, seconds: $seconds}' "$D/review.json" >>"$RESULTS"
	say "    $(echo "$verdict" | tr a-z A-Z): levels $lx / $ld ($(( $(date +%s) - t1 )) s)${failure:+; first failing case: $failure}"
done

# ---- the inline dispatch (uaccess_64.h) and usercopy_64.c ----
DISPATCH=$OUT/dispatch.jsonl
: >"$DISPATCH"
if [ -f "$OUT/src/$HEADER" ]; then
	alts=$(awk -f review/tree-dispatch.awk "$OUT/src/$HEADER")
	for d in copy_user_generic __clear_user; do
		lines=$(awk -F'\t' -v d="$d" '$1 == d' <<<"$alts")
		[ -n "$lines" ] || continue
		# the features the dispatch tests, then those the routines it calls
		# test in their own ALTERNATIVEs
		mapfile -t fs < <({ cut -f4 <<<"$lines" | grep -v always | tr -d '+-'
			for t in $(cut -f3 <<<"$lines" | sed -n 's/^call://p'); do
				jq -r --arg s "$t" 'select(.symbol == $s) | .body_features' "$RESULTS" | head -n 1 | tr , '\n'
			done; } | awk 'NF && !s[$0]++')
		n=${#fs[@]}
		for ((m = 0; m < (1 << n); m++)); do
			have=" "
			for ((k = 0; k < n; k++)); do (( m >> k & 1 )) && have="$have${fs[$k]} "; done
			runs=$(awk -F'\t' -v have="$have" '{ c = $4; f = substr(c, 2)
				if (c == "always" || (c ~ /^\+/ && index(have, " " f " ")) || (c ~ /^-/ && !index(have, " " f " "))) w = $3 }
				END { print w }' <<<"$lines")
			row="" verdict="" note=""
			case "$runs" in
			call:*)
				target=${runs#call:}
				tf=$(jq -r --arg s "$target" 'select(.symbol == $s) | .body_features' "$RESULTS" | head -n 1)
				want=$(tr , '\n' <<<"$tf" | while read -r x; do [ -n "$x" ] && [[ $have == *" $x "* ]] && echo "$x"; done | paste -sd,)
				rec=$(jq -c --arg s "$target" --arg f "$want" 'select(.symbol == $s and .features == $f)' "$RESULTS" | head -n 1)
				if [ -n "$rec" ]; then
					row=$(jq -r .row <<<"$rec") verdict=$(jq -r .verdict <<<"$rec")
				else
					note="not among the reviewed routines${want:+ under FEATURES=$want}"
				fi ;;
			inline:*)
				ins=${runs#inline:}
				case "$d:$ins" in
				copy_user_generic:"rep movsb") row=fsrm ;;
				__clear_user:"rep stosb") row=fsrs ;;
				esac
				note="inline in the C caller (not assembled here): ${row:+row \`$row\` is this instruction with its exception-table entry}" ;;
			esac
			feat_obj=$(for ((k = 0; k < n; k++)); do printf '%s\n' "${fs[$k]}"; done |
				jq -Rn --arg have "$have" '[inputs | select(. != "") | . as $f | {($f): ($have | contains(" " + $f + " "))}] | add // {}')
			jq -nc --arg d "$d" --argjson features "$feat_obj" --arg runs "$runs" --arg row "$row" \
				--arg verdict "$verdict" --arg note "$note" \
				'{dispatch: $d, features: $features, runs: $runs, row: (if $row == "" then null else $row end),
				  verdict: (if $verdict == "" then null else $verdict end), note: (if $note == "" then null else $note end)}' >>"$DISPATCH"
		done
	done
	alts_json=$(awk -F'\t' '{ printf "{\"dispatch\":\"%s\",\"order\":%s,\"what\":\"%s\",\"when\":\"%s\"}\n", $1, $2, $3, $4 }' <<<"$alts" | jq -sc .)
else
	alts_json='[]'
fi
if [ ! -f "$OUT/src/$USERCOPY_C" ]; then
	clear_c="no $USERCOPY_C in this tree"
elif awk '/__clear_user[[:space:]]*\(/ && !/;[[:space:]]*$/ { on = 1 } on && /asm/ { f = 1 } on && /^}/ { on = 0 } END { exit !f }' "$OUT/src/$USERCOPY_C"; then
	clear_c="$USERCOPY_C defines __clear_user with inline asm (the v2.6.12-v6.0 byte/quadword loop, row clear_loop): not reviewed here, the tool assembles .S files only; the project's clear_loop row models it (docs/clear.md)"
else
	clear_c="$USERCOPY_C has no __clear_user in this release: clear_user is the inline dispatch of uaccess_64.h (\"Which routine runs for which CPU features\"), whose routines are reviewed above"
fi

# ---- a booted kernel's inferred rows (make live-vm), when there are some ----
# results.json: one object per boot (kernel/release, cpu, flags, paths[]
# with path and row); each path is compared with the row the source
# review has for the same dispatch under the booted CPU's flags.
live=null
if [ -f "$LIVE_VM" ]; then
	live=$(jq -c --arg v "$VER" --slurpfile d <(jq -s . "$DISPATCH") '
		[ (if type == "array" then .[] else .boots[]? end) |
		  select(((.kernel // "") | tostring | startswith($v)) or ((.release // "") | tostring | startswith($v))) |
		  . as $b | ($b.flags // []) as $fl | .paths[]? | . as $p |
		  (if ($p.path | test("copy")) then "copy_user_generic" elif ($p.path | test("clear")) then "__clear_user" else "" end) as $disp |
		  ([ $d[0][] | select(.dispatch == $disp) |
		     select(.features | to_entries | all(. as $e | $e.value == ($fl | index($e.key) != null))) ] | first) as $m |
		  { kernel: ($b.release // $b.kernel), cpu: ($b.cpu // null), flags: $fl, path: $p.path, booted_row: $p.row,
		    source_runs: ($m.runs // null), source_row: ($m.row // null),
		    agrees: ($m != null and $m.row == $p.row) } ]' "$LIVE_VM" 2>/dev/null) ||
		live=$(jq -n --arg f "$LIVE_VM" '"\($f) could not be read as make live-vm results"')
fi

# ---- summary.json and report.md ----
T1=$(date +%s.%N)
# CPU seconds of this script and everything it ran (the children's line)
times >"$STAGE/times"
cpu_s=$(awk '{ gsub(/s/, ""); split($1, u, "m"); split($2, s, "m"); t += u[1] * 60 + u[2] + s[1] * 60 + s[2] } END { printf "%.1f", t }' "$STAGE/times")
wall_s=$(awk -v a="$T0" -v b="$T1" 'BEGIN { printf "%.1f", b - a }')
nfail=$(jq -s '[.[] | select(.verdict == "fail")] | length' "$RESULTS")
nknown=$(jq -s '[.[] | select(.verdict == "known")] | length' "$RESULTS")
rc=0
[ "$nfail" -gt 0 ] && rc=1
[ "$STRICT" = 1 ] && [ "$nknown" -gt 0 ] && rc=1
jq -n --arg version "$VER" --arg origin "$ORIGIN" --arg input "$KERNEL" --arg rev "$REV" --argjson routines "$(jq -s . "$RESULTS")" \
	--argjson not_reviewed "$(jq -s . "$NOTREV")" --argjson dispatch "$(jq -s . "$DISPATCH")" \
	--argjson alternatives "$alts_json" --arg clear_user_c "$clear_c" --argjson live_vm "$live" \
	--argjson quick "$REVIEW_QUICK" --argjson fuzz "$REVIEW_FUZZ_SECONDS" --argjson bench "$REVIEW_BENCH" \
	--argjson strict "$STRICT" --argjson wall "$wall_s" --argjson cpu "$cpu_s" --argjson rc "$rc" \
	--arg files "$(printf '%s\n' "${found[@]}")" \
	'{kernel: {version: $version, origin: $origin, input: $input, rev: (if $rev == "" then null else $rev end), files: ($files | split("\n") | map(select(. != "")))},
	  settings: {review_quick: $quick, fuzz_seconds: $fuzz, bench: $bench, strict: $strict},
	  routines: $routines, not_reviewed: $not_reviewed, alternatives: $alternatives, dispatch: $dispatch,
	  usercopy_c: $clear_user_c, live_vm: $live_vm,
	  totals: {reviews: ($routines | length), passed: ([$routines[] | select(.verdict == "pass")] | length),
	           known: ([$routines[] | select(.verdict == "known")] | length),
	           failed: ([$routines[] | select(.verdict == "fail")] | length),
	           not_reviewed: ($not_reviewed | length)},
	  seconds: {wall: $wall, cpu: $cpu}, exit: $rc}' >"$OUT/summary.json"
review/tree-report.sh "$OUT/summary.json" >"$OUT/report.md" || die "the report could not be written"
rm -f "$RESULTS" "$NOTREV" "$DISPATCH"
cat "$OUT/report.md"
say "Linux $VER: $(jq -r '.totals | "\(.reviews) reviews: \(.passed) passed, \(.known) known findings, \(.failed) failed; \(.not_reviewed) not reviewed"' "$OUT/summary.json") ($wall_s s wall, $cpu_s s CPU)"
say "report: $OUT/report.md, $OUT/summary.json; exit $rc"
exit "$rc"
