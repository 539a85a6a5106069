#include "TraceDefinition.h"

#include "DatasetCopy.h"
#include "JsonReader.h"
#include "KernelIndexRules.h"
#include "OutputName.h"
#include "ProblemCodes.h"
#include "QuotedForMessage.h"
#include "ResourceKind.h"
#include "TraceLines.h"

namespace kix::trace {

namespace {

// The file's own order of inputs and outputs is the OperationSpec's (an ordered list, digested in order),
// so the definition is parsed keeping it.
using Ordered = nlohmann::ordered_json;

class DefinitionReader {
public:
    DefinitionReader(const QString& path, Problems& problems)
        : m_path(path)
        , m_problems(problems) {}

    std::optional<ProblemDefinition> read() {
        QByteArray bytes;
        if (const auto p = readLimitedFile(m_path, JsonLimits::defaults(), bytes)) {
            m_problems.append(*p);
            return std::nullopt;
        }
        const Ordered root = Ordered::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
        if (root.is_discarded()) {
            error(QString(), QStringLiteral("is not JSON (expected SOL-ExecBench's definition.json)"));
            return std::nullopt;
        }
        if (!root.is_object() || !root.contains("name") || !root.at("name").is_string() ||
            root.at("name").get<std::string>().empty()) {
            error(QStringLiteral("name"),
                  QStringLiteral("expected the definition's name, a non-empty string"));
            return std::nullopt;
        }
        ProblemDefinition d;
        d.id = QString::fromStdString(root.at("name").get<std::string>());
        d.slug = boundedName(d.id);
        d.title = d.id;
        readAxes(root, d);
        d.inputs = readTensors(root, "inputs", d);
        d.outputs = readTensors(root, "outputs", d);
        KernelIndexFacts ki;
        ki.apiVersion = QString::fromLatin1(kApiVersion);
        ki.operationName = boundedName(d.id);
        ki.family = familyName(d.id);
        ki.mutation = QStringLiteral("none");
        ki.determinism = QStringLiteral("unspecified");
        ki.comparator = QString::fromLatin1(kComparator);
        d.kernelIndex = ki;
        if (hasErrors(m_problems))
            return std::nullopt;
        return d;
    }

private:
    void error(const QString& path, const QString& message) {
        m_problems.append(
            makeProblem(Problem::Severity::Error, codes::traceDefinition, m_path, path, message));
    }

    void readAxes(const Ordered& root, ProblemDefinition& d) {
        if (!root.contains("axes") || !root.at("axes").is_object()) {
            error(QStringLiteral("axes"), QStringLiteral("expected an object of axes"));
            return;
        }
        for (const auto& [key, value] : root.at("axes").items()) {
            const QString name = QString::fromStdString(key);
            const QString path = QStringLiteral("axes.") + name;
            const std::string type =
                value.is_object() && value.contains("type") && value.at("type").is_string()
                    ? value.at("type").get<std::string>()
                    : std::string();
            ProblemAxis axis;
            axis.name = name;
            if (type == "var") {
                d.axes << axis;
            } else if (type == "const" && value.contains("value") && value.at("value").is_number_integer() &&
                       value.at("value").get<qint64>() > 0) {
                axis.constant = true;
                axis.value = value.at("value").get<qint64>();
                d.axes << axis;
            } else if (type == "expr") {
                error(path,
                      QStringLiteral("an \"expr\" axis, which kix cannot resolve into a KernelIndex axis"));
            } else {
                error(path,
                      QStringLiteral("expected {\"type\": \"var\"} or {\"type\": \"const\", \"value\": a "
                                     "positive integer}"));
            }
        }
    }

    QList<ProblemTensor> readTensors(const Ordered& root, const char* member, const ProblemDefinition& d) {
        QList<ProblemTensor> out;
        const QString list = QString::fromLatin1(member);
        if (!root.contains(member) || !root.at(member).is_object() || root.at(member).empty()) {
            error(list, QStringLiteral("expected a non-empty object of tensors"));
            return out;
        }
        for (const auto& [key, value] : root.at(member).items()) {
            const QString path = list + u'.' + QString::fromStdString(key);
            ProblemTensor t;
            t.name = QString::fromStdString(key);
            const QString dtype =
                value.is_object() && value.contains("dtype") && value.at("dtype").is_string()
                    ? QString::fromStdString(value.at("dtype").get<std::string>())
                    : QString();
            t.dtype = kernelIndexDtype(dtype);
            if (t.dtype.isEmpty())
                error(path + QStringLiteral(".dtype"),
                      QStringLiteral("%1 is not a dtype kix knows").arg(quotedForMessage(dtype, 40)));
            if (!value.is_object() || !value.contains("shape") || !value.at("shape").is_array()) {
                error(path + QStringLiteral(".shape"),
                      QStringLiteral("expected a list of axis names (a scalar input is not supported)"));
                continue;
            }
            for (const Ordered& dim : value.at("shape")) {
                const QString text =
                    dim.is_string() ? QString::fromStdString(dim.get<std::string>()) : QString();
                bool number = false;
                const qint64 extent = text.toLongLong(&number);
                if (number && extent > 0)
                    t.shape << ShapeDim{QString(), extent};
                else if (d.axis(text))
                    t.shape << ShapeDim{text, 0};
                else
                    error(path + QStringLiteral(".shape"),
                          QStringLiteral("%1 is no axis of the definition").arg(quotedForMessage(text, 40)));
            }
            out << t;
        }
        return out;
    }

    QString m_path;
    Problems& m_problems;
};

} // namespace

std::optional<ProblemDefinition> readSolExecBenchDefinition(const QString& path, Problems& problems) {
    return DefinitionReader(path, problems).read();
}

} // namespace kix::trace
