#!/usr/bin/env bash
# `make report` (and the last step of `make`): the reviewer's report,
# report.md at the repository root, from existing results, running what is
# missing or older than the sources:
#   proofs    proofs/results.json                   (make prove)
#   sweep     build/review/report/sweep.txt         (build/lab/sweep, every
#             strategy and tail; REPORT_SWEEP=full (default) or quick)
#   levels    build/review/report/levels.txt        (make levels)
#   fuzz      build/fuzz/logs/libfuzzer-<s>/result  (make fuzz STRATEGY=s),
#             else build/review/report/fuzz-<s>.txt (REPORT_FUZZ_SECONDS of
#             libFuzzer per strategy, run here)
#   ticks     bench/out/summary.csv, bench/out/table.txt (make bench-quick)
# --fresh reruns the sweep, levels, own fuzz runs and the benchmark.
# Prints where the report is and a short summary. Exit 0, or 1 when a proof
# or a sweep case failed (the report is written either way).
set -uo pipefail
cd "$(dirname "$0")/.."
source review/lib.sh

R=build/review/report
OUT=report.md
SWEEP_KIND=${REPORT_SWEEP:-full}
FUZZ_SECONDS=${REPORT_FUZZ_SECONDS:-10}
FRESH=0
[ "${1:-}" = --fresh ] && FRESH=1
case "$SWEEP_KIND" in full|quick) ;; *) echo "report: REPORT_SWEEP is full or quick" >&2; exit 2 ;; esac
mkdir -p "$R"
say() { printf 'report: [%3d s] %s\n' "$SECONDS" "$*" >&2; }

# Newest source the results depend on.
newest_source=$(find asm src spec tests bench -type f \( -name '*.S' -o -name '*.c' -o -name '*.h' -o -name '*.def' \) \
		-printf '%T@\n' 2>/dev/null | sort -n | tail -n 1)
stale() { # file: missing, older than the sources, or --fresh
	[ "$FRESH" = 1 ] || [ ! -s "$1" ] ||
		[ "$(stat -c %Y "$1")" -lt "${newest_source%.*}" ]
}

# ---- proofs ----
if [ ! -s proofs/results.json ]; then
	say "no proofs/results.json: running make prove"
	make -s prove >&2
fi

# ---- sweep ----
make -s lab >&2 || { echo "report: the fault lab does not build" >&2; exit 2; }
if stale "$R/sweep.txt" || ! grep -q "^# kind $SWEEP_KIND" "$R/sweep.txt"; then
	args=(--jobs 2 --seed 1)
	[ "$SWEEP_KIND" = quick ] && args+=(--quick)
	say "running the $SWEEP_KIND sweep (build/lab/sweep ${args[*]})"
	{ echo "# kind $SWEEP_KIND"; build/lab/sweep "${args[@]}"; echo "exit $?"; } >"$R/sweep.tmp" 2>&1
	mv "$R/sweep.tmp" "$R/sweep.txt"
fi

# ---- levels (the contract table on the compiled models) ----
if stale "$R/levels.txt"; then
	say "checking the contract levels (make levels)"
	make -s levels >"$R/levels.txt" 2>&1
fi

# ---- fuzz ----
fuzz_line() { # strategy -> "executions seconds crashes source"
	local s=$1 f=build/fuzz/logs/libfuzzer-$1/result own=$R/fuzz-$1.txt
	if [ "$FRESH" = 0 ] && [ -s "$f" ]; then
		awk -v src="make fuzz" '{ printf "%s %s %s %s\n", $2, ($3 > 0 ? int($2 / $3 + 0.5) : "?"), $6, src }' "$f"
	elif [ -s "$own" ] && ! stale "$own"; then
		cat "$own"
	fi
}
if [ "$FUZZ_SECONDS" -gt 0 ] && command -v clang >/dev/null && [ -f tests/fuzz.mk ]; then
	for s in $(registry_rows | awk '{ print $1 }'); do
		[ -n "$(fuzz_line "$s")" ] && continue
		make -s fuzz-build >&2 || break
		say "fuzzing $s for $FUZZ_SECONDS s"
		mkdir -p "$R/fuzz-corpus-$s"
		UCOPY_FUZZ_STRATEGY=$s timeout --kill-after=10 $((FUZZ_SECONDS + 60)) build/fuzz/ucopy-fuzz \
			-max_len=18 -len_control=0 -timeout=10 -max_total_time="$FUZZ_SECONDS" \
			-print_final_stats=1 -artifact_prefix="$R/fuzz-crash-$s-" \
			"$R/fuzz-corpus-$s" tests/fuzz/corpus >"$R/fuzz-$s.log" 2>&1
		rc=$?
		echo "$(fuzz_stat number_of_executed_units "$R/fuzz-$s.log") $FUZZ_SECONDS" \
		     "$([ $rc = 0 ] && echo 0 || echo 1) this-report" >"$R/fuzz-$s.txt"
	done
