#include "TableExport.h"

#include "TextSanitizer.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace kix {

QString exportFormatSuffix(ExportFormat format) {
    switch (format) {
    case ExportFormat::Csv:
        return QStringLiteral("csv");
    case ExportFormat::Markdown:
        return QStringLiteral("md");
    case ExportFormat::Json:
        return QStringLiteral("json");
    }
    return {};
}

bool exportFormatFromSuffix(const QString& suffix, ExportFormat& format) {
    const QString s = suffix.toLower();
    if (s == QLatin1String("csv"))
        format = ExportFormat::Csv;
    else if (s == QLatin1String("md") || s == QLatin1String("markdown"))
        format = ExportFormat::Markdown;
    else if (s == QLatin1String("json"))
        format = ExportFormat::Json;
    else
        return false;
    return true;
}

namespace {

QString csvField(const QString& cell) {
    static const QString special = QStringLiteral(",\"\r\n");
    const bool quote = std::any_of(cell.begin(), cell.end(), [](QChar c) { return special.contains(c); }) ||
                       cell.startsWith(u' ') || cell.endsWith(u' ');
    if (!quote)
        return cell;
    QString escaped = cell;
    escaped.replace(u'"', QStringLiteral("\"\""));
    return u'"' + escaped + u'"';
}

QString markdownCell(const QString& cell) {
    // One line with every control visible, then the pipe (a column break) and the backslash escaped.
    QString s = sanitizeText(cell, {TextShape::Line, kNoCap});
    s.replace(u'\\', QStringLiteral("\\\\"));
    s.replace(u'|', QStringLiteral("\\|"));
    return s;
}

QString tsvCell(QString cell) {
    for (QChar& c : cell)
        if (c == u'\t' || c == u'\n' || c == u'\r')
            c = u' ';
    return cell;
}

} // namespace

QByteArray toCsv(const ExportTable& table) {
    QString out;
    auto line = [&](const QStringList& cells) {
        QStringList fields;
        for (const QString& c : cells)
            fields << csvField(c);
        out += fields.join(u',') + QStringLiteral("\r\n");
    };
    line(table.headers);
    for (const auto& row : table.rows)
        line(row);
    return out.toUtf8();
}

QByteArray toMarkdown(const ExportTable& table) {
    QString out;
    auto line = [&](const QStringList& cells) {
        QStringList fields;
        for (const QString& c : cells)
            fields << markdownCell(c);
        out += QStringLiteral("| ") + fields.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    };
    line(table.headers);
    QStringList rule;
    for (qsizetype i = 0; i < table.headers.size(); ++i)
        rule << QStringLiteral("---");
    out += u'|' + rule.join(u'|') + QStringLiteral("|\n");
    for (const auto& row : table.rows)
        line(row);
    return out.toUtf8();
}

QByteArray toJson(const ExportTable& table) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const auto& row : table.rows) {
        nlohmann::ordered_json o = nlohmann::ordered_json::object();
        for (qsizetype c = 0; c < table.headers.size(); ++c)
            o[table.headers[c].toStdString()] = row.value(c).toStdString();
        rows.push_back(std::move(o));
    }
    return QByteArray::fromStdString(rows.dump(2)) + '\n';
}

QString toTsv(const ExportTable& table, bool withHeaders) {
    QStringList lines;
    auto line = [&](const QStringList& cells) {
        QStringList fields;
        for (const QString& c : cells)
            fields << tsvCell(c);
        lines << fields.join(u'\t');
    };
    if (withHeaders)
        line(table.headers);
    for (const auto& row : table.rows)
        line(row);
    return lines.join(u'\n') + u'\n';
}

QByteArray exportTable(const ExportTable& table, ExportFormat format) {
    switch (format) {
    case ExportFormat::Csv:
        return toCsv(table);
    case ExportFormat::Markdown:
        return toMarkdown(table);
    case ExportFormat::Json:
        return toJson(table);
    }
    return {};
}

} // namespace kix
