#!/usr/bin/env python3
"""Side by side on one GPU, in one process: kix's fused kernel (through ctypes), PyTorch eager and
torch.compile running the project's own PyTorch formulation of kernels/PROBLEM.md, and a
device-to-device copy of each case's bytes (the floor), over the 16 workloads of kix's table.

Every implementation is timed by both methods of kernels/include/kix/timing.h, with the harness's
own CUPTI timer (libkix_kernels_capi): per call, first GPU activity start to last end, the L2
flushed and the stream idle before the call; and CUDA events around the call, calls back to back
(around a Python call they include its dispatch whenever the host falls behind the GPU). Medians of
--iterations timed calls after --warmup calls. Same inputs for all; every output of kix, eager and
torch.compile is checked against an fp64 evaluation; the formulation itself is first checked
against the fp64 CPU reference of kernels/include/kix/rmsnorm_backward_cpu.h.

Usage: bench_vs_torch.py --lib build/lib/libkix_kernels_capi.so --bench build/bin/kix-kernel-bench
       [--json out.json] [--cases 0,1,2] [--warmup 10] [--iterations 50] [--settle-ms 250] [--self-check-only]
"""
import argparse
import ctypes
import json
import math
import statistics
import subprocess
import sys
import time

import torch


# ---- the problem, as kernels/PROBLEM.md states it

def formulation(grad_output, x, normalized, rstd, weight):
    """The math of kernels/PROBLEM.md in PyTorch, fp32 as the problem states; `x` is never read."""
    g = grad_output.float()
    gn = g * weight
    mean = (gn * normalized).mean(dim=-1, keepdim=True)
    grad_x = (rstd * (gn - mean * normalized)).to(torch.bfloat16)
    grad_weight = (g * normalized).sum(dim=tuple(range(g.dim() - 1)))
    return grad_x, grad_x.clone(), grad_weight  # grad_hidden_states, grad_residual (its own tensor), grad_weight


def formulation_fp64(grad_output, normalized, rstd, weight):
    """The same math in fp64, before bf16 rounding: (grad_x, grad_weight)."""
    g, n, r, w = grad_output.double(), normalized.double(), rstd.double(), weight.double()
    gn = g * w
    grad_x = r * (gn - (gn * n).mean(dim=-1, keepdim=True) * n)
    return grad_x, (g * n).sum(dim=tuple(range(g.dim() - 1)))


def load_workloads(bench):
    out = subprocess.run([bench, "--list-workloads"], check=True, capture_output=True, text=True).stdout
    table = json.loads(out)
    return table["hidden_size"], table["workloads"]


def load_lib(path):
    lib = ctypes.CDLL(path)
    vp, ll, i, u64 = ctypes.c_void_p, ctypes.c_longlong, ctypes.c_int, ctypes.c_ulonglong
    lib.kix_rmsnorm_bwd_workspace_bytes.restype = u64
    lib.kix_rmsnorm_bwd_workspace_bytes.argtypes = [ll, i, i, i, i]
    lib.kix_rmsnorm_bwd_plan_name.restype = ctypes.c_char_p
    lib.kix_rmsnorm_bwd_plan_name.argtypes = [ll, i, i, i, i]
    lib.kix_prepare_workspace.restype = i
    lib.kix_prepare_workspace.argtypes = [ll, i, i, i, i, vp, vp]
    lib.kix_rmsnorm_bwd.restype = i
    lib.kix_rmsnorm_bwd.argtypes = [vp] * 7 + [ll, i, vp, i, i, i, vp]
    lib.kix_reference_cpu.restype = None
    lib.kix_reference_cpu.argtypes = [vp] * 4 + [ll, i, vp, vp]
    lib.kix_cupti_begin.restype = i
    lib.kix_cupti_timestamp.restype = u64
    lib.kix_cupti_end.restype = i
    lib.kix_cupti_end.argtypes = [ctypes.POINTER(u64), ctypes.POINTER(u64), i, ctypes.POINTER(ctypes.c_double)]
    lib.kix_last_error.restype = ctypes.c_char_p
    return lib


