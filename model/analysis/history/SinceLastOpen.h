// "What changed since I last looked" (issue 23): when a catalog or folder is opened again, which of its
// comparison cohorts got new runs or a new record since the last time. A snapshot per opened source —
// per cohort key, how many runs it had and which run led it — is kept by the caller (the explorer keeps
// it in its settings under the source's identity) in a compact, versioned text form; the comparison of
// that snapshot with the runs loaded now lists the changed cohorts and the runs in them.
//
// The leader is the eligible run with the lowest primary time (ties: the first loaded); a cohort whose
// metric is not a time has no leader (kix does not know which way is better) and changes only by its runs.
// Runs and leaders are named by the first 16 hex digits of their digests, cohorts by the first 16 of their
// keys: 64 bits each, so that the catalog's ~2,000 cohorts keep under 100 KB.
#pragma once

#include "RecordIndex.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <optional>

namespace kix {

struct CohortMark {
    int runs = 0;   // runs with this cohort key
    QString leader; // 16 hex digits of the leading run's digest; empty: none (no eligible time)
    bool operator==(const CohortMark&) const = default;
};

struct CohortSnapshot {
    QString label;                      // what was opened, in words (a file or folder name)
    QString openedAt;                   // RFC 3339, UTC
    QHash<QString, CohortMark> cohorts; // by the first 16 hex digits of the comparison key
    QHash<int, QString> keyOfRun;       // run index -> its cohort's 16 digits; not serialized
};

// The identity a source's snapshot is kept under: its canonical path; for a KernelIndex catalog export
// named catalog-YYYY-MM-DD-<hash>.jsonl[.zst] (the export carries no identity of its own), its folder and
// "catalog-*", so that a newer export saved beside it compares with the one opened before. Empty when the
// path does not exist.
QString lastOpenIdentity(const QString& path);

// The runs of `index` read from under `root` (a file, or anything below a folder; canonical paths), by
// run index; every run when `root` is empty.
QList<int> runsReadFrom(const RecordIndex& index, const QString& root);

// The snapshot of those runs' cohorts (runs without a cohort key are left out).
CohortSnapshot cohortSnapshot(const RecordIndex& index, const QList<int>& runs);

// Why the settings file the snapshot is kept in must not be read (a FIFO would block the explorer's start,
// a device or a file of gigabytes would be read whole), or empty when it may: absent, or a regular file of
// at most limits::kMaxSettingsFileBytes. Checked before QSettings opens it.
QString settingsFileProblem(const QString& path);

// The compact form: a header line "kix-cohort-snapshot 1", the opening's time and label, then one line per
// cohort "KEY RUNS LEADER" (LEADER "-" when none), sorted by key.
QByteArray serializeCohortSnapshot(const CohortSnapshot& snapshot);
// The snapshot, or the reason it cannot be used ("the saved snapshot is from another version of kix
// (header …)", "… line 4: …", a text over limits::kMaxSnapshotBytes or with more than
// limits::kMaxSnapshotCohorts cohorts): then the caller treats the opening as the first. Lines are read
// in place: a text of millions of newlines is refused by its size before any is split off.
struct CohortSnapshotRead {
    std::optional<CohortSnapshot> snapshot;
    QString reason;
};
CohortSnapshotRead parseCohortSnapshot(const QByteArray& text);

struct CohortChange {
    QString key;            // 16 hex digits
    int newRuns = 0;        // runs now less runs then, when more; every run of a cohort new since then
    bool newRecord = false; // another run leads it now (a cohort new since then with a leader counts)
};

struct ChangesSinceLastOpen {
    bool firstOpen = true; // no usable snapshot: nothing is called new
    QString reason;        // why it counts as a first open: no snapshot kept, or why it could not be read
    QString since;         // the earlier snapshot's openedAt
    QList<CohortChange> changes; // by key
    int newRuns = 0, newRecords = 0;
    QSet<int> changedRuns; // run indices (current.keyOfRun) in a changed cohort
    // "3 cohorts changed since 2026-12-01T09:00:00Z: 2 with a new record, 5 new runs", "nothing changed
    // since …", or the first open with its reason.
    QString summary() const;
};

// `previous` (the kept text, read by parseCohortSnapshot; an empty text is a first open) against
// `current`.
ChangesSinceLastOpen compareCohortSnapshots(const QByteArray& previous, const CohortSnapshot& current);

} // namespace kix
