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
# CPU seconds of CPU time: CVC4's --tlimit, and for every prover a soft
# ulimit -t (the kernel sends SIGXCPU; Why3 reads a prover killed by a
# signal as a timeout). TIME (wp.sh: five times CPU) is only a guard.
# WP 25 gives a smoke test its own time limit (-wp-smoke-timeout) but no
# step limit of its own. So a goal whose time limit is SMOKE_TIME (wp.sh
# keeps it below every other goal's) is a smoke test, and the prover gets
# SMOKE_STEPS resource units instead: the same amount of search whatever
# the load, enough to refute an inconsistent context that needs a
# quantifier instance (make prove-reject, fsrs), and about a quarter of
# the CPU. A smoke test gets CPU seconds, as every other goal, when
# SMOKE_STEPS is 0 or the prover is not CVC4.
# The prover's output goes to Why3 unchanged.
set -u
[ $# -eq 6 ] || { echo "usage: prover.sh PROVER TIME SMOKE_TIME SMOKE_STEPS CPU FILE" >&2; exit 2; }
prover=$1 t=$2 smoke_t=$3 smoke_steps=$4 cpu=$5 f=$6
# a smoke test for CVC4: its resource units (Z3's and CVC5's are not
# CVC4's: theirs get CPU seconds, as every other goal)
steps=0; [ "$t" = "$smoke_t" ] && [ "$prover" = cvc4 ] && steps=$smoke_steps
[ "$steps" != 0 ] || ulimit -S -t "$cpu" || exit 2
case $prover in
cvc4)
	if [ "$steps" != 0 ]; then exec cvc4 --stats --rlimit="$steps" --lang=smt2 "$f"; fi
	exec cvc4 --stats --tlimit="${cpu}000" --lang=smt2 "$f" ;;
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
