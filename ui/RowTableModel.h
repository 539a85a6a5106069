// A small base for read-only table models over a list of rows: subclasses supply the column
// names and one cell at a time. Replacing the rows is a full reset.
#pragma once

#include "Roles.h"
#include "TextSanitizer.h"

#include <QAbstractTableModel>
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
            return widgetLine(v.toString());
        return v;
    }

protected:
    virtual QVariant cell(const Row& row, int column, int role) const = 0;

private:
    QStringList m_headers;
    QList<Row> m_rows;
};

} // namespace kix::ui
