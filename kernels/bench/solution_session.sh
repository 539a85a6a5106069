#!/usr/bin/env bash
# One call on the GPU machine: every SOL-ExecBench example solution the machine can build, run by
# `kix run --solution` (issue 34), each twice (plain, then --repeat 2) and compared with `kix diff`;
# every output folder checked with `kix verify`; and kix's own kernel wrapped as a cuda_cpp solution
# (tests/data/solutions/kix-rmsnorm-backward) timed by the solution engine beside kix's C++ harness
# (kix-kernel-bench, CUPTI medians), same card, same call.
#
#   kernels/bench/solution_session.sh EXAMPLES_DIR [PROBLEM_013_DIR]
#
# EXAMPLES_DIR: SOL-ExecBench's examples/ (folders LANGUAGE/NAME/ holding definition.json,
#   workload.jsonl and solution_*.json), carried to the machine by whoever runs this.
# PROBLEM_013_DIR: a folder with 013_fused_residual_rms_norm_backward's definition.json and
#   workload.jsonl (the dataset's, never in the repository); without it the kix-kernel step is skipped.
# Environment: KIX_RUN_BIN (a kix built elsewhere; default build/bin/kix), KIX_TEST_LIBS (its Qt
#   libraries, for LD_LIBRARY_PATH), KIX_PYTHON (default python3), KIX_SOLUTION_CASES (--cases for
#   every example, default all), KIX_SOLUTION_ARGS (more kix run options, e.g. --quick).
# Results: $OUT/log.txt, $OUT/solutions.tar.gz (every output folder), $OUT/harness.json.
set -u -o pipefail
examples=${1:?usage: solution_session.sh EXAMPLES_DIR [PROBLEM_013_DIR]}
problem013=${2:-}
out=${OUT:-device-out}
mkdir -p "$out"
log="$out/log.txt"
say() { echo "== $*" | tee -a "$log"; }
kix=${KIX_RUN_BIN:-build/bin/kix}
python=${KIX_PYTHON:-python3}
export LD_LIBRARY_PATH="${KIX_TEST_LIBS:-}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export QT_QPA_PLATFORM=offscreen
export KIX_SOLUTION_RUNNER="$PWD/kernels/solution/kix_solution_runner.py"
runs=/tmp/kix-solutions
rm -rf "$runs"
mkdir -p "$runs"

say "$(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv,noheader)"
say "$("$python" -c 'import sys, torch; print(sys.executable, sys.version.split()[0], "torch", torch.__version__, "cuda", torch.version.cuda)' 2>&1)"
say "$("$python" -c 'import triton; print("triton", triton.__version__)' 2>&1 | tail -1)"
say "nvcc: $(command -v nvcc || echo none) ninja: $(command -v ninja || echo none)"

# kix's CUPTI timer and kernel C interface: kernels/ built alone (no Qt needed).
cmake -S kernels -B /tmp/kb -G Ninja -DCMAKE_BUILD_TYPE=Release > /tmp/kb-build.log 2>&1 &&
  ninja -C /tmp/kb >> /tmp/kb-build.log 2>&1 || { tail -20 /tmp/kb-build.log | tee -a "$log"; }
if [ -f /tmp/kb/lib/libkix_kernels_capi.so ]; then
  export KIX_CUPTI_LIB=/tmp/kb/lib/libkix_kernels_capi.so KIX_KERNELS_CAPI=/tmp/kb/lib/libkix_kernels_capi.so
else
  say "libkix_kernels_capi.so was not built: CUDA events only, no kix-kernel step"
fi

cases=()
[ -n "${KIX_SOLUTION_CASES:-}" ] && cases=(--cases "$KIX_SOLUTION_CASES")
# run NAME SOLUTION PROBLEM_DIR [more kix run options]: plain, then --repeat 2, verify both, diff them.
run_solution() {
  local name=$1 solution=$2 problem=$3
  shift 3
  for pass in plain repeat; do
    local extra=()
    [ "$pass" = repeat ] && extra=(--repeat 2)
    say "kix run --solution $solution ($pass)"
    local t0=$SECONDS
    "$kix" run --solution "$solution" --problem "$problem" --python "$python" --output "$runs/$name-$pass" \
      "${cases[@]}" ${KIX_SOLUTION_ARGS:-} "${extra[@]}" "$@" 2>&1 | tee -a "$log"
    echo "   exit ${PIPESTATUS[0]}, $((SECONDS - t0)) s" | tee -a "$log"
    [ -d "$runs/$name-$pass" ] && ls "$runs/$name-$pass"/*.json > /dev/null 2>&1 &&
      "$kix" verify "$runs/$name-$pass"/*.json 2>&1 | tail -2 | tee -a "$log"
  done
  local a b
  a=$(ls "$runs/$name-plain"/kix-solution-*[0-9]Z-*.manifest.json 2>/dev/null | grep -v -- '--' | head -1)
  b=$(ls "$runs/$name-repeat"/kix-solution-*[0-9]Z-*.manifest.json 2>/dev/null | grep -v -- '--' | head -1)
  if [ -n "$a" ] && [ -n "$b" ]; then
    say "kix diff plain repeat ($name)"
    "$kix" diff "$a" "$b" 2>&1 | head -40 | tee -a "$log"
  fi
}

for dir in "$examples"/*/*/; do
  dir=${dir%/}
  for solution in "$dir"/solution_*.json; do
    [ -f "$solution" ] || continue
    run_solution "$(basename "$(dirname "$dir")")-$(basename "$dir")" "$solution" "$dir"
  done
done

if [ -n "$problem013" ] && [ -n "${KIX_KERNELS_CAPI:-}" ]; then
  run_solution kix-rmsnorm-backward tests/data/solutions/kix-rmsnorm-backward/solution.json "$problem013"
  say "kix-kernel-bench (kix's C++ harness, the same card)"
  /tmp/kb/bin/kix-kernel-bench --json "$out/harness.json" 2>&1 | tee -a "$log"
  "$python" kernels/bench/solution_fidelity.py "$out/harness.json" "$runs/kix-rmsnorm-backward-plain" 2>&1 |
    tee -a "$log"
fi
tar czf "$out/solutions.tar.gz" -C /tmp kix-solutions
say "$(date -u +%FT%TZ) done"
