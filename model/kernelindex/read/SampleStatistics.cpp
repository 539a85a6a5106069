#include "SampleStatistics.h"

#include "Format.h"
#include "JsonPath.h"
#include "ProblemCodes.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace kix {

namespace {

double medianOf(std::vector<double> v) {
    const std::size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
    const double upper = v[mid];
    if (v.size() % 2 == 1)
        return upper;
    return (*std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid)) + upper) / 2;
}

bool agrees(double stated, double computed) {
    return std::abs(stated - computed) <=
           std::max(kSampleStatisticSlackNs, kSampleStatisticTolerance * std::abs(computed));
}

} // namespace

void checkSampleStatistics(FieldReader& fr, const CaseResult& c) {
    const std::vector<double>& s = c.samplesNs;
    if (s.empty())
        return;
    const QString stats = fr.pathOf(QStringLiteral("latencyNs"));
    const LatencyStats& stated = c.latencyNs;
    if (stated.samples && *stated.samples != qint64(s.size()))
        fr.error(codes::evidenceStatistics, jsonPathKey(stats, QStringLiteral("samples")),
                 QStringLiteral("states %1 samples, samplesNs holds %2").arg(*stated.samples).arg(s.size()));
    const double mean = std::accumulate(s.begin(), s.end(), 0.0) / double(s.size());
    const auto [lowest, highest] = std::minmax_element(s.begin(), s.end());
    // KernelIndex writes minimum/maximum, kix min/max (CaseReader.cpp): the path names the one written.
    const Json* object = fr.child("latencyNs");
    const auto written = [object](const char* kernelIndexName, const char* kixName) {
        return object && object->is_object() && object->contains(kernelIndexName) ? kernelIndexName : kixName;
    };
    const std::pair<const char*, std::pair<std::optional<double>, double>> checks[] = {
        {"median", {stated.median, medianOf(s)}},
        {"mean", {stated.mean, mean}},
        {written("minimum", "min"), {stated.min, *lowest}},
        {written("maximum", "max"), {stated.max, *highest}},
    };
    for (const auto& [name, values] : checks) {
        const auto& [given, computed] = values;
        if (!given || !std::isfinite(computed) || agrees(*given, computed))
            continue;
        fr.error(codes::evidenceStatistics, jsonPathKey(stats, QString::fromLatin1(name)),
                 QStringLiteral("states %1 ns, the %2 samplesNs give %3 ns (tolerance %4% and %5 ns)")
                     .arg(formatNumber(*given, 12), QString::number(s.size()), formatNumber(computed, 12),
                          formatNumber(kSampleStatisticTolerance * 100),
                          formatNumber(kSampleStatisticSlackNs)));
    }
}

} // namespace kix
