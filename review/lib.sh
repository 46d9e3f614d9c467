# Shell functions of the review and the report (sourced by review/review.sh,
# scripts/report.sh, review/test-review.sh and review/review.mk's recipes):
# the registry and the proof results read by name, each review step's JSON
# and the review's (docs/results.md; the rules are scripts/results.jq, the
# report scripts/render.jq), the file's shape and the row it matches.

REGISTRY=${REGISTRY:-build/registry.tsv}
. scripts/results.sh
PROOF_RESULTS=${PROOF_RESULTS:-build/proofs/results.json}

# ---- the registry (build/registry.tsv, printed by scripts/registry_print.c) ----
# One TSV line per row after a header line that names the columns (name
# kind abi level_exact_hw level_delayed_hw keeps kernels commits origin);
# fields are read by that name, never by position.
registry_names() { tsv_cols "$REGISTRY" name | paste -sd ' '; }
registry_has() { tsv_cols "$REGISTRY" name | grep -qxF "$1"; }
# registry_field ROW COLUMN: one field of a row, by the header's name.
registry_field() {
	tsv_cols "$REGISTRY" name "$2" | awk -F'\t' -v n="$1" '$1 == n { print $2; f = 1 } END { exit !f }'
}
# "origin (kernels, commits c)" of a row.
registry_origin() {
	local o k c
	o=$(registry_field "$1" origin) k=$(registry_field "$1" kernels) c=$(registry_field "$1" commits)
	echo "$o ($k$([ "$c" = - ] || echo ", commits $c"))"
}

