#include "SolutionProblem.h"

#include "DatasetCopy.h"
#include "JsonPath.h"
#include "QuotedForMessage.h"

#include <QFile>
#include <QSet>

namespace kix {

namespace {

QString q(const QString& text) {
    return quotedForMessage(text, 80);
}

// Typed reads of one JSON document with located problems.
class Reader {
public:
    Reader(QString file, Problems& problems, qint64 line = 0)
        : m_file(std::move(file))
        , m_problems(problems)
        , m_line(line) {}

    void error(const char* code, const QString& path, const QString& message) {
        m_problems << makeProblem(Problem::Severity::Error, code, m_file, path, message, m_line);
    }
    const Json* member(const Json& object, const char* key, const QString& at, bool required,
                       bool (Json::*check)() const noexcept, const char* expected) {
        const QString path = jsonPathKey(at, QString::fromLatin1(key));
        const auto it = object.find(key);
        if (it == object.end() || it->is_null()) {
            if (required)
                error(codes::fieldMissing, path, QStringLiteral("required, %1").arg(QLatin1String(expected)));
            return nullptr;
        }
        if (!((*it).*check)()) {
            error(codes::fieldType, path,
                  QStringLiteral("expected %1, found %2").arg(QLatin1String(expected), jsonTypeName(*it)));
            return nullptr;
        }
        return &*it;
    }
    QString string(const Json& object, const char* key, const QString& at, bool required) {
        const Json* v = member(object, key, at, required, &Json::is_string, "a string");
        return v ? QString::fromStdString(v->get<std::string>()) : QString();
    }
    QStringList strings(const Json& object, const char* key, const QString& at, bool required) {
        QStringList out;
        const Json* v = member(object, key, at, required, &Json::is_array, "an array of strings");
        if (!v)
            return out;
        for (std::size_t i = 0; i < v->size(); ++i) {
            if (!(*v)[i].is_string())
                error(codes::fieldType,
                      jsonPathIndex(jsonPathKey(at, QString::fromLatin1(key)), qsizetype(i)),
                      QStringLiteral("expected a string, found %1").arg(jsonTypeName((*v)[i])));
            else
                out << QString::fromStdString((*v)[i].get<std::string>());
        }
        return out;
    }
    std::optional<double> number(const Json& object, const char* key, const QString& at) {
        const Json* v = member(object, key, at, false, &Json::is_number, "a number");
        return v ? std::optional<double>(v->get<double>()) : std::nullopt;
    }

private:
    QString m_file;
    Problems& m_problems;
    qint64 m_line;
};

// The document, and (when `order` is given) the order its objects' members were written in, which
// nlohmann's sorted objects forget: a definition's inputs are passed in that order (docs/solution.md).
std::optional<Json> readDocument(const QString& file, Problems& problems,
                                 nlohmann::ordered_json* order = nullptr) {
    QByteArray bytes;
    if (const auto p = readLimitedFile(file, JsonLimits::defaults(), bytes)) {
        problems << *p;
        return std::nullopt;
    }
    JsonReadResult r = parseJson(bytes, file);
    if (!r.value) {
        problems << r.error;
        return std::nullopt;
    }
    if (order)
        *order = nlohmann::ordered_json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr,
                                               false);
    if (!r.value->is_object()) {
        problems << makeProblem(
            Problem::Severity::Error, codes::fieldType, file, QString(),
            QStringLiteral("expected a JSON object, found %1").arg(jsonTypeName(*r.value)));
        return std::nullopt;
    }
    return r.value;
}

// The member names of root[key] in the order the file wrote them.
std::vector<std::string> writtenOrder(const nlohmann::ordered_json& order, const char* key) {
    std::vector<std::string> names;
    if (!order.is_object())
        return names;
    if (const auto it = order.find(key); it != order.end() && it->is_object())
        for (auto m = it->begin(); m != it->end(); ++m)
            names.push_back(m.key());
    return names;
}

void readTensors(const Json& root, const char* key, Reader& r, const SolDefinition& d,
                 const std::vector<std::string>& order, QList<SolTensor>& out) {
    const QString at = QString::fromLatin1(key);
    const Json* tensors = r.member(root, key, QString(), true, &Json::is_object, "an object of tensors");
    if (!tensors)
        return;
    if (tensors->empty())
        r.error(codes::fieldEmpty, at, QStringLiteral("at least one %1 is needed").arg(at.chopped(1)));
    for (const std::string& member : order) {
        const auto it = tensors->find(member);
        const QString name = QString::fromStdString(member);
        const QString path = jsonPathKey(at, name);
        if (!it->is_object()) {
            r.error(codes::fieldType, path,
                    QStringLiteral("expected an object, found %1").arg(jsonTypeName(*it)));
            continue;
        }
        SolTensor t;
        t.name = name;
        t.dtype = r.string(*it, "dtype", path, true);
        if (!t.dtype.isEmpty() && !definitionDtypes().contains(t.dtype))
            r.error(codes::kDataOutOfRange, jsonPathKey(path, QStringLiteral("dtype")),
                    QStringLiteral("%1 is not a SOL-ExecBench dtype (%2)")
                        .arg(q(t.dtype), definitionDtypes().join(u' ')));
        const auto shape = it->find("shape");
        if (shape == it->end()) {
            r.error(codes::fieldMissing, jsonPathKey(path, QStringLiteral("shape")),
                    QStringLiteral("required: an array of axis names, or null for a Python scalar"));
        } else if (shape->is_null()) {
            t.pyScalar = true;
        } else {
            t.shape = r.strings(*it, "shape", path, true);
            for (const QString& dim : t.shape) {
                bool digits = false;
                dim.toLongLong(&digits);
                if (!digits && !d.axis(dim))
                    r.error(codes::kDataAxisUnknown, jsonPathKey(path, QStringLiteral("shape")),
                            QStringLiteral("%1 is not an axis of the definition").arg(q(dim)));
            }
        }
        out << t;
    }
}

void readAxes(const Json& root, Reader& r, const std::vector<std::string>& order, SolDefinition& d) {
    const Json* axes = r.member(root, "axes", QString(), true, &Json::is_object, "an object of axes");
    if (!axes)
        return;
    for (const std::string& key : order) {
        const auto it = axes->find(key);
        const QString path = jsonPathKey(QStringLiteral("axes"), QString::fromStdString(key));
        if (!it->is_object()) {
            r.error(codes::fieldType, path,
                    QStringLiteral("expected an object, found %1").arg(jsonTypeName(*it)));
            continue;
        }
        SolAxis a;
        a.name = QString::fromStdString(key);
        const QString type = r.string(*it, "type", path, true);
        if (type == QLatin1String("const")) {
            a.kind = SolAxis::Kind::Const;
            const Json* v = r.member(*it, "value", path, true, &Json::is_number_integer, "an integer");
            a.value = v ? v->get<qint64>() : 0;
        } else if (type == QLatin1String("var")) {
            a.kind = SolAxis::Kind::Var;
        } else if (type == QLatin1String("expr")) {
            a.kind = SolAxis::Kind::Expr;
            a.expression = r.string(*it, "expression", path, true);
        } else if (!type.isEmpty()) {
            r.error(codes::kDataOutOfRange, jsonPathKey(path, QStringLiteral("type")),
                    QStringLiteral("%1 is not an axis type (const, var or expr)").arg(q(type)));
        }
        d.axes << a;
    }
}

std::optional<SolDefinition> readDefinition(const QString& file, Problems& problems) {
    nlohmann::ordered_json order;
    const auto root = readDocument(file, problems, &order);
    if (!root)
        return std::nullopt;
    const qsizetype before = problems.size();
    Reader r(file, problems);
    SolDefinition d;
    d.name = r.string(*root, "name", QString(), true);
    d.opType = r.string(*root, "op_type", QString(), false);
    d.description = r.string(*root, "description", QString(), false);
    d.reference = r.string(*root, "reference", QString(), true);
    d.customInputs = r.string(*root, "custom_inputs_entrypoint", QString(), false);
    readAxes(*root, r, writtenOrder(order, "axes"), d);
    readTensors(*root, "inputs", r, d, writtenOrder(order, "inputs"), d.inputs);
    readTensors(*root, "outputs", r, d, writtenOrder(order, "outputs"), d.outputs);
    return problems.size() == before ? std::optional<SolDefinition>(d) : std::nullopt;
}

void readTolerance(const Json& w, Reader& r, SolWorkload& out) {
    const Json* t = r.member(w, "tolerance", QString(), false, &Json::is_object, "an object");
    if (!t)
        return;
    const QString at = QStringLiteral("tolerance");
    out.tolerance.atol = r.number(*t, "max_atol", at).value_or(out.tolerance.atol);
    out.tolerance.rtol = r.number(*t, "max_rtol", at).value_or(out.tolerance.rtol);
    out.tolerance.matchedRatio =
        r.number(*t, "required_matched_ratio", at).value_or(out.tolerance.matchedRatio);
    out.tolerance.errorCap = r.number(*t, "max_error_cap", at);
}

void readWorkloadInputs(const Json& w, Reader& r, const SolDefinition& d, SolWorkload& out) {
    const Json* inputs =
        r.member(w, "inputs", QString(), true, &Json::is_object, "an object of input descriptors");
    if (!inputs)
        return;
    out.inputs = *inputs;
    for (auto it = inputs->begin(); it != inputs->end(); ++it) {
        const QString name = QString::fromStdString(it.key());
        if (!std::any_of(d.inputs.begin(), d.inputs.end(),
                         [&](const SolTensor& t) { return t.name == name; }))
            r.error(codes::kDataAxisUnknown, jsonPathKey(QStringLiteral("inputs"), name),
                    QStringLiteral("%1 is not an input of definition %2").arg(q(name), q(d.name)));
    }
    for (const SolTensor& t : d.inputs) {
        const auto it = inputs->find(t.name.toStdString());
        const bool scalar = it != inputs->end() && it->is_object() && it->value("type", "") == "scalar";
        if (t.pyScalar && !(scalar && it->contains("value")))
            r.error(codes::fieldMissing, jsonPathKey(QStringLiteral("inputs"), t.name),
                    QStringLiteral("input %1 is a Python scalar (shape null): the workload must give "
                                   "{\"type\": \"scalar\", \"value\": …}")
                        .arg(q(t.name)));
    }
}

void readWorkloadAxes(const Json& w, Reader& r, const SolDefinition& d, SolWorkload& out) {
    const Json* axes = r.member(w, "axes", QString(), true, &Json::is_object, "an object of axis values");
    if (!axes)
        return;
    for (auto it = axes->begin(); it != axes->end(); ++it) {
        const QString name = QString::fromStdString(it.key());
        const SolAxis* a = d.axis(name);
        const QString path = jsonPathKey(QStringLiteral("axes"), name);
        if (!a || a->kind != SolAxis::Kind::Var)
            r.error(codes::kDataAxesIncomplete, path,
                    QStringLiteral("%1 is not a variable axis of definition %2").arg(q(name), q(d.name)));
        else if (!it->is_number_integer() || it->get<qint64>() < 0)
            r.error(codes::fieldRange, path, QStringLiteral("expected a non-negative integer"));
        else
            out.axes.insert(name, it->get<qint64>());
    }
    for (const SolAxis& a : d.axes)
        if (a.kind == SolAxis::Kind::Var && !axes->contains(a.name.toStdString()))
            r.error(codes::kDataAxesIncomplete, QStringLiteral("axes"),
                    QStringLiteral("the variable axis %1 has no value").arg(q(a.name)));
}

QList<SolWorkload> readWorkloads(const QString& file, const SolDefinition& d, Problems& problems) {
    QList<SolWorkload> out;
    QByteArray bytes;
    if (const auto p = readLimitedFile(file, JsonLimits::defaults(), bytes)) {
        problems << *p;
        return out;
    }
    QSet<QString> uuids;
    qint64 lineNumber = 0;
    for (const QByteArray& raw : bytes.split('\n')) {
        ++lineNumber;
        if (raw.trimmed().isEmpty())
            continue;
        Reader r(file, problems, lineNumber);
        JsonReadResult parsed = parseJson(raw, file);
        if (!parsed.value || !parsed.value->is_object()) {
            r.error(codes::fieldType, QString(),
                    parsed.value
                        ? QStringLiteral("expected a JSON object, found %1").arg(jsonTypeName(*parsed.value))
                        : parsed.error.message);
            continue;
        }
        const Json& w = *parsed.value;
        SolWorkload wl;
        wl.line = lineNumber;
        wl.uuid = r.string(w, "uuid", QString(), true);
        if (!wl.uuid.isEmpty() && uuids.contains(wl.uuid))
            r.error(codes::kDataDuplicate, QStringLiteral("uuid"),
                    QStringLiteral("uuid %1 is given twice").arg(q(wl.uuid)));
        uuids.insert(wl.uuid);
        readWorkloadAxes(w, r, d, wl);
        readWorkloadInputs(w, r, d, wl);
        readTolerance(w, r, wl);
        out << wl;
    }
    if (out.isEmpty() && !hasErrors(problems))
        problems << makeProblem(Problem::Severity::Error, codes::fieldEmpty, file, QString(),
                                QStringLiteral("the file holds no workload"));
    return out;
}

void readSources(const Json& root, Reader& r, SolSolution& s) {
    const Json* sources =
        r.member(root, "sources", QString(), true, &Json::is_array, "an array of {path, content}");
    if (!sources)
        return;
    QSet<QString> seen;
    for (std::size_t i = 0; i < sources->size(); ++i) {
        const QString at = jsonPathIndex(QStringLiteral("sources"), qsizetype(i));
        if (!(*sources)[i].is_object()) {
            r.error(codes::fieldType, at,
                    QStringLiteral("expected an object, found %1").arg(jsonTypeName((*sources)[i])));
            continue;
        }
        const QString path = r.string((*sources)[i], "path", at, true);
        const QString content = r.string((*sources)[i], "content", at, true);
        if (path.startsWith(u'/') || path.split(u'/').contains(QStringLiteral("..")) || path.contains(u'\\'))
            r.error(codes::kDataOutOfRange, jsonPathKey(at, QStringLiteral("path")),
                    QStringLiteral("%1 must be a relative path inside the solution (no leading /, no ..)")
                        .arg(q(path)));
        else if (seen.contains(path))
            r.error(codes::kDataDuplicate, jsonPathKey(at, QStringLiteral("path")),
                    QStringLiteral("%1 is given twice").arg(q(path)));
        seen.insert(path);
        s.sources << std::pair{path, content};
    }
}

void checkLanguages(Reader& r, const SolSolution& s) {
    if (s.languages.isEmpty())
        r.error(codes::fieldEmpty, QStringLiteral("spec.languages"),
                QStringLiteral("at least one language is needed"));
    bool cpp = false, python = false;
    for (qsizetype i = 0; i < s.languages.size(); ++i) {
        const QString& l = s.languages[i];
        if (!solLanguages().contains(l))
            r.error(codes::solutionLanguage, jsonPathIndex(QStringLiteral("spec.languages"), i),
                    QStringLiteral("%1 is not a SOL-ExecBench language (%2)")
                        .arg(q(l), solLanguages().join(u' ')));
        (isSolCppLanguage(l) ? cpp : python) = true;
    }
    if (cpp && python)
        r.error(codes::solutionLanguage, QStringLiteral("spec.languages"),
                QStringLiteral("C++ and Python languages cannot be mixed (docs/solution.md)"));
}

std::optional<SolSolution> readSolution(const QString& file, const SolDefinition* d, Problems& problems) {
    const auto root = readDocument(file, problems);
    if (!root)
        return std::nullopt;
    const qsizetype before = problems.size();
    Reader r(file, problems);
    SolSolution s;
    s.name = r.string(*root, "name", QString(), true);
    s.definition = r.string(*root, "definition", QString(), true);
    s.author = r.string(*root, "author", QString(), true);
    s.description = r.string(*root, "description", QString(), false);
    if (d && !s.definition.isEmpty() && s.definition != d->name)
        r.error(codes::solutionDefinition, QStringLiteral("definition"),
                QStringLiteral("the solution is for definition %1, not %2 (the problem's definition)")
                    .arg(q(s.definition), q(d->name)));
    const Json* spec = r.member(*root, "spec", QString(), true, &Json::is_object, "an object");
    readSources(*root, r, s);
    if (!spec)
        return std::nullopt;
    const QString at = QStringLiteral("spec");
    s.languages = r.strings(*spec, "languages", at, true);
    checkLanguages(r, s);
    s.dependencies = r.strings(*spec, "dependencies", at, false);
    if (const Json* dps =
            r.member(*spec, "destination_passing_style", at, false, &Json::is_boolean, "true or false"))
        s.destinationPassing = dps->get<bool>();
    if (const Json* o = r.member(*spec, "compile_options", at, false, &Json::is_object, "an object"))
        s.compileOptions = *o;
    const QString entry = r.string(*spec, "entry_point", at, true);
    const qsizetype sep = entry.lastIndexOf(QStringLiteral("::"));
    s.entryFile = sep > 0 ? entry.left(sep) : QString();
    s.entrySymbol = sep > 0 ? entry.mid(sep + 2) : QString();
    const QString entryPath = QStringLiteral("spec.entry_point");
    if (!entry.isEmpty() && (s.entryFile.isEmpty() || s.entrySymbol.isEmpty()))
        r.error(codes::solutionEntryPoint, entryPath,
                QStringLiteral("%1 is not \"file::function\" (e.g. \"kernel.py::run\")").arg(q(entry)));
    else if (!s.entryFile.isEmpty() && std::none_of(s.sources.begin(), s.sources.end(),
                                                    [&](const auto& f) { return f.first == s.entryFile; }))
        r.error(codes::solutionEntryPoint, entryPath,
                QStringLiteral("the entry point's file %1 is not among the solution's sources")
                    .arg(q(s.entryFile)));
    return problems.size() == before ? std::optional<SolSolution>(s) : std::nullopt;
}

} // namespace

