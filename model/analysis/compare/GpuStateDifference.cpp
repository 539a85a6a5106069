#include "GpuStateDifference.h"

#include <cmath>

namespace kix {

namespace {

QList<std::optional<CaseGpuState>> caseStatesOf(const RunSpec& run) {
    QList<std::optional<CaseGpuState>> states;
    states.reserve(run.cases.size());
    for (const CaseResult& c : run.cases)
        states << c.gpuState;
    return states;
}

bool recordsGpuState(const RunSpec& run) {
    if (run.gpu && run.gpu->unavailable.isEmpty())
        return true;
    return std::any_of(run.cases.cbegin(), run.cases.cend(),
                       [](const CaseResult& c) { return c.gpuState.has_value(); });
}

int throttledCases(const RunSpec& run) {
    return int(std::count_if(run.cases.cbegin(), run.cases.cend(), [](const CaseResult& c) {
        return c.gpuState && c.gpuState->throttledSamples > 0;
    }));
}

int mostOtherProcesses(const RunSpec& run) {
    int most = 0;
    for (const CaseResult& c : run.cases)
        if (c.gpuState)
            most = std::max(most, c.gpuState->otherProcessesMax);
    return most;
}

std::optional<double> powerLimitOf(const RunSpec& run) {
    if (run.gpu && run.gpu->powerLimitW)
        return run.gpu->powerLimitW;
    for (const CaseResult& c : run.cases)
        if (c.gpuState && c.gpuState->powerLimitW)
            return c.gpuState->powerLimitW->median;
    return std::nullopt;
}

QString signedPercent(double fraction) {
    return QStringLiteral("%1%2%")
        .arg(fraction >= 0 ? QStringLiteral("+") : QString())
        .arg(fraction * 100, 0, 'f', 1);
}

QString clockDifference(double a, double b) {
    return QStringLiteral("SM clock: A at a median %1 MHz, B at %2 MHz (B %3)")
        .arg(a, 0, 'f', 0)
        .arg(b, 0, 'f', 0)
        .arg(signedPercent(b / a - 1));
}

QString lockLabel(const RunSpec& run) {
    return run.gpu && run.gpu->lockedSmClockMHz
               ? QStringLiteral("locked (%1 MHz)").arg(*run.gpu->lockedSmClockMHz, 0, 'f', 0)
               : QStringLiteral("not locked");
}

} // namespace

QStringList gpuStateDifferences(const RunSpec& a, const RunSpec& b) {
    QStringList out;
    const bool hasA = recordsGpuState(a);
    const bool hasB = recordsGpuState(b);
    if (!hasA && !hasB)
        return out;
    if (hasA != hasB) {
        out << QStringLiteral(
                   "GPU state recorded for %1 only: the other run's clocks and power cap are unknown")
                   .arg(hasA ? QStringLiteral("A") : QStringLiteral("B"));
        return out;
    }
    const auto clockA = typicalSmClockOf(caseStatesOf(a));
    const auto clockB = typicalSmClockOf(caseStatesOf(b));
    if (clockA && clockB && *clockA > 0 && std::abs(*clockB / *clockA - 1) > kClockDifference)
        out << clockDifference(*clockA, *clockB);
    const auto powerA = powerLimitOf(a);
    const auto powerB = powerLimitOf(b);
    if (powerA && powerB && std::abs(*powerA - *powerB) >= 1)
        out << QStringLiteral("power limit: A %1 W, B %2 W").arg(*powerA, 0, 'f', 0).arg(*powerB, 0, 'f', 0);
    const QString lockA = lockLabel(a);
    const QString lockB = lockLabel(b);
    if (lockA != lockB)
        out << QStringLiteral("clocks %1 in A, %2 in B").arg(lockA, lockB);
    const int throttledA = throttledCases(a);
    const int throttledB = throttledCases(b);
    if (throttledA != throttledB)
        out << QStringLiteral("throttled cases: A %1 of %2, B %3 of %4")
                   .arg(throttledA)
                   .arg(a.cases.size())
                   .arg(throttledB)
                   .arg(b.cases.size());
    const int othersA = mostOtherProcesses(a);
    const int othersB = mostOtherProcesses(b);
    if ((othersA > 0) != (othersB > 0))
        out << QStringLiteral("other processes on the GPU during %1 (up to %2)")
                   .arg(othersA > 0 ? QStringLiteral("A") : QStringLiteral("B"))
                   .arg(std::max(othersA, othersB));
    return out;
}

QStringList caseGpuStateDifferences(const CaseResult& a, const CaseResult& b) {
    QStringList out;
    if (!a.gpuState || !b.gpuState)
        return out;
    if (a.gpuState->smClockMHz && b.gpuState->smClockMHz && a.gpuState->smClockMHz->median > 0) {
        const double ca = a.gpuState->smClockMHz->median;
        const double cb = b.gpuState->smClockMHz->median;
        if (std::abs(cb / ca - 1) > kClockDifference)
            out << clockDifference(ca, cb);
    }
    const bool ta = a.gpuState->throttledSamples > 0;
    const bool tb = b.gpuState->throttledSamples > 0;
    if (ta != tb)
        out << QStringLiteral("%1 throttled").arg(ta ? QStringLiteral("A") : QStringLiteral("B"));
    return out;
}

std::optional<double> runsNoiseFloor(const RunSpec& a, const RunSpec& b) {
    std::optional<double> floor;
    for (const RunSpec* run : {&a, &b})
        if (run->gpu && run->gpu->noiseFloor)
            floor = std::max(floor.value_or(0), *run->gpu->noiseFloor);
    return floor;
}

bool runsHaveCaseFloors(const RunSpec& a, const RunSpec& b) {
    return (a.gpu && a.gpu->noiseFloorIsSuite) || (b.gpu && b.gpu->noiseFloorIsSuite);
}

namespace {
void takeLarger(std::optional<double>& floor, std::optional<double> f) {
    if (f)
        floor = std::max(floor.value_or(0), *f);
}
} // namespace

std::optional<double> casesNoiseFloor(const RunSpec& runA, const CaseResult& a, const RunSpec& runB,
                                      const CaseResult& b, const QString& timer) {
    std::optional<double> floor;
    for (const auto& [run, c] : {std::pair{&runA, &a}, std::pair{&runB, &b}}) {
        if (c->noiseFloor)
            takeLarger(floor, c->noiseFloor->forTimer(timer));
        else if (run->gpu && !run->gpu->noiseFloorIsSuite)
            takeLarger(floor, run->gpu->noiseFloor);
    }
    return floor;
}

std::optional<double> ownNoiseFloor(const CaseResult& a, const CaseResult& b, const QString& timer) {
    std::optional<double> floor;
    for (const CaseResult* c : {&a, &b})
        if (c->noiseFloor)
            takeLarger(floor, c->noiseFloor->forTimer(timer));
    return floor;
}

} // namespace kix
