#!/usr/bin/env bash
# The sandbox suite (tests/suites.txt): routines under review that make
# system calls (review/fixtures/hostile-syscalls.S, and one written here,
# outside the project) are each stopped at the call, which is not run,
# and reported as [syscall] with the call's name; the review exits 1; a
# canary file and directory made before the run are unchanged after it;
# no process of the run survives it. Smoke-sized reviews (REVIEW_QUICK=2,
# the sweep stops after 3 failures, 1 s of fuzzing for one fixture, no
# benchmark). Then the intake checks (review/intake.sh): patches with
# absolute paths, `..`, a symbolic link, a file outside arch/x86, and
# assembler input with .incbin or includes from outside: exit 2 with the
# reason, nothing written outside build/. Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
. tests/harness.sh

canary=build/review/canary
fixtures=review/fixtures/hostile-syscalls.S
mkdir -p build/review/sandbox-test
# A routine from outside the project: creat() through `syscall`.
outside=build/review/sandbox-test/outside.S
cat >"$outside" <<'ASM'
	.section .rodata
name:	.asciz "build/review/canary/outside"
	.text
	.globl outside_creat
	.type outside_creat,@function
outside_creat:
	cmpl $40,%edx
	jb 1f
	pushq %rdi
	pushq %rsi
	pushq %rdx
	movl $85,%eax		/* creat(name, 0644) */
	leaq name(%rip),%rdi
	movl $0644,%esi
	syscall
	popq %rdx
	popq %rsi
	popq %rdi
1:	jmp ucopy_bytewise
	.size outside_creat,.-outside_creat
ASM

# The canaries: a file whose bytes and mode are known, in a directory
# whose listing is known.
fresh_canary() {
	rm -rf "$canary" && mkdir -p "$canary" && printf 'canary %s\n' "$RANDOM" >"$canary/victim" &&
		chmod 600 "$canary/victim"
}
state() { (cd "$canary" && ls -lA --time-style=+%s && stat -c '%a %Y %s' . victim && sha256sum victim) 2>&1; }
strays() { ps -eo pid=,args= | grep -F "build/review/work/$1" | grep -v grep || true; }

make -s lab fuzz-build >"$out/build.txt" 2>&1 || { cat "$out/build.txt"; bad "the lab does not build"; }

