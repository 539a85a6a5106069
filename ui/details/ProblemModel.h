// Problems found while reading a run's documents: severity, where (file:line and JSON path), the
// message and its stable code. "KernelIndex would reject this" findings are warnings with upstream.* codes.
#pragma once

#include "Problem.h"
#include "RowTableModel.h"

namespace kix::ui {

class ProblemModel : public RowTableModel<Problem> {
    Q_OBJECT
public:
    enum Column { Severity, Path, Message, Code, Location };
    explicit ProblemModel(QObject* parent = nullptr);

protected:
    QVariant cell(const Problem& p, int column, int role) const override;
};

} // namespace kix::ui
