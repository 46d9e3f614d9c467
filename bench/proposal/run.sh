#!/usr/bin/env bash
# What the bench does not show (docs/proposal.md): code size, one call
# against the inline rep movsb, the cost of a fault. Writes CSVs under
# build/proposal/bench/ (size, inline, fault, faults), one line per phase.
#   bench/proposal/run.sh        (make proposal-costs: built first)
set -euo pipefail
cd "$(dirname "$0")/../.."
B=build/proposal/bench
for f in "$B/inline" "$B/fault" build/lab/sweep; do
	[ -x "$f" ] || { echo "proposal-costs: no $f (make proposal-costs builds it)" >&2; exit 2; }
done
cpu=$(($(nproc) - 1))
echo "proposal-costs: code size (bench/proposal/size.sh)"
bench/proposal/size.sh >"$B/size.csv.tmp" && mv "$B/size.csv.tmp" "$B/size.csv"
echo "proposal-costs: one call against the inline rep movsb, pinned to CPU $cpu"
taskset -c "$cpu" "$B/inline" ${PROPOSAL_INLINE_FLAGS:-} >"$B/inline.csv.tmp" && mv "$B/inline.csv.tmp" "$B/inline.csv"
echo "proposal-costs: a faulting pread on this kernel, pinned to CPU $cpu"
taskset -c "$cpu" "$B/fault" ${PROPOSAL_FAULT_FLAGS:-} >"$B/fault.csv.tmp" && mv "$B/fault.csv.tmp" "$B/fault.csv"
echo "proposal-costs: faults per faulting copy (the lab)"
bench/proposal/faults.sh >"$B/faults.csv.tmp" && mv "$B/faults.csv.tmp" "$B/faults.csv"
echo "proposal-costs: $(($(wc -l <"$B/size.csv") - 1)) size rows, $(($(wc -l <"$B/inline.csv") - 1)) inline cells," \
	"$(($(wc -l <"$B/fault.csv") - 1)) fault lengths, $(($(wc -l <"$B/faults.csv") - 1)) lab cases in $B"
