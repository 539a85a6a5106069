"""A workload's inputs and outputs as SOL-ExecBench's docs/definition.md and docs/workload.md state
them: axes (const, var, expr), tensors by dtype and shape, Python scalars (shape null), random,
scalar, safetensors and custom inputs, outputs pre-allocated for destination passing style."""

import ast
import math
import operator
from pathlib import Path

import torch

_DTYPES = {
    "float64": "float64", "float32": "float32", "float16": "float16", "bfloat16": "bfloat16",
    "float8_e4m3fn": "float8_e4m3fn", "float8_e5m2": "float8_e5m2", "float4_e2m1": "float4_e2m1fn_x2",
    "float4_e2m1fn_x2": "float4_e2m1fn_x2", "int64": "int64", "int32": "int32", "int16": "int16",
    "int8": "int8", "bool": "bool",
}


def torch_dtype(name):
    dtype = getattr(torch, _DTYPES.get(name, ""), None)
    if dtype is None:
        raise ValueError(f"dtype {name!r} is not one this torch ({torch.__version__}) has")
    return dtype


_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow}


def _evaluate(node, values):
    if isinstance(node, ast.Expression):
        return _evaluate(node.body, values)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in values:
            raise ValueError(f"axis {node.id!r} has no value yet")
        return values[node.id]
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_evaluate(node.left, values), _evaluate(node.right, values))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        v = _evaluate(node.operand, values)
        return v if isinstance(node.op, ast.UAdd) else -v
    raise ValueError(f"unsupported expression element {ast.dump(node)}")


def resolve_axes(definition, workload):
    """Every axis's integer value: constants, the workload's variables, then expressions."""
    values = {}
    for name, axis in definition["axes"].items():
        if axis["type"] == "const":
            values[name] = int(axis["value"])
        elif axis["type"] == "var":
            if name not in workload["axes"]:
                raise ValueError(f"workload gives no value for axis {name!r}")
            values[name] = int(workload["axes"][name])
    pending = {n: a["expression"] for n, a in definition["axes"].items() if a["type"] == "expr"}
    while pending:
        done = {}
        for name, expression in pending.items():
            try:
                done[name] = int(_evaluate(ast.parse(expression, mode="eval"), values))
            except ValueError:
                continue
        if not done:
            raise ValueError(f"axes {sorted(pending)} cannot be computed from the others")
        values.update(done)
        for name in done:
            del pending[name]
    return values


def shape_of(spec, axes):
    if spec["shape"] is None:
        return None
    return tuple(int(d) if str(d).isdigit() else axes[d] for d in spec["shape"])


# Names whose values must be positive (standard deviations and their reciprocals), norm weights
# (near one) and weight matrices (scaled by fan-in, so that products stay in a sane range): random
# values of those kinds keep references finite, as SOL-ExecBench's own generator does.
def _positive(name):
    base = name.rstrip("0123456789")
    return base in ("rstd", "std", "variance", "var") or base.endswith(("_rstd", "_std", "_variance", "_var"))


def _norm_weight(name):
    return name == "norm_weight" or (name.endswith("_weight") and name[:-7].rstrip("0123456789").endswith("norm"))


def _weight_matrix(name, shape):
    return len(shape) >= 2 and (name in ("weight", "w") or name.endswith(("_weight", "_proj", "_proj_weight")))


def random_tensor(name, shape, dtype, device):
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, device=device).to(torch.bool)
    if not dtype.is_floating_point:
        low, high = (-128, 128) if dtype == torch.int8 else (-1024, 1024)
        return torch.randint(low, high, shape, device=device, dtype=dtype)
    if dtype in (torch.float32, torch.float16, torch.bfloat16, torch.float64):
        if _positive(name):
            return torch.randn(shape, dtype=dtype, device=device).abs() + 0.1
        if _norm_weight(name):
            return 1 + 0.1 * torch.randn(shape, dtype=dtype, device=device)
        t = torch.randn(shape, dtype=dtype, device=device)
        return t / math.sqrt(shape[-1]) if _weight_matrix(name, shape) else t
    # fp8 and narrower: from a clamped normal (their range is small)
    return torch.randn(shape, dtype=torch.float32, device=device).clamp_(-2.0, 2.0).to(dtype)


