#!/usr/bin/env bash
# The tree review's report (review/tree.sh): Markdown from its
# summary.json, on stdout. Every number comes from that JSON.
#
#   review/tree-report.sh build/review/tree-<version>/summary.json
set -uo pipefail
J=${1:?usage: review/tree-report.sh summary.json}
[ -f "$J" ] || { echo "tree-report: no file $J" >&2; exit 2; }
q() { jq -r "$@" "$J"; }

ver=$(q .kernel.version) rc=$(q .exit)
echo "# Review of Linux $ver: every user-copy routine of the tree"
echo
case "$rc" in
0) echo "**PASS: every routine meets its row$( [ "$(q .totals.known)" = 0 ] || echo " ($(q .totals.known) known finding(s), listed below)")**" ;;
*) echo "**FAIL: $(q .totals.failed) review(s) failed$( [ "$(q .settings.strict)" = 1 ] && [ "$(q .totals.known)" != 0 ] && echo "; STRICT=1: $(q .totals.known) known finding(s) count as failures")**" ;;
esac
echo
q '"Tree: \(.kernel.origin); version from its Makefile. Files: \(.kernel.files | map("`" + . + "`") | join(", ")).",
   "",
   "Depth: REVIEW_QUICK=\(.settings.review_quick), \(.settings.fuzz_seconds) s of fuzzing per routine, benchmark \(if .settings.bench == 1 then "on" else "off" end). \(.totals.reviews) reviews (a routine with an ALTERNATIVE of its own is reviewed once per feature set), \(.totals.not_reviewed) routines not reviewed; \(.seconds.wall) s wall, \(.seconds.cpu) s CPU."'