def random_inputs(rows, hidden, seed, dev):
    g = torch.Generator(device=dev).manual_seed(seed)
    go = torch.randn(rows, hidden, device=dev, generator=g).to(torch.bfloat16)
    x = torch.randn(rows, hidden, device=dev, generator=g)
    nrm = torch.randn(rows, hidden, device=dev, generator=g)
    rstd = torch.rand(rows, 1, device=dev, generator=g) * 1.5 + 0.5
    wt = torch.randn(hidden, device=dev, generator=g) * 0.1 + 1.0
    return go, x, nrm, rstd, wt


def self_check(lib, dev):
    """The formulation (fp32 and fp64) against the fp64 CPU reference, on small shapes."""
    ok = True
    for rows, hidden in [(1, 8), (3, 264), (7, 2560), (64, 2560), (5, 4096)]:
        go, x, nrm, rstd, wt = random_inputs(rows, hidden, 7 + rows * hidden, dev)
        bits = go.cpu().view(torch.int16).contiguous()
        n_cpu, r_cpu, w_cpu = nrm.cpu().contiguous(), rstd.cpu().contiguous(), wt.cpu().contiguous()
        gx_ref = torch.empty(rows, hidden, dtype=torch.float64)
        gw_ref = torch.empty(hidden, dtype=torch.float64)
        lib.kix_reference_cpu(bits.data_ptr(), n_cpu.data_ptr(), r_cpu.data_ptr(), w_cpu.data_ptr(), rows, hidden,
                              gx_ref.data_ptr(), gw_ref.data_ptr())
        gx64, gw64 = formulation_fp64(go, nrm, rstd, wt)
        err64 = max((gx64.cpu() - gx_ref).abs().max().item(), (gw64.cpu() - gw_ref).abs().max().item())
        gh, gr, gw = formulation(go, x, nrm, rstd, wt)
        fails = sum(check(name, t.cpu(), ref, 1e-5, 0.05)["failures"]
                    for name, t, ref in [("gh", gh, gx_ref), ("gr", gr, gx_ref), ("gw", gw, gw_ref)])
        good = err64 < 1e-9 and fails == 0
        ok &= good
        print(f"self-check {rows}x{hidden}: fp64 formulation vs CPU reference max abs {err64:.2e}, "
              f"fp32 formulation {fails} elements outside tolerance: {'ok' if good else 'FAILED'}", flush=True)
    return ok


def check(name, got, ref64, atol, rtol):
    diff = (got.double() - ref64).abs()
    bad = (diff > atol + rtol * ref64.abs()) | ~torch.isfinite(diff)
    return {"output": name, "maxAbs": diff.max().item(), "failures": int(bad.sum().item())}


def check_outputs(outputs, go, nrm, rstd, wt, atol, rtol, chunk=8192):
    """outputs = (grad_hidden, grad_residual, grad_weight) against fp64, a chunk of rows at a time."""
    gh, gr, gw = outputs
    fails, max_abs = [0, 0], [0.0, 0.0]
    gw64 = torch.zeros(go.shape[-1], dtype=torch.float64, device=go.device)
    for start in range(0, go.shape[0], chunk):
        s = slice(start, start + chunk)
        gx64, part = formulation_fp64(go[s], nrm[s], rstd[s], wt)
        gw64 += part
        for k, out in enumerate((gh, gr)):
            c = check("", out[s], gx64, atol, rtol)
            fails[k] += c["failures"]
            max_abs[k] = max(max_abs[k], c["maxAbs"])
        del gx64
    cw = check("grad_weight", gw, gw64, atol, rtol)
    return [{"output": "grad_hidden_states", "maxAbs": max_abs[0], "failures": fails[0]},
            {"output": "grad_residual", "maxAbs": max_abs[1], "failures": fails[1]}, cw]


# ---- timing: the harness's two methods

def time_events(fn, flush, iterations):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(iterations)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(iterations)]
    for i in range(iterations):
        flush.fill_(i & 0xFF)
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    return [s.elapsed_time(e) * 1e6 for s, e in zip(starts, ends)]  # ns


def time_cupti(lib, fn, flush, iterations):
    if lib.kix_cupti_begin():
        return [], lib.kix_last_error().decode()
    t0s, t1s = (ctypes.c_ulonglong * iterations)(), (ctypes.c_ulonglong * iterations)()
    for i in range(iterations):
        flush.fill_(i & 0xFF)
        torch.cuda.synchronize()
        t0s[i] = lib.kix_cupti_timestamp()
        fn()
        torch.cuda.synchronize()
        t1s[i] = lib.kix_cupti_timestamp()
    spans = (ctypes.c_double * iterations)()
    if lib.kix_cupti_end(t0s, t1s, iterations, spans):
        return [], lib.kix_last_error().decode()
    return list(spans), ""


