#!/usr/bin/env bash
# How Why3 starts a prover for WP (the commands of the why3.conf that
# proofs/wp.sh writes):
#   proofs/prover.sh PROVER TIME SMOKE_TIME SMOKE_STEPS FILE
#   PROVER  cvc4 | z3 | cvc5;  TIME  WP's time limit for this goal (s)
# WP 25 gives a smoke test its own time limit (-wp-smoke-timeout) but no
# step limit of its own, and a time limit is read off the wall clock: on a
# loaded machine a smoke test is given up sooner, on an idle one it runs
# until the prover gives up (0.3 to 2 s of CPU). So a goal whose time limit
# is SMOKE_TIME (wp.sh keeps it below every other goal's) is a smoke test,
# and the prover gets SMOKE_STEPS resource units instead: the same amount
# of search whatever the load, enough to refute an inconsistent context
# that needs a quantifier instance (make prove-reject, fsrs), and about a
# quarter of the CPU. Every other goal gets TIME seconds, as Why3 would
# give it (and every goal, smoke tests included, when SMOKE_STEPS is 0).
# The prover's output goes to Why3 unchanged.
set -u
prover=$1 t=$2 smoke_t=$3 smoke_steps=$4 f=$5
smoke=0; [ "$t" = "$smoke_t" ] && [ "$smoke_steps" != 0 ] && smoke=1
case $prover in
cvc4)
	if [ $smoke = 1 ]; then exec cvc4 --stats --rlimit="$smoke_steps" --lang=smt2 "$f"; fi
	exec cvc4 --stats --tlimit="${t}000" --lang=smt2 "$f" ;;
z3)
	# Z3's resource units are not CVC4's: a smoke test keeps its time limit
	exec z3 -smt2 -T:"$t" sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st "$f" ;;
cvc5)
	# Why3 1.5.1 has no CVC5 driver; CVC4's says (set-logic ALL_SUPPORTED),
	# which CVC5 spells ALL
	g=$(mktemp --suffix=.smt2) || exit 2
	sed '1,5s/(set-logic ALL_SUPPORTED)/(set-logic ALL)/' "$f" > "$g"
	cvc5 --stats --tlimit="${t}000" --lang=smt2 "$g"; rc=$?
	rm -f "$g"; exit $rc ;;
*)
	echo "prover.sh: unknown prover $prover" >&2; exit 2 ;;
esac
