// Problems found while reading one manifest, with their JSON paths.
#pragma once

#include "Problem.h"
#include "RowTableModel.h"

namespace kix::ui {

class ProblemModel : public RowTableModel<Problem> {
    Q_OBJECT
public:
    explicit ProblemModel(QObject* parent = nullptr);

protected:
    QVariant cell(const Problem& row, int column, int role) const override;
};

} // namespace kix::ui
