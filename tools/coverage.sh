#!/usr/bin/env bash
# Line and branch coverage of model/, ui/ and app/cli by the test suite: builds kix with --coverage
# in its own tree (no CUDA, no gates), runs every test but the exit stress run, and prints gcovr's
# figures per folder. Exception-only and unreachable branches are not counted (gcc emits a branch
# for every call that may throw).
#
#   tools/coverage.sh [BUILD_DIR]          (default: build-coverage beside the sources)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build-coverage}
command -v gcovr > /dev/null || { echo "coverage: gcovr not found (Debian: gcovr)"; exit 1; }
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS=--coverage" \
  "-DCMAKE_EXE_LINKER_FLAGS=--coverage" "-DCMAKE_SHARED_LINKER_FLAGS=--coverage" \
  -DKIX_WITH_CUDA=OFF -DKIX_GATES=OFF > /dev/null
cmake --build "$build"
find "$build" -name '*.gcda' -delete
ctest --test-dir "$build" --output-on-failure -E '^stress_' || echo "coverage: some tests failed; the figures cover what ran"
echo
for dir in model ui app/cli; do
  summary=$(gcovr --root "$src" --object-directory "$build" --filter "$src/$dir/" --exclude-throw-branches \
    --exclude-unreachable-branches --print-summary --output /dev/null "$build")
  lines=$(sed -n 's/^lines: *//p' <<< "$summary")
  branches=$(sed -n 's/^branches: *//p' <<< "$summary")
  printf '%-8s lines %s   branches %s\n' "$dir" "$lines" "$branches"
done
