#!/usr/bin/env bash
# The review suite (tests/suites.txt): `make review` on every registry
# row's asm routine against its own model, on unmodified kernel copy_user_64.S
# samples when present ($KERNEL_SAMPLES), on a broken routine (exit 1, failing cases named), on routines
# that hang, crash or clobber (reported, never a crash of the tool), on a
# file that does not assemble and on bad usage (exit 2). Smoke-sized runs
# (REVIEW_QUICK=2: lengths 0..24 + 200 random cases, 1 s of fuzzing, a
# short benchmark). Checks read each review's JSON (docs/results.md), not
# its Markdown. Last line: "N passed, M failed".
#
#   review/test-review.sh [--samples-only]
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh
. tests/harness.sh

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# review NAME EXPECTED_EXIT make-arguments...: runs one review, checks the
# exit status; the output stays in $out/NAME.txt.
review() { review_run "$@"; review_rc "$1" "$2"; }
# review_run NAME IGNORED make-arguments...: the review alone, its exit
# status in $out/NAME.rc; review_bg the same in the background, REVIEW_PAR
# (default 2) at a time, for reviews that share no work dir or report (each
# its own ENTRY), checked by review_rc NAME EXPECTED_EXIT after `wait`.
review_run() {
	local name=$1
	shift 2
	make -s review REVIEW_QUICK=2 REVIEW_FUZZ_SECONDS=1 REVIEW_STOP_AFTER=20 "$@" \
		>"$out/$name.txt" 2>&1
	echo $? >"$out/$name.rc"
}
REVIEW_PAR=${REVIEW_PAR:-2}
review_bg() {
	while [ "$(jobs -rp | wc -l)" -ge "$REVIEW_PAR" ]; do wait -n || :; done
	review_run "$@" &
}
review_rc() {
	local name=$1 want=$2 rc
	rc=$(cat "$out/$name.rc" 2>/dev/null || echo "none (it did not finish)")
	if [ "$rc" = "$want" ]; then
		return 0
	fi
	bad "$name: exit $rc, expected $want"
	sed 's/^/    /' "$out/$name.txt" | tail -n 25
	return 1
}
# has NAME REGEX: the tool's messages (stderr and stdout) match, for exit-2
# cases, which leave no JSON.
has() { grep -Eq "$2" "$out/$1.txt"; }
# js FILE FILTER: the filter (scripts/results.jq's defs at hand) is true of
# a JSON result; rj ENTRY, fj FILE: a routine's and a whole file's review
# JSON; PJ the patch review's.
js() { jq -e -L scripts "include \"results\"; $2" "$1" >/dev/null 2>&1 || { echo "    not true of $1: $2"; return 1; }; }
rj() { echo "build/review/review-$1.json"; }
fj() { echo "build/review/review-file-$1.json"; }
PJ=build/review/patch/report.json

t0=$(date +%s)
make -s lab fuzz-build "$REGISTRY" >"$out/build.txt" 2>&1 || { cat "$out/build.txt"; bad "the lab does not build"; }

