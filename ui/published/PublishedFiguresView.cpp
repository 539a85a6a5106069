#include "PublishedFiguresView.h"

#include "PlainText.h"
#include "TableViews.h"

#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace kix::ui {

PublishedFiguresModel::PublishedFiguresModel(QObject* parent)
    : RowTableModel(publishedColumnTitles(), parent) {}

QVariant PublishedFiguresModel::cell(const PublishedFigureRow& row, int column, int role) const {
    if (role == Qt::DisplayRole)
        return row.cells.value(column);
    if (role == Qt::ToolTipRole)
        return plainToolTip(column == int(PublishedColumn::Source) ? row.sourceTitle + u'\n' + row.url
                                                                   : row.cells.value(column));
    return {};
}

PublishedFiguresView::PublishedFiguresView(QWidget* parent)
    : QWidget(parent)
    , m_notice(new QLabel(this))
    , m_model(new PublishedFiguresModel(this))
    , m_table(makeReadOnlyTable(m_model, this)) {
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_notice);
    layout->addWidget(m_table, 1);
}

void PublishedFiguresView::showFile(const QString& path) {
    const PublishedFiguresRead read = readPublishedFigures(path);
    if (!read.figures) {
        QStringList lines{tr("The published figures could not be read:")};
        for (const Problem& p : read.problems)
            lines << widgetLine(p.toString()); // quotes the file's path and what is wrong in it
        m_notice->setText(lines.join(u'\n'));
        m_model->setRows({});
        return;
    }
    m_notice->setText(publishedFiguresNotice() + u' ' +
                      tr("The runs themselves open from a catalog export or manifest files."));
    m_model->setRows(publishedFigureRows(*read.figures));
}

QString PublishedFiguresView::notice() const {
    return m_notice->text();
}

} // namespace kix::ui
