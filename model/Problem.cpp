#include "Problem.h"

#include <algorithm>

namespace kix {

QString Problem::toString() const {
    QString out;
    if (!file.isEmpty())
        out += file + QStringLiteral(": ");
    if (!path.isEmpty())
        out += path + QStringLiteral(": ");
    if (severity == Severity::Warning)
        out += QStringLiteral("warning: ");
    return out + message;
}

bool hasErrors(const Problems& problems) {
    return std::any_of(problems.begin(), problems.end(), [](const Problem& p) { return p.isError(); });
}

} // namespace kix
