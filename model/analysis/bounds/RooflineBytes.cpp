#include "RooflineBytes.h"

#include <QHash>
#include <QSet>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <map>

namespace kix {

using Json = nlohmann::json;

std::optional<double> dtypeBytes(const QString& dtype) {
    static const QHash<QString, double> sizes = {
        {QStringLiteral("fp64"), 8},           {QStringLiteral("float64"), 8},
        {QStringLiteral("int64"), 8},          {QStringLiteral("uint64"), 8},
        {QStringLiteral("fp32"), 4},           {QStringLiteral("float32"), 4},
        {QStringLiteral("tf32"), 4},           {QStringLiteral("int32"), 4},
        {QStringLiteral("uint32"), 4},         {QStringLiteral("bf16"), 2},
        {QStringLiteral("bfloat16"), 2},       {QStringLiteral("fp16"), 2},
        {QStringLiteral("float16"), 2},        {QStringLiteral("int16"), 2},
        {QStringLiteral("uint16"), 2},         {QStringLiteral("int8"), 1},
        {QStringLiteral("uint8"), 1},          {QStringLiteral("bool"), 1},
        {QStringLiteral("fp8_e4m3"), 1},       {QStringLiteral("fp8_e5m2"), 1},
        {QStringLiteral("fp8_e4m3fn"), 1},     {QStringLiteral("fp8_e4m3fnuz"), 1},
        {QStringLiteral("fp8_e5m2fnuz"), 1},   {QStringLiteral("fp8_e8m0"), 1},
        {QStringLiteral("float8_e4m3fn"), 1},  {QStringLiteral("float8_e5m2"), 1},
        {QStringLiteral("float8_e8m0fnu"), 1}, {QStringLiteral("float4_e2m1fn_x2"), 1},
        {QStringLiteral("nvfp4"), 0.5},        {QStringLiteral("mxfp4"), 0.5},
        {QStringLiteral("fp4"), 0.5},          {QStringLiteral("fp4_e2m1"), 0.5},
    };
    const auto it = sizes.constFind(dtype.trimmed().toLower());
    return it == sizes.constEnd() ? std::nullopt : std::optional<double>(*it);
}

namespace {

bool isFloatingPoint(const QString& dtype) {
    const QString d = dtype.trimmed().toLower();
    return !(d.startsWith(QLatin1String("int")) || d.startsWith(QLatin1String("uint")) ||
             d == QLatin1String("bool"));
}

bool isGradient(const QString& name) {
    return name.startsWith(QLatin1String("grad"));
}

struct Entry {
    QString name;
    bool output = false;
    bool scalar = false;
    bool wellFormed = false;
    QString dtype;
    Json shape = Json::array();
};

QString str(const Json& v) {
    return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString();
}

QList<Entry> entries(const Json& list, bool output) {
    QList<Entry> out;
    if (!list.is_array())
        return out;
    for (const Json& item : list) {
        Entry e;
        e.output = output;
        e.name = item.is_object() && item.contains("name") ? str(item["name"]) : QString();
        if (item.is_object() && item.contains("tensor") && item["tensor"].is_object()) {
            const Json& t = item["tensor"];
            e.dtype = t.contains("dtype") ? str(t["dtype"]) : QString();
            if (t.contains("shape") && t["shape"].is_array()) {
                e.shape = t["shape"];
                e.wellFormed = !e.dtype.isEmpty();
            }
        } else if (item.is_object() && item.contains("scalar") && item["scalar"].is_object()) {
            e.scalar = true;
            e.wellFormed = true;
            e.dtype = item["scalar"].contains("dtype") ? str(item["scalar"]["dtype"]) : QString();
        }
        out.append(e);
    }
    return out;
}

// A shape dimension: an integer, an integer spelled as a string ("1"), or an axis name.
struct Dim {
    std::optional<double> literal;
    QString axis;
};
Dim dimOf(const Json& d) {
    if (d.is_number_integer() || d.is_number_unsigned())
        return {double(d.get<std::int64_t>()), {}};
    const QString s = str(d);
    bool ok = false;
    const qlonglong n = s.toLongLong(&ok);
    if (ok)
        return {double(n), {}};
    return {std::nullopt, s};
}

QStringList axisNames(const Json& shape) {
    QStringList names;
    for (const Json& d : shape)
        if (const Dim dim = dimOf(d); !dim.literal && !dim.axis.isEmpty())
            names << dim.axis;
    return names;
}

struct Resolved {
    std::optional<double> elements;
    QString text;
    QString missingAxis;
};

Resolved resolve(const Json& shape, const std::map<QString, double>& values, const Json* explicitShape) {
    Resolved r;
    QStringList parts;
    double n = 1;
    bool ok = true;
    const bool useExplicit =
        explicitShape && explicitShape->is_array() && explicitShape->size() == shape.size();
    for (std::size_t i = 0; i < shape.size(); ++i) {
        const Dim dim = dimOf(shape[i]);
        std::optional<double> v = dim.literal;
        if (useExplicit && (*explicitShape)[i].is_number() && (*explicitShape)[i].get<double>() >= 0)
            v = (*explicitShape)[i].get<double>();
        else if (!v) {
            const auto it = values.find(dim.axis);
            if (it != values.end())
                v = it->second;
        }
        if (!v) {
            ok = false;
            if (r.missingAxis.isEmpty())
                r.missingAxis = dim.axis;
            parts << dim.axis + QStringLiteral("=?");
            continue;
        }
        n *= *v;
        parts << (dim.axis.isEmpty() ? QString::number(qint64(*v))
                                     : QStringLiteral("%1=%2").arg(dim.axis).arg(qint64(*v)));
    }
    r.text = QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
    if (ok)
        r.elements = n;
    return r;
}

// The in-place partner of an output: an input of the same dtype and shape whose name the output's is,
// or extends with a suffix that says "the updated one".
const Entry* inPlacePartner(const Entry& output, const QList<Entry>& inputs) {
    static const QStringList suffixes = {QString(), QStringLiteral("_out"), QStringLiteral("_new"),
                                         QStringLiteral("_updated"), QStringLiteral("_next")};
    for (const Entry& in : inputs) {
        if (in.scalar || !in.wellFormed || in.dtype != output.dtype || in.shape != output.shape)
            continue;
        for (const QString& s : suffixes)
            if (output.name == in.name + s)
                return &in;
    }
    return nullptr;
}

} // namespace

namespace {

// The value of every axis this case fixes: the spec's constants, the case's own, and those its concrete
// input shapes fix (a paged prefill's total_q) where the case does not list them.
std::map<QString, double> axisValues(const Json& spec, const Json& axes, const Json& tensors,
                                     const QList<Entry>& inputs) {
    std::map<QString, double> values;
    if (spec.contains("axes") && spec["axes"].is_object())
        for (const auto& [name, axis] : spec["axes"].items())
            if (axis.is_object() && axis.contains("value") && axis["value"].is_number())
                values[QString::fromStdString(name)] = axis["value"].get<double>();
    if (axes.is_object())
        for (const auto& [name, v] : axes.items())
            if (v.is_number() && v.get<double>() >= 0)
                values[QString::fromStdString(name)] = v.get<double>();
    if (!tensors.is_object())
        return values;
    for (const Entry& e : inputs) {
        const std::string key = e.name.toStdString();
        if (e.scalar || !tensors.contains(key) || !tensors[key].is_object() ||
            !tensors[key].contains("shape"))
            continue;
        const Json& given = tensors[key]["shape"];
        if (!given.is_array() || given.size() != e.shape.size())
            continue;
        for (std::size_t i = 0; i < given.size(); ++i) {
            const Dim dim = dimOf(e.shape[i]);
            if (!dim.literal && !dim.axis.isEmpty() && !values.contains(dim.axis) && given[i].is_number() &&
                given[i].get<double>() >= 0)
                values[dim.axis] = given[i].get<double>();
        }
    }
    return values;
}

// What the operation's outputs say about its inputs.
struct OutputFacts {
    QSet<QString> axes;                     // every axis some output has
    QSet<QString> inPlaceInputs;            // inputs an output may update in place
    QHash<QString, QString> inPlaceOutputs; // output → input
};

OutputFacts outputFacts(const QList<Entry>& inputs, const QList<Entry>& outputs) {
    OutputFacts f;
    for (const Entry& o : outputs) {
        for (const QString& a : axisNames(o.shape))
            f.axes.insert(a);
        if (const Entry* in = o.scalar ? nullptr : inPlacePartner(o, inputs)) {
            f.inPlaceInputs.insert(in->name);
            f.inPlaceOutputs.insert(o.name, in->name);
        }
    }
    return f;
}

// Sets t's shape and bytes; false, with t's reason, when the entry has no size in this case.
bool sizeOf(const Entry& e, const Json* given, const std::map<QString, double>& values,
            const QString& scalarReason, TensorCount& t) {
    if (!e.wellFormed) {
        t.reason = QStringLiteral("neither a tensor {dtype, shape} nor a scalar");
        return false;
    }
    if (e.scalar) {
        t.reason = scalarReason;
        return false;
    }
    const Resolved r = resolve(e.shape, values, given);
    t.shape = r.text;
    const auto size = dtypeBytes(e.dtype);
    if (!size) {
        t.reason = QStringLiteral("dtype \"%1\" has no known size").arg(e.dtype);
        return false;
    }
    if (!r.elements) {
        t.reason = QStringLiteral("axis %1 has no value in this workload").arg(r.missingAxis);
        return false;
    }
    t.bytes = *r.elements * *size;
    return true;
}

// Why a sized input need not be read in full, or an empty string when it must be.
QString inputLeftOut(const Entry& e, const OutputFacts& outputs) {
    if (outputs.inPlaceInputs.contains(e.name))
        return QStringLiteral("may be updated in place as output %1, so it need not be read in full")
            .arg(outputs.inPlaceOutputs.key(e.name));
    if (!isFloatingPoint(e.dtype))
        return QStringLiteral("a %1 input (indices, offsets or a mask): an implementation may read only the "
                              "part its other inputs select")
            .arg(e.dtype);
    const QStringList names = axisNames(e.shape);
    const auto unshared =
        std::find_if(names.begin(), names.end(), [&](const QString& a) { return !outputs.axes.contains(a); });
    if (unshared != names.end())
        return QStringLiteral("axis %1 appears in no output: a gather, routing or reduction over it may read "
                              "only part of this input")
            .arg(*unshared);
    return {};
}

const Json* givenShape(const Json& tensors, const QString& name) {
    const std::string key = name.toStdString();
    return tensors.is_object() && tensors.contains(key) && tensors[key].is_object() &&
                   tensors[key].contains("shape")
               ? &tensors[key]["shape"]
               : nullptr;
}

// A backward pass gets saved forward tensors, which may be functions of each other: of inputs of one
// shape only the largest is counted. `groupChoice` maps shape text → index of the one counted so far.
void keepOnePerShape(const Entry& e, qsizetype index, QHash<QString, qsizetype>& groupChoice,
                     QList<TensorCount>& tensors) {
    const QString key = QString::fromStdString(e.shape.dump());
    const auto chosen = groupChoice.constFind(key);
    if (chosen == groupChoice.constEnd()) {
        groupChoice.insert(key, index);
        return;
    }
    TensorCount& t = tensors[index];
    TensorCount& previous = tensors[*chosen];
    // On a tie the later one stays: specs list the raw input before what was computed from it (x,
    // normalized).
    const bool keepNew = t.bytes <= previous.bytes;
    TensorCount& loser = keepNew ? previous : t;
    const TensorCount& kept = keepNew ? t : previous;
    loser.counted = false;
    loser.reason =
        QStringLiteral("same shape as %1, which is counted: it may be derived from it and the other "
                       "inputs")
            .arg(kept.name);
    if (keepNew)
        groupChoice[key] = index;
}

TensorCount& appendTensor(const Entry& e, MovedBytes& moved) {
    TensorCount t;
    t.name = e.name;
    t.output = e.output;
    t.dtype = e.dtype;
    moved.tensors.append(t);
    return moved.tensors.last();
}

QString nothingCounted(const MovedBytes& moved) {
    QStringList why;
    for (const TensorCount& t : moved.tensors)
        if (t.output && !t.reason.isEmpty())
            why << QStringLiteral("%1: %2").arg(t.name, t.reason);
    return QStringLiteral("nothing that must move could be counted") +
           (why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why.join(QStringLiteral("; "))));
}

} // namespace

