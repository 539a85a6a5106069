#include "NcuCsv.h"

#include "QuotedForMessage.h"

#include <QRegularExpression>
#include <array>
#include <cmath>

namespace kix::profile {

namespace {

constexpr std::array<const char*, 11> kLaunchColumns = {
    "ID",     "Process ID", "Process Name", "Host Name", "Kernel Name", "Context",
    "Stream", "Block Size", "Grid Size",    "Device",    "CC"};

struct Row {
    QList<QByteArray> fields;
    qint64 line = 0; // where the row starts
};

// RFC 4180 rows (quoted fields, "" for a quote inside one, CRLF or LF), with the line each row starts on.
// Returns an error message, or "" when every row was read.
// NOLINTNEXTLINE(readability-function-cognitive-complexity): one pass, a located refusal a branch
QString splitRows(const QByteArray& text, QList<Row>& rows) {
    Row row;
    QByteArray field;
    bool quoted = false, fieldStarted = false;
    qint64 line = 1;
    row.line = 1;
    const auto endField = [&]() -> QString {
        if (row.fields.size() >= NcuLimits::kMaxColumns)
            return QStringLiteral("line %1: more than %2 fields in a row (the limit)")
                .arg(row.line)
                .arg(NcuLimits::kMaxColumns);
        row.fields.push_back(field);
        field.clear();
        fieldStarted = false;
        return {};
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                if (c == '\n')
                    ++line;
                field += c;
            }
        } else if (c == '"' && !fieldStarted && field.isEmpty()) {
            quoted = fieldStarted = true;
        } else if (c == ',') {
            if (QString err = endField(); !err.isEmpty())
                return err;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            if (QString err = endField(); !err.isEmpty())
                return err;
            if (!(row.fields.size() == 1 && row.fields.front().isEmpty())) // skip blank lines
                rows.push_back(std::move(row));
            if (rows.size() > NcuLimits::kMaxLaunches + 2)
                return QStringLiteral("more than %1 launches (the limit)").arg(NcuLimits::kMaxLaunches);
            row = Row{};
            row.line = ++line;
        } else {
            field += c;
            fieldStarted = true;
        }
        if (field.size() > NcuLimits::kMaxFieldBytes)
            return QStringLiteral("line %1: a field of more than %2 bytes (the limit)")
                .arg(line)
                .arg(NcuLimits::kMaxFieldBytes);
    }
    if (quoted)
        return QStringLiteral("line %1: a quoted field is not closed before the end of the file (truncated?)")
            .arg(row.line);
    if (!field.isEmpty() || !row.fields.isEmpty()) {
        if (QString err = endField(); !err.isEmpty())
            return err;
        rows.push_back(std::move(row));
    }
    return {};
}

Problem error(const char* code, const QString& file, qint64 line, const QString& message) {
    return makeProblem(Problem::Severity::Error, code, file, QString(), message, line);
}

} // namespace

QString kernelFunction(const QString& kernelName) {
    QString name = kernelName;
    // Parameters, then template arguments, from the end: both may nest.
    const auto stripTrailingGroup = [&name](QChar open, QChar close) {
        if (!name.endsWith(close))
            return;
        int depth = 0;
        for (qsizetype i = name.size() - 1; i >= 0; --i) {
            if (name[i] == close)
                ++depth;
            else if (name[i] == open && --depth == 0) {
                name.truncate(i);
                return;
            }
        }
    };
    name = name.trimmed();
    stripTrailingGroup(u'(', u')');
    name = name.trimmed();
    stripTrailingGroup(u'<', u'>');
    const qsizetype scope = name.lastIndexOf(QStringLiteral("::"));
    if (scope >= 0)
        name = name.mid(scope + 2);
    const qsizetype space = name.lastIndexOf(u' '); // a return type ("void k")
    if (space >= 0)
        name = name.mid(space + 1);
    return name.trimmed();
}