const SolAxis* SolDefinition::axis(const QString& name) const {
    for (const SolAxis& a : axes)
        if (a.name == name)
            return &a;
    return nullptr;
}

bool SolSolution::cpp() const {
    return std::any_of(languages.begin(), languages.end(), isSolCppLanguage);
}

const QStringList& solLanguages() {
    static const QStringList languages = {
        QStringLiteral("pytorch"), QStringLiteral("triton"),         QStringLiteral("cute_dsl"),
        QStringLiteral("cutile"),  QStringLiteral("cudnn_frontend"), QStringLiteral("cuda_cpp"),
        QStringLiteral("cutlass"), QStringLiteral("cudnn"),          QStringLiteral("cublas")};
    return languages;
}

bool isSolCppLanguage(const QString& language) {
    return language == QLatin1String("cuda_cpp") || language == QLatin1String("cutlass") ||
           language == QLatin1String("cudnn") || language == QLatin1String("cublas");
}

SolutionProblemRead readSolutionProblem(const QString& solutionFile, const QString& definitionFile,
                                        const QString& workloadsFile) {
    SolutionProblemRead out;
    const auto definition = readDefinition(definitionFile, out.problems);
    QList<SolWorkload> workloads;
    if (definition)
        workloads = readWorkloads(workloadsFile, *definition, out.problems);
    const auto solution = readSolution(solutionFile, definition ? &*definition : nullptr, out.problems);
    if (definition && solution && !hasErrors(out.problems))
        out.problem =
            SolutionProblem{*definition, workloads, *solution, solutionFile, definitionFile, workloadsFile};
    return out;
}

} // namespace kix
