#!/usr/bin/env bash
# A goal's budget is CPU time, whatever the load (proofs/prover.sh,
# proofs/wp.sh): a prover paused past its budget on the wall clock still
# answers; one that needs more CPU than its budget is stopped, by the
# ulimit alone (no --tlimit), the prover's heap on huge pages; a smoke
# test is bounded by resource units, not seconds; WP's settings that
# would break the smoke tests' recognition are refused; each setting has
# its own Why3 configuration file; through WP, a goal slow on the wall
# clock but not in CPU is proved. The prover's goals are pigeonhole formulas
# (n+1 pigeons, n holes: unsat, and CVC4's work grows fast with n).
# Output ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. proofs/wp.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if eval "$2"; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
pigeons() { # pigeons N: N+1 pigeons in N holes
	local n=$1 i j k
	echo "(set-logic QF_UF)"
	for ((i = 0; i <= n; i++)); do for ((j = 1; j <= n; j++)); do echo "(declare-fun p${i}_$j () Bool)"; done; done
	for ((i = 0; i <= n; i++)); do
		printf '(assert (or'; for ((j = 1; j <= n; j++)); do printf ' p%d_%d' "$i" "$j"; done; echo '))'
	done
	for ((j = 1; j <= n; j++)); do for ((i = 0; i <= n; i++)); do for ((k = i + 1; k <= n; k++)); do
		echo "(assert (not (and p${i}_$j p${k}_$j)))"; done; done; done
	echo "(check-sat)"
}
pigeons 8 > "$tmp/easy.smt2"    # about 0.7 s of CVC4's CPU here
pigeons 9 > "$tmp/hard.smt2"    # about 19 s
cpu_of() { tail -n1 "$1" | awk '{ print $1 + $2 }'; }   # the last line: bash may say "Aborted" first

# 1: CPU seconds, not wall: stopped for 3 s with a 2 s budget, it answers
proofs/prover.sh cvc4 10 5 30000 2 "$tmp/easy.smt2" > "$tmp/out1" 2>&1 & pid=$!
sleep 0.2; kill -STOP "$pid"; sleep 3; kill -CONT "$pid"; wait "$pid"
check "a prover stopped 3 s on the wall clock, with a 2 s CPU budget, still proves (got: $(head -n1 "$tmp/out1"))" \
	'[ "$(head -n1 "$tmp/out1")" = unsat ]'

# 2: the budget is enforced: 1 s of CPU for a 19 s goal
TIMEFORMAT='%U %S'
{ time proofs/prover.sh cvc4 60 5 30000 1 "$tmp/hard.smt2" > "$tmp/out2" 2>&1; echo "rc $?" > "$tmp/rc2"; } 2> "$tmp/t2"
check "a goal that needs more CPU than its 1 s budget is stopped ($(cat "$tmp/rc2"), $(grep -c "interrupted by timeout" "$tmp/out2") timeout message, $(cpu_of "$tmp/t2") CPU s), not proved" \
	'[ "$(cut -d" " -f2 "$tmp/rc2")" -gt 128 ] && ! grep -q "^unsat" "$tmp/out2" && awk "BEGIN { exit !($(cpu_of "$tmp/t2") < 3) }"'

# 2b: and by the ulimit alone: CVC4's own --tlimit reads its CPU clock by
# a system call some 30,000 times in a 0.2 s goal; and its heap on huge
# pages (docs/proofs.md, "No clock reads"). A stand-in cvc4 reports its
# arguments, its limit and glibc's tunables.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho unsat\necho "args: $*"\necho "cpu limit: $(ulimit -S -t)"\necho "tunables: $GLIBC_TUNABLES"\n' > "$tmp/bin/cvc4"
chmod +x "$tmp/bin/cvc4"
PATH="$tmp/bin:$PATH" proofs/prover.sh cvc4 10 5 30000 2 "$tmp/easy.smt2" > "$tmp/out2b" 2>&1
check "a goal's CVC4 gets its 2 s as a CPU ulimit, without --tlimit ($(sed -n 's/^cpu limit: /limit /p' "$tmp/out2b"))" \
	'grep -qx "cpu limit: 2" "$tmp/out2b" && grep -q "^args: " "$tmp/out2b" && ! grep -q -- "--tlimit" "$tmp/out2b"'
