// A table as text for export: CSV (RFC 4180), Markdown (a pipe table), JSON (an array of objects keyed by
// the headers) and tab-separated text for the clipboard. Cells are taken as they are shown; numbers stay
// the text the table shows, so an export reads the same as the screen. The one JSON that is not a table,
// a comparison, is diffReportJson() (DiffReport.h), shared with `kix diff --json`.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace kix {

struct ExportTable {
    QStringList headers;
    QList<QStringList> rows; // each as long as headers
};

enum class ExportFormat { Csv, Markdown, Json };
QString exportFormatSuffix(ExportFormat format); // "csv", "md", "json"
// By a file's suffix (csv, md or markdown, json); false when none of them.
bool exportFormatFromSuffix(const QString& suffix, ExportFormat& format);

QByteArray toCsv(const ExportTable& table);      // CRLF line ends, fields quoted where they must be
QByteArray toMarkdown(const ExportTable& table); // "|" escaped; line breaks and controls shown, not emitted
QByteArray toJson(const ExportTable& table);     // [{header: cell, …}, …], indented
// Rows as tab-separated lines (tabs and line breaks inside cells become spaces), headers first if asked.
QString toTsv(const ExportTable& table, bool withHeaders);
QByteArray exportTable(const ExportTable& table, ExportFormat format);

} // namespace kix
