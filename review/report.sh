#!/usr/bin/env bash
# The main job's report (`make report`, review/review.mk, which makes its
# inputs as file targets and reruns what is out of date):
#
#   review/report.sh fuzz SECONDS FUZZ_DIR
#       one line per registry row, "name executions seconds crashes source":
#       the result `make fuzz STRATEGY=name` left when it is newer than the
#       harness (and REPORT_FRESH is not set), else SECONDS of libFuzzer
#       here; nothing is run when SECONDS is 0 or there is no harness
#   review/report.sh write SWEEP_OUTPUT BENCH_OUT
#       report.md at the repository root, from the proof results
#       (build/proofs/results.json), that sweep output, build/report/
#       levels.txt and fuzz.txt, and BENCH_OUT/summary.csv and table.txt;
#       prints a short summary whose last line starts "report: FAILED" when
#       a proof or a sweep case failed
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh

R=${REPORT_DIR:-build/report} OUT=${REPORT_OUT:-report.md}

fuzz_rows() {
	local seconds=$1 dir=$2 s f log rc
	for s in $(registry_names); do
		f=$dir/logs/libfuzzer-$s/result
		if [ -z "${REPORT_FRESH:-}" ] && [ -s "$f" ] && [ "$f" -nt "$dir/ucopy-fuzz" ]; then
			awk '{ printf "%s %s %s %s make-fuzz\n", $1, $2, ($3 > 0 ? int($2 / $3 + 0.5) : "?"), $6 }' "$f"
		elif [ "$seconds" -gt 0 ] && [ -x "$dir/ucopy-fuzz" ]; then
			echo "report: fuzzing $s for $seconds s" >&2
			log=$R/fuzz-$s.log
			rm -rf "$R/fuzz-corpus-$s"
			mkdir -p "$R/fuzz-corpus-$s"
			UCOPY_FUZZ_STRATEGY=$s timeout --kill-after=10 $((seconds + 60)) "$dir/ucopy-fuzz" \
				-max_len=26 -len_control=0 -timeout=10 -max_total_time="$seconds" \
				-print_final_stats=1 -artifact_prefix="$R/fuzz-crash-$s-" \
				"$R/fuzz-corpus-$s" tests/fuzz/corpus >"$log" 2>&1
			rc=$?
			echo "$s $(fuzz_stat number_of_executed_units "$log") $seconds $([ $rc = 0 ] && echo 0 || echo 1) this-report"
		fi
	done
}

case "${1:-}" in
fuzz)	fuzz_rows "$2" "$3"; exit 0 ;;
write)	SWEEP=$2 BENCH_OUT=$3 ;;
*)	echo "usage: $0 fuzz SECONDS FUZZ_DIR | write SWEEP_OUTPUT BENCH_OUT" >&2; exit 2 ;;
esac
SWEEP_KIND=full
case "$SWEEP" in *quick*) SWEEP_KIND=quick ;; esac
LEVELS=$R/levels.txt FUZZ=$R/fuzz.txt

