#!/usr/bin/env bash
# One call on the GPU machine: build the kernels alone (no Qt needed there), run the harness
# benchmark for each rows-per-iteration variant, then the side-by-side against PyTorch.
# Output under $OUT (or ./device-out): logs and JSON.
set -u
out=${OUT:-device-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw --format=csv | tee "$out/nvidia-smi.csv"
cmake -S kernels -B /tmp/kb -G Ninja -DCMAKE_BUILD_TYPE=Release > "$out/build.log" 2>&1 && ninja -C /tmp/kb >> "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
for v in ${KIX_VARIANTS:-2}; do
  echo "== kix-kernel-bench --rows-per-iteration $v ${KIX_BENCH_ARGS:-}"
  /tmp/kb/bin/kix-kernel-bench --rows-per-iteration "$v" ${KIX_BENCH_ARGS:-} 2>&1 | tee "$out/harness-r$v.txt"
done
if [ -n "${KIX_BENCH_ARGS_B:-}" ]; then
  echo "== kix-kernel-bench ${KIX_BENCH_ARGS_B}"
  /tmp/kb/bin/kix-kernel-bench ${KIX_BENCH_ARGS_B} 2>&1 | tee "$out/harness-b.txt"
fi
if [ "${KIX_SKIP_TORCH:-0}" != 1 ]; then
  echo "== side by side with PyTorch"
  PYTHONUNBUFFERED=1 python3 kernels/bench/bench_vs_torch.py --lib /tmp/kb/lib/libkix_kernels_capi.so \
    --rows-per-iteration "${KIX_TORCH_ROWS:-0}" --json "$out/torch.json" 2>&1 | grep -v Warning | tee "$out/torch.txt"
fi
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv | tee -a "$out/nvidia-smi.csv"
