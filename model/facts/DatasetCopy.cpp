#include "DatasetCopy.h"

#include "DataFileReading.h"
#include "JsonReader.h"
#include "ProblemCodes.h"

#include <QDir>
#include <QHash>
#include <cmath>

namespace kix {

namespace {

constexpr char kDefinitionFile[] = "definition.json";
constexpr char kWorkloadFile[] = "workload.jsonl";

std::optional<double> nonNegativeNumber(const Json& object, const char* key) {
    if (!object.is_object() || !object.contains(key) || !object.at(key).is_number())
        return std::nullopt;
    const double v = object.at(key).get<double>();
    return std::isfinite(v) && v >= 0 ? std::optional<double>(v) : std::nullopt;
}

class CopyReader {
public:
    CopyReader(const QString& folder, const ProblemDefinition& problem, Problems& problems)
        : m_folder(folder)
        , m_problem(problem)
        , m_problems(problems) {}

    std::optional<DatasetCopy> read() {
        checkDefinition();
        DatasetCopy copy;
        copy.folder = m_folder;
        readWorkloads(copy);
        for (const ProblemWorkload& w : m_problem.workloads)
            if (!copy.find(w.axes))
                copy.warnings.append(dataProblem(
                    codes::kDataInconsistent, file(kWorkloadFile), QString(),
                    QStringLiteral("no workload has the axes of %1: that case is checked by kix's own rule")
                        .arg(workloadAxesText(w.axes)),
                    Problem::Severity::Warning));
        if (hasErrors(m_problems))
            return std::nullopt;
        return copy;
    }

private:
    QString file(const char* name) const { return QDir(m_folder).filePath(QString::fromLatin1(name)); }

    void error(const QString& file, const QString& path, const QString& message, qint64 line = 0) {
        m_problems.append(
            makeProblem(Problem::Severity::Error, codes::kDataInconsistent, file, path, message, line));
    }

    void checkDefinition() {
        const JsonReadResult r = readJsonFile(file(kDefinitionFile));
        if (!r.value) {
            m_problems.append(r.error);
            return;
        }
        const Json& d = *r.value;
        const QString name = d.is_object() && d.contains("name") && d.at("name").is_string()
                                 ? QString::fromStdString(d.at("name").get<std::string>())
                                 : QString();
        if (name != m_problem.id)
            error(file(kDefinitionFile), QStringLiteral("name"),
                  QStringLiteral("is \"%1\", not the problem kix runs (%2)").arg(name, m_problem.id));
    }

    void readWorkloads(DatasetCopy& copy) {
        QByteArray bytes;
        if (const auto p = readLimitedFile(file(kWorkloadFile), JsonLimits::defaults(), bytes)) {
            m_problems.append(*p);
            return;
        }
        qint64 number = 0;
        for (const QByteArray& text : bytes.split('\n')) {
            ++number;
            if (!text.trimmed().isEmpty())
                readLine(copy, text, number);
        }
    }

    void readLine(DatasetCopy& copy, const QByteArray& text, qint64 number) {
        const QString where = file(kWorkloadFile);
        const JsonReadResult r = parseJson(text, where);
        if (!r.value || !r.value->is_object()) {
            error(where, QString(), QStringLiteral("expected one JSON object per line"), number);
            return;
        }
        const Json& j = *r.value;
        DatasetWorkload w;
        w.line = number;
        if (j.contains("uuid") && j.at("uuid").is_string())
            w.uuid = QString::fromStdString(j.at("uuid").get<std::string>());
        if (w.uuid.isEmpty())
            error(where, QStringLiteral("uuid"), QStringLiteral("expected a non-empty string"), number);
        w.caseId = w.uuid.toLatin1();
        for (const ProblemAxis& a : m_problem.axes) {
            const Json* axes = j.contains("axes") ? &j.at("axes") : nullptr;
            const std::string key = a.name.toStdString();
            if (!a.constant && axes && axes->is_object() && axes->contains(key) &&
                axes->at(key).is_number_integer())
                w.axes.insert(a.name, axes->at(key).get<qint64>());
            else if (!a.constant)
                error(where, QStringLiteral("axes.") + a.name, QStringLiteral("expected an integer"), number);
        }
        const Json tolerance = j.contains("tolerance") ? j.at("tolerance") : Json();
        const auto atol = nonNegativeNumber(tolerance, "max_atol");
        const auto rtol = nonNegativeNumber(tolerance, "max_rtol");
        if (!atol || !rtol) {
            error(where, QStringLiteral("tolerance"),
                  QStringLiteral("expected max_atol and max_rtol, non-negative numbers"), number);
            return;
        }
        w.maxAtol = *atol;
        w.maxRtol = *rtol;
        if (copy.find(w.axes))
            error(where, QStringLiteral("axes"),
                  QStringLiteral("a second workload %1").arg(workloadAxesText(w.axes)), number);
        copy.workloads << w;
    }

    QString m_folder;
    const ProblemDefinition& m_problem;
    Problems& m_problems;
};

} // namespace

namespace {

// The one dtype table: SOL-ExecBench's name, KernelIndex's catalog spelling, and whether a definition.json
// may name it (docs/definition.md lists those 13, in this order). uint8 appears only in traces' definitions.
struct DtypeName {
    const char* solExecBench;
    const char* kernelIndex;
    bool inDefinitions;
};
constexpr DtypeName kDtypeNames[] = {{"float64", "fp64", true},
                                     {"float32", "fp32", true},
                                     {"float16", "fp16", true},
                                     {"bfloat16", "bf16", true},
                                     {"float8_e4m3fn", "fp8_e4m3", true},
                                     {"float8_e5m2", "fp8_e5m2", true},
                                     {"float4_e2m1", "fp4_e2m1", true},
                                     {"float4_e2m1fn_x2", "float4_e2m1fn_x2", true},
                                     {"uint8", "uint8", false},
                                     {"int64", "int64", true},
                                     {"int32", "int32", true},
                                     {"int16", "int16", true},
                                     {"int8", "int8", true},
                                     {"bool", "bool", true}};

} // namespace

QString kernelIndexDtype(const QString& dtype) {
    for (const DtypeName& d : kDtypeNames)
        if (dtype == QLatin1String(d.solExecBench))
            return QString::fromLatin1(d.kernelIndex);
    return QString();
}

const QStringList& definitionDtypes() {
    static const QStringList names = [] {
        QStringList out;
        for (const DtypeName& d : kDtypeNames)
            if (d.inDefinitions)
                out << QString::fromLatin1(d.solExecBench);
        return out;
    }();
    return names;
}

const DatasetWorkload* DatasetCopy::find(const QMap<QString, qint64>& variableAxes) const {
    for (const DatasetWorkload& w : workloads)
        if (w.axes == variableAxes)
            return &w;
    return nullptr;
}

DatasetCopyRead readDatasetCopy(const QString& folder, const ProblemDefinition& problem) {
    DatasetCopyRead out;
    out.copy = CopyReader(folder, problem, out.problems).read();
    return out;
}

} // namespace kix
