#!/usr/bin/env bash
# The lifter's own checks (suite asm-lift): it lifts every instruction of a
# routine to a label, turns every __ex_table entry into an edge, refuses an
# annotation whose instruction is not the object's, an instruction outside
# the subset, and bad usage, each with a one-line error and exit 2.
set -uo pipefail
cd "$(dirname "$0")/../.."
make -s build/obj/asm/movs_alt.o build/obj/asm/clear_original.o || { echo "asm-lift: build failed" >&2; exit 2; }
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
ko() { echo "FAIL $1"; fail=$((fail + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
lift=proofs/asm/lift.sh

if $lift movs_alt build/obj/asm/movs_alt.o copy rep proofs/asm/movs_alt.annot > "$tmp/ma.c" 2>"$tmp/err"; then
	ninsn=$(objdump -d --no-show-raw-insn build/obj/asm/movs_alt.o | grep -cE '^ +[0-9a-f]+:')
	nlab=$(grep -cE '^	(L_text_[0-9a-f]+:|/\* L_text_[0-9a-f]+: .*: unreachable \*/)' "$tmp/ma.c")
	[ "$ninsn" = "$nlab" ] && ok "movs_alt: one label per instruction ($nlab, padding marked unreachable)" ||
		ko "movs_alt: $ninsn instructions, $nlab labels"
	# 5 entries: 0 and 1 go to .Lexit (a ret: returns), 2 and 3 to the
	# byte loop, rep movsb to its ret
	nedge=$(grep -cE 'x86_(load|store_copy)\(.*\) (return rcx;|\{ pc = 7; continue; \})' "$tmp/ma.c")
	[ "$nedge" = 4 ] && ok "movs_alt: the four mov entries of __ex_table are fault edges" ||
		ko "movs_alt: $nedge fault edges of movs, 4 expected"
	grep -q "sha256 $(sha256sum build/obj/asm/movs_alt.o | cut -c1-16))" "$tmp/ma.c" &&
		ok "movs_alt: the lift records the object's hash" || ko "movs_alt: no object hash"
else ko "movs_alt does not lift: $(cat "$tmp/err")"; fi

sed 's/^0xf mov (%rsi),%al/0xf mov (%rsi),%bl/' proofs/asm/movs_alt.annot > "$tmp/bad.annot"
$lift movs_alt build/obj/asm/movs_alt.o copy rep "$tmp/bad.annot" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "expects 'mov (%rsi),%bl'" "$tmp/err" && [ "$(wc -l < "$tmp/err")" = 1 ] &&
	ok "an annotation on another instruction is refused" || ko "bad annotation: exit $rc, $(head -c 200 "$tmp/err")"

$lift clear_original build/obj/asm/clear_original.o clear stos >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "not in the subset" "$tmp/err" &&
	ok "an instruction outside the subset is refused ($(cut -c1-60 "$tmp/err"))" || ko "clear_original: exit $rc"

$lift movs_alt /nonexistent.o copy rep >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && ok "a missing object: exit 2" || ko "missing object: exit $rc"
$lift movs_alt >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && ok "bad usage: exit 2" || ko "bad usage: exit $rc"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
