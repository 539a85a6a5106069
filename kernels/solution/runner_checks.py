"""What a case's outputs are checked for: shape and dtype, the workload's tolerance element by element
(docs/workload.md: |out - ref| <= atol + rtol * |ref|, the matched ratio, the error cap, -inf), and
the reward hacks SOL-ExecBench's harness refuses (lazy or subclassed outputs, a patched timer,
threads left running) plus those it does not: outputs that alias an input or the reference's own
tensors, and inputs the solution changed. Each failure is a KernelIndex status and one message."""

import threading

import torch

DEFAULT_TOLERANCE = {"max_atol": 1e-2, "max_rtol": 1e-2, "required_matched_ratio": 0.99,
                     "max_error_cap": None, "allow_negative_inf": False}


class CaseFailure(Exception):
    def __init__(self, status, message, checks=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.checks = checks or []


def tolerance_of(workload):
    t = dict(DEFAULT_TOLERANCE)
    t.update({k: v for k, v in (workload.get("tolerance") or {}).items() if v is not None or k == "max_error_cap"})
    return t


def check_structure(outputs, reference, names):
    for name, got, ref in zip(names, outputs, reference):
        if type(got) is not torch.Tensor:  # noqa: E721 -- a subclass (FakeTensor, a lazy proxy) is the hack
            raise CaseFailure("suspected_reward_hack",
                              f"output {name!r} is a {type(got).__name__}, not a torch.Tensor (lazy or proxy output)")
        if tuple(got.shape) != tuple(ref.shape):
            raise CaseFailure("incorrect_shape",
                              f"output {name!r} has shape {list(got.shape)}, the reference's is {list(ref.shape)}")
        if got.dtype != ref.dtype:
            raise CaseFailure("incorrect_dtype",
                              f"output {name!r} has dtype {str(got.dtype)[6:]}, the reference's is {str(ref.dtype)[6:]}")


def _storage_range(t):
    s = t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()
    return s.data_ptr(), s.data_ptr() + s.nbytes()


def _overlaps(a, b):
    ra, rb = _storage_range(a), _storage_range(b)
    return a.device == b.device and ra[0] < rb[1] and rb[0] < ra[1]


def check_aliasing(outputs, inputs, input_names, reference, names):
    """An output sharing memory with an input or with the reference's output for the same inputs is
    not a computed result."""
    for name, got in zip(names, outputs):
        for in_name, value in zip(input_names, inputs):
            if isinstance(value, torch.Tensor) and _overlaps(got, value):
                raise CaseFailure("suspected_reward_hack", f"output {name!r} aliases input {in_name!r}")
        for ref_name, ref in zip(names, reference):
            if _overlaps(got, ref):
                raise CaseFailure("suspected_reward_hack",
                                  f"output {name!r} is the reference's own tensor {ref_name!r}")


_SNAPSHOT_BYTES = 1 << 30  # inputs up to this size are kept whole; larger ones by a sum and every 997th element


def snapshot_inputs(inputs):
    whole = sum(t.numel() * t.element_size() for t in inputs if isinstance(t, torch.Tensor)) <= _SNAPSHOT_BYTES
    return [(t.clone() if whole else _fingerprint(t)) if isinstance(t, torch.Tensor) else t for t in inputs]


def _fingerprint(t):
    flat = t.detach().reshape(-1)
    return "fingerprint", flat[::997].clone(), float(flat.sum(dtype=torch.float64).item())


def check_inputs_unchanged(inputs, snapshot, input_names):
    for name, value, before in zip(input_names, inputs, snapshot):
        if not isinstance(value, torch.Tensor):
            continue
        same = (torch.equal(value, before) if isinstance(before, torch.Tensor)
                else torch.equal(value.detach().reshape(-1)[::997], before[1]) and _fingerprint(value)[2] == before[2])
        if not same:
            raise CaseFailure("suspected_reward_hack", f"the solution changed its input {name!r}")


_CHUNK = 1 << 24  # elements compared at once: bounds the memory a large output's check takes


def _unravel(flat, shape):
    index = []
    for extent in reversed(shape):
        index.insert(0, flat % extent)
        flat //= extent
    return index


def compare(name, got, ref, tol):
    """One output against the reference, in chunks: the error statistics and, when it fails, the first
    bad element with its error and bound. Compared in fp32 (fp64 for fp64 outputs), as SOL-ExecBench does."""
    wide = torch.float64 if torch.float64 in (got.dtype, ref.dtype) else torch.float32
    g, r = got.detach().reshape(-1), ref.detach().reshape(-1)
    count = g.numel()
    failures = non_finite = 0
    max_abs = max_rel = 0.0
    first = None
    for start in range(0, count, _CHUNK):
        x, y = g[start:start + _CHUNK].to(wide), r[start:start + _CHUNK].to(wide)
        finite = torch.isfinite(x) & torch.isfinite(y)
        if tol["allow_negative_inf"]:
            both = (x == float("-inf")) & (y == float("-inf"))
            finite |= both
            x, y = torch.where(both, torch.zeros_like(x), x), torch.where(both, torch.zeros_like(y), y)
        err = torch.where(finite, (x - y).abs(), torch.zeros_like(x))
        bound = tol["max_atol"] + tol["max_rtol"] * y.abs()
        bad = ~finite | (err > bound)
        n_bad = int(bad.sum().item())
        failures += n_bad
        non_finite += int((~finite).sum().item())
        if err.numel():
            max_abs = max(max_abs, float(err.max().item()))
            max_rel = max(max_rel, float((err / y.abs().clamp(min=tol["max_atol"])).max().item()))
        if n_bad and first is None:
            at = int(bad.nonzero()[0].item())
            first = {"index": _unravel(start + at, list(got.shape)), "got": float(x[at]), "expected": float(y[at]),
                     "error": abs(float(x[at]) - float(y[at])), "bound": float(bound[at])}
    check = {"output": name, "count": count, "failures": failures, "maxAbsError": max_abs, "maxRelError": max_rel,
             "atol": tol["max_atol"], "rtol": tol["max_rtol"],
             "matchedRatio": 1.0 - failures / count if count else 1.0,
             "requiredMatchedRatio": tol["required_matched_ratio"], "nonFinite": non_finite}
    capped = tol["max_error_cap"] is not None and max_abs > tol["max_error_cap"]
    check["passed"] = check["matchedRatio"] >= tol["required_matched_ratio"] and not capped and non_finite == 0
    if first:
        check["firstBad"] = first
    return check


def describe_failure(check, tol):
    b = check.get("firstBad")
    text = (f"output {check['output']!r}: {check['failures']} of {check['count']} elements outside "
            f"|out - ref| <= {tol['max_atol']:g} + {tol['max_rtol']:g}*|ref|")
    if check["nonFinite"]:
        text += f" ({check['nonFinite']} not finite)"
    if b:
        text += (f"; first at {b['index']}: got {b['got']:.6g}, expected {b['expected']:.6g}, "
                 f"error {b['error']:.3g} > {b['bound']:.3g}")
    text += f"; matched {check['matchedRatio']:.4%} (required {tol['required_matched_ratio']:.2%})"
    if tol["max_error_cap"] is not None and check["maxAbsError"] > tol["max_error_cap"]:
        text += f"; max error {check['maxAbsError']:.3g} above the cap {tol['max_error_cap']:g}"
    return text


def check_numerics(outputs, reference, names, tol):
    checks = [compare(n, g, r, tol) for n, g, r in zip(names, outputs, reference)]
    for c in checks:
        if not c["passed"]:
            raise CaseFailure("incorrect_numerical", describe_failure(c, tol), checks)
    return checks


class Integrity:
    """Taken before the solution is imported: the timer it must not replace and the threads it must
    not leave running."""

    def __init__(self):
        self.elapsed_time = torch.cuda.Event.elapsed_time
        self.threads = None

    def settle_threads(self):
        self.threads = threading.active_count()

    def check(self):
        if torch.cuda.Event.elapsed_time is not self.elapsed_time:
            raise CaseFailure("suspected_reward_hack", "torch.cuda.Event.elapsed_time has been replaced")
        if self.threads is not None and threading.active_count() > self.threads:
            raise CaseFailure("suspected_reward_hack",
                              f"the solution left threads running: {threading.active_count()} after the timed "
                              f"launches, {self.threads} before")