# ---- the proof results (build/proofs/results.json, written by make prove) ----
# proof_of UNIT: that unit's object of results.json (docs/results.md);
# fails when there is none.
proof_of() {
	[ -f "$PROOF_RESULTS" ] && jq -ec --arg u "$1" '.[] | select(.unit == $u)' "$PROOF_RESULTS"
}
# equiv_of ROW: {goals, proved} of the row's harness, equiv_<row>, in the
# one equivalence unit's WP report (smoke tests apart); fails when it has
# none.
EQUIV_WP=${EQUIV_WP:-build/proofs/equiv/wp.json}
equiv_of() {
	[ -f "$EQUIV_WP" ] && jq -ec --arg f "equiv_$1" '."wp:functions"[$f] // empty | to_entries
		| map(select(.key != "wp:section" and (.key | test("_wp_smoke_") | not)) | .value."wp:main")
		| {goals: (map(.total) | add // 0), proved: (map(.valid // 0) | add // 0)}' "$EQUIV_WP"
}
# ---- machine code: is a routine one that `make prove-asm` proved? ----
# code_listing OBJ SYM: SYM's machine code after relocation, free of where
# it sits: each instruction that can run (reachable from SYM's start along
# fall-through, jumps and fix-up edges, as the lifter walks it; CODE_ALL=1:
# every one) at its offset from SYM's start (objdump's decoding), a jump
# inside SYM by its offset, one outside by its target's name, every
# relocation by type and symbol, and each __ex_table entry from those
# instructions: from and to (offsets) and its data word (the fix-up
# type). Empty when OBJ does not define SYM.
code_listing() {
	local obj=$1 sym=$2 start size sec
	read -r start size sec < <(objdump -t "$obj" 2>/dev/null |
		awk -v s="$sym" '$NF == s && $(NF - 2) != "*UND*" { print $1, $(NF - 1), $(NF - 2); exit }')
	[ -n "${sec:-}" ] || return 0
	{ objdump -d -r --no-show-raw-insn -j "$sec" "$obj"; echo "@EXTABLE"
	  objdump -t "$obj" | awk 'NF >= 5 && $(NF - 2) != "*UND*" { print "@SYM", $NF, $1, $(NF - 2) }'
	  objdump -r -j __ex_table "$obj" 2>/dev/null | awk '$2 ~ /^R_X86_64/ { print "@REL", $1, $3 }'
	  objcopy -O binary --only-section=__ex_table "$obj" /dev/stdout 2>/dev/null | od -An -tx4 -v | tr -s ' ' '\n' |
		awk 'NF { print "@WORD", n++, $1 }'
	} | awk -v lo="$start" -v n="$size" -v sec="$sec" -v all="${CODE_ALL:-0}" '
		function hx(x,   i, v) { v = 0; x = tolower(x); sub(/^0x/, "", x)
			for (i = 1; i <= length(x); i++) v = v * 16 + index("0123456789abcdef", substr(x, i, 1)) - 1; return v }
		function inr(x) { return x >= LO && x < LO + N }
		BEGIN { LO = hx(lo); N = hx(n) }
		/^@EXTABLE/ { ex = 1; next }
		!ex && /^ *[0-9a-f]+:\t/ { a = $0; sub(/^ */, "", a); at = hx(substr(a, 1, index(a, ":") - 1))
			on = inr(at); if (!on) next
			ins = a; sub(/^[0-9a-f]+:\t/, "", ins); sub(/ *#.*/, "", ins); gsub(/[ \t]+/, " ", ins)
			tgt = -1
			if (match(ins, / [0-9a-f]+ <[^>]*>$/)) {
				t = substr(ins, RSTART + 1); sub(/ .*/, "", t); t = hx(t); name = substr(ins, RSTART); sub(/^ [0-9a-f]+ /, "", name)
				ins = substr(ins, 1, RSTART) (inr(t) ? "+" (t - LO) : name); if (inr(t)) tgt = t - LO
			}
			ni++; OFF[ni] = at - LO; TXT[ni] = ins; TGT[ni] = tgt; AT[at - LO] = ni; next }
		!ex && /^[ \t]*[0-9a-f]+: R_X86_64/ && on { REL[ni] = REL[ni] "reloc\t" $2 "\t" $3 "\n"; next }
		$1 == "@SYM" { SV[$2] = hx($3); SS[$2] = $4; next }
		$1 == "@REL" { o = hx($2); v = $3; nm = v; sub(/[-+].*/, "", nm); ad = 0
			if (v ~ /\+0x/) { ad = v; sub(/.*\+/, "", ad); ad = hx(ad) }
			if (v ~ /-0x/) { ad = v; sub(/.*-/, "", ad); ad = -hx(ad) }
			if (nm ~ /^\./) { s = nm; base = 0 } else { s = SS[nm]; base = SV[nm] }
			T[o] = (s == sec) ? base + ad : -1; next }
		$1 == "@WORD" { W[$2] = $3; nw = $2 + 1; next }
		END {
			ne = 0
			for (e = 0; e * 12 < nw * 4; e++) {
				f = (e * 12 in T) ? T[e * 12] : -1; t = (e * 12 + 4 in T) ? T[e * 12 + 4] : -1
				if (f >= 0 && inr(f)) { ne++; EF[ne] = f - LO; ET[ne] = inr(t) ? t - LO : -1; ED[ne] = W[e * 3 + 2] }
			}
			# what can run: from the entry along fall-through, jumps inside
			# and fix-up edges (as the lifter walks it); all of it when a
			# jump goes through a register
			for (i = 1; i <= ni; i++) if (TXT[i] ~ /^(jmp|call|notrack jmp) \*/) all = 1
			R[1] = 1; ch = 1
			while (ch && !all) { ch = 0
				for (i = 1; i <= ni; i++) if (i in R) {
					split(TXT[i], w, " "); m = w[1]; succ = ""
					if (m != "jmp" && m != "ret" && m != "ud2" && m != "int3" && i < ni) succ = i + 1
					if (m ~ /^j/ && TGT[i] >= 0 && (TGT[i] in AT)) succ = succ " " AT[TGT[i]]
					for (e = 1; e <= ne; e++) if (EF[e] == OFF[i] && (ET[e] in AT)) succ = succ " " AT[ET[e]]
					k = split(succ, sl, " "); for (j = 1; j <= k; j++) if (!(sl[j] in R)) { R[sl[j]] = 1; ch = 1 }
				} }
			for (i = 1; i <= ni; i++) if (all || (i in R)) printf "insn\t+%d\t%s\n%s", OFF[i], TXT[i], REL[i]
			for (e = 1; e <= ne; e++) if (all || (AT[EF[e]] in R))
				print "extable\t+" EF[e] "\t" (ET[e] >= 0 ? "+" ET[e] : "outside") "\t" ED[e]
		}'
}
# machine_code_of OBJ SYM: whether SYM's machine code is that of a row
# proven at machine-code level (proofs/asm/<row>.annot with a passing unit
# in PROVE_ASM_RESULTS, written by `make prove-asm`): the same
# code_listing as the row's object build/obj/asm/<row>.o (what can run:
# the proof is about those instructions only). As JSON:
# {covered, row, proof: {goals, proved, levels} | null, note}.
PROVE_ASM_RESULTS=${PROVE_ASM_RESULTS:-build/proofs/asm/results.json}
# row_code_listing ROW: code_listing of the row's own object, kept under
# build/review/code/ by the object's and this file's hash: every review
# compares its routine with every proven row's, whose objects rarely change.
row_code_listing() {
	local o=build/obj/asm/$1.o key c
	key=$(cat "$o" review/lib.sh | sha256sum | cut -c1-16)
	c=build/review/code/$1-$key.txt
	if [ ! -f "$c" ]; then
		mkdir -p build/review/code
		code_listing "$o" "ucopy_$1" >"$c.$$" && mv "$c.$$" "$c"
	fi
	cat "$c"
}
machine_code_of() {
	local mine r same="" proven=() a
	mine=$(code_listing "$1" "$2")
	local nrun nall; nrun=$(grep -c '^insn' <<<"$mine") nall=$(CODE_ALL=1 code_listing "$1" "$2" | grep -c '^insn')
	[ -n "$mine" ] || { jq -n --arg s "$2" '{covered: false, row: null, proof: null, note: "tested only: no code for \($s) in the object"}'; return; }
	for a in proofs/asm/*.annot; do
		r=$(basename "$a" .annot)
		[ -f "build/obj/asm/$r.o" ] || make -s "build/obj/asm/$r.o" >&2 || continue
		[ "$(row_code_listing "$r")" = "$mine" ] && same=$r
		[ -f "$PROVE_ASM_RESULTS" ] && jq -e --arg r "$r" 'any(.[]; .unit == $r and .ok)' "$PROVE_ASM_RESULTS" >/dev/null &&
			proven+=("$r")
	done
	jq -n --arg same "$same" --arg proven "${proven[*]}" --arg res "$PROVE_ASM_RESULTS" \
		--arg dead "$([ "$nall" -gt "$nrun" ] && echo "; $((nall - nrun)) more instructions that no path from the entry reaches (an alternative not patched in, padding) are not compared")" \
		--argjson units "$([ -f "$PROVE_ASM_RESULTS" ] && cat "$PROVE_ASM_RESULTS" || echo '[]')" '
		($proven | split(" ") | map(select(. != ""))) as $p
		| ($units | map(select(.unit == $same and .ok)) | .[0]) as $u
		| if $same != "" and $u != null then
		    {covered: true, row: $same, proof: {goals: $u.goals, proved: $u.proved, levels: $u.levels},
		     note: "covered by the machine-code proof of `\($same)`: the same instructions after relocation and the same exception table as build/obj/asm/\($same).o, proven against its contract (`make prove-asm`, \($u.proved)/\($u.goals) goals)\($dead)"}
		  elif $same != "" then
		    {covered: false, row: $same, proof: null,
		     note: "tested only: the same machine code as build/obj/asm/\($same).o, whose machine-code proof has no passing result in \($res) (run `make prove-asm`)"}
		  else
		    {covered: false, row: null, proof: null,
		     note: "tested only: its machine code is not that of any row proven at machine-code level (\(if $p == [] then "none in \($res)" else $p | map("`\(.)`") | join(", ") end))"}
		  end'
}
# registry_json: the registry as a JSON array of objects named by its header.
registry_json() {
	jq -R -n '[inputs | split("\t")] | .[0] as $h | .[1:] | map([$h, .] | transpose | map({(.[0]): .[1]}) | add)' "$REGISTRY"
}

# ---- a review's steps (review/review.mk) ----
# FEATURES=erms,fsrm,...: fails with a message on a name the shims do not
# know (asm/kshim/asm/cpufeatures.h).
feature_check() {
	local f
	# names and commas only: a blank or a control character is no feature,
	# not an empty list (the loop below would split it away)
	case "$1" in *[!a-z0-9_,]*)
		echo "FEATURES: '$(printf '%q' "$1")' is not a comma-separated list of feature names (known: erms fsrm rep_good fzrm fsrs smap xmm2)"
		return 1 ;;
	esac
	for f in $(echo "$1" | tr ',' ' '); do
		case "$f" in
		erms|fsrm|rep_good|fzrm|fsrs|smap|xmm2) ;;
		*) echo "unknown feature '$f' in FEATURES (known: erms fsrm rep_good fzrm fsrs smap xmm2)"
		   return 1 ;;
		esac
	done
}

# linked_symbols LINKED...: "type name" of every global symbol the lab's
# objects define. LINKED is the objects, or one file of these lines (what
# review.mk writes once, $(REVIEW_DIR)/linked-symbols.txt, instead of
# running nm over every object of the lab in every review).
linked_symbols() {
	if [ $# = 1 ] && [ "${1%.txt}" != "$1" ]; then cat "$1"
	else nm -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 { print $2, $3 }'; fi
}
# review_object RAW OUT SYMFILE ENTRY LINKED...: OUT is RAW with every
# global symbol that LINKED (the objects, or their linked_symbols file)
# define too renamed <name>__review;
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
			 <(linked_symbols "$@" | awk '$1 ~ /[TDBR]/ { print $2 }' | sort -u))
	for s in $clash; do redef+=(--redefine-sym "$s=${s}__review"); done
	# TAIL=: the tail the file's fix-ups jump to (copy_user_handle_tail),
	# another routine of the lab's instead of asm/tail_c.S's byte retry.
	if [ -n "${TAIL:-}" ]; then
		if ! linked_symbols "$@" | awk -v s="$TAIL" '$2 == s { f = 1 } END { exit !f }'; then
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

# settings_json DIR: the settings of the review whose steps wrote DIR
# (NAME=value lines, review/review.mk) as one JSON object. (make's foreach
# ends every line but the last with the space it joins words with.)
settings_json() {
	jq -R -n '[inputs | capture("^(?<key>[A-Za-z_]+)=(?<value>.*?) ?$")] | from_entries' "$1/settings"
}
# setting DIR NAME: one of them.
setting() { settings_json "$1" | jq -r --arg n "$2" '.[$n] // ""'; }

# fuzz_json LOG EXIT: a libFuzzer run's log as {run, exit, executions,
# exec_per_s, failure} (docs/results.md).
fuzz_json() {
	local stat
	stat() { sed -n "s/^stat::$1: *\([0-9]*\).*/\1/p" "$2" | tail -n 1; }
	jq -n --argjson exit "$2" --arg x "$(stat number_of_executed_units "$1")" \
		--arg r "$(stat average_exec_per_sec "$1")" \
		--arg f "$(grep -m1 -E '^ucopy-fuzz: |==[0-9]+== ?ERROR: libFuzzer|^ERROR: libFuzzer' "$1" || tail -n 3 "$1" | tr '\n' ' ')" \
		'{run: true, exit: $exit, executions: ($x | tonumber? // null), exec_per_s: ($r | tonumber? // null),
		  failure: (if $exit == 0 then null else $f end)}'
}
# not_run WHY: a step that did not run.
not_run() { jq -n --arg n "$1" '{run: false, note: $n}'; }

# bench_json LOG EXIT DIR SYMBOL MODEL: the review's benchmark (its output
# LOG, DIR/bench/results.csv read by its header) as {run, exit, timed,
# cpu, about, ticks: [{len, base, reviewed, floor}], note}.
bench_json() {
	local log=$1 rc=$2 d=$3 note=""
	shift 2
	if [ ! -s "$d/bench/results.csv" ]; then
		case "$rc" in
		1) note="not timed: $(grep -m1 'broken routine' "$log" | sed 's/^ucopy-bench: //')" ;;
		124|137) note="not timed: the benchmark did not finish in 120 s" ;;
		*) note="not timed: the benchmark stopped (exit $rc): $(grep -m1 'ucopy-bench: ' "$log")" ;;
		esac
	fi
	{ [ -s "$d/bench/results.csv" ] && csv_cols "$d/bench/results.csv" strategy len median empty_median; } |
	jq -R -n --argjson exit "$rc" --arg note "$note" --arg sym "$2" --arg model "$3" \
		--arg cpu "$(sed -n 's/^# cpu: //p' "$log" | head -n 1)" \
		--arg about "$(sed -n 's/^# \(unit\|flags\): /\1: /p' "$log" | sort -u)" '
		[inputs | split("\t") | {s: .[0], len: (.[1] | tonumber), median: (.[2] | tonumber), floor: (.[3] | tonumber)}] as $rows
		| ($rows | map(select(.s == $sym)) | map({key: (.len | tostring), value: .median}) | from_entries) as $mine
		| {run: true, exit: $exit, timed: ($note == ""), note: (if $note == "" then null else $note end),
		   cpu: (if $cpu == "" then null else $cpu end), about: ($about | split("\n") | map(select(. != ""))),
		   ticks: [$rows[] | select(.s == $model) | {len, base: .median, reviewed: $mine[.len | tostring], floor}]
		          | unique_by(.len) | sort_by(.len)}'
}

