// A small base for read-only table models over a list of rows: subclasses supply the column
// names and one cell at a time. Replacing the rows is a full reset.
#pragma once

#include "Roles.h"
#include "TextSanitizer.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QStringList>

namespace kix::ui {

template <typename Row> class RowTableModel : public QAbstractTableModel {
public:
    RowTableModel(QStringList headers, QObject* parent)
        : QAbstractTableModel(parent)
        , m_headers(std::move(headers)) {}

    void setRows(QList<Row> rows) {
        beginResetModel();
        m_rows = std::move(rows);
        m_elided.clear();
        endResetModel();
    }
    const QList<Row>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : int(m_headers.size());
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override {
        if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 &&
            section < m_headers.size())
            return m_headers[section];
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    QVariant data(const QModelIndex& index, int role) const override {
        if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= m_headers.size())
            return {};
        QVariant v =
            cell(m_rows[index.row()], index.column(), role == SortRole ? int(Qt::DisplayRole) : role);
        // Every text shown comes from untrusted documents: one line, controls shown, never a huge layout.
        if ((role == Qt::DisplayRole || role == SortRole) && v.typeId() == QMetaType::QString)
            return shownText(v.toString(), index);
        return v;
    }

protected:
    virtual QVariant cell(const Row& row, int column, int role) const = 0;

private:
    // Eliding a long text counts it to its end (a 15 MiB title: milliseconds), and views ask for the
    // same cell at every paint and every size hint, so the few long cells are elided once per reset.
    QString shownText(const QString& text, const QModelIndex& index) const {
        if (text.size() <= kWidgetLineCap)
            return widgetLine(text);
        const quint64 key = (quint64(index.row()) << 32) | quint64(index.column());
        auto it = m_elided.constFind(key);
        if (it == m_elided.cend())
            it = m_elided.insert(key, widgetLine(text));
        return *it;
    }

    QStringList m_headers;
    QList<Row> m_rows;
    mutable QHash<quint64, QString> m_elided; // (row, column) -> shown text, cells over the cap only
};

} // namespace kix::ui
