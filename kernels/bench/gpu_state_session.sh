#!/usr/bin/env bash
# One device session for issue 24: builds kernels/ alone (no Qt) and records, with kix-gpu-state-probe,
# a normal run, a run while another process loads the GPU, runs with the SM clocks locked (a low clock,
# then the base clock), and a locked run stopped by SIGTERM (the lock must be reset). Results in $OUT.
# The locked runs change the card's clocks: only on a GPU that is yours. A lent or shared machine (the
# device library's METHOD.md: "never change its clocks") gets the normal and loaded runs alone unless
# KIX_LOCK_CLOCKS_ON_MY_OWN_GPU=1 is set.
set -u
OUT=${OUT:-/tmp/out}
CASES=${KIX_CASES:-0,1,2,3,5,9}
mkdir -p "$OUT"
cmake -S kernels -B /tmp/kb -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build.log" 2>&1 &&
  cmake --build /tmp/kb --target kix-gpu-state-probe >> "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
P=/tmp/kb/bin/kix-gpu-state-probe
smi() { nvidia-smi --query-gpu=clocks.sm,clocks.mem,clocks.applications.graphics,clocks_event_reasons.active,power.draw,power.limit,temperature.gpu --format=csv,noheader; }
{
  echo "before: $(smi)"
  nvidia-smi -q -d CLOCK | sed -n '1,60p'
} > "$OUT/smi.txt" 2>&1
echo "== normal"; $P --cases "$CASES" > "$OUT/normal.json"; echo "rc=$?"
echo "== loaded"; $P --load 40 > "$OUT/load.json" & LOADER=$!; sleep 2
$P --cases "$CASES" > "$OUT/loaded.json"; echo "rc=$?"; kill -TERM $LOADER 2>/dev/null; wait $LOADER
if [ "${KIX_LOCK_CLOCKS_ON_MY_OWN_GPU:-0}" != 1 ]; then
  echo "== locked runs skipped: they change the GPU's clocks (set KIX_LOCK_CLOCKS_ON_MY_OWN_GPU=1 on your own GPU)"
  for f in "$OUT"/*.json; do echo "--- $f"; head -c 3000 "$f"; echo; done
  cat "$OUT/smi.txt"
  exit 0
fi
echo "== locked low"; $P --cases "$CASES" --lock-clocks 1100 > "$OUT/locked-1100.json"; echo "rc=$?"
echo "after lock: $(smi)" >> "$OUT/smi.txt"
echo "== locked base"; KIX_PROBE_LOCK_BASE=1 $P --cases "$CASES" > "$OUT/locked-base.json"; echo "rc=$?"
echo "== SIGTERM while locked"; $P --cases 1,1,1,1,1,1 --lock-clocks 1000 > "$OUT/sigterm.json" & V=$!; sleep 4
echo "during lock: $(smi)" >> "$OUT/smi.txt"; kill -TERM $V; wait $V; echo "rc=$?"
sleep 1; echo "after SIGTERM: $(smi)" >> "$OUT/smi.txt"
nvidia-smi -q -d CLOCK | sed -n '1,60p' >> "$OUT/smi.txt"
for f in "$OUT"/*.json; do echo "--- $f"; head -c 3000 "$f"; echo; done
cat "$OUT/smi.txt"
