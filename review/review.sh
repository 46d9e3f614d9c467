#!/usr/bin/env bash
# `make review` (README.md, "Reviewing a kernel's copy routine"): checks one assembly routine, such
# as an unmodified copy_user_64.S from a kernel tree or a patched one,
# against a strategy's proven C model and the EXACT contract, and times it
# against the project's own asm for that strategy. Prints a Markdown report
# (also written to build/review/review-<ENTRY>.md).
#
# Exit: 0 every case passed; 1 a case failed (the first ones are listed,
# each with a replay command); 2 usage error, or the file does not
# assemble or link (with the assembler's or linker's message).
#
# Input, from the environment (review/review.mk passes the make variables):
#   ASM ENTRY MODEL [ABI=classic|rep] [FEATURES=erms,fsrm,rep_good]
#   REVIEW_FUZZ_SECONDS (60; 0 skips)  REVIEW_QUICK=1 (the quick sweep, a
#   short benchmark)  REVIEW_SEED (1)  REVIEW_JOBS (2)  REVIEW_BENCH=0 (skip)
#   REVIEW_TIMEOUT (seconds per sweep, default 1800)  REVIEW_STOP_AFTER (100:
#   failures after which a sweep stops)
#   build settings: CC CFLAGS LAB_DIR LAB_ASFLAGS LAB_LDFLAGS LAB_LIBS
#   LAB_OBJS FUZZ_CC FUZZ_CFLAGS FUZZ_LF_OBJS FUZZ_ASM_OBJS REPLAY_OBJS
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh

ASM=${ASM:-} ENTRY=${ENTRY:-} MODEL=${MODEL:-} ABI=${ABI:-classic}
FEATURES=${FEATURES:-} FUZZ_SECONDS=${REVIEW_FUZZ_SECONDS:-60}
QUICK=${REVIEW_QUICK:-0} SEED=${REVIEW_SEED:-1} JOBS=${REVIEW_JOBS:-2}
BENCH=${REVIEW_BENCH:-1} SWEEP_TIMEOUT=${REVIEW_TIMEOUT:-1800}
STOP_AFTER=${REVIEW_STOP_AFTER:-100}
: "${CC:=gcc}" "${CFLAGS:=-O2 -g -std=c11 -Wall -Wextra -Werror -Ispec -Isrc}"
: "${LAB_DIR:=build/lab}" "${LAB_ASFLAGS:=-D__ASSEMBLY__ -Iasm/kshim -Wa,--noexecstack}"
: "${LAB_LDFLAGS:=-pie -rdynamic -Wl,-z,text}" "${LAB_LIBS:=-ldl}" "${LAB_OBJS:=}"
: "${FUZZ_CC:=}" "${FUZZ_CFLAGS:=}" "${FUZZ_LF_OBJS:=}" "${FUZZ_ASM_OBJS:=}" "${REPLAY_OBJS:=}"

usage_error() {
	echo "review: $*" >&2
	echo "usage: make review ASM=file.S ENTRY=symbol MODEL=strategy [ABI=classic|rep]" \
	     "[FEATURES=erms,fsrm,rep_good] [REVIEW_FUZZ_SECONDS=60] [REVIEW_QUICK=1]" >&2
	exit 2
}

# ---- usage ----
[ -n "$ASM" ] || usage_error "ASM= is missing (the .S file to review)"
[ -n "$ENTRY" ] || usage_error "ENTRY= is missing (the routine's symbol)"
[ -n "$MODEL" ] || usage_error "MODEL= is missing (one of: $(registry_names))"
[ -f "$ASM" ] || usage_error "no file '$ASM'"
registry_row "$MODEL" >/dev/null ||
	usage_error "unknown model '$MODEL' (one of: $(registry_names))"
case "$ABI" in classic|rep) ;; *) usage_error "ABI is classic or rep, not '$ABI'" ;; esac
case "$ENTRY" in *[!A-Za-z0-9_.]*) usage_error "'$ENTRY' is not a symbol name" ;; esac
case "$QUICK" in 0|1|2) ;; *) usage_error "REVIEW_QUICK is 1 (quick sweep) or 2 (smoke)" ;; esac
case "$FUZZ_SECONDS" in ''|*[!0-9]*) usage_error "REVIEW_FUZZ_SECONDS is a number of seconds" ;; esac
FEATURE_DEFS=$(feature_defs "$FEATURES") || usage_error "$FEATURE_DEFS"
read -r _ MODEL_ABI MODEL_LX MODEL_LD <<<"$(registry_row "$MODEL")"
MODEL_ABI=$(echo "$MODEL_ABI" | tr A-Z a-z)

