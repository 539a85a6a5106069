#!/usr/bin/env python3
"""Side-by-side on one GPU, in one process: kix's fused kernel (through ctypes), PyTorch eager running
the definition's reference, and torch.compile of that same reference, over the 16 workloads of
SOL-ExecBench 013. Same inputs for all three; CUDA events around each call; the L2 is flushed
(a buffer twice its size is written) before every timed call; medians of many calls.

Usage: bench_vs_torch.py --lib build/lib/libkix_kernels_capi.so [--json out.json] [--cases 0,1,2]
"""
import argparse
import ctypes
import json
import os
import statistics
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SOL = os.path.join(ROOT, "resources", "sol013")


def load_problem():
    with open(os.path.join(SOL, "definition.json")) as f:
        definition = json.load(f)
    scope = {}
    exec(definition["reference"], scope)  # the dataset's own reference function, unchanged
    with open(os.path.join(SOL, "workload.jsonl")) as f:
        workloads = [json.loads(line) for line in f if line.strip()]
    return definition, scope["run"], workloads


def timed(fn, flush, iterations):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(iterations)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(iterations)]
    for i in range(iterations):
        flush.fill_(i & 0xFF)
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    return [s.elapsed_time(e) * 1e6 for s, e in zip(starts, ends)]  # ns


def measure(fn, flush, warmup=5, target_ms=150.0, lo=20, hi=200):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    estimate = statistics.median(timed(fn, flush, 5))
    n = int(min(hi, max(lo, target_ms * 1e6 / max(estimate, 1.0))))
    return timed(fn, flush, n)


