# Shell functions of the review and the report (sourced by review/review.sh,
# review/report.sh, review/test-review.sh and review/review.mk's recipes):
# the registry, the proof results, the outputs of a review's steps, and the
# review report.

REGISTRY=${REGISTRY:-build/registry.tsv}
PROOF_RESULTS=${PROOF_RESULTS:-build/proofs/results.json}

# ---- the registry (build/registry.tsv, printed by scripts/registry_print.c) ----
# One TSV line per row after a header line that names the columns (name
# kind abi level_exact_hw level_delayed_hw keeps kernels commits origin);
# fields are read by that name, never by position.
registry_rows() { tail -n +2 "$REGISTRY"; }
registry_names() { registry_rows | cut -f1 | paste -sd ' '; }
registry_row() { registry_rows | awk -F'\t' -v n="$1" '$1 == n { print; f = 1 } END { exit !f }'; }
# registry_field ROW COLUMN: one field of a row, by the header's name.
registry_field() {
	awk -F'\t' -v n="$1" -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == n && (c in col) { print $col[c]; f = 1 } END { exit !f }' "$REGISTRY"
}
# "origin (kernels, commits c)" of a row.
registry_origin() {
	local o k c
	o=$(registry_field "$1" origin) k=$(registry_field "$1" kernels) c=$(registry_field "$1" commits)
	echo "$o ($k$([ "$c" = - ] || echo ", commits $c"))"
}

# ---- the proof results (build/proofs/results.json, written by make prove) ----
# One line per unit: "unit goals proved wall ok exact delayed shows": wall
# "-" when the file has none; exact/delayed from the unit's "levels"
# object ("-" when it has none). Reads the JSON array of objects, keeping
# each object's strings, numbers and booleans, and those of objects nested
# one deep as "outer.inner".
proof_rows() {
	[ -f "$PROOF_RESULTS" ] || return 1
	awk 'BEGIN { RS = "^$" }
	function emit() {
		if ("unit" in v)
			printf "%s %s %s %s %s %s %s %s\n", v["unit"], v["goals"] + 0, v["proved"] + 0,
				("wall_s" in v) ? v["wall_s"] : "-", v["ok"],
				("levels.exact_hw" in v) ? v["levels.exact_hw"] : "-",
				("levels.delayed_hw" in v) ? v["levels.delayed_hw"] : "-", v["shows"]
		split("", v)
	}
	function put(val) {
		if (depth == 1) v[key] = val
		else if (depth == 2) v[outer "." key] = val
	}
	{
		s = $0; n = length(s); depth = 0; key = ""; want = 0
		for (i = 1; i <= n; i++) {
			c = substr(s, i, 1)
			if (c == "\"") {
				str = ""
				for (i++; i <= n && (c = substr(s, i, 1)) != "\""; i++) {
					if (c == "\\") { i++; c = substr(s, i, 1) }
					str = str c
				}
				if (want) put(str)
				else key = str
				want = 0
			} else if (c == ":") {
				want = 1
			} else if (c == "{") {
				if (++depth == 2) outer = key
				want = 0
			} else if (c == "}") {
				if (depth == 1) emit()
				depth--
			} else if (c == "[" || c == "]" || c == ",") {
				want = 0
			} else if (want && c ~ /[-0-9a-z.]/) {
				tok = ""
				while (i <= n && (c = substr(s, i, 1)) ~ /[-+0-9a-zA-Z.]/) { tok = tok c; i++ }
				i--
				put(tok)
				want = 0
			}
		}
	}' "$PROOF_RESULTS"
}
# "goals proved wall ok exact delayed shows" of one unit.
proof_of() { proof_rows 2>/dev/null | awk -v u="$1" '$1 == u { $1 = ""; sub(/^ /, ""); print; f = 1; exit } END { exit !f }'; }

# ---- a review's steps (review/review.mk) ----
# FEATURES=erms,fsrm,...: fails with a message on a name the shims do not
# know (asm/kshim/asm/cpufeatures.h).
feature_check() {
	local f
	for f in $(echo "$1" | tr ',' ' '); do
		case "$f" in
		erms|fsrm|rep_good|fzrm|fsrs|smap|xmm2) ;;
		*) echo "unknown feature '$f' in FEATURES (known: erms fsrm rep_good fzrm fsrs smap xmm2)"
		   return 1 ;;
		esac
	done
}

