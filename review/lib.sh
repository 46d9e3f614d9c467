# Shared by review/review.sh and review/report.sh (sourced): the registry,
# the proof results, the sweep/fuzz/bench outputs, and the review report.

# "name ABI level_exact level_delayed" per registry row (src/registry.def).
registry_rows() {
	sed -n 's/^UCOPY_STRATEGY(\([a-z0-9_]*\), *\([A-Z]*\), *\([A-Z]*\), *\([A-Z]*\),.*/\1 \2 \3 \4/p' \
		src/registry.def
}
# The tail handler's model (tests/lab.c: the whole copy done by it) counts
# as a strategy for reviews: MODEL=tail_c.
TAIL_C_ROW="tail_c CLASSIC EXACT EXACT"
registry_names() { { registry_rows; echo "$TAIL_C_ROW"; } | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 }'; }
registry_row() { { registry_rows; echo "$TAIL_C_ROW"; } | awk -v n="$1" '$1 == n { print; f = 1 } END { exit !f }'; }
# The project's own asm routine for a model: what the benchmark compares with.
base_symbol() { [ "$1" = tail_c ] && echo copy_user_handle_tail || echo "ucopy_$1"; }
registry_origin() {
	[ "$1" = tail_c ] && { echo "copy_user_handle_tail, v4.12 (byte-by-byte retry; asm/tail_c.S)"; return; }
	sed -n "s/^UCOPY_STRATEGY($1, *[A-Z]*, *[A-Z]*, *[A-Z]*, *\"\(.*\)\")/\1/p" src/registry.def
}

# proofs/results.json, one object a line: "goals proved wall ok shows" of a unit.
proof_of() {
	[ -f proofs/results.json ] || return 1
	grep -E "\"unit\": *\"$1\"" proofs/results.json | head -n 1 |
		sed -E 's/.*"shows": *"([^"]*)".*"goals": *([0-9]+).*"proved": *([0-9]+).*"wall_s": *([0-9.]+).*"ok": *(true|false).*/\2 \3 \4 \5 \1/' |
		grep -E '^[0-9]+ '
}

# -D flags for FEATURES=erms,fsrm,...; prints a message and fails on a name
# the shims do not know (asm/kshim/asm/cpufeatures.h).
feature_defs() {
	local f out=""
	for f in $(echo "$1" | tr ',' ' '); do
		case "$f" in
		erms|fsrm|rep_good|fzrm|fsrs|smap|xmm2)
			out="$out -DKSHIM_HAS_$(echo "$f" | tr a-z A-Z)=1" ;;
		*)	echo "unknown feature '$f' in FEATURES (known: erms fsrm rep_good fzrm fsrs smap xmm2)"
			return 1 ;;
		esac
	done
	echo "$out"
}

# "cases passed failed seconds" from a sweep output (the target's line), or
# nothing when the sweep did not finish.
sweep_counts() {
	awk '$3 == "cases" && $5 == "passed" && $7 == "failed" { c = $2; p = $4; f = $6; s = $8 }
	     /^[0-9]+ passed, [0-9]+ failed$/ { done = 1 }
	     END { if (done) print c + 0, p + 0, f + 0, s }' "$1"
}
sweep_exit() { sed -n 's/^exit \([0-9]*\)$/\1/p' "$1" | tail -n 1; }

# The failing cases of a sweep output, in words, each with its replay
# command (sweep binary, entry, model, abi as arguments 2-5).
sweep_failures_md() { # file sweep entry model abi [max]
	awk -v bin="$2" -v sym="$3" -v model="$4" -v abi="$5" -v max="${6:-10}" '
	function off(v, side) {
		return v == "-" ? "no " side " fault" : side " faults at offset " v
	}
	/^FAIL / {
		if (!match($0, / len=[0-9]+ src%64=[0-9]+ dst%64=[0-9]+ fs=[-0-9]+ fd=[-0-9]+: /)) {
			if (n < max) printf "%d. %s\n", ++n, substr($0, 6)
			next
		}
		split(substr($0, RSTART + 1, RLENGTH - 3), f, /[ =]/)
		rest = substr($0, RSTART + RLENGTH)
		if (n >= max) next
		printf "%d. **copy of %s bytes, %s, %s** (source %s and destination %s bytes past a 64-byte boundary): %s  \n", \
			++n, f[2], off(f[8], "source"), off(f[10], "destination"), f[4], f[6], rest
		printf "   replay: `%s --entry %s --model %s --abi %s --case %s,%s,%s,%s,%s`\n", \
			bin, sym, model, abi, f[2], f[4], f[6], f[8], f[10]
	}' "$1"
}

# libFuzzer's final stats.
fuzz_stat() { sed -n "s/^stat::$1: *\([0-9]*\).*/\1/p" "$2" | tail -n 1; }

