#!/usr/bin/env bash
# make oss-fuzz-check (docs/scale.md): the OSS-Fuzz contract, here. Runs
# tests/oss-fuzz/build.sh with the variables OSS-Fuzz sets for libFuzzer
# with AddressSanitizer, into a fresh $OUT, then checks what OSS-Fuzz
# expects there (per target: an executable fuzz target, its seed corpus
# zip, its options and dictionary) and runs each target for
# OSS_FUZZ_SECONDS (default 2) on its unzipped seed corpus (OSS_FUZZ_JOBS,
# default 2, at a time), with the
# runner's ASAN_OPTIONS: it must start, run the corpus and more, and find
# nothing. Last line: "N passed, M failed" (a target per check).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
SECS=${OSS_FUZZ_SECONDS:-2}
T=$(mktemp -d "${TMPDIR:-/tmp}/ucopy-oss-fuzz.XXXXXX")
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/out" "$T/work" "$T/src"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# As OSS-Fuzz's base-builder sets them for --engine libfuzzer
# --sanitizer address (CXXFLAGS also has -stdlib=libc++, where there is one).
SAN="-fsanitize=address -fsanitize-address-use-after-scope"
export CC=${OSS_FUZZ_CC:-clang} CXX=${OSS_FUZZ_CXX:-clang++}
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION $SAN -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS"
echo 'int main(void){return 0;}' >"$T/t.cc"
$CXX -stdlib=libc++ "$T/t.cc" -o "$T/t" 2>/dev/null && CXXFLAGS+=" -stdlib=libc++"
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address FUZZING_ENGINE=libfuzzer \
	ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c OUT=$T/out WORK=$T/work SRC=$T/src
if ! command -v "$CC" >/dev/null; then
	bad "build: no $CC"
	echo "$pass passed, $((fail)) failed"
	exit 1
fi
start=$(date +%s)
if ! tests/oss-fuzz/build.sh >"$T/build.log" 2>&1; then
	tail -n 30 "$T/build.log"
	bad "build: tests/oss-fuzz/build.sh failed"
	echo "$pass passed, $fail failed"
	exit 1
fi
ok "build: $(tail -n 1 "$T/build.log" | sed 's/: ucopy_fuzz.*//') in $(( $(date +%s) - start )) s"

# The runner's ASan options (oss-fuzz base-runner), as ClusterFuzz runs them.
export ASAN_OPTIONS=alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3
unzip_to() { # zip dir
	mkdir -p "$2"
	if command -v python3 >/dev/null; then
		python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2"
	else
		unzip -q -o "$1" -d "$2"
	fi
}
ncorpus=$(find tests/fuzz/corpus -type f | wc -l)
targets=$(cd "$T/out" && for f in *; do
	[ -f "$f" ] && [ -x "$f" ] && grep -q LLVMFuzzerTestOneInput "$f" && echo "$f"
done)
echo "targets: $(wc -w <<<"$targets"); each $SECS s on its seed corpus ($ncorpus records)"
# run_target T: its checks and run; its verdict, "ok ..." or "FAIL ...",
# in $T/T.verdict (the targets run two at a time, each one process).
run_target() {
	local t=$1 o=$T/out c=$T/corpus/$1 f n flags rc runs init arts
	exec >"$T/$t.verdict"
	for f in "$o/${t}_seed_corpus.zip" "$o/$t.options" "$o/$t.dict"; do
		[ -s "$f" ] || { echo "FAIL $t: no $(basename "$f")"; return; }
	done
	unzip_to "$o/${t}_seed_corpus.zip" "$c"
	n=$(find "$c" -type f | wc -l)
	[ "$n" -eq "$ncorpus" ] || { echo "FAIL $t: the seed corpus has $n records, not $ncorpus"; return; }
	# libFuzzer's flags from the options file, as the runner passes them
	flags=$(sed -n 's/^\([a-z_]*\) *= *\(.*\)$/-\1=\2/p' "$o/$t.options" | sed "s|^-dict=|-dict=$o/|")
	mkdir -p "$T/art/$t"
	# shellcheck disable=SC2086
	(cd "$o" && timeout -k 5 $((SECS + 60)) "./$t" $flags -max_total_time="$SECS" -seed=1 \
		-artifact_prefix="$T/art/$t/" "$c") >"$T/$t.log" 2>&1
	rc=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$T/$t.log")
	init=$(grep -c 'INITED' "$T/$t.log")
	arts=$(find "$T/art/$t" -type f | wc -l)
	if [ "$rc" -eq 0 ] && [ "$init" -ge 1 ] && [ "${runs:-0}" -gt "$n" ] && [ "$arts" -eq 0 ]; then
		echo "ok   $t: $runs runs in $SECS s, $(grep -o 'cov: [0-9]*' "$T/$t.log" | tail -n 1), nothing found"
	else
		grep -m 3 -E 'ucopy-fuzz|ERROR|SUMMARY' "$T/$t.log"
		echo "FAIL $t: exit $rc, ${runs:-no} runs, $arts crash files"
	fi
}
RUN_JOBS=${OSS_FUZZ_JOBS:-2}
for t in $targets; do
	while [ "$(jobs -rp | wc -l)" -ge "$RUN_JOBS" ]; do wait -n || :; done
	run_target "$t" &
done
wait
for t in $targets; do
	v=$(tail -n 1 "$T/$t.verdict" 2>/dev/null)
	head -n -1 "$T/$t.verdict" 2>/dev/null
	case "$v" in
	"ok   $t: "*) ok "${v#ok   }" ;;
	"FAIL $t: "*) bad "${v#FAIL }" ;;
	*) bad "$t: no verdict (the run did not finish)" ;;
	esac
done
# A crash is still a crash: a fault outside the lab (the harness's self-test)
# reaches the sanitizer's report and the input is saved.
t=ucopy_fuzz c=$T/corpus/$t
mkdir -p "$T/art/segv"
if [ -d "$c" ]; then
	(cd "$T/out" && UCOPY_FUZZ_SELFTEST_SEGV=1 timeout -k 5 60 ./$t -runs=10 \
		-artifact_prefix="$T/art/segv/" "$c") >"$T/segv.log" 2>&1
	if grep -q 'AddressSanitizer: SEGV' "$T/segv.log" && [ -n "$(ls "$T/art/segv")" ]; then
		ok "$t: a fault outside the lab is reported by ASan and its input saved"
	else
		bad "$t: the self-test fault was not reported as a crash"
	fi
	# A runner that refuses user SIGSEGV handlers is named, not a false crash.
	(cd "$T/out" && ASAN_OPTIONS=$ASAN_OPTIONS:allow_user_segv_handler=0 timeout -k 5 60 \
		./$t -runs=10 "$c") >"$T/nosegv.log" 2>&1
	if grep -q "SIGSEGV handler is not in force" "$T/nosegv.log" && ! grep -q 'AddressSanitizer: SEGV' "$T/nosegv.log"; then
		ok "$t: with allow_user_segv_handler=0 it stops at start-up with the reason"
	else
		bad "$t: allow_user_segv_handler=0 not detected"
	fi
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
