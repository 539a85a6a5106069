#include "RecordEventsReader.h"

#include "FieldReader.h"
#include "InputLimits.h"
#include "JsonPath.h"
#include "LineSource.h"
#include "Timestamp.h"

namespace kix {

using namespace codes;

namespace {

constexpr qsizetype kNamedColumns = 5; // unknown columns named in a row's warning

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
    QStringList unknown;
    for (auto it = row.begin(); it != row.end(); ++it) {
        const QString column = QString::fromStdString(it.key());
        if (!recordEventColumns().contains(column))
            unknown << column;
    }
    // One warning per row, however many columns: a row of 10,000 unknown columns made as many problems.
    if (unknown.size() == 1)
        fr.warning(fieldIgnored, fr.pathOf(unknown.first()),
                   QStringLiteral("a record_events column kix does not know; its value is not used"));
    else if (unknown.size() > 1)
        fr.warning(
            fieldIgnored, fr.path(),
            QStringLiteral("%1 record_events columns kix does not know (%2%3); their values are not used")
                .arg(unknown.size())
                .arg(unknown.mid(0, kNamedColumns).join(QStringLiteral(", ")),
                     unknown.size() > kNamedColumns ? QStringLiteral(", …") : QString()));
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
    qint64 warnings = 0;
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
        if (++out.rows > limits::kMaxRecordEvents) {
            out.refused = makeProblem(
                Problem::Severity::Error, catalogRecordEvent, path, QString(),
                QStringLiteral("more than %1 record_events rows: kix reads at most %1 for a history "
                               "(KernelIndex's export holds about 3,000); none is used")
                    .arg(limits::kMaxRecordEvents),
                line.number);
            out.events.clear();
            return out;
        }
        Problems rowProblems;
        if (auto event = readRecordEventRow(*row, path, line.number, rowProblems))
            out.events.append(std::move(*event));
        for (Problem& p : rowProblems)
            if (p.isError() || ++warnings <= limits::kMaxRepeatedWarnings)
                out.problems.append(std::move(p));
    }
    if (warnings > limits::kMaxRepeatedWarnings)
        out.problems.append(
            makeProblem(Problem::Severity::Warning, fieldIgnored, path, QString(),
                        QStringLiteral("%1 more warnings of record_events rows are not listed")
                            .arg(warnings - limits::kMaxRepeatedWarnings)));
    if (auto problem = source.error())
        out.problems.append(*problem);
    return out;
}

} // namespace kix
