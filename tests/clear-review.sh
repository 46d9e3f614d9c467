#!/usr/bin/env bash
# `make review` on clear_user routines (docs/clear.md): a kernel-style clear
# routine passes with its model's ABI chosen by default, one taken as
# classic_clear passes too, a broken one fails (exit 1) with its failing
# cases named, and a copy ABI with a clear model is refused (exit 2).
# (review/test-review.sh reviews every row's asm, the clear rows included.)
# Smoke-sized runs. Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
pass=0 fail=0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
check() { # name, then a command that succeeds when the check passes
	local name=$1; shift
	if "$@"; then pass=$((pass + 1)); echo "ok   $name"
	else fail=$((fail + 1)); echo "FAIL $name"; sed 's/^/    /' "$out/last.txt" | tail -n 15; fi
}
review() { # expected exit, then the settings
	local want=$1; shift
	make -s review REVIEW_QUICK=2 REVIEW_FUZZ_SECONDS=1 REVIEW_STOP_AFTER=20 REVIEW_BENCH=0 "$@" \
		>"$out/last.txt" 2>&1
	[ $? = "$want" ]
}
make -s lab >"$out/last.txt" 2>&1 || { echo "FAIL the lab does not build"; echo "0 passed, 1 failed"; exit 1; }

check "asm/fsrs.S against fsrs, ABI from the model (stos): PASS" \
	bash -c "$(declare -f review); out=$out; review 0 ASM=asm/fsrs.S ENTRY=ucopy_fsrs MODEL=fsrs &&
		grep -q '^\*\*PASS' $out/last.txt && grep -q 'stos ABI (rdi addr, rcx count, rax = 0' $out/last.txt &&
		grep -q 'the EXACT contract (reference model \`clear_bytewise\`)' $out/last.txt"
check "asm/clear_loop.S against clear_loop (classic_clear): PASS" \
	bash -c "$(declare -f review); out=$out; review 0 ASM=asm/clear_loop.S ENTRY=ucopy_clear_loop MODEL=clear_loop &&
		grep -q '^\*\*PASS' $out/last.txt && grep -q 'classic_clear ABI' $out/last.txt"
check "a clear that writes one byte too many fails (exit 1), overwrite named" \
	bash -c "$(declare -f review); out=$out; review 1 ASM=build/lab/mutants/fsrs_overrun.S ENTRY=ucopy_mut_fsrs_overrun MODEL=fsrs &&
		grep -q '^\*\*FAIL: [0-9]* failing case' $out/last.txt && grep -q '\[overwrite\]' $out/last.txt"
check "a clear without the byte retry fails against stos_alt (exit 1), result named" \
	bash -c "$(declare -f review); out=$out; review 1 ASM=build/lab/mutants/stos_alt_noretry.S ENTRY=ucopy_mut_stos_alt_noretry MODEL=stos_alt &&
		grep -q '\[result' $out/last.txt"
check "a copy ABI with a clear model is refused (exit 2)" \
	bash -c "$(declare -f review); out=$out; review 2 ASM=asm/stos_alt.S ENTRY=ucopy_stos_alt MODEL=stos_alt ABI=rep &&
		grep -q 'is a clear row: ABI is classic_clear or stos' $out/last.txt"
check "a clear ABI with a copy model is refused (exit 2)" \
	bash -c "$(declare -f review); out=$out; review 2 ASM=asm/fsrm.S ENTRY=ucopy_fsrm MODEL=fsrm ABI=stos &&
		grep -q 'is a copy row: ABI is classic or rep' $out/last.txt"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
