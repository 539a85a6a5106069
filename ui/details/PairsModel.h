// Key/value rows: the flattened protocol and environment fields of a run.
#pragma once

#include "Manifest.h"
#include "RowTableModel.h"

namespace kix::ui {

class PairsModel : public RowTableModel<QPair<QString, QString>> {
    Q_OBJECT
public:
    explicit PairsModel(QObject* parent = nullptr);

protected:
    QVariant cell(const QPair<QString, QString>& row, int column, int role) const override;
};

} // namespace kix::ui
