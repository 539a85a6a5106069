#!/usr/bin/env bash
# One call on the GPU machine: build kernels/ alone (no Qt needed there), then the steps named in
# KIX_STEPS (default: "check harness torch"), each appending to $OUT/log.txt:
#   tests    tst_kernel_cuda built elsewhere, from $KIX_TEST_BIN with the Qt libraries in $KIX_TEST_LIBS
#   check    kix-kernel-bench --check: every shape x launch variant against the fp64 CPU reference
#   sweep    kix-kernel-bench --sweep: launch variants per case (tuning), JSON to $OUT/sweep.json;
#            the plans from $KIX_SWEEP_PLANS ('TEXT;TEXT;…', kix/rmsnorm_backward.h) when set
#   harness  kix-kernel-bench: the 16 cases, both timing methods, copy floor, reference
#   torch    bench_vs_torch.py: kix, eager, torch.compile, copy floor, both methods ($KIX_TORCH_ARGS)
#   control  the kernels/ tree in $KIX_CONTROL_SRC (an earlier version) built alone and swept with its
#            own built-in candidates on $KIX_CONTROL_CASES: the earlier kernel on the same machine
#   kixrun   `kix run` on the bundled suite twice ($KIX_RUN_BIN, built elsewhere, Qt libraries in
#            $KIX_TEST_LIBS); both output folders to $OUT/kixrun.tar.gz, a table of each to the log
#   aa       `kix run` $KIX_AA_RUNS times (default 10) and `kix run --repeat 2` $KIX_AA_REPEAT times
#            (default 2), back to back on one card: A/A data for the verdict engine, to $OUT/aa.tar.gz
#   calibrate  `kix calibrate --pairs $KIX_CAL_PAIRS` (default 5): A/A pairs of the bundled kernel and their
#            false faster/slower rate (issue 36), the runs to $OUT/calibrate.tar.gz
#   plant    `kix run` with the default plan and with $KIX_PLANT_PLAN (default "k1 cs1"), then `kix diff` of
#            the two: a planted slowdown, which the verdicts must call slower (issue 36)
#   recon    what the machine offers a solution runner: Python, torch, triton, the C++ extension
#            toolchain, the official sol-execbench CLI, cuDNN, CUTLASS; to the log
#   sass     cuobjdump -sass of the kernels' library, to $OUT/sass.txt
#   kixprofile `kix run --profile --keep-ncu-reports` ($KIX_RUN_BIN as for kixrun) on $KIX_PROFILE_CASES
#            (default all 16), then on $KIX_PROFILE_LOAD_CASES (default 1,12) beside a device-copy load in
#            another process, and `kix diff` of the two; both folders (manifests, <stem>.profile.json, the
#            .ncu-rep files) to $OUT/kixprofile.tar.gz
#   fleet    `kix run --gpus all` ($KIX_RUN_BIN as for kixrun) and `kix fleet` of it; then again beside a
#            device-copy load on card $KIX_FLEET_LOAD_CARD (default 1), which kix fleet must name slower with
#            "other processes on the GPU" (issue 39); both fleets to $OUT/fleet.tar.gz
#   ncu      Nsight Compute on one timed launch per case ($KIX_NCU_CASES, default all 16): the kernels of
#            the case, the sections of $KIX_NCU_SECTIONS; each report imported back as CSV (raw page),
#            as `kix profile import` reads it; with KIX_NCU_LOAD=1 again beside a device-copy load in
#            another process; all to $OUT/ncu.tar.gz (never changes clocks: --clock-control none)
# Results: $OUT/log.txt and the JSON files (at most 8 files come back from the device machine).
set -u -o pipefail
out=${OUT:-device-out}
mkdir -p "$out"
log="$out/log.txt"
say() { echo "== $*" | tee -a "$log"; }
# A device-copy loop of 1 GiB for $1 seconds on the GPU(s) the environment shows it, in the background: the
# "other process on the GPU" of the load steps. Its pid is in $load.
copy_load() {
  python3 -c 'import torch,time
a=torch.empty(1<<30,dtype=torch.uint8,device="cuda"); b=torch.empty_like(a); t=time.time()
while time.time()-t<float(__import__("sys").argv[1]): b.copy_(a)
torch.cuda.synchronize()' "$1" > "/tmp/copy-load-$1.log" 2>&1 &
  load=$!; sleep 8
}
say "$(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,temperature.gpu,power.draw --format=csv,noheader)"
cmake -S kernels -B /tmp/kb -G Ninja -DCMAKE_BUILD_TYPE=Release > /tmp/build.log 2>&1 &&
  ninja -C /tmp/kb >> /tmp/build.log 2>&1 || { tail -40 /tmp/build.log | tee -a "$log"; exit 1; }
