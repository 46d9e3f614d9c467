#!/usr/bin/env bash
# Before/after table of `make test`'s suites from two build/test-times.json
# files (scripts/run-tests.sh writes them): per suite the wall and CPU
# seconds (user + sys of everything it ran) and the counts, slowest first
# by the "before" wall time, then the totals (the run's wall less the
# binaries built first, where the file says). Markdown on stdout.
#
#   scripts/test-times.sh BEFORE.json AFTER.json
set -euo pipefail
[ $# = 2 ] || { echo "usage: scripts/test-times.sh BEFORE.json AFTER.json" >&2; exit 2; }
for f in "$@"; do
	jq -e '.suites | type == "array"' "$f" >/dev/null 2>&1 ||
		{ echo "test-times: $f is not a build/test-times.json" >&2; exit 2; }
done
jq -r -n --slurpfile b "$1" --slurpfile a "$2" '
	def cell(s; k): if s == null then "-" else (s[k] // "-" | tostring) end;
	def counts(s): if s == null then "-" else "\(s.passed)/\(s.failed)" end;
	($b[0].suites | map({key: .suite, value: .}) | from_entries) as $B |
	($a[0].suites | map({key: .suite, value: .}) | from_entries) as $A |
	([$b[0].suites[].suite] + [$a[0].suites[].suite] | unique) as $names |
	"| suite | wall before | wall after | CPU before | CPU after | passed/failed before | after |",
	"|---|--:|--:|--:|--:|--:|--:|",
	($names | sort_by(-($B[.].wall_s // -1))[] as $n |
	  "| \($n) | \(cell($B[$n]; "wall_s")) | \(cell($A[$n]; "wall_s")) | \(cell($B[$n]; "cpu_s")) | \(cell($A[$n]; "cpu_s")) | \(counts($B[$n])) | \(counts($A[$n])) |"),
	"| **all** (the run'"'"'s wall after the builds first; sums) | \($b[0].total_s - ($b[0].build_first_s // 0)) | \($a[0].total_s - ($a[0].build_first_s // 0)) | \([$b[0].suites[].cpu_s // 0] | add | . * 10 | round / 10) | \([$a[0].suites[].cpu_s // 0] | add | . * 10 | round / 10) | \([$b[0].suites[].passed] | add)/\([$b[0].suites[].failed] | add) | \([$a[0].suites[].passed] | add)/\([$a[0].suites[].failed] | add) |"'