ticks() { # strategy len
	awk -F, -v s="$1" -v l="$2" '$1 == s && $2 == "aligned" && $3 == l { printf "%.0f", $4; f = 1 }
		END { if (!f) printf "-" }' "$BENCH_OUT/summary.csv" 2>/dev/null || printf -- "-"
}
sweep_row() { # name -> "cases passed failed"
	awk -v n="$1" '$1 == n && $3 == "cases" { print $2, $4, $6 }' "$SWEEP"
}
commas() { echo "$1" | sed -e :a -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta'; }

proof_fail=0 sweep_fail=0 nstrat=0 units_ok=0 units=0
{
	echo "# ucopy: the reviewer's report"
	echo
	echo "Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`make report\` from the tree" \
	     "$(git rev-parse --short HEAD 2>/dev/null || echo '(no commit yet)')$(git diff --quiet HEAD 2>/dev/null || echo ' with local changes')."
	echo "Sources: $PROOF_RESULTS, the fault-lab sweep ($SWEEP_KIND, seed 1), the contract-level" \
	     "table (\`make levels\`), libFuzzer runs, the benchmark ($BENCH_OUT/summary.csv)."
	echo
	echo "## This CPU"
	echo
	sed -n 's/^# \(cpu\|flags\|kernel\|unit\|timer\|empty call\)\(.*\)/- \1\2/p' "$BENCH_OUT/table.txt" 2>/dev/null | head -n 8
	echo
	echo "## Per strategy"
	echo
	echo "Levels: what WP proves of the model (src/rows/<name>.c) under each reading of" \
	     "\`rep movs\` fault reporting: **exact** (registers say exactly what was stored, as" \
	     "measured here) and **delayed** (they may under-report). EXACT > RAW > WEAK" \
	     "(spec/spec.md); \"(claimed)\": the registry's level, not proved yet. Sweep: cases of the asm routine against its model in the fault" \
	     "lab. Ticks: median TSC ticks per call at that length, aligned buffers, hot cache," \
	     "including the empty-call floor."
	echo
	echo "| strategy | kernel origin | ABI | exact hw | delayed hw | WP goals | sweep passed | fuzz executions | 8 | 32 | 64 | 256 | 4096 |"
	echo "|---|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
	while IFS=$'\t' read -r s _ abi lx ld _; do
		nstrat=$((nstrat + 1))
		p=$(proof_of "$s") pe=$(equiv_of "$s")
		lxc="$lx (claimed)" ldc="$ld (claimed)"
		if [ -n "$p" ]; then
			read -r g pr _ ok plx pld shows <<<"$p"
			# the levels the proof shows: its "levels", or its text
			# "exact hw: EXACT, delayed hw: WEAK"
			if [ "$ok" = true ] && [ "$plx" != - ]; then
				lxc=$plx ldc=$pld
			elif [ "$ok" = true ] && [[ $shows =~ exact\ hw:\ ([A-Z]+),\ delayed\ hw:\ ([A-Z]+) ]]; then
				lxc=${BASH_REMATCH[1]} ldc=${BASH_REMATCH[2]}
			fi
			pcell="$pr/$g$([ "$ok" = true ] && echo ' ✓' || echo ' ✗')"
			[ "$ok" = true ] || proof_fail=1
			if [ -n "$pe" ]; then
				read -r g2 pr2 <<<"$pe"
				pcell="$pcell; ≡ bytewise $pr2/$g2$([ "$pr2" = "$g2" ] && echo ' ✓' || echo ' ✗')"
				[ "$pr2" = "$g2" ] || proof_fail=1
			fi
		else
			pcell="not proved yet"
		fi
		read -r c pp f <<<"$(sweep_row "$s")"
		if [ -n "${c:-}" ]; then
			scell="$(commas "$pp") / $(commas "$c")"
			[ "$f" -gt 0 ] && { scell="**$scell ($f failed)**"; sweep_fail=1; }
		else
			scell="not run"
		fi
		read -r _ fx fs fc _ <<<"$(awk -v s="$s" '$1 == s' "$FUZZ")"
		if [ -n "${fx:-}" ]; then
			fcell="$(commas "$fx") in ${fs} s"
			[ "${fc:-0}" != 0 ] && fcell="**$fcell, failing inputs**"
		else
			fcell="not run"
		fi
		printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
			"$s" "$(registry_origin "$s")" "$abi" "$lxc" "$ldc" "$pcell" \
			"$scell" "$fcell" "$(ticks "$s" 8)" "$(ticks "$s" 32)" "$(ticks "$s" 64)" \
			"$(ticks "$s" 256)" "$(ticks "$s" 4096)"
		c="" fx=""
	done < <(registry_rows)
	echo
	echo "### Levels refuted, with the counterexample the compiled model gives"
	echo
	if grep -q refuted "$LEVELS"; then
		awk '/^[a-z0-9_]+ \(/ { s = $1 } /refuted/ { sub(/^ *PASS /, ""); r = $0 }
		     /counterexample/ { sub(/^ *counterexample \([A-Z]+\): /, ""); printf "- %s: %s\n", r, $0 }' "$LEVELS"
	else
		echo "None refuted$(grep -q 'passed, 0 failed' "$LEVELS" || echo ' (the level table did not run cleanly: see '"$R"'/levels.txt)')."
	fi
	echo
	echo "## Proofs"
	echo
	echo "| unit | shows | goals proved | wall | all proved |"
	echo "|---|---|---:|---:|---|"
	proof_rows 2>/dev/null | while read -r u g pr w ok _ _ shows; do
		echo "| $u | $shows | $pr / $g | $([ "$w" = - ] && echo - || echo "$w s") | $([ "$ok" = true ] && echo yes || echo '**no**') |"
	done
	echo
	echo "## Fault-lab sweep"
	echo
	sed -n 's/^sweep: seed/Seed/p' "$SWEEP" | head -n 1
	echo
	echo "| target | cases | passed | failed | seconds |"
	echo "|---|---:|---:|---:|---:|"
	awk '$3 == "cases" && $5 == "passed" { printf "| %s | %d | %d | %d | %s |\n", $1, $2, $4, $6, $8 }' "$SWEEP"
	echo
	grep -E '^[0-9]+ passed, [0-9]+ failed$' "$SWEEP" | tail -n 1 | sed 's/^/Total: /'
	grep -m 10 '^FAIL ' "$SWEEP" | sed 's/^/    /'
	echo
	echo "## Reproduce"
	echo
	echo "    make prove                 # $PROOF_RESULTS"
	echo "    make sweep SEED=1          # the full sweep (REPORT_SWEEP=quick: make sweep-quick)"
	echo "    make levels                # the contract table and its counterexamples"
	echo "    make fuzz STRATEGY=name    # libFuzzer on one strategy"
	echo "    make bench-quick           # ticks; make bench for every variant"
	echo "    make review ASM=... ENTRY=... MODEL=...   # check a kernel's own routine (docs/review.md)"
} >"$R/report.md.tmp"
mv "$R/report.md.tmp" "$OUT"

sweep_total=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$SWEEP" | tail -n 1)
[ -n "$sweep_total" ] || sweep_fail=1
units=$(proof_rows 2>/dev/null | wc -l)
units_ok=$(proof_rows 2>/dev/null | awk '$5 == "true"' | wc -l)
echo "report: wrote $OUT ($nstrat registry rows)"
echo "  proofs: $units_ok of $units units fully proved ($PROOF_RESULTS)"
echo "  sweep ($SWEEP_KIND): ${sweep_total:-did not finish}"
echo "  cpu: $(sed -n 's/^# cpu: //p' "$BENCH_OUT/table.txt" 2>/dev/null | head -n 1)"
if [ "$proof_fail" = 0 ] && [ "$sweep_fail" = 0 ]; then
	echo "report: every proof and sweep case passed"
else
	echo "report: FAILED:$([ "$proof_fail" = 0 ] || echo ' a proof')$([ "$sweep_fail" = 0 ] || echo ' the sweep') (see report.md)"
fi
