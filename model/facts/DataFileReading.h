// The reading helpers kix's two data-file formats (kix.problem/v1, the published figures) share: located
// problems with codes, the format check, unknown-member warnings, dates and instants, arrays of objects.
#pragma once

#include "FieldReader.h"
#include "Problem.h"

#include <QDate>
#include <QString>
#include <initializer_list>
#include <optional>

namespace kix {

// A located problem with a stable code (ProblemCodes.h).
Problem dataProblem(const char* code, const QString& file, const QString& path, const QString& message,
                    Problem::Severity severity = Problem::Severity::Error);

// Warns (data.unknown_member) about each member of `object` not in `known`: a misspelt member would
// otherwise be dropped without a word.
void warnUnknownMembers(const Json& object, const QString& path, std::initializer_list<const char*> known,
                        const QString& file, Problems& problems);

// Reads the required "format" member and checks it equals `expected` (data.format).
bool checkFormat(const Json& root, const char* expected, const QString& file, Problems& problems);

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
