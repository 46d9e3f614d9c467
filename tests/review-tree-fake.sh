#!/usr/bin/env bash
# The tree review (review/tree.sh) on small fake kernel trees built from the
# project's own asm (no kernel code): a good tree as a directory, a tarball
# and a git tree; a tree with one fix-up changed (exit 1, the routine and a
# case named; a known-findings list that explains it, and one that does
# not); a directory that is not a kernel tree, a tarball that does not
# unpack and a file that does not assemble (exit 2). Smoke depth
# (REVIEW_QUICK=2), no fuzzing, no benchmark: this checks the tree review,
# not the routines. Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
W=build/review/fake-tree
rm -rf "$W" build/review/tree-0.0.*-fake build/review/work/tree-0.0.*-fake-* build/review/scan/tree-0.0.*-fake-*
mkdir -p "$W"
pass=0 fail=0
ok() { echo "ok: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
differs() { ! cmp -s "$1" "$2"; }
check() { local what=$1; shift; if "$@" >/dev/null; then ok "$what"; else bad "$what"; fi; }
SET=(REVIEW_QUICK=2 REVIEW_FUZZ_SECONDS=0 REVIEW_BENCH=0 LIVE_VM=$W/live-vm.json)

# fake_tree DIR SUBLEVEL: a Makefile, the project's movs_alt_word as
# copy_user_64.S, its stos_alt plus a page-clearing routine without an
# exception table as clear_page_64.S, and a uaccess_64.h whose
# copy_user_generic dispatches on FSRM.
fake_tree() {
	local d=$1
	mkdir -p "$d/arch/x86/lib" "$d/arch/x86/include/asm"
	printf 'VERSION = 0\nPATCHLEVEL = 0\nSUBLEVEL = %s\nEXTRAVERSION = -fake\nNAME = fake\n' "$2" >"$d/Makefile"
	cp asm/movs_alt_word.S "$d/arch/x86/lib/copy_user_64.S"
	{ cat asm/stos_alt.S
	  printf '\nSYM_FUNC_START(clear_page_fake)\n\txorl %%eax,%%eax\n\tmovl $512,%%ecx\n\trep stosq\n\tRET\nSYM_FUNC_END(clear_page_fake)\n'
	} >"$d/arch/x86/lib/clear_page_64.S"
	cat >"$d/arch/x86/include/asm/uaccess_64.h" <<'EOF'
/* a fake tree's dispatch, written for the test */
static inline unsigned long copy_user_generic(void *to, const void *from, unsigned long len)
{
	asm volatile("1:\n\t"
		ALTERNATIVE("rep movsb", "call ucopy_movs_alt_word", ALT_NOT(X86_FEATURE_FSRM))
		"2:\n" : "+c" (len), "+D" (to), "+S" (from) : : "memory");
	return len;
}
EOF
}
run_tree() { # LOG ARGS...: review/tree.sh; its exit status
	local log=$1; shift
	review/tree.sh "$@" "${SET[@]}" >"$log.out" 2>"$log.err"
}
sj() { jq -r "$@" "$J"; }

echo "== a good tree, as a directory"
fake_tree "$W/good" 1
# a make live-vm result for this version: copy_from_user on the row the
# source has for the booted flags, clear_user on a row it has not
printf '[{"kernel":"0.0.1-fake","release":"0.0.1-fake","cpu":"qemu64","flags":["erms"],"paths":[{"path":"copy_from_user","row":"movs_alt_word"},{"path":"clear_user","row":"clear_erms"}]}]\n' >"$W/live-vm.json"
touch "$W/marker"; sleep 1
run_tree "$W/good-dir" KERNEL="$W/good"; rc=$?
J=build/review/tree-0.0.1-fake/summary.json
check "good tree: exit 0 (got $rc)" [ "$rc" = 0 ]
check "good tree: version 0.0.1-fake from the Makefile" [ "$(sj .kernel.version)" = 0.0.1-fake ]
check "good tree: ucopy_movs_alt_word matched to movs_alt_word, passed" \
	[ "$(sj '.routines[] | select(.symbol == "ucopy_movs_alt_word") | "\(.row) \(.verdict)"')" = "movs_alt_word pass" ]
check "good tree: ucopy_stos_alt matched to stos_alt (stos ABI), passed" \
	[ "$(sj '.routines[] | select(.symbol == "ucopy_stos_alt") | "\(.row) \(.abi) \(.verdict)"')" = "stos_alt stos pass" ]
check "good tree: clear_page_fake not reviewed, with the reason" \
	sj -e '.not_reviewed[] | select(.symbol == "clear_page_fake") | .reason | test("not a user-access routine")'
check "good tree: levels and cases per routine in summary.json" \
	sj -e '[.routines[] | .levels.exact_hw != null and .cases.model.cases > 0] | all'
check "good tree: the dispatch: no FSRM runs ucopy_movs_alt_word (movs_alt_word), FSRM the inline rep movsb (fsrm)" \
	[ "$(sj '[.dispatch[] | select(.dispatch == "copy_user_generic") | "\(.features.fsrm):\(.row)"] | sort | join(" ")')" = "false:movs_alt_word true:fsrm" ]
check "good tree: report.md written, names every routine" \
	grep -q 'ucopy_stos_alt' build/review/tree-0.0.1-fake/report.md
check "live-vm: the booted copy row agrees, the clear row does not " \
	[ "$(sj '[.live_vm[] | "\(.path)=\(.agrees)"] | join(" ")')" = "copy_from_user=true clear_user=false" ]
check "good tree: nothing written inside the given tree" \
	[ -z "$(find "$W/good" -newer "$W/marker" -print -quit)" ]
check "good tree: only the reviewed files staged" \
	[ "$(cd build/review/tree-0.0.1-fake/src && find . -type f | sort | paste -sd ' ')" = \
	  "./Makefile ./arch/x86/include/asm/uaccess_64.h ./arch/x86/lib/clear_page_64.S ./arch/x86/lib/copy_user_64.S" ]

echo "== the same tree as a tarball and as a git tree"
tar -cJf "$W/linux-source-fake.tar.xz" -C "$W" --transform 's,^good,linux-source-fake,' good
run_tree "$W/good-tar" KERNEL="$W/linux-source-fake.tar.xz"; rc=$?
check "tarball: exit 0 (got $rc), two routines passed" \
	[ "$rc:$(sj '[.routines[] | select(.verdict == "pass")] | length')" = 0:2 ]
check "tarball: origin says tarball" sj -e '.kernel.origin | startswith("tarball")'
cp -r "$W/good" "$W/git"
git -C "$W/git" init -q && git -C "$W/git" add -A &&
	git -C "$W/git" -c user.name=t -c user.email=t@t commit -qm fake && echo garbage >"$W/git/arch/x86/lib/copy_user_64.S"
run_tree "$W/good-git" KERNEL="$W/git" REV=HEAD; rc=$?
check "git tree at REV=HEAD (its working copy broken, the commit read): exit 0 (got $rc)" [ "$rc" = 0 ]
check "git tree: origin names the commit" sj -e '.kernel.origin | test("commit [0-9a-f]{40}")'

echo "== a tree with one fix-up changed"
fake_tree "$W/bad" 2
# the word loop's load fix-up returns at once instead of retrying bytewise
sed -i 's/_ASM_EXTABLE_UA( 2b, .Lcopy_user_tail)/_ASM_EXTABLE_UA( 2b, .Lexit)/' "$W/bad/arch/x86/lib/copy_user_64.S"
check "the mutant differs from asm/movs_alt_word.S" differs asm/movs_alt_word.S "$W/bad/arch/x86/lib/copy_user_64.S"
run_tree "$W/bad" KERNEL="$W/bad"; rc=$?
J=build/review/tree-0.0.2-fake/summary.json
check "changed fix-up: exit 1 (got $rc)" [ "$rc" = 1 ]
check "changed fix-up: ucopy_movs_alt_word fails, ucopy_stos_alt passes" \
	[ "$(sj '[.routines[] | "\(.symbol)=\(.verdict)"] | sort | join(" ")')" = "ucopy_movs_alt_word=fail ucopy_stos_alt=pass" ]
check "changed fix-up: the report names the routine and a case in words" \
	grep -Eq '\*\*`ucopy_movs_alt_word`\*\*.*fails row `movs_alt_word`: copy of [0-9]+ bytes' build/review/tree-0.0.2-fake/report.md
grep -m1 'ucopy_movs_alt_word`\*\*' build/review/tree-0.0.2-fake/report.md | cut -c1-240
check "changed fix-up: make review-tree exits 1 too" \
	bash -c "make -s review-tree KERNEL=$W/bad ${SET[*]} >/dev/null 2>&1; [ \$? = 1 ]"

echo "== known findings: one that explains the failure, one that does not"
{ printf 'symbol\tfile\trow\tshape\tfix\treason\tcase\tsource\n'
  printf 'ucopy_movs_alt_word\tcopy_user_64.S\tmovs_alt_word\t_ASM_EXTABLE_UA\\( 2b, \\.Lexit\\)\ts/_ASM_EXTABLE_UA\\( 2b, \\.Lexit\\)/_ASM_EXTABLE_UA( 2b, .Lcopy_user_tail)/\tthe test'"'"'s changed fix-up\ta faulting word load\tthis test\n'
} >"$W/known-right.tsv"
sed 's,s/_ASM.*tail)/\t,s/nothing to change//\t,' "$W/known-right.tsv" >"$W/known-wrong.tsv"
KNOWN_FINDINGS=$W/known-right.tsv run_tree "$W/known" KERNEL="$W/bad"; rc=$?
check "a known finding that explains it: exit 0 (got $rc), listed as known" \
	[ "$rc:$(sj '.routines[] | select(.symbol == "ucopy_movs_alt_word") | .verdict')" = 0:known ]
check "the report has it under its own heading" grep -q '^## Known findings' build/review/tree-0.0.2-fake/report.md
KNOWN_FINDINGS=$W/known-right.tsv run_tree "$W/strict" KERNEL="$W/bad" STRICT=1; rc=$?
check "the same with STRICT=1: exit 1 (got $rc)" [ "$rc" = 1 ]
KNOWN_FINDINGS=$W/known-wrong.tsv run_tree "$W/wrong" KERNEL="$W/bad"; rc=$?
check "a known finding whose fix does not make it pass hides nothing: exit 1 (got $rc), verdict fail" \
	[ "$rc:$(sj '.routines[] | select(.symbol == "ucopy_movs_alt_word") | .verdict')" = 1:fail ]

echo "== trees it cannot read: exit 2 with the reason"
run_tree "$W/notkernel" KERNEL=docs; rc=$?
check "a directory that is not a kernel tree: exit 2 (got $rc), says so" \
	bash -c "[ $rc = 2 ] && grep -q 'not a kernel tree' '$W/notkernel.err'"
cat "$W/notkernel.err"
echo "not a tarball" >"$W/broken.tar.xz"
run_tree "$W/broken" KERNEL="$W/broken.tar.xz"; rc=$?
check "a tarball that does not unpack: exit 2 (got $rc), says so" \
	bash -c "[ $rc = 2 ] && grep -q 'does not unpack' '$W/broken.err'"
run_tree "$W/none" KERNEL="$W/no-such-tree"; rc=$?
check "a path that does not exist: exit 2 (got $rc)" [ "$rc" = 2 ]
fake_tree "$W/noasm" 3
printf 'SYM_FUNC_START(broken)\n\tmovq %%rax\nSYM_FUNC_END(broken)\n' >"$W/noasm/arch/x86/lib/copy_user_64.S"
run_tree "$W/noasm" KERNEL="$W/noasm"; rc=$?
check "a file that does not assemble: exit 2 (got $rc), names the file" \
	bash -c "[ $rc = 2 ] && grep -q 'copy_user_64.S.*does not assemble' '$W/noasm.err'"
cat "$W/noasm.err" | tail -n 1

rm -rf build/review/tree-0.0.*-fake build/review/work/tree-0.0.*-fake-* build/review/scan/tree-0.0.*-fake-* "$W"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
