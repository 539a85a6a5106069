// A problem found while reading input: where (file, line for JSON Lines, JSON path) and what was expected.
// In kix's code a Problem is always such a diagnostic; a benchmark problem is a ProblemDefinition (facts/).
#pragma once

#include "ProblemCodes.h"

#include <QList>
#include <QString>

namespace kix {

struct Problem {
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    QString file;    // as given by the caller; may be empty for in-memory input
    QString path;    // JSON path such as run.spec.timing.latencyNs.mean; empty for whole-document problems
    QString message; // what was wrong and what was expected
    QString code;    // stable identifier of the kind of problem (ProblemCodes.h); empty only in legacy paths
    qint64 line = 0; // 1-based line of a JSON Lines source (a catalog export); 0 for whole files

    bool isError() const { return severity == Severity::Error; }
    // "file:line: path: message", the form every front end prints.
    QString toString() const;
    // "file:line" or "file", for listing where problems are.
    QString location() const;
};

using Problems = QList<Problem>;

bool hasErrors(const Problems& problems);
int errorCount(const Problems& problems);
// Makes a problem in one expression: located(Error, codes::fieldMissing, file, path, message).
Problem makeProblem(Problem::Severity severity, const char* code, const QString& file, const QString& path,
                    const QString& message, qint64 line = 0);

} // namespace kix
