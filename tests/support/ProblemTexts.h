// Problems as strings, so a test can compare a whole list with QCOMPARE and see every difference.
#pragma once

#include "Problem.h"

#include <QStringList>

namespace kixtest {

// Each problem as it is shown: Problem::toString().
inline QStringList problemTexts(const kix::Problems& problems) {
    QStringList out;
    for (const kix::Problem& p : problems)
        out << p.toString();
    return out;
}

// As shown, with its code: "… [read.missing]".
inline QStringList problemTextsWithCodes(const kix::Problems& problems) {
    QStringList out;
    for (const kix::Problem& p : problems)
        out << p.toString() + QStringLiteral(" [") + p.code + u']';
    return out;
}

// Only the code and the JSON path: "field.missing /spec/x".
inline QStringList problemCodesAndPaths(const kix::Problems& problems) {
    QStringList out;
    for (const kix::Problem& p : problems)
        out << p.code + u' ' + p.path;
    return out;
}

} // namespace kixtest
