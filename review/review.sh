#!/usr/bin/env bash
# The review (docs/review.md): checks one assembly routine, such as an
# unmodified copy_user_64.S from a kernel tree or a patched one, against a
# registry row's proven C model and the EXACT contract, and times it
# against the project's own routine for that row.
#
#   review/review.sh ASM=file.S [ENTRY=symbol] [MODEL=name] [ABI=classic|rep|classic_clear|stos]
#       [CALLER=N:SHORT:LONG]
#       [FEATURES=erms,fsrm,rep_good] [KEEPS=rbx,rbp,...] [REVIEW_FUZZ_SECONDS=60]
#       [REVIEW_QUICK=1|2] [REVIEW_SEED=1] [REVIEW_JOBS=2]
#       [REVIEW_STOP_AFTER=100] [REVIEW_BENCH=0] [REVIEW_TIMEOUT=1800]
#
# Settings are arguments (as for make) or environment variables; other
# make variables (CC=...) pass through. It checks them, has make build and
# run every step (`make review-report`, review/review.mk), prints the
# Markdown report (also in build/review/review-<ENTRY>.md) on stdout and
# progress on stderr. `make review` is this script with make's command line.
#
# Without ENTRY it reviews every global routine of the file, each against
# the row src/runtime/eras.tsv picks by symbol, shape and FEATURES (MODEL=
# forces one row for all), and prints a summary before the routines'
# reports (build/review/review-file-<name>.md). Without MODEL, one routine
# is matched the same way. CALLER=N:SHORT:LONG reviews the inline caller's
# dispatch (len <= N: SHORT, else LONG) as the routine review_caller.
#
# Exit: 0 every case passed; 1 a case failed (the first ones are listed,
# each with a replay command); 2 usage error, or the file does not
# assemble or link (with the assembler's or linker's message).
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh

usage_error() {
	echo "review: $*" >&2
	echo "usage: review/review.sh (or make review) ASM=file.S [ENTRY=symbol] [MODEL=name]" \
	     "[ABI=classic|rep|classic_clear|stos] [CALLER=N:SHORT:LONG] [FEATURES=erms,fsrm,rep_good] [REVIEW_FUZZ_SECONDS=60] [REVIEW_QUICK=1]" >&2
	exit 2
}

for a; do
	case "$a" in
	[A-Za-z_]*=*) export "${a?}" ;;
	*) usage_error "'$a' is not a setting (NAME=value)" ;;
	esac
done
ASM=${ASM:-} ENTRY=${ENTRY:-} MODEL=${MODEL:-} ABI=${ABI:-} KEEPS=${KEEPS:-} CALLER=${CALLER:-}
REVIEW_TAG=${REVIEW_TAG:-} FEATURES=${FEATURES:-}

# (make only when the table is older than what it is built from, the
# Makefile's two prerequisites: a make start-up is about 0.15 s of CPU,
# some 4 % of a smoke-sized review)
[ "$REGISTRY" -nt src/runtime/registry.def ] && [ "$REGISTRY" -nt scripts/registry_print.c ] ||
	make -s --no-print-directory "$REGISTRY" >&2 || usage_error "the registry does not build (above)"
[ -n "$ASM" ] || usage_error "ASM= is missing (the .S file to review)"
[ -f "$ASM" ] || usage_error "no file '$ASM'"
case "$ASM" in *[\'\"\$\`\\]*|*[[:space:]]*) usage_error "ASM: '$ASM' has a quote, a space or a shell character: copy the file to a plain path" ;; esac
review/intake.sh asm "$ASM" || exit 2
[ -z "$MODEL" ] || registry_has "$MODEL" || usage_error "unknown model '$MODEL' (one of: $(registry_names))"
case "$ABI" in ''|classic|rep|classic_clear|stos) ;; *) usage_error "ABI is classic, rep, classic_clear or stos, not '$ABI'" ;; esac
# A clear row (docs/clear.md) takes a clear ABI only, a copy row a copy ABI only.
abi_fits() {
	case "$(registry_field "$1" kind):$2" in
	clear:classic|clear:rep) echo "MODEL=$1 is a clear row: ABI is classic_clear or stos" ;;
	copy:classic_clear|copy:stos|tail:classic_clear|tail:stos|mc:classic_clear|mc:stos) echo "MODEL=$1 is a $(registry_field "$1" kind) row: ABI is classic or rep" ;;
	*) return 0 ;;
	esac
	return 1
}
[ -z "$MODEL" ] || [ -z "$ABI" ] || msg=$(abi_fits "$MODEL" "$ABI") || usage_error "$msg"
case "$ENTRY" in *[!A-Za-z0-9_.]*) usage_error "'$ENTRY' is not a symbol name" ;; esac
case "$KEEPS" in *[!a-z0-9,]*) usage_error "KEEPS: '$(printf '%q' "$KEEPS")' is not a comma-separated list of register names" ;; esac
for r in ${KEEPS//,/ }; do
	case "$r" in rax|rcx|rdx|rbx|rbp|rsi|rdi|rsp|r8|r9|r1[0-5]) ;;
	*) usage_error "KEEPS: '$r' is not a register name (rax rcx rdx rbx rbp rsi rdi r8 .. r15)" ;;
	esac
