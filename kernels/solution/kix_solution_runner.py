#!/usr/bin/env python3
"""kix's runner of a SOL-ExecBench solution (kix run --solution): started by kix in the user's Python
with torch, it reads the solution, the definition and its workloads, builds and loads the solution,
and per workload generates inputs, runs the reference and the solution, checks the outputs and times
the solution, reporting everything over kix's runner protocol on stdout (runner_events.py). kix
keeps the rest: NVML's GPU state while a case is timed ("timed-window" events), per-case timeouts,
the manifests, the signature, the A/A floor. See kernels/solution/README.md."""

import argparse
import json
import os
import platform
import sys
import tempfile
import traceback
from pathlib import Path

sys.dont_write_bytecode = True  # the installed runner's folder may be read-only, and is never littered
sys.path.insert(0, str(Path(__file__).resolve().parent))
from runner_events import EXIT_OK, EXIT_RESTART, Events  # noqa: E402

events = Events()  # before torch: fd 1 is stderr from here on

try:
    import torch
except Exception as e:  # noqa: BLE001 -- any failure to import torch means there is no torch to run with
    events.unavailable(f"torch is not importable by {sys.executable} (Python {platform.python_version()}): "
                       f"{type(e).__name__}: {e}; install PyTorch for this Python (Debian: apt-get install "
                       f"python3-torch; elsewhere: pip install torch) or name another with kix run --python")

import runner_build  # noqa: E402
import runner_checks  # noqa: E402
import runner_inputs  # noqa: E402
import runner_timing  # noqa: E402
from runner_checks import CaseFailure  # noqa: E402


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--solution", required=True)
    p.add_argument("--definition", required=True)
    p.add_argument("--workloads", required=True)
    p.add_argument("--problem-dir", default=None, help="where safetensors paths are relative to")
    p.add_argument("--cases", default="", help="comma-separated workload indices (default: all)")
    p.add_argument("--device", choices=("cuda", "cpu"), default="cuda")
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--iterations", type=int, default=200)
    p.add_argument("--check-rounds", type=int, default=3)
    p.add_argument("--seed", type=int, default=20261207)
    p.add_argument("--repeat", type=int, default=1, help="2: time every case twice, back to back (the A/A pair)")
    p.add_argument("--work-dir", default=None, help="sources and builds (default: a temporary folder)")
    p.add_argument("--cupti-lib", default=os.environ.get("KIX_CUPTI_LIB", ""))
    return p.parse_args()


def load_workloads(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def device_event(device):
    versions = {"python": platform.python_version(), "torch": torch.__version__}
    try:
        import triton
        versions["triton"] = triton.__version__
    except Exception:  # noqa: BLE001 -- triton absent or broken: not recorded
        pass
    if device == "cpu":
        model = platform.processor() or platform.machine()
        try:
            with open("/proc/cpuinfo") as f:
                model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), model)
        except OSError:
            pass
        events.emit("device", name=f"CPU: {model}", detail=f"CPU mode: torch {torch.__version__} on the CPU, "
                    f"not a GPU result")
    else:
        props = torch.cuda.get_device_properties(0)
        versions["cuda"] = torch.version.cuda
        events.emit("device", name=torch.cuda.get_device_name(0),
                    detail=f"compute capability {props.major}.{props.minor}, torch {torch.__version__}")
        if hasattr(props, "pci_bus_id"):  # NVML opens the same GPU by it
            versions["pciBusId"] = f"{props.pci_domain_id:08X}:{props.pci_bus_id:02X}:{props.pci_device_id:02X}.0"
        versions.update({"computeCapability": f"{props.major}.{props.minor}", "l2Bytes": props.L2_cache_size,
                         "memoryBytes": props.total_memory, "multiprocessors": props.multi_processor_count})
    events.emit("solution-result", about="environment", result=versions)


