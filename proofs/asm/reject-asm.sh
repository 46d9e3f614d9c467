#!/usr/bin/env bash
# The machine-code proofs can fail: every mutant of tests/mutants/ of a row
# proven at machine-code level (proofs/asm/<row>.annot) is lifted with that
# row's annotations and must leave the goal proofs/asm/wrong-mutants.txt
# names unproved (or be refused by the lifter, as listed), while the same
# goal of the row's own lift is proved: so the failure is the mutant's, not
# the timeout's. Only the named goal is run (-wp-prop), at a short timeout
# (5 s), two mutants at a time; the control is read off `make prove-asm`'s
# report of the row when that is current (its WP_TIMEOUT, 20 s).
# Output ends with "N passed, M failed".
set -uo pipefail
# the rows' options in make prove-asm (proofs/wp.sh)
export WP_SMOKE_DEAD_CALL=0
cd "$(dirname "$0")/../.."
. proofs/wp.sh
export ASM_WP_TIMEOUT=${WP_TIMEOUT:-20}	# make prove-asm's, for its cache key
export WP_TIMEOUT=5 WP_PAR=1
export WP_CACHE_DIR=$PWD/build/proofs/wp-cache
mkdir -p "$WP_CACHE_DIR"
work=build/proofs/asm-reject
rm -rf "$work"; mkdir -p "$work"
make -s build/registry.tsv || { echo "reject-asm: cannot build the registry" >&2; exit 2; }
rows=$(registry_columns name kind abi) || exit 2
list=proofs/asm/wrong-mutants.txt

# the mutants to run: those of proven rows; every one must be listed
jobs=() pass=0 fail=0
for sed in tests/mutants/*.sed; do
	m=$(basename "$sed" .sed) r=$(sed -n 's/^# from: *//p' "$sed")
	[ -f "proofs/asm/$r.annot" ] || continue
	line=$(grep "^$m|" "$list")
	[ -n "$line" ] || { echo "FAIL $m: a mutant of $r, proven at machine-code level, is not in $list"; fail=$((fail + 1)); continue; }
	jobs+=("$m|$r|${line#*|}")
done
while IFS='|' read -r m _; do
	case "$m" in ''|'#'*) continue ;; esac
	[ -f "tests/mutants/$m.sed" ] || { echo "FAIL $m: listed in $list, no tests/mutants/$m.sed"; fail=$((fail + 1)); }