# review_object RAW OUT SYMFILE ENTRY LINKED...: OUT is RAW with every
# global symbol that LINKED objects define too renamed <name>__review;
# SYMFILE gets the name ENTRY links as. Fails when RAW lacks ENTRY.
review_object() {
	local raw=$1 out=$2 symfile=$3 entry=$4 clash s redef=()
	shift 4
	if ! nm -g --defined-only "$raw" | awk -v s="$entry" '$3 == s && $2 ~ /[TtWi]/ { f = 1 } END { exit !f }'; then
		echo "review: $ASM defines no routine '$entry'; its global code symbols:" \
		     "$(nm -g --defined-only "$raw" | awk '$2 ~ /[TW]/ { printf " %s", $3 }')" >&2
		return 1
	fi
	clash=$(comm -12 <(nm -g --defined-only "$raw" | awk '$2 ~ /[TDBR]/ { print $3 }' | sort -u) \
			 <(nm -g --defined-only "$@" 2>/dev/null | awk '$2 ~ /[TDBR]/ { print $3 }' | sort -u))
	for s in $clash; do redef+=(--redefine-sym "$s=${s}__review"); done
	# TAIL=: the tail the file's fix-ups jump to (copy_user_handle_tail),
	# another routine of the lab's instead of asm/tail_c.S's byte retry.
	if [ -n "${TAIL:-}" ]; then
		if ! nm -g --defined-only "$@" 2>/dev/null | awk -v s="$TAIL" '$3 == s { f = 1 } END { exit !f }'; then
			echo "review: TAIL=$TAIL: no such routine in the lab (e.g. ucopy_tail_c, ucopy_tail_rep)" >&2
			return 1
		fi
		nm -u "$raw" | awk '$2 == "copy_user_handle_tail" { f = 1 } END { exit !f }' ||
			echo "review: TAIL=$TAIL: $ASM does not call copy_user_handle_tail; nothing to replace" >&2
		redef+=(--redefine-sym "copy_user_handle_tail=$TAIL")
	fi
	objcopy "${redef[@]}" "$raw" "$out" || return 1
	[ -z "$clash" ] || echo "review: renamed in the reviewed object (the lab defines them too):" $clash >&2
	[ -z "${TAIL:-}" ] || echo "review: copy_user_handle_tail is $TAIL in the reviewed object" >&2
	if grep -qxF "$entry" <<<"$clash"; then echo "${entry}__review"; else echo "$entry"; fi >"$symfile"
}

# "cases passed failed seconds" from a sweep output (the target's line, all
# phases), or nothing when the sweep did not finish.
sweep_counts() {
	awk '$3 == "cases" && $5 == "passed" && $7 == "failed" { c = $2; p = $4; f = $6; s = $8 }
	     /^[0-9]+ passed, [0-9]+ failed$/ { done = 1 }
	     END { if (done) print c + 0, p + 0, f + 0, s }' "$1"
}
# sweep_phase_counts FILE PHASE: the same for one phase's row ("exact hw",
# "delayed hw", "traced"); "- - - -" when the phase was not run.
sweep_phase_counts() {
	awk -v ph="$2" '
	     { label = $2; k = 3; if ($3 == "hw") { label = $2 " " $3; k = 4 } }
	     label == ph && $(k + 1) == "cases" && $(k + 3) == "passed" { c = $k; p = $(k + 2); f = $(k + 4); s = $(k + 6); seen = 1 }
	     /^[0-9]+ passed, [0-9]+ failed$/ { done = 1 }
	     END { if (done && seen) print c + 0, p + 0, f + 0, s; else if (done) print "- - - -" }' "$1"
}
# The lag histogram line under a target's delayed hw row.
sweep_lag_hist() {
	awk '/ delayed hw / && $5 == "cases" { getline; sub(/^ +/, ""); print; exit }' "$1"
}
step_exit() { sed -n 's/^exit \([0-9]*\)$/\1/p' "$1" | tail -n 1; }
step_note() { sed -n 's/^note: //p' "$1" | head -n 1; }

# The failing cases of a sweep output, in words, each with its replay
# command (sweep binary, entry, model, abi as arguments 2-5).
sweep_failures_md() { # file sweep entry model abi [max] [keeps]
	awk -v bin="$2" -v sym="$3" -v model="$4" -v abi="$5" -v max="${6:-10}" \
	    -v keeps="${7:+ --keeps ${7// /,}}" '
	function off(v, side) {
		return v == "-" ? "no " side " fault" : side " faults at offset " v
	}
	/^FAIL / {
		if (!match($0, / len=[0-9]+ src%64=[0-9]+ dst%64=[0-9]+ fs=[-0-9]+ fd=[-0-9]+( lag=[0-9a-z,]+)?( traced)?: /)) {
			if (n < max) printf "%d. %s\n", ++n, substr($0, 6)
			next
		}
		split(substr($0, RSTART + 1, RLENGTH - 3), f, /[ =]/)
		rest = substr($0, RSTART + RLENGTH)
		if (n >= max) next
		lag = ""; lagw = ""; tr = ""; trw = ""
		for (i = 11; i in f; i++) {
			if (f[i] == "lag") { lag = " --lag " f[i + 1]; lagw = ", rep movs reporting late by " f[i + 1] " (elements; per faulting rep in turn)" }
			if (f[i] == "traced") { tr = " --traced"; trw = ", single-stepped" }
		}
		printf "%d. **copy of %s bytes, %s, %s%s%s** (source %s and destination %s bytes past a 64-byte boundary): %s  \n", \
			++n, f[2], off(f[8], "source"), off(f[10], "destination"), lagw, trw, f[4], f[6], rest
		printf "   replay: `%s --entry %s --model %s --abi %s%s --case %s,%s,%s,%s,%s%s%s`\n", \
			bin, sym, model, abi, keeps, f[2], f[4], f[6], f[8], f[10], lag, tr
	}' "$1"
}

