"""A solution's sources written out and its entry point loaded, per its language (docs/solution.md):
Python languages are imported; C++ languages are built with torch's C++ extension loader
(torch.utils.cpp_extension.load), whose module the sources define with PYBIND11_MODULE. A language
this machine cannot build is refused with the reason (Unbuildable); a build that fails is the
solution's compile error, with the compiler's first error located (BuildError)."""

import hashlib
import importlib
import importlib.util
import json
import os
import re
import sys
from pathlib import Path

import torch

PYTHON_LANGUAGES = {"pytorch", "triton", "cute_dsl", "cutile", "cudnn_frontend"}
CPP_LANGUAGES = {"cuda_cpp", "cutlass", "cudnn", "cublas"}
# What a Python DSL needs importable, and what to install when it is not.
_DSL_MODULES = {"triton": ("triton", "pip install triton"),
                "cute_dsl": ("cutlass.cute", "pip install nvidia-cutlass-dsl"),
                "cutile": ("cuda.tile", "pip install cuda-tile (cuTile needs compute capability 10.0 or newer)"),
                "cudnn_frontend": ("cudnn", "pip install nvidia-cudnn-frontend")}
_CPP_SUFFIXES = (".cu", ".cpp", ".cc", ".cxx", ".c")


class Unbuildable(Exception):
    """This machine cannot build the solution's language: the run is refused, not the solution."""


class BuildError(Exception):
    """The solution's sources did not build or import: its compile error."""


def solution_digest(solution):
    return hashlib.sha256(json.dumps(solution, sort_keys=True).encode()).hexdigest()[:16]


def write_sources(solution, folder):
    folder.mkdir(parents=True, exist_ok=True)
    for source in solution["sources"]:
        path = folder / source["path"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source["content"], encoding="utf-8")


def _first_compiler_error(text, folder):
    """The first line that names an error, with its file made relative to the solution's sources."""
    for line in text.splitlines():
        if re.search(r"\berror\b", line, re.IGNORECASE) and not line.lstrip().startswith(("ninja:", "FAILED:")):
            return line.replace(str(folder) + os.sep, "").strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "the build failed without a message"


def _python_entry(solution, folder, function):
    module_file = solution["spec"]["entry_point"].split("::")[0]
    name = module_file[:-3].replace("/", ".") if module_file.endswith(".py") else module_file
    sys.path.insert(0, str(folder))
    try:
        module = importlib.import_module(name)
    except Exception as e:  # the user's code: any exception is its compile error
        raise BuildError(f"{module_file}: importing it failed: {type(e).__name__}: {e}{_located(e, folder)}")
    if not hasattr(module, function):
        raise BuildError(f"{module_file} defines no function {function!r} (the entry point "
                         f"{solution['spec']['entry_point']!r})")
    return getattr(module, function)


def _located(error, folder):
    if isinstance(error, SyntaxError):  # its text names the file and the line already
        return ""
    tb = error.__traceback__
    where = ""
    while tb is not None:
        if str(folder) in tb.tb_frame.f_code.co_filename:
            where = f" (at {Path(tb.tb_frame.f_code.co_filename).name}:{tb.tb_lineno})"
        tb = tb.tb_next
    return where


