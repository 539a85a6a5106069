#include "LoadJob.h"

#include "CatalogReader.h"
#include "LineSource.h"
#include "SourceReader.h"
#include "WorkPool.h"

#include <QFile>
#include <QFileInfo>
#include <QFuture>
#include <QThreadPool>
#include <QtConcurrent>
#include <deque>

namespace kix {

using namespace codes;

namespace {

constexpr int kLinesPerBatch = 400;
constexpr qint64 kBytesPerBatch = 2 << 20;
constexpr int kFilesPerBatch = 64;

ParsedDocument problemDocument(const Problem& p) {
    ParsedDocument doc;
    doc.origin = Origin{p.file, p.line, QString()};
    doc.problems.append(p);
    return doc;
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
        if (!m_cancelled)
            m_sink(f.takeResult());
    }
}

void LoadJob::submitFiles(QStringList& chunk) {
    if (chunk.isEmpty())
        return;
    const JsonLimits limits = m_limits;
    m_inFlight->futures.push_back(
        QtConcurrent::run(workPool(), [chunk, limits] { return parseFiles(chunk, limits); }));
    chunk.clear();
    deliver({});
}

void LoadJob::readLines(const QString& file) {
    LineSource source(file, m_limits);
    if (auto problem = source.open()) {
        deliver(LoadBatch{{problemDocument(*problem)}});
        return;
    }
    const qint64 base = m_state.done;
    QList<SourceLineText> lines;
    qint64 bytes = 0;
    auto flush = [&] {
        if (lines.isEmpty())
            return;
        const JsonLimits limits = m_limits;
        m_inFlight->futures.push_back(QtConcurrent::run(
            workPool(), [file, lines, limits] { return parseCatalogLines(file, lines, limits); }));
        lines.clear();
        bytes = 0;
        deliver({});
    };
    SourceLine line;
    while (!m_cancelled && source.next(line)) {
        if (line.problem) {
            Problem p = *line.problem;
            p.line = line.number;
            // The line is in the location now ("file:12: …"); not again in the message.
            const QString prefix = QStringLiteral("line %1: ").arg(line.number);
            if (p.message.startsWith(prefix))
                p.message.remove(0, prefix.size());
            flush();
            deliver(LoadBatch{{problemDocument(p)}});
            continue;
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
    if (auto problem = source.error())
        deliver(LoadBatch{{problemDocument(*problem)}});
}

bool LoadJob::run() {
    const Inputs inputs = collectInputs(m_paths);
    LoadBatch problems;
    for (const Problem& p : inputs.problems)
        problems.documents.append(problemDocument(p));
    if (!problems.documents.isEmpty())
        deliver(std::move(problems));
    m_state.files = int(inputs.files.size());
    for (const QString& f : inputs.files)
        m_state.total += std::max<qint64>(1, QFileInfo(f).size());
    if (m_progress)
        m_progress(m_state);
    QStringList chunk;
    qint64 chunkBytes = 0;
    for (const QString& f : inputs.files) {
        if (m_cancelled)
            break;
        const SourceFormat format = formatOf(f);
        const qint64 size = std::max<qint64>(1, QFileInfo(f).size());
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
        if (!m_cancelled)
            m_sink(f.takeResult());
    }
    return !m_cancelled;
}

} // namespace kix