def load_reference(definition, work_dir):
    """The definition's reference as a module of its own file (so that inspect and @triton.jit can read
    it) and its custom input generator, if it names one."""
    path = work_dir / "_kix_reference.py"
    path.write_text(definition["reference"], encoding="utf-8")
    import importlib.util
    spec = importlib.util.spec_from_file_location("_kix_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not hasattr(module, "run"):
        raise ValueError("the definition's reference defines no function run")
    custom = definition.get("custom_inputs_entrypoint")
    return module.run, getattr(module, custom) if custom else None


def synchronize(device):
    if device == "cuda":
        torch.cuda.synchronize()


def call(fn, inputs, dps, definition, axes, device):
    """One call of the solution or the reference: the outputs in the definition's order."""
    names = list(definition["outputs"])
    if dps:
        outputs = runner_inputs.allocate_outputs(definition, axes, device)
        fn(*inputs, *outputs)
        synchronize(device)
        return outputs
    result = fn(*inputs)
    synchronize(device)
    return runner_inputs.as_output_list(result, names)


def user_error(e, stage):
    """A located message for an exception raised in the user's code."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if "kix_solution" not in f.filename
              and "/runner_" not in f.filename]
    where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"{stage}: {type(e).__name__}: {str(e).strip().splitlines()[0] if str(e).strip() else ''}{where}"


def fatal_cuda(e):
    text = str(e)
    return any(s in text for s in ("illegal memory access", "device-side assert", "unspecified launch failure",
                                   "CUDA error: an illegal", "misaligned address", "CUDA_ERROR"))


def run_case(index, w, ctx):
    definition, args, device = ctx["definition"], ctx["args"], ctx["device"]
    input_names = list(definition["inputs"])
    output_names = list(definition["outputs"])
    tol = runner_checks.tolerance_of(w)
    result = {"case": index, "uuid": w.get("uuid", ""), "tolerance": tol, "seed": args.seed + index}
    axes = runner_inputs.resolve_axes(definition, w)
    result["axes"] = axes
    dps = ctx["solution"]["spec"].get("destination_passing_style", True)
    checks = []
    inputs = reference = outputs = None
    for round_ in range(max(1, args.check_rounds)):
        inputs = reference = outputs = None  # the last round's tensors go before the next are made
        if device == "cuda":
            torch.cuda.empty_cache()
        torch.manual_seed(args.seed + index + 7919 * round_)
        try:
            inputs = runner_inputs.generate_inputs(definition, w, axes, device, ctx["custom"], ctx["problem_dir"])
        except Exception as e:  # noqa: BLE001 -- a bad descriptor or a failing custom generator
            raise CaseFailure("runtime_error", f"inputs could not be generated: {type(e).__name__}: {e}")
        snapshot = runner_checks.snapshot_inputs(inputs)
        try:
            reference = call(ctx["reference"], inputs, False, definition, axes, device)
        except Exception as e:  # noqa: BLE001
            raise CaseFailure("invalid_reference", user_error(e, "the reference failed"))
        try:
            outputs = call(ctx["entry"], inputs, dps, definition, axes, device)
        except ValueError as e:  # as_output_list: the wrong number of outputs
            raise CaseFailure("incorrect_shape", f"the solution's result: {e}")
        except Exception as e:  # noqa: BLE001 -- the user's kernel
            failure = CaseFailure("runtime_error", user_error(e, "the solution failed"))
            failure.fatal = fatal_cuda(e)
            raise failure
        runner_checks.check_structure(outputs, reference, output_names)
        runner_checks.check_aliasing(outputs, inputs, input_names, reference, output_names)
        runner_checks.check_inputs_unchanged(inputs, snapshot, input_names)
        ctx["integrity"].check()
        checks = runner_checks.check_numerics(outputs, reference, output_names, tol)
        if round_ == 0:
            ctx["integrity"].settle_threads()
    result["checks"] = checks
    def nbytes(values):
        return sum(t.numel() * t.element_size() for t in values if isinstance(t, torch.Tensor))

    result["bytes"] = nbytes(inputs) + nbytes(reference)
    result["outputBytes"] = nbytes(reference)  # what must be written: the roofline check's floor (kix)
    timing_outputs = runner_inputs.allocate_outputs(definition, axes, device) if dps else []

    def launch():
        ctx["entry"](*inputs, *timing_outputs)

    def timed():
        if device == "cuda":
            return runner_timing.time_gpu(launch, args.warmup, args.iterations, ctx["cupti"], 0)
        return runner_timing.time_cpu(launch, args.warmup, args.iterations)

    events.emit("timed-window", inside=True)
    try:
        timing = timed()
        if args.repeat > 1:
            timing["repeatSamplesNs"] = timed()["samplesNs"]
    except Exception as e:  # noqa: BLE001
        failure = CaseFailure("runtime_error", user_error(e, "the solution failed while timed"), checks)
        failure.fatal = fatal_cuda(e)
        raise failure
    finally:
        events.emit("timed-window", inside=False)
    ctx["integrity"].check()
    result.update(timing)
    result["status"] = "passed"
    return result


def case_label(definition, w):
    return ", ".join(f"{k}={v}" for k, v in w.get("axes", {}).items())


def main():
    args = parse_args()
    device = args.device
    if device == "cuda" and not torch.cuda.is_available():
        events.unavailable(f"torch {torch.__version__} in {sys.executable} sees no CUDA device"
                           + (" (a CPU build of torch)" if torch.version.cuda is None else "")
                           + "; kix run --device cpu runs pytorch solutions on the CPU")
    with open(args.solution, encoding="utf-8") as f:
        solution = json.load(f)
    with open(args.definition, encoding="utf-8") as f:
        definition = json.load(f)
    workloads = load_workloads(args.workloads)
    cases = [int(c) for c in args.cases.split(",") if c.strip()] or list(range(len(workloads)))
    work_dir = Path(args.work_dir or tempfile.mkdtemp(prefix="kix-solution-"))
    work_dir.mkdir(parents=True, exist_ok=True)
    device_event(device)

    ctx = {"definition": definition, "solution": solution, "args": args, "device": device,
           "problem_dir": args.problem_dir or str(Path(args.definition).parent),
           "cupti": runner_timing.Cupti(args.cupti_lib) if device == "cuda" else None,
           "integrity": runner_checks.Integrity()}
    whole_run_failure = None
    try:
        ctx["reference"], ctx["custom"] = load_reference(definition, work_dir)
    except Exception as e:  # noqa: BLE001 -- the definition's code
        whole_run_failure = CaseFailure("invalid_reference", user_error(e, "the reference could not be loaded"))
    if whole_run_failure is None:
        try:
            ctx["entry"] = runner_build.load_entry(solution, work_dir, device)
        except runner_build.Unbuildable as e:
            events.unavailable(str(e))
        except runner_build.BuildError as e:
            whole_run_failure = CaseFailure("compile_error", str(e))
    for position, index in enumerate(cases):
        w = workloads[index]
        events.emit("case-started", position=position + 1, total=len(cases), case=index,
                    label=case_label(definition, w))
        fatal = False
        try:
            if whole_run_failure is not None:
                raise whole_run_failure
            result = run_case(index, w, ctx)
        except CaseFailure as failure:
            result = {"case": index, "uuid": w.get("uuid", ""), "status": failure.status,
                      "message": failure.message, "checks": failure.checks}
            fatal = getattr(failure, "fatal", False)
        except Exception as e:  # noqa: BLE001 -- anything else is the run's fault, said as such
            result = {"case": index, "uuid": w.get("uuid", ""), "status": "runtime_error",
                      "message": user_error(e, "kix's runner failed")}
            fatal = device == "cuda" and fatal_cuda(e)
        events.emit("solution-result", about="case", result=result)
        if fatal:
            events.log("the CUDA context is lost after this error; kix starts a fresh runner for the cases left")
            return EXIT_RESTART
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
