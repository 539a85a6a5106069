// Reads "kix.problem/v1" files (docs/problem-format.md) into ProblemDefinition, reporting every problem
// with the file, the JSON path and what was expected, and going on so that one pass reports them all.
#include "DataFileReading.h"
#include "FactSource.h"
#include "JsonPath.h"
#include "JsonReader.h"
#include "ProblemDefinition.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace kix {

namespace {

const QStringList& knownDtypes() {
    static const QStringList dtypes{
        QStringLiteral("bf16"),     QStringLiteral("fp16"),     QStringLiteral("fp32"),
        QStringLiteral("fp64"),     QStringLiteral("fp8_e4m3"), QStringLiteral("fp8_e5m2"),
        QStringLiteral("fp4_e2m1"), QStringLiteral("int8"),     QStringLiteral("int16"),
        QStringLiteral("int32"),    QStringLiteral("int64"),    QStringLiteral("uint8"),
        QStringLiteral("bool")};
    return dtypes;
}

bool isIdentifier(const QString& name) {
    static const QRegularExpression form(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return form.match(name).hasMatch();
}

class ProblemReader {
public:
    ProblemReader(QString file, Problems& problems)
        : m_file(std::move(file))
        , m_problems(problems) {}

    std::optional<ProblemDefinition> read(const Json& root) {
        if (!root.is_object()) {
            m_problems.append(Problem{
                Problem::Severity::Error, m_file, QString(),
                QStringLiteral("expected a JSON object at the top level, got %1").arg(jsonTypeName(root)),
                QString()});
            return std::nullopt;
        }
        if (!checkFormat(root, kProblemFormat, m_file, m_problems))
            return std::nullopt; // another format's members would only produce noise
        warnUnknownMembers(root, QString(),
                           {"format", "id", "slug", "title", "collection", "summary", "source", "sources",
                            "axes", "inputs", "outputs", "workloads", "kernelIndex"},
                           m_file, m_problems);
        ProblemDefinition d;
        d.sources = readFactSources(root, m_file, m_problems);
        FieldReader r(&root, QString(), m_file, m_problems);
        d.id = r.string("id", FieldReader::Required).value_or(QString());
        if (const auto slug = r.string("slug", FieldReader::Required)) {
            static const QRegularExpression form(QStringLiteral("^[a-z0-9][a-z0-9-]*$"));
            if (form.match(*slug).hasMatch())
                d.slug = *slug;
            else
                error(codes::kDataOutOfRange, QStringLiteral("slug"),
                      QStringLiteral("expected lowercase letters, digits and '-', got \"%1\"").arg(*slug));
        }
        d.title = r.string("title", FieldReader::Required).value_or(QString());
        d.collection = r.string("collection").value_or(QString());
        d.summary = r.string("summary").value_or(QString());
        d.source = source(r, d);
        readAxes(r, d);
        QSet<QString> tensorNames;
        d.inputs = readTensors(r, "inputs", d, tensorNames, true);
        d.outputs = readTensors(r, "outputs", d, tensorNames, false);
        readWorkloads(r, d);
        FieldReader ki = r.object("kernelIndex");
        if (ki.valid())
            d.kernelIndex = readKernelIndex(root.at("kernelIndex"), d);
        checkSpeedOfLightCoverage(d);
        if (hasErrors(m_problems))
            return std::nullopt;
        return d;
    }

private:
    void error(const char* code, const QString& path, const QString& message) {
        m_problems.append(dataProblem(code, m_file, path, message));
    }

    QString source(FieldReader& r, const ProblemDefinition& d) {
        return readSourceRef(r, d.sources, m_file, m_problems).value_or(QString());
    }

    void readAxes(FieldReader& root, ProblemDefinition& d) {
        const Json* axes = readObjectArray(root, "axes", m_file, m_problems);
        m_axesRead = axes != nullptr;
        if (!axes)
            return;
        for (std::size_t i = 0; i < axes->size(); ++i) {
            const Json& a = (*axes)[i];
            const QString path = jsonPathIndex(QStringLiteral("axes"), qsizetype(i));
            warnUnknownMembers(a, path, {"name", "role", "value", "source"}, m_file, m_problems);
            FieldReader r(&a, path, m_file, m_problems);
            ProblemAxis axis;
            axis.name = identifier(r).value_or(QString());
            if (!axis.name.isEmpty() && d.axis(axis.name))
                error(codes::kDataDuplicate, r.pathOf(QStringLiteral("name")),
                      QStringLiteral("the axis \"%1\" is declared twice").arg(axis.name));
            const auto role = r.string("role", FieldReader::Required);
            if (role && *role != QLatin1String("variable") && *role != QLatin1String("constant"))
                error(codes::kDataOutOfRange, r.pathOf(QStringLiteral("role")),
                      QStringLiteral("expected \"variable\" or \"constant\", got \"%1\"").arg(*role));
            axis.constant = role == QStringLiteral("constant");
            if (axis.constant) {
                axis.value = positive(r, "value", FieldReader::Required).value_or(0);
            } else if (a.contains("value")) {
                error(codes::kDataInconsistent, r.pathOf(QStringLiteral("value")),
                      QStringLiteral("a variable axis has no value here: each workload sets it"));
            }
            axis.source = source(r, d);
            if (!axis.name.isEmpty() && !d.axis(axis.name))
                d.axes << axis;
        }
    }

    QList<ProblemTensor> readTensors(FieldReader& root, const char* key, const ProblemDefinition& d,
                                     QSet<QString>& names, bool inputs) {
        QList<ProblemTensor> out;
        const Json* tensors = readObjectArray(root, key, m_file, m_problems);
        if (!tensors)
            return out;
        const QString listPath = QString::fromLatin1(key);
        for (std::size_t i = 0; i < tensors->size(); ++i) {
            const Json& t = (*tensors)[i];
            const QString path = jsonPathIndex(listPath, qsizetype(i));
            if (inputs)
                warnUnknownMembers(t, path, {"name", "dtype", "shape", "readByReference", "source"}, m_file,
                                   m_problems);
            else
                warnUnknownMembers(t, path, {"name", "dtype", "shape", "source"}, m_file, m_problems);
            FieldReader r(&t, path, m_file, m_problems);
            ProblemTensor tensor;
            tensor.name = identifier(r).value_or(QString());
            if (!tensor.name.isEmpty()) {
                if (names.contains(tensor.name))
                    error(codes::kDataDuplicate, r.pathOf(QStringLiteral("name")),
                          QStringLiteral("the tensor \"%1\" is named twice among the inputs and outputs")
                              .arg(tensor.name));
                names.insert(tensor.name);
            }
            if (const auto dtype = r.string("dtype", FieldReader::Required)) {
                if (knownDtypes().contains(*dtype))
                    tensor.dtype = *dtype;
                else
                    error(codes::kDataOutOfRange, r.pathOf(QStringLiteral("dtype")),
                          QStringLiteral("unknown dtype \"%1\" (expected one of %2)")
                              .arg(*dtype, knownDtypes().join(QStringLiteral(", "))));
            }
            tensor.shape = readShape(r, d);
            if (inputs)
                tensor.readByReference = r.boolean("readByReference").value_or(true);
            tensor.source = source(r, d);
            out << tensor;
        }
        return out;
    }

    QList<ShapeDim> readShape(FieldReader& r, const ProblemDefinition& d) {
        QList<ShapeDim> shape;
        const Json* dims = r.array("shape", FieldReader::Required);
        if (!dims)
            return shape;
        const QString path = r.pathOf(QStringLiteral("shape"));
        for (std::size_t i = 0; i < dims->size(); ++i) {
            const Json& dim = (*dims)[i];
            const QString at = jsonPathIndex(path, qsizetype(i));
            if (dim.is_string()) {
                const QString axis = QString::fromStdString(dim.get<std::string>());
                if (m_axesRead && !d.axis(axis))
                    error(codes::kDataAxisUnknown, at,
                          QStringLiteral("names the axis \"%1\", which \"axes\" does not declare").arg(axis));
                shape << ShapeDim{axis, 0};
            } else if (dim.is_number_integer() && dim.get<std::int64_t>() > 0) {
                shape << ShapeDim{QString(), dim.get<qint64>()};
            } else {
                error(codes::kDataOutOfRange, at,
                      QStringLiteral("expected an axis name or a positive integer, got %1")
                          .arg(dim.is_number() ? QString::fromStdString(dim.dump()) : jsonTypeName(dim)));
            }
        }
        return shape;
    }

    void readWorkloads(FieldReader& root, ProblemDefinition& d) {
        const Json* workloads = readObjectArray(root, "workloads", m_file, m_problems);
        if (!workloads)
            return;
        QSet<QString> externalIds;
        for (std::size_t i = 0; i < workloads->size(); ++i) {
            const Json& w = (*workloads)[i];
            const QString path = jsonPathIndex(QStringLiteral("workloads"), qsizetype(i));
            warnUnknownMembers(w, path, {"axes", "source", "speedOfLight", "kernelIndex"}, m_file,
                               m_problems);
            FieldReader r(&w, path, m_file, m_problems);
            ProblemWorkload workload;
            workload.axes = readWorkloadAxes(r, w, d);
            if (!workload.axes.isEmpty() && d.workloadIndexByAxes(workload.axes) >= 0)
                error(codes::kDataDuplicate, r.pathOf(QStringLiteral("axes")),
                      QStringLiteral("the workload %1 is listed twice").arg(workloadAxesText(workload.axes)));
            workload.source = source(r, d);
            workload.speedOfLight = readSpeedOfLight(r, d);
            FieldReader ki = r.object("kernelIndex");
            if (ki.valid()) {
                warnUnknownMembers(w.at("kernelIndex"), ki.path(), {"externalId", "digest", "source"}, m_file,
                                   m_problems);
                KernelIndexCase c;
                c.externalId = ki.string("externalId", FieldReader::Required).value_or(QString());
                if (!c.externalId.isEmpty() && externalIds.contains(c.externalId))
                    error(
                        codes::kDataDuplicate, ki.pathOf(QStringLiteral("externalId")),
                        QStringLiteral("the external id \"%1\" is given to two workloads").arg(c.externalId));
                externalIds.insert(c.externalId);
                c.digest = ki.digest("digest", FieldReader::Required).value_or(QString());
                c.source = source(ki, d);
                workload.kernelIndex = c;
            }
            d.workloads << workload;
        }
    }

    QMap<QString, qint64> readWorkloadAxes(FieldReader& r, const Json& w, const ProblemDefinition& d) {
        QMap<QString, qint64> values;
        FieldReader axes = r.object("axes", FieldReader::Required);
        if (!axes.valid() || !m_axesRead)
            return values; // without the declared axes, naming each workload's would only repeat that
        for (auto it = w.at("axes").begin(); it != w.at("axes").end(); ++it) {
            const QString name = QString::fromStdString(it.key());
            const ProblemAxis* axis = d.axis(name);
            if (!axis) {
                error(codes::kDataAxisUnknown, axes.pathOf(name),
                      QStringLiteral("names the axis \"%1\", which \"axes\" does not declare").arg(name));
                continue;
            }
            if (axis->constant) {
                error(codes::kDataAxesIncomplete, axes.pathOf(name),
                      QStringLiteral("\"%1\" is a constant axis (%2): a workload does not set it")
                          .arg(name)
                          .arg(axis->value));
                continue;
            }
            if (const auto v = positive(axes, it.key().c_str(), FieldReader::Required))
                values.insert(name, *v);
        }
        for (const ProblemAxis& axis : d.axes)
            if (!axis.constant && !w.at("axes").contains(axis.name.toStdString()))
                error(codes::kDataAxesIncomplete, axes.path(),
                      QStringLiteral("lacks the variable axis \"%1\"").arg(axis.name));
        return values;
    }

    QList<SpeedOfLightTimes> readSpeedOfLight(FieldReader& r, const ProblemDefinition& d) {
        QList<SpeedOfLightTimes> out;
        const Json* list = r.array("speedOfLight");
        if (!list)
            return out;
        const QString path = r.pathOf(QStringLiteral("speedOfLight"));
        for (std::size_t i = 0; i < list->size(); ++i) {
            const QString at = jsonPathIndex(path, qsizetype(i));
            const Json& t = (*list)[i];
            if (!expectObject(t, at, m_file, m_problems))
                continue;
            warnUnknownMembers(t, at, {"gpu", "solMs", "baselineMs", "source"}, m_file, m_problems);
            FieldReader s(&t, at, m_file, m_problems);
            SpeedOfLightTimes times;
            times.gpu = s.string("gpu", FieldReader::Required).value_or(QString());
            if (std::any_of(out.begin(), out.end(), [&](const auto& o) { return o.gpu == times.gpu; }))
                error(codes::kDataDuplicate, s.pathOf(QStringLiteral("gpu")),
                      QStringLiteral("times for \"%1\" are given twice for this workload").arg(times.gpu));
            const auto sol = positiveNumber(s, "solMs");
            const auto baseline = positiveNumber(s, "baselineMs");
            if (sol && baseline && *sol >= *baseline)
                error(codes::kDataInconsistent, s.pathOf(QStringLiteral("solMs")),
                      QStringLiteral("the speed-of-light time (%1 ms) must be below the baseline (%2 ms): "
                                     "the SOL score divides by their difference")
                          .arg(*sol)
                          .arg(*baseline));
            times.solMs = sol.value_or(0);
            times.baselineMs = baseline.value_or(0);
            times.source = source(s, d);
            out << times;
        }
        return out;
    }

    KernelIndexFacts readKernelIndex(const Json& ki, const ProblemDefinition& d) {
        KernelIndexFacts f;
        const QString path = QStringLiteral("kernelIndex");
        warnUnknownMembers(ki, path, {"apiVersion", "operation", "correctness", "suite", "source"}, m_file,
                           m_problems);
        FieldReader r(&ki, path, m_file, m_problems);
        f.apiVersion = r.string("apiVersion", FieldReader::Required).value_or(QString());
        FieldReader op = r.object("operation", FieldReader::Required);
        if (op.valid()) {
            warnUnknownMembers(ki.at("operation"), op.path(), {"name", "family", "semantics", "digest"},
                               m_file, m_problems);
            f.operationName = op.string("name", FieldReader::Required).value_or(QString());
            f.family = op.string("family", FieldReader::Required).value_or(QString());
            FieldReader sem = op.object("semantics", FieldReader::Required);
            if (sem.valid()) {
                warnUnknownMembers(ki.at("operation").at("semantics"), sem.path(),
                                   {"mutation", "determinism"}, m_file, m_problems);
                f.mutation = sem.string("mutation", FieldReader::Required).value_or(QString());
                f.determinism = sem.string("determinism", FieldReader::Required).value_or(QString());
            }
            f.operationDigest = op.digest("digest", FieldReader::Required).value_or(QString());
        }
        FieldReader corr = r.object("correctness", FieldReader::Required);
        if (corr.valid()) {
            warnUnknownMembers(ki.at("correctness"), corr.path(), {"comparator", "suiteDescription"}, m_file,
                               m_problems);
            f.comparator = corr.string("comparator", FieldReader::Required).value_or(QString());
            f.suiteDescription = corr.string("suiteDescription", FieldReader::Required).value_or(QString());
        }
        FieldReader suite = r.object("suite", FieldReader::Required);
        if (suite.valid()) {
            warnUnknownMembers(ki.at("suite"), suite.path(), {"name", "aggregation", "digest"}, m_file,
                               m_problems);
            f.suiteName = suite.string("name", FieldReader::Required).value_or(QString());
            FieldReader agg = suite.object("aggregation", FieldReader::Required);
            if (agg.valid()) {
                warnUnknownMembers(ki.at("suite").at("aggregation"), agg.path(), {"metric", "statistic"},
                                   m_file, m_problems);
                f.aggregationMetric = agg.string("metric", FieldReader::Required).value_or(QString());
                f.aggregationStatistic = agg.string("statistic", FieldReader::Required).value_or(QString());
            }
            f.suiteDigest = suite.digest("digest", FieldReader::Required).value_or(QString());
        }
        f.source = source(r, d);
        for (int i = 0; i < d.workloads.size(); ++i)
            if (!d.workloads[i].kernelIndex)
                error(
                    codes::kDataInconsistent, jsonPathIndex(QStringLiteral("workloads"), i),
                    QStringLiteral("lacks \"kernelIndex\": with a top-level \"kernelIndex\", every workload "
                                   "needs its external id and case digest"));
        return f;
    }

    // A GPU's times must cover every workload, or the suite's speed of light is not defined.
    void checkSpeedOfLightCoverage(const ProblemDefinition& d) {
        QMap<QString, int> counts;
        for (const ProblemWorkload& w : d.workloads)
            for (const SpeedOfLightTimes& t : w.speedOfLight)
                ++counts[t.gpu];
        for (auto it = counts.begin(); it != counts.end(); ++it)
            if (it.value() != d.workloads.size())
                error(
                    codes::kDataInconsistent, QStringLiteral("workloads"),
                    QStringLiteral("speed-of-light times for \"%1\" cover %2 of the %3 workloads; give them "
                                   "for every workload or for none")
                        .arg(it.key())
                        .arg(it.value())
                        .arg(d.workloads.size()));
    }

    std::optional<QString> identifier(FieldReader& r) {
        auto name = r.string("name", FieldReader::Required);
        if (name && !isIdentifier(*name)) {
            error(codes::kDataOutOfRange, r.pathOf(QStringLiteral("name")),
                  QStringLiteral("expected an identifier (letters, digits and '_'), got \"%1\"").arg(*name));
            return std::nullopt;
        }
        return name;
    }

    std::optional<qint64> positive(FieldReader& r, const char* key, FieldReader::Need need) {
        const auto v = r.count(key, need);
        if (v && *v == 0) {
            error(codes::kDataOutOfRange, r.pathOf(QString::fromUtf8(key)),
                  QStringLiteral("expected a positive integer, got 0"));
            return std::nullopt;
        }
        return v;
    }

    std::optional<double> positiveNumber(FieldReader& r, const char* key) {
        const auto v = r.nonNegative(key, FieldReader::Required, "milliseconds");
        if (v && *v == 0) {
            error(codes::kDataOutOfRange, r.pathOf(QString::fromLatin1(key)),
                  QStringLiteral("expected a positive number of milliseconds, got 0"));
            return std::nullopt;
        }
        return v;
    }

    QString m_file;
    Problems& m_problems;
    bool m_axesRead = false;
};

} // namespace

ProblemDefinitionRead parseProblemDefinition(const QByteArray& bytes, const QString& file) {
    ProblemDefinitionRead out;
    JsonReadResult json = parseJson(bytes, file);
    if (!json.value) {
        out.problems << json.error;
        return out;
    }
    out.definition = ProblemReader(file, out.problems).read(*json.value);
    return out;
}

ProblemDefinitionRead readProblemDefinition(const QString& path) {
    ProblemDefinitionRead out;
    JsonReadResult json = readJsonFile(path);
    if (!json.value) {
        out.problems << json.error;
        return out;
    }
    out.definition = ProblemReader(path, out.problems).read(*json.value);
    return out;
}

ProblemDefinitionRead readProblemDefinition(const Json& root, const QString& file) {
    ProblemDefinitionRead out;
    out.definition = ProblemReader(file, out.problems).read(root);
    return out;
}

} // namespace kix
