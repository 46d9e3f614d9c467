#!/usr/bin/env bash
# Malformed invocations of the shell entry points (docs/review.md,
# "Fuzzing the inputs"): review (review/review.sh), review-patch,
# review-merge (review/merge.sh), review-tree (review/tree.sh, when this
# branch has it) and live-case (build/live/live --case). Arguments,
# files and environment are generated from a seed: settings that are not
# NAME=value, unknown names and values, missing, empty, binary, huge or
# directory files, paths with spaces, quotes, '..' and control
# characters, environment variables the tools must not trust. Every one
# must exit 2 with a line from the tool saying why, within its timeout,
# without a shell error, a crash or a sanitizer report, and nothing may be
# written outside build/. Last line: "N passed, M failed".
#
#   tests/fuzz-inputs/shell-entries.sh [COUNT] [SEED]   (default 500, 1)
set -uo pipefail
cd "$(dirname "$0")/../.."
count=${1:-500} seed=${2:-1}
[[ "$count" =~ ^[0-9]+$ && "$seed" =~ ^[0-9]+$ ]] ||
	{ echo "usage: tests/fuzz-inputs/shell-entries.sh [COUNT] [SEED]" >&2; exit 2; }
w=build/fuzz-inputs/shell
rm -rf "$w" && mkdir -p "$w/files" "$w/runs"
# The run's numbers come from the seed alone: bash reseeds RANDOM in every
# subshell ($(pick ...), <(...)), so the generator's state is a file that
# subshells advance too. next: R, the next number (0 to 32767).
echo "$seed" >"$w/rng"
next() {
	local s
	s=$(<"$w/rng")
	s=$(((s * 1103515245 + 12345) % 2147483648))
	echo "$s" >"$w/rng"
	R=$((s >> 16))
}
make -s lab "$(sed -n 's/^REGISTRY *:= *//p' Makefile 2>/dev/null || echo build/registry.tsv)" >/dev/null 2>&1
[ -x build/live/live ] || make -s live-build >/dev/null 2>&1
pass=0 fail=0 failed=()

# ---- malformed files ----
f=$w/files
: >"$f/empty.S"
head -c 3000 /dev/urandom >"$f/binary.S"
printf '\t.globl x\nx:\tmovq %%rax,\n' >"$f/bad-syntax.S"
printf '\t.text\n\t.incbin "/etc/hostname"\n' >"$f/incbin.S"
printf '#include "../../../../../../../etc/hostname"\n' >"$f/dotdot.S"
printf '#include "/etc/hostname"\n' >"$f/abs-include.S"
yes '	nop' | head -n 200000 >"$f/huge.S"
mkdir -p "$f/dir.S" "$f/with space"
printf '\t.globl y\ny:\tret\n' >"$f/with space/q'uote.S"
printf 'not a patch\n' >"$f/not.patch"
printf -- '--- /etc/passwd\n+++ /etc/passwd\n@@ -1 +1 @@\n-a\n+b\n' >"$f/abs.patch"
printf -- '--- a/../x.S\n+++ b/../x.S\n@@ -1 +1 @@\n-a\n+b\n' >"$f/dotdot.patch"
printf -- '--- a/mm/x.c\n+++ b/mm/x.c\n@@ -1 +1 @@\n-a\n+b\n' >"$f/outside.patch"
printf -- 'diff --git a/arch/x86/lib/l b/arch/x86/lib/l\nnew file mode 120000\n' >"$f/link.patch"
head -c 2000 /dev/urandom >"$f/binary.patch"
printf 'cpu,routine\n1,2\n' >"$f/short.csv"
printf 'cpu,routine,old_entry,new_entry,len,old_median,new_median\nx,r,a,b,notanumber,,\n' >"$f/badrow.csv"
head -c 500 /dev/urandom >"$f/binary.csv"
: >"$f/empty.csv"
mkdir -p "$f/tree" "$f/tree-noarch/arch"
files=("$f/empty.S" "$f/binary.S" "$f/bad-syntax.S" "$f/incbin.S" "$f/dotdot.S" "$f/abs-include.S"
       "$f/dir.S" "$f/with space/q'uote.S" "$f/no-such.S" "" "/dev/null" "/etc/hostname"
       "$f/not.patch" "$f/abs.patch" "$f/dotdot.patch" "$f/outside.patch" "$f/link.patch"
       "$f/binary.patch" "$f/short.csv" "$f/badrow.csv" "$f/binary.csv" "$f/empty.csv"
       "$f/tree" "$f/tree-noarch" "$f/huge.S")
