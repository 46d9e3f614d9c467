#!/usr/bin/env bash
# The lifter's own checks (suite asm-lift): it lifts every instruction of a
# routine to a label, turns every __ex_table entry into an edge, refuses an
# annotation whose instruction is not the object's, an instruction outside
# the subset, and bad usage, each with a one-line error and exit 2; carries
# annotations to a mutant; checks DF and the kept registers at returns.
set -uo pipefail
cd "$(dirname "$0")/../.."
make -s build/registry.tsv build/obj/asm/movs_alt.o build/obj/asm/clear_original.o || { echo "asm-lift: build failed" >&2; exit 2; }
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

# annotations carried to a mutant (proofs/asm/annot-map.sh): the edit
# inserts 4 bytes before the quadword loop, which moves from 0x20 to 0x30
make -s build/obj/build/lab/mutants/movs_alt_tail.o build/obj/build/lab/mutants/fsrm_df.o ||
	{ echo "asm-lift: mutant build failed" >&2; exit 2; }
if proofs/asm/annot-map.sh build/obj/asm/movs_alt.o build/obj/build/lab/mutants/movs_alt_tail.o \
	proofs/asm/movs_alt.annot > "$tmp/mut.annot" 2>"$tmp/err" &&
   [ "$(grep -c '^0x30 mov (%rsi),%rax :: ' "$tmp/mut.annot")" = 3 ] &&
   [ "$(grep -c '^0xf mov (%rsi),%al :: ' "$tmp/mut.annot")" = 3 ] &&
   $lift movs_alt build/obj/build/lab/mutants/movs_alt_tail.o copy rep "$tmp/mut.annot" >/dev/null 2>&1
then ok "annotations carried to a mutant's shifted addresses (0x20 -> 0x30), and it lifts"
else ko "annot-map on movs_alt_tail: $(head -c 200 "$tmp/err")"; fi
# an edited instruction: the annotation moves to its replacement
make -s build/obj/asm/movs_alt_movsq.o build/obj/build/lab/mutants/movs_alt_movsq_r8.o >/dev/null 2>&1
printf '0x20 mov (%%rsi),%%rax :: rcx <= len\n' > "$tmp/one.annot"
proofs/asm/annot-map.sh build/obj/asm/movs_alt_movsq.o build/obj/build/lab/mutants/movs_alt_movsq_r8.o "$tmp/one.annot" > "$tmp/r8.annot" 2>"$tmp/err" &&
	grep -qx '0x20 mov (%rsi),%r8 :: rcx <= len' "$tmp/r8.annot" &&
	ok "an annotation on an edited instruction moves to its replacement (rax -> r8)" || ko "annot-map on movs_alt_movsq_r8: $(head -c 200 "$tmp/err") $(cat "$tmp/r8.annot")"
grep -v '^#' proofs/asm/movs_alt.annot | sed 's/^0xf mov (%rsi),%al/0xe mov (%rsi),%al/' > "$tmp/gone.annot"
proofs/asm/annot-map.sh build/obj/asm/movs_alt.o build/obj/build/lab/mutants/movs_alt_tail.o "$tmp/gone.annot" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && ok "an annotation at no instruction is not carried: exit 2" ||
	ko "annot-map of a missing address: exit $rc"
# the ABI checks at every return: DF (fsrm_df sets it), kept registers
$lift fsrm build/obj/build/lab/mutants/fsrm_df.o copy rep > "$tmp/df.c" 2>"$tmp/err" &&
	grep -q 'assert df_clear: df == 0;' "$tmp/df.c" && grep -q 'assert df_forward' "$tmp/df.c" &&
	! grep -q 'df' "$tmp/ma.c" && ok "std: DF modelled and checked at the return (only where written)" ||
	ko "DF check: $(head -c 200 "$tmp/err")"
KEEPS="rdi rbx" $lift movs_alt build/obj/asm/movs_alt.o copy rep proofs/asm/movs_alt.annot > "$tmp/keep.c" 2>"$tmp/err" &&
	[ "$(grep -c 'assert keeps_rdi: rdi == keep_rdi;' "$tmp/keep.c")" -gt 1 ] && ! grep -q keeps_rbx "$tmp/keep.c" &&
	! grep -q keep_ "$tmp/ma.c" && ok "a kept register the code writes is checked at every return (KEEPS=rdi)" ||
	ko "keeps check: $(head -c 200 "$tmp/err")"

# "no fault": the access loses its fault edge and gains an assertion
# (a goal); on an instruction that is no load or store it is refused
{ cat proofs/asm/movs_alt.annot; echo '0x20 mov (%rsi),%rax :: no fault'; } > "$tmp/nf.annot"
$lift movs_alt build/obj/asm/movs_alt.o copy rep "$tmp/nf.annot" > "$tmp/nf.c" 2>"$tmp/err" &&
	grep -q 'assert no_fault_text_20: o + 8 <= hw_fs; \*/ (void)x86_load(o, 8);' "$tmp/nf.c" &&
	[ "$(grep -cE 'x86_(load|store_copy)\(.*\) (return rcx;|\{ pc = 7; continue; \})' "$tmp/nf.c")" = 3 ] &&
	ok "'no fault': the load is asserted in bounds and loses its fault edge (3 of 4 left)" ||
	ko "'no fault' on a load: $(head -c 200 "$tmp/err")"
{ cat proofs/asm/movs_alt.annot; echo '0x0 cmp $0x40,%rcx :: no fault'; } > "$tmp/nf2.annot"
$lift movs_alt build/obj/asm/movs_alt.o copy rep "$tmp/nf2.annot" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "'no fault' at text:0: not a" "$tmp/err" && [ "$(wc -l < "$tmp/err")" = 1 ] &&
	ok "'no fault' on an instruction that is no access is refused" || ko "'no fault' on a cmp: exit $rc, $(head -c 200 "$tmp/err")"

$lift movs_alt /nonexistent.o copy rep >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && ok "a missing object: exit 2" || ko "missing object: exit $rc"
$lift movs_alt >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && ok "bad usage: exit 2" || ko "bad usage: exit $rc"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