# sweep_again STEP: the sweep step's JSON made again from the sweep's own
# (STEP.sweep.json) with the exit status it kept, so that a change of the
# reading (scripts/results.jq) needs no new sweep.
sweep_again() { sweep_json "$1.sweep.json" "$(jq .exit "$1.json")"; }

# review_json DIR: the facts of the review whose steps wrote DIR, its
# verdict, levels and exit status (scripts/results.jq), and its first
# failing cases in words with their replay commands (docs/results.md).
review_json() {
	local d=$1 model tail cpu
	model=$(setting "$d" MODEL) tail=$(setting "$d" TAIL)
	cpu=$(jq -r '.cpu // empty' "$d/bench.json")
	[ -n "$cpu" ] || cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
	jq -n -L scripts 'include "results"; $facts | review_verdict' \
		--argjson facts "$(jq -n --arg dir "$d" --arg symbol "$(cat "$d/symbol")" \
			--argjson settings "$(settings_json "$d")" \
			--argjson row "$(registry_json | jq --arg m "$model" '.[] | select(.name == $m)')" \
			--argjson proof "$(proof_of "$model" || echo null)" \
			--argjson mc "$(machine_code_of "$d/review-raw.o" "$(setting "$d" ENTRY)" | jq -c . 2>/dev/null | grep . || echo null)" \
			--arg proofs "$PROOF_RESULTS" \
			--arg sha "$(sha256sum "$(setting "$d" ASM)" | cut -c1-16)" --arg cpu "$cpu" \
			--argjson zero_tail "$(zero_tail "$tail" && echo true || echo false)" \
			--argjson sm "[$(sweep_again "$d/sweep-model")]" --argjson sx "[$(sweep_again "$d/sweep-exact")]" \
			--slurpfile fz "$d/fuzz.json" --slurpfile bn "$d/bench.json" '
			{kind: "review", dir: $dir, symbol: $symbol, settings: $settings, model: $row,
			 proof: $proof, machine_code: $mc, proof_results: $proofs, sha256: $sha, cpu: $cpu, zero_tail: $zero_tail,
			 contract: (if $zero_tail then "ZEROTAIL" else "EXACT" end),
			 reference: (if $zero_tail then "tail_c_zero" elif $row.kind == "clear" then "clear_bytewise" else "bytewise" end),
			 claimed: (if $zero_tail then {exact_hw: "ZEROTAIL", delayed_hw: "ZEROTAIL"}
			           else {exact_hw: $row.level_exact_hw, delayed_hw: $row.level_delayed_hw} end),
			 keeps: (if $settings.KEEPS != "" then $settings.KEEPS else $row.keeps end),
			 sweep_model: $sm[0], sweep_exact: $sx[0], fuzz: $fz[0], bench: $bn[0]}')"
}

