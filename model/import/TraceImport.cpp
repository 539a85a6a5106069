#include "TraceImport.h"

#include "JsonReader.h"
#include "KernelIndexRules.h"
#include "LineSource.h"
#include "ProblemCodes.h"
#include "QuotedForMessage.h"
#include "Timestamp.h"
#include "TraceBuild.h"
#include "TraceLines.h"

namespace kix {

using namespace codes;

QString checkUtcOffset(const QString& offset) {
    return utcOffsetSeconds(offset)
               ? QString()
               : QStringLiteral("expected a UTC offset such as +02:00, -05:30 or Z, got \"%1\"").arg(offset);
}

QString checkArchitecture(const QString& arch) {
    return kernelindex::isToken(arch.toStdString())
               ? QString()
               : QStringLiteral("expected an architecture such as sm_90 (lowercase letters, "
                                "digits and _), got \"%1\"")
                     .arg(arch);
}

QString checkHarnessVersion(const QString& version) {
    if (version.trimmed().isEmpty() || version.size() > 100)
        return QStringLiteral("expected a version of 1 to 100 characters, got %1")
            .arg(quotedForMessage(version, 40));
    return {};
}

struct TraceImporter::Impl {
    Impl(QString file, TraceImportOptions options)
        : file(std::move(file))
        , options(std::move(options))
        , reader(this->file, this->options.utcOffset, problems) {}

    QString file;
    TraceImportOptions options;
    Problems problems;
    trace::TraceLineReader reader;
};

TraceImporter::TraceImporter(QString file, TraceImportOptions options)
    : d(std::make_unique<Impl>(std::move(file), std::move(options))) {}

TraceImporter::~TraceImporter() = default;

void TraceImporter::addLine(const QByteArray& text, qint64 line) {
    if (text.trimmed().isEmpty())
        return;
    JsonReadResult parsed = parseJson(text, d->file);
    if (!parsed.value) {
        Problem p = parsed.error;
        p.line = line;
        d->problems.append(p);
        return;
    }
    d->reader.readLine(*parsed.value, line);
}

void TraceImporter::addProblem(const Problem& problem) {
    d->problems.append(problem);
}

TraceImportResult TraceImporter::finish() {
    TraceImportResult out;
    d->reader.finish();
    if (!hasErrors(d->problems)) {
        trace::TraceSet set = trace::buildTraceSet(d->reader.groups(), d->options, d->file, d->problems);
        out.files = std::move(set.files);
        out.solutions = std::move(set.solutions);
        out.rejectedArguments = set.rejectedArguments;
    }
    out.problems = d->problems;
    out.traces = d->reader.traces();
    out.workloadOnly = d->reader.workloadOnlyLines();
    if (hasErrors(out.problems)) {
        out.files = ManifestSet();
        out.rejectedArguments = 0;
    }
    return out;
}

TraceImportResult importTraces(const QByteArray& jsonl, const QString& file,
                               const TraceImportOptions& options) {
    TraceImporter importer(file, options);
    qint64 number = 0;
    qsizetype start = 0;
    while (start <= jsonl.size()) {
        qsizetype end = jsonl.indexOf('\n', start);
        if (end < 0)
            end = jsonl.size();
        ++number;
        QByteArray line = jsonl.mid(start, end - start);
        if (line.endsWith('\r'))
            line.chop(1);
        importer.addLine(line, number);
        start = end + 1;
    }
    return importer.finish();
}

TraceImportResult importTraceFile(const QString& path, const TraceImportOptions& options) {
    TraceImporter importer(path, options);
    LineSource source(path);
    const auto refuse = [&](const Problem& p) {
        TraceImportResult out;
        out.problems << p;
        return out;
    };
    if (const auto problem = source.open())
        return refuse(*problem);
    const auto tooLarge = [&](qint64 size) {
        return refuse(
            makeProblem(Problem::Severity::Error, traceTooLarge, path, QString(),
                        QStringLiteral("the trace file is %1 bytes, over the import limit of %2 bytes "
                                       "(--max-bytes raises it)")
                            .arg(size)
                            .arg(options.maxFileBytes)));
    };
    if (source.fileSize() > options.maxFileBytes)
        return tooLarge(source.fileSize());
    SourceLine line;
    while (source.next(line)) {
        if (source.bytesConsumed() > options.maxFileBytes)
            return tooLarge(source.bytesConsumed()); // it grew while read
        if (line.problem)
            importer.addProblem(*line.problem);
        else
            importer.addLine(line.text, line.number);
    }
    if (const auto problem = source.error())
        importer.addProblem(*problem);
    return importer.finish();
}

} // namespace kix
