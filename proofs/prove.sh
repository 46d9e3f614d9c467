#!/usr/bin/env bash
# Runs Frama-C WP over every proof unit and fails unless every goal (RTE and
# smoke tests included) is proved, Frama-C warns of nothing, and each
# registry row's levels are the ones WP proves. Units:
#   spec       the lemmas of spec/ (proofs/spec_lemmas.c)
#   stages     every file of src/hw (the primitives' bodies), src/stages
#              (shared stages, ALIGN_DESTINATION) and src/wrappers
#              (copy_from_user); src/runtime (oracle, table) is not proven
#   rows       src/rows/<name>.c for every row of the registry
#   equiv      proofs/equiv.c: every copy row proven EXACT == bytewise, every
#              clear row proven EXACT == clear_bytewise
#
#   proofs/prove.sh [unit ...]     default: all units
# Env: WP_TIMEOUT (CPU s per goal, 20), PROVE_JOBS (units at once, 2),
#      WP_PAR (provers at once per unit: 4 for a unit proving alone, else 2),
#      PROVE_CACHE (1: reuse a unit whose inputs did not change; 0: never).
# Prints a line per unit as it finishes, then the table; writes
# build/proofs/results.json (a whole run only). Last line:
#   prove: <M> models, <P>/<G> goals proved (<C> contract, <E> equivalence, <S> smoke)
set -uo pipefail
cd "$(dirname "$0")/.."
. proofs/wp.sh
export PROVE_DIR=${PROVE_DIR:-build/proofs}
PROVE_TOOLS=$(tool_versions)
export PROVE_TOOLS
mkdir -p "$PROVE_DIR"
make -s build/registry.tsv || { echo "prove: cannot build the registry" >&2; exit 2; }
# who calls whom: a unit drops its dead-call smoke tests when each of its
# callees has a body proven here, which needs every body to terminate: a
# variant on each loop (prove-unit.sh) and no recursion (proofs/wp.sh)
make -s build/proofs/calls/graph.tsv || { echo "prove: cannot build the call graph (proofs/calls.sh)" >&2; exit 2; }
if ! cyc=$(proofs/calls.sh cycles "$(calls_graph)"); then
	echo "prove: recursive functions ($(echo $cyc)): no loop variant bounds them, so their proofs would not show that they return" >&2
	exit 1
fi

# name|kind|files|cpp flags|what it shows|level exact hw|level delayed hw
units=("spec|spec|proofs/spec_lemmas.c||lemmas: levels, ZEROPAD||")
rows=$(registry_columns name kind abi level_exact_hw level_delayed_hw) || exit 2
is_row() { cut -f1 <<<"$rows" | grep -qx "$1"; }
for f in src/rows/*.c; do
	is_row "$(basename "$f" .c)" ||
		{ echo "prove: $f is in src/rows but has no registry row (src/runtime/registry.def)" >&2; exit 2; }
done
for f in src/hw/*.c src/stages/*.c src/wrappers/*.c; do
	name=$(basename "$f" .c)
	# what it shows: the file's first comment line
	what=$(head -n3 "$f" | sed -E 's|^ ?/?\*+ *||; s| *\*/$||; s|^[a-z_0-9]+: *||' | grep -m1 . | cut -c1-40)
	units+=("$name|stage|$f||$what||")
done
while IFS=$'\t' read -r name kind abi lx ld; do
	units+=("$name|row|src/rows/$name.c||exact hw: $lx, delayed hw: $ld|$lx|$ld")