# 1. Every registry row's asm routine against its own model (the reviews
#    REVIEW_PAR at a time, then checked in the registry's order).
if [ "${1:-}" != --samples-only ]; then
	rows=$(tsv_cols "$REGISTRY" name abi | tr '\t' :)
	for row in $rows; do
		s=${row%%:*} abi=${row##*:}
		# Fuzzing and timing every project routine is `make fuzz` and
		# `make bench`; here the first one goes through all of it.
		extra=(REVIEW_FUZZ_SECONDS=0 REVIEW_BENCH=0)
		[ "$s" = bytewise ] && extra=()
		review_bg "asm-$s" 0 ASM="asm/$s.S" ENTRY="ucopy_$s" MODEL="$s" ABI="$abi" "${extra[@]}"
	done
	wait
	for row in $rows; do
		s=${row%%:*}
		review_rc "asm-$s" 0 &&
			js "$(rj "ucopy_$s")" '.pass and .exit == 0 and (.sweep_model | target.total.failed) == 0 and .sweep_model.finished' &&
			ok "asm/$s.S passes against model $s"
		[ "$s" = bytewise ] &&
			js "$(rj ucopy_bytewise)" '.fuzz.run and .fuzz.exit == 0 and .fuzz.executions > 0' &&
			js "$(rj ucopy_bytewise)" '.bench.timed and any(.bench.ticks[]; .len == 4096 and .base > 0 and .reviewed > 0)' &&
			ok "... with fuzz executions and a ticks table in its report"
	done
fi

# 1b. Whole-file review: every global routine of a file, each matched to
#     its row by src/runtime/eras.tsv from the symbol and the file's shape.
wholefile() { # FILE NAME WANT "sym=row ..." make-arguments...
	local file=$1 name=$2 want=$3 pairs=$4 p good=1 j
	shift 4
	j=$(fj "$(basename "${file%.*}")")
	rm -f "$j"
	review "$name" "$want" ASM="$file" REVIEW_FUZZ_SECONDS=0 REVIEW_BENCH=0 "$@" || return
	cp "$j" "$out/$name.json"
	for p in $pairs; do
		js "$j" "any(.routines[]; .settings.ENTRY == \"${p%%=*}\" and .settings.MODEL == \"${p##*=}\")" ||
			{ good=0; bad "$name: ${p%%=*} not checked against ${p##*=}"; }
	done
	[ "$good" = 1 ]
}
# routine NAME SYM: that routine's review in the whole-file review NAME.
routine() { jq --arg s "$2" '.routines[] | select(.settings.ENTRY == $s)' "$out/$1.json" >"$out/$1-$2.json"; echo "$out/$1-$2.json"; }
if [ "${1:-}" != --samples-only ]; then
	wholefile review/fixtures/era_v4.13.S whole-v4.13 0 \
		"copy_user_enhanced_fast_string=erms_short copy_user_generic_string=string" &&
		js "$out/whole-v4.13.json" '.asm == "review/fixtures/era_v4.13.S" and (.routines | length) == 2 and .pass' &&
		ok "whole file, v4.13 shape: erms_short (short-string label) and string (C tail) picked, both pass"
	wholefile review/fixtures/era_v5.S whole-v5 0 \
		"copy_user_generic_unrolled=unrolled_reptail copy_user_generic_string=string_reptail" &&
		js "$(routine whole-v5 copy_user_generic_unrolled)" '.settings.ABI == "classic" and .levels == {exact_hw: "EXACT", delayed_hw: "WEAK"} and .pass' &&
		ok "whole file, v5 shape: the rep movsb tail picks the _reptail rows, levels EXACT/WEAK"
	wholefile review/fixtures/movs_alt_era.S whole-movsq 0 "rep_movs_alternative=movs_alt_movsq" &&
		js "$(routine whole-movsq rep_movs_alternative)" '.settings.MODEL == "movs_alt_movsq" and .settings.ABI == "rep"' &&
		ok "whole file, rep_movs_alternative without ERMS: movs_alt_movsq, rep ABI"
	wholefile review/fixtures/era_v4.13.S whole-forced 0 \
		"copy_user_enhanced_fast_string=bytewise copy_user_generic_string=bytewise" MODEL=bytewise &&
		js "$out/whole-forced.json" 'all(.routines[]; .settings.REVIEW_WHY == "MODEL=bytewise (given)")' &&
		ok "whole file with MODEL= given: every routine against that row"
	# A routine no line matches: the EXACT contract through bytewise, said so.
	# (a copy, renamed: the intake refuses an include by absolute path)
	mkdir -p "$out/x/y" && sed 's/ucopy_bytewise/my_copy/g' asm/bytewise.S >"$out/x/y/unknown.S"
	wholefile "$out/x/y/unknown.S" whole-unknown 0 "my_copy=bytewise" &&
		js "$out/whole-unknown.json" '.routines[0].settings.REVIEW_WHY | test("no row matches this routine: checked against the EXACT contract through `bytewise`")' &&
		ok "whole file, an unknown routine: checked against EXACT through bytewise, the report says so"
	wholefile review/fixtures/own_align_macro.S whole-own-macro 0 "my_copy=bytewise" &&
		ok "whole file with its own ALIGN_DESTINATION macro (v5.1+): assembles in the scan and the review"
	# The tail by era: a file that keeps _copy_from_user in assembly calls
	# the zerorest C tail; TAIL= gives the byte retry back.
	wholefile review/fixtures/era_v4.7.S whole-v4.7 0 \
		"copy_user_generic_unrolled=unrolled _copy_from_user=unrolled" &&
		js "$out/whole-v4.7.json" 'all(.routines[]; .levels == {exact_hw: "ZEROTAIL", delayed_hw: "ZEROTAIL"} and .pass)' &&
		js "$out/whole-v4.7.json" 'all(.routines[]; .settings.TAIL == "copy_user_handle_tail_zerorest" and (.settings.TAIL_WHY | startswith("chosen by era")))' &&
		js "$(routine whole-v4.7 copy_user_generic_unrolled)" '.contract == "ZEROTAIL" and .reference == "tail_c_zero" and (.sweep_exact | target.phases.exact_hw.failed) == 0' &&
		ok "whole file, v4.7 shape: the era's zeroing tail, both routines ZEROTAIL against the tail_c_zero contract"
	wholefile review/fixtures/era_v4.7.S whole-v4.7-tail 0 "copy_user_generic_unrolled=unrolled" \
		TAIL=copy_user_handle_tail &&
		js "$(routine whole-v4.7-tail copy_user_generic_unrolled)" '.levels == {exact_hw: "EXACT", delayed_hw: "EXACT"} and .pass' &&
		ok "... TAIL=copy_user_handle_tail: the byte retry alone, EXACT"
fi

# 1c. Review a patch: both versions, side by side; exit 0 nothing
#     regressed, 1 a regression, 2 bad input.
rpatch() { # NAME EXPECTED_EXIT make-arguments...
	local name=$1 want=$2 rc
	shift 2
	make -s review-patch REVIEW_QUICK=2 REVIEW_FUZZ_SECONDS=0 REVIEW_BENCH=0 REVIEW_STOP_AFTER=20 "$@" \
		>"$out/$name.txt" 2>&1
	rc=$?
	[ "$rc" = "$want" ] && return 0
	bad "$name: exit $rc, expected $want"
	sed 's/^/    /' "$out/$name.txt" | tail -n 25
	return 1
}
if [ "${1:-}" != --samples-only ]; then
	rpatch p-speedup 0 OLD=asm/erms.S NEW=asm/erms_short.S REVIEW_BENCH=1 REVIEW_CSV="$out/a.csv" &&
		js $PJ '.exit == 0 and .regressed == 0 and (.pairs | length) == 1' &&
		js $PJ '.pairs[0] | .old.settings.ENTRY == "ucopy_erms" and .new.settings.ENTRY == "ucopy_erms_short"
			and .old.settings.MODEL == "erms" and .new.settings.MODEL == "erms_short" and .verdict == "ok"
			and (.new.sweep_model | target.total.failed) == 0 and .new.levels == {exact_hw: "EXACT", delayed_hw: "EXACT"}' &&
		js $PJ '.pairs[0].ticks | any(.len == 64 and .old > 0 and .new > 0) and any(.len == 4096)' &&
		ok "review-patch, the 2017 speed-up (erms -> erms_short): exit 0, levels kept, a ticks table 0..4096"
	if [ -s "$out/a.csv" ]; then
		sed '2,$s/^[^,]*,/Other CPU,/' "$out/a.csv" >"$out/b.csv"
		if make -s review-merge CSVS="$out/a.csv $out/b.csv" >"$out/merge.txt" 2>&1 &&
		   grep -Eq '^\| len \| .* old \| new \| Other CPU old \| new \|$' "$out/merge.txt" &&
		   grep -Eq '^\| 64 \| [0-9]+ \| [0-9]+ \| [0-9]+ \| [0-9]+ \|$' "$out/merge.txt"; then
			ok "review-merge: two CPUs' CSVs, one table with a column pair per CPU"
		else
			bad "review-merge did not give a column pair per CPU"; sed 's/^/    /' "$out/merge.txt" | head
		fi
		make -s review-merge CSVS="$out/a.csv asm/erms.S" >"$out/merge2.txt" 2>&1
		[ $? = 2 ] && grep -q 'is not a review-patch ticks CSV' "$out/merge2.txt" &&
			ok "review-merge of a file that is not such a CSV: exit 2"
	fi
	mkdir -p "$out/tree/arch/x86/lib" && cp asm/erms.S "$out/tree/arch/x86/lib/copy_user_64.S"
	rpatch p-broken 1 PATCH=review/fixtures/erms-fixup-broken.patch KERNEL="$out/tree" &&
		js $PJ '.exit == 1 and .pairs[0].verdict == "REGRESSION" and
			(.pairs[0].regressions | index("level drop on exact hw: EXACT → FAIL") != null and index("fails cases the old version passed") != null)' &&
		cmp -s "$out/tree/arch/x86/lib/copy_user_64.S" asm/erms.S &&
		ok "review-patch, a patch that breaks the fault return (KERNEL= tree): exit 1, the tree untouched"
	rpatch p-broken-asm 1 PATCH=review/fixtures/erms-fixup-broken.patch ASM=asm/erms.S &&
		js $PJ '.pairs[0].regressions | index("fails cases the old version passed") != null' &&
		ok "... the same patch applied to ASM=: exit 1"
	rpatch p-drop 1 OLD=asm/erms_short.S NEW=asm/erms_short_reptail.S &&
		js $PJ '.pairs[0] | (.regressions | index("level drop on delayed hw: EXACT → WEAK") != null)
			and .old.levels.delayed_hw == "EXACT" and .new.levels == {exact_hw: "EXACT", delayed_hw: "WEAK"}' &&
		ok "review-patch, the v5.2 rep movsb tail (erms_short -> erms_short_reptail): exit 1, drops a level under delay"
	# Clear routines (stos ABI) are reviewed like copy ones: both sides'
	# routines in the table, the reason for the exit status said.
	rpatch p-clear 0 OLD=asm/clear_erms.S NEW=asm/fsrs.S &&
		js $PJ '.pairs[0] | .old.settings.ENTRY == "ucopy_clear_erms" and .new.settings.ENTRY == "ucopy_fsrs"
			and .old.settings.ABI == "stos" and .new.settings.MODEL == "fsrs" and .verdict == "ok"
			and .old.levels == {exact_hw: "WEAK", delayed_hw: "WEAK"} and .new.levels == {exact_hw: "EXACT", delayed_hw: "WEAK"}' &&
		ok "review-patch of two clear routines (clear_erms -> fsrs): both reviewed, levels kept or raised, exit 0"
	rpatch p-caller 0 OLD=asm/erms.S NEW=asm/erms.S NEW_CALLER=64:ucopy_unrolled:ucopy_erms &&
		js $PJ '.pairs[0] | .old.settings.ENTRY == "ucopy_erms" and .new.settings.ENTRY == "review_caller"
			and .old.settings.MODEL == "erms" and .new.settings.MODEL == "short64"' &&
		ok "review-patch of a caller-side change (len <= 64 to unrolled): matched to short64, exit 0"
	rpatch p-noapply 2 PATCH=review/fixtures/does-not-apply.patch KERNEL="$out/tree" &&
		has p-noapply 'the patch does not apply' && ok "review-patch, a patch that does not apply: exit 2 with the reason"
	rpatch p-noasm 2 OLD=review/fixtures/does_not_assemble.S NEW=asm/erms.S &&
		has p-noasm 'Error: bad register name' && ok "review-patch, a file that does not assemble: exit 2 with the assembler's message"
	rpatch p-noargs 2 NEW=asm/erms.S && has p-noargs 'OLD= and NEW=' && ok "review-patch without OLD=: exit 2"
	make -s review-example REVIEW_EXAMPLE_OUT="$out/example/ex.md" REVIEW_QUICK=2 REVIEW_FUZZ_SECONDS=0 \
		REVIEW_BENCH=0 >"$out/example.txt" 2>&1 && grep -q '^## 2. As first posted' "$out/example/ex.md" &&
		ok "make review-example (docs/review-example.md) runs"
fi

# 2. Unmodified kernel copy_user_64.S files. The project ships no kernel
#    code: put the files named in review/kernel-samples/README.md into
#    $KERNEL_SAMPLES (default review/kernel-samples) to include them.
K=${KERNEL_SAMPLES:-review/kernel-samples}
sample() { # FILE NAME WHAT make-arguments...
	local file=$K/$1 name=$2 what=$3
	shift 3
	if [ ! -f "$file" ]; then echo "skip $what: $file not present"; return; fi
	review "$name" 0 ASM="$file" "$@" && ok "$what"
}
sample copy_user_64_v4.1-v4.7.S k-v4.1 "v4.1-v4.7 copy_user_enhanced_fast_string passes against erms with the era's zeroing tail" \
	ENTRY=copy_user_enhanced_fast_string MODEL=erms FEATURES=rep_good,erms &&
	js "$(rj copy_user_enhanced_fast_string)" '.contract == "ZEROTAIL" and (.sweep_model | target.phases.exact_hw.failed) == 0' &&
	ok "... at ZEROTAIL (the tail chosen by era)"
sample copy_user_64_v4.13-v4.19.S k-v4.13 "v4.13-v4.19 copy_user_enhanced_fast_string passes against erms_short" \
	ENTRY=copy_user_enhanced_fast_string MODEL=erms_short
sample copy_user_64_v5.10-vendor.S k-v5.10 "v5.10 (vendor tree) copy_user_enhanced_fast_string passes against erms_short_reptail" \
	ENTRY=copy_user_enhanced_fast_string MODEL=erms_short_reptail
sample copy_user_64_v5.17-v6.1.S k-v5.17 "v5.17-v6.1 copy_user_generic_unrolled passes against unrolled_reptail" \
	ENTRY=copy_user_generic_unrolled MODEL=unrolled_reptail
sample copy_user_64_v5.17-v6.1.S k-v5.17-fsrm "v5.17-v6.1 with FEATURES=fsrm: copy_user_enhanced_fast_string passes, picked by the table" \
	ENTRY=copy_user_enhanced_fast_string FEATURES=fsrm &&
	js "$(rj copy_user_enhanced_fast_string)" '.settings.MODEL == "erms_fsrm_reptail"' &&
	ok "... as erms_fsrm_reptail (no short path on FSRM, 244122b4d2e5)"
sample copy_user_64_v6.15-later.S k-v6.15 "v6.15+ rep_movs_alternative (ERMS) passes against movs_alt" \
	ENTRY=rep_movs_alternative MODEL=movs_alt ABI=rep FEATURES=erms
# v2.6.x: absolute __ex_table pairs and ALTERNATIVE_JUMP, converted; the
# row picked from the shape (no MODEL=). The conversion is said while the
# object is built: start from no earlier build of it.
rm -rf build/review/work/copy_user_64_v2.6.32-copy_user_generic_unrolled
sample copy_user_64_v2.6.32.S k-v2.6-u "v2.6.32 copy_user_generic_unrolled (absolute .quad extable) passes against unrolled, picked by the table" \
	ENTRY=copy_user_generic_unrolled && js "$(rj copy_user_generic_unrolled)" '.settings.MODEL == "unrolled"' &&
	has k-v2.6-u 'converted [0-9]+ absolute \(pre-v3.5\) __ex_table entries' && ok "... the absolute extable converted, said so"
sample copy_user_64_v2.6.32.S k-v2.6-s "v2.6.32 copy_user_generic_string passes against string, picked by the table" \
	ENTRY=copy_user_generic_string
# copy_mc_64.S (v5.10+): copy_mc_fragile under machine checks, picked by the table.
sample copy_mc_64.S k-mc "copy_mc_64.S copy_mc_fragile passes against mc_fragile, machine checks on the source" \
	ENTRY=copy_mc_fragile && js "$(rj copy_mc_fragile)" '.settings.MODEL == "mc_fragile"' &&
	ok "... picked by the table"
[ "${1:-}" = --samples-only ] && { summary; exit; }

# 3. A broken routine: exit 1, the failing cases named with replay commands.
if review broken 1 ASM=review/fixtures/hostile.S ENTRY=broken_fixup_copy MODEL=bytewise REVIEW_BENCH=0; then
	if js "$(rj broken_fixup_copy)" '(.pass | not) and .exit == 1 and (.verdict | startswith("FAIL"))' &&
	   js "$(rj broken_fixup_copy)" '.failures.model[0].words | test("^copy of [0-9]+ bytes, source faults at offset")' &&
	   js "$(rj broken_fixup_copy)" '.failures.model[0].replay | test("^build/review/work/[^ ]*/sweep --entry broken_fixup_copy --model bytewise --abi classic --case [0-9]+,")'; then
		ok "a broken fix-up: exit 1, failing cases in words with replay commands"
		# The replay command reproduces the first failure.
		cmd=$(jq -r '.failures.model[0].replay' "$(rj broken_fixup_copy)")
		if $cmd >"$out/replay.txt" 2>&1; then
			bad "replay of the first failing case passed: $cmd"
		else
			grep -q '^FAIL broken_fixup_copy' "$out/replay.txt" && ok "its replay command fails the same way"
		fi
	else
		bad "a broken fix-up: report does not name the failing cases"
		sed 's/^/    /' "$out/broken.txt" | head -n 40
	fi
fi

# 3b. Delayed reporting, the calling convention per era, the fences
#     (the mutants of tests/mutants/, which `make lab` writes).
if [ "${1:-}" != --samples-only ]; then
	M=build/lab/mutants
	js "$(rj ucopy_fsrm)" '.claimed.delayed_hw == "WEAK" and (.sweep_model | target.phases.delayed_hw.failed) == 0' &&
		js "$(rj ucopy_fsrm)" '(.gate.delayed_hw | not) and (.sweep_exact | target.phases.delayed_hw.failed) > 0 and .pass' &&
		js "$(rj ucopy_fsrm)" 'any(.notes[]; test("a level drop the registry states for `fsrm` .*: reported, not failed"))' &&
		ok "asm/fsrm.S: passes its model at every lag; not EXACT under lags, a stated level drop: reported, exit 0"
	review lagskip 1 ASM=$M/erms_lagskip.S ENTRY=ucopy_mut_erms_lagskip MODEL=erms REVIEW_BENCH=0 REVIEW_FUZZ_SECONDS=0 &&
		js "$(rj ucopy_mut_erms_lagskip)" '(.sweep_model | target | .phases.exact_hw.failed == 0 and .phases.delayed_hw.failed > 0) and .claimed.delayed_hw == "EXACT"' &&
		js "$(rj ucopy_mut_erms_lagskip)" 'any(.failures.model[]; .replay | test(" --case [0-9,-]+ --lag [0-9a-z,]+$"))' &&
		ok "a fix-up wrong only under a lag: exit 1, caught by the delayed hw row alone, replay with --lag"
	review clobber-r8 1 ASM=$M/movs_alt_movsq_r8.S ENTRY=ucopy_mut_movs_alt_movsq_r8 MODEL=movs_alt_movsq ABI=rep \
		REVIEW_BENCH=0 REVIEW_FUZZ_SECONDS=0 &&
		js "$(rj ucopy_mut_movs_alt_movsq_r8)" 'any(.sweep_model.failures[]; (.tags | index("clobbered") != null) and (.detail | test("r8 clobbered")))' &&
		ok "r8 used as scratch: [clobbered] against the v6.6+ rep ABI (the row's keeps)"
	review clobber-r8-v64 0 ASM=$M/movs_alt_movsq_r8.S ENTRY=ucopy_mut_movs_alt_movsq_r8 MODEL=movs_alt_movsq ABI=rep \
		KEEPS=rbx,rbp,rdx,r12,r13,r14,r15 REVIEW_BENCH=0 REVIEW_FUZZ_SECONDS=0 &&
		js "$(rj ucopy_mut_movs_alt_movsq_r8)" '.keeps == "rbx,rbp,rdx,r12,r13,r14,r15" and .pass' &&
		ok "... and passes with KEEPS= the v6.4-v6.5 callers' set (rax, r8-r11 clobbered)"
	review nosfence 1 ASM=$M/nocache_nosfence_fixup.S ENTRY=ucopy_mut_nocache_nosfence_fixup MODEL=nocache \
		REVIEW_BENCH=0 REVIEW_FUZZ_SECONDS=0 &&
		js "$(rj ucopy_mut_nocache_nosfence_fixup)" '(.sweep_model | target.phases.traced.failed) > 0' &&
		js "$(rj ucopy_mut_nocache_nosfence_fixup)" 'any(.sweep_model.failures[]; (.tags | index("sfence") != null) and (.detail | test("returned with the non-temporal store")))' &&
		ok "no sfence on the fault path: exit 1, [sfence] from the traced row"
	review badkeeps 2 ASM=asm/unrolled.S ENTRY=ucopy_unrolled MODEL=unrolled KEEPS=rbx,xmm0 &&
		has badkeeps "KEEPS: 'xmm0' is not a register name" && ok "KEEPS with a bad name: exit 2"
fi

# 4. Hostile routines: each a reported failure of its kind.
# (A failure's kind counts when the sweep counted it (failed_by_tag: every
# failing run, shown or not), when a shown failure carries it, or when the
# fuzzer's failure line does. The overwrite's shown failures are whichever
# worker reported first, often [out-of-bounds] reads alone, and a CI run's
# 1 s of fuzzing once found no overwrite; so its sweep runs whole (7000
# cases, under 0.1 s) and must count it: 1662 [overwrite] runs, every time.)
# (Each its own ENTRY: REVIEW_PAR at a time, then checked in order.)
HOSTILE="hang:timeout clobber:callee-saved overrun:overwrite exit:crash wild:no-extable"
for pair in $HOSTILE; do
	e=hostile_${pair%%:*} stop=6
	[ "$e" = hostile_overrun ] && stop=1000000
	review_bg "$e" 1 ASM=review/fixtures/hostile.S ENTRY="$e" MODEL=bytewise REVIEW_STOP_AFTER=$stop REVIEW_BENCH=0
done
wait
for pair in $HOSTILE; do
	e=hostile_${pair%%:*} tag=${pair##*:}
	review_rc "$e" 1 &&
		if js "$(rj "$e")" "any((.sweep_model.targets // {})[]; (.total.by_tag[\"$tag\"] // 0) > 0)
			or ([.sweep_model.failures[], .sweep_exact.failures[] | .tags[]] | index(\"$tag\") != null)
			or (.fuzz.failure // \"\" | test(\"\\\\[([a-z-]+,)*$tag(,[a-z-]+)*\\\\]\"))" && [ -s "build/review/review-$e.md" ]; then
			ok "$e: reported as [$tag], report written"
		else
			bad "$e: no [$tag] failure in the report"
			sed 's/^/    /' "$out/$e.txt" | head -n 30
		fi
done
js "$(rj hostile_overrun)" 'any((.sweep_model.targets // {})[]; (.total.by_tag.overwrite // 0) > 0)' &&
	ok "hostile_overrun: the sweep alone counts its [overwrite] runs (failed_by_tag), not only the fuzzer" ||
	bad "hostile_overrun: the sweep counted no [overwrite] run"

# 5. Exit 2: a file that does not assemble, unknown model, unknown entry,
# missing arguments, bad features.
review noasm 2 ASM=review/fixtures/does_not_assemble.S ENTRY=does_not_assemble MODEL=bytewise &&
	has noasm "does_not_assemble.S:[0-9]+: Error: bad register name" &&
	ok "a file that does not assemble: exit 2 with the assembler's message"
rm -f build/review/injected
review quoted 2 ASM=asm/bytewise.S "ENTRY=a'b\`touch build/review/injected\`\$(touch build/review/injected)" &&
	has quoted "'a'b\`touch build/review/injected\`\\\$\(touch build/review/injected\)' is not a symbol name" &&
	[ ! -e build/review/injected ] &&
	ok "make review with a quote, a backtick and \$(...) in ENTRY=: exit 2 naming the value as given, nothing run"
review absreloc 2 ASM=review/fixtures/abs_reloc.S ENTRY=abs_reloc_copy MODEL=bytewise &&
	has absreloc 'does not link: absolute relocations in \.rodata \(1\)' &&
	ok "a file with an absolute relocation in .rodata: exit 2, the link failure named"
review notail 2 ASM=asm/erms.S ENTRY=ucopy_erms MODEL=erms TAIL=no_such_tail &&
	has notail 'TAIL=no_such_tail: no such routine in the lab' && ok "TAIL= naming no routine: exit 2"
review tail 0 ASM=asm/erms.S ENTRY=ucopy_erms MODEL=erms TAIL=ucopy_tail_c REVIEW_FUZZ_SECONDS=0 REVIEW_BENCH=0 &&
	js "$(rj ucopy_erms)" '.settings.TAIL == "ucopy_tail_c" and .settings.TAIL_WHY == "" and (.zero_tail | not) and .pass' &&
	ok "TAIL=ucopy_tail_c: the fix-ups' tail replaced, said in the report"
review nomodel 2 ASM=asm/unrolled.S ENTRY=ucopy_unrolled MODEL=no_such_model &&
	has nomodel "unknown model 'no_such_model'" && ok "unknown model: exit 2"
review noentry 2 ASM=asm/unrolled.S ENTRY=no_such_entry MODEL=unrolled &&
	has noentry "defines no routine 'no_such_entry'" && ok "unknown ENTRY symbol: exit 2"
review noargs 2 MODEL=unrolled && has noargs "ASM= is missing" && ok "missing ASM: exit 2"
review nofeature 2 ASM=asm/unrolled.S ENTRY=ucopy_unrolled MODEL=unrolled FEATURES=avx512 &&
	has nofeature "unknown feature 'avx512'" && ok "unknown feature: exit 2"

echo "review suite: $(($(date +%s) - t0)) s"
summary
