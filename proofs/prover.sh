#!/usr/bin/env bash
# How Why3 starts a prover for WP (the commands of the why3.conf that
# proofs/wp.sh writes):
#   proofs/prover.sh PROVER TIME SMOKE_TIME SMOKE_STEPS CPU FILE
#   PROVER  cvc4 | z3 | cvc5
#   TIME    WP's time limit for this goal (s): a wall-clock guard only
#   CPU     the goal's budget, in CPU seconds (WP_TIMEOUT)
# WP's limit is read off the wall clock: it kills a prover 2 s after TIME
# has passed ("late why3server timeout"), and Z3's -T and CVC5's --tlimit
# count wall seconds too (CVC4's --tlimit counts its CPU time). On a
# loaded machine a goal would get less search than on an idle one, and a
# proof that passes alone could fail under `make test`. So a goal gets
# CPU seconds of CPU time: a soft ulimit -t (the kernel sends SIGXCPU;
# CVC4 then says "interrupted by timeout", which Why3 reads as a timeout,
# and Why3 reads any prover killed by the signal so too). TIME (wp.sh:
# five times CPU) is only a guard. Not CVC4's own --tlimit as well: it
# reads its CPU clock by a system call, about 30,000 times in a goal of
# 0.2 s, and a system call is dear on this virtual machine: without it
# the goals of movs_alt took 28 % less CPU (docs/proofs.md, "No clock
# reads").
# WP 25 gives a smoke test its own time limit (-wp-smoke-timeout) but no
# step limit of its own. So a goal whose time limit is SMOKE_TIME (wp.sh
# keeps it below every other goal's) is a smoke test, and the prover gets
# SMOKE_STEPS resource units instead: the same amount of search whatever
# the load, enough to refute an inconsistent context that needs a
# quantifier instance (make prove-reject, fsrs), and about a quarter of
# the CPU. A smoke test gets CPU seconds, as every other goal, when
# SMOKE_STEPS is 0 or the prover is not CVC4.
# The prover's output goes to Why3 unchanged.
# glibc's malloc backs the prover's heap with huge pages where the kernel
# allows it (transparent huge pages on madvise; glibc 2.35 and later, an
# older one ignores the setting): a CVC4 goal page-faults about 900 times
# instead of 2,600, and a fault is dear on this virtual machine (the
# goals of movs_alt took 11 % less CPU, its smoke tests 19 % less, with
# the same answers and resource units; docs/proofs.md, "No clock reads").
set -u
[ $# -eq 6 ] || { echo "usage: prover.sh PROVER TIME SMOKE_TIME SMOKE_STEPS CPU FILE" >&2; exit 2; }
prover=$1 t=$2 smoke_t=$3 smoke_steps=$4 cpu=$5 f=$6
# a smoke test for CVC4: its resource units (Z3's and CVC5's are not
# CVC4's: theirs get CPU seconds, as every other goal)
steps=0; [ "$t" = "$smoke_t" ] && [ "$prover" = cvc4 ] && steps=$smoke_steps
[ "$steps" != 0 ] || ulimit -S -t "$cpu" || exit 2
export GLIBC_TUNABLES=${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.hugetlb=1
case $prover in
cvc4)
	if [ "$steps" != 0 ]; then exec cvc4 --stats --rlimit="$steps" --lang=smt2 "$f"; fi
	exec cvc4 --stats --lang=smt2 "$f" ;;
z3)
	exec z3 -smt2 -T:"$t" sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st "$f" ;;
cvc5)
	# Why3 1.5.1 has no CVC5 driver; CVC4's says (set-logic ALL_SUPPORTED),
	# which CVC5 spells ALL
	g=$(mktemp --suffix=.smt2) || exit 2
	sed '1,5s/(set-logic ALL_SUPPORTED)/(set-logic ALL)/' "$f" > "$g"
	cvc5 --stats --tlimit="${t}000" --lang=smt2 "$g"; rc=$?
	rm -f "$g"
	# stopped for its CPU: die of the same signal, so Why3 reads a timeout
	[ $rc -gt 128 ] && kill -s $((rc - 128)) $$
	exit $rc ;;
*)
	echo "prover.sh: unknown prover $prover" >&2; exit 2 ;;
esac
