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

# a memory operand's offset: one call for a base register with a
# displacement (x86_off_disp), the two calls for one with an index
make -s build/obj/asm/movs_fast.o || { echo "asm-lift: build failed" >&2; exit 2; }
if $lift movs_fast build/obj/asm/movs_fast.o copy rep proofs/asm/movs_fast.annot > "$tmp/mf.c" 2>"$tmp/err"; then
	nd=$(grep -c 'x86_off_disp(r[a-z0-9]*, (int64_t)(0x[0-9a-f]*), [sd]base)' "$tmp/mf.c")
	ni=$(grep -c 'x86_off(x86_ea(r[a-z0-9]*, r[a-z0-9]*, [1248], ' "$tmp/mf.c")
	nz=$(grep -c 'x86_off(x86_ea([a-z0-9]*, 0, 1, ' "$tmp/mf.c")
	[ "$nd" -gt 0 ] && [ "$ni" -gt 0 ] && [ "$nz" = 0 ] &&
		ok "movs_fast: $nd displacement operands in one call (x86_off_disp), $ni indexed ones as x86_off(x86_ea(...))" ||
		ko "movs_fast: $nd x86_off_disp, $ni indexed, $nz displacement operands still in two calls"
	# every store is one call at its operand, x86_store_copy (a base
	# register and its displacement, or an indexed operand's x86_ea), its
	# offset no call of its own
	nall=$(grep -c 'x86_store_copy(dst, src, ' "$tmp/mf.c")
	ns=$(grep -c 'x86_store_copy(dst, src, r[a-z0-9]*, (int64_t)([-0-9a-fx]*), dbase, ' "$tmp/mf.c")
	nx=$(grep -c 'x86_store_copy(dst, src, x86_ea(r[a-z0-9]*, r[a-z0-9]*, [1248], (int64_t)([-0-9a-fx]*)), (int64_t)(0), dbase, ' "$tmp/mf.c")
	[ "$ns" -gt 0 ] && [ "$nx" -gt 0 ] && [ $((ns + nx)) = "$nall" ] &&
		ok "movs_fast: each of its $nall stores one call at its operand ($ns at a base register, $nx indexed)" ||
		ko "movs_fast: $nall stores, $ns at a base register, $nx indexed, the rest with an offset call"
else ko "movs_fast does not lift: $(cat "$tmp/err")"; fi

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

# one loop invariant, a case per cut point (pc and its annotations)
[ "$(grep -c 'loop invariant' "$tmp/ma.c")" = 1 ] && grep -q '(entry: pc == 1 && (rdi == dbase' "$tmp/ma.c" &&
	[ "$(grep -cE '\((at_text_f: pc == 7|at_text_20: pc == 15) && ' "$tmp/ma.c")" = 2 ] &&
	ok "movs_alt: one loop invariant, a case per cut point (entry, at_text_f, at_text_20)" ||
	ko "movs_alt's invariant: $(grep -A3 'loop invariant' "$tmp/ma.c" | head -c 300)"
# dead writes left out (lift.awk): a flag no path reads before writing it
# again, the load tag of a register no store copies from; a flag read only
# at a fix-up stays (a fault edge leaves before the faulting instruction)
grep -A1 '	L_text_26:' "$tmp/ma.c" | grep -qx '		rsi = x86_add(rsi, 0x8ULL, 8);' &&
	grep -A1 '	L_text_2e:' "$tmp/ma.c" | grep -qx '		rcx = x86_sub(rcx, 0x8ULL, 4); zf = x86_zf(rcx, 4);' &&
	grep -A1 '	L_text_0:' "$tmp/ma.c" | grep -qx '		cf = x86_cf_sub(rcx, 0x40ULL, 8);' &&
	grep -q 'tag_rax' "$tmp/ma.c" && ! grep -qE 'tagn?_r(cx|si|di)' "$tmp/ma.c" &&
	! grep -qE '[^_]rax = ' "$tmp/ma.c" && grep -q 'loop assigns pc, cf, zf, tag_rax, tagn_rax, rcx, rsi, rdi, dst' "$tmp/ma.c" &&
	ok "dead writes left out (add: no flag; sub before je: zf; cmp before jae: cf; tags of rax only; rax's loaded values, read by nothing)" ||
	ko "dead writes: $(grep -A1 -E '	L_text_(0|26|2e):' "$tmp/ma.c" | tr '\n\t' '  ')"
cat > "$tmp/fixflag.S" <<'ASM'
#include <linux/linkage.h>
#include <asm/asm.h>
SYM_FUNC_START(ucopy_fixflag)
	test %rcx,%rcx
0:	movb (%rsi),%al
1:	movb %al,(%rdi)
	xor %ecx,%ecx
	RET
3:	je 4f
	mov $1,%ecx
4:	RET
	_ASM_EXTABLE_UA(0b, 3b)
	_ASM_EXTABLE_UA(1b, 3b)
SYM_FUNC_END(ucopy_fixflag)
ASM
if gcc -c -D__ASSEMBLY__ -Iasm/kshim -Wa,--noexecstack "$tmp/fixflag.S" -o "$tmp/fixflag.o" 2>"$tmp/err" &&
   $lift movs_alt "$tmp/fixflag.o" copy rep > "$tmp/fixflag.c" 2>>"$tmp/err"; then
	grep -A1 '	L_text_0:' "$tmp/fixflag.c" | grep -qx '		zf = x86_zf(x86_and(rcx, rcx, 8), 8);' &&
		grep -A1 '	L_text_.*xor %ecx,%ecx' "$tmp/fixflag.c" | tail -n1 | grep -qx '		rcx = x86_xor(rcx, rcx, 4);' &&
		ok "a flag read only at a fix-up is kept (test before a faulting load), a flag no path reads is not (xor before ret)" ||
		ko "flag liveness over fault edges: $(grep -A1 -E 'L_text_0:|xor' "$tmp/fixflag.c" | tr '\n\t' '  ')"
else ko "the fix-up flag routine does not build or lift: $(head -c 200 "$tmp/err")"; fi

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
