#include "TraceAxes.h"

#include "JsonPath.h"
#include "ProblemCodes.h"
#include "QuotedForMessage.h"

#include <QHash>

namespace kix::trace {

using namespace codes;

bool traceAxesAgree(const Group& g, const DefinitionFacts& facts, const ProblemDefinition* known,
                    const QString& file, Problems& problems) {
    bool ok = true;
    const auto error = [&](const char* code, qint64 line, const QString& axis, const QString& message) {
        problems.append(makeProblem(Problem::Severity::Error, code, file,
                                    jsonPathKey(QStringLiteral("workload.axes"), axis), message, line));
        ok = false;
    };
    for (const TraceLine& t : g.lines) {
        const QString definition = quotedForMessage(t.definition, 80);
        QHash<QString, qint64> given;
        for (const auto& [axis, value] : t.axes)
            given.insert(axis, value);
        const auto missing = [&](const QString& axis, const QString& why) {
            error(fieldMissing, t.line, axis,
                  QStringLiteral("axis %1 is missing: %2").arg(quotedForMessage(axis, 80), why));
        };
        if (!known) {
            for (const QString& axis : facts.axes)
                if (!given.contains(axis))
                    missing(axis, QStringLiteral("definition %1 names it at line %2")
                                      .arg(definition)
                                      .arg(facts.axisLine.value(axis)));
            continue;
        }
        for (const ProblemAxis& axis : known->axes) {
            const auto it = given.constFind(axis.name);
            if (!axis.constant && it == given.constEnd())
                missing(axis.name, QStringLiteral("a variable axis of definition %1 as kix's problem file "
                                                  "states it")
                                       .arg(definition));
            else if (axis.constant && it != given.constEnd() && *it != axis.value)
                error(traceConflict, t.line, axis.name,
                      QStringLiteral("axis %1 is %2, but definition %3 fixes it at %4 (kix's problem file)")
                          .arg(quotedForMessage(axis.name, 80))
                          .arg(*it)
                          .arg(definition)
                          .arg(axis.value));
        }
    }
    return ok;
}

} // namespace kix::trace
