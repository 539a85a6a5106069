// The bytes a workload case must move across memory at least once, from a KernelIndex OperationSpec
// (inputs/outputs: tensors with dtype and a shape of axis names or integers, or scalars) and the case's
// axis values (plus its spec.tensors shapes when given). The count must be a true lower bound, so it
// leaves out whatever an implementation may legitimately not read or write (docs/trust.md, "Bytes that
// must move"), each with its reason:
//   outputs              counted in full: every element is written at least once
//   in-place outputs     an output named like an input of the same dtype and shape (k_cache → k_cache,
//                        k_cache_out, k_cache_new, …) may be that input updated where it changes: both out
//   scalars              out: they travel as kernel arguments
//   integer/bool inputs  out: indices, offsets and masks may be read only in the part other inputs select
//   inputs with an axis no output has
//                        out: a gather (paged KV caches), routing (expert weights) or reduction over that
//                        axis may read only part of them, and the spec does not say which it is
//   same-shape inputs    in a backward pass (an operation with a gradient input, named grad*), the other
//                        inputs of one shape count once, at the smallest element size: saved forward tensors
//                        of one shape are often functions of each other (problem 013: x = normalized / rstd).
//                        A forward pass's same-shape inputs (a residual and its input, q and k) all count.
//   unknown dtype or axis out, said so
#pragma once

#include <QList>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

struct TensorCount {
    QString name;
    bool output = false;
    QString dtype;
    QString shape; // "[batch_size=4, seq_len=1973, hidden_size=2560]"
    double bytes = 0;
    bool counted = false;
    QString reason; // why it is left out (empty when counted)
};

struct MovedBytes {
    double readBytes = 0, writeBytes = 0;
    QList<TensorCount> tensors; // every input and output, in spec order, counted or not
    double total() const { return readBytes + writeBytes; }
};

struct BytesOutcome {
    std::optional<MovedBytes> bytes; // set when at least one byte could be counted
    QString noFloorReason;           // otherwise: why not
};

// Bytes per element of a dtype name (KernelIndex's and PyTorch's spellings); nullopt when unknown.
// 4-bit types count half a byte; PyTorch's packed float4_e2m1fn_x2 holds two values in its one byte.
std::optional<double> dtypeBytes(const QString& dtype);

// `operation`: an OperationSpec resource (or its spec); `axes`: {name: integer} of the case;
// `tensors`: the case's spec.tensors ({name: {dtype, shape[int]}}) or null.
BytesOutcome bytesThatMustMove(const nlohmann::json& operation, const nlohmann::json& axes,
                               const nlohmann::json& tensors = nullptr);

} // namespace kix