junk=("" " " "x" "-1" "0x" "99999999999999999999" "a b" "\$(touch $w/pwned)" "\`id\`" "*" ".."
      "../../etc" "/" "é" $'\t' $'line\nbreak' "%s%n" "rbx,xmm0" "erms,nonsense" "1:2" "64:a:b"
      "classic,rep" "none" "--help" "-" "'\"" "\\")
patches=(not.patch abs.patch dotdot.patch outside.patch link.patch binary.patch)
pick() { local -n a=$1; next; printf '%s' "${a[R % ${#a[@]}]}"; }
# make_takes ARG...: make reads each as the tool would (no option, no
# empty argument, no value of blanks alone)
make_takes() {
	local x
	for x; do
		[[ -n "$x" && "$x" != -* ]] || return 1
		[[ "$x" != *=* || "${x#*=}" = *[![:space:]]* ]] || return 1
	done
}

# ---- one invocation: the tool must say why and exit 2 ----
i=0
check() { # NAME PREFIX command... (env given by the caller through `env`)
	local name=$1 prefix=$2 rc log
	shift 2
	i=$((i + 1))
	log=$w/runs/$i.txt
	printf '%s\n' "$*" >"$w/runs/$i.cmd"
	timeout --kill-after=5 60 "$@" </dev/null >"$log" 2>&1
	rc=$?
	if [ "$rc" = 2 ] && grep -Eq "^(make: \*\*\* )?\[?($prefix|usage:)" "$log" &&
	   ! grep -Eq 'unbound variable|syntax error|command not found|Segmentation|core dumped|AddressSanitizer|runtime error:|bad substitution|integer expression expected' "$log"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		[ ${#failed[@]} -lt 15 ] && failed+=("$name #$i: exit $rc: $(printf '%q ' "$@" | cut -c1-200) -> $(grep -v '^\s*$' "$log" | tail -n 2 | paste -sd '|' | cut -c1-240)")
	fi
}

settings_review=(ASM ENTRY MODEL ABI KEEPS CALLER FEATURES REVIEW_QUICK REVIEW_FUZZ_SECONDS REVIEW_STOP_AFTER)
review_args() { # a malformed review command line
	local args=() k n
	next
	case $((R % 6)) in
	0) args+=("$(pick junk)") ;;				# not NAME=value
	1) args+=("ASM=$(pick files)") ;;			# a bad file
	2) args+=("ASM=asm/bytewise.S" "ENTRY=ucopy_bytewise" "MODEL=$(pick junk)zz") ;;
	3) args+=("ASM=asm/bytewise.S" "ENTRY=$(pick junk)x-") ;;
	4) next; k=${settings_review[R % ${#settings_review[@]}]}
	   args+=("ASM=asm/bytewise.S" "ENTRY=ucopy_bytewise" "MODEL=bytewise")
	   case $k in ASM|ENTRY|MODEL) k=ABI ;; esac
	   n=$(pick junk); [ -z "$n" ] || [ "$n" = none ] && n=zz
	   [ "$k" = KEEPS ] && n="$n,xmm0"
	   args+=("$k=$n") ;;
	5) args+=("ASM=$(pick files)" "ENTRY=$(pick junk)" "$(pick junk)=1") ;;
	esac
	printf '%s\0' "${args[@]}"
}

