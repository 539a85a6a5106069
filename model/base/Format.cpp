#include "Format.h"

#include <array>
#include <cmath>

namespace kix {

namespace {
const QString kDash = QStringLiteral("—");

// Three significant digits, decided on the printed value: 99.96 prints "100" (not "100.0") and
// 999.6 prints "1000", which the caller then moves to the next unit.
QString threeSignificant(double v) {
    const double magnitude = std::abs(v);
    int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
    QString s = QString::number(v, 'f', decimals);
    // Rounding can carry into a new digit (9.996 -> "10.00"): one decimal fewer keeps three digits.
    while (decimals > 0 && std::abs(s.toDouble()) >= (decimals == 2 ? 10 : 100))
        s = QString::number(v, 'f', --decimals);
    if (s.toDouble() == 0)
        s = QString::number(0.0, 'f', decimals); // never "-0.00"
    return s;
}
} // namespace

QString formatLatency(std::optional<double> nanoseconds) {
    if (!nanoseconds || !std::isfinite(*nanoseconds))
        return kDash;
    static const std::array<QString, 4> units = {QStringLiteral(" ns"), QStringLiteral(" µs"),
                                                 QStringLiteral(" ms"), QStringLiteral(" s")};
    double v = *nanoseconds;
    std::size_t unit = 0;
    while (unit + 1 < units.size() && std::abs(v) >= 1000) {
        v /= 1000;
        ++unit;
    }
    QString s = threeSignificant(v);
    // 999.6 µs rounds to "1000": say "1.00 ms" instead.
    if (unit + 1 < units.size() && std::abs(s.toDouble()) >= 1000) {
        s = threeSignificant(v / 1000);
        ++unit;
    }
    return s + units[unit];
}

QString formatRatio(std::optional<double> ratio) {
    if (!ratio || !std::isfinite(*ratio))
        return kDash;
    return threeSignificant(*ratio) + QChar(0x00D7);
}

QString formatNumber(std::optional<double> value, int significant) {
    if (!value || !std::isfinite(*value))
        return kDash;
    return QString::number(*value, 'g', significant);
}

} // namespace kix