def check(name, got, ref64, atol, rtol):
    diff = (got.double() - ref64).abs()
    bad = (diff > atol + rtol * ref64.abs()) | ~torch.isfinite(diff)
    return {"output": name, "maxAbs": diff.max().item(), "failures": int(bad.sum().item())}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--json")
    ap.add_argument("--cases")
    ap.add_argument("--rows-per-iteration", type=int, default=0)
    args = ap.parse_args()

    torch._dynamo.config.cache_size_limit = 64  # one compiled graph per shape, all 16 kept
    if hasattr(torch._dynamo.config, "recompile_limit"):
        torch._dynamo.config.recompile_limit = 64
    lib = ctypes.CDLL(args.lib)
    lib.kix_rmsnorm_bwd_workspace_bytes.restype = ctypes.c_ulonglong
    lib.kix_rmsnorm_bwd_workspace_bytes.argtypes = [ctypes.c_longlong, ctypes.c_int, ctypes.c_int]
    lib.kix_rmsnorm_bwd.restype = ctypes.c_int
    lib.kix_rmsnorm_bwd.argtypes = [ctypes.c_void_p] * 7 + [ctypes.c_longlong, ctypes.c_int, ctypes.c_void_p,
                                                           ctypes.c_int, ctypes.c_void_p]
    lib.kix_last_error.restype = ctypes.c_char_p

    definition, reference, workloads = load_problem()
    compiled = torch.compile(reference)
    dev = torch.device("cuda")
    props = torch.cuda.get_device_properties(dev)
    l2 = getattr(props, "L2_cache_size", 60 << 20)
    flush = torch.empty(2 * l2, dtype=torch.uint8, device=dev)

    a = torch.empty(1 << 30, dtype=torch.uint8, device=dev)
    b = torch.empty_like(a)
    copy_ns = statistics.median(measure(lambda: b.copy_(a), flush, lo=10, hi=10))
    copy_gbps = 2 * a.numel() / copy_ns
    del a, b
    print(f"device: {props.name}, torch {torch.__version__}, copy {copy_gbps:.0f} GB/s (read+write)", flush=True)

    hidden = definition["axes"]["hidden_size"]["value"]
    chosen = [int(c) for c in args.cases.split(",")] if args.cases else range(len(workloads))
    rows_out = []
    header = f"{'#':>2} {'B x S':>10} {'kix_us':>9} {'GB/s':>6} {'ofCopy':>6} {'eager_us':>9} {'compile_us':>10} {'vsEager':>7} {'vsCompile':>9} ok"
    print(header, flush=True)
    for i in chosen:
        w = workloads[i]
        B, S = w["axes"]["batch_size"], w["axes"]["seq_len"]
        atol, rtol = w["tolerance"]["max_atol"], w["tolerance"]["max_rtol"]
        g = torch.Generator(device=dev).manual_seed(1000 + i)
        go = torch.randn(B, S, hidden, device=dev, generator=g).to(torch.bfloat16)
        x = torch.randn(B, S, hidden, device=dev, generator=g)
        nrm = torch.randn(B, S, hidden, device=dev, generator=g)
        rstd = torch.rand(B, S, 1, device=dev, generator=g) * 1.5 + 0.5
        wt = torch.randn(hidden, device=dev, generator=g) * 0.1 + 1.0
        gh = torch.full_like(go, float("nan"))
        gr = torch.full_like(go, float("nan"))
        gw = torch.full((hidden,), float("nan"), device=dev)
        ws = torch.empty(lib.kix_rmsnorm_bwd_workspace_bytes(B * S, hidden, args.rows_per_iteration),
                         dtype=torch.uint8, device=dev)
        stream = torch.cuda.current_stream().cuda_stream

        def kix():
            rc = lib.kix_rmsnorm_bwd(go.data_ptr(), nrm.data_ptr(), rstd.data_ptr(), wt.data_ptr(), gh.data_ptr(),
                                     gr.data_ptr(), gw.data_ptr(), B * S, hidden, ws.data_ptr(),
                                     args.rows_per_iteration, stream)
            if rc:
                raise RuntimeError(lib.kix_last_error().decode())

        kix()
        torch.cuda.synchronize()
        # fp64 reference on upcast inputs: the same math in double precision
        g64, n64, r64, w64 = go.double(), nrm.double(), rstd.double(), wt.double()
        gn = g64 * w64
        gx64 = r64 * (gn - (gn * n64).mean(dim=-1, keepdim=True) * n64)
        gw64 = (g64 * n64).sum(dim=(0, 1))
        checks = [check("grad_hidden_states", gh, gx64, atol, rtol), check("grad_residual", gr, gx64, atol, rtol),
                  check("grad_weight", gw, gw64, atol, rtol)]
        del g64, n64, r64, gn, gx64
        ok = all(c["failures"] == 0 for c in checks)

        t_kix = measure(kix, flush)
        t_eager = measure(lambda: reference(go, x, nrm, rstd, wt), flush)
        t0 = time.time()
        compiled(go, x, nrm, rstd, wt)  # compile outside the timing
        compile_s = time.time() - t0
        t_comp = measure(lambda: compiled(go, x, nrm, rstd, wt), flush)
        mk, me, mc = statistics.median(t_kix), statistics.median(t_eager), statistics.median(t_comp)
        nbytes = B * S * hidden * 10 + B * S * 4 + hidden * 8
        gbps = nbytes / mk
        print(f"{i:>2} {B:>4}x{S:<5} {mk/1e3:9.2f} {gbps:6.0f} {100*gbps/copy_gbps:5.1f}% {me/1e3:9.2f} {mc/1e3:10.2f} "
              f"{me/mk:6.2f}x {mc/mk:8.2f}x {'yes' if ok else 'NO ' + str(checks)}", flush=True)
        rows_out.append({"case": i, "uuid": w["uuid"], "batch_size": B, "seq_len": S, "bytes": nbytes,
                         "kix_ns": t_kix, "eager_ns": t_eager, "compile_ns": t_comp, "compile_seconds": compile_s,
                         "checks": checks})
        del go, x, nrm, rstd, wt, gh, gr, gw, ws
        torch.cuda.empty_cache()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": props.name, "torch": torch.__version__, "copy_gbps": copy_gbps, "cases": rows_out}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
