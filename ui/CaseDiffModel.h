// The case-by-case comparison of two runs.
#pragma once

#include "CaseComparison.h"
#include "RowTableModel.h"

namespace kix::ui {

class CaseDiffModel : public RowTableModel<CaseDelta> {
    Q_OBJECT
public:
    enum Column { Case, A, B, Ratio, Direction, Noise };
    explicit CaseDiffModel(QObject* parent = nullptr);

protected:
    QVariant cell(const CaseDelta& d, int column, int role) const override;
};

} // namespace kix::ui
