// Reading many sources into documents, in parallel and in order: JSON and YAML files in chunks, JSON Lines
// sources (catalog exports) streamed line by line and parsed in batches on the thread pool, so that the
// first rows are delivered while the rest is still being read. Runs on whatever thread calls run();
// batches go to the sink in source order.
#pragma once

#include "JsonReader.h"
#include "Records.h"

#include <QStringList>
#include <atomic>
#include <functional>

namespace kix {

struct LoadBatch {
    QList<ParsedDocument> documents;
};

struct LoadProgress {
    qint64 done = 0, total = 0; // bytes of the sources (compressed bytes for .zst)
    int filesDone = 0, files = 0;
};

class LoadJob {
public:
    using Sink = std::function<void(LoadBatch&&)>;
    using Progress = std::function<void(const LoadProgress&)>;

    LoadJob(QStringList paths, JsonLimits limits, Sink sink, Progress progress = {});
    // Reads everything (or until cancel() is called); returns false when cancelled.
    bool run();
    void cancel() { m_cancelled = true; }
    bool cancelled() const { return m_cancelled; }

private:
    void readLines(const QString& file);
    void submitFiles(QStringList& chunk);
    void deliver(LoadBatch&& batch);

    QStringList m_paths;
    JsonLimits m_limits;
    Sink m_sink;
    Progress m_progress;
    LoadProgress m_state;
    std::atomic<bool> m_cancelled{false};
    struct InFlight;
    std::shared_ptr<InFlight> m_inFlight;
};

// Parses one chunk of JSON Lines text (one catalog record per line).
struct SourceLineText {
    QByteArray text;
    qint64 number = 0;
};
LoadBatch parseCatalogLines(const QString& file, const QList<SourceLineText>& lines,
                            const JsonLimits& limits);

} // namespace kix
