// Where a bundled fact was read. kix's own data files (problem definitions, published figures) keep a
// "sources" table, and every object of facts names one entry of it in its "source" member, so that each
// number can be traced to a public URL. This header also holds the reading helpers both formats share:
// located problems with codes, unknown-member warnings, dates.
#pragma once

#include "FieldReader.h"
#include "Problem.h"

#include <QDate>
#include <QMap>
#include <QString>
#include <QStringList>
#include <initializer_list>
#include <optional>

namespace kix {

struct FactSource {
    QString id;           // its key in "sources"
    QString title;        // what was read
    QString url;          // the public address of the source (https)
    QString item;         // which part of it, when the URL names more than the facts
    QString via;          // the intermediary it was read through (a mirror, an export), if any
    QStringList readFrom; // the files the project read it from (paths relative to the source tree)
    QString snapshot;     // YYYY-MM-DD of the source's snapshot, when it has one
    QDate read;           // when the project read it
};

using FactSources = QMap<QString, FactSource>;

// A located problem with a stable code (ProblemCodes.h).
Problem dataProblem(const char* code, const QString& file, const QString& path, const QString& message,
                    Problem::Severity severity = Problem::Severity::Error);

// Warns (data.unknown_member) about each member of `object` not in `known`: a misspelt member would
// otherwise be dropped without a word.
void warnUnknownMembers(const Json& object, const QString& path, std::initializer_list<const char*> known,
                        const QString& file, Problems& problems);

// Reads the required "format" member and checks it equals `expected` (data.format).
bool checkFormat(const Json& root, const char* expected, const QString& file, Problems& problems);

// Reads the required "sources" object: id -> {title, url, item?, via?, readFrom?, snapshot?, read}.
FactSources readFactSources(const Json& root, const QString& file, Problems& problems);

// Reads the required "source" member of `object` and checks that it names an entry of `sources`.
std::optional<QString> readSourceRef(FieldReader& object, const FactSources& sources, const QString& file,
                                     Problems& problems);

// A calendar date written YYYY-MM-DD; adds data.invalid_date when it is not one.
std::optional<QDate> readDate(FieldReader& object, const char* key, FieldReader::Need need,
                              const QString& file, Problems& problems);

// An RFC 3339 instant in UTC ending in "Z", such as 2026-06-26T09:16:50.948Z (data.invalid_date otherwise).
std::optional<QString> readUtcInstant(FieldReader& object, const char* key, FieldReader::Need need,
                                      const QString& file, Problems& problems);

// Elements of a required, non-empty array member, each checked to be an object; returns nullptr after
// reporting when the member is missing, not an array or empty.
const Json* readObjectArray(FieldReader& parent, const char* key, const QString& file, Problems& problems);
// Reports "expected an object" at `path` unless `value` is one.
bool expectObject(const Json& value, const QString& path, const QString& file, Problems& problems);

} // namespace kix
