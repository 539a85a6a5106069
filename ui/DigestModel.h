// Digest checks, for one run or for every loaded run.
#pragma once

#include "RowTableModel.h"
#include "Verification.h"

namespace kix::ui {

struct DigestRow {
    QString run; // title of the run the check belongs to
    DigestCheck check;
};

class DigestModel : public RowTableModel<DigestRow> {
    Q_OBJECT
public:
    enum Column { Run, Field, State, Expected, Computed, Reason };
    explicit DigestModel(QObject* parent = nullptr);

protected:
    QVariant cell(const DigestRow& row, int column, int role) const override;
};

QString stateSymbol(DigestCheck::State state); // ✔ ✖ ?

} // namespace kix::ui