# ---- whole-file review: which row each routine is checked against ----
# The era table src/runtime/eras.tsv (its lines with a symbol; live reads
# the same table) decides; the shape tags are facts of the file (RAW: the
# source as given, PRE: it preprocessed against the shims) and of the
# routine's own body in PRE (from "SYM:" to ".size SYM").
ERA_TABLE=${ERA_TABLE:-src/runtime/eras.tsv}
# The table's review columns, read by header name: symbol when row abi
# keeps why, tab-separated, the lines with a symbol, in order.
era_review_lines() {
	awk -F'\t' '/^#/ { next }
		!hdr { for (i = 1; i <= NF; i++) col[$i] = i; hdr = 1
		       n = split("symbol when row abi keeps why", want, " ")
		       for (w = 1; w <= n; w++) if (!(want[w] in col)) {
		               print FILENAME ": no column " want[w] > "/dev/stderr"; exit 2 }
		       next }
		$col["symbol"] != "-" { print $col["symbol"] "\t" $col["when"] "\t" $col["row"] "\t" \
		                        $col["abi"] "\t" $col["keeps"] "\t" $col["why"] }' "$ERA_TABLE"
}
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
	# extable: the body has exception-table entries (a routine without
	# any cannot take a user fault: clear_page_*, copy_page); movnti:
	# non-temporal stores (the uncached copy, whatever its name)
	grep -q '__ex_table' <<<"$body" && echo extable
	grep -q 'movnti' <<<"$body" && echo movnti
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
		elif registry_has "$row"; then
			printf '%s\t%s\t%s\t%s\t%s\n' "$row" "$(registry_field "$row" abi)" "$keeps" "$row" "$era"
		else
			printf 'bytewise\t%s\t%s\t%s\t%s: its row `%s` is not in this registry (a new variant), so it is checked against the EXACT contract through `bytewise`\n' \
				"$abi" "$keeps" "$row" "$era" "$row"
		fi
		return 0
	done < <(era_review_lines)
	printf 'bytewise\tclassic\t-\t-\tno line of %s matches: checked against the EXACT contract through `bytewise`\n' "$ERA_TABLE"
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

# zero_tail SYMBOL: true when TAIL= names the zeroing C tail (tail_c_zero).
zero_tail() { case "$1" in copy_user_handle_tail_zerorest|ucopy_tail_c_zero) return 0 ;; esac; return 1; }

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