std::optional<double> parseNcuNumber(const QString& cell) {
    static const QRegularExpression number(
        QStringLiteral("^[-+]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?(?:[eE][-+]?\\d+)?$"));
    const QString text = cell.trimmed();
    if (!number.match(text).hasMatch())
        return std::nullopt;
    bool ok = false;
    const double value = QString(text).remove(u',').toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// NOLINTNEXTLINE(readability-function-cognitive-complexity): one pass, a located refusal a branch
NcuReadResult readNcuCsv(const QByteArray& text, const QString& file) {
    NcuReadResult result;
    if (text.size() > NcuLimits::kMaxBytes) {
        result.problems << error(codes::profileTooLarge, file, 0,
                                 QStringLiteral("%1 bytes: over the %2-byte limit of an Nsight Compute CSV")
                                     .arg(text.size())
                                     .arg(NcuLimits::kMaxBytes));
        return result;
    }
    QList<Row> rows;
    if (const QString err = splitRows(text, rows); !err.isEmpty()) {
        result.problems << error(codes::profileCsvSyntax, file, 0, err);
        return result;
    }
    if (rows.isEmpty()) {
        result.problems << error(codes::profileNotNcu, file, 0, QStringLiteral("the file is empty"));
        return result;
    }
    const QList<QByteArray>& header = rows.front().fields;
    if (header.contains("Metric Name") && header.contains("Metric Value")) {
        result.problems << error(codes::profileNotNcu, file, 1,
                                 QStringLiteral("this is Nsight Compute's details page; export the raw page "
                                                "(ncu --import REPORT --csv --page raw)"));
        return result;
    }
    for (std::size_t i = 0; i < kLaunchColumns.size(); ++i) {
        if (qsizetype(i) >= header.size() || header[qsizetype(i)] != kLaunchColumns[i]) {
            result.problems << error(
                codes::profileNotNcu, file, 1,
                QStringLiteral("not an Nsight Compute raw-page CSV: column %1 is %2, expected \"%3\"")
                    .arg(i + 1)
                    .arg(qsizetype(i) < header.size()
                             ? quotedForMessage(QString::fromUtf8(header[qsizetype(i)]))
                             : QStringLiteral("missing"),
                         QString::fromLatin1(kLaunchColumns[i])));
            return result;
        }
    }
    if (rows.size() < 2) {
        result.problems << error(codes::profileNotNcu, file, 1,
                                 QStringLiteral("the units row after the header is missing (truncated?)"));
        return result;
    }
    NcuTable table;
    const QList<QByteArray>& units = rows[1].fields;
    for (const Row& r : rows.mid(1)) {
        if (r.fields.size() != header.size()) {
            result.problems << error(
                codes::profileCsvSyntax, file, r.line,
                QStringLiteral("%1 fields where the header has %2 (truncated or edited?)")
                    .arg(r.fields.size())
                    .arg(header.size()));
            return result;
        }
    }
    QHash<QString, qsizetype> seen;
    for (qsizetype c = qsizetype(kLaunchColumns.size()); c < header.size(); ++c) {
        const QString name = QString::fromUtf8(header[c]);
        if (seen.contains(name)) {
            result.problems << error(codes::profileCsvSyntax, file, 1,
                                     QStringLiteral("the metric %1 is listed twice (columns %2 and %3)")
                                         .arg(quotedForMessage(name))
                                         .arg(seen.value(name) + 1)
                                         .arg(c + 1));
            return result;
        }
        seen.insert(name, c);
        table.metricNames << name;
        table.units.insert(name, QString::fromUtf8(units[c]));
    }
    const qsizetype displayName = header.indexOf("device__attribute_display_name");
    for (const Row& r : rows.mid(2)) {
        NcuLaunch launch;
        launch.line = r.line;
        const auto at = [&r](int i) { return QString::fromUtf8(r.fields[i]); };
        bool idOk = false, pidOk = false;
        launch.id = at(0).toInt(&idOk);
        launch.processId = at(1).toLongLong(&pidOk);
        if (!idOk || launch.id < 0 || !pidOk) {
            result.problems << error(codes::profileCsvSyntax, file, r.line,
                                     QStringLiteral("the launch ID %1 or process ID %2 is not a whole number")
                                         .arg(quotedForMessage(at(0)), quotedForMessage(at(1))));
            return result;
        }
        if (!table.launches.isEmpty() && launch.id <= table.launches.back().id) {
            result.problems << error(codes::profileCsvSyntax, file, r.line,
                                     QStringLiteral("launch ID %1 after %2: the rows are not in launch order")
                                         .arg(launch.id)
                                         .arg(table.launches.back().id));
            return result;
        }
        launch.processName = at(2);
        launch.kernelName = at(4);
        launch.function = kernelFunction(launch.kernelName);
        launch.blockSize = at(7);
        launch.gridSize = at(8);
        launch.computeCapability = at(10);
        if (displayName >= 0)
            launch.device = QString::fromUtf8(r.fields[displayName]);
        for (qsizetype c = qsizetype(kLaunchColumns.size()); c < header.size(); ++c)
            launch.cells.insert(table.metricNames[c - qsizetype(kLaunchColumns.size())],
                                QString::fromUtf8(r.fields[c]));
        table.launches << std::move(launch);
    }
    if (table.launches.isEmpty())
        result.problems << error(codes::profileNoLaunch, file, 0,
                                 QStringLiteral("the report holds no profiled launch (did the kernel filter "
                                                "match nothing?)"));
    result.table = std::move(table);
    return result;
}

} // namespace kix::profile
