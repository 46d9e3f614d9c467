#!/usr/bin/env bash
# The proposal-patch suite (tests/suites.txt): the patch is generated from
# asm/movs_fast.S, applies to Debian's 6.12 tree, assembles against the
# kernel shims with and without ERMS, carries the routine's instructions,
# and its ticks table is read from the CSV by header name; bad input
# exits 2. About 30 s (one member extracted from the tarball, cached).
set -uo pipefail
cd "$(dirname "$0")/../.."
. tests/harness.sh
check() { check_quiet "$@"; }
tarball=${PROPOSAL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
T=build/proposal/test
rm -rf "$T" && mkdir -p "$T"
if [ ! -f "$tarball" ]; then
	echo "no kernel tarball $tarball (scripts/deps.sh: linux-source-6.12)"
	bad "no kernel tarball"; summary; exit
fi

# A results.csv with its columns in another order than the benchmark's
# (the generator reads them by name) and two runs: the table's cells are
# the median of the runs.
{
	echo "cpu,variant,dst_minus_src_mod_4096,strategy,kind,abi,len,samples,calls_per_sample,min,p10,median,extra"
	for s in movs_alt movs_fast memcpy; do for l in 8 16 512; do
		echo "Test CPU,aligned,0,$s,copy,rep,$l,9,9,1,1,$([ $s = movs_alt ] && echo 20 || echo 14),x"
		echo "Test CPU,dst+1,1,$s,copy,rep,$l,9,9,1,1,99,x"
	done; done
} >"$T/run1.csv"
awk -F, -v OFS=, '{ m = $12; if ($4 == "movs_alt" && $2 == "aligned") m = 22
	print (NR == 1 ? "median" : m), $4, $7, $2, $1, $3, $5, $6, $8, $9, $10, $11, $13 }' "$T/run1.csv" >"$T/run2.csv"

out=$(review/proposal/patch.sh --tarball "$tarball" --out "$T/out" "$T/run1.csv" "$T/run2.csv" 2>&1)
rc=$?
p=$(tail -n1 <<<"$out")
check "generates the patch (exit 0)" test "$rc" = 0
check "its path is the last line of output" test -f "$p"
check "git format-patch form: From, Subject, Signed-off-by, diffstat" \
	bash -c "grep -q '^Subject: \[PATCH\] x86/lib: Rework rep_movs_alternative' '$p' &&
		grep -q '^Signed-off-by: ' '$p' && grep -q '^ arch/x86/lib/copy_user_64.S | ' '$p'"
check "applies to the tree (patch -p1 --dry-run)" \
	bash -c "patch -p1 --dry-run -s -f -d '$T/out/orig/linux-source-6.12' <'$p'"
check "applies with git apply --check" \
	bash -c "cd '$T/out/orig/linux-source-6.12' && git apply --check '$(realpath "$p")'"
# Every instruction line of asm/movs_fast.S's routine is in the patch.
missing=$(awk '/^SYM_FUNC_START/ { on = 1; next } /^SYM_FUNC_END/ { on = 0 }
	on && /^([0-9]+:)?[ \t]+[a-z]/ && !/rep movsb|_ASM_EXTABLE|RET/ { print }' asm/movs_fast.S |
	while IFS= read -r l; do grep -qxF "+$l" "$p" || grep -qxF " $l" "$p" || echo "$l"; done)
check "every instruction of asm/movs_fast.S is in the patch" test -z "$missing"
check "the large copy is the ERMS alternative of rep movsq" \
	grep -q '^+26:	ALTERNATIVE "jmp .Llarge_movsq", "rep movsb", X86_FEATURE_ERMS$' "$p"
check "no ucopy_ name left" bash -c "! grep -q 'ucopy_' '$p'"
# The ticks table: median of 20 and 22 for movs_alt is 21, movs_fast 14,
# the dst+1 cells (99) left out, memcpy ignored.
check "ticks table by header name, median of the runs" \
	bash -c "grep -Eq '^ +8 +21 +14 +7\(33%\)$' '$p' && grep -Eq '^ +512 +21 +14 ' '$p' && ! grep -q ' 99 ' '$p'"
# The new file assembles against the kernel shims, with and without ERMS.
f=$T/out/git/arch/x86/lib/copy_user_64.S
for feats in "" erms; do
	defs=""; [ -n "$feats" ] && defs=-DKSHIM_HAS_ERMS=1
	check "the patched file assembles against asm/kshim (features: ${feats:-none})" \
		bash -c "cc -D__ASSEMBLY__ -Iasm/kshim $defs -c '$f' -o '$T/new-${feats:-none}.o'"
done
check "with ERMS: rep movsb in the routine" bash -c "objdump -d '$T/new-erms.o' | grep -q 'rep movsb'"
check "without ERMS: rep movsq and no rep movsb" \
	bash -c "objdump -d '$T/new-none.o' | grep -q 'rep movsq' && ! objdump -d '$T/new-none.o' | grep -q 'rep movsb'"

# Bad input: exit 2 with a line.
printf 'a,b\n1,2\n' >"$T/bad.csv"
review/proposal/patch.sh --tarball "$tarball" --out "$T/out" "$T/bad.csv" >/dev/null 2>"$T/err"
check "a CSV that is not the benchmark's: exit 2" test $? = 2
review/proposal/patch.sh --tarball /nonexistent.tar.xz --out "$T/out" >/dev/null 2>"$T/err"
check "no tarball: exit 2" test $? = 2
sed '/rep movsb$/d' asm/movs_fast.S >"$T/norep.S"
review/proposal/patch.sh --tarball "$tarball" --out "$T/out" --asm "$T/norep.S" >/dev/null 2>"$T/err"
check "a routine without its rep movsb line: exit 2 (the alternative has no place)" test $? = 2
check "  ... with a one-line reason" bash -c "test \$(wc -l <'$T/err') -le 2 && grep -q 'rep movsb' '$T/err'"
# make review-patch takes KERNEL= as a tarball; a missing one is bad input.
review/review-patch.sh PATCH="$p" KERNEL=/nonexistent/linux-source.tar.xz >/dev/null 2>"$T/err"
check "review-patch KERNEL=<no such tarball>: exit 2" test $? = 2
check "  ... saying so" grep -q "no directory or kernel tarball" "$T/err"
summary
