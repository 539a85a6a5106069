// The field-level diff of two runs: symbol and colour for added / removed / changed.
#pragma once

#include "Diff.h"
#include "RowTableModel.h"

namespace kix::ui {

class FieldDiffModel : public RowTableModel<FieldChange> {
    Q_OBJECT
public:
    enum Column { Change, Path, Before, After };
    explicit FieldDiffModel(QObject* parent = nullptr);

protected:
    QVariant cell(const FieldChange& f, int column, int role) const override;
};

} // namespace kix::ui