BytesOutcome bytesThatMustMove(const Json& operation, const Json& axes, const Json& tensors) {
    BytesOutcome outcome;
    const Json& spec = operation.is_object() && operation.contains("spec") ? operation["spec"] : operation;
    if (!spec.is_object() || !spec.contains("outputs") || !spec["outputs"].is_array()) {
        outcome.noFloorReason = QStringLiteral("the OperationSpec does not describe its outputs");
        return outcome;
    }
    const QList<Entry> inputs = entries(spec.value("inputs", Json::array()), false);
    const QList<Entry> outputs = entries(spec["outputs"], true);
    const std::map<QString, double> values = axisValues(spec, axes, tensors, inputs);
    const OutputFacts facts = outputFacts(inputs, outputs);
    // A backward pass (it takes a gradient) gets saved forward tensors, which may be functions of each other.
    const bool backward = std::any_of(inputs.begin(), inputs.end(),
                                      [](const Entry& e) { return !e.scalar && isGradient(e.name); });

    MovedBytes moved;
    QHash<QString, qsizetype> groupChoice;
    for (const Entry& e : inputs) {
        TensorCount& t = appendTensor(e, moved);
        if (!sizeOf(e, givenShape(tensors, e.name), values,
                    QStringLiteral("a scalar: passed as a kernel argument"), t))
            continue;
        t.reason = inputLeftOut(e, facts);
        t.counted = t.reason.isEmpty();
        if (t.counted && backward && !isGradient(e.name))
            keepOnePerShape(e, moved.tensors.size() - 1, groupChoice, moved.tensors);
    }
    for (const Entry& e : outputs) {
        TensorCount& t = appendTensor(e, moved);
        if (!sizeOf(e, nullptr, values, QStringLiteral("a scalar: returned in a register or a few bytes"), t))
            continue;
        if (facts.inPlaceOutputs.contains(e.name)) {
            t.reason = QStringLiteral("may be the input %1 updated in place, writing only what changes")
                           .arg(facts.inPlaceOutputs.value(e.name));
            continue;
        }
        t.counted = true;
    }
    for (const TensorCount& t : moved.tensors)
        if (t.counted)
            (t.output ? moved.writeBytes : moved.readBytes) += t.bytes;
    if (!(moved.total() > 0)) {
        outcome.noFloorReason = nothingCounted(moved);
        return outcome;
    }
    outcome.bytes = std::move(moved);
    return outcome;
}

} // namespace kix