def generate_inputs(definition, workload, axes, device, custom_fn, problem_dir):
    """The inputs in the definition's order. Raises ValueError with the reason on a bad descriptor."""
    descriptors = workload.get("inputs", {})
    scalars = {n: d["value"] for n, d in descriptors.items() if d.get("type") == "scalar"}
    custom = None
    if any(d.get("type") == "custom" for d in descriptors.values()):
        if custom_fn is None:
            raise ValueError("the workload has custom inputs but the definition names no custom_inputs_entrypoint")
        custom = custom_fn({**axes, **scalars}, torch.device(device))
    values = []
    for name, spec in definition["inputs"].items():
        d = descriptors.get(name, {"type": "random"})
        kind = d.get("type", "random")
        shape = shape_of(spec, axes)
        if kind == "scalar" or shape is None:
            if "value" not in d:
                raise ValueError(f"input {name!r} is a scalar but the workload gives no value")
            values.append(d["value"])
        elif kind == "random":
            values.append(random_tensor(name, shape, torch_dtype(spec["dtype"]), device))
        elif kind == "custom":
            if name not in custom:
                raise ValueError(f"custom_inputs_entrypoint returned no {name!r}")
            values.append(custom[name].to(device))
        elif kind == "safetensors":
            values.append(_safetensor(name, d, spec, shape, device, problem_dir))
        else:
            raise ValueError(f"input {name!r} has the unknown type {kind!r}")
    return values


def _safetensor(name, d, spec, shape, device, problem_dir):
    try:
        import safetensors.torch as st
    except ImportError as e:
        raise ValueError(f"input {name!r} is a safetensors file but safetensors is not importable: {e}")
    path = Path(d["path"])
    if not path.is_absolute():
        path = Path(problem_dir) / path
    tensors = st.load_file(str(path))
    if d["tensor_key"] not in tensors:
        raise ValueError(f"{path} has no tensor {d['tensor_key']!r}")
    t = tensors[d["tensor_key"]]
    if tuple(t.shape) != shape or t.dtype != torch_dtype(spec["dtype"]):
        raise ValueError(f"{path}:{d['tensor_key']} is {tuple(t.shape)} {t.dtype}, the definition says "
                         f"{shape} {spec['dtype']}")
    return t.to(device)


def allocate_outputs(definition, axes, device):
    """Destination passing style: the outputs, poisoned (NaN, or the dtype's largest value) so that an
    output the solution never writes fails its check instead of passing on stale memory."""
    outputs = []
    for spec in definition["outputs"].values():
        dtype = torch_dtype(spec["dtype"])
        t = torch.empty(shape_of(spec, axes) or (), dtype=dtype, device=device)
        if dtype.is_floating_point and torch.finfo(dtype).bits >= 16:
            t.fill_(float("nan"))
        elif dtype != torch.bool and not dtype.is_floating_point:
            t.fill_(torch.iinfo(dtype).max)
        outputs.append(t)
    return outputs


def as_output_list(result, names):
    """A value-returning call's outputs in the definition's order: one tensor, a tuple or list, or a
    dict by name. Raises ValueError when the count or the names do not match."""
    if isinstance(result, dict):
        missing = [n for n in names if n not in result]
        if missing:
            raise ValueError(f"the returned dict has no {missing}")
        return [result[n] for n in names]
    if isinstance(result, (tuple, list)):
        items = list(result)
    else:
        items = [result]
    if len(items) != len(names):
        raise ValueError(f"returned {len(items)} value(s); the definition has {len(names)} output(s) {names}")
    return items