# libFuzzer's final stats.
fuzz_stat() { sed -n "s/^stat::$1: *\([0-9]*\).*/\1/p" "$2" | tail -n 1; }

# ---- the review report ----
# write_review_report DIR: the Markdown report of the review whose steps
# wrote DIR (its settings file names the rest). First line after the title:
# **PASS...** or **FAIL...**, which review/review.sh turns into its exit
# status.
write_review_report() {
	local D=$1 ASM ENTRY MODEL ABI FEATURES REVIEW_FUZZ_SECONDS REVIEW_QUICK REVIEW_SEED
	local REVIEW_JOBS REVIEW_STOP_AFTER REVIEW_BENCH REVIEW_TIMEOUT REVIEW_WHY="" REVIEW_TAG="" CALLER="" REVIEW_BENCH_LENGTHS="" TAIL="" TAIL_WHY=""
	local SYM MODEL_ABI MODEL_LX MODEL_LD MODEL_KEEPS failed=0 fails=0 gate_exact=1 gate_delayed=1
	local notes=() verdict KEEPS=""
	local mc mp mf ms ec ep ef es me ee origin hash cpu proof fz_exec fz_rate fz_fail fz_exit
	local fuzz_note bench_note bench_rc xf df ph row c p f t hist REF CONTRACT
	# shellcheck disable=SC1091
	. "$D/settings"
	SYM=$(cat "$D/symbol")
	MODEL_ABI=$(registry_field "$MODEL" abi)
	# the EXACT reference: clear_bytewise for a clear row (docs/clear.md)
	REF=bytewise; [ "$(registry_field "$MODEL" kind)" = clear ] && REF=clear_bytewise
	MODEL_LX=$(registry_field "$MODEL" level_exact_hw)
	MODEL_LD=$(registry_field "$MODEL" level_delayed_hw)
	MODEL_KEEPS=${KEEPS:-$(registry_field "$MODEL" keeps)}
	# The zeroing C tail behind a C-tail row: the model's result with zeros
	# from its report to the first unwritable byte is expected (sweep
	# --zero-tail), and the contract is ZEROTAIL, tail_c_zero the reference.
	CONTRACT=EXACT
	if zero_tail "$TAIL"; then
		CONTRACT=ZEROTAIL REF=tail_c_zero MODEL_LX=ZEROTAIL MODEL_LD=ZEROTAIL
	fi
	origin=$(registry_origin "$MODEL")
	hash=$(sha256sum "$ASM" | cut -c1-16)
	read -r mc mp mf ms <<<"$(sweep_counts "$D/sweep-model.txt")"
	read -r ec ep ef es <<<"$(sweep_counts "$D/sweep-exact.txt")"
	me=$(step_exit "$D/sweep-model.txt")
	ee=$(step_exit "$D/sweep-exact.txt")
	[ "$MODEL_LX" = "$CONTRACT" ] || gate_exact=0
	[ "$MODEL_LD" = "$CONTRACT" ] || gate_delayed=0
	if [ -z "$mc" ]; then
		failed=1
		notes+=("the sweep against $MODEL did not finish (exit $me$([ "$me" = 124 ] && echo ": ran past ${REVIEW_TIMEOUT} s"))")
	elif [ "$mf" -gt 0 ]; then
		failed=1; fails=$((fails + mf))
	fi
	# Against the EXACT contract, each phase decides only when the registry
	# says the model is EXACT on that hardware; a level drop it states is
	# reported, not failed.
	read -r _ _ xf _ <<<"$(sweep_phase_counts "$D/sweep-exact.txt" "exact hw")"
	read -r _ _ df _ <<<"$(sweep_phase_counts "$D/sweep-exact.txt" "delayed hw")"
	[ "$xf" = - ] && xf=0
	[ "$df" = - ] && df=0
	if [ -z "$ec" ]; then
		[ "$gate_exact" = 1 ] && failed=1
		notes+=("the sweep against the EXACT contract did not finish (exit $ee)")
	else
		if [ "${xf:-0}" -gt 0 ] && [ "$gate_exact" = 1 ]; then
			failed=1; [ "$MODEL" != "$REF" ] && fails=$((fails + xf))
		fi
		if [ "${df:-0}" -gt 0 ] && [ "$gate_delayed" = 1 ]; then
			failed=1; [ "$MODEL" != "$REF" ] && fails=$((fails + df))
		fi
		if [ "${df:-0}" -gt 0 ] && [ "$gate_delayed" = 0 ]; then
			notes+=("under delayed reporting the routine is not EXACT ($df cases), a level drop the registry states for \`$MODEL\` ($MODEL_LX on exact hardware, $MODEL_LD on delayed): reported, not failed")
		fi
	fi
	fuzz_note=$(step_note "$D/fuzz.txt")
	fz_exec=$(fuzz_stat number_of_executed_units "$D/fuzz.txt")
	fz_rate=$(fuzz_stat average_exec_per_sec "$D/fuzz.txt")
	fz_exit=$(step_exit "$D/fuzz.txt")
	fz_fail=$(grep -m1 -E '^ucopy-fuzz: |==[0-9]+== ?ERROR: libFuzzer|^ERROR: libFuzzer' "$D/fuzz.txt" |
		  sed "s|build/fuzz/ucopy-replay|$D/ucopy-replay|")
	if [ -z "$fuzz_note" ] && [ "${fz_exit:-1}" != 0 ]; then
		failed=1; fails=$((fails + 1))
	fi
	bench_note=$(step_note "$D/bench.txt")
	bench_rc=$(step_exit "$D/bench.txt")
	if [ -z "$bench_note" ] && [ ! -s "$D/bench/results.csv" ]; then
		case "$bench_rc" in
		1) bench_note="not timed: $(grep -m1 'broken routine' "$D/bench.txt" | sed 's/^ucopy-bench: //')" ;;
		124|137) bench_note="not timed: the benchmark did not finish in 120 s" ;;
		*) bench_note="not timed: the benchmark stopped (exit $bench_rc): $(grep -m1 'ucopy-bench: ' "$D/bench.txt")" ;;
		esac
	fi
	cpu=$(sed -n 's/^# cpu: //p' "$D/bench.txt" | head -n 1)
	[ -n "$cpu" ] || cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')

	if [ "$failed" = 0 ]; then
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
	echo "| entry | \`$ENTRY\`, $ABI ABI ($(case "$ABI" in rep) echo 'rdi to, rsi from, rcx count; rcx = bytes not copied' ;;
		stos) echo 'rdi addr, rcx count, rax = 0; rcx = bytes not cleared' ;;
		classic_clear) echo 'rdi addr, rsi size; rax = bytes not cleared' ;;
		*) echo 'rdi to, rsi from, edx len; eax = bytes not copied' ;; esac))$([ "$SYM" != "$ENTRY" ] && echo "; linked as \`$SYM\` (the lab defines \`$ENTRY\` too)") |"
	echo "| model | \`$MODEL\` (src/rows/$MODEL.c, \`model_$MODEL\`): $origin$([ "$MODEL_ABI" != "$ABI" ] && echo "; note: the project's routine for it uses the $MODEL_ABI ABI, this review called \`$ENTRY\` with the $ABI one (ABI=)") |"
	[ -n "$REVIEW_WHY" ] && echo "| model chosen | $REVIEW_WHY |"
	[ -n "$TAIL" ] && echo "| tail | the file's \`copy_user_handle_tail\` calls go to \`$TAIL\` ($([ -n "$TAIL_WHY" ] && echo "$TAIL_WHY" || echo "TAIL=")$(zero_tail "$TAIL" && echo "; the zeroing tail: the model's result with zeros from its report up to the first unwritable byte is expected, level ZEROTAIL")) |"
	[ -n "$CALLER" ] && echo "| caller | \`review_caller\`: len <= ${CALLER%%:*} calls \`$(cut -d: -f2 <<<"$CALLER")\`, longer copies \`${CALLER##*:}\` (CALLER=$CALLER) |"
	proof=$(proof_of "$MODEL")
	if [ -n "$proof" ]; then
		read -r pg pp _ pok _ _ pshows <<<"$proof"
		echo "| model's proof | registry: $MODEL_LX on exact hardware, $MODEL_LD on delayed; WP $pp/$pg goals$([ "$pok" = true ] || echo ' (NOT all proved)') ($pshows) |"
	else
		echo "| model's proof | registry: $MODEL_LX on exact hardware, $MODEL_LD on delayed; no entry in $PROOF_RESULTS (run \`make prove\`) |"
	fi
	echo "| features | ${FEATURES:-none} (each ALTERNATIVE assembled with $([ -n "$FEATURES" ] && echo "these present" || echo "every feature absent: the original instructions")) |"
	echo "| CPU | $cpu |"
	echo
	echo "## Fault-lab sweep"
	echo
	echo "$(grep -m1 '^sweep: seed' "$D/sweep-model.txt" | sed 's/^sweep: //')."
	echo
	echo "Phases: **exact hw**, rep movs reporting exactly (lag 0); **delayed hw**, each rep movs that" \
	     "faults reporting k elements late (every k for short copies, a spread for long ones; the" \
	     "model under the same lags); **traced**, a sample single-stepped, every non-temporal store" \
	     "fenced before the return. Registers the routine must keep: $MODEL_KEEPS, rsp, DF."
	echo
	echo "| checked against | hardware | cases | passed | failed | time |"
	echo "|---|---|---:|---:|---:|---:|"
	if [ -n "$mc" ]; then
		for ph in "exact hw" "delayed hw" "traced"; do
			read -r c p f t <<<"$(sweep_phase_counts "$D/sweep-model.txt" "$ph")"
			case "$ph" in
			"exact hw") row="model \`$MODEL\` (result, every byte, registers, faults, contract $MODEL_LX)" ;;
			"delayed hw") row="model \`$MODEL\` under lags (contract $MODEL_LD)" ;;
			*) row="model \`$MODEL\`, single-stepped (fences)" ;;
			esac
			if [ "$c" = - ]; then
				echo "| $row | $ph | not run | | | |"
			else
				echo "| $row | $ph | $c | $p | $f | $t s |"
			fi
		done
	else
		echo "| model \`$MODEL\` | | did not finish | | | |"
	fi
	if [ "$MODEL" = "$REF" ]; then
		echo "| the $CONTRACT contract | | (the model is the $CONTRACT reference) | | | |"
	elif [ -n "$ec" ]; then
		for ph in "exact hw" "delayed hw"; do
			read -r c p f t <<<"$(sweep_phase_counts "$D/sweep-exact.txt" "$ph")"
			if [ "$ph" = "exact hw" ]; then
				row="the $CONTRACT contract (reference model \`$REF\`)$([ "$gate_exact" = 1 ] || echo ", informational: $MODEL claims $MODEL_LX")"
			else
				row="the $CONTRACT contract under lags$([ "$gate_delayed" = 1 ] || echo ", informational: $MODEL claims $MODEL_LD on delayed hw")"
			fi
			if [ "$c" = - ]; then
				echo "| $row | $ph | not run | | | |"
			else
				echo "| $row | $ph | $c | $p | $f | $t s |"
			fi
		done
	else
		echo "| the $CONTRACT contract | | did not finish | | | |"
	fi
	hist=$(sweep_lag_hist "$D/sweep-model.txt")
	[ -n "$hist" ] && { echo; echo "Cases per lag against the model: $hist."; }
	if [ "${mf:-0}" -ge "$REVIEW_STOP_AFTER" ] || [ "${ef:-0}" -ge "$REVIEW_STOP_AFTER" ]; then
		notes+=("a sweep stops after $REVIEW_STOP_AFTER failing cases (REVIEW_STOP_AFTER), so its counts cover the cases run until then")
	fi
	echo
	for n in "${notes[@]+"${notes[@]}"}"; do echo "- $n"; done
	[ ${#notes[@]} -gt 0 ] && echo
	if [ "${mf:-0}" -gt 0 ] || { [ "${ef:-0}" -gt 0 ] && [ "$MODEL" != "$REF" ]; }; then
		echo "### First failing cases"
		echo
		if [ "${mf:-0}" -gt 0 ]; then
			echo "Against model \`$MODEL\`:"
			echo
			sweep_failures_md "$D/sweep-model.txt" "$D/sweep" "$SYM" "$MODEL" "$ABI" 10 "$KEEPS"
			echo
		fi
		if [ "${ef:-0}" -gt 0 ] && [ "$MODEL" != "$REF" ]; then
			echo "Against the EXACT contract$([ "$gate_exact$gate_delayed" = 11 ] || echo " (informational where the registry states a lower level: $MODEL_LX on exact hw, $MODEL_LD on delayed)"):"
			echo
			sweep_failures_md "$D/sweep-exact.txt" "$D/sweep" "$SYM" "$REF" "$ABI" 5 "$MODEL_KEEPS"
			echo
		fi
		echo "Tags: \`result\` return value differs; \`data\` a destination byte differs;" \
		     "\`overwrite\` wrote outside [dst, dst+len); \`no-extable\` a fault with no" \
		     "exception-table entry; \`out-of-bounds\` touched memory the case forbids;" \
		     "\`callee-saved\`/\`clobbered\`/\`rsp\`/\`DF\` broke the calling convention;" \
		     "\`sfence\` returned with a non-temporal store not fenced; \`timeout\`," \
		     "\`fault-loop\`, \`crash\`, \`signal\` (docs/lab.md)."
		echo
	fi
	echo "## Fuzz"
	echo
	if [ -n "$fuzz_note" ]; then
		echo "$fuzz_note."
	else
		echo "libFuzzer, ${REVIEW_FUZZ_SECONDS} s against model \`$MODEL\` (contract $MODEL_LX): ${fz_exec:-?} executions (${fz_rate:-?}/s)."
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
		     "(the benchmark's \`aligned\` variant; docs/bench.md). The floor is an empty call through" \
		     "the same harness, included in every number."
		echo
		echo "| len | \`ucopy_$MODEL\` (project) | \`$ENTRY\` (reviewed) | delta | floor |"
		echo "|---:|---:|---:|---:|---:|"
		# results.csv: ...,strategy (4),...,len (7),...,median (12),...,empty_median (16)
		awk -F, -v base="$MODEL" -v entry="$SYM" '
			NR > 1 && $4 == base { b[$7] = $12; fl[$7] = $16; if (!($7 in seen)) { seen[$7] = 1; order[++n] = $7 } }
			NR > 1 && $4 == entry { e[$7] = $12 }
			END { for (k = 1; k <= n; k++) { l = order[k]; d = b[l] - e[l]
				printf "| %s | %.1f | %.1f | %+.1f (%d%%) | %.1f |\n", l, b[l], e[l], d, (b[l] > 0 ? int(100 * d / b[l]) : 0), fl[l] } }' \
			"$D/bench/results.csv"
		echo
		echo "delta = project - reviewed: positive means the reviewed routine is faster."
		sed -n 's/^# \(unit\|flags\): /- \1: /p' "$D/bench.txt" | sort -u
	fi
	echo
	echo "## Reproduce"
	echo
	echo "    make review ASM=$ASM ENTRY=$ENTRY MODEL=$MODEL ABI=$ABI${CALLER:+ CALLER=$CALLER}${TAIL:+ TAIL=$TAIL}${FEATURES:+ FEATURES=$FEATURES}${KEEPS:+ KEEPS='$KEEPS'} REVIEW_FUZZ_SECONDS=$REVIEW_FUZZ_SECONDS REVIEW_SEED=$REVIEW_SEED$([ "$REVIEW_QUICK" != 0 ] && echo " REVIEW_QUICK=$REVIEW_QUICK")"
	echo
	echo "Outputs: \`$D/\` (sweep-model.txt, sweep-exact.txt, fuzz.txt, bench.txt, bench/)."
}

# ---- whole-file review: which row each routine is checked against ----
# review/match.tsv is the table; the shape tags are facts of the file
# (RAW: the source as given, PRE: it preprocessed against the shims) and
# of the routine's own body in PRE (from "SYM:" to ".size SYM").
MATCH_TABLE=${MATCH_TABLE:-review/match.tsv}
file_shape() { # RAW PRE
	local raw=$1 pre=$2
	grep -Eq '\.Lcopy_user_handle_tail|ucopy_tail_rep' "$pre" && echo tail_rep
	# tail_c: the object calls copy_user_handle_tail (the shim's own
	# ALIGN_DESTINATION macro calls it too, but only where a file uses it)
	if [ -f "${pre%.i}.o" ]; then
		nm -u "${pre%.i}.o" 2>/dev/null | awk '$2 == "copy_user_handle_tail" { f = 1 } END { exit !f }' && echo tail_c
	else
		grep -Eq '(call|jmp)[[:space:]]+copy_user_handle_tail' "$raw" && echo tail_c
	fi
	grep -q '_ASM_EXTABLE_CPY' "$raw" && echo extable_cpy
	grep -q 'X86_FEATURE_FSRM' "$raw" && echo fsrm
	grep -Eq 'GET_THREAD_INFO|TI_addr_limit' "$raw" && echo thread_info
	grep -Eq '^[[:space:]]*ALTERNATIVE_JUMP[[:space:]]' "$raw" && echo altjump
	grep -Eq 'SYM_FUNC_START\(__copy_user_nocache\)' "$raw" &&
		! grep -q 'copy_user_enhanced_fast_string\|rep_movs_alternative' "$raw" && echo uncached
	return 0
}
# The routine's body, one statement a line.
routine_body() { # PRE SYM
	tr ';' '\n' <"$2" | awk -v s="$1" '
		$0 ~ "^[[:space:]]*" s ":" { on = 1 }
		on { print }
		on && $0 ~ "\\.size[[:space:]]+" s "[[:space:]]*," { exit }'
}
routine_shape() { # PRE SYM
	local body
	body=$(routine_body "$2" "$1")
	grep -q '\.L_copy_short_string' <<<"$body" && echo short_string
	grep -q '\.Lunrolled' <<<"$body" && echo unrolled64
	# overlap_pair: the last quadword moved through rcx (movs_fast)
	grep -Eq 'movq[[:space:]]+-8\(%rsi,%rcx\)' <<<"$body" && echo overlap_pair
	if grep -Eq 'rep[[:space:]]+movsq|rep;?[[:space:]]*movsq' <<<"$body"; then
		echo movsq
		grep -Eq 'and[q]?[[:space:]]+\$-8' <<<"$body" && echo movsq_align
	fi
	return 0
}
# match_routine SYM "TAGS" FEATURES: "row abi keeps wanted why", tab-
# separated: row is the registry row to check against (bytewise when none
# matches or the wanted one is not in this registry); wanted the table's
# row ("-" for none); keeps "-" for the row's.
match_routine() {
	local sym=$1 tags=" $2 " feats=" ${3//,/ } " s when row abi keeps era c ok
	while IFS=$'\t' read -r s when row abi keeps era; do
		case "$s" in '#'*|'') continue ;; esac
		# shellcheck disable=SC2254
		case "$sym" in $s) ;; *) continue ;; esac
		ok=1
		for c in ${when//,/ }; do
			case "$c" in
			-) ;;
			+*) [[ $feats == *" ${c#+} "* ]] || ok=0 ;;
			-*) [[ $feats == *" ${c#-} "* ]] && ok=0 ;;
			!*) [[ $tags == *" ${c#!} "* ]] && ok=0 ;;
			*) [[ $tags == *" $c "* ]] || ok=0 ;;
			esac
		done
		[ "$ok" = 1 ] || continue
		[ "$row" = = ] && row=${sym#ucopy_}
		if [ "$row" = skip ]; then
			printf 'skip\tclassic\t-\tskip\t%s\n' "$era"
		elif [ "$row" = - ]; then
			printf 'bytewise\t%s\t%s\t-\t%s: checked against the EXACT contract through `bytewise`\n' "$abi" "$keeps" "$era"
		elif registry_row "$row" >/dev/null; then
			printf '%s\t%s\t%s\t%s\t%s\n' "$row" "$(registry_field "$row" abi)" "$keeps" "$row" "$era"
		else
			printf 'bytewise\t%s\t%s\t%s\t%s: its row `%s` is not in this registry (a new variant), so it is checked against the EXACT contract through `bytewise`\n' \
				"$abi" "$keeps" "$row" "$era" "$row"
		fi
		return 0
	done <"$MATCH_TABLE"
	printf 'bytewise\tclassic\t-\t-\tno line of %s matches: checked against the EXACT contract through `bytewise`\n' "$MATCH_TABLE"
}

