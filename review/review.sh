#!/usr/bin/env bash
# The review (docs/review.md): checks one assembly routine, such as an
# unmodified copy_user_64.S from a kernel tree or a patched one, against a
# registry row's proven C model and the EXACT contract, and times it
# against the project's own routine for that row.
#
#   review/review.sh ASM=file.S ENTRY=symbol MODEL=name [ABI=classic|rep]
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
# Exit: 0 every case passed; 1 a case failed (the first ones are listed,
# each with a replay command); 2 usage error, or the file does not
# assemble or link (with the assembler's or linker's message).
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh

usage_error() {
	echo "review: $*" >&2
	echo "usage: review/review.sh (or make review) ASM=file.S ENTRY=symbol MODEL=name" \
	     "[ABI=classic|rep] [FEATURES=erms,fsrm,rep_good] [REVIEW_FUZZ_SECONDS=60] [REVIEW_QUICK=1]" >&2
	exit 2
}

for a; do
	case "$a" in
	[A-Za-z_]*=*) export "${a?}" ;;
	*) usage_error "'$a' is not a setting (NAME=value)" ;;
	esac
done
ASM=${ASM:-} ENTRY=${ENTRY:-} MODEL=${MODEL:-} ABI=${ABI:-} KEEPS=${KEEPS:-}

make -s --no-print-directory "$REGISTRY" >&2 || usage_error "the registry does not build (above)"
[ -n "$ASM" ] || usage_error "ASM= is missing (the .S file to review)"
[ -n "$ENTRY" ] || usage_error "ENTRY= is missing (the routine's symbol)"
[ -n "$MODEL" ] || usage_error "MODEL= is missing (one of: $(registry_names))"
[ -f "$ASM" ] || usage_error "no file '$ASM'"
registry_row "$MODEL" >/dev/null || usage_error "unknown model '$MODEL' (one of: $(registry_names))"
# ABI: classic by default; a clear row (docs/clear.md) defaults to its own
# and takes a clear ABI only (a copy row a copy ABI only).
kind=$(registry_field "$MODEL" kind)
if [ -z "$ABI" ]; then
	ABI=classic; [ "$kind" = clear ] && ABI=$(registry_field "$MODEL" abi)
fi
export ABI
case "$ABI" in classic|rep|classic_clear|stos) ;; *) usage_error "ABI is classic, rep, classic_clear or stos, not '$ABI'" ;; esac
case "$kind:$ABI" in
clear:classic|clear:rep) usage_error "MODEL=$MODEL is a clear row: ABI is classic_clear or stos" ;;
copy:classic_clear|copy:stos|tail:classic_clear|tail:stos) usage_error "MODEL=$MODEL is a $kind row: ABI is classic or rep" ;;
esac
case "$ENTRY" in *[!A-Za-z0-9_.]*) usage_error "'$ENTRY' is not a symbol name" ;; esac
for r in ${KEEPS//,/ }; do
	case "$r" in rax|rcx|rdx|rbx|rbp|rsi|rdi|rsp|r8|r9|r1[0-5]) ;;
	*) usage_error "KEEPS: '$r' is not a register name (rax rcx rdx rbx rbp rsi rdi r8 .. r15)" ;;
	esac
done
case "${REVIEW_QUICK:-0}" in 0|1|2) ;; *) usage_error "REVIEW_QUICK is 1 (quick sweep) or 2 (smoke)" ;; esac
case "${REVIEW_FUZZ_SECONDS:-60}" in ''|*[!0-9]*) usage_error "REVIEW_FUZZ_SECONDS is a number of seconds" ;; esac
msg=$(feature_check "${FEATURES:-}") || usage_error "$msg"

report=build/review/review-$ENTRY.md
make -s --no-print-directory review-report "$@" >&2 || { echo "review: stopped (above)" >&2; exit 2; }
cat "$report"
echo "review: report written to $report" >&2
sed -n 3p "$report" | grep -q '^\*\*PASS'