done <<<"$rows"
# One unit holds every equivalence harness: proofs/equiv.c over the rows
# listed in build/proofs/equiv-rows.h: every copy or copy_mc row proven
# EXACT on exact hardware against bytewise, every clear row proven EXACT
# there against clear_bytewise (proofs/equiv-harness.h, CLEAR defined).
# Those EXACT only on exact hardware are compared there only, a copy_mc
# row where its source poison starts on an 8-byte boundary of the source,
# as its contract has it.
while IFS=$'\t' read -r name kind abi lx ld; do
	case "$kind/$name" in copy/bytewise|clear/clear_bytewise) continue ;; copy/*|mc/*|clear/*) ;; *) continue ;; esac
	[ "$lx" = EXACT ] || continue
	max=UCOPY_LEN_MAX; [ "$abi" = rep ] || [ "$abi" = stos ] && max=UCOPY_REP_LEN_MAX
	reading='\true'; [ "$ld" = EXACT ] || reading='hw_exact != 0'
	[ "$kind" = mc ] && reading="$reading && (hw_fs >= len || (daddr + hw_fs) % 8 == 0)"
	clear='#undef CLEAR'; [ "$kind" = clear ] && clear='#define CLEAR'
	printf '#include "%s.h"\n#define STRATEGY %s\n#define LEN_MAX %s\n#define READING %s\n%s\n' \
		"$name" "$name" "$max" "$reading" "$clear"
	printf '#include "equiv-harness.h"\n#undef STRATEGY\n#undef LEN_MAX\n#undef READING\n'
done <<<"$rows" > "$PROVE_DIR/equiv-rows.h.new"
cmp -s "$PROVE_DIR/equiv-rows.h.new" "$PROVE_DIR/equiv-rows.h" ||
	mv "$PROVE_DIR/equiv-rows.h.new" "$PROVE_DIR/equiv-rows.h"
rm -f "$PROVE_DIR/equiv-rows.h.new"
units+=("equiv|equiv|proofs/equiv.c|-iquote $PROVE_DIR -iquote proofs|every EXACT row == bytewise / clear_bytewise||")

want=("$@")
selected=()
for u in "${units[@]}"; do
	n=${u%%|*}
	if [ ${#want[@]} -gt 0 ]; then
		keep=0; for w in "${want[@]}"; do [ "$w" = "$n" ] && keep=1; done
		[ $keep = 1 ] || continue
	fi
	selected+=("$u")
done
[ ${#selected[@]} -gt 0 ] || { echo "prove: no unit named ${want[*]}" >&2; exit 2; }

# Costliest first, so that two runners finish together: by the CPU seconds
# of the unit's last run here; in a fresh clone by those a profile measured
# (proofs/unit-costs.tsv, written by `make prove-profile` into
# build/proofs/); otherwise by the size of the unit's files (about 15 CPU
# seconds per 1000 bytes). The equivalence unit's file is small but its
# goals are many: without the table it would start last and run alone.
cost() {
	local n=${1%%|*} f c
	if [ -f "$PROVE_DIR/$n/cost" ]; then cat "$PROVE_DIR/$n/cost"; return; fi
	c=$(measured_cost proofs/unit-costs.tsv "$n")
	if [ -n "$c" ]; then echo "$c"; return; fi
	IFS='|' read -r _ _ f _ <<<"$1"
	# shellcheck disable=SC2086
	cat $f | wc -c | awk '{ print $1 * 15 / 1000 }'
}
listed=("${selected[@]}")
mapfile -t selected < <(for u in "${selected[@]}"; do printf '%s\t%s\n' "$(cost "$u")" "$u"; done |
	sort -t$'\t' -k1,1gr | cut -f2-)

rm -rf "$PROVE_DIR/running"   # the units proving now (prove-unit.sh, -wp-par)
echo "prove: ${#selected[@]} units, ${PROVE_JOBS:-2} at a time, ${WP_TIMEOUT:-20} CPU s per goal"
start=$(date +%s)
printf '%s\n' "${selected[@]}" | tr '\n' '\0' |
	xargs -0 -P "${PROVE_JOBS:-2}" -I{} bash -c '
		IFS="|" read -r name kind files flags shows lx ld <<<"$1"
		proofs/prove-unit.sh "$name" "$kind" "$files" "$flags" "$shows" "$lx" "$ld"
		jq -r "\"  done \(.unit): \(.proved)/\(.goals) goals\(if .cached then \" (unchanged, from the last run)\" else \", \(.wall_s) s\" end)\(if .ok then \"\" else \"  FAILED\" end)\"" \
			"$PROVE_DIR/$name/summary.json"' _ {}
wall=$(( $(date +%s) - start ))

summaries=()
for u in "${listed[@]}"; do summaries+=("$PROVE_DIR/${u%%|*}/summary.json"); done
all=$(jq -s . "${summaries[@]}")
if [ ${#want[@]} -eq 0 ]; then echo "$all" > "$PROVE_DIR/results.json"; fi

echo
printf '%-22s %-40s %6s %6s %6s %7s\n' unit "level / property" goals proved smoke "wall(s)"
jq -r '.[] | [.unit, .shows, .goals, .proved, "\(.smoke.passed)/\(.smoke.goals)",
	(if .cached then "cached" else .wall_s end)] | @tsv' <<<"$all" |
	while IFS=$'\t' read -r u s g p sm w; do
		printf '%-22s %-40s %6s %6s %6s %7s\n' "$u" "$s" "$g" "$p" "$sm" "$w"
	done
jq -r '.[] | select(.ok | not) | "  FAILED \(.unit): \(.problems)"' <<<"$all"
read -r npass nfail nmodels g p c e s <<<"$(jq -r '
	[ (map(select(.ok)) | length), (map(select(.ok | not)) | length),
	  (map(select(.kind == "row")) | length),
	  (map(.goals + .smoke.goals) | add), (map(.proved + .smoke.passed) | add),
	  (map(select(.kind != "equiv") | .goals) | add // 0),
	  (map(select(.kind == "equiv") | .goals) | add // 0),
	  (map(.smoke.goals) | add // 0) ] | @tsv' <<<"$all")"
echo "wall time ${wall} s"
echo "$npass passed, $nfail failed"
echo "prove: $nmodels models, $p/$g goals proved ($c contract, $e equivalence, $s smoke)"
[ "$nfail" -eq 0 ]