def measure(lib, fn, flush, warmup, iterations, settle_ms):
    # `warmup` calls, and for at least settle_ms: after a case of milliseconds per call the next
    # case's first ~0.1 s ran about 7% slower on an H200 (BENCHMARKS.md, 2026-12-04).
    start = time.monotonic()
    i = 0
    while i < warmup or (time.monotonic() - start) * 1e3 < settle_ms:
        flush.fill_(i & 0xFF)
        fn()
        i += 1
        if i % 256 == 0:
            torch.cuda.synchronize()
    torch.cuda.synchronize()
    events = time_events(fn, flush, iterations)
    cupti, error = time_cupti(lib, fn, flush, iterations)
    return {"eventNs": events, "cuptiNs": cupti, "cuptiError": error}


def med(t, method):
    s = t[method]
    return statistics.median(s) if s else float("nan")


def geomean(values):
    values = [v for v in values if v > 0 and math.isfinite(v)]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--bench", required=True, help="kix-kernel-bench, for --list-workloads")
    ap.add_argument("--json")
    ap.add_argument("--cases")
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=50)
    ap.add_argument("--settle-ms", type=float, default=250.0, help="warm-up lasts at least this long")
    ap.add_argument("--self-check-only", action="store_true")
    args = ap.parse_args()

    torch._dynamo.config.cache_size_limit = 64  # one compiled graph per shape, all 16 kept
    if hasattr(torch._dynamo.config, "recompile_limit"):
        torch._dynamo.config.recompile_limit = 64
    lib = load_lib(args.lib)
    hidden, workloads = load_workloads(args.bench)
    dev = torch.device("cuda")
    props = torch.cuda.get_device_properties(dev)
    print(f"device: {props.name}, {props.multi_processor_count} SMs, torch {torch.__version__}", flush=True)
    if not self_check(lib, dev):
        print("the PyTorch formulation disagrees with the fp64 CPU reference: not benchmarking", flush=True)
        return 1
    if args.self_check_only:
        return 0
    compiled = torch.compile(formulation, dynamic=False)
    flush = torch.empty(2 * props.L2_cache_size, dtype=torch.uint8, device=dev)
    chosen = [int(c) for c in args.cases.split(",")] if args.cases else range(len(workloads))
    print("medians in us, C = CUPTI (first GPU activity start to last end), E = CUDA events around the call")
    print(f"{'#':>2} {'B x S':>10} {'kix C':>9} {'kix E':>9} {'eager C':>9} {'eager E':>9} {'compile C':>9} "
          f"{'compile E':>9} {'floor C':>9} {'floor E':>9} {'xFlr C':>6} {'xFlr E':>6} ok", flush=True)
    rows_out, failures = [], 0
    for i in chosen:
        w = workloads[i]
        B, S, rows = w["batch_size"], w["seq_len"], w["rows"]
        atol, rtol = w["max_atol"], w["max_rtol"]
        go, x, nrm, rstd, wt = random_inputs(rows, hidden, 1000 + i, dev)
        go, x, nrm, rstd = go.view(B, S, hidden), x.view(B, S, hidden), nrm.view(B, S, hidden), rstd.view(B, S, 1)
        gh = torch.full_like(go, float("nan"))
        gr = torch.full_like(go, float("nan"))
        gw = torch.full((hidden,), float("nan"), device=dev)
        ws = torch.empty(lib.kix_rmsnorm_bwd_workspace_bytes(rows, hidden, 0, -1, 0), dtype=torch.uint8, device=dev)
        stream = torch.cuda.current_stream().cuda_stream
        if lib.kix_prepare_workspace(rows, hidden, 0, -1, 0, ws.data_ptr(), stream):
            raise RuntimeError(lib.kix_last_error().decode())
        plan = lib.kix_rmsnorm_bwd_plan_name(rows, hidden, 0, -1, 0).decode()

        def kix():
            if lib.kix_rmsnorm_bwd(go.data_ptr(), nrm.data_ptr(), rstd.data_ptr(), wt.data_ptr(), gh.data_ptr(),
                                   gr.data_ptr(), gw.data_ptr(), rows, hidden, ws.data_ptr(), 0, -1, 0, stream):
                raise RuntimeError(lib.kix_last_error().decode())

        flat = (go.view(rows, hidden), nrm.view(rows, hidden), rstd.view(rows, 1), wt)
        kix()
        torch.cuda.synchronize()
        checks = {"kix": check_outputs((gh.view(rows, hidden), gr.view(rows, hidden), gw), *flat, atol, rtol)}
        t0 = time.time()
        out = compiled(go, x, nrm, rstd, wt)  # compiled outside the timing
        compile_s = time.time() - t0
        checks["compile"] = check_outputs((out[0].view(rows, hidden), out[1].view(rows, hidden), out[2]), *flat,
                                          atol, rtol)
        out = formulation(go, x, nrm, rstd, wt)
        checks["eager"] = check_outputs((out[0].view(rows, hidden), out[1].view(rows, hidden), out[2]), *flat,
                                        atol, rtol)
        del out
        ok = all(c["failures"] == 0 for cs in checks.values() for c in cs)
        failures += 0 if ok else 1

        t = {"kix": measure(lib, kix, flush, args.warmup, args.iterations, args.settle_ms),
             "eager": measure(lib, lambda: formulation(go, x, nrm, rstd, wt), flush, args.warmup, args.iterations, args.settle_ms),
             "compile": measure(lib, lambda: compiled(go, x, nrm, rstd, wt), flush, args.warmup, args.iterations, args.settle_ms)}
        nbytes = rows * hidden * 10 + rows * 4 + hidden * 8
        del gh, gr, ws
        torch.cuda.empty_cache()
        copy_n = (nbytes // 2 + 15) // 16 * 16
        src = torch.randint(0, 256, (copy_n,), dtype=torch.uint8, device=dev)
        dst = torch.empty_like(src)
        t["floor"] = measure(lib, lambda: dst.copy_(src), flush, args.warmup, args.iterations, args.settle_ms)
        del src, dst
        cells = " ".join(f"{med(t[k], m) / 1e3:9.2f}" for k in ("kix", "eager", "compile", "floor")
                         for m in ("cuptiNs", "eventNs"))
        ratio = {m: med(t["kix"], m) / med(t["floor"], m) for m in ("cuptiNs", "eventNs")}
        errors = "; ".join(f"{k}: {v['cuptiError']}" for k, v in t.items() if v["cuptiError"])
        print(f"{i:>2} {B:>4}x{S:<5} {cells} {ratio['cuptiNs']:6.3f} {ratio['eventNs']:6.3f} "
              f"{'yes' if ok else 'NO ' + json.dumps(checks)}{' [' + errors + ']' if errors else ''}", flush=True)
        rows_out.append({"case": i, "caseId": w["caseId"], "batch_size": B, "seq_len": S, "bytes": nbytes,
                         "copyBytes": copy_n, "plan": plan, "compile_seconds": compile_s, "checks": checks,
                         "timing": t})
        del go, x, nrm, rstd, wt, gw
        torch.cuda.empty_cache()
    summary = {}
    for m, label in (("cuptiNs", "CUPTI"), ("eventNs", "CUDA events")):
        g = {k: geomean([med(r["timing"][k], m) for r in rows_out]) for k in ("kix", "eager", "compile", "floor")}
        ratio = geomean([med(r["timing"]["kix"], m) / med(r["timing"]["floor"], m) for r in rows_out])
        summary[m] = {**{k + "_us": v / 1e3 for k, v in g.items()}, "kix_over_floor": ratio}
        print(f"geomean ({label}, medians, {len(rows_out)} cases): kix {g['kix'] / 1e3:.2f} us, eager "
              f"{g['eager'] / 1e3:.2f}, torch.compile {g['compile'] / 1e3:.2f}, copy floor {g['floor'] / 1e3:.2f}; "
              f"kix / copy floor {ratio:.3f}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": props.name, "torch": torch.__version__, "warmup": args.warmup, "settleMs": args.settle_ms,
                       "iterations": args.iterations, "statistic": "median", "summary": summary,
                       "cases": rows_out}, f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
