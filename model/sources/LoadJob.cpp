#include "LoadJob.h"

#include "CatalogReader.h"
#include "LineSource.h"
#include "SourceReader.h"
#include "ThreadPriority.h"
#include "TraceOpening.h"
#include "WorkPool.h"

#include <QFile>
#include <QFuture>
#include <QThreadPool>
#include <QtConcurrent>
#include <algorithm>
#include <deque>

namespace kix {

using namespace codes;

namespace {

constexpr int kLinesPerBatch = 400;
constexpr qint64 kBytesPerBatch = 2 << 20;
constexpr int kFilesPerBatch = 64;
// Ends a tally key of lines that gave only warnings (an unknown catalog table), so their summary is one too.
const QLatin1String kWarningKey(" warning");

ParsedDocument problemDocument(const Problem& p) {
    ParsedDocument doc;
    doc.origin = Origin{p.file, p.line, QString()};
    doc.problems.append(p);
    return doc;
}

// One summary per problem code of which more lines were counted than kept.
QList<ParsedDocument> lineProblemSummaries(const QString& file, const QMap<QString, qint64>& counts,
                                           qint64 kept) {
    QList<ParsedDocument> out;
    for (auto it = counts.constBegin(); it != counts.constEnd(); ++it) {
        if (it.value() <= kept)
            continue;
        const bool warning = it.key().endsWith(kWarningKey);
        const QString code = warning ? it.key().chopped(kWarningKey.size()) : it.key();
        Problem p =
            makeProblem(warning ? Problem::Severity::Warning : Problem::Severity::Error, "", file, QString(),
                        QStringLiteral("%1 more line(s) with this problem (%2) not listed: %3 in "
                                       "all, the first %4 listed above")
                            .arg(it.value() - kept)
                            .arg(code)
                            .arg(it.value())
                            .arg(kept));
        p.code = code;
        out.append(problemDocument(p));
    }
    return out;
}

LoadBatch oneProblemBatch(const Problem& p) {
    LoadBatch batch;
    batch.documents.append(problemDocument(p));
    return batch;
}

LoadBatch parseFiles(const QStringList& files, const JsonLimits& limits) {
    LoadBatch batch;
    batch.documents.reserve(files.size());
    for (const QString& f : files)
        batch.documents.append(readDocumentFile(f, limits));
    return batch;
}

} // namespace

struct LoadJob::InFlight {
    std::deque<QFuture<LoadBatch>> futures;
};

LoadBatch parseCatalogLines(const QString& file, const QList<SourceLineText>& lines,
                            const JsonLimits& limits) {
    LoadBatch batch;
    batch.documents.reserve(lines.size());
    for (const SourceLineText& l : lines)
        batch.documents.append(readCatalogLine(l.text, file, l.number, limits));
    return batch;
}

LoadJob::LoadJob(QStringList paths, JsonLimits limits, Sink sink, Progress progress)
    : m_paths(std::move(paths))
    , m_limits(limits)
    , m_sink(std::move(sink))
    , m_progress(std::move(progress))
    , m_inFlight(std::make_shared<InFlight>()) {}

void LoadJob::deliver(LoadBatch&& batch) {
    // Keep a few chunks in flight per pool thread; deliver the oldest in order.
    const std::size_t window = std::size_t(std::max(2, workPool()->maxThreadCount() * 2));
    auto& futures = m_inFlight->futures;
    if (!batch.documents.isEmpty())
        futures.push_back(QtFuture::makeReadyFuture(std::move(batch)));
    while (futures.size() > window || (!futures.empty() && futures.front().isFinished())) {
        QFuture<LoadBatch> f = std::move(futures.front());
        futures.pop_front();
        f.waitForFinished();
        pass(f.takeResult());
    }
}

bool LoadJob::keepLineDocument(const ParsedDocument& doc) {
    if (doc.origin.line <= 0 || doc.run || !doc.resources.isEmpty() || doc.measurement ||
        doc.problems.isEmpty())
        return true;
    const auto error =
        std::find_if(doc.problems.begin(), doc.problems.end(), [](const Problem& p) { return p.isError(); });
    const QString key = error != doc.problems.end() ? error->code : doc.problems.first().code + kWarningKey;
    return ++m_lineProblems[key] <= kLineProblemExamples;
}

void LoadJob::pass(LoadBatch&& batch) {
    if (m_cancelled)
        return;
    batch.documents.removeIf([this, &batch](const ParsedDocument& d) {
        if (d.unknownTable) {
            UnknownTable& t = m_unknownTables[d.table];
            if (t.rows++ == 0)
                t.firstLine = d.origin.line;
            return true;
        }
        if (keepLineDocument(d))
            return false;
        batch.notListed += hasErrors(d.problems) ? 1 : 0;
        return true;
    });
    if (!batch.endOfLines.isEmpty()) {
        const QList<ParsedDocument> summaries =
            lineProblemSummaries(batch.endOfLines, m_lineProblems, kLineProblemExamples);
        batch.notListed -= std::count_if(summaries.begin(), summaries.end(),
                                         [](const ParsedDocument& d) { return hasErrors(d.problems); });
        batch.documents += summaries;
        m_lineProblems.clear();
        for (auto it = m_unknownTables.constBegin(); it != m_unknownTables.constEnd(); ++it)
            batch.documents.append(
                problemDocument(unknownCatalogTable(it.key(), batch.endOfLines, it->firstLine, it->rows)));
        m_unknownTables.clear();
    }
    if (!batch.documents.isEmpty() || batch.notListed != 0)
        m_sink(std::move(batch));
}

void LoadJob::submitFiles(QStringList& chunk) {
    if (chunk.isEmpty())
        return;
    const JsonLimits limits = m_limits;
    m_inFlight->futures.push_back(QtConcurrent::run(workPool(), [chunk, limits] {
        useBackgroundPriority();
        return parseFiles(chunk, limits);
    }));
    chunk.clear();
    deliver({});
}

void LoadJob::readLines(const QString& file) {
    LineSource source(file, m_limits);
    if (auto problem = source.open()) {
        deliver(oneProblemBatch(*problem));
        return;
    }
    const qint64 base = m_state.done;
    QList<SourceLineText> lines;
    qint64 bytes = 0;
    auto flush = [&] {
        if (lines.isEmpty())
            return;
        const JsonLimits limits = m_limits;
        m_inFlight->futures.push_back(QtConcurrent::run(workPool(), [file, lines, limits] {
            useBackgroundPriority();
            return parseCatalogLines(file, lines, limits);
        }));
        lines.clear();
        bytes = 0;
        deliver({});
    };
    SourceLine line;
    bool anyLine = false;
    bool anyRecord = false;
    bool isTrace = false;
    while (!m_cancelled && source.next(line)) {
        anyLine = true;
        if (line.problem) {
            Problem p = *line.problem;
            p.line = line.number;
            // The line is in the location now ("file:12: …"); not again in the message.
            const QString prefix = QStringLiteral("line %1: ").arg(line.number);
            if (p.message.startsWith(prefix))
                p.message.remove(0, prefix.size());
            flush();
            deliver(oneProblemBatch(p));
            continue;
        }
        if (!anyRecord) {
            anyRecord = true;
            if (isSolExecBenchTraceRecord(line.text, m_limits)) {
                deliverTrace(file, line.number);
                isTrace = true;
                break;
            }
        }
        bytes += line.text.size();
        lines.append(SourceLineText{std::move(line.text), line.number});
        line = SourceLine{};
        if (lines.size() >= kLinesPerBatch || bytes >= kBytesPerBatch) {
            flush();
            m_state.done = base + source.bytesConsumed();
            if (m_progress)
                m_progress(m_state);
        }
    }
    flush();
    if (auto problem = source.error(); problem && !isTrace) {
        deliver(oneProblemBatch(*problem));
    } else if (!anyLine && !m_cancelled) {
        deliver(oneProblemBatch(makeProblem(
            Problem::Severity::Error, jsonEmpty, file, QString(),
            QStringLiteral("holds no catalog record (no line that is not blank%1): nothing to check")
                .arg(source.isCompressed() ? QStringLiteral(" once decompressed") : QString()))));
    }
    LoadBatch end; // after this source's last batch: its summaries
    end.endOfLines = file;
    m_inFlight->futures.push_back(QtFuture::makeReadyFuture(std::move(end)));
    deliver({});
}

// A trace's lines are not catalog records: it is imported where the program can (TraceOpening.h), else
// said once for the file, not once per line.
void LoadJob::deliverTrace(const QString& file, qint64 firstLine) {
    if (const TraceReader& read = traceReader()) {
        LoadBatch imported;
        imported.documents = read(file);
        deliver(std::move(imported));
    } else {
        deliver(oneProblemBatch(solExecBenchTraceProblem(file, firstLine)));
    }
}

bool LoadJob::run() {
    const Inputs inputs = collectInputs(m_paths);
    LoadBatch problems;
    for (const Problem& p : inputs.problems)
        problems.documents.append(problemDocument(p));
    if (!problems.documents.isEmpty())
        deliver(std::move(problems));
    m_state.files = int(inputs.files.size());
    for (const qint64 size : inputs.sizes)
        m_state.total += std::max<qint64>(1, size);
    if (m_progress)
        m_progress(m_state);
    QStringList chunk;
    qint64 chunkBytes = 0;
    for (qsizetype i = 0; i < inputs.files.size(); ++i) {
        if (m_cancelled)
            break;
        const QString& f = inputs.files[i];
        const SourceFormat format = formatOf(f);
        const qint64 size = std::max<qint64>(1, inputs.sizes.value(i));
        if (format == SourceFormat::JsonLines || format == SourceFormat::JsonLinesZstd) {
            submitFiles(chunk);
            chunkBytes = 0;
            const qint64 before = m_state.done;
            readLines(f);
            m_state.done = before + size;
        } else {
            chunk << f;
            chunkBytes += size;
            m_state.done += size;
            if (chunk.size() >= kFilesPerBatch || chunkBytes >= kBytesPerBatch) {
                submitFiles(chunk);
                chunkBytes = 0;
            }
        }
        ++m_state.filesDone;
        if (m_progress)
            m_progress(m_state);
    }
    submitFiles(chunk);
    auto& futures = m_inFlight->futures;
    while (!futures.empty()) {
        QFuture<LoadBatch> f = std::move(futures.front());
        futures.pop_front();
        f.waitForFinished();
        pass(f.takeResult());
    }
    return !m_cancelled;
}

} // namespace kix
