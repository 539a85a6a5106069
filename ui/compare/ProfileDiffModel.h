// Compare's profile section (docs/profiles.md): per case of two runs, the verdict with the profile's why
// beside it ("slower: DRAM throughput 85% → 48% of peak"), then the metrics of A and B side by side with
// their change, the ones that moved most first (ProfileChecks.h compareProfiles). A case that has a profile
// on one side only, or on neither, says so in one row.
#pragma once

#include "ProfileComparison.h"
#include "RowTableModel.h"

namespace kix::ui {

struct ProfileDiffRow {
    QString caseLabel;
    QString verdict;                             // the case's first row only: the verdict and the why
    std::optional<profile::MetricChange> change; // empty: `note` says why there is nothing to compare
    QString note;
};

// A row per metric of each case with both profiles (the first carrying the verdict and its why), one row
// for a case without.
QList<ProfileDiffRow> profileDiffRows(const ProfileComparison& comparison);

class ProfileDiffModel : public RowTableModel<ProfileDiffRow> {
    Q_OBJECT
public:
    enum Column { CaseColumn, VerdictColumn, MetricColumn, AColumn, BColumn, ChangeColumn };
    explicit ProfileDiffModel(QObject* parent = nullptr);

protected:
    QVariant cell(const ProfileDiffRow& row, int column, int role) const override;
};

} // namespace kix::ui
