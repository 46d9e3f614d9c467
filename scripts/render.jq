# The one renderer: every Markdown report, from the JSON of docs/results.md.
# A jq module; `scripts/render.sh KIND FILE.json` prints one (KIND: review,
# file, patch, report, tree).
include "results";

def lines: join("\n");
# Every heading one level down (a report inside another).
def demote: split("\n") | map(if startswith("#") then "#" + . else . end) | join("\n");
def code: "`\(.)`";
def or_none: if . == null or . == "" then "none" else . end;
def commas: tostring | [scan("^-?[0-9]+")][0] as $i | (tostring | ltrimstr($i)) as $rest
  | ($i | explode | reverse | [range(0; length; 3) as $k | .[$k:$k + 3]] | map(reverse | implode) | reverse | join(",")) + $rest;
def cells: "| " + (map(tostring) | join(" | ")) + " |";
def secs: if . == null then "" else "\(.) s" end;
def abi_words: {"rep": "rdi to, rsi from, rcx count; rcx = bytes not copied",
  "stos": "rdi addr, rcx count, rax = 0; rcx = bytes not cleared",
  "classic_clear": "rdi addr, rsi size; rax = bytes not cleared"}[.] // "rdi to, rsi from, edx len; eax = bytes not copied";
def failure_tags: "Tags: `result` return value differs; `data` a destination byte differs; `overwrite` wrote outside [dst, dst+len); `no-extable` a fault with no exception-table entry; `out-of-bounds` touched memory the case forbids; `callee-saved`/`clobbered`/`rsp`/`DF` broke the calling convention; `sfence` returned with a non-temporal store not fenced; `timeout`, `fault-loop`, `crash`, `signal` (docs/lab.md).";
def numbered: to_entries | map("\(.key + 1). "
  + (if .value.len == null then .value.words
     else "**\(.value.words | sub(" \\(source "; "** (source "))  \n   replay: `\(.value.replay)`" end)) | lines;

# ---- one routine's review ----
def review_md:
  . as $r | .settings as $s | (.sweep_model | target) as $m | (.sweep_exact | target) as $x
  | ["exact_hw", "delayed_hw", "traced"] as $phases
  | def ph_name: sub("_"; " ");
    def ph_row($t; $what; $ph): $t.phases[$ph] as $p
      | if $p == null then [$what, ($ph | ph_name), "not run", "", "", ""] | cells
        else [$what, ($ph | ph_name), $p.cases, $p.passed, $p.failed, ($p.seconds | secs)] | cells end;
  [ "# Review of `\($s.ENTRY)` against strategy `\($s.MODEL)`", "",
    "**\(.verdict)**", "",
    "| | |", "|---|---|",
    "| file | `\($s.ASM)` (sha256 \(.sha256)...) |",
    "| entry | `\($s.ENTRY)`, \($s.ABI) ABI (\($s.ABI | abi_words))"
      + (if .symbol != $s.ENTRY then "; linked as `\(.symbol)` (the lab defines `\($s.ENTRY)` too)" else "" end) + " |",
    "| model | `\($s.MODEL)` (src/rows/\($s.MODEL).c, `model_\($s.MODEL)`): \(.model.origin) (\(.model.kernels)"
      + (if .model.commits == "-" then "" else ", commits \(.model.commits)" end) + ")"
      + (if .model.abi != $s.ABI then "; note: the project's routine for it uses the \(.model.abi) ABI, this review called `\($s.ENTRY)` with the \($s.ABI) one (ABI=)" else "" end) + " |",
    (if $s.REVIEW_WHY != "" then "| model chosen | \($s.REVIEW_WHY) |" else empty end),
    (if $s.TAIL != "" then "| tail | the file's `copy_user_handle_tail` calls go to `\($s.TAIL)` ("
      + (if $s.TAIL_WHY != "" then $s.TAIL_WHY else "TAIL=" end)
      + (if .zero_tail then "; the zeroing tail: the model's result with zeros from its report up to the first unwritable byte is expected, level ZEROTAIL" else "" end) + ") |" else empty end),
    (if $s.CALLER != "" then ($s.CALLER | split(":")) as $c
      | "| caller | `review_caller`: len <= \($c[0]) calls `\($c[1])`, longer copies `\($c[2])` (CALLER=\($s.CALLER)) |" else empty end),
    "| model's proof | registry: \(.claimed.exact_hw) on exact hardware, \(.claimed.delayed_hw) on delayed; "
      + (if .proof then "WP \(.proof.proved)/\(.proof.goals) goals\(if .proof.ok then "" else " (NOT all proved)" end) (\(.proof.shows))"
         else "no entry in \(.proof_results) (run `make prove`)" end) + " |",
    "| machine code | \(.machine_code.note // "tested only: not compared (a review made before machine-code proofs)") |",
    "| features | \($s.FEATURES | or_none) (each ALTERNATIVE assembled with \(if $s.FEATURES != "" then "these present" else "every feature absent: the original instructions" end)) |",
    "| CPU | \(.cpu) |", "",
    "## Fault-lab sweep", "",
    "\(.sweep_model.seed // "no seed line: the sweep did not start").", "",
    "Phases: **exact hw**, rep movs reporting exactly (lag 0); **delayed hw**, each rep movs that faults reporting k elements late (every k for short copies, a spread for long ones; the model under the same lags); **traced**, a sample single-stepped, every non-temporal store fenced before the return. Registers the routine must keep: \(.keeps | gsub(" "; ",")), rsp, DF.", "",
    "| checked against | hardware | cases | passed | failed | time |", "|---|---|---:|---:|---:|---:|",
    (if .sweep_model.finished then
       ph_row($m; "model `\($s.MODEL)` (result, every byte, registers, faults, contract \(.claimed.exact_hw))"; "exact_hw"),
       ph_row($m; "model `\($s.MODEL)` under lags (contract \(.claimed.delayed_hw))"; "delayed_hw"),
       ph_row($m; "model `\($s.MODEL)`, single-stepped (fences)"; "traced")
     else "| model `\($s.MODEL)` | | did not finish | | | |" end),
    (if $s.MODEL == .reference then "| the \(.contract) contract | | (the model is the \(.contract) reference) | | | |"
     elif .sweep_exact.finished then
       ph_row($x; "the \(.contract) contract (reference model `\(.reference)`)"
         + (if .gate.exact_hw then "" else ", informational: \($s.MODEL) claims \(.claimed.exact_hw)" end); "exact_hw"),
       ph_row($x; "the \(.contract) contract under lags"
         + (if .gate.delayed_hw then "" else ", informational: \($s.MODEL) claims \(.claimed.delayed_hw) on delayed hw" end); "delayed_hw")
     else "| the \(.contract) contract | | did not finish | | | |" end),
    (if ($m.total.by_tag // {}) != {} then "", "Failing runs by kind against the model (all of them, shown or not; a run may fail in several ways): "
       + ($m.total.by_tag | to_entries | sort_by(-.value) | map("`\(.key)` \(.value)") | join(", ")) + "." else empty end),
    (if $m.phases.delayed_hw.lags then "", "Cases per lag against the model: \($m.phases.delayed_hw.lags)." else empty end),
    "",
    (if (.notes | length) > 0 then (.notes[] | "- \(.)"), "" else empty end),
    (if (.failures.model | length) > 0 or (.failures.exact | length) > 0 then
       "### First failing cases", "",
       (if (.failures.model | length) > 0 then "Against model `\($s.MODEL)`:", "", (.failures.model | numbered), "" else empty end),
       (if (.failures.exact | length) > 0 then
          "Against the EXACT contract"
          + (if .gate.exact_hw and .gate.delayed_hw then "" else " (informational where the registry states a lower level: \(.claimed.exact_hw) on exact hw, \(.claimed.delayed_hw) on delayed)" end) + ":", "",
          (.failures.exact | numbered), "" else empty end),
       failure_tags, ""
     else empty end),
    "## Fuzz", "",
    (if .fuzz.run | not then "\(.fuzz.note)."
     else "libFuzzer, \($s.REVIEW_FUZZ_SECONDS) s against model `\($s.MODEL)` (contract \(.claimed.exact_hw)): \(.fuzz.executions // "?") executions (\(.fuzz.exec_per_s // "?")/s).", "",
       (if .fuzz.exit == 0 then "No failing input."
        else "**Failing input** (exit \(.fuzz.exit); saved under `\(.dir)/fuzz-crashes/`):", "",
          "    \(.fuzz.failure | gsub("build/fuzz/ucopy-replay"; "\($r.dir)/ucopy-replay"))" end) end),
    "",
    "## Ticks per call on this CPU", "",
    (if (.bench.run | not) or (.bench.timed | not) then "Benchmark \(.bench.note)."
     else "Median TSC ticks per call, hot cache, dst 64-byte aligned, (dst - src) mod 4096 = 2048 (the benchmark's `aligned` variant; docs/bench.md). The floor is an empty call through the same harness, included in every number.", "",
       "| len | `ucopy_\($s.MODEL)` (project) | `\($s.ENTRY)` (reviewed) | delta | floor |", "|---:|---:|---:|---:|---:|",
       (.bench.ticks[] | (.base - (.reviewed // 0)) as $d
        | "| \(.len) | \(.base * 10 | round / 10) | \((.reviewed // 0) * 10 | round / 10) | \(if $d >= 0 then "+" else "" end)\($d * 10 | round / 10) (\(if .base > 0 then (100 * $d / .base | trunc) else 0 end)%) | \(.floor * 10 | round / 10) |"),
       "", "delta = project - reviewed: positive means the reviewed routine is faster.",
       (.bench.about[] | "- \(.)") end),
    "",
    "## Reproduce", "",
    "    make review ASM=\($s.ASM) ENTRY=\($s.ENTRY) MODEL=\($s.MODEL) ABI=\($s.ABI)"
      + ([["CALLER", $s.CALLER], ["TAIL", $s.TAIL], ["FEATURES", $s.FEATURES]] | map(select(.[1] != "") | " \(.[0])=\(.[1])") | join(""))
      + (if $s.KEEPS != "" then " KEEPS='\($s.KEEPS)'" else "" end)
      + " REVIEW_FUZZ_SECONDS=\($s.REVIEW_FUZZ_SECONDS) REVIEW_SEED=\($s.REVIEW_SEED)"
      + (if $s.REVIEW_QUICK != "0" then " REVIEW_QUICK=\($s.REVIEW_QUICK)" else "" end), "",
    "Outputs: `\(.dir)/` (review.json; sweep-model.json/.txt, sweep-exact.json/.txt, fuzz.json/.txt, bench.json/.txt, bench/)."
  ] | lines;

# ---- a whole file: the summary, then each routine's report ----
def file_md:
  [ "# Review of `\(.asm)`: \(plural(.routines | length; "routine"))", "",
    "**\(.verdict)**", "",
    "File shape: \(.shape | or_none); features: \(.features | or_none). Each routine's model comes from \(if .model != "" then "MODEL=\(.model)" else "src/runtime/eras.tsv (symbol, shape, features)" end).", "",
    "| routine | model | ABI | level, exact hw | level, delayed hw | verdict | machine code | why this model |",
    "|---|---|---|---|---|---|---|---|",
    (.routines[] | ["`\(.settings.ENTRY)`", "`\(.settings.MODEL)`", .settings.ABI, .levels.exact_hw, .levels.delayed_hw, .verdict,
      (if .machine_code.covered then "proven (`\(.machine_code.row)`'s)" else "tested only" end), .settings.REVIEW_WHY] | cells),
    "",
    (if (.skipped | length) > 0 then (.skipped[] | "- not reviewed, `\(.routine)`: \(.why)"), "" else empty end),
    "Levels: what the sweeps show (EXACT: passed the model and the EXACT contract; a lower level: passed the model, which is proven at that level; ZEROTAIL: passed with the zeroing C tail\(if .tail != "" then ", here `\(.tail)`" else "" end); FAIL: failed the model).",
    (.routines[] | "", (review_md | demote))
  ] | lines;

# ---- a patch: old and new side by side ----
# patch_body(PLOTS): the verdict, the table, the ticks and the raw
# numbers; patch_md puts its title and command around it, review/example.sh
# each form's one heading down (PLOTS false: the plots placed by it).
def patch_body($plots):
  def fails: if . == null then "(none)" else (.sweep_model | if .finished then "\(target.total.failed)/\(target.total.cases)" else "?/?" end) end;
  def xfails: if . == null then "(none)" else (.sweep_exact | if .finished then "\(target.total.failed)/\(target.total.cases)" else "?/?" end) end;
  def fuzz: if . == null then "(none)" elif .fuzz.run | not then "not run"
    elif .fuzz.exit == 0 then "\(.fuzz.executions) runs, ok" else "**failing input**" end;
  def lvl($o; $n): ($o // "-" | if . == "-" then "not run" else . end) as $a
    | ($n // "-" | if . == "-" then "not run" else . end) as $b | if $a == $b then $a else "\($a) → **\($b)**" end;
  def entry: if . == null then "-" else .settings.ENTRY end;
  def model: if . == null then "-" else .settings.MODEL end;
  [ "**\(.verdict)**", "",
    (if .patch != "" then "Patch `\(.patch)` applied to a scratch copy of `\(.target)` (\(.scratch))."
     else "Old `\(.old)`, new `\(.new)`." end),
    "Features: \(.features | or_none); sweep size: REVIEW_QUICK=\(.quick); CPU: \(.cpu).", "",
    "## Per routine", "",
    "| routine (old → new) | model old → new | sweep failures vs model | vs EXACT contract | fuzz | level exact hw | level delayed hw | verdict |",
    "|---|---|---|---|---|---|---|---|",
    (.pairs[] | ["`\(.old | entry)` → `\(.new | entry)`", "`\(.old | model)` → `\(.new | model)`",
       "\(.old | fails) → \(.new | fails)", "\(.old | xfails) → \(.new | xfails)", "\(.old | fuzz) → \(.new | fuzz)",
       lvl(.old.levels.exact_hw; .new.levels.exact_hw), lvl(.old.levels.delayed_hw; .new.levels.delayed_hw),
       (if .verdict == "REGRESSION" then "**REGRESSION**: \(.regressions | join("; "))"
        elif .verdict == "removed" then "removed" else "ok: \(.new.verdict)" end)] | cells),
    "",
    "Sweep cells: failed/cases (every phase: exact hw, delayed hw, traced). Levels: what the sweeps show under each reading of rep movs fault reporting (EXACT: the model and the EXACT contract passed; a lower level: the model passed, proven at that level; FAIL: the model failed); a change is in bold. Each side's full report: build/review/review-old-<routine>.md, -new-.",
    (.pairs[] | select(.old != null and .new != null and (.ticks | length) > 0)
     | "", "## Ticks: `\(.old.settings.ENTRY)` (old) vs `\(.new.settings.ENTRY)` (new)", "",
       "Median TSC ticks per call on this CPU, hot cache, aligned buffers, the empty-call floor included; delta = old - new and its share of old, truncated as in the 2017 review (positive: the new version is faster).", "",
       "| len | old | new | delta(%) |", "|---:|---:|---:|---:|",
       (.ticks[] | (.old + 0.5 | floor) as $o | (.new + 0.5 | floor) as $n | ($o - $n) as $d
        | "| \(.len) | \($o) | \($n) | \($d)(\(if $o != 0 then ($d * 100 / $o | trunc) else 0 end)%) |"),
       (if .plot and $plots then "", "Plot: `\(.plot)`." else empty end)),
    "",
    "## Raw numbers and other CPUs", "",
    "This run's ticks: `\(.csv)` (cpu, routine, old_entry, new_entry, len, old_median, new_median). Run the same command on another machine, copy its CSV here, and `make review-merge CSVS='a.csv b.csv'` gives one table with an old/new column pair per CPU."
  ];
def patch_md:
  ["# Patch review", ""] + patch_body(true) + ["", "## Reproduce", "", "    make review-patch \(.command)"] | lines;
def patch_example_md: patch_body(false) | lines | demote;

# ---- report.md, the main job's ----
def report_md:
  def pcell: if .proof == null then "not proved yet"
    else "\(.proof.proved)/\(.proof.goals) \(if .proof.ok then "✓" else "✗" end)"
      + (if .equiv then "; ≡ \(.equiv.reference) \(.equiv.proved)/\(.equiv.goals) \(if .equiv.ok then "✓" else "✗" end)" else "" end) end;
  def level($k): if .proof.levels[$k] and .proof.ok then .proof.levels[$k] else "\(.["level_" + $k]) (claimed)" end;
  def scell: if .sweep == null then "not run"
    else "\(.sweep.passed | commas) / \(.sweep.cases | commas)" as $c
      | if .sweep.failed > 0 then "**\($c) (\(.sweep.failed) failed)**" else $c end end;
  def fcell: if .fuzz == null then "not run"
    else "\(.fuzz.executions | commas) in \(.fuzz.seconds) s" as $c | if .fuzz.crashes > 0 then "**\($c), failing inputs**" else $c end end;
  def tick($l): (.ticks[$l | tostring] // null) | if . == null then "-" else round | tostring end;
  [ "# ucopy: the reviewer's report", "",
    "Generated \(.generated) by `make report` from the tree \(.tree).",
    "Sources: \(.proof_results), the fault-lab sweep (\(.sweep_kind), seed 1), the contract-level table (`make levels`), libFuzzer runs, the benchmark (\(.bench_summary)).", "",
    "## This CPU", "", (.cpu[] | "- \(.)"), "",
    "## Per strategy", "",
    "Levels: what WP proves of the model (src/rows/<name>.c) under each reading of `rep movs` fault reporting: **exact** (registers say exactly what was stored, as measured here) and **delayed** (they may under-report). EXACT > RAW > WEAK (spec/spec.md); \"(claimed)\": the registry's level, not proved yet. Sweep: cases of the asm routine against its model in the fault lab. Ticks: median TSC ticks per call at that length, aligned buffers, hot cache, including the empty-call floor. ≡: the one equivalence unit (`equiv`), its harness for that row.", "",
    "| strategy | kernel origin | ABI | exact hw | delayed hw | WP goals | sweep passed | fuzz executions | 8 | 32 | 64 | 256 | 4096 |",
    "|---|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    (.rows[] | [.name, "\(.origin) (\(.kernels)\(if .commits == "-" then "" else ", commits \(.commits)" end))", .abi,
       level("exact_hw"), level("delayed_hw"), pcell, scell, fcell, tick(8), tick(32), tick(64), tick(256), tick(4096)] | cells),
    "",
    "### Levels refuted, with the counterexample the compiled model gives", "",
    (if (.refuted | length) > 0 then (.refuted[] | "- \(.)")
     else "None refuted\(if .levels_clean then "" else " (the level table did not run cleanly: see \(.levels_log))" end)." end),
    "",
    "## Proofs", "",
    "| unit | shows | goals proved | wall | all proved |", "|---|---|---:|---:|---|",
    (.proofs[] | [.unit, .shows, "\(.proved) / \(.goals)", (if .wall_s == null then "-" else "\(.wall_s) s" end), (if .ok then "yes" else "**no**" end)] | cells),
    "",
    "## Fault-lab sweep", "",
    (.sweep.seed // "no seed line" | sub("^seed"; "Seed")), "",
    "| target | cases | passed | failed | seconds |", "|---|---:|---:|---:|---:|",
    (.sweep.targets | to_entries[] | select(.value.total) | [.key, .value.total.cases, .value.total.passed, .value.total.failed, .value.total.seconds] | cells),
    "",
    (if .sweep.finished then "Total: \(.sweep.passed) passed, \(.sweep.failed) failed" else "Total: the sweep did not finish" end),
    (.sweep.failures[:10][] | "    FAIL \(.line)"),
    "",
    "## Reproduce", "",
    "    make prove                 # \(.proof_results)",
    "    make sweep SEED=1          # the full sweep (REPORT_SWEEP=quick: make sweep-quick)",
    "    make levels                # the contract table and its counterexamples",
    "    make fuzz STRATEGY=name    # libFuzzer on one strategy",
    "    make bench-quick           # ticks; make bench for every variant",
    "    make review ASM=... ENTRY=... MODEL=...   # check a kernel's own routine (docs/review.md)"
  ] | lines;

# ---- review-tree (to come): a tree's files, each a file review ----
# {tree, files: [file...]} -> the files' summaries one after another.
def tree_md:
  [ "# Review of the tree `\(.tree)`: \(plural(.files | length; "file"))", "",
    (.files[] | "", (file_md | demote)) ] | lines;

# ---- review-merge: review-patch's ticks from several CPUs ----
# {routines: [{routine, pair, cpus: [..], lens: [{len, cells: [{old, new}|null per cpu]}]}]}
def merge_md:
  [ (.routines[] | "## \(.routine) (\(.pair))", "",
      "| len |" + (.cpus | map(" \(.) old | new |") | join("")),
      "|---:|" + (.cpus | map("---:|---:|") | join("")),
      (.lens[] | "| \(.len) |" + (.cells | map(if . == null then " - | - |" else " \(.old | round) | \(.new | round) |" end) | join(""))),
      ""),
    "\(.routines | length) routine(s), CPUs: \([.routines[].cpus[]] | reduce .[] as $c ([]; if index([$c]) then . else . + [$c] end) | join("; "))"
  ] | lines;
