#!/usr/bin/env bash
# `make review` on clear_user routines (docs/clear.md): a kernel-style clear
# routine passes with its model's ABI chosen by default, one taken as
# classic_clear passes too, a broken one fails (exit 1) with its failing
# cases named, and a copy ABI with a clear model is refused (exit 2).
# (review/test-review.sh reviews every row's asm, the clear rows included.)
# Smoke-sized runs; checks read the review's JSON (docs/results.md). Last
# line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# review WANT ENTRY settings...: the review exits WANT; its JSON in $out/ENTRY.json.
review() {
	local want=$1 entry=$2 rc; shift 2
	rm -f "build/review/review-$entry.json"
	make -s review REVIEW_QUICK=2 REVIEW_FUZZ_SECONDS=1 REVIEW_STOP_AFTER=20 REVIEW_BENCH=0 ENTRY="$entry" "$@" \
		>"$out/last.txt" 2>&1
	rc=$?
	[ -f "build/review/review-$entry.json" ] && cp "build/review/review-$entry.json" "$out/$entry.json"
	[ "$rc" = "$want" ] || { echo "    exit $rc, expected $want"; sed 's/^/    /' "$out/last.txt" | tail -n 15; return 1; }
}
# js ENTRY FILTER: the filter holds of that review's JSON.
js() { jq -e -L scripts "include \"results\"; $2" "$out/$1.json" >/dev/null 2>&1; }
said() { grep -q "$1" "$out/last.txt"; }
make -s lab >"$out/last.txt" 2>&1 || { bad "the lab does not build"; summary; exit; }

review 0 ucopy_fsrs ASM=asm/fsrs.S MODEL=fsrs &&
	js ucopy_fsrs '.pass and .settings.ABI == "stos" and .reference == "clear_bytewise"' &&
	ok "asm/fsrs.S against fsrs, ABI from the model (stos): PASS, against the clear_bytewise contract" ||
	bad "asm/fsrs.S against fsrs"
review 0 ucopy_clear_loop ASM=asm/clear_loop.S MODEL=clear_loop &&
	js ucopy_clear_loop '.pass and .settings.ABI == "classic_clear"' &&
	ok "asm/clear_loop.S against clear_loop (classic_clear): PASS" || bad "asm/clear_loop.S against clear_loop"
review 1 ucopy_mut_fsrs_overrun ASM=build/lab/mutants/fsrs_overrun.S MODEL=fsrs &&
	js ucopy_mut_fsrs_overrun '(.verdict | test("^FAIL: [0-9]+ failing case")) and any(.failures.model[]; .tags | index("overwrite") != null)' &&
	ok "a clear that writes one byte too many fails (exit 1), overwrite named" || bad "fsrs_overrun"
review 1 ucopy_mut_stos_alt_noretry ASM=build/lab/mutants/stos_alt_noretry.S MODEL=stos_alt &&
	js ucopy_mut_stos_alt_noretry 'any(.failures.model[]; .tags | index("result") != null)' &&
	ok "a clear without the byte retry fails against stos_alt (exit 1), result named" || bad "stos_alt_noretry"
review 2 ucopy_stos_alt ASM=asm/stos_alt.S MODEL=stos_alt ABI=rep && said 'is a clear row: ABI is classic_clear or stos' &&
	ok "a copy ABI with a clear model is refused (exit 2)" || bad "a copy ABI with a clear model"
review 2 ucopy_fsrm ASM=asm/fsrm.S MODEL=fsrm ABI=stos && said 'is a copy row: ABI is classic or rep' &&
	ok "a clear ABI with a copy model is refused (exit 2)" || bad "a clear ABI with a copy model"
summary