echo
echo "## Routines"
echo
echo "Each routine assembled unmodified against the shims (asm/kshim/), matched to its row by"
echo "src/runtime/eras.tsv (symbol, shape, features) and reviewed by review/review.sh: the fault-lab"
echo "sweep against the row's model and against the EXACT contract (exact and delayed hardware),"
echo "fuzzing, and TSC ticks (median, hot cache) against the project's routine for the row."
echo
lens=$(q '[.routines[] | .ticks // {} | keys[]] | unique | sort_by(tonumber) | join(" ")')
hdr="" sep=""
for l in $lens; do hdr="$hdr ticks $l |"; sep="$sep---:|"; done
echo "| file | routine | FEATURES | row | level, exact hw | level, delayed hw | cases (model, EXACT) | fuzz runs | verdict | machine code |$hdr"
echo "|---|---|---|---|---|---|---:|---:|---|---|$sep"
q --arg lens "$lens" '.routines[] |
	"| `\(.file | split("/") | last)` | `\(.symbol)` | \(if .features == "" then "none" else .features end) | `\(.row)` | \(.levels.exact_hw) | \(.levels.delayed_hw) | \(.cases.model.cases // "-"), \(.cases.exact.cases // "-") | \(.fuzz.executions // "-") | \(.verdict | ascii_upcase) | \(if .machine_code.covered then "proven (`\(.machine_code.row)`)" else "tested only" end) |" +
	( . as $r | [$lens | split(" ")[] | select(. != "") | ($r.ticks[.] // null) |
	  if . == null then " - |" else " \(.reviewed) (\(.project)) |" end] | join(""))'
echo
echo "Machine code: proven when the routine's reachable instructions, after relocation and with its exception table, are those of a row's object that \`make prove-asm\` proved (docs/review.md, \"Machine code\"); else tested only."
echo
[ -n "$lens" ] && { echo "Ticks: the reviewed routine's median TSC ticks per call at that length, the project's routine for the row in parentheses (aligned buffers; docs/bench.md). Benchmarks are measurements, not checks."; echo; }
echo "Why each row:"
echo
q '.routines[] | "- `\(.symbol)`\(if .features == "" then "" else " (FEATURES=" + .features + ")" end): \(.why); report `\(.report)`"'
echo

if [ "$(q '[.routines[] | select(.verdict == "fail")] | length')" != 0 ]; then
	echo "## Failures"
	echo
	q '.routines[] | select(.verdict == "fail") |
		"- **`\(.symbol)`** (`\(.file)`\(if .features == "" then "" else ", FEATURES=" + .features end)) fails row `\(.row)`: \(.first_failure // "see the report")\(if .known_finding then "; a known finding names this routine but does not explain every failure: with it fixed the routine still fails (`\(.known_finding.fixed_review)`)" else "" end). Report: `\(.report)`."'
	echo
fi
if [ "$(q '[.routines[] | select(.known_finding != null and .verdict == "known")] | length')" != 0 ]; then
	echo "## Known findings"
	echo
	echo "Failures the project has already documented (review/known-findings.tsv). Each is"
	echo "counted as known only because the same routine with the finding fixed passes every"
	echo "check of the same review, so the finding explains every failing case; \`STRICT=1\`"
	echo "fails on them."
	echo
	q '.routines[] | select(.verdict == "known") |
		"- **`\(.symbol)`** (`\(.file)`\(if .features == "" then "" else ", FEATURES=" + .features end)), row `\(.row)`: \(.known_finding.reason). First failing case: \(.first_failure // .known_finding.case). Documented: \(.known_finding.source). With the finding fixed (`sed -E \u0027\(.known_finding.fix)\u0027` on its lines) it passes: `\(.known_finding.fixed_review)`."'
	echo
fi
if [ "$(q '.not_reviewed | length')" != 0 ]; then
	echo "## Not reviewed"
	echo
	q '.not_reviewed[] | "- `\(.symbol)` (`\(.file | split("/") | last)`): \(.reason)."'
	echo
fi

echo "## Which routine runs for which CPU features"
echo
if [ "$(q '.alternatives | length')" = 0 ]; then
	echo "No ALTERNATIVE dispatch found in \`arch/x86/include/asm/uaccess_64.h\` (absent, or an era that calls one routine)."
else
	echo "The inline dispatch of \`arch/x86/include/asm/uaccess_64.h\` (review/tree-dispatch.awk), as the"
	echo "kernel patches it at boot: the original, each alternative replacing it when its condition holds."
	echo
	q '.alternatives | group_by(.dispatch)[] | "- `\(.[0].dispatch)`: " + (map("\(.what | sub("^call:"; "call ") | sub("^inline:"; "inline "))\(if .when == "always" then " (original)" else " if " + (.when | sub("^\\+"; "") | sub("^-"; "no ")) end)") | join("; "))'
	echo
	echo "| dispatch | CPU features | runs | row | verdict |"
	echo "|---|---|---|---|---|"
	q '.dispatch[] | "| `\(.dispatch)` | \(.features | to_entries | map((if .value then "+" else "-" end) + .key) | join(" ")) | \(.runs | sub("^call:"; "`") | sub("^inline:"; "inline `"))` | \(if .row then "`" + .row + "`" else "-" end) | \(if .verdict then (.verdict | ascii_upcase) else (.note // "-") end) |"'
	echo
	echo "The caller itself has no length test in this dispatch, so there is no \`CALLER=N:SHORT:LONG\` to review; an inline instruction is C inline asm (not assembled here) and is the project's row named beside it."
fi
echo
echo "## clear_user in C"
echo
q .usercopy_c
echo
echo "## The booted kernel (make live-vm)"
echo
case "$(q '.live_vm | type')" in
null) echo "No build/live-vm/results.json: \`make live-vm\` has not run here, so no booted kernel is compared." ;;
string) q .live_vm ;;
*)
	if [ "$(q '.live_vm | length')" = 0 ]; then
		echo "build/live-vm/results.json has no boot of Linux $ver."
	else
		echo "Each path the booted kernel took, with the row live-vm inferred, beside what this source review has for"
		echo "the same dispatch under the booted CPU's flags."
		echo
		echo "| booted | CPU (flags) | path | inferred row | source: runs (row) | agrees |"
		echo "|---|---|---|---|---|---|"
		q '.live_vm[] | "| \(.kernel) | \(.cpu // "-") (\(.flags | join(" "))) | \(.path) | `\(.booted_row)` | \(if .source_runs then (.source_runs | sub("^call:"; "") | sub("^inline:"; "inline ")) + " (`" + (.source_row // "-") + "`)" else "no dispatch of this tree" end) | \(if .agrees then "yes" else "**no**" end) |"'
	fi ;;
esac
echo
echo "## Reproduce"
echo
echo "    make review-tree KERNEL=$(q '.kernel.input // "..."')$(q '.kernel.rev // empty | " REV=" + .') REVIEW_QUICK=$(q .settings.review_quick) REVIEW_FUZZ_SECONDS=$(q .settings.fuzz_seconds)$( [ "$(q .settings.bench)" = 1 ] || echo ' REVIEW_BENCH=0')"
echo
echo "Each routine's own report (listed above) holds its replay commands; the reviewed files are under \`$(dirname "$J")/src/\`."
