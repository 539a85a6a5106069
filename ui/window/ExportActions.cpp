#include "ExportActions.h"

#include "DiffWidget.h"
#include "ExportTableOf.h"
#include "LatencyPlot.h"
#include "LeaderboardWidget.h"
#include "PlotWidget.h"
#include "RunFilterProxy.h"
#include "RunListPane.h"
#include "SaveFile.h"
#include "Settings.h"
#include "TableExport.h"
#include "TextSanitizer.h"

#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QMenu>
#include <QMessageBox>
#include <QTableView>
#include <algorithm>

namespace kix::ui {

ExportActions::ExportActions(const Views& views, const Settings* settings, QWidget* window)
    : QObject(window)
    , m_views(views)
    , m_settings(settings)
    , m_window(window)
    , m_chooseSave([](QWidget* parent, const QString& caption, const QString& path, const QString& filter) {
        return QFileDialog::getSaveFileName(parent, caption, path, filter);
    }) {}

QString ExportActions::selectedRowsText() const {
    const RunFilterProxy* proxy = m_views.proxy;
    ExportTable t;
    for (int c = 0; c < proxy->columnCount(); ++c)
        t.headers << proxy->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    QModelIndexList rows = m_views.runTable->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), shownBefore);
    for (const QModelIndex& r : rows) {
        QStringList cells;
        for (int c = 0; c < proxy->columnCount(); ++c)
            cells << r.siblingAtColumn(c).data().toString();
        t.rows << cells;
    }
    return t.rows.isEmpty() ? QString() : toTsv(t, false);
}

void ExportActions::copySelectedRows() {
    const QString text = selectedRowsText();
    if (text.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(text);
    emit statusMessage(tr("Copied %n row(s) as tab-separated text", nullptr, int(text.count(u'\n'))), 4000);
}

QString ExportActions::exportTo(ExportWhat what, const QString& path) {
    ExportFormat format = ExportFormat::Csv;
    if (!exportFormatFromSuffix(QFileInfo(path).suffix(), format))
        return tr("unknown export format \"%1\": use .csv, .md or .json")
            .arg(widgetLine(QFileInfo(path).suffix()));
    emit viewsNeeded(); // the comparison exported is the one the selection asks for
    DiffWidget* diff = m_views.diff;
    if ((what == ExportWhat::Comparison || what == ExportWhat::ComparisonFields) &&
        !diff->waitUntilShown(60000))
        return tr("the comparison is still being computed: try again");
    QByteArray bytes;
    switch (what) {
    case ExportWhat::RunTable:
        bytes = kix::exportTable(exportTableOf(m_views.proxy), format);
        break;
    case ExportWhat::Leaderboard:
        bytes = kix::exportTable(exportTableOf(m_views.leaderboard->table()->model()), format);
        break;
    case ExportWhat::Comparison:
    case ExportWhat::ComparisonFields:
        if (!diff->hasComparison())
            return tr("there is no comparison to export: compare two to eight runs first");
        if (format == ExportFormat::Json) // the comparison as `kix diff --json` writes it
            bytes = QByteArray::fromStdString(
                        diff->exportJson().dump(2, ' ', true, Json::error_handler_t::replace)) +
                    '\n';
        else
            bytes = kix::exportTable(what == ExportWhat::Comparison ? diff->caseTable() : diff->fieldTable(),
                                     format);
        break;
    }
    return widgetLine(saveFile(path, bytes)); // never over a device or a FIFO
}

void ExportActions::exportTableDialog(ExportWhat what) {
    static const char* const names[] = {"kix-runs.csv", "kix-leaderboard.csv", "kix-comparison.json",
                                        "kix-comparison-fields.csv"};
    const QString path = m_chooseSave(
        m_window, tr("Export"), QDir(m_settings->lastFolder()).filePath(QLatin1String(names[int(what)])),
        tr("CSV (*.csv);;Markdown (*.md);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QString error = exportTo(what, path);
    if (error.isEmpty())
        emit statusMessage(tr("Written to %1").arg(widgetLine(path)), 8000);
    else
        warn(tr("Export"), error);
}

void ExportActions::addTableExports(QMenu* menu) {
    const QList<QPair<ExportWhat, QString>> exports = {
        {ExportWhat::RunTable, tr("Run &table…")},
        {ExportWhat::Leaderboard, tr("&Leaderboard…")},
        {ExportWhat::Comparison, tr("&Comparison…")},
        {ExportWhat::ComparisonFields, tr("Comparison &fields…")}};
    for (const auto& [what, text] : exports) {
        QAction* a = menu->addAction(text);
        a->setObjectName(QStringLiteral("export%1").arg(int(what)));
        connect(a, &QAction::triggered, this, [this, what = what] { exportTableDialog(what); });
    }
}

void ExportActions::exportPlot() {
    const QString path = m_chooseSave(m_window, tr("Export plot"),
                                      QDir(m_settings->lastFolder()).filePath(QStringLiteral("kix-plot.png")),
                                      tr("PNG image (*.png);;PDF document (*.pdf);;SVG image (*.svg)"));
    if (path.isEmpty())
        return;
    emit viewsNeeded();
    const QString error = m_views.plot->plot()->exportTo(path);
    if (error.isEmpty())
        emit statusMessage(tr("Plot written to %1").arg(widgetLine(path)), 8000);
    else
        warn(tr("Export plot"), error);
}

void ExportActions::warn(const QString& title, const QString& error) {
    QMessageBox box(QMessageBox::Warning, title, error, QMessageBox::Ok, m_window);
    box.setTextFormat(Qt::PlainText); // the error quotes a path
    box.exec();
}

} // namespace kix::ui
