#include "SolutionResources.h"

#include "DatasetCopy.h"
#include "Digest.h"
#include "ManifestWriter.h"
#include "OutputName.h"
#include "QuotedForMessage.h"

#include <QMap>
#include <QRegularExpression>

namespace kix {

namespace {

std::string str(const QString& s) {
    return s.toStdString();
}

// The definition's names as KernelIndex tokens, refusing two that collide.
struct Tokens {
    QMap<QString, QString> byName;
    QString error;

    void add(const QString& name, const char* what) {
        const QString token = kernelIndexToken(name);
        for (auto it = byName.cbegin(); it != byName.cend(); ++it)
            if (it.value() == token && it.key() != name && error.isEmpty())
                error = QStringLiteral("the %1 %2 and %3 would both be the KernelIndex name %4")
                            .arg(QLatin1String(what), quotedForMessage(it.key()), quotedForMessage(name),
                                 quotedForMessage(token));
        byName.insert(name, token);
    }
    QString operator()(const QString& name) const { return byName.value(name, kernelIndexToken(name)); }
};

// "attention_head_dim // 2" -> "attention_head_dim / 2": KernelIndex's "/" is floor division; names
// are rewritten to their tokens.
QString kernelIndexExpression(const QString& expression, const Tokens& tokens) {
    static const QRegularExpression word(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    QString out;
    qsizetype last = 0;
    for (auto it = word.globalMatch(expression); it.hasNext();) {
        const auto m = it.next();
        out += expression.mid(last, m.capturedStart() - last) + tokens(m.captured());
        last = m.capturedEnd();
    }
    out += expression.mid(last);
    return out.replace(QStringLiteral("//"), QStringLiteral("/"));
}

Json argument(const SolTensor& t, const Tokens& tokens) {
    Json a = {{"name", str(tokens(t.name))}};
    if (t.pyScalar || t.shape.isEmpty()) { // KernelIndex has no 0-D tensor: a scalar of its dtype
        a["scalar"] = {{"dtype", str(kernelIndexDtype(t.dtype))}};
        return a;
    }
    Json shape = Json::array();
    for (const QString& dim : t.shape) {
        bool digits = false;
        const qint64 extent = dim.toLongLong(&digits);
        shape.push_back(digits ? Json(extent) : Json(str(tokens(dim))));
    }
    a["tensor"] = {{"dtype", str(kernelIndexDtype(t.dtype))}, {"shape", shape}};
    return a;
}

// Every axis's value in a workload, expressions evaluated with KernelIndex's integer operators.
std::optional<qint64> evaluate(const QString& expression, const QMap<QString, qint64>& values);

std::optional<qint64> term(QStringView& s, const QMap<QString, qint64>& values);
std::optional<qint64> sum(QStringView& s, const QMap<QString, qint64>& values);

void skipSpaces(QStringView& s) {
    while (!s.isEmpty() && s.front().isSpace())
        s = s.mid(1);
}

std::optional<qint64> atom(QStringView& s, const QMap<QString, qint64>& values) {
    skipSpaces(s);
    if (s.startsWith(u'(')) {
        s = s.mid(1);
        const auto v = sum(s, values);
        skipSpaces(s);
        if (!v || !s.startsWith(u')'))
            return std::nullopt;
        s = s.mid(1);
        return v;
    }
    if (s.startsWith(u'-')) {
        s = s.mid(1);
        const auto v = atom(s, values);
        return v ? std::optional<qint64>(-*v) : std::nullopt;
    }
    qsizetype n = 0;
    while (n < s.size() && (s[n].isLetterOrNumber() || s[n] == u'_'))
        ++n;
    if (n == 0)
        return std::nullopt;
    const QString word = s.left(n).toString();
    s = s.mid(n);
    bool ok = false;
    const qint64 v = word.toLongLong(&ok);
    if (ok)
        return v;
    return values.contains(word) ? std::optional<qint64>(values.value(word)) : std::nullopt;
}

std::optional<qint64> term(QStringView& s, const QMap<QString, qint64>& values) {
    auto v = atom(s, values);
    for (skipSpaces(s); v && !s.isEmpty() && (s.front() == u'*' || s.front() == u'/' || s.front() == u'%');
         skipSpaces(s)) {
        const QChar op = s.front();
        s = s.mid(s.startsWith(QStringLiteral("//")) ? 2 : 1);
        const auto r = atom(s, values);
        if (!r || (op != u'*' && *r == 0))
            return std::nullopt;
        v = op == u'*' ? *v * *r : op == u'/' ? *v / *r : *v % *r;
    }
    return v;
}

std::optional<qint64> sum(QStringView& s, const QMap<QString, qint64>& values) {
    auto v = term(s, values);
    for (skipSpaces(s); v && !s.isEmpty() && (s.front() == u'+' || s.front() == u'-'); skipSpaces(s)) {
        const QChar op = s.front();
        s = s.mid(1);
        const auto r = term(s, values);
        if (!r)
            return std::nullopt;
        v = op == u'+' ? *v + *r : *v - *r;
    }
    return v;
}

std::optional<qint64> evaluate(const QString& expression, const QMap<QString, qint64>& values) {
    QStringView s(expression);
    const auto v = sum(s, values);
    skipSpaces(s);
    return s.isEmpty() ? v : std::nullopt;
}

QMap<QString, qint64> axisValues(const SolDefinition& d, const SolWorkload& w) {
    QMap<QString, qint64> values = w.axes;
    for (const SolAxis& a : d.axes)
        if (a.kind == SolAxis::Kind::Const)
            values.insert(a.name, a.value);
    for (int pass = 0; pass < d.axes.size(); ++pass)
        for (const SolAxis& a : d.axes)
            if (a.kind == SolAxis::Kind::Expr && !values.contains(a.name))
                if (const auto v = evaluate(a.expression, values))
                    values.insert(a.name, *v);
    return values;
}

// One input of a workload: a tensor's dtype, concrete shape and generator, or a scalar's dtype and value.
void addInput(const SolTensor& t, const SolWorkload& w, const QMap<QString, qint64>& values,
              const Tokens& tokens, Json& tensors, Json& scalars) {
    const Json descriptor = w.inputs.value(str(t.name), Json::object());
    const std::string kind = descriptor.is_object() ? descriptor.value("type", "random") : "random";
    if (t.pyScalar || t.shape.isEmpty()) {
        const Json value = descriptor.is_object() ? descriptor.value("value", Json()) : Json();
        if (value.is_number() || value.is_boolean())
            scalars[str(tokens(t.name))] = {
                {"dtype", str(kernelIndexDtype(t.dtype))},
                {"value", value.is_boolean() ? Json(value.get<bool>() ? 1 : 0) : value}};
        return;
    }
    Json shape = Json::array();
    for (const QString& dim : t.shape) {
        bool digits = false;
        const qint64 extent = dim.toLongLong(&digits);
        shape.push_back(digits ? extent : values.value(dim));
    }
    tensors[str(tokens(t.name))] = {
        {"dtype", str(kernelIndexDtype(t.dtype))}, {"shape", shape}, {"data", {{"generator", kind}}}};
}

Json workloadCase(const SolDefinition& d, const SolWorkload& w, const Tokens& tokens,
                  const QString& opDigest) {
    const QMap<QString, qint64> values = axisValues(d, w);
    Json axes = Json::object();
    QStringList title;
    for (const SolAxis& a : d.axes) {
        axes[str(tokens(a.name))] = values.value(a.name);
        title << QStringLiteral("%1=%2").arg(a.name).arg(values.value(a.name));
    }
    Json tensors = Json::object();
    Json scalars = Json::object();
    for (const SolTensor& t : d.inputs)
        addInput(t, w, values, tokens, tensors, scalars);
    Json correctness = {{"comparator", "sol_execbench_eval"},
                        {"maxAbsoluteError", w.tolerance.atol},
                        {"maxRelativeError", w.tolerance.rtol},
                        {"requiredMatchedRatio", w.tolerance.matchedRatio},
                        {"nanPolicy", "reject"},
                        {"infinityPolicy", "reject"}};
    Json spec = {{"axes", axes},
                 {"tensors", tensors},
                 {"correctness", correctness},
                 {"operationSpecDigest", str(opDigest)}};
    if (!scalars.empty())
        spec["scalars"] = scalars;
    Json c = makeResource(
        ResourceKind::WorkloadCase, boundedName(d.name + u'-' + w.uuid),
        d.name.left(120) + QStringLiteral(" · ") + title.join(QStringLiteral(", ")).left(70), spec);
    return c;
}

} // namespace

QString kernelIndexToken(const QString& name) {
    QString out;
    for (const QChar c : name.toLower())
        out.append(c.isLetterOrNumber() && c.unicode() < 128 ? c : QChar(u'_'));
    if (out.isEmpty() || !out.front().isLetter())
        out.prepend(u'x');
    return out.left(64);
}

SolutionResources buildSolutionResources(const SolDefinition& d, const QList<SolWorkload>& workloads) {
    SolutionResources out;
    Tokens tokens;
    for (const SolAxis& a : d.axes)
        tokens.add(a.name, "axes");
    Tokens arguments;
    for (const SolTensor& t : d.inputs + d.outputs)
        arguments.add(t.name, "arguments");
    if (!tokens.error.isEmpty() || !arguments.error.isEmpty()) {
        out.error = tokens.error.isEmpty() ? arguments.error : tokens.error;
        return out;
    }
    for (auto it = arguments.byName.cbegin(); it != arguments.byName.cend(); ++it)
        tokens.byName.insert(it.key(), it.value()); // argument names never share an axis's (different maps)

    Json axes = Json::object();
    for (const SolAxis& a : d.axes) {
        Json axis = {{"type", "integer"}};
        if (a.kind == SolAxis::Kind::Const)
            axis.update({{"role", "constant"}, {"value", a.value}});
        else if (a.kind == SolAxis::Kind::Var)
            axis["role"] = "variable";
        else
            axis.update(
                {{"role", "derived"}, {"expression", str(kernelIndexExpression(a.expression, tokens))}});
        axes[str(tokens(a.name))] = axis;
    }
    Json inputs = Json::array();
    for (const SolTensor& t : d.inputs)
        inputs.push_back(argument(t, tokens));
    Json outputs = Json::array();
    for (const SolTensor& t : d.outputs)
        outputs.push_back(argument(t, tokens));
    const QString family = familyName(d.opType.isEmpty() ? d.name : d.opType);
    Json spec = {{"family", str(family.isEmpty() ? QStringLiteral("operation") : family)},
                 {"axes", axes},
                 {"inputs", inputs},
                 {"outputs", outputs},
                 {"semantics", {{"mutation", "none"}, {"determinism", "unspecified"}}},
                 {"reference", {{"language", "pytorch"}}}};
    out.operationSpec =
        makeResource(ResourceKind::OperationSpec, boundedName(d.name), d.name.left(200), spec);
    if (!d.description.isEmpty())
        out.operationSpec["metadata"]["description"] = str(d.description.left(2000));
    const QString opDigest = resourceDigest(out.operationSpec);

    Json cases = Json::array();
    for (const SolWorkload& w : workloads) {
        out.cases << workloadCase(d, w, tokens, opDigest);
        Json caseAxes = Json::object();
        const QMap<QString, qint64> values = axisValues(d, w);
        for (const SolAxis& a : d.axes)
            caseAxes[str(tokens(a.name))] = values.value(a.name);
        cases.push_back({{"externalId", str(w.uuid.left(200))}, {"axes", caseAxes}});
    }
    out.suite = makeResource(
        ResourceKind::WorkloadSuite, boundedName(d.name + QStringLiteral("-workloads")),
        QStringLiteral("Workload suite: ") + d.name.left(180),
        {{"cases", cases},
         {"aggregation", {{"metric", "latency"}, {"statistic", "geomean"}}},
         {"correctness",
          {{"comparator", "sol_execbench_eval"},
           {"description",
            "SOL-ExecBench's rule per workload: |out - ref| <= atol + rtol * |ref| for at least the "
            "required matched ratio of the elements, no NaN or infinity"}}},
         {"operationSpecDigest", str(opDigest)}});
    return out;
}

} // namespace kix
