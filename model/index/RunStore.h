// The loaded records, with loading off the calling thread: sources are read by a LoadJob on its own
// thread, parsed on the thread pool, and merged here in batches as they arrive, so rows appear while a
// large load is still running. One bad file or line becomes a located problem row, never a stopped load.
// Reading from the store happens on its thread; snapshot() gives other threads a cheap copy.
#pragma once

#include "LoadJob.h"
#include "Manifest.h"
#include "RecordIndex.h"
#include "Verification.h"

#include <QObject>
#include <QStringList>
#include <deque>
#include <memory>
#include <optional>

class QThread;

namespace kix {

enum class Facet { Benchmark, Gpu, Implementation, Family };

class RunStore : public QObject {
    Q_OBJECT
public:
    explicit RunStore(QObject* parent = nullptr);
    ~RunStore() override;

    // Reads every source the paths name (folders recursively), in parallel, and returns every document
    // (input problems as problem documents); for the CLI and tests. Blocks.
    static QList<ParsedDocument> loadBlocking(const QStringList& paths, const JsonLimits& limits = {});

    void add(const QList<ParsedDocument>& documents);
    void loadAsync(const QStringList& paths);
    void cancel();
    bool isLoading() const { return m_job != nullptr; }
    void clear();

    const RecordIndex& index() const { return m_index; }
    RecordIndex snapshot() const { return m_index; } // O(1): implicitly shared

    int size() const { return m_index.rowCount(); } // rows: runs and problem rows
    StoreRow row(int row) const { return m_index.row(row); }
    // The row as a Manifest. Building one parses the run's stored JSON again (1.5 MB for 10,000 cases,
    // 15 MB for a 15 MiB title), and a selection asks for the same rows from several views: the last
    // few are kept until the index changes.
    ManifestPtr at(int row) const;
    const RunEntry* runAt(int row) const;
    int indexOfFile(const QString& file) const { return m_index.rowOfFile(file); }
    QList<DigestCheck> verify(int row) const;

    QStringList facetValues(Facet facet) const;
    QString facetValue(const RunEntry& run, Facet facet) const;

signals:
    void loadStarted();
    void loadProgress(int done, int total); // permille of the bytes to read, total 1000
    void loadFinished(int rowsAdded, int problemRows, bool cancelled);
    void rowsAdded(int first, int last);
    void rowChanged(int row); // a loaded run was read again from another source
    void cleared();

private:
    void accept(quint64 job, LoadBatch&& batch);
    void finishLoad(quint64 job, bool cancelled);
    void drain();
    int addDocuments(QList<ParsedDocument>&& documents);

    RecordIndex m_index;
    std::shared_ptr<LoadJob> m_job;
    QThread* m_thread = nullptr;
    quint64 m_jobId = 0;
    int m_rowsAtStart = 0;
    int m_problemRowsAtStart = 0;
    // Arrived batches, not merged yet, and how much of the first is merged. A queue of batches, not one
    // list: appending a batch to a growing list of documents moved every waiting one on each growth (the
    // catalog load's longest UI stall).
    std::deque<QList<ParsedDocument>> m_pending;
    qsizetype m_pendingAt = 0;
    bool m_drainScheduled = false;
    std::optional<std::pair<quint64, bool>> m_finishPending;
    mutable QList<std::pair<int, ManifestPtr>> m_recent; // most recent first
};

} // namespace kix
