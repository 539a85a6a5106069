// A problem found while reading a manifest: where (file + JSON path) and what was expected.
#pragma once

#include "ProblemCodes.h"

#include <QList>
#include <QString>

namespace kix {

struct Problem {
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    QString file;    // as given by the caller; may be empty for in-memory input
    QString path;    // JSON path such as run.spec.timing.latencyNs.mean; empty for whole-file problems
    QString message; // what was wrong and what was expected
    QString code;    // stable identifier of the kind of problem (ProblemCodes.h); empty only in legacy paths

    bool isError() const { return severity == Severity::Error; }
    // "file: path: message", the form every front end prints.
    QString toString() const;
};

using Problems = QList<Problem>;

bool hasErrors(const Problems& problems);

} // namespace kix
