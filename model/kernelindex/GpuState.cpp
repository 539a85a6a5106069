#include "GpuState.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kix {

namespace {

double medianOfValues(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 != 0 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

QString percentText(double fraction) {
    return QString::number(std::abs(fraction) * 100, 'f', fraction != 0 && std::abs(fraction) < 0.1 ? 1 : 0);
}

} // namespace

std::optional<double> CaseNoiseFloor::forTimer(const QString& verdictTimer) const {
    if (verdictTimer == timer)
        return relative;
    if (verdictTimer == QLatin1String("cuda_events"))
        return eventsRelative;
    return std::nullopt;
}

std::optional<double> typicalSmClockOf(const QList<std::optional<CaseGpuState>>& states) {
    std::vector<double> medians;
    for (const auto& s : states)
        if (s && s->smClockMHz)
            medians.push_back(s->smClockMHz->median);
    if (medians.empty())
        return std::nullopt;
    return medianOfValues(std::move(medians));
}

QStringList caseGpuFlags(const CaseGpuState& state, std::optional<double> typicalSmClock) {
    QStringList flags;
    if (state.throttledSamples > 0) {
        static const QStringList kThrottling = {QStringLiteral("sw_power_cap"), QStringLiteral("hw_slowdown"),
                                                QStringLiteral("sw_thermal_slowdown"),
                                                QStringLiteral("hw_thermal_slowdown"),
                                                QStringLiteral("hw_power_brake_slowdown")};
        QStringList why;
        for (const QString& r : state.clocksEventReasons)
            if (kThrottling.contains(r))
                why << r;
        flags << QStringLiteral("throttled: %1 in %2 of %3 samples")
                     .arg(why.isEmpty() ? QStringLiteral("a slowdown reason")
                                        : why.join(QStringLiteral(", ")))
                     .arg(state.throttledSamples)
                     .arg(state.samples);
    }
    if (state.smClockMHz && typicalSmClock && *typicalSmClock > 0) {
        const double below = 1 - state.smClockMHz->median / *typicalSmClock;
        if (below > kBelowTypicalClock)
            flags << QStringLiteral("SM clock %1 MHz, %2% below the run's typical %3 MHz")
                         .arg(state.smClockMHz->median, 0, 'f', 0)
                         .arg(percentText(below))
                         .arg(*typicalSmClock, 0, 'f', 0);
    }
    if (state.otherProcessesMax > 0)
        flags << QStringLiteral("%1 other process%2 on the GPU")
                     .arg(state.otherProcessesMax)
                     .arg(state.otherProcessesMax == 1 ? QString() : QStringLiteral("es"));
    return flags;
}

QStringList runGpuFlags(const GpuRunState& state) {
    QStringList flags;
    if (state.calibrationSuspect && state.calibrationNs && state.calibrationUsualNs &&
        *state.calibrationUsualNs > 0)
        flags << QStringLiteral("calibration suspect: %1 µs, %2% from this GPU's usual %3 µs (band ±%4%)")
                     .arg(*state.calibrationNs / 1e3, 0, 'f', 1)
                     .arg(percentText(*state.calibrationNs / *state.calibrationUsualNs - 1))
                     .arg(*state.calibrationUsualNs / 1e3, 0, 'f', 1)
                     .arg(state.calibrationBand * 100, 0, 'f', 0);
    if (state.clockLockRequested && !state.lockedSmClockMHz)
        flags << QStringLiteral("clocks not locked as asked: %1").arg(state.clockLockError);
    return flags;
}

QString caseGpuStateLine(const CaseGpuState& s) {
    QStringList parts;
    if (s.smClockMHz)
        parts << QStringLiteral("SM %1 MHz (min %2, max %3)")
                     .arg(s.smClockMHz->median, 0, 'f', 0)
                     .arg(s.smClockMHz->minimum, 0, 'f', 0)
                     .arg(s.smClockMHz->maximum, 0, 'f', 0);
    if (s.memoryClockMHz)
        parts << QStringLiteral("memory %1 MHz").arg(s.memoryClockMHz->median, 0, 'f', 0);
    if (s.powerW)
        parts << (s.powerLimitW ? QStringLiteral("%1 W of %2 W")
                                      .arg(s.powerW->median, 0, 'f', 0)
                                      .arg(s.powerLimitW->median, 0, 'f', 0)
                                : QStringLiteral("%1 W").arg(s.powerW->median, 0, 'f', 0));
    if (s.temperatureC)
        parts << QStringLiteral("%1 °C max").arg(s.temperatureC->maximum, 0, 'f', 0);
    QStringList reasons = s.clocksEventReasons;
    reasons.removeAll(QStringLiteral("gpu_idle"));
    if (!reasons.isEmpty())
        parts << QStringLiteral("clocks events: %1").arg(reasons.join(QStringLiteral(", ")));
    parts << QStringLiteral("%1 samples").arg(s.samples);
    return parts.join(QStringLiteral(", "));
}

} // namespace kix
