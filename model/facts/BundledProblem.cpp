#include "BundledProblem.h"

#include <QFile>
#include <optional>

namespace kix {

const ProblemDefinition* bundledProblemDefinition(QString* error) {
    static QString loadError;
    static const std::optional<ProblemDefinition> problem = []() -> std::optional<ProblemDefinition> {
        const QString path = QString::fromLatin1(kBundledProblem013);
        if (!QFile::exists(path)) {
            loadError = QStringLiteral("%1: not found (the program must call kixInitResources())").arg(path);
            return std::nullopt;
        }
        ProblemDefinitionRead read = readProblemDefinition(path);
        if (!read.definition && !read.problems.isEmpty())
            loadError = read.problems.first().toString();
        return read.definition;
    }();
    if (error)
        *error = loadError;
    return problem ? &*problem : nullptr;
}

} // namespace kix
