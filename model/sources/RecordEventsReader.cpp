#include "RecordEventsReader.h"

#include "FieldReader.h"
#include "JsonPath.h"
#include "LineSource.h"
#include "Timestamp.h"

namespace kix {

using namespace codes;

namespace {

// A required instant column: RFC 3339, or KernelIndex's own instant form.
std::optional<QString> recordEventInstant(FieldReader& fr, const char* key) {
    std::optional<QString> value = fr.string(key, FieldReader::Required);
    if (!value)
        return std::nullopt;
    const std::string text = value->toStdString();
    if (isRfc3339DateTime(std::string_view(text)) || isKernelIndexInstant(text))
        return value;
    fr.error(fieldTimestamp, fr.pathOf(QString::fromLatin1(key)),
             QStringLiteral("expected an RFC 3339 timestamp such as 2026-06-26T09:16:50.948Z, got \"%1\"")
                 .arg(*value));
    return std::nullopt;
}

} // namespace

const QStringList& recordEventColumns() {
    static const QStringList columns = {QStringLiteral("id"),
                                        QStringLiteral("comparisonKey"),
                                        QStringLiteral("runId"),
                                        QStringLiteral("previousRunId"),
                                        QStringLiteral("policyVersion"),
                                        QStringLiteral("cause"),
                                        QStringLiteral("at"),
                                        QStringLiteral("createdAt")};
    return columns;
}

std::optional<CatalogRecordEvent> readRecordEventRow(const Json& row, const QString& file, qint64 line,
                                                     Problems& problems) {
    FieldReader fr(&row, QStringLiteral("row"), file, problems, line);
    const qsizetype before = problems.size();
    const auto id = fr.string("id", FieldReader::Required);
    const auto key = fr.digest("comparisonKey", FieldReader::Required);
    const auto runId = fr.string("runId", FieldReader::Required);
    std::optional<QString> previous;
    if (const Json* p = fr.child("previousRunId"); p && !p->is_null())
        previous = fr.string("previousRunId");
    const auto policy = fr.string("policyVersion", FieldReader::Required);
    const auto cause = fr.string("cause", FieldReader::Required);
    const auto at = recordEventInstant(fr, "at");
    const auto created = recordEventInstant(fr, "createdAt");
    for (auto it = row.begin(); it != row.end(); ++it) {
        const QString column = QString::fromStdString(it.key());
        if (!recordEventColumns().contains(column))
            fr.warning(fieldIgnored, fr.pathOf(column),
                       QStringLiteral("a record_events column kix does not know; its value is not used"));
    }
    if (hasErrors(problems.mid(before)) || !id || !key || !runId || !policy || !cause || !at || !created)
        return std::nullopt;
    return CatalogRecordEvent{*id,
                              *key,
                              *runId,
                              previous.value_or(QString()),
                              *policy,
                              *cause,
                              *at,
                              *created,
                              Origin{file, line, QStringLiteral("/row")}};
}

RecordEventsRead readRecordEvents(const QString& path, const JsonLimits& limits) {
    RecordEventsRead out;
    LineSource source(path, limits);
    if (auto problem = source.open()) {
        out.problems.append(*problem);
        return out;
    }
    SourceLine line;
    while (source.next(line)) {
        // A record_events line names its table in quotes; any other line is the catalog reader's.
        if (line.problem || !line.text.contains("\"record_events\""))
            continue;
        const JsonReadResult parsed = parseJson(line.text, path, limits);
        if (!parsed.value || !parsed.value->is_object())
            continue;
        const Json& root = *parsed.value;
        const auto table = root.find("table");
        const auto row = root.find("row");
        if (table == root.end() || *table != "record_events" || row == root.end() || !row->is_object())
            continue;
        ++out.rows;
        if (auto event = readRecordEventRow(*row, path, line.number, out.problems))
            out.events.append(std::move(*event));
    }
    if (auto problem = source.error())
        out.problems.append(*problem);
    return out;
}

} // namespace kix
