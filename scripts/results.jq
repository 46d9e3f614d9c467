# The rules, in one place: a review's verdict, exit status and contract
# levels, a whole file's, a patch's comparison (docs/results.md). A jq
# module: `jq -L scripts 'include "results"; ...'`.

# EXACT 3 > RAW 2 > WEAK 1 > FAIL 0; "-" (not run) -1. ZEROTAIL, beside the
# chain, ranks with EXACT: what a C-tail row becomes with the zeroing tail.
def level_rank: {"EXACT": 3, "ZEROTAIL": 3, "RAW": 2, "WEAK": 1, "FAIL": 0}[.] // -1;

def plural($n; $word): "\($n) \($word)\(if $n == 1 then "" else "s" end)";

# sweep_result(EXIT): a sweep's own JSON (sweep --json) as the results'
# sweep: targets by name, phases by reading, failures as fields.
def sweep_result($exit):
  def phase_key: {"exact": "exact_hw", "delayed": "delayed_hw", "trace": "traced"}[.] // .;
  def lag_words: "lag k=1: \(.k1), k=2: \(.k2), k=3-7: \(.k3_7), k=8: \(.k8), k>8: \(.k_more); all done (nothing reported): \(.all_done); no rep lagged: \(.none)";
  {exit: $exit, finished: true, passed, failed,
   seed: "seed \(.seed) (repeat with SEED=\(.seed)), phases: \(.phases | join(" "))",
   targets: (.targets | map({key: .name, value: {
       # by_tag: failing runs per failure kind, every one counted (shown or not)
       total: {cases: (.phases | map(.cases) | add // 0), passed, failed, seconds: (.phases | map(.seconds) | add // 0),
               by_tag: (reduce (.phases[] | .failed_by_tag // {} | to_entries[]) as $e ({}; .[$e.key] += $e.value))},
       phases: (.phases | map({key: (.phase | phase_key),
         value: ({cases, passed, failed, seconds, by_tag: (.failed_by_tag // {})}
                 + (if .lag_histogram then {lags: (.lag_histogram | lag_words)} else {} end))})
         | from_entries)}}) | from_entries),
   failures: [.targets[] | .name as $t | (.failures_shown // [])[]
     # a case's failure kinds; a worker's crash or a timeout is its kind
     | (.failures // []) as $tags
     | {line: (.line | ltrimstr("FAIL ")), target: $t,
        tags: (if ($tags | length) > 0 then $tags elif .kind and .kind != "case" then [.kind] else [] end)}
       + (if .case then
         {len: .case.len, src: .case.src_align, dst: .case.dst_align, fs: .case.fs, fd: .case.fd,
          lag: (if (.case.lags | length) > 0 then (.case.lags | map(tostring) | join(",")) else null end),
          traced: .case.traced, detail: .what} else {} end)]};

# The only target of a one-routine sweep.
def target: (.targets | to_entries | first.value) // {};

# A failing case in words, and the command that replays it.
def failure_words:
  def side($v; $s): if $v == null then "no \($s) fault" else "\($s) faults at offset \($v)" end;
  if .len == null then .line
  else "copy of \(.len) bytes, \(side(.fs; "source")), \(side(.fd; "destination"))"
    + (if .lag then ", rep movs reporting late by \(.lag) (elements; per faulting rep in turn)" else "" end)
    + (if .traced then ", single-stepped" else "" end)
    + " (source \(.src) and destination \(.dst) bytes past a 64-byte boundary): "
    + (if (.tags | length) > 0 then "[\(.tags | join(","))] " else "" end) + .detail
  end;
def failure_replay($bin; $sym; $model; $abi; $keeps):
  if .len == null then null
  else "\($bin) --entry \($sym) --model \($model) --abi \($abi)"
    + (if $keeps != "" then " --keeps \($keeps | gsub(" "; ","))" else "" end)
    + " --case \(.len),\(.src),\(.dst),\(.fs // "-"),\(.fd // "-")"
    + (if .lag then " --lag \(.lag)" else "" end) + (if .traced then " --traced" else "" end)
  end;

# review: the facts of one review (review/lib.sh review_json) with its
# verdict added: {verdict, pass, exit, failing, levels: {exact_hw,
# delayed_hw}, notes, gate: {exact_hw, delayed_hw}, failures: {model,
# exact}: the first failing cases, each in words with its replay command}.
def review_verdict:
  . as $r
  | ($r.sweep_model | target) as $m
  | ($r.sweep_exact | target) as $x
  | ($r.contract) as $contract
  | {exact_hw: ($r.claimed.exact_hw == $contract), delayed_hw: ($r.claimed.delayed_hw == $contract)} as $gate
  | ($r.settings.MODEL != $r.reference) as $own_ref
  | ($x.phases.exact_hw.failed // 0) as $xf
  | ($x.phases.delayed_hw.failed // 0) as $df
  | [ (if $r.sweep_model.finished | not then
        {failed: true, note: ("the sweep against \($r.settings.MODEL) did not finish (exit \($r.sweep_model.exit))"
          + (if $r.sweep_model.exit == 124 then ": ran past \($r.settings.REVIEW_TIMEOUT) s" else "" end))}
      elif $m.total.failed > 0 then {failed: true, count: $m.total.failed}
      else empty end),
      (if $r.sweep_exact.finished | not then
        {failed: $gate.exact_hw, note: "the sweep against the EXACT contract did not finish (exit \($r.sweep_exact.exit))"}
      else
        (if $xf > 0 and $gate.exact_hw then {failed: true, count: (if $own_ref then $xf else 0 end)} else empty end),
        (if $df > 0 and $gate.delayed_hw then {failed: true, count: (if $own_ref then $df else 0 end)} else empty end),
        (if $df > 0 and ($gate.delayed_hw | not) then
          {note: "under delayed reporting the routine is not EXACT (\($df) cases), a level drop the registry states for `\($r.settings.MODEL)` (\($r.claimed.exact_hw) on exact hardware, \($r.claimed.delayed_hw) on delayed): reported, not failed"}
        else empty end)
      end),
      (if $r.fuzz.run and $r.fuzz.exit != 0 then {failed: true, count: 1} else empty end),
      (if ($m.total.failed // 0) >= ($r.settings.REVIEW_STOP_AFTER | tonumber)
          or ($x.total.failed // 0) >= ($r.settings.REVIEW_STOP_AFTER | tonumber) then
        {note: "a sweep stops after \($r.settings.REVIEW_STOP_AFTER) failing cases (REVIEW_STOP_AFTER), so its counts cover the cases run until then"}
      else empty end) ] as $findings
  | ($findings | any(.failed // false)) as $failed
  | ($findings | map(.count // 0) | add // 0) as $failing
  # The level each reading shows: FAIL when the model failed there (the
  # traced sample counts with exact hw); else ZEROTAIL with the zeroing
  # tail; EXACT when the EXACT contract's sweep ran that phase and passed
  # it; otherwise the level the registry states (and WP proves) for the
  # model, which the model's pass stands for; "-" when not run.
  | def level($ph):
      ($m.phases[$ph]) as $p
      | if $p == null then "-"
        elif ($p.failed + (if $ph == "exact_hw" then $m.phases.traced.failed // 0 else 0 end)) > 0 then "FAIL"
        elif $r.zero_tail then "ZEROTAIL"
        elif ($x.phases[$ph].failed) == 0 then "EXACT"
        else $r.claimed[$ph] end;
  def listed($sweep; $model; $n): [$sweep.failures[:$n][]
    | {words: failure_words, replay: failure_replay("\($r.dir)/sweep"; $r.symbol; $model; $r.settings.ABI; $r.settings.KEEPS)} + .];
  $r + {failures: {model: listed($r.sweep_model; $r.settings.MODEL; 10),
                   exact: (if $own_ref then listed($r.sweep_exact; $r.reference; 5) else [] end)},
        verdict: (if ($failed | not) then "PASS: every case passed"
                  elif $failing > 0 then "FAIL: \(plural($failing; "failing case"))"
                  else "FAIL: the checks did not complete" end),
        pass: ($failed | not), exit: (if $failed then 1 else 0 end), failing: $failing,
        gate: $gate, notes: [$findings[] | .note // empty],
        levels: {exact_hw: level("exact_hw"), delayed_hw: level("delayed_hw")}};

# file: {asm, routines: [review...], skipped: [...]} with its verdict.
def file_verdict:
  ([.routines[] | select(.pass | not)] | length) as $nfail
  | . + {pass: ($nfail == 0), exit: (if $nfail == 0 then 0 else 1 end),
         verdict: (if $nfail == 0 then "PASS: every routine passed"
                   else "FAIL: \($nfail) of \(.routines | length) routines failed" end)};

# patch: {pairs: [{old: review|null, new: review|null}]}: each pair's
# regressions in words, the verdict and the exit status.
def patch_verdict:
  def fails: .sweep_model | target | .total.failed;
  def fuzz_failed: .fuzz.run and .fuzz.exit != 0;
  .pairs |= map(. as $p
    | [ if $p.new == null then empty else
          (["exact_hw", "delayed_hw"][] as $k
           | ($p.old.levels[$k] // "-") as $o | $p.new.levels[$k] as $n
           | if ($n | level_rank) < ($o | level_rank)
             then "level drop on \($k | sub("_hw"; "")) hw: \($o) → \($n)" else empty end),
          (if ($p.new.pass | not) and ($p.old == null or $p.old.pass) then "fails cases the old version passed" else empty end),
          (if $p.old != null and ($p.new.pass | not) and ($p.old.pass | not)
              and ($p.new | fails) > ($p.old | fails)
           then "more failing cases than the old version (\($p.old | fails) → \($p.new | fails))" else empty end),
          (if $p.old != null and ($p.new | fuzz_failed) and ($p.old | fuzz_failed | not)
           then "a failing fuzz input the old version did not have" else empty end)
        end ] as $why
    | $p + {regressions: $why,
            verdict: (if ($why | length) > 0 then "REGRESSION"
                      elif $p.new == null then "removed" else "ok" end)})
  | ([.pairs[] | select(.verdict == "REGRESSION")] | length) as $n
  | . + {regressed: $n, exit: (if $n > 0 then 1 else 0 end),
         verdict: (if $n > 0 then "REGRESSION: the new version fails where the old passed, or drops a level (below)"
                   else "OK: no routine regressed" end)};