# The Markdown review report, from the variables and files review.sh set.
write_review_report() {
	local mc mp mf ms ec ep ef es me ee gate_exact=1 verdict fails=0 notes=()
	local origin proof cpu hash fz_exec fz_rate fz_fail fz_exit
	REVIEW_FAILED=0
	origin=$(registry_origin "$MODEL")
	hash=$(sha256sum "$ASM" | cut -c1-16)
	read -r mc mp mf ms <<<"$(sweep_counts "$D/sweep-model.txt")"
	read -r ec ep ef es <<<"$(sweep_counts "$D/sweep-exact.txt")"
	me=$(sweep_exit "$D/sweep-model.txt")
	ee=$(sweep_exit "$D/sweep-exact.txt")
	[ "$MODEL_LX" = EXACT ] || gate_exact=0
	if [ -z "$mc" ]; then
		REVIEW_FAILED=1
		notes+=("the sweep against $MODEL did not finish (exit $me$([ "$me" = 124 ] && echo ": ran past ${SWEEP_TIMEOUT} s"))")
	elif [ "$mf" -gt 0 ]; then
		REVIEW_FAILED=1; fails=$((fails + mf))
	fi
	if [ -z "$ec" ]; then
		[ "$gate_exact" = 1 ] && REVIEW_FAILED=1
		notes+=("the sweep against the EXACT contract did not finish (exit $ee)")
	elif [ "$ef" -gt 0 ] && [ "$gate_exact" = 1 ]; then
		REVIEW_FAILED=1; [ "$MODEL" != bytewise ] && fails=$((fails + ef))
	fi
	fz_exec=$(fuzz_stat number_of_executed_units "$D/fuzz.txt")
	fz_rate=$(fuzz_stat average_exec_per_sec "$D/fuzz.txt")
	fz_exit=$(sed -n 's/^exit \([0-9]*\)$/\1/p' "$D/fuzz.txt" | tail -n 1)
	fz_fail=$(grep -m1 -E '^ucopy-fuzz: |==[0-9]+== ?ERROR: libFuzzer|^ERROR: libFuzzer' "$D/fuzz.txt" |
		  sed "s|build/fuzz/ucopy-replay|$D/ucopy-replay|")
	if [ -z "$fuzz_note" ] && [ "${fz_exit:-1}" != 0 ]; then
		REVIEW_FAILED=1; fails=$((fails + 1))
	fi
	cpu=$(sed -n 's/^# cpu: //p' "$D/bench.txt" | head -n 1)
	[ -n "$cpu" ] || cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')

	if [ "$REVIEW_FAILED" = 0 ]; then
		verdict="PASS: every case passed"
	elif [ "$fails" -gt 0 ]; then
		verdict="FAIL: $fails failing case$([ "$fails" = 1 ] || echo s)"
	else
		verdict="FAIL: the checks did not complete"
	fi

	echo "# Review of \`$ENTRY\` against strategy \`$MODEL\`"
	echo
	echo "**$verdict**"
	echo
	echo "| | |"
	echo "|---|---|"
	echo "| file | \`$ASM\` (sha256 $hash...) |"
	echo "| entry | \`$ENTRY\`, $ABI ABI ($([ "$ABI" = rep ] && echo 'rdi to, rsi from, rcx count; rcx = bytes not copied' || echo 'rdi to, rsi from, edx len; eax = bytes not copied'))$([ "$SYM" != "$ENTRY" ] && echo "; linked as \`$SYM\` (the lab defines \`$ENTRY\` too)") |"
	echo "| model | \`$MODEL\` (src/$MODEL.c, \`model_$MODEL\`): $origin$([ "$MODEL_ABI" != "$ABI" ] && echo "; note: the project's routine for it uses the $MODEL_ABI ABI, this review called \`$ENTRY\` with the $ABI one (ABI=)") |"
	proof=$(proof_of "$MODEL")
	if [ -n "$proof" ]; then
		read -r pg pp pw pok pshows <<<"$proof"
		echo "| model's proof | registry: $MODEL_LX on exact hardware, $MODEL_LD on delayed; WP $pp/$pg goals$([ "$pok" = true ] || echo ' (NOT all proved)') ($pshows) |"
	else
		echo "| model's proof | registry: $MODEL_LX on exact hardware, $MODEL_LD on delayed; no entry in proofs/results.json (run \`make prove\`) |"
	fi
	echo "| features | ${FEATURES:-none} (each ALTERNATIVE assembled with $([ -n "$FEATURES" ] && echo "these present" || echo "every feature absent: the original instructions")) |"
	echo "| CPU | $cpu |"
	echo
	echo "## Fault-lab sweep"
	echo
	echo "$(grep -m1 '^sweep: seed' "$D/sweep-model.txt" | sed 's/^sweep: //')."
	echo
	echo "| checked against | cases | passed | failed | time |"
	echo "|---|---:|---:|---:|---:|"
	if [ -n "$mc" ]; then
		echo "| model \`$MODEL\` (result, every byte, registers, faults, contract $MODEL_LX) | $mc | $mp | $mf | $ms s |"
	else
		echo "| model \`$MODEL\` | did not finish | | | |"
	fi
	if [ "$MODEL" = bytewise ]; then
		echo "| the EXACT contract | (the model is the EXACT reference) | | | |"
	elif [ -n "$ec" ]; then
		echo "| the EXACT contract (reference model \`bytewise\`)$([ "$gate_exact" = 1 ] || echo ", informational: $MODEL claims $MODEL_LX") | $ec | $ep | $ef | $es s |"
	else
		echo "| the EXACT contract | did not finish | | | |"
	fi
	if [ "${mf:-0}" -ge "$STOP_AFTER" ] || [ "${ef:-0}" -ge "$STOP_AFTER" ]; then
		notes+=("a sweep stops after $STOP_AFTER failing cases (REVIEW_STOP_AFTER), so its counts cover the cases run until then")
	fi
	echo
	for n in "${notes[@]+"${notes[@]}"}"; do echo "- $n"; done
	[ ${#notes[@]} -gt 0 ] && echo
	if [ "${mf:-0}" -gt 0 ] || { [ "${ef:-0}" -gt 0 ] && [ "$MODEL" != bytewise ]; }; then
		echo "### First failing cases"
		echo
		if [ "${mf:-0}" -gt 0 ]; then
			echo "Against model \`$MODEL\`:"
			echo
			sweep_failures_md "$D/sweep-model.txt" "$D/sweep" "$SYM" "$MODEL" "$ABI" 10
			echo
		fi
		if [ "${ef:-0}" -gt 0 ] && [ "$MODEL" != bytewise ]; then
			echo "Against the EXACT contract:"
			echo
			sweep_failures_md "$D/sweep-exact.txt" "$D/sweep" "$SYM" bytewise "$ABI" 5
			echo
		fi
		echo "Tags: \`result\` return value differs; \`data\` a destination byte differs;" \
		     "\`overwrite\` wrote outside [dst, dst+len); \`no-extable\` a fault with no" \
		     "exception-table entry; \`out-of-bounds\` touched memory the case forbids;" \
		     "\`callee-saved\`/\`rsp\`/\`DF\` broke the calling convention; \`timeout\`," \
		     "\`fault-loop\`, \`crash\`, \`signal\` (README.md: The fault lab)."
		echo
	fi
	echo "## Fuzz"
	echo
	if [ -n "$fuzz_note" ]; then
		echo "$fuzz_note."
	else
		echo "libFuzzer, ${FUZZ_SECONDS} s against model \`$MODEL\` (contract $MODEL_LX): ${fz_exec:-?} executions (${fz_rate:-?}/s)."
		echo
		if [ "${fz_exit:-1}" = 0 ]; then
			echo "No failing input."
		else
			echo "**Failing input** (exit ${fz_exit:-?}; saved under \`$D/fuzz-crashes/\`):"
			echo
			echo "    ${fz_fail:-$(tail -n 3 "$D/fuzz.txt" | tr '\n' ' ')}"
		fi
	fi
	echo
	echo "## Ticks per call on this CPU"
	echo
	if [ -n "$bench_note" ]; then
		echo "Benchmark $bench_note."
	else
		echo "Median TSC ticks per call, hot cache, dst 64-byte aligned, (dst - src) mod 4096 = 2048" \
		     "(the benchmark's \`aligned\` variant; README.md: Benchmark). The floor is an empty call through" \
		     "the same harness, included in every number."
		echo
		echo "| len | \`$(base_symbol "$MODEL")\` (project) | \`$ENTRY\` (reviewed) | delta | floor |"
		echo "|---:|---:|---:|---:|---:|"
		awk '/^len / { d = $4 - $6; pct = $4 > 0 ? int(100 * d / $4) : 0
			printf "| %s | %s | %s | %+.1f (%d%%) | %s |\n", $2, $4, $6, d, pct, $8 }' "$D/bench.txt"
		echo
		echo "delta = project - reviewed: positive means the reviewed routine is faster."
		sed -n 's/^# \(unit\|flags\): /- \1: /p' "$D/bench.txt"
	fi
	echo
	echo "## Reproduce"
	echo
	echo "    make review ASM=$ASM ENTRY=$ENTRY MODEL=$MODEL ABI=$ABI${FEATURES:+ FEATURES=$FEATURES} REVIEW_FUZZ_SECONDS=$FUZZ_SECONDS REVIEW_SEED=$SEED$([ "$QUICK" != 0 ] && echo " REVIEW_QUICK=$QUICK")"
	echo
	echo "Outputs: \`$D/\` (sweep-model.txt, sweep-exact.txt, fuzz.txt, bench.txt)."
}
