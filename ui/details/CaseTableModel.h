// The per-case results of one run.
#pragma once

#include "Manifest.h"

#include <QAbstractTableModel>

namespace kix::ui {

class CaseTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Axes,
        Status,
        Mean,
        Median,
        Min,
        Max,
        Stddev,
        Samples,
        Reference,
        Speedup,
        Bandwidth,
        OfCopy,
        MaxError,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setManifest(ManifestPtr manifest);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ManifestPtr m_manifest;
    // Each case's label (its axes, else its id), sanitized once: sorting 10,000 cases by it asks for
    // each label about 28 times.
    QStringList m_labels;
};

} // namespace kix::ui
