// Everything loaded, by identity: resources by digest (one entry per digest, knowing every origin), runs
// by run digest (the same run read twice is one entry that knows both sources), catalog ids, measurements
// and, per source, what it held. A value type with implicitly shared members: a copy is cheap, so a worker
// thread can read a snapshot while the store goes on adding.
#pragma once

#include "Records.h"

#include <QHash>
#include <QMap>
#include <QSet>

namespace kix {

// One place a run was read, with what came beside it there.
struct RunOccurrence {
    Origin origin;                             // the run resource's origin
    QString protocolDigest, environmentDigest; // recomputed digests of its bundle members, empty without
    std::optional<CatalogRunFacts> published;  // when read from a catalog row
    Problems problems;                         // every problem of that document
};

struct RunEntry {
    RunPtr run;
    QList<RunOccurrence> occurrences;
    const QString& file() const { return occurrences.first().origin.file; }
    Problems problems() const; // of every occurrence, in load order
    bool hasErrors() const;
    const CatalogRunFacts* published() const; // the first catalog row that holds it
};

struct ResourceEntry {
    ResourcePtr resource;
    QList<Origin> origins;
    std::optional<CatalogResourceFacts> published;
};

// An input or document that gave no run but errors: an unreadable file, a bad catalog line, a dangling
// link, an empty folder, a supporting resource whose published digest differs.
struct ProblemRow {
    Origin origin;
    QString table;
    Problems problems;
};

// Per source: how many documents, runs and resources it held (catalog lines by table) and its problems.
struct SourceSummary {
    QString file;
    qint64 documents = 0, runs = 0, resources = 0, measurements = 0, errors = 0, warnings = 0;
    QMap<QString, qint64> tables;
};

// A row of the store, in load order: a run or a problem row.
struct StoreRow {
    enum class Kind { Run, Problem };
    Kind kind = Kind::Run;
    int index = -1; // into runs() or problemRows()
};

class RecordIndex {
public:
    // Merges one document. Returns the row it added, or -1 when it added none (a supporting resource,
    // a measurement, or a run already loaded, which gains an occurrence instead).
    int add(ParsedDocument doc);
    int addProblem(const Problem& problem); // an input-level problem becomes a problem row
    void clear() { *this = RecordIndex(); }

    int rowCount() const { return int(m_rows.size()); }
    StoreRow row(int row) const { return m_rows.value(row); }
    int runCount() const { return int(m_runs.size()); }
    const RunEntry& run(int runIndex) const { return m_runs[runIndex]; }
    const QList<RunEntry>& runs() const { return m_runs; }
    const QList<ProblemRow>& problemRows() const { return m_problemRows; }
    int rowOfRun(int runIndex) const { return m_rowOfRun.value(runIndex, -1); }
    int runIndexOf(const QString& runDigest) const { return m_runByDigest.value(runDigest, -1); }
    int runIndexOfCatalogId(const QString& id) const { return m_runByCatalogId.value(id, -1); }
    // The first row read from this file (a run or a problem row), -1 when none.
    int rowOfFile(const QString& file) const;
    // The run whose last changed row, when add() merged into an existing run.
    int lastMergedRun() const { return m_lastMerged; }

    const ResourceEntry* resource(const QString& digest) const;
    // A normalized resource whose form as written hashes to `digest` (a digest computed without
    // KernelIndex's normalization).
    const ResourceEntry* resourceWrittenAs(const QString& digest) const;
    const ResourceEntry* resourceByCatalogId(const QString& id) const;
    const QHash<QString, ResourceEntry>& resources() const { return m_resources; }
    int resourceCount(ResourceKind kind) const { return m_kindCounts.value(int(kind)); }
    QList<Measurement> catalogMeasurements(const QString& runId) const { return m_measurements.value(runId); }
    bool isSuperseded(const QString& catalogRunId) const { return m_superseded.contains(catalogRunId); }
    const QMap<QString, SourceSummary>& sources() const { return m_sources; }

    // The resources a run names, resolved across everything loaded (null when not loaded).
    const ResourceEntry* protocolOf(const RunEntry& e) const;
    const ResourceEntry* environmentOf(const RunEntry& e) const;
    const ResourceEntry* workloadOf(const RunEntry& e) const;
    const ResourceEntry* implementationOf(const RunEntry& e) const;
    const ResourceEntry* operationOf(const RunEntry& e) const;

private:
    void addResource(const ResourcePtr& r, const std::optional<CatalogResourceFacts>& published);
    SourceSummary& summary(const QString& file);
    // A document that gave no run but problems: a problem row, unless the same one is already in.
    int addProblemRow(const ParsedDocument& doc);

    QList<StoreRow> m_rows;
    QList<RunEntry> m_runs;
    QList<ProblemRow> m_problemRows;
    QList<int> m_rowOfRun; // run index -> row
    QHash<QString, int> m_runByDigest;
    QHash<QString, int> m_runByCatalogId;
    QHash<QString, ResourceEntry> m_resources;
    QHash<QString, QString> m_writtenDigests; // written digest -> digest, for normalized resources only
    QHash<QString, QString> m_byCatalogId;    // catalog id -> resource digest
    QHash<int, int> m_kindCounts;
    QHash<QString, QList<Measurement>> m_measurements;
    QSet<QString> m_superseded;
    QSet<QString> m_problemKeys;
    QMap<QString, SourceSummary> m_sources;
    int m_lastMerged = -1;
};

} // namespace kix