# entry:expected call name [fuzz seconds]
for spec in creat:openat truncate:openat unlink:unlink execve:execve fork:fork clone:clone \
	    kill:getppid ptrace:ptrace socket:socket mprotect:mprotect \
	    'int80:i386 call' outside:creat; do
	e=hostile_${spec%%:*} call=${spec#*:} asm=$fixtures fz=0
	[ "$e" = hostile_outside ] && { e=outside_creat asm=$outside; }
	[ "$e" = hostile_creat ] && fz=1
	fresh_canary
	before=$(state)
	make -s review ASM="$asm" ENTRY="$e" MODEL=bytewise REVIEW_QUICK=2 REVIEW_STOP_AFTER=3 \
		REVIEW_BENCH=0 REVIEW_FUZZ_SECONDS=$fz >"$out/$e.txt" 2>&1
	rc=$?
	after=$(state)
	work=$(basename "$asm" .S)-$e
	left=$(strays "$work")
	how="[syscall] $call refused"
	if [ "$rc" != 1 ]; then
		bad "$e: exit $rc, expected 1"; sed 's/^/    /' "$out/$e.txt" | tail -n 20; continue
	fi
	if [ "$e" = hostile_int80 ] && grep -Eq "\[no-extable\] fault at $e\+0x[0-9a-f]+ \(access 0" "$out/$e.txt"; then
		# A kernel without IA-32 emulation (ia32_emulation=0, or not
		# built in) refuses int $0x80 itself with a #GP: the lab's
		# [no-extable], nothing run either.
		how="int \$0x80 refused by the kernel (no IA-32 emulation here): [no-extable]"
	elif ! grep -Eq "\[([a-z-]+,)*syscall(,[a-z-]+)*\] system call [0-9]+ \($call\) at $e\+0x[0-9a-f]+, refused by the sandbox: not run" "$out/$e.txt"; then
		bad "$e: no [syscall] failure naming $call"; sed 's/^/    /' "$out/$e.txt" | grep -m5 'FAIL\|\['
		continue
	fi
	if [ "$before" != "$after" ]; then
		bad "$e: the canary changed"; diff <(echo "$before") <(echo "$after") | sed 's/^/    /'
	elif [ -n "$left" ]; then
		bad "$e: a process survived: $left"
	elif [ "$fz" = 1 ] && ! grep -q "ucopy-fuzz: FAIL $e .*\[syscall\] system call [0-9]* ($call)" \
			"build/review/work/$work/fuzz.txt"; then
		bad "$e: the fuzz step did not report [syscall]"
	else
		ok "$e: $how, exit 1, canary intact, no stray process$([ "$fz" = 1 ] && echo ", fuzz too")"
	fi
done
[ -e "$canary/created" ] || [ -e "$canary/outside" ] && bad "a file was created in the canary directory"

# The sandbox is what stops them: with it off (UCOPY_SANDBOX=0) the
# creat fixture's sweep does create its file (the test can fail).
fresh_canary
UCOPY_SANDBOX=0 timeout 60 build/review/work/hostile-syscalls-hostile_creat/sweep --entry hostile_creat \
	--model bytewise --abi classic --case 40,0,0,-,- >"$out/off.txt" 2>&1
if [ -e "$canary/created" ]; then
	ok "without the sandbox the same case creates the file (the check has teeth)"
else
	bad "without the sandbox the creat fixture created nothing: is the test checking anything?"
fi
fresh_canary

# Intake: bad patches and assembler input end with exit 2 and the reason,
# before anything is copied or built; nothing is written outside build/.
mkdir -p "$out/tree/arch/x86/lib" && cp asm/bytewise.S "$out/tree/arch/x86/lib/copy_user_64.S"
hunk=$'@@ -1 +1 @@\n-a\n+b'
printf -- '--- /etc/passwd\n+++ /etc/passwd\n%s\n' "$hunk" >"$out/abs.patch"
printf -- '--- a/../../x.S\n+++ b/../../x.S\n%s\n' "$hunk" >"$out/dotdot.patch"
printf -- 'diff --git a/arch/x86/lib/l.S b/arch/x86/lib/l.S\nnew file mode 120000\n--- /dev/null\n+++ b/arch/x86/lib/l.S\n@@ -0,0 +1 @@\n+/etc/passwd\n' >"$out/link.patch"
printf -- '--- a/mm/memory.c\n+++ b/mm/memory.c\n%s\n' "$hunk" >"$out/outside.patch"
printf '\t.text\nx:\t.incbin "/etc/hostname"\n' >"$out/incbin.S"
printf '#include "/etc/hostname"\n' >"$out/absinc.S"
printf '\t.include "../../../../../../etc/hostname"\n' >"$out/dotinc.S"
mkdir -p "$out/scratch/a" && ln -s /etc "$out/scratch/a/out"
touch "$out/marker"
intake() { # NAME WHAT-THE-LINE-SAYS command...
	local name=$1 want=$2 rc lines
	shift 2
	"$@" >"$out/$name.txt" 2>&1
	rc=$?
	lines=$(grep -c 'intake:' "$out/$name.txt")
	if [ "$rc" = 2 ] && [ "$lines" = 1 ] && grep -q "intake: .*$want" "$out/$name.txt"; then
		ok "intake $name: exit 2, '$(grep -m1 -o 'intake: .*' "$out/$name.txt" | cut -c9-90)...'"
	else
		bad "intake $name: exit $rc, $lines intake lines"; sed 's/^/    /' "$out/$name.txt" | tail -n 5
	fi
}
intake abs 'absolute path' make -s review-patch PATCH="$out/abs.patch" KERNEL="$out/tree"
intake dotdot "'..' component" make -s review-patch PATCH="$out/dotdot.patch" KERNEL="$out/tree"
intake link 'symbolic link' make -s review-patch PATCH="$out/link.patch" KERNEL="$out/tree"
intake outside 'outside arch/x86' make -s review-patch PATCH="$out/outside.patch" KERNEL="$out/tree"
intake incbin '.incbin' make -s review ASM="$out/incbin.S" ENTRY=x MODEL=bytewise
intake absinc 'absolute path' make -s review ASM="$out/absinc.S" ENTRY=x MODEL=bytewise
intake dotinc "through '..'" make -s review ASM="$out/dotinc.S" ENTRY=x MODEL=bytewise
intake scratch 'symbolic link out of the scratch' review/intake.sh scratch "$out/scratch"
written=$(find . -path ./build -prune -o -path ./.git -prune -o -newer "$out/marker" -print | head -n 5)
if [ -z "$written" ]; then ok "intake: nothing written outside build/"; else bad "written outside build/: $written"; fi

summary
