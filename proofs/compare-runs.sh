#!/usr/bin/env bash
# Before/after table of two cold proof runs (`make prove` and `make
# prove-asm`), per unit: goals (smoke tests apart, then in brackets) and
# CPU seconds (Frama-C and its provers), costliest first by the "before"
# CPU, then the sums per run. Markdown on stdout.
#
#   proofs/compare-runs.sh BEFORE.json AFTER.json
#   proofs/compare-runs.sh --keep OUT.json [PROVE_DIR [ASM_DIR]]
#       keeps a run: the summaries of PROVE_DIR/results.json (default
#       build/proofs) and ASM_DIR/results.json (build/proofs/asm), each
#       marked with its run, in one file (docs/proofs.md keeps two);
#       PROVE_DIR - keeps the machine-code run alone
set -euo pipefail
if [ "${1:-}" = --keep ]; then
	[ $# -ge 2 ] || { echo "usage: proofs/compare-runs.sh --keep OUT.json [PROVE_DIR [ASM_DIR]]" >&2; exit 2; }
	p=${3:-build/proofs} a=${4:-build/proofs/asm}
	pr=/dev/null; [ "$p" = - ] || pr=$p/results.json
	for f in "$a/results.json" $([ "$p" = - ] || echo "$pr"); do
		[ -s "$f" ] || { echo "compare-runs: no $f (a whole run writes it)" >&2; exit 2; }
	done
	jq -n --slurpfile p "$pr" --slurpfile a "$a/results.json" '
		[(($p[0] // [])[] | .run = "prove"), ($a[0][] | .run = "prove-asm")]
		| if any(.[]; .cached) then error("a unit came from the cache: keep cold runs only") else . end
		| map({run, unit, goals, smoke: .smoke.goals, cpu_s})' > "$2"
	exit 0
fi
[ $# = 2 ] || { echo "usage: proofs/compare-runs.sh BEFORE.json AFTER.json" >&2; exit 2; }
for f in "$@"; do
	jq -e 'type == "array" and all(.[]; has("run") and has("unit") and has("cpu_s"))' "$f" >/dev/null 2>&1 ||
		{ echo "compare-runs: $f is not a run kept by proofs/compare-runs.sh --keep" >&2; exit 2; }
done
jq -r -n --slurpfile b "$1" --slurpfile a "$2" '
	def key: "\(.run) \(.unit)";
	def byk(s): s | map({key: key, value: .}) | from_entries;
	def goals(u): if u == null then "-" else "\(u.goals) (+\(u.smoke))" end;
	def cpu(u): if u == null then "-" else (u.cpu_s | tostring) end;
	def sum(s; f): [s[] | f] | add // 0 | . * 10 | round / 10;
	byk($b[0]) as $B | byk($a[0]) as $A |
	([$b[0][], $a[0][]] | map(key) | unique) as $keys |
	"| run | unit | goals (+ smoke) before | after | CPU s before | after |",
	"|---|---|--:|--:|--:|--:|",
	($keys | sort_by(-($B[.].cpu_s // -1))[] as $k |
	  ($B[$k] // $A[$k]) as $u |
	  "| \($u.run) | \($u.unit) | \(goals($B[$k])) | \(goals($A[$k])) | \(cpu($B[$k])) | \(cpu($A[$k])) |"),
	([$b[0][], $a[0][]] | map(.run) | unique[] as $r |
	  ($b[0] | map(select(.run == $r))) as $bu | ($a[0] | map(select(.run == $r))) as $au |
	  "| **\($r)** | \($bu | length) units | \(sum($bu; .goals)) (+\(sum($bu; .smoke))) | \(sum($au; .goals)) (+\(sum($au; .smoke))) | \(sum($bu; .cpu_s)) | \(sum($au; .cpu_s)) |")'
