#include "Problem.h"

#include <algorithm>

namespace kix {

QString Problem::location() const {
    if (line > 0)
        return file + u':' + QString::number(line);
    return file;
}

QString Problem::toString() const {
    QString out;
    if (!file.isEmpty())
        out += location() + QStringLiteral(": ");
    if (!path.isEmpty())
        out += path + QStringLiteral(": ");
    if (severity == Severity::Warning)
        out += QStringLiteral("warning: ");
    return out + message;
}

bool hasErrors(const Problems& problems) {
    return std::any_of(problems.begin(), problems.end(), [](const Problem& p) { return p.isError(); });
}

int errorCount(const Problems& problems) {
    return int(std::count_if(problems.begin(), problems.end(), [](const Problem& p) { return p.isError(); }));
}

Problem makeProblem(Problem::Severity severity, const char* code, const QString& file, const QString& path,
                    const QString& message, qint64 line) {
    Problem p;
    p.severity = severity;
    p.file = file;
    p.path = path;
    p.message = message;
    p.code = QString::fromLatin1(code);
    p.line = line;
    return p;
}

} // namespace kix