grep -A2 "fusedBackwardKernel" /tmp/build.log | grep -E "registers|spill" | sort | uniq -c | tee -a "$log"
rc=0
for step in ${KIX_STEPS:-check harness torch}; do
  case $step in
    tests)
      say "tst_kernel_cuda"
      LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_TEST_BIN" -o "$out/tst_kernel_cuda.txt,txt" \
        || rc=1
      grep -E "^(FAIL|Totals|QWARN|QDEBUG|QINFO|SKIP)" "$out/tst_kernel_cuda.txt" | head -60 | tee -a "$log" ;;
    check)
      say "kix-kernel-bench --check"
      /tmp/kb/bin/kix-kernel-bench --check 2>&1 | grep -v " ok, " | tee -a "$log" || rc=1 ;;
    sweep)
      say "kix-kernel-bench --sweep ${KIX_SWEEP_ARGS:-}"
      if [ -n "${KIX_SWEEP_PLANS:-}" ]; then
        /tmp/kb/bin/kix-kernel-bench --sweep --json "$out/sweep.json" --plans "$KIX_SWEEP_PLANS" ${KIX_SWEEP_ARGS:-} \
          2>&1 | tee -a "$log"
      else
        /tmp/kb/bin/kix-kernel-bench --sweep --json "$out/sweep.json" ${KIX_SWEEP_ARGS:-} 2>&1 | tee -a "$log"
      fi
      python3 kernels/bench/sweep_table.py "$out/sweep.json" 2>&1 | tee -a "$log" ;;
    harness)
      say "kix-kernel-bench ${KIX_BENCH_ARGS:-}"
      /tmp/kb/bin/kix-kernel-bench --json "$out/harness.json" ${KIX_BENCH_ARGS:-} 2>&1 | tee -a "$log" || rc=1 ;;
    torch)
      say "bench_vs_torch.py ${KIX_TORCH_ARGS:-}"
      PYTHONUNBUFFERED=1 python3 kernels/bench/bench_vs_torch.py --lib /tmp/kb/lib/libkix_kernels_capi.so \
        --bench /tmp/kb/bin/kix-kernel-bench --json "$out/torch.json" ${KIX_TORCH_ARGS:-} 2>&1 |
        grep -v -i "warn" | tee -a "$log" || rc=1 ;;
    control)
      say "control: $KIX_CONTROL_SRC, kix-kernel-bench --sweep --cases $KIX_CONTROL_CASES"
      cmake -S "$KIX_CONTROL_SRC" -B /tmp/kb_control -G Ninja -DCMAKE_BUILD_TYPE=Release > /tmp/control.log 2>&1 &&
        ninja -C /tmp/kb_control >> /tmp/control.log 2>&1 || { tail -20 /tmp/control.log | tee -a "$log"; continue; }
      /tmp/kb_control/bin/kix-kernel-bench --sweep --cases "$KIX_CONTROL_CASES" --json "$out/control.json" 2>&1 |
        tee -a "$log"
      python3 kernels/bench/sweep_table.py "$out/control.json" 2>&1 | tee -a "$log" ;;
    kixrun)
      for n in 1 2; do
        say "kix run --output /tmp/kixrun/run$n"
        LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_RUN_BIN" run --output "/tmp/kixrun/run$n" 2>&1 |
          tee -a "$log" || rc=1
      done
      python3 kernels/bench/kix_run_table.py /tmp/kixrun/run1 /tmp/kixrun/run2 2>&1 | tee -a "$log"
      tar czf "$out/kixrun.tar.gz" -C /tmp kixrun ;;
    ncu)
      say "ncu: $(ncu --version | tail -1)"
      mkdir -p /tmp/ncu
      sections=${KIX_NCU_SECTIONS:-SpeedOfLight MemoryWorkloadAnalysis Occupancy LaunchStats WarpStateStats}
      secargs=""; for s in $sections; do secargs="$secargs --section $s"; done
      profile() { # case, tag
        ncu --clock-control none -k 'regex:fusedBackwardKernel|reduce(Partials|Quads)Kernel|bulkBackwardKernel' \
          --launch-skip 4 --launch-count 2 $secargs \
          --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum -f -o "/tmp/ncu/$2" \
          /tmp/kb/bin/kix-kernel-bench --cases "$1" --no-cupti --no-copy-floor --no-reference --iterations 8 \
          --settle-ms 20 > "/tmp/ncu/$2.log" 2>&1 || { say "ncu $2 failed"; tail -5 "/tmp/ncu/$2.log" | tee -a "$log"; }
        ncu --import "/tmp/ncu/$2.ncu-rep" --csv --page raw > "/tmp/ncu/$2.csv" 2>> "/tmp/ncu/$2.log"
        ncu --import "/tmp/ncu/$2.ncu-rep" --csv --page details > "/tmp/ncu/$2-details.csv" 2>> "/tmp/ncu/$2.log"
        echo "$2: $(grep -c . "/tmp/ncu/$2.csv") lines" | tee -a "$log"
      }
      for c in ${KIX_NCU_CASES:-0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15}; do profile "$c" "case$c"; done
      if [ "${KIX_NCU_LOAD:-0}" = 1 ]; then
        python3 -c 'import torch,time
