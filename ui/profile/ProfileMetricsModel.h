// One case's Nsight Compute metrics (model/profile, docs/profiles.md): a row per metric of kix's set, the
// case's value (durations and bytes added over its kernels, rates weighted by duration), the value against
// its peak where ncu measures one, then a column per kernel of the case, headed by its function.
#pragma once

#include "CaseProfiles.h"

#include <QAbstractTableModel>

namespace kix::ui {

class ProfileMetricsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Metric, Case, AgainstPeak, FirstKernel };
    explicit ProfileMetricsModel(QObject* parent = nullptr);

    // No case: no rows.
    void setCase(const std::optional<profile::CaseProfile>& profile);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::optional<profile::CaseProfile> m_case;
};

// The case's kernels: function, grid and block, registers, the warp stalls that held it most.
class ProfileKernelModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Function, Grid, Block, Duration, TopStalls, ColumnCount };
    explicit ProfileKernelModel(QObject* parent = nullptr);

    void setKernels(const QList<profile::KernelProfile>& kernels);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<profile::KernelProfile> m_kernels;
};

} // namespace kix::ui
