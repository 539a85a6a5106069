#include "Format.h"

#include <cmath>

namespace kix {

namespace {
const QString kDash = QStringLiteral("—");

QString threeSignificant(double v) {
    const int decimals = v >= 100 ? 0 : v >= 10 ? 1 : 2;
    return QString::number(v, 'f', decimals);
}
} // namespace

QString formatLatency(std::optional<double> ns) {
    if (!ns || !std::isfinite(*ns))
        return kDash;
    const double v = *ns;
    if (v < 1e3)
        return threeSignificant(v) + QStringLiteral(" ns");
    if (v < 1e6)
        return threeSignificant(v / 1e3) + QStringLiteral(" µs");
    if (v < 1e9)
        return threeSignificant(v / 1e6) + QStringLiteral(" ms");
    return threeSignificant(v / 1e9) + QStringLiteral(" s");
}

QString formatRatio(std::optional<double> ratio) {
    if (!ratio || !std::isfinite(*ratio))
        return kDash;
    return QString::number(*ratio, 'f', *ratio >= 100 ? 0 : *ratio >= 10 ? 1 : 2) + QChar(0x00D7);
}

QString formatNumber(std::optional<double> value, int significant) {
    if (!value || !std::isfinite(*value))
        return kDash;
    return QString::number(*value, 'g', significant);
}

} // namespace kix
