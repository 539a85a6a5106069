// Reading many sources into documents, in parallel and in order: JSON and YAML files in chunks, JSON Lines
// sources (catalog exports) streamed line by line and parsed in batches on the thread pool, so that the
// first rows are delivered while the rest is still being read. Runs on whatever thread calls run();
// batches go to the sink in source order.
// Memory stays flat in the number of bad lines: of a JSON Lines source's lines that gave nothing but a
// problem, the first kLineProblemExamples per problem code are delivered as they are (as they are read),
// the others only counted, and after the source's last line one summary problem per such code says how
// many more there were (LoadBatch::notListed counts the rest). A source with no line that is not
// blank is a problem of its own (json.empty): nothing to check. The rows of a table kix does not know are
// one warning per table, after the source's last line, with their count and the first row's line.
#pragma once

#include "JsonReader.h"
#include "Records.h"

#include <QMap>
#include <QStringList>
#include <atomic>
#include <functional>

namespace kix {

struct LoadBatch {
    QList<ParsedDocument> documents;
    QString endOfLines; // set on the (empty) batch that follows a JSON Lines source's last line
    // Problem-only lines counted and not delivered, less one for each summary delivered (which stands for
    // one of them): errorCount of everything delivered plus the sum of this is every bad line.
    qint64 notListed = 0;
};

struct LoadProgress {
    qint64 done = 0, total = 0; // bytes of the sources (compressed bytes for .zst)
    int filesDone = 0, files = 0;
};

class LoadJob {
public:
    using Sink = std::function<void(LoadBatch&&)>;
    using Progress = std::function<void(const LoadProgress&)>;

    static constexpr int kLineProblemExamples = 20;

    LoadJob(QStringList paths, JsonLimits limits, Sink sink, Progress progress = {});
    // Reads everything (or until cancel() is called); returns false when cancelled.
    bool run();
    void cancel() { m_cancelled = true; }
    bool cancelled() const { return m_cancelled; }

private:
    void readLines(const QString& file);
    void deliverTrace(const QString& file, qint64 firstLine);
    void submitFiles(QStringList& chunk);
    void deliver(LoadBatch&& batch);
    void pass(LoadBatch&& batch);
    bool keepLineDocument(const ParsedDocument& doc);

    QStringList m_paths;
    JsonLimits m_limits;
    Sink m_sink;
    Progress m_progress;
    LoadProgress m_state;
    std::atomic<bool> m_cancelled{false};
    QMap<QString, qint64> m_lineProblems; // the current JSON Lines source's problem-only lines, by code
    struct UnknownTable {
        qint64 firstLine = 0, rows = 0;
    };
    QMap<QString, UnknownTable> m_unknownTables; // the current source's rows of unknown tables, by table
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
