#!/usr/bin/env bash
# The OSS-Fuzz / ClusterFuzzLite build (docs/scale.md): every fuzz target
# from $CC, $CFLAGS, $CXX, $CXXFLAGS and $LIB_FUZZING_ENGINE into $OUT, each
# with its seed corpus ($OUT/<target>_seed_corpus.zip), dictionary and
# options file. Run from anywhere; the source tree is the one this script
# is in (OSS-Fuzz: $SRC/ucopy).
#
# Targets: ucopy_fuzz (every registry row; the record's first byte picks
# one) and ucopy_fuzz_<row> for each row of the registry (that row only:
# its crashes and coverage are reported under its own name). Each input is
# one 26-byte fault-lab record (docs/fuzzing.md); the asm routines are
# linked in uninstrumented, the C (models, lab, harness) is instrumented by
# whatever $CFLAGS asks for (libFuzzer, AFL++, ASan, UBSan, coverage).
#
# OSS-Fuzz sets CC, CXX, CFLAGS, CXXFLAGS, LIB_FUZZING_ENGINE, OUT, SRC and
# WORK; outside it (make oss-fuzz-check) they are set by the caller.
# Needs python3 or zip for the corpus archives.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
: "${CC:=clang}" "${CXX:=clang++}" "${CFLAGS:=}" "${CXXFLAGS:=}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}" "${OUT:?set OUT}"
WORK=${WORK:-$(mktemp -d)}
B=$WORK/ucopy-build
mkdir -p "$OUT" "$B"
cd "$ROOT"

# The project's own flags (the Makefile's, less -Werror: the sanitizers'
# builds warn where gcc's does not) and the coverage ignore-list. OSS-Fuzz's
# $CFLAGS come first and stay in force.
# (Under make, CFLAGS arrives with the Makefile's -Werror added: dropped.)
CFLAGS=${CFLAGS//-Werror/}
# spec/ and every folder of src/ on the include path, as in the Makefile.
INC=$(for d in spec src/*/; do printf -- '-iquote %s ' "${d%/}"; done)
# No seccomp sandbox here (tests/sandbox.c says why).
PFLAGS="-std=c11 -Wall -Wextra $INC -Itests -fPIE -DUCOPY_SANDBOX_OFF"
# The size-keeping custom mutator calls libFuzzer's LLVMFuzzerMutate.
[ "${FUZZING_ENGINE:-libfuzzer}" = libfuzzer ] && PFLAGS+=" -DUCOPY_FUZZ_LIBFUZZER"
case " $CFLAGS " in
*-fsanitize=fuzzer*|*-fsanitize-coverage=*)
	PFLAGS+=" -fsanitize-coverage-ignorelist=$ROOT/tests/fuzz/nocov.txt" ;;
esac
ASFLAGS="-D__ASSEMBLY__ -Iasm/kshim -Wa,--noexecstack"

# Compiles and links run BUILD_JOBS at a time (default: every core; OSS-Fuzz's
# builder has several). spawn CMD...: CMD in the background once fewer
# than BUILD_JOBS run; a failure leaves $B/failed, which joined (after the last
# one) turns into this script's failure.
BUILD_JOBS=${BUILD_JOBS:-$(nproc 2>/dev/null || echo 1)}
rm -f "$B/failed"
spawn() {
	while [ "$(jobs -rp | wc -l)" -ge "$BUILD_JOBS" ]; do wait -n || :; done
	{ "$@" || { echo "build.sh: failed: $*" >&2; touch "$B/failed"; }; } &
}
joined() { wait; [ ! -e "$B/failed" ]; }

obj() { echo "$B/$(echo "${1%.*}" | tr / _).o"; }
objs=()
# shellcheck disable=SC2086
for f in src/*/*.c tests/lab/*.c tests/sandbox.c tests/fuzzcase.c; do
	spawn $CC $CFLAGS $PFLAGS -c "$f" -o "$(obj "$f")"
	objs+=("$(obj "$f")")
done
# The routines and the call shim: plain assembly, never instrumented.
# shellcheck disable=SC2086
for f in asm/*.S tests/call.S; do
	spawn $CC $ASFLAGS -c "$f" -o "$(obj "$f")"
	objs+=("$(obj "$f")")
done
joined || { echo "build.sh: the objects did not build (above)" >&2; exit 1; }

# The registry's rows, from the registry itself (never registry.def).
$CC -std=c11 $INC scripts/registry_print.c -o "$B/registry-print"
mapfile -t rows < <("$B/registry-print" | cut -f1)
[ ${#rows[@]} -gt 0 ] || { echo "build.sh: no registry rows" >&2; exit 1; }

# The seed corpus, one archive shared by every target (in a pinned target
# the record's strategy byte is ignored).
zipdir() { # zip DIR
	if command -v python3 >/dev/null; then
		python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
out, d = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for n in sorted(os.listdir(d)):
        z.write(os.path.join(d, n), n)
PY
	elif command -v zip >/dev/null; then
		rm -f "$1" && (cd "$2" && zip -q -j "$1" ./*)
	else
		echo "build.sh: neither python3 nor zip: no seed corpus archives" >&2
		return 1
	fi
}
zipdir "$B/seed_corpus.zip" "$ROOT/tests/fuzz/corpus"

# One harness object per target: unpinned, or pinned to a row.
# shellcheck disable=SC2086
build_target() { # name [row]
	local name=$1 pin=${2:+-DUCOPY_FUZZ_PIN=\"$2\"}
	# (each step &&-chained: under spawn's || set -e is off)
	$CC $CFLAGS $PFLAGS $pin -c tests/fuzz.c -o "$B/fuzz-$name.o" &&
	$CXX $CXXFLAGS -pie -rdynamic -Wl,-z,text "$B/fuzz-$name.o" "${objs[@]}" \
		$LIB_FUZZING_ENGINE -ldl -lm -o "$OUT/$name" &&
	cp "$B/seed_corpus.zip" "$OUT/${name}_seed_corpus.zip" &&
	cp tests/fuzz/ucopy.dict "$OUT/$name.dict" &&
	# libFuzzer's flags for the run: the project's one list, and the dict.
	{ cat tests/fuzz/libfuzzer.options; echo "dict = $name.dict"; } >"$OUT/$name.options"
}
spawn build_target ucopy_fuzz
for r in "${rows[@]}"; do
	spawn build_target "ucopy_fuzz_$r" "$r"
done
joined || { echo "build.sh: a target did not build (above)" >&2; exit 1; }
echo "build.sh: $((${#rows[@]} + 1)) targets in $OUT: ucopy_fuzz ${rows[*]/#/ucopy_fuzz_}"
