#!/usr/bin/env bash
# The tree review (review/tree.sh) on Debian's kernel trees, the packages
# linux-source-6.1 and linux-source-6.12 (/usr/src/linux-source-*.tar.xz;
# scripts/deps.sh installs them where apt knows them). Each release must
# exit 0 with every user-copy routine on the row its era and shape call
# for, the known finding listed, the page routines not reviewed, and the
# inline dispatch read. Smoke depth (REVIEW_QUICK=2: every routine still
# swept under both readings), no fuzzing, no benchmark. A tree that is not
# installed is skipped with the reason. Last line: "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
pass=0 fail=0 skipped=0
ok() { echo "ok: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
is_release() { [[ $1 == "$2".* ]]; }
check() { local what=$1; shift; if "$@" >/dev/null; then ok "$what"; else bad "$what"; fi; }

# Expected: "file symbol FEATURES row verdict" per review ("-": no FEATURES).
expect_6_12() {
	cat <<'EOF'
copy_user_64.S rep_movs_alternative - movs_alt_word pass
copy_user_64.S rep_movs_alternative erms movs_alt pass
copy_user_uncached_64.S copy_to_nontemporal - uncached pass
clear_page_64.S rep_stos_alternative - stos_alt pass
copy_mc_64.S copy_mc_fragile - mc_fragile pass
copy_mc_64.S copy_mc_enhanced_fast_string - mc_erms known
EOF
}
expect_6_1() {
	cat <<'EOF'
copy_user_64.S copy_user_generic_unrolled - unrolled_reptail pass
copy_user_64.S copy_user_generic_string - string_reptail pass
copy_user_64.S copy_user_enhanced_fast_string - erms_short_reptail pass
copy_user_64.S copy_user_enhanced_fast_string fsrm erms_fsrm_reptail pass
copy_user_64.S __copy_user_nocache - nocache_reptail pass
clear_page_64.S clear_user_original - clear_original pass
clear_page_64.S clear_user_rep_good - clear_rep_good pass
clear_page_64.S clear_user_erms - clear_erms pass
copy_mc_64.S copy_mc_fragile - mc_fragile pass
copy_mc_64.S copy_mc_enhanced_fast_string - mc_erms known
EOF
}
# Expected dispatch: "dispatch features runs row" (features as the
# report's +x/-x list, in the JSON's order).
dispatch_6_12() {
	cat <<'EOF'
copy_user_generic -fsrm,-erms call:rep_movs_alternative movs_alt_word
copy_user_generic -fsrm,+erms call:rep_movs_alternative movs_alt
copy_user_generic +fsrm,+erms inline:rep_movsb fsrm
__clear_user -fsrs call:rep_stos_alternative stos_alt
__clear_user +fsrs inline:rep_stosb fsrs
EOF
}
dispatch_6_1() {
	cat <<'EOF'
copy_user_generic -rep_good,-erms,-fsrm call:copy_user_generic_unrolled unrolled_reptail
copy_user_generic +rep_good,-erms,-fsrm call:copy_user_generic_string string_reptail
copy_user_generic +rep_good,+erms,-fsrm call:copy_user_enhanced_fast_string erms_short_reptail
copy_user_generic +rep_good,+erms,+fsrm call:copy_user_enhanced_fast_string erms_fsrm_reptail
__clear_user -fsrm,-erms,-rep_good call:clear_user_original clear_original
__clear_user -fsrm,-erms,+rep_good call:clear_user_rep_good clear_rep_good
__clear_user -fsrm,+erms,+rep_good call:clear_user_erms clear_erms
__clear_user +fsrm,+erms,+rep_good inline:rep_stosb fsrs
EOF
}

for rel in 6.12 6.1; do
	tb=/usr/src/linux-source-$rel.tar.xz
	if [ ! -f "$tb" ]; then
		echo "skipped: Linux $rel: $tb is not installed (apt-get install linux-source-$rel; scripts/deps.sh does where apt knows it)"
		skipped=$((skipped + 1))
		continue
	fi
	echo "== Linux $rel ($tb)"
	log=build/review/tree-debian-$rel
	mkdir -p build/review
	t0=$(date +%s)
	review/tree.sh KERNEL="$tb" REVIEW_QUICK=2 REVIEW_FUZZ_SECONDS=0 REVIEW_BENCH=0 LIVE_VM=/nonexistent >"$log.out" 2>"$log.err"
	rc=$?
	grep -E '^review-tree: Linux' "$log.err" | tail -n 1
	echo "($(( $(date +%s) - t0 )) s wall)"
	check "Linux $rel: exit 0 (got $rc)" [ "$rc" = 0 ]
	[ "$rc" = 2 ] && { tail -n 3 "$log.err"; continue; }
	J=$(ls -d build/review/tree-$rel.*/summary.json 2>/dev/null | head -n 1)
	[ -n "$J" ] || { bad "Linux $rel: no summary.json"; continue; }
	ver=$(jq -r .kernel.version "$J")
	check "Linux $rel: the version comes from the Makefile ($ver)" is_release "$ver" "$rel"
	check "Linux $rel: report.md written" [ -s "$(dirname "$J")/report.md" ]
	exp=$(expect_"${rel//./_}" | sort)
	got=$(jq -r '.routines[] | "\(.file | split("/") | last) \(.symbol) \(if .features == "" then "-" else .features end) \(.row) \(.verdict)"' "$J" | sort)
	while read -r line; do
		check "Linux $rel: $line" grep -qxF "$line" <<<"$got"
	done <<<"$exp"
	extra=$(comm -13 <(echo "$exp") <(echo "$got"))
	check "Linux $rel: no review beyond those${extra:+ (extra: $extra)}" [ -z "$extra" ]
	check "Linux $rel: every review has levels under both readings and swept cases" \
		jq -e '[.routines[] | (.levels.exact_hw | length > 0) and (.levels.delayed_hw | length > 0) and .cases.model.cases > 0 and .cases.exact.cases > 0] | all' "$J"
	check "Linux $rel: the known finding explains every failure of copy_mc_enhanced_fast_string" \
		jq -e '.routines[] | select(.symbol == "copy_mc_enhanced_fast_string") | .known_finding.explains_every_failure' "$J"
	check "Linux $rel: clear_page_rep, clear_page_orig, clear_page_erms not reviewed, with the reason" \
		[ "$(jq -r '[.not_reviewed[] | select(.reason | test("not a user-access routine")) | .symbol] | sort | join(" ")' "$J")" = \
		  "clear_page_erms clear_page_orig clear_page_rep" ]
	disp=$(jq -r '.dispatch[] | "\(.dispatch) \(.features | to_entries | map((if .value then "+" else "-" end) + .key) | join(",")) \(.runs | gsub(" "; "_")) \(.row)"' "$J")
	while read -r line; do
		check "Linux $rel: dispatch $line" grep -qxF "$line" <<<"$disp"
	done < <(dispatch_"${rel//./_}")
	check "Linux $rel: usercopy_64.c's __clear_user accounted for" jq -e '.usercopy_c | test("__clear_user")' "$J"
done
echo "$pass passed, $fail failed$([ "$skipped" = 0 ] || echo " ($skipped trees skipped)")"
[ "$fail" = 0 ]
