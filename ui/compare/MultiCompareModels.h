// The tables of a comparison of 2–8 runs (model/MultiComparison): cases with one latency and one ratio
// column per run, and field rows with one value column per run, the rows that decide comparability
// marked. Column headers name the runs as "1 ac4k", "2 Databricks", … with the baseline marked.
#pragma once

#include "MultiComparison.h"

#include <QAbstractTableModel>

namespace kix::ui {

class MultiCaseModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit MultiCaseModel(QObject* parent = nullptr);
    void setComparison(const MultiComparison& comparison);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<MultiCaseRow> m_rows;
    QStringList m_runs;
    int m_baseline = 0;
};

class MultiFieldModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit MultiFieldModel(QObject* parent = nullptr);
    void setComparison(const MultiComparison& comparison);
    // Shows only the rows whose path or a value contains `text`, and only deciding rows if asked.
    void setFilter(const QString& text, bool decidingOnly);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<MultiFieldRow> m_all;
    QList<MultiFieldRow> m_rows;
    QStringList m_runs;
    QString m_text;
    bool m_decidingOnly = false;
};

// "1 ac4k (baseline)", "2 Databricks", … for the runs of a comparison.
QStringList runHeaders(const MultiComparison& m);

} // namespace kix::ui
