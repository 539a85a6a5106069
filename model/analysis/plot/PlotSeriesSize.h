// The size of a case, as the plot orders cases "by size" and places them on its size axis: one measure
// for the whole run (an axis has one unit), the one that sizes the most of its cases — bytes moved when
// the cases record them (bytes wins a tie: it is what a memory-bound kernel's time follows), else the
// product of the case's axes. A case the measure cannot size (no bytes recorded, no axes, an axis that
// is not positive) has no size: it sorts after the sized cases and is left off the size axis, which
// the plot then says in its footnote.
#pragma once

#include "RunSpec.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix {

enum class SizeMeasure { None, BytesMoved, AxesProduct };

struct CaseSizes {
    SizeMeasure measure = SizeMeasure::None;
    QStringList axisNames;             // AxesProduct: the axes multiplied, when every sized case has these
    QList<std::optional<double>> size; // per case, in the run's order

    qsizetype unsized() const;
    QString axisLabel() const; // "case size: bytes moved (log scale)"
};

CaseSizes caseSizes(const QList<CaseResult>& cases);
// One size for a tooltip: "202 MB" (decimal units, as bandwidth is quoted), or the product's digits.
QString sizeText(double size, SizeMeasure measure);
// Where the log axis puts its labelled ticks between lo and hi: the decades, or 1-2-5 steps when fewer
// than two decades fall inside (a narrow span would otherwise have one label or none).
QList<double> sizeTicks(double lo, double hi);
// A tick label on the log axis: "100 MB", "1 GB"; "100", "10k", "1M" for the axes' product (a count).
QString sizeTickText(double size, SizeMeasure measure);

} // namespace kix
