#!/usr/bin/env bash
# The ASan+UBSan gate: configures and builds kix a second time with AddressSanitizer and
# UndefinedBehaviorSanitizer (any report is fatal), warnings as errors and no CUDA, then runs that
# tree's whole ctest, GUI tests on the offscreen platform included.
#
#   tools/sanitizer-gate.sh SOURCE_DIR BUILD_DIR [extra cmake arguments...]
#
# -O1: sanitizer builds at -O0 run the tests several times slower, and -O2 builds take longer while
# inlining away some of what the sanitizers see; -O1 -g is what both projects' docs recommend.
set -euo pipefail
src=$1
build=$2
shift 2
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
started=$(date +%s)
cmake -S "$src" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS=$sanitize" \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g" \
  "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" \
  "-DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address,undefined" \
  -DKIX_WITH_CUDA=OFF -DKIX_WERROR=ON -DKIX_GATES=OFF -DKIX_STRESS_SECONDS=60 "$@" > "$build.configure.log" ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build"
built=$(date +%s)
# Leaks are reported too; the suppressions name only leaks inside system libraries, never kix code.
export ASAN_OPTIONS="detect_leaks=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$src/tools/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
ctest --test-dir "$build" --output-on-failure --no-tests=error -j "${KIX_GATE_JOBS:-2}" || status=$?
finished=$(date +%s)
echo "sanitizer gate: build $((built - started)) s, tests $((finished - built)) s"
exit $status
