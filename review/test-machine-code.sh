#!/usr/bin/env bash
# A reviewed routine whose machine code is a proven row's (review/lib.sh
# machine_code_of, docs/results.md): covered when its instructions after
# relocation and its exception table are those of a row's object that
# `make prove-asm` proved (here a fixture of its results), "tested only"
# otherwise; and the review's report says which. In seconds.
# Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/harness.sh
. review/lib.sh
F=tests/fixtures/results
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
make -s build/registry.tsv build/obj/asm/movs_alt.o build/obj/asm/fsrm.o build/obj/asm/movs_alt_word.o \
	build/obj/build/lab/mutants/movs_alt_tail.o >"$out/build.txt" 2>&1 || { cat "$out/build.txt"; bad "build"; summary; exit 1; }
export PROVE_ASM_RESULTS=$F/asm-results.json

# the kernel's name, the code at another offset of a bigger object
objcopy --redefine-sym ucopy_movs_alt=rep_movs_alternative build/obj/asm/movs_alt.o "$out/renamed.o"
ld -r build/obj/asm/fsrm.o "$out/renamed.o" -o "$out/both.o"
machine_code_of "$out/both.o" rep_movs_alternative >"$out/cov.json"
expect_json "the movs_alt object renamed, after fsrm in one object: covered by movs_alt's proof" "$out/cov.json" \
	'.covered and .row == "movs_alt" and .proof.proved == 438 and (.note | startswith("covered by the machine-code proof of `movs_alt`"))'
machine_code_of "$out/both.o" ucopy_fsrm >"$out/fsrm.json"
expect_json "... and fsrm beside it: covered by fsrm's" "$out/fsrm.json" '.covered and .row == "fsrm"'
machine_code_of build/obj/build/lab/mutants/movs_alt_tail.o ucopy_mut_movs_alt_tail >"$out/mut.json"
expect_json "a mutant (one instruction changed): tested only" "$out/mut.json" \
	'(.covered | not) and .row == null and (.note | startswith("tested only"))'
machine_code_of build/obj/asm/movs_alt_word.o ucopy_movs_alt_word >"$out/other.json"
expect_json "another row's routine: tested only" "$out/other.json" '(.covered | not)'
# the same code with one exception-table entry sent elsewhere is not the same
objcopy --remove-section=__ex_table --remove-section=.rela__ex_table "$out/renamed.o" "$out/noex.o"
machine_code_of "$out/noex.o" rep_movs_alternative >"$out/noex.json"
expect_json "the same instructions without the exception table: tested only" "$out/noex.json" '(.covered | not)'
jq 'map(if .unit == "movs_alt" then .ok = false else . end)' $F/asm-results.json >"$out/failed.json"
PROVE_ASM_RESULTS=$out/failed.json machine_code_of "$out/renamed.o" rep_movs_alternative >"$out/unproven.json"
expect_json "the same code as movs_alt, whose proof did not pass: tested only, and why" "$out/unproven.json" \
	'(.covered | not) and .row == "movs_alt" and (.note | test("no passing result"))'

# the review's report: from the JSON, one line either way
jq --slurpfile m "$out/cov.json" '.machine_code = $m[0]' $F/review-pass.json | jq -L scripts 'include "results"; review_verdict' >"$out/rc.json"
check "the review report says the routine's machine code is covered" \
	bash -c "scripts/render.sh review '$out/rc.json' | grep -q '^| machine code | covered by the machine-code proof of \`movs_alt\`'"
jq --slurpfile m "$out/mut.json" '.machine_code = $m[0]' $F/review-pass.json | jq -L scripts 'include "results"; review_verdict' >"$out/rt.json"
check "... or tested only" bash -c "scripts/render.sh review '$out/rt.json' | grep -q '^| machine code | tested only: '"
jq -n --slurpfile a "$out/rc.json" --slurpfile b "$out/rt.json" -L scripts 'include "results";
	{kind: "file", asm: "x.S", shape: "", features: "", model: "", tail: "", routines: [$a[0], $b[0]], skipped: []} | file_verdict' >"$out/file.json"
check "the file summary has a machine-code column" \
	bash -c "scripts/render.sh file '$out/file.json' >'$out/file.md' && grep -q '| proven (\`movs_alt\`.s) | MODEL=erms' '$out/file.md' &&
		grep -q '| tested only | MODEL=erms' '$out/file.md'"
summary
