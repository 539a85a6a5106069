#!/usr/bin/env bash
# The ASan+UBSan gate of a tree that is not sanitized itself (in a KIX_SANITIZE tree, the test preset
# and CI, gate_sanitizers is the canary of tests/gates/sanitizer-canary.cmake instead): configures and
# builds kix a second time with -DKIX_SANITIZE=ON (any report is fatal), warnings as errors and no
# CUDA, then runs that tree's whole ctest, GUI tests on the offscreen platform included.
#
#   tools/sanitizer-gate.sh SOURCE_DIR BUILD_DIR [extra cmake arguments...]
#
# -O1: sanitizer builds at -O0 run the tests several times slower, and -O2 builds take longer while
# inlining away some of what the sanitizers see. -g1 (line tables only): reports still name file and
# line in every frame, and compiling costs about 0.7 of -g (ManifestParser.cpp 6.4 s against 9.4 s,
# MainWindow.cpp 17.0 against 23.5, measured 2026-12-04), linking less.
#
# KIX_CI_DEADLINE (seconds since the epoch; .ci/run sets it): the gate never runs CI past it. It is
# skipped (exit 77, the reason printed) when less than 15 minutes remain before it starts, and stops
# the same way if the deadline comes during its build or tests: a skipped gate is visible in the log,
# a CI run killed at its time limit would land nothing.
set -euo pipefail
# 77 is CTest's "skipped"; where KIX_REQUIRE_GATES is set (CI) a gate that cannot run fails instead.
skipped=77
[ -n "${KIX_REQUIRE_GATES:-}" ] && skipped=1
src=$1
build=$2
shift 2
started=$(date +%s)
bounded=()
if [ -n "${KIX_CI_DEADLINE:-}" ]; then
  left=$((KIX_CI_DEADLINE - started))
  if [ "$left" -lt 900 ]; then
    echo "sanitizer gate skipped: ${left} s left before the CI deadline, 900 s needed at least"
    exit $skipped
  fi
  bounded=(timeout --kill-after=30 "$((left - 60))")
fi
out_of_time() {
  echo "sanitizer gate stopped: the CI deadline came during its $1 ($(($(date +%s) - started)) s in)"
  exit $skipped
}
cmake -S "$src" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKIX_SANITIZE=ON \
  -DKIX_WITH_CUDA=OFF -DKIX_WERROR=ON -DKIX_GATES=OFF -DKIX_FUZZ=OFF -DKIX_BENCHMARKS=OFF -DKIX_STRESS_SECONDS=60 "$@" > "$build.configure.log" ||
  { cat "$build.configure.log"; exit 1; }
build_status=0
"${bounded[@]}" cmake --build "$build" || build_status=$?
if [ "$build_status" -eq 124 ] || [ "$build_status" -eq 137 ]; then out_of_time build; fi
if [ "$build_status" -ne 0 ]; then exit "$build_status"; fi
built=$(date +%s)
status=0
if [ -n "${KIX_CI_DEADLINE:-}" ]; then
  if [ $((KIX_CI_DEADLINE - built)) -lt 240 ]; then out_of_time build; fi
  bounded=(timeout --kill-after=30 "$((KIX_CI_DEADLINE - built - 60))")
fi
"${bounded[@]}" ctest --test-dir "$build" --output-on-failure --no-tests=error -j "${KIX_GATE_JOBS:-2}" ||
  status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then out_of_time tests; fi
finished=$(date +%s)
echo "sanitizer gate: build $((built - started)) s, tests $((finished - built)) s"
exit $status
