"""Timed launches. On a GPU: warm-ups, then every launch after an L2 flush (a buffer twice the L2
written, as SOL-ExecBench's harness and kix's own do), timed by CUDA events and, in a second pass of
the same count, by CUPTI kernel time (first GPU activity start to last end of the launch) through
kix's own CUPTI timer (libkix_kernels_capi, kernels/capi.cu) when it is given. On the CPU: the wall
time of each call (time.perf_counter_ns), labelled as a CPU result."""

import ctypes
import time

import torch


class Cupti:
    """kix's CUPTI timer through its C interface, or why it is not there."""

    def __init__(self, path):
        self.lib, self.unavailable = None, ""
        if not path:
            self.unavailable = "no CUPTI timer library was given (kix run --cupti-lib, libkix_kernels_capi.so)"
            return
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            self.unavailable = f"the CUPTI timer library {path} could not be loaded: {e}"
            return
        u64 = ctypes.c_ulonglong
        lib.kix_cupti_begin.restype = ctypes.c_int
        lib.kix_cupti_timestamp.restype = u64
        lib.kix_cupti_end.restype = ctypes.c_int
        lib.kix_cupti_end.argtypes = [ctypes.POINTER(u64), ctypes.POINTER(u64), ctypes.c_int,
                                      ctypes.POINTER(ctypes.c_double)]
        lib.kix_last_error.restype = ctypes.c_char_p
        self.lib = lib

    def time(self, launch, flush, iterations):
        """(samples in ns, "") or ([], why)."""
        if self.lib is None:
            return [], self.unavailable
        if self.lib.kix_cupti_begin():
            return [], self.lib.kix_last_error().decode()
        starts, ends = (ctypes.c_ulonglong * iterations)(), (ctypes.c_ulonglong * iterations)()
        for i in range(iterations):
            flush(i)
            torch.cuda.synchronize()
            starts[i] = self.lib.kix_cupti_timestamp()
            launch()
            torch.cuda.synchronize()
            ends[i] = self.lib.kix_cupti_timestamp()
        spans = (ctypes.c_double * iterations)()
        if self.lib.kix_cupti_end(starts, ends, iterations, spans):
            return [], self.lib.kix_last_error().decode()
        return list(spans), ""


def gpu_flusher(device):
    buffer = torch.empty(2 * torch.cuda.get_device_properties(device).L2_cache_size, dtype=torch.int8,
                         device=device)
    return lambda i: buffer.fill_(i & 0x7F)


def time_gpu(launch, warmup, iterations, cupti, device):
    flush = gpu_flusher(device)
    for i in range(warmup):
        flush(i)
        launch()
    torch.cuda.synchronize()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(iterations)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(iterations)]
    for i in range(iterations):
        flush(i)
        starts[i].record()
        launch()
        ends[i].record()
    torch.cuda.synchronize()
    events = [s.elapsed_time(e) * 1e6 for s, e in zip(starts, ends)]
    spans, why = cupti.time(launch, flush, iterations)
    return {"timer": "cuda_events", "samplesNs": events,
            "cupti": {"samplesNs": spans} if spans else {"unavailable": why},
            "l2Flushed": True, "warmup": warmup}


def time_cpu(launch, warmup, iterations):
    for _ in range(warmup):
        launch()
    samples = []
    for _ in range(iterations):
        t0 = time.perf_counter_ns()
        launch()
        samples.append(float(time.perf_counter_ns() - t0))
    return {"timer": "cpu_perf_counter", "samplesNs": samples,
            "cupti": {"unavailable": "CPU mode: no GPU, no CUPTI"}, "l2Flushed": False, "warmup": warmup}