# caller_asm N:SHORT:LONG ABI: the inline caller's length test as a
# routine, review_caller: len <= N tail-calls SHORT, longer copies LONG.
caller_asm() {
	local n short long
	IFS=: read -r n short long <<<"$1"
	printf '\t.text\n\t.globl review_caller\n\t.type review_caller, @function\n\t.p2align 4\n'
	printf 'review_caller:\n'
	if [ "$2" = rep ]; then printf '\tcmpq $%s,%%rcx\n' "$n"; else printf '\tcmpl $%s,%%edx\n' "$n"; fi
	printf '\tjbe %s\n\tjmp %s\n\t.size review_caller, . - review_caller\n' "$short" "$long"
	printf '\t.section .note.GNU-stack,"",@progbits\n'
}
# caller_check N:SHORT:LONG: a message when it is not one.
caller_check() {
	[[ $1 =~ ^[0-9]+:[A-Za-z_.][A-Za-z0-9_.]*:[A-Za-z_.][A-Za-z0-9_.]*$ ]] && return
	echo "CALLER is N:SHORT:LONG (len <= N calls SHORT, else LONG), not '$1'"
	return 1
}

# review_levels DIR: "exact delayed", the contract level the review's
# sweeps show under each reading: EXACT when the routine passed both its
# model and the EXACT contract, the model's registry level when it passed
# only its model, FAIL when it failed its model, "-" when not run; with the
# zeroing tail (TAIL=), ZEROTAIL for a pass.
review_levels() {
	local D=$1 model ph c p f t xf tf lvl out=""
	model=$(setting "$D" MODEL)
	for ph in "exact hw" "delayed hw"; do
		read -r c p f t <<<"$(sweep_phase_counts "$D/sweep-model.txt" "$ph")"
		read -r _ _ xf _ <<<"$(sweep_phase_counts "$D/sweep-exact.txt" "$ph")"
		if [ "$ph" = "exact hw" ]; then
			read -r _ _ tf _ <<<"$(sweep_phase_counts "$D/sweep-model.txt" traced)"
			[[ ${tf:--} =~ ^[0-9]+$ ]] && [ "${f:--}" != - ] && f=$((f + tf))
		fi
		if [ -z "$c" ] || [ "$c" = - ]; then lvl=-
		elif [ "$f" -gt 0 ]; then lvl=FAIL
		elif zero_tail "$(setting "$D" TAIL)"; then lvl=ZEROTAIL
		elif [ "$model" = bytewise ] || [ "${xf:-0}" = 0 ] || [ "$xf" = - ]; then lvl=EXACT
		elif [ "$ph" = "exact hw" ]; then lvl=$(registry_field "$model" level_exact_hw)
		else lvl=$(registry_field "$model" level_delayed_hw)
		fi
		out="$out $lvl"
	done
	echo "${out# }"
}
# zero_tail SYMBOL: true when TAIL= names the zeroing C tail (tail_c_zero).
zero_tail() { case "$1" in copy_user_handle_tail_zerorest|ucopy_tail_c_zero) return 0 ;; esac; return 1; }
# level_rank LEVEL: EXACT 3 > RAW 2 > WEAK 1 > FAIL 0; "-" -1 (ZEROTAIL,
# beside the chain, ranks with EXACT: what a C-tail row becomes with the
# zeroing tail).
level_rank() { case "$1" in EXACT|ZEROTAIL) echo 3 ;; RAW) echo 2 ;; WEAK) echo 1 ;; FAIL) echo 0 ;; *) echo -1 ;; esac; }
# setting DIR NAME: one setting of the review whose steps wrote DIR.
setting() { ( . "$1/settings" && eval "printf '%s\n' \"\${$2:-}\"" ); }