check "and a heap on huge pages ($(sed -n 's/^tunables: //p' "$tmp/out2b"))" \
	'grep -q "^tunables: .*glibc.malloc.hugetlb=1" "$tmp/out2b"'

# 3: a smoke test (its time limit is SMOKE_TIME) gets resource units
{ time proofs/prover.sh cvc4 5 5 30000 20 "$tmp/hard.smt2" > "$tmp/out3" 2>&1; } 2> "$tmp/t3"
units=$(sed -n 's/^smt::SmtEngine::resourceUnitsUsed, //p' "$tmp/out3")
check "a smoke test (20 s budget) is bounded by 30000 resource units: $(head -n1 "$tmp/out3") after ${units:-?} units, $(cpu_of "$tmp/t3") CPU s" \
	'[ "$(head -n1 "$tmp/out3")" = unknown ] && [ "${units:-0}" -ge 30000 ] && [ "$units" -lt 31000 ] && awk "BEGIN { exit !($(cpu_of "$tmp/t3") < 3) }"'

# 4: WP's settings
bad() { ( export "$@"; wp_options > /dev/null 2>&1 ); [ $? = 2 ]; }
check "a smoke guard not below the goals' wall-clock guard is refused" 'bad WP_TIMEOUT=20 WP_SMOKE_TIMEOUT=100'
check "a wall-clock guard below the CPU budget is refused" 'bad WP_TIMEOUT=20 WP_WALL_TIMEOUT=10'
check "a budget of 0 s is refused" 'bad WP_TIMEOUT=0'
check "the default: 20 CPU s per goal, WP told 100 s, smoke tests 50 s" \
	'[ "$(env -u WP_TIMEOUT -u WP_WALL_TIMEOUT -u WP_SMOKE_TIMEOUT bash -c ". proofs/wp.sh; echo \$(goal_cpu) \$(wall_timeout) \$(smoke_timeout)")" = "20 100 50" ]'

# 5: one Why3 configuration per setting, each naming its own budget
a=$(WP_TIMEOUT=3 why3_conf_file) b=$(WP_TIMEOUT=20 why3_conf_file)
check "make prove-reject's 3 s and make prove's 20 s read different files" '[ "$a" != "$b" ]'
WP_TIMEOUT=3 write_why3_conf && WP_TIMEOUT=20 write_why3_conf
check "each file holds its own budget" \
	'grep -q "prover.sh cvc4 %t 7 30000 3 %f" "$a" && grep -q "prover.sh cvc4 %t 50 30000 20 %f" "$b"'
# 6: through WP: a lemma whose prover takes 6 s of wall clock (asleep, as
# on a loaded machine) and almost no CPU, under a 2 s budget. WP's own
# wall-clock kill (2 s past what it is told) must not decide it; told
# the budget itself (WP_WALL_TIMEOUT=2, as before the guard), it does.
mkdir -p "$tmp/copy" "$tmp/wp-ok" "$tmp/wp-killed"
cp -r proofs spec src "$tmp/copy/"
sed -i 's/^\[ "\$steps" != 0 \] || ulimit/[ "$steps" != 0 ] || sleep 6; &/' "$tmp/copy/proofs/prover.sh"
echo '/*@ lemma square_grows: \forall integer a; a >= 2 ==> a * a > a + 1; */' > "$tmp/lemma.c"
lemma() { # lemma DIR ENV...: the lemma's status in DIR's report, by the copy's WP
	( cd "$tmp/copy" && . proofs/wp.sh && export WP_CACHE_MODE=none WP_TIMEOUT=2 "${@:2}" &&
	  run_wp "$1" "" "" "$tmp/lemma.c" ) || return
	jq -r '."wp:axiomatics"[""].lemma_square_grows."wp:main" | "\(.valid // 0)/\(.total)"' "$1/wp.json"
}
check "the copy's prover sleeps before a goal (the test is live)" 'grep -q "sleep 6" "$tmp/copy/proofs/prover.sh"'
got=$(lemma "$tmp/wp-ok")
check "a goal 6 s on the wall clock under a 2 s CPU budget is proved (WP told $(WP_TIMEOUT=2 wall_timeout) s): $got" '[ "$got" = 1/1 ]'
got=$(lemma "$tmp/wp-killed" WP_WALL_TIMEOUT=2)
check "told only the budget (WP_WALL_TIMEOUT=2), WP kills it on the wall clock: $got" '[ "$got" = 0/1 ]'
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
