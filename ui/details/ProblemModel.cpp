#include "ProblemModel.h"
#include "Palette.h"
#include "PlainText.h"

#include <QBrush>
#include <QFileInfo>

namespace kix::ui {

ProblemModel::ProblemModel(QObject* parent)
    : RowTableModel({tr("Severity"), tr("JSON path"), tr("Problem"), tr("Code"), tr("Where")}, parent) {}

QVariant ProblemModel::cell(const Problem& p, int column, int role) const {
    if (role == Qt::ForegroundRole && column == Severity)
        return QBrush(toneColor(p.isError() ? Tone::Bad : Tone::Caution));
    if (role == Qt::ToolTipRole)
        return plainToolTip(column == Location ? p.location() : cell(p, column, Qt::DisplayRole).toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Severity:
        return p.isError()                                     ? tr("✖ error")
               : p.code.startsWith(QLatin1String("upstream.")) ? tr("⚠ KernelIndex")
                                                               : tr("⚠ warning");
    case Path:
        return p.path.isEmpty() ? tr("(whole document)") : p.path;
    case Message:
        return p.message;
    case Code:
        return p.code;
    case Location: {
        const QString name = QFileInfo(p.file).fileName();
        return p.line > 0 ? name + u':' + QString::number(p.line) : name;
    }
    }
    return {};
}

} // namespace kix::ui