done
case "${REVIEW_QUICK:-0}" in 0|1|2) ;; *) usage_error "REVIEW_QUICK is 1 (quick sweep) or 2 (smoke)" ;; esac
case "${REVIEW_FUZZ_SECONDS:-60}" in ''|*[!0-9]*) usage_error "REVIEW_FUZZ_SECONDS is a number of seconds" ;; esac
# (at most a week: libFuzzer reads an int, and a value past it would run for ever)
n=${REVIEW_FUZZ_SECONDS:-60}
[ "${#n}" -le 6 ] && [ "$n" -le 604800 ] || usage_error "REVIEW_FUZZ_SECONDS is at most 604800 (a week), not '$n'"
for v in REVIEW_STOP_AFTER REVIEW_SEED REVIEW_JOBS REVIEW_BENCH REVIEW_TIMEOUT; do	# numbers, when given
	case "${!v:-1}" in *[!0-9]*) usage_error "$v is a number, not '${!v}'" ;; esac
	n=${!v:-1}
	[ "${#n}" -le 18 ] || usage_error "$v is a number below 10^18, not '$n'"
done
msg=$(feature_check "$FEATURES") || usage_error "$msg"
if [ -n "$CALLER" ]; then
	msg=$(caller_check "$CALLER") || usage_error "$msg"
	[ -z "$ENTRY" ] || [ "$ENTRY" = review_caller ] || usage_error "CALLER= reviews review_caller: no ENTRY=$ENTRY with it"
	ENTRY=review_caller
fi

# The file, assembled and preprocessed once: its routines and shape.
# (one per ENTRY: the tree review runs several routines of a file at once)
SCAN=build/review/scan/$REVIEW_TAG$(basename "${ASM%.*}")${ENTRY:+-$ENTRY}
make -s --no-print-directory review-scan ASM="$ASM" FEATURES="$FEATURES" SCAN="$SCAN" >&2 || exit 2
FILE_TAGS=$(file_shape "$ASM" "$SCAN.i" | paste -sd ' ')
# The tail the fix-ups call comes from the era (docs/review.md, "The
# tail"): a file that calls copy_user_handle_tail and still has
# _copy_from_user in assembly (ALTERNATIVE_JUMP or GET_THREAD_INFO, up to
# v4.7) calls the zerorest form, tail_c_zero. TAIL= overrides (TAIL=
# copy_user_handle_tail: asm/tail_c.S's byte retry).
TAIL_WHY=""
if [ -z "${TAIL+set}" ] && grep -qw tail_c <<<"$FILE_TAGS" && grep -qwE 'altjump|thread_info' <<<"$FILE_TAGS"; then
	TAIL=copy_user_handle_tail_zerorest
	TAIL_WHY="chosen by era: the file keeps _copy_from_user in assembly, so its C tail is the zerorest one (v2.6.27-v4.7); TAIL=copy_user_handle_tail for the byte retry alone"
fi
TAIL=${TAIL:-}
routines() { nm -n -g --defined-only "$SCAN.o" | awk '$2 ~ /[TW]/ { print $3 }'; }

# pick SYM: M_ROW M_ABI M_KEEPS M_WANT M_WHY for the routine SYM.
pick() {
	local tags s l
	if [ "$1" = review_caller ]; then
		local n short long rs rl
		IFS=: read -r n short long <<<"$CALLER"
		pick "$short"; rs=$M_WANT
		pick "$long"; rl=$M_WANT
		IFS=$'\t' read -r M_ROW M_ABI M_KEEPS M_WANT M_WHY \
			<<<"$(match_routine "caller<=$n:$rs:$rl" "" "$FEATURES")"
		M_WHY="the caller: len <= $n \`$short\` (row $rs), else \`$long\` (row $rl); $M_WHY"
		return
	fi
	tags="$FILE_TAGS $(routine_shape "$SCAN.i" "$1" | paste -sd ' ')"
	IFS=$'\t' read -r M_ROW M_ABI M_KEEPS M_WANT M_WHY <<<"$(match_routine "$1" "$tags" "$FEATURES")"
	M_WHY="$M_WHY (shape: ${tags# })"
}