NAME=$(basename "$ASM" .S)
D=build/review/work/$NAME-$ENTRY
REPORT=build/review/review-$ENTRY.md
rm -rf "$D"
mkdir -p "$D"
step() { printf "review: [%3d s] %s\n" "$SECONDS" "$*" >&2; }

# ---- build: the lab, then the file under review ----
step "building the fault lab"
if ! make -s lab >"$D/make-lab.log" 2>&1; then
	cat "$D/make-lab.log" >&2
	usage_error "the project's fault lab does not build (above)"
fi
[ -n "$LAB_OBJS" ] || LAB_OBJS=$(make -s -p -n lab 2>/dev/null | sed -n 's/^LAB_OBJS := //p' | head -n 1)

DEFS=$FEATURE_DEFS
# v4.20+ files define ALIGN_DESTINATION themselves; the shim's (v4.1-v5.0,
# asm/asm.h) would clash.
grep -Eq '^[[:space:]]*\.macro[[:space:]]+ALIGN_DESTINATION' "$ASM" && DEFS="$DEFS -DKSHIM_NO_ALIGN_DESTINATION"
step "assembling $ASM"
# shellcheck disable=SC2086
if ! $CC $LAB_ASFLAGS $DEFS -c "$ASM" -o "$D/review-raw.o" 2>"$D/as.err"; then
	cat "$D/as.err" >&2
	echo "review: $ASM does not assemble against the kernel shims (asm/kshim/); the assembler said the above" >&2
	exit 2
fi
if ! nm -g --defined-only "$D/review-raw.o" | awk -v s="$ENTRY" '$3 == s && $2 ~ /[TtWi]/ { f = 1 } END { exit !f }'; then
	echo "review: $ASM defines no routine '$ENTRY'; its global code symbols:" \
	     "$(nm -g --defined-only "$D/review-raw.o" | awk '$2 ~ /[TW]/ { printf " %s", $3 }')" >&2
	exit 2
fi

# Symbols the file defines that the lab already has (a patched project
# routine, copy_user_handle_tail, ...) get a suffix in the file's object,
# so both copies link and the project's stays the benchmark's base.
# shellcheck disable=SC2086
clash=$(comm -12 <(nm -g --defined-only "$D/review-raw.o" | awk '$2 ~ /[TDBR]/ { print $3 }' | sort -u) \
		 <(nm -g --defined-only $LAB_OBJS 2>/dev/null | awk '$2 ~ /[TDBR]/ { print $3 }' | sort -u))
SYM=$ENTRY
redef=()
for s in $clash; do
	redef+=(--redefine-sym "$s=${s}__review")
	[ "$s" = "$ENTRY" ] && SYM=${ENTRY}__review
done
if [ ${#redef[@]} -gt 0 ]; then
	objcopy "${redef[@]}" "$D/review-raw.o" "$D/review.o"
	step "renamed in the reviewed object (the lab defines them too):$(printf ' %s' $clash)"
else
	cp "$D/review-raw.o" "$D/review.o"
fi

step "linking"
# shellcheck disable=SC2086
if ! $CC $CFLAGS $LAB_LDFLAGS $LAB_OBJS "$D/review.o" $LAB_LIBS -o "$D/sweep" 2>"$D/ld.err"; then
	cat "$D/ld.err" >&2
	echo "review: $ASM assembles but does not link with the lab (above): a symbol it needs is" \
	     "missing (copy_user_handle_tail comes from asm/tail_c.S) or defined twice" >&2
	exit 2
fi

# ---- sweep: against the model, then against the EXACT contract ----
# A routine that fails every case (one that hangs costs 200 ms of CPU a
# case) is stopped after STOP_AFTER failures: enough to show what is wrong.
SWEEP_ARGS=(--entry "$SYM" --abi "$ABI" --seed "$SEED" --jobs "$JOBS" --show 10 --stop-after "$STOP_AFTER")
case "$QUICK" in
1) SWEEP_ARGS+=(--quick) ;;		# lengths 0..80, 1000 random
2) SWEEP_ARGS+=(--max-len 24 --random 200) ;;	# a smoke run, for the test suite
esac
run_sweep() { # model, output file
	step "sweep against model $1$([ "$QUICK" != 0 ] && echo " (REVIEW_QUICK=$QUICK)")"
	timeout --kill-after=10 "$SWEEP_TIMEOUT" "$D/sweep" "${SWEEP_ARGS[@]}" --model "$1" >"$2" 2>&1
	echo "exit $?" >>"$2"
}
run_sweep "$MODEL" "$D/sweep-model.txt"
if [ "$MODEL" != bytewise ]; then
	run_sweep bytewise "$D/sweep-exact.txt"
else
	cp "$D/sweep-model.txt" "$D/sweep-exact.txt"
fi

