#!/usr/bin/env bash
# The one renderer's command: scripts/render.sh KIND [FILE.json] prints the
# Markdown report of that JSON (stdin without FILE). KIND: review (one
# routine), file (a whole file), patch (review-patch), report (report.md),
# tree (a tree's files), merge (review-merge). The layouts are scripts/render.jq; the JSON is
# docs/results.md's.
set -uo pipefail
here=$(dirname "$0")
case "${1:-}" in
review|file|patch|report|tree|merge) ;;
*) echo "usage: $0 review|file|patch|report|tree|merge [FILE.json]" >&2; exit 2 ;;
esac
jq -r -L "$here" "include \"render\"; ${1}_md" "${2:-/dev/stdin}"
