// The case-by-case comparison of two runs: per case the values compared, the ratio B/A with its 95%
// interval, the verdict (its reason in the tooltip) and the evidence behind it.
#pragma once

#include "CaseComparison.h"
#include "RowTableModel.h"

namespace kix::ui {

class CaseDiffModel : public RowTableModel<CaseDelta> {
    Q_OBJECT
public:
    enum Column { Case, A, B, Ratio, Interval, Verdict, Evidence };
    explicit CaseDiffModel(QObject* parent = nullptr);

protected:
    QVariant cell(const CaseDelta& d, int column, int role) const override;
};

} // namespace kix::ui