# ---- fuzz ----
fuzz_note=""
: >"$D/fuzz.txt"
if [ "$FUZZ_SECONDS" -eq 0 ]; then
	fuzz_note="not run (REVIEW_FUZZ_SECONDS=0)"
elif [ -z "$FUZZ_LF_OBJS" ] || [ -z "$FUZZ_CC" ] || ! command -v "$FUZZ_CC" >/dev/null; then
	fuzz_note="not run: no libFuzzer build here (tests/fuzz.mk and $FUZZ_CC are needed)"
else
	step "building the fuzz harness"
	# shellcheck disable=SC2086
	if ! make -s $FUZZ_LF_OBJS $REPLAY_OBJS >"$D/make-fuzz.log" 2>&1 ||
	   ! $FUZZ_CC $FUZZ_CFLAGS -fsanitize=fuzzer $LAB_LDFLAGS $FUZZ_LF_OBJS $FUZZ_ASM_OBJS \
		"$D/review.o" $LAB_LIBS -o "$D/ucopy-fuzz" >>"$D/make-fuzz.log" 2>&1 ||
	   ! $CC $CFLAGS $LAB_LDFLAGS $REPLAY_OBJS $FUZZ_ASM_OBJS "$D/review.o" $LAB_LIBS \
		-o "$D/ucopy-replay" >>"$D/make-fuzz.log" 2>&1; then
		fuzz_note="not run: the fuzz harness did not build ($D/make-fuzz.log)"
	else
		step "fuzzing for ${FUZZ_SECONDS} s"
		mkdir -p "$D/fuzz-corpus" "$D/fuzz-crashes"
		[ -d tests/fuzz/corpus ] && cp -r tests/fuzz/corpus/. "$D/fuzz-corpus/" 2>/dev/null
		UCOPY_FUZZ_ENTRY=$SYM UCOPY_FUZZ_MODEL=$MODEL UCOPY_FUZZ_ABI=$ABI \
			timeout --kill-after=10 $((FUZZ_SECONDS + 120)) "$D/ucopy-fuzz" \
			-max_total_time="$FUZZ_SECONDS" -print_final_stats=1 -timeout=10 \
			-artifact_prefix="$D/fuzz-crashes/" "$D/fuzz-corpus" >"$D/fuzz.txt" 2>&1
		echo "exit $?" >>"$D/fuzz.txt"
	fi
fi

# ---- benchmark ----
bench_note=""
: >"$D/bench.txt"
if [ "$BENCH" = 0 ]; then
	bench_note="not run (REVIEW_BENCH=0)"
else
	step "benchmark against $(base_symbol "$MODEL")"
	mkdir -p "$D/obj"
	BOBJS=$(echo $LAB_OBJS | tr ' ' '\n' | grep -v '/tests/sweep\.o$' | tr '\n' ' ')
	# shellcheck disable=SC2086
	if $CC $CFLAGS -fPIE -Ibench -c review/review_bench.c -o "$D/obj/review_bench.o" 2>"$D/bench-build.log" &&
	   $CC $CFLAGS -fPIE -Ibench -c bench/cpu.c -o "$D/obj/cpu.o" 2>>"$D/bench-build.log" &&
	   $CC -Wa,--noexecstack -c bench/thunks.S -o "$D/obj/thunks.o" 2>>"$D/bench-build.log" &&
	   $CC $CFLAGS $LAB_LDFLAGS "$D/obj/review_bench.o" "$D/obj/cpu.o" "$D/obj/thunks.o" \
		$BOBJS "$D/review.o" $LAB_LIBS -lm -o "$D/review-bench" 2>>"$D/bench-build.log"; then
		reps=400 lens=0,1,8,16,32,63,64,128,256,1024,4096
		[ "$QUICK" != 0 ] && reps=40 lens=8,32,64,256,4096
		timeout --kill-after=5 120 "$D/review-bench" --entry "$SYM" --abi "$ABI" \
			--base "$(base_symbol "$MODEL")" --base-abi "$MODEL_ABI" --reps "$reps" \
			--lengths "$lens" >"$D/bench.txt" 2>&1
		rc=$?
		grep -q '^len ' "$D/bench.txt" || bench_note="not timed: $(case $rc in
			1) grep -m1 'broken' "$D/bench.txt" ;;
			124|137) echo "the benchmark did not finish in 120 s" ;;
			*) echo "the benchmark died (exit $rc)" ;; esac)"
	else
		bench_note="not run: the benchmark did not build ($D/bench-build.log)"
	fi
fi

# ---- report ----
write_review_report >"$REPORT"
# Under make the report is printed by review/review.mk (on make's stdout).
[ -n "${REVIEW_UNDER_MAKE:-}" ] || cat "$REPORT"
echo "review: report written to $REPORT" >&2
[ "$REVIEW_FAILED" = 0 ] && exit 0 || exit 1
