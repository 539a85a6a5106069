#include "SampleCounts.h"

#include "JsonPath.h"
#include "ProblemCodes.h"

namespace kix {

using namespace codes;

void checkRawSampleCounts(FieldReader& spec, const RunSpec& run, const QList<CaseResult>& cases,
                          std::optional<qsizetype> only, const QString& relative) {
    if (only) {
        if (cases.isEmpty() || cases.first().samplesNs.empty() || !run.latencyNs.samples)
            return;
        const std::size_t held = cases.first().samplesNs.size();
        if (std::size_t(*run.latencyNs.samples) != held)
            spec.error(evidenceFormat,
                       jsonPathKey(spec.pathOf(QStringLiteral("timing")), QStringLiteral("samples")),
                       QStringLiteral("the run states %1 samples, but case %2 of %3 holds %4")
                           .arg(*run.latencyNs.samples)
                           .arg(*only)
                           .arg(relative)
                           .arg(held));
        return;
    }
    if (run.measurements.isEmpty() || !run.measurements.first().sampleCount)
        return;
    const qint64 stated = *run.measurements.first().sampleCount;
    if (stated != cases.size())
        spec.error(evidenceFormat,
                   jsonPathKey(jsonPathIndex(spec.pathOf(QStringLiteral("measurements")), 0),
                               QStringLiteral("sampleCount")),
                   QStringLiteral("the run states %1 cases, but %2 holds %3")
                       .arg(stated)
                       .arg(relative)
                       .arg(cases.size()));
}

} // namespace kix