fi

# ---- benchmark ----
if stale bench/out/summary.csv || [ ! -s bench/out/table.txt ]; then
	say "running the short benchmark (make bench-quick)"
	make -s bench-quick BENCH_FLAGS=--no-plot >"$R/bench.log" 2>&1 ||
		{ tail -n 5 "$R/bench.log" >&2; echo "report: the benchmark failed" >&2; }
fi

# ---- write report.md ----
ticks() { # strategy len
	awk -F, -v s="$1" -v l="$2" '$1 == s && $2 == "aligned" && $3 == l { printf "%.0f", $4; f = 1 }
		END { if (!f) printf "-" }' bench/out/summary.csv 2>/dev/null || printf -- "-"
}
sweep_row() { # name -> "cases passed failed"
	awk -v n="$1" '$1 == n && $3 == "cases" { print $2, $4, $6 }' "$R/sweep.txt"
}
commas() { echo "$1" | sed -e :a -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta'; }

proof_fail=0 sweep_fail=0 nstrat=0 units_ok=0 units=0
{
	echo "# ucopy: the reviewer's report"
	echo
	echo "Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`make report\` from the tree" \
	     "$(git rev-parse --short HEAD 2>/dev/null || echo '(no commit yet)')$(git diff --quiet HEAD 2>/dev/null || echo ' with local changes')."
	echo "Sources: proofs/results.json, the fault-lab sweep ($SWEEP_KIND, seed 1), the contract-level" \
	     "table (\`make levels\`), libFuzzer runs, the benchmark (bench/out/summary.csv)."
	echo
	echo "## This CPU"
	echo
	sed -n 's/^# \(cpu\|flags\|kernel\|unit\|timer\|empty call\)\(.*\)/- \1\2/p' bench/out/table.txt 2>/dev/null | head -n 8
	echo
	echo "## Per strategy"
	echo
	echo "Levels: what WP proves of the model (src/<name>.c) under each reading of" \
	     "\`rep movs\` fault reporting: **exact** (registers say exactly what was stored, as" \
	     "measured here) and **delayed** (they may under-report). EXACT > RAW > WEAK" \
	     "(spec/spec.md); \"(claimed)\": the registry's level, not proved yet. Sweep: cases of the asm routine against its model in the fault" \
	     "lab. Ticks: median TSC ticks per call at that length, aligned buffers, hot cache," \
	     "including the empty-call floor."
	echo
	echo "| strategy | kernel origin | ABI | exact hw | delayed hw | WP goals | sweep passed | fuzz executions | 8 | 32 | 64 | 256 | 4096 |"
	echo "|---|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
	while read -r s abi lx ld; do
		nstrat=$((nstrat + 1))
		p=$(proof_of "$s") pe=$(proof_of "equiv_$s")
		lxc="$lx (claimed)" ldc="$ld (claimed)"
		if [ -n "$p" ]; then
			read -r g pr _ ok shows <<<"$p"
			# "exact hw: EXACT, delayed hw: WEAK": what the proof shows
			if [ "$ok" = true ] && [[ $shows =~ exact\ hw:\ ([A-Z]+),\ delayed\ hw:\ ([A-Z]+) ]]; then
				lxc=${BASH_REMATCH[1]} ldc=${BASH_REMATCH[2]}
			fi
			pcell="$pr/$g$([ "$ok" = true ] && echo ' ✓' || echo ' ✗')"
			[ "$ok" = true ] || proof_fail=1
			if [ -n "$pe" ]; then
				read -r g2 pr2 _ ok2 _ <<<"$pe"
				pcell="$pcell; ≡ bytewise $pr2/$g2$([ "$ok2" = true ] && echo ' ✓' || echo ' ✗')"
				[ "$ok2" = true ] || proof_fail=1
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
		read -r fx fs fc _ <<<"$(fuzz_line "$s")"
		if [ -n "${fx:-}" ]; then
			fcell="$(commas "$fx") in ${fs} s"
			[ "${fc:-0}" != 0 ] && fcell="**$fcell, failing inputs**"
		else
			fcell="not run"
		fi
		printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
			"$s" "$(registry_origin "$s")" "$(echo "$abi" | tr A-Z a-z)" "$lxc" "$ldc" "$pcell" \
			"$scell" "$fcell" "$(ticks "$s" 8)" "$(ticks "$s" 32)" "$(ticks "$s" 64)" \
			"$(ticks "$s" 256)" "$(ticks "$s" 4096)"
		c="" fx=""
	done < <(registry_rows)
	echo
	echo "### Levels refuted, with the counterexample the compiled model gives"
	echo
	if grep -q refuted "$R/levels.txt"; then
		awk '/^[a-z0-9_]+ \(/ { s = $1 } /refuted/ { sub(/^ *PASS /, ""); r = $0 }
		     /counterexample/ { sub(/^ *counterexample \([A-Z]+\): /, ""); printf "- %s: %s\n", r, $0 }' "$R/levels.txt"
	else
		echo "None refuted$(grep -q 'passed, 0 failed' "$R/levels.txt" || echo ' (the level table did not run cleanly: see '"$R"'/levels.txt)')."
	fi
	echo
	echo "## Proofs"
	echo
	echo "| unit | shows | goals proved | wall | all proved |"
	echo "|---|---|---:|---:|---|"
	if [ -f proofs/results.json ]; then
		grep -o '{[^}]*}' proofs/results.json | while read -r line; do
			u=$(echo "$line" | sed -n 's/.*"unit": *"\([^"]*\)".*/\1/p')
			p=$(proof_of "$u") || continue
			read -r g pr w ok shows <<<"$p"
			echo "| $u | $shows | $pr / $g | $w s | $([ "$ok" = true ] && echo yes || echo '**no**') |"
		done
	fi
	echo
	echo "## Fault-lab sweep"
	echo
	sed -n 's/^sweep: seed/Seed/p' "$R/sweep.txt" | head -n 1
	echo
	echo "| target | cases | passed | failed | seconds |"
	echo "|---|---:|---:|---:|---:|"
	awk '$3 == "cases" && $5 == "passed" { printf "| %s | %d | %d | %d | %s |\n", $1, $2, $4, $6, $8 }' "$R/sweep.txt"
	echo
	grep -E '^[0-9]+ passed, [0-9]+ failed$' "$R/sweep.txt" | tail -n 1 | sed 's/^/Total: /'
	grep -m 10 '^FAIL ' "$R/sweep.txt" | sed 's/^/    /'
	echo
	echo "## Reproduce"
	echo
	echo "    make prove                 # proofs/results.json"
	echo "    make sweep SEED=1          # the full sweep (REPORT_SWEEP=quick: make sweep-quick)"
	echo "    make levels                # the contract table and its counterexamples"
	echo "    make fuzz STRATEGY=name    # libFuzzer on one strategy"
	echo "    make bench-quick           # ticks; make bench for every variant"
	echo "    make review ASM=... ENTRY=... MODEL=...   # check a kernel's own routine (README.md: Reviewing a kernel's copy routine)"
} >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"

sweep_total=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$R/sweep.txt" | tail -n 1)
[ -n "$sweep_total" ] || sweep_fail=1
if [ -f proofs/results.json ]; then
	units=$(grep -c '"unit"' proofs/results.json)
	units_ok=$(grep -c '"ok": *true' proofs/results.json)
fi
echo "report: wrote $OUT ($nstrat strategies)"
echo "  proofs: $units_ok of $units units fully proved (proofs/results.json)"
echo "  sweep ($SWEEP_KIND): ${sweep_total:-did not finish}"
echo "  cpu: $(sed -n 's/^# cpu: //p' bench/out/table.txt 2>/dev/null | head -n 1)"
[ "$proof_fail" = 0 ] && [ "$sweep_fail" = 0 ]
