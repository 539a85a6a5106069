// The record_events table of a KernelIndex catalog export: one row each time a comparison cohort's leader
// changed ({id, comparisonKey, runId, previousRunId, policyVersion, cause, at, createdAt}; previousRunId
// is null for a cohort's first record). Every column is read; a missing or mistyped one, a key that is
// not a sha256 digest or a time that is not an instant is a located problem (file:line, row.<column>) and
// the row is not kept. A column the export adds is a warning, so nothing is dropped unsaid.
//
// The catalog reader validates each row as the export loads (a bad row is a problem row like any other);
// the rows themselves are read again, on demand, by readRecordEvents: only a history view needs them, and
// they are a few thousand small lines. Whether a row agrees with the runs it names is checked where the
// runs are known (model/analysis/history/).
#pragma once

#include "JsonReader.h"
#include "Records.h"

#include <optional>

namespace kix {

struct CatalogRecordEvent {
    QString id, comparisonKey, runId, previousRunId, policyVersion, cause, at, createdAt;
    Origin origin; // file and line of the row
};

// The columns of a record_events row, in the export's order.
const QStringList& recordEventColumns();

// One row: the event, or nullopt when a column is missing or bad; problems (and warnings) appended.
std::optional<CatalogRecordEvent> readRecordEventRow(const Json& row, const QString& file, qint64 line,
                                                     Problems& problems);

struct RecordEventsRead {
    QList<CatalogRecordEvent> events; // in row order
    // Of the rows (and the file): what the catalog reader also reports as it loads; of the warnings only the
    // first limits::kMaxRepeatedWarnings, then one that counts the rest.
    Problems problems;
    int rows = 0; // record_events rows seen, good or bad
    // Set when the file holds more than limits::kMaxRecordEvents rows: then no event is kept (a history of
    // part of them would be wrong), and this error names the limit. Not a row problem, so the catalog
    // reader has not reported it.
    std::optional<Problem> refused;
};

// Every record_events row of a catalog export (.jsonl or .jsonl.zst), streamed line by line, at most
// limits::kMaxRecordEvents of them (InputLimits.h): the memory a history holds is bounded by them.
RecordEventsRead readRecordEvents(const QString& path, const JsonLimits& limits = {});

} // namespace kix