n_each=$((count / 5 + 1))
echo "shell-entries: $count malformed invocations (seed $seed), about $n_each per entry point" >&2
for ((k = 0; k < n_each && i < count; k++)); do
	mapfile -d '' -t a < <(review_args)
	# make's own command line is make's: an empty argument, an option
	# ("--help" prints make's help and exits 0) or a blank value (make
	# strips it: "ABI= " is "ABI=", no setting) goes to review.sh instead;
	# a junk NAME=value that make refuses ("--help=1", " =1"), make
	# refuses before the Makefile runs, saying so itself
	if ((k % 10 == 0)) && make_takes "${a[@]}"; then
		check review "review|make: (invalid |unrecognized )?option|empty variable name" make -s --no-print-directory review "${a[@]}"
	elif ((k % 10 == 5)); then
		# a bad value from the environment, the rest well-formed
		v=(REVIEW_QUICK REVIEW_FUZZ_SECONDS REVIEW_STOP_AFTER REVIEW_SEED FEATURES KEEPS CALLER ABI)
		next
		check review "review" env "${v[R % ${#v[@]}]}=$(pick junk)q:" review/review.sh \
			ASM=asm/bytewise.S ENTRY=ucopy_bytewise MODEL=bytewise
	else
		check review "review" review/review.sh "${a[@]}"
	fi
done
echo "shell-entries: review done ($pass passed, $fail failed)" >&2
for ((k = 0; k < n_each && i < count; k++)); do
	next
	case $((R % 6)) in
	0) a=("$(pick junk)") ;;
	1) a=("PATCH=$(pick files)" "KERNEL=$f/tree") ;;
	2) a=("PATCH=$(pick files)" "ASM=$(pick files)") ;;
	3) a=("OLD=$(pick files)" "NEW=$(pick files)") ;;
	4) a=("PATCH=$f/$(pick patches)" "KERNEL=$(pick files)") ;;
	5) a=("OLD=asm/bytewise.S") ;;
	esac
	check review-patch "review(-patch)?" review/review-patch.sh "${a[@]}"
done 2>/dev/null
echo "shell-entries: review-patch done ($pass passed, $fail failed)" >&2
for ((k = 0; k < n_each && i < count; k++)); do
	next
	case $((R % 3)) in
	0) a=() ;;
	1) a=("$(pick files)") ;;
	2) a=("$f/badrow.csv" "$(pick files)") ;;
	esac
	[ ${#a[@]} = 1 ] && [ -z "${a[0]}" ] && a=("$f/empty.csv")
	check review-merge "review-merge" review/merge.sh "${a[@]}"
done
echo "shell-entries: review-merge done ($pass passed, $fail failed)" >&2
if [ -x review/tree.sh ]; then
	for ((k = 0; k < n_each && i < count; k++)); do
		next
		case $((R % 4)) in
		0) a=("$(pick junk)") ;;
		1) a=("KERNEL=$(pick files)") ;;
		2) a=("KERNEL=$f/tree-noarch") ;;
		3) a=("KERNEL=$f/tree" "REVIEW_QUICK=$(pick junk)z") ;;
		esac
		check review-tree "review-tree" review/tree.sh "${a[@]}"
	done
	echo "shell-entries: review-tree done ($pass passed, $fail failed)" >&2
else
	echo "shell-entries: no review/tree.sh in this branch: review-tree skipped" >&2
fi
while ((i < count)); do
	next
	c=$(pick junk),$(pick junk),$((R % 9000 - 100)),$(pick junk),$(pick junk)
	next
	((R % 2)) && c=$(pick junk)
	check live-case "live" build/live/live --case "$c"
done
echo "shell-entries: live-case done ($pass passed, $fail failed)" >&2

# Nothing written outside build/ (a '$(touch ...)' value, a tool's stray
# output): files newer than this run's start, outside build/ and .git.
written=$(find . -path ./build -prune -o -path ./.git -prune -o -newer "$w/files/empty.S" -print | head -n 5)
if [ -n "$written" ] || [ -e "$w/pwned" ]; then
	fail=$((fail + 1))
	failed+=("written outside build/ (or a value run as a command): $written $( [ -e "$w/pwned" ] && echo "$w/pwned")")
fi
for l in "${failed[@]}"; do echo "FAIL $l"; done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