# one SYM: reviews one routine; prints its work dir (review.json there,
# the report beside build/review/review-<tag><SYM>.md).
one() {
	local sym=$1 model=$MODEL abi=$ABI keeps=$KEEPS why="" report rd
	shift
	if [ -z "$model" ]; then
		pick "$sym"
		model=$M_ROW why="matched by src/runtime/eras.tsv: $M_WHY"
		[ "$model" = skip ] && model=bytewise why="$why; not a copy routine, checked against bytewise as asked (ENTRY=)"
		[ -n "$abi" ] || abi=$M_ABI
		[ -n "$keeps" ] || [ "$M_KEEPS" = - ] || keeps=$M_KEEPS
	else
		why="MODEL=$model (given)"
	fi
	[ -n "$abi" ] || abi=$(registry_field "$model" abi)
	local bad; bad=$(abi_fits "$model" "$abi") || { echo "review: $sym: $bad" >&2; return 2; }
	echo "review: $sym against $model ($abi ABI)" >&2
	report=build/review/review-$REVIEW_TAG$sym.md
	# The steps of another file with the same name (the work dir is named
	# by the file's base name) would depend on that file: start afresh.
	rd=build/review/work/$REVIEW_TAG$(basename "${ASM%.*}")-$sym
	[ -f "$rd/settings" ] && [ "$(setting "$rd" ASM)" != "$ASM" ] && rm -rf "$rd"
	make -s --no-print-directory review-report "$@" ENTRY="$sym" MODEL="$model" ABI="$abi" \
		KEEPS="$keeps" REVIEW_WHY="$why" CALLER="$CALLER" REVIEW_TAG="$REVIEW_TAG" \
		TAIL="$TAIL" TAIL_WHY="$TAIL_WHY" >&2 ||
		{ echo "review: stopped (above)" >&2; return 2; }
	echo "$rd"
}

if [ -n "$ENTRY" ]; then
	[ "$ENTRY" = review_caller ] || routines | grep -qxF "$ENTRY" ||
		{ echo "review: $ASM defines no routine '$ENTRY'; its global code symbols: $(routines | paste -sd ' ')" >&2; exit 2; }
	rd=$(one "$ENTRY" "$@") || exit 2
	report=build/review/review-$REVIEW_TAG$ENTRY.md
	cat "$report"
	echo "review: report written to $report (its data: ${report%.md}.json)" >&2
	exit "$(jq .exit "$rd/review.json")"
fi

# ---- the whole file ----
mapfile -t syms < <(routines)
[ ${#syms[@]} -gt 0 ] || { echo "review: $ASM defines no global routine" >&2; exit 2; }
echo "review: $ASM: ${#syms[@]} routines: ${syms[*]}" >&2
summary=build/review/review-${REVIEW_TAG}file-$(basename "${ASM%.*}")
dirs=() skipped=() all=("${syms[@]}") syms=()
for s in "${all[@]}"; do
	if [ -z "$MODEL" ]; then
		pick "$s"
		[ "$M_ROW" = skip ] && { skipped+=("$(jq -n --arg r "$s" --arg w "$M_WHY" '{routine: $r, why: $w}')"); continue; }
	fi
	syms+=("$s")
done
for s in "${syms[@]}"; do
	d=$(one "$s" "$@") || exit 2
	dirs+=("$d/review.json")
done
# The file's JSON: each routine's review, the skipped ones, the verdict
# (scripts/results.jq file_verdict); its report rendered from it.
jq -n -L scripts 'include "results";
	{kind: "file", asm: $asm, shape: $shape, features: $features, model: $model, tail: $tail,
	 routines: $routines, skipped: $skipped} | file_verdict' \
	--arg asm "$ASM" --arg shape "$FILE_TAGS" --arg features "$FEATURES" --arg model "$MODEL" --arg tail "$TAIL" \
	--slurpfile routines <(cat "${dirs[@]}" /dev/null) \
	--argjson skipped "$(printf '%s\n' "${skipped[@]+"${skipped[@]}"}" | jq -s .)" >"$summary.json" || exit 2
scripts/render.sh file "$summary.json" >"$summary.md"
cat "$summary.md"
echo "review: report written to $summary.md (its data: $summary.json)" >&2
exit "$(jq .exit "$summary.json")"
