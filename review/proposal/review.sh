#!/usr/bin/env bash
# The proposal patch through make review-patch against Debian's tarball,
# with ERMS and without (the two branches of the large-copy alternative);
# each run's report (Markdown and its JSON) kept under build/proposal/review/
# for docs/proposal.md (bench/proposal/doc.sh). Exit: the worst of the two.
#   review/proposal/review.sh [PATCH] [TARBALL]   (settings from the
#   environment: REVIEW_QUICK (default 2), REVIEW_FUZZ_SECONDS (default 10))
set -uo pipefail
cd "$(dirname "$0")/../.."
patch=${1:-build/proposal/0001-x86-lib-Rework-rep_movs_alternative-for-short-copies.patch}
tarball=${2:-/usr/src/linux-source-6.12.tar.xz}
[ -f "$patch" ] || { echo "proposal-review: no patch $patch (make proposal-patch)" >&2; exit 2; }
R=build/proposal/review && mkdir -p "$R"
worst=0
for feats in ${PROPOSAL_REVIEW_FEATURES:-erms none}; do
	t0=$(date +%s)
	echo "proposal-review: make review-patch with features: $feats"
	make -s review-patch PATCH="$patch" KERNEL="$tarball" FEATURES="$([ $feats = erms ] && echo erms)" \
		REVIEW_QUICK="${REVIEW_QUICK:-2}" REVIEW_FUZZ_SECONDS="${REVIEW_FUZZ_SECONDS:-10}" >"$R/$feats.out" 2>&1
	rc=$?
	cp build/review/patch/report.md "$R/$feats.md" 2>/dev/null
	cp build/review/patch/report.json "$R/$feats.report.json" 2>/dev/null
	jq -n --arg f "$feats" --argjson rc "$rc" --argjson s $(($(date +%s) - t0)) \
		--arg q "${REVIEW_QUICK:-2}" --arg z "${REVIEW_FUZZ_SECONDS:-10}" \
		'{features: $f, exit: $rc, seconds: $s, review_quick: $q, fuzz_seconds: $z}' >"$R/$feats.json"
	echo "proposal-review: features $feats: exit $rc in $(($(date +%s) - t0)) s"
	[ "$rc" -gt "$worst" ] && worst=$rc
done
exit "$worst"