def _cpp_entry(solution, folder, function, build_root, device):
    sources = [str(folder / s["path"]) for s in solution["sources"] if s["path"].endswith(_CPP_SUFFIXES)]
    if not sources:
        raise BuildError("the solution has no C++ or CUDA source (.cu, .cpp, .cc, .cxx, .c)")
    has_cuda = any(s.endswith(".cu") for s in sources)
    from torch.utils import cpp_extension
    if has_cuda and (device == "cpu" or torch.version.cuda is None or cpp_extension.CUDA_HOME is None):
        why = ("torch %s is a CPU build" % torch.__version__ if torch.version.cuda is None
               else "no CUDA toolkit (nvcc) was found: set CUDA_HOME" if cpp_extension.CUDA_HOME is None
               else "--device cpu was asked for")
        raise Unbuildable(f"{'/'.join(solution['spec']['languages'])} sources (.cu) need nvcc and a CUDA "
                          f"build of torch; {why}")
    headers = [p for p in cpp_extension.include_paths() if (Path(p) / "torch" / "extension.h").exists()]
    if not headers:
        raise Unbuildable(f"torch {torch.__version__} in {sys.executable} has no C++ headers (torch/extension.h), "
                          f"which C++ solutions are built against: install a torch that has them (pip install "
                          f"torch; Debian: libtorch-dev)")
    options = solution["spec"].get("compile_options") or {}
    includes = [str(folder)]
    if "cutlass" in solution["spec"]["languages"] or any("CUTLASS" in d for d in solution["spec"].get("dependencies", [])):
        cutlass = Path(os.environ.get("CUTLASS_DIR", "/usr/local/cutlass"))
        if not (cutlass / "include" / "cutlass" / "cutlass.h").exists():
            raise Unbuildable(f"cutlass solutions need the CUTLASS headers: {cutlass}/include/cutlass/cutlass.h "
                              f"is not there (set CUTLASS_DIR)")
        includes += [str(cutlass / "include"), str(cutlass / "tools" / "util" / "include")]
    name = "kix_solution_" + solution_digest(solution)
    build = build_root / name
    build.mkdir(parents=True, exist_ok=True)
    # torch runs ninja with the compiler's output on fd 1 (verbose) and raises without it: both fds go
    # to a file while it builds (the runner's events have a descriptor of their own).
    log = build / "build.log"
    saved = os.dup(1), os.dup(2)
    with open(log, "w") as f:
        os.dup2(f.fileno(), 1)
        os.dup2(f.fileno(), 2)
        try:
            module = cpp_extension.load(
                name=name, sources=sources, build_directory=str(build), verbose=True,
                extra_cflags=list(options.get("cflags", [])),
                extra_cuda_cflags=list(options.get("cuda_cflags", ["-O3", "--use_fast_math"])),
                extra_ldflags=list(options.get("ld_flags", ["-lcuda"] if has_cuda else [])),
                extra_include_paths=includes)
            error = None
        except Exception as e:  # the compiler's, the linker's or the loader's failure
            error = e
        finally:
            sys.stdout.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
    if error is not None:
        text = log.read_text(errors="replace") + "\n" + str(error)
        sys.stderr.write(text[-20000:])
        raise BuildError(_first_compiler_error(text, folder))
    if not hasattr(module, function):
        raise BuildError(f"the built module exposes no {function!r}: its PYBIND11_MODULE must m.def({function!r}, …) "
                         f"(the entry point {solution['spec']['entry_point']!r})")
    return getattr(module, function)


def _importable(module):
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # its parent package is missing
        return False


def load_entry(solution, work_dir, device):
    """The solution's callable. Raises Unbuildable or BuildError."""
    languages = solution["spec"]["languages"]
    unknown = [l for l in languages if l not in PYTHON_LANGUAGES | CPP_LANGUAGES]
    if unknown:
        raise Unbuildable(f"kix's engine does not run the language(s) {unknown}")
    for language in languages:
        if language in _DSL_MODULES:
            module, install = _DSL_MODULES[language]
            if not _importable(module):
                raise Unbuildable(f"{language} solutions need the module {module}, which {sys.executable} "
                                  f"cannot import ({install})")
            if language in ("triton", "cute_dsl", "cutile") and device == "cpu":
                raise Unbuildable(f"{language} kernels run only on a GPU; --device cpu runs pytorch solutions "
                                  f"and C++ ones without .cu sources")
    folder = work_dir / ("src_" + solution_digest(solution))
    write_sources(solution, folder)
    function = solution["spec"]["entry_point"].split("::")[1]
    if any(l in CPP_LANGUAGES for l in languages):
        return _cpp_entry(solution, folder, function, work_dir / "build", device)
    return _python_entry(solution, folder, function)