a=torch.empty(1<<30,dtype=torch.uint8,device="cuda"); b=torch.empty_like(a); t=time.time()
while time.time()-t<float(__import__("sys").argv[1]): b.copy_(a)
torch.cuda.synchronize()' 600 > /tmp/ncu/load.log 2>&1 &
        load=$!; sleep 8
        for c in ${KIX_NCU_LOAD_CASES:-12 1}; do profile "$c" "case$c-load"; done
        kill $load; wait $load 2>/dev/null
      fi
      tar czf "$out/ncu.tar.gz" -C /tmp ncu ;;
    aa)
      mkdir -p /tmp/aa
      for n in $(seq 1 "${KIX_AA_RUNS:-10}"); do
        say "kix run --output /tmp/aa/plain$n"
        LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_RUN_BIN" run --output "/tmp/aa/plain$n" \
          2>&1 | tail -3 | tee -a "$log" || rc=1
      done
      for n in $(seq 1 "${KIX_AA_REPEAT:-2}"); do
        say "kix run --repeat 2 --output /tmp/aa/repeat$n"
        LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_RUN_BIN" run --repeat 2 \
          --output "/tmp/aa/repeat$n" 2>&1 | tail -3 | tee -a "$log" || rc=1
      done
      tar czf "$out/aa.tar.gz" -C /tmp aa ;;
    calibrate)
      say "kix calibrate --pairs ${KIX_CAL_PAIRS:-5}"
      LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_RUN_BIN" calibrate \
        --pairs "${KIX_CAL_PAIRS:-5}" --output /tmp/calibrate 2>&1 | grep -v "^case " | tail -40 | tee -a "$log" || rc=1
      tar czf "$out/calibrate.tar.gz" -C /tmp calibrate ;;
    plant)
      for p in base slow; do
        plan=(); [ $p = slow ] && plan=(--plan "${KIX_PLANT_PLAN:-k1 cs1}")
        say "kix run ${plan[*]} --output /tmp/plant/$p"
        LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_RUN_BIN" run "${plan[@]}" \
          --output "/tmp/plant/$p" 2>&1 | tail -2 | tee -a "$log" || rc=1
      done
      suite() { ls "/tmp/plant/$1"/kix-run-*.manifest.json | grep -v -- '--' | head -1; }
      LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_RUN_BIN" diff "$(suite base)" \
        "$(suite slow)" 2>&1 | tee -a "$log"
      tar czf "$out/plant.tar.gz" -C /tmp plant ;;
    recon)
      say "recon"
      { python3 --version; which python3 nvcc ninja sol-execbench; nvcc --version | tail -2
        python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda, "cudnn", torch.backends.cudnn.version())'
        python3 -c 'import triton; print("triton", triton.__version__)'
        python3 -c 'import torch.utils.cpp_extension as e; print("cpp_extension CUDA_HOME", e.CUDA_HOME)'
        python3 -c 'import safetensors; print("safetensors", safetensors.__version__)'
        python3 -m pip list 2>/dev/null | grep -i -E "sol|cutlass|cuda|flashinfer|triton|nvidia|cupti|safetensors|pydantic|cute|tile"
        ls /usr/local/cuda/include/cutlass /usr/include/cutlass 2>&1 | head -2; ls /usr/local/cuda/extras/CUPTI/lib64 | head -3
      } 2>&1 | tee -a "$log" ;;
    kixprofile)
      kix() { LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_RUN_BIN" "$@"; }
      say "kix run --check --profile: $(kix run --check --profile 2>&1 | tr '\n' ' ')"
      cases=${KIX_PROFILE_CASES:+--cases $KIX_PROFILE_CASES}
      say "kix run --profile --keep-ncu-reports $cases --output /tmp/kixprofile/plain"
      kix run --profile --keep-ncu-reports $cases --output /tmp/kixprofile/plain 2>&1 | tee -a "$log" || rc=1
      copy_load 900
      lcases=${KIX_PROFILE_LOAD_CASES:-1,12}
      say "kix run --profile --keep-ncu-reports --cases $lcases --output /tmp/kixprofile/load (beside a copy loop)"
      kix run --profile --keep-ncu-reports --cases "$lcases" --output /tmp/kixprofile/load 2>&1 | tee -a "$log" || rc=1
      kill $load; wait $load 2>/dev/null
      suite() { ls "$1"/kix-run-*.manifest.json | grep -v -- '--' | head -1; }
      kix diff "$(suite /tmp/kixprofile/plain)" "$(suite /tmp/kixprofile/load)" 2>&1 | head -40 | tee -a "$log"
      tar czf "$out/kixprofile.tar.gz" -C /tmp kixprofile ;;
    fleet)
      kix() { LD_LIBRARY_PATH="$KIX_TEST_LIBS" QT_QPA_PLATFORM=offscreen "$KIX_RUN_BIN" "$@"; }
      say "$(nvidia-smi --query-gpu=index,uuid,pci.bus_id,serial,clocks.sm,temperature.gpu,power.draw --format=csv,noheader)"
      say "kix run --gpus all --output /tmp/fleet/plain"
      kix run --gpus all --output /tmp/fleet/plain 2>&1 | grep -E "^kix run|failed|cannot" | tee -a "$log" || rc=1
      kix fleet /tmp/fleet/plain/fleet-* 2>&1 | tee -a "$log"
      card=${KIX_FLEET_LOAD_CARD:-1}
      CUDA_VISIBLE_DEVICES=$(nvidia-smi --query-gpu=uuid --format=csv,noheader -i "$card") copy_load 3600
      say "kix run --gpus all --output /tmp/fleet/load (beside a copy loop on card $card)"
      kix run --gpus all --output /tmp/fleet/load 2>&1 | grep -E "^kix run|failed|cannot" | tee -a "$log" || rc=1
      kill $load; wait $load 2>/dev/null
      kix fleet /tmp/fleet/load/fleet-* 2>&1 | tee -a "$log"
      kix fleet --json /tmp/fleet/load/fleet-* > "$out/fleet-load.json" 2>&1
      tar czf "$out/fleet.tar.gz" -C /tmp fleet ;;
    sass)
      say "sass"
      cuobjdump -sass /tmp/kb/libkix_kernels.a > "$out/sass.txt" 2>&1 || say "cuobjdump failed" ;;
  esac
done
say "$(date -u +%FT%TZ) $(nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader)"
exit $rc
