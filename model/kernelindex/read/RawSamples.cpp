#include "RawSamples.h"

#include "CaseReader.h"
#include "InMemoryFiles.h"
#include "InputLimits.h"
#include "JsonPath.h"
#include "JsonReader.h"
#include "ProblemCodes.h"
#include "SampleCounts.h"
#include "SetReference.h"
#include "Sha256.h"

#include <QFileInfo>

namespace kix {

using namespace codes;

namespace {

QString fileDigest(const QByteArray& bytes) {
    return QStringLiteral("sha256:") +
           QString::fromLatin1(sha256Hex(std::string_view(bytes.constData(), std::size_t(bytes.size()))));
}

bool hasScheme(const QString& uri) {
    const qsizetype colon = uri.indexOf(u':');
    const qsizetype slash = uri.indexOf(u'/');
    return colon > 0 && (slash < 0 || colon < slash);
}

// "/cases/3" -> 3; nullopt for anything else (the only pointers kix writes).
std::optional<qsizetype> casePointer(const QString& fragment) {
    if (!fragment.startsWith(QLatin1String("/cases/")))
        return std::nullopt;
    bool ok = false;
    const qsizetype index = fragment.mid(7).toLongLong(&ok);
    if (!ok || index < 0 || fragment.mid(7) != QString::number(index))
        return std::nullopt;
    return index;
}

} // namespace

bool isRawSamplesDocument(const Json& root) {
    if (!root.is_object())
        return false;
    const auto it = root.find("format");
    return it != root.end() && it->is_string() && it->get<std::string>() == kRawSamplesFormat;
}

Json rawSamplesDocument(const QString& runName, Json cases) {
    return Json{{"format", kRawSamplesFormat}, {"run", runName.toStdString()}, {"cases", std::move(cases)}};
}

Json rawSamplesReference(const QString& fileName, const QByteArray& bytes,
                         std::optional<qsizetype> caseIndex) {
    const QString uri = caseIndex ? QStringLiteral("%1#/cases/%2").arg(fileName).arg(*caseIndex) : fileName;
    return Json{{"uri", uri.toStdString()}, {"digest", fileDigest(bytes).toStdString()}};
}

void readRawSamplesEvidence(FieldReader& spec, RunSpec& run) {
    FieldReader ref = spec.object("evidence").object("rawSamples");
    if (!ref.valid())
        return;
    const auto uri = ref.string("uri", FieldReader::Required);
    const auto digest = ref.digest("digest", FieldReader::Required);
    if (!uri || !digest)
        return;
    run.rawSamplesUri = *uri;
    // Only a run read from its own file names evidence kix can find: a catalog line's URIs are not
    // relative to the catalog, and a URI with a scheme is somewhere else.
    if (spec.line() != 0 || spec.file().isEmpty() || hasScheme(*uri) || !run.cases.isEmpty())
        return;
    const qsizetype hash = uri->indexOf(u'#');
    const QString relative = hash < 0 ? *uri : uri->left(hash);
    const QString fragment = hash < 0 ? QString() : uri->mid(hash + 1);
    const QString uriPath = ref.pathOf(QStringLiteral("uri"));
    const SetReference resolved = resolveSetReference(QFileInfo(spec.file()).absolutePath(), relative);
    if (resolved.refusal) {
        ref.error(evidenceReference, uriPath,
                  QStringLiteral("%1; the raw-samples file is not read").arg(*resolved.refusal));
        return;
    }
    std::optional<qsizetype> only;
    if (hash >= 0) {
        only = casePointer(fragment);
        if (!only) {
            ref.error(
                evidenceFormat, uriPath,
                QStringLiteral("expected #/cases/<index> after the file name, got \"#%1\"").arg(fragment));
            return;
        }
    }
    const QString& path = resolved.path;
    QByteArray bytes;
    if (const QByteArray* inMemory = InMemoryFiles::find(path)) {
        bytes = *inMemory; // a set read without being written (a trace opened in the explorer)
    } else if (const auto problem = readLimitedFile(path, JsonLimits::defaults(), bytes)) {
        ref.warning(evidenceUnreadable, uriPath,
                    QStringLiteral("the raw-samples file cannot be read, so the per-case results are not "
                                   "shown: %1")
                        .arg(problem->message));
        return;
    }
    if (*digest != fileDigest(bytes)) {
        ref.error(evidenceDigestMismatch, ref.pathOf(QStringLiteral("digest")),
                  QStringLiteral("%1 hashes to %2, not the %3 the run names")
                      .arg(relative, fileDigest(bytes), *digest));
        return;
    }
    // Every launch time beside the DOM, not in it (PackedNumberArrays): what bounds the memory a large
    // samples file takes. Only values readSampleList would accept are packed.
    PackedNumberArrays packed{{"samplesNs"}, limits::kMaxSampleNs, {}};
    JsonReadResult parsed = parseJson(bytes, path, JsonLimits::defaults(), &packed);
    bytes = QByteArray(); // its digest is checked: the text is not needed again
    if (!parsed.value) {
        ref.error(evidenceFormat, uriPath, QStringLiteral("%1: %2").arg(relative, parsed.error.message));
        return;
    }
    FieldReader file(&*parsed.value, QString(), path, spec.problems());
    if (!file.valid() || file.string("format").value_or(QString()) != QLatin1String(kRawSamplesFormat)) {
        ref.error(evidenceFormat, uriPath,
                  QStringLiteral("%1 is not a kix raw-samples file (expected \"format\": \"%2\")")
                      .arg(relative, QLatin1String(kRawSamplesFormat)));
        return;
    }
    QList<CaseResult> cases;
    readCaseList(file, cases, only, &packed);
    if (only) {
        const Json* all = file.child("cases");
        if (!all || !all->is_array() || *only >= qsizetype(all->size()) || cases.isEmpty()) {
            ref.error(evidenceFormat, uriPath,
                      QStringLiteral("%1 has %2 cases; the URI names case %3")
                          .arg(relative)
                          .arg(all && all->is_array() ? qsizetype(all->size()) : 0)
                          .arg(*only));
            return;
        }
    }
    std::int64_t launches = 0;
    for (const CaseResult& c : cases)
        launches += std::int64_t(c.samplesNs.size() + c.cuptiSamplesNs.size());
    if (launches > limits::kMaxRawSamples) {
        ref.error(evidenceTooManySamples, uriPath,
                  QStringLiteral("%1 holds %2 launch times, above kix's limit of %3 a run (docs/reading.md); "
                                 "its cases are not read")
                      .arg(relative)
                      .arg(launches)
                      .arg(limits::kMaxRawSamples));
        return;
    }
    checkRawSampleCounts(spec, run, cases, only, relative);
    run.cases = std::move(cases);
    run.gpu = readGpuRunState(file.object("gpu"));
}

} // namespace kix
