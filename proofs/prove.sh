#!/usr/bin/env bash
# Runs Frama-C WP over every proof unit and fails unless every goal (RTE and
# smoke tests included) is proved. Units: the spec's lemmas, the hardware
# primitives, the shared stages, every strategy of src/registry.def, and an
# equivalence harness (proofs/equiv.c) for every strategy proven EXACT.
#
#   proofs/prove.sh [unit ...]     default: all units
# Env: WP_TIMEOUT (s, default 10), WP_PAR (default 2), PROVE_LOG (dir).
# Prints a table, writes proofs/results.json; the last line is
#   prove: <M> models, <P>/<G> goals proved
set -uo pipefail
cd "$(dirname "$0")/.."
. proofs/wp.sh

logdir=${PROVE_LOG:-build/proofs}
mkdir -p "$logdir"

# name|abi|level on exact hw|level on delayed hw
registry=$(sed -n 's/^UCOPY_STRATEGY(\([a-z0-9_]*\), *\([A-Z]*\), *\([A-Z]*\), *\([A-Z]*\),.*/\1|\2|\3|\4/p' src/registry.def)

# unit|files|extra cpp flags|-wp-fct (or empty)|what it shows
units=()
units+=("spec|proofs/spec_lemmas.c|||lemmas: levels, ZEROPAD")
# Every other file of src/ (primitives, tails, shared stages, wrappers) is a
# unit of its own; its first comment line says what it is.
for f in src/*.c; do
	name=$(basename "$f" .c)
	[ "$name" = registry ] && continue
	grep -q "^$name|" <<< "$registry" && continue
	what=$(head -n3 "$f" | sed -E 's|^ ?/?\*+ *||; s| *\*/$||; s|^[a-z_0-9]+: *||' | grep -m1 . | cut -c1-34)
	units+=("$name|$f|||$what")
done
while IFS='|' read -r name abi lx ld; do
	[ -n "$name" ] || continue
	units+=("$name|src/$name.c|||exact hw: $lx, delayed hw: $ld")
done <<< "$registry"
while IFS='|' read -r name abi lx ld; do
	[ -n "$name" ] && [ "$name" != bytewise ] || continue
	if [ "$ld" = EXACT ]; then flags=""; hw="every lag"
	elif [ "$lx" = EXACT ]; then flags="-DEXACT_HW_ONLY"; hw="exact hw"
	else continue; fi
	units+=("equiv_$name|src/$name.c src/bytewise.c proofs/equiv.c|-DSTRATEGY=$name $flags|equiv_$name|== bytewise, $hw")
done <<< "$registry"

# A model must state each level the registry claims for it.
# (the contract is in src/<name>.c, or in src/<name>.h when others call it).
check_claims() { # name lx ld -> prints problems
	local f=src/$1.c h=src/$1.h
	[ -f "$h" ] || h=""
	grep -q "ensures $2{" $f $h || echo "$f: registry claims $2 on exact hw, contract has no 'ensures $2{'"
	grep -q "ensures $3{" $f $h || echo "$f: registry claims $3 on delayed hw, contract has no 'ensures $3{'"
}

want=("$@")
selected() { [ ${#want[@]} -eq 0 ] && return 0; local w; for w in "${want[@]}"; do [ "$w" = "$1" ] && return 0; done; return 1; }

printf '%-22s %-34s %7s %7s %7s\n' unit "level / property" goals proved "wall(s)"
tot_g=0 tot_p=0 nmodels=0 bad=0 json=()
for u in "${units[@]}"; do
	IFS='|' read -r name files flags fct what <<< "$u"
	selected "$name" || continue
	log=$logdir/$name.log
	props=-@lemma
	[ "$name" = spec ] && props=@lemma
	start=$(date +%s.%N)
	run_wp "$log" "$flags" "$fct" "$props" $files
	rc=$?
	wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	read -r g p smoke <<< "$(wp_count "$log")"
	problems=""
	if [ "$rc" -ne 0 ] || [ -z "$g" ]; then
		problems="frama-c failed (exit $rc), see $log"; g=${g:-0}; p=0
	else
		[ "$p" -lt "$g" ] && problems="$((g - p)) goal(s) unproved, see $log"
		[ "$smoke" -gt 0 ] && problems="$problems; $smoke smoke test(s) failed (inconsistent assumptions)"
	fi
	# A model is a unit that defines a model_ function (strategies, tails,
	# the copy_from_user wrapper); a strategy must state its registry levels.
	case "$name" in spec|equiv_*) ;; *)
		grep -q '^size_t model_' $files && nmodels=$((nmodels + 1))
		if grep -q "^$name|" <<< "$registry"; then
			IFS='|' read -r _ _ lx ld <<< "$(grep "^$name|" <<< "$registry")"
			claim=$(check_claims "$name" "$lx" "$ld")
			[ -n "$claim" ] && problems="$problems; $claim"
		fi;;
	esac
	printf '%-22s %-34s %7s %7s %7s\n' "$name" "$what" "$g" "$p" "$wall"
	if [ -n "$problems" ]; then echo "  FAILED: ${problems#; }"; bad=$((bad + 1)); fi
	tot_g=$((tot_g + g)); tot_p=$((tot_p + p))
	json+=("{\"unit\": \"$name\", \"shows\": \"$what\", \"goals\": $g, \"proved\": $p, \"wall_s\": $wall, \"ok\": $([ -z "$problems" ] && echo true || echo false)}")
done
if [ ${#want[@]} -eq 0 ]; then
	{ echo "["; (IFS=$'\n'; echo "${json[*]}" | sed '$!s/$/,/;s/^/  /'); echo "]"; } > proofs/results.json
fi
echo "$((${#json[@]} - bad)) passed, $bad failed"
echo "prove: $nmodels models, $tot_p/$tot_g goals proved"
[ "$bad" -eq 0 ]
