#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz entry point: the project's build script
# (tests/oss-fuzz/build.sh) with the environment the builder sets ($CC,
# $CFLAGS, $CXX, $CXXFLAGS, $LIB_FUZZING_ENGINE, $OUT, $WORK, $SRC).
exec "$SRC/ucopy/tests/oss-fuzz/build.sh"
