// The "Published" tab: the published leaderboard figures of the bundled file (resources/published/), as
// the table model/facts/PublishedFiguresTable.h words them, under the notice that they are published figures
// whose digests cannot be verified from them. The runs themselves come from the user's catalog or files.
#pragma once

#include "PublishedFiguresTable.h"
#include "RowTableModel.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace kix::ui {

class PublishedFiguresModel : public RowTableModel<PublishedFigureRow> {
    Q_OBJECT
public:
    explicit PublishedFiguresModel(QObject* parent = nullptr);

protected:
    QVariant cell(const PublishedFigureRow& row, int column, int role) const override;
};

class PublishedFiguresView : public QWidget {
    Q_OBJECT
public:
    explicit PublishedFiguresView(QWidget* parent = nullptr);
    // Reads a kix.published-figures/v1 file; a file with errors shows them instead of a table.
    void showFile(const QString& path);
    QString notice() const;
    PublishedFiguresModel* model() const { return m_model; }

private:
    QLabel* m_notice;
    PublishedFiguresModel* m_model;
    QTableView* m_table;
};

} // namespace kix::ui