done < "$list"
objs=(); for j in "${jobs[@]}"; do IFS='|' read -r m r _ <<<"$j"; objs+=("build/obj/build/lab/mutants/$m.o" "build/gen/asm/$r.c"); done
[ ${#objs[@]} -eq 0 ] || make -s "${objs[@]}" || { echo "reject-asm: build failed" >&2; exit 2; }
echo "reject-asm: ${#jobs[@]} mutants of proven rows, goal by goal at ${WP_TIMEOUT} CPU s, two at a time"

# unproved DIR GOAL: the keys of DIR's report for property GOAL not proved
unproved() { [ -s "$1/wp.json" ] && jq -r --arg g "$2" '."wp:functions" // {} | .[] | to_entries[]
	| select(.key != "wp:section" and (.key | test("_" + $g + "(_[0-9]+)?(_part[0-9]+)?$")))
	| select((.value."wp:main".valid // 0) < .value."wp:main".total) | .key' "$1/wp.json"; }
ngoals() { [ -s "$1/wp.json" ] && jq --arg g "$2" '[."wp:functions" // {} | .[] | to_entries[]
	| select(.key != "wp:section" and (.key | test("_" + $g + "(_[0-9]+)?(_part[0-9]+)?$"))) | .value."wp:main".total] | add // 0' "$1/wp.json" || echo 0; }

one() {	# one mutant: writes its verdict to $work/$m/verdict
	local m=$1 r=$2 goal=$3 why=$4 d=$work/$1 kind abi obj=build/obj/build/lab/mutants/$1.o
	mkdir -p "$d"
	IFS=$'\t' read -r _ kind abi <<<"$(awk -F'\t' -v r="$r" '$1 == r' <<<"$rows")"
	norm() { objdump -d -r --no-show-raw-insn "$1" | sed -n '/^Disassembly/,$p' | sed 's/ucopy_mut_[a-z0-9_]*\|ucopy_[a-z0-9_]*/F/g'
		objdump -r -j __ex_table "$1" 2>/dev/null | sed -n '/^OFFSET/,$p'; }
	if [ "$(norm "$obj")" = "$(norm "build/obj/asm/$r.o")" ]; then
		echo "FAIL $m: its object is $r's (the mutant does not change the machine code)"; return; fi
	if ! proofs/asm/annot-map.sh "build/obj/asm/$r.o" "$obj" "proofs/asm/$r.annot" > "$d/$r.annot" 2> "$d/err"; then
		echo "FAIL $m: $r's annotations do not carry over: $(cat "$d/err")"; return; fi
	if ! proofs/asm/lift.sh "$r" "$obj" "$kind" "$abi" "$d/$r.annot" > "$d/$r.c" 2> "$d/err"; then
		if [ "$goal" = lifter ]; then echo "PASS $m refused by the lifter: $why"; echo "     $(head -n1 "$d/err")"
		else echo "FAIL $m: the lifter refuses it ($(head -n1 "$d/err")), $goal expected"; fi
		return
	fi
	[ "$goal" != lifter ] || { echo "FAIL $m: lifted, but the lifter was expected to refuse it"; return; }
	run_wp "$d" "" "$goal" "$d/$r.c"; local rc=$? bad
	bad=$(unproved "$d" "$goal")
	if [ "$rc" -ne 0 ] || [ -z "$bad" ] || [ -s "$d/warnings" ]; then
		echo "FAIL $m: goal $goal proved (frama-c exit $rc, $(ngoals "$d" "$goal") goals, $(wc -l < "$d/warnings") warnings): $why"; return; fi
	# the control (control_row below): the same goal on the row's own lift
	local n c=$work/control-$r; n=$(ngoals "$c" "$goal")
	if [ "$(cat "$c/rc" 2>/dev/null)" != 0 ] || [ -n "$(unproved "$c" "$goal")" ]; then
		echo "FAIL $m: goal $goal is not proved on $r's own lift either (frama-c exit $(cat "$c/rc" 2>/dev/null))"; return; fi
	echo "PASS $m rejected: $why"
	echo "     unproved: $(head -n 4 <<<"$bad" | paste -sd ' ')$([ "$n" -gt 0 ] && echo " ($r's own: $n/$n proved)" || echo " ($r's own lift has no such goal: it never needs the check)")"
}
# control_row ROW GOAL,...: the goals of the row's own lift its mutants
# name, in one run (served by WP's cache once `make prove-asm` has run),
# at the full timeout
# (none at all when `make prove-asm`'s run of the row is current: its
# report is read instead)
control_row() { mkdir -p "$work/control-$1"
	if PROVE_DIR=build/proofs/asm PROVE_CHECK_ONLY=1 WP_TIMEOUT=${ASM_WP_TIMEOUT:-20} \
		proofs/prove-unit.sh "$1" row "build/gen/asm/$1.c" "" "" 2>/dev/null; then
		cp "build/proofs/asm/$1/wp.json" "$work/control-$1/wp.json"; echo 0 > "$work/control-$1/rc"; return
	fi
	WP_TIMEOUT=20 run_wp "$work/control-$1" "" "$2" "build/gen/asm/$1.c"
	echo $? > "$work/control-$1/rc"; }
export -f one unproved ngoals run_wp wp_options ucopy_includes control_row; export work rows
{ for j in "${jobs[@]}"; do IFS='|' read -r m r g _ <<<"$j"; [ "$g" = lifter ] || echo "$r $g"; done |
	awk '{ g[$1] = ($1 in g) ? g[$1] "," $2 : $2 } END { for (r in g) print "C|" r "|" g[r] }'
  printf 'M|%s\n' "${jobs[@]}"; } > "$work/tasks"
# the controls first, then the mutants, two at a time
grep '^C|' "$work/tasks" | xargs -d '\n' -r -P 2 -I{} bash -c 'IFS="|" read -r _ r g <<<"$1"; control_row "$r" "$g" >/dev/null 2>&1' _ {}
grep '^M|' "$work/tasks" | xargs -d '\n' -r -P 2 -I{} bash -c 'IFS="|" read -r _ m r g w <<<"$1"; one "$m" "$r" "$g" "$w" > "$work/$m.out" 2>&1' _ {}
for j in "${jobs[@]}"; do
	m=${j%%|*}; cat "$work/$m.out"
	if grep -q '^PASS' "$work/$m.out"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