# extable_convert OBJ: a pre-v3.5 file's exception table (absolute
# `.quad insn,fixup` pairs in __ex_table, v2.6.x) rewritten in place as the
# shim's relative three-word entries of type DEFAULT, so that the PIE lab
# can link it (-z text forbids absolute relocations in a read-only
# section) and apply it. Hand-written .altinstructions (ALTERNATIVE_JUMP:
# absolute too) are dropped: no alternative is patched here, each site
# keeps its original instruction, as with every feature absent. Prints a
# line when it changed something.
extable_convert() {
	local obj=$1 tmp=${1%.o} secs s add=() drop=()
	readelf -rW "$obj" | awk '/^Relocation section/ { sec = $3 } $3 == "R_X86_64_64" { print sec }' |
		sort -u >"$tmp.absrel"
	grep -qx "'.rela__ex_table'" "$tmp.absrel" || { rm -f "$tmp.absrel"; return 0; }
	# the pairs, in offset order: each 16-byte entry two absolute targets
	local off info typ val t plus a n=0 expect=0 line=() secs_seen=""
	: >"$tmp.exlist"
	while read -r off info typ val t plus a; do
		[ "$typ" = R_X86_64_64 ] || { echo "review: $obj: __ex_table mixes absolute and other entries; not converted" >&2; return 1; }
		[ $((16#$off)) = "$expect" ] || { echo "review: $obj: __ex_table entry at $((16#$off)) is not an absolute pair; not converted" >&2; return 1; }
		expect=$((expect + 8))
		if [ "${t#.}" != "$t" ]; then
			s=__review_sec${t//[^A-Za-z0-9_]/_}
			[[ " $secs_seen " == *" $s "* ]] || { secs_seen="$secs_seen $s"; echo "#SEC $s $t" >>"$tmp.exlist"; }
			t=$s
		fi
		line+=("$t + 0x${a:-0}")
		if [ ${#line[@]} = 2 ]; then
			printf '\t.long (%s) - .\n\t.long (%s) - .\n\t.long EX_TYPE_DEFAULT\n' "${line[0]}" "${line[1]}" >>"$tmp.exlist"
			line=() n=$((n + 1))
		fi
	done < <(readelf -rW "$obj" | awk '/^Relocation section/ { on = ($3 == "\047.rela__ex_table\047"); next } on && NF >= 5 && $1 ~ /^[0-9a-f]+$/')
	{
		echo '#include <asm/extable_fixup_types.h>'
		echo '	.section __ex_table, "a"'
		echo '	.balign 4'
		grep -v '^#SEC ' "$tmp.exlist"
		echo '	.section .note.GNU-stack,"",@progbits'
	} >"$tmp.extable.S"
	while read -r _ s secs; do add+=(--add-symbol "$s=$secs:0,global"); done < <(grep '^#SEC ' "$tmp.exlist")
	grep -qx "'.rela.altinstructions'" "$tmp.absrel" && drop+=(--remove-section .altinstructions --remove-section .rela.altinstructions)
	objcopy --remove-section __ex_table --remove-section .rela__ex_table "${drop[@]}" "${add[@]}" "$obj" "$tmp.noex.o" &&
		${CC:-cc} -D__ASSEMBLY__ -Iasm/kshim -c "$tmp.extable.S" -o "$tmp.extable.o" &&
		ld -r "$tmp.noex.o" "$tmp.extable.o" -o "$obj" || return 1
	echo "review: converted $(grep -c EX_TYPE_DEFAULT "$tmp.extable.S") absolute (pre-v3.5) __ex_table entries to relative ones$([ ${#drop[@]} -gt 0 ] && echo "; dropped the hand-written .altinstructions (each ALTERNATIVE_JUMP keeps its original jump)")" >&2
	rm -f "$tmp.absrel" "$tmp.exlist" "$tmp.noex.o" "$tmp.extable.o"
}

# link_diagnose OBJ LOG FILE: why the reviewed object did not link, from
# the object itself rather than a guess: absolute relocations in
# read-only sections (a PIE cannot have them), symbols it needs that
# nothing defines, symbols defined twice.
link_diagnose() {
	local obj=$1 log=$2 file=$3 abs und dup said=0
	# read-only allocated sections: flags with A and without W
	local ro
	ro=$(readelf -SW "$obj" 2>/dev/null | sed -n 's/^ *\[ *[0-9]*\] //p' |
		awk 'NF == 10 && $7 ~ /A/ && $7 !~ /W/ { printf " %s", $1 }')
	abs=$(readelf -rW "$obj" 2>/dev/null | awk -v ro="$ro " '/^Relocation section/ { sec = $3; gsub(/\047/, "", sec); sub(/^\.rela/, "", sec); next }
		($3 == "R_X86_64_64" || $3 == "R_X86_64_32" || $3 == "R_X86_64_32S") && index(ro, " " sec " ") { n[sec]++ }
		END { for (s in n) printf "%s (%d) ", s, n[s] }')
	if [ -n "$abs" ]; then
		echo "review: $file assembles but does not link: absolute relocations in $abs- a PIE allows none in a read-only section (the lab links PIE, -z text); __ex_table entries must be relative (_ASM_EXTABLE), and v2.6.x absolute .quad pairs are converted only when the whole __ex_table is such pairs"
		said=1
	fi
	und=$(grep -o "undefined reference to \`[^']*'" "$log" | sed "s/.*\`//; s/'$//" | sort -u | paste -sd ' ')
	if [ -n "$und" ]; then
		echo "review: $file assembles but does not link: nothing defines $und$(grep -qw copy_user_handle_tail <<<"$und" && echo ' (copy_user_handle_tail: asm/tail_c.S, or TAIL=)')"
		said=1
	fi
	dup=$(grep -o "multiple definition of \`[^']*'" "$log" | sed "s/.*\`//; s/'$//" | sort -u | paste -sd ' ')
	if [ -n "$dup" ]; then
		echo "review: $file assembles but does not link: defined twice: $dup"
		said=1
	fi
	[ "$said" = 1 ] || echo "review: $file assembles but does not link; the linker said the above"
}
