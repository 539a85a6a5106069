#include "Comparability.h"

namespace kix {

namespace {

QString stackVersion(const Manifest& m) {
    if (!m.protocol)
        return {};
    const auto& p = m.protocolSpec;
    return p.harnessVersion.isEmpty() ? p.harnessName : p.harnessName + u' ' + p.harnessVersion;
}

void compare(const QString& what, const QString& a, const QString& b, bool knownA, bool knownB,
             const QString& missingWhy, ComparabilityVerdict& v) {
    if (!knownA || !knownB || a.isEmpty() || b.isEmpty()) {
        v.comparable = false;
        v.reasons << QStringLiteral("%1 unknown for run %2 (%3)")
                         .arg(what, (!knownA || a.isEmpty()) ? QStringLiteral("A") : QStringLiteral("B"),
                              missingWhy);
        return;
    }
    if (a != b) {
        v.comparable = false;
        v.reasons << QStringLiteral("%1 differs: \"%2\" vs \"%3\"").arg(what, a, b);
    }
}

} // namespace

ComparabilityVerdict assessComparability(const Manifest& a, const Manifest& b) {
    ComparabilityVerdict v;
    compare(QStringLiteral("comparison family"), a.protocolSpec.family, b.protocolSpec.family,
            a.protocol.has_value(), b.protocol.has_value(),
            QStringLiteral("no BenchmarkProtocol in its file"), v);
    compare(QStringLiteral("benchmark definition"), a.runSpec.benchmark, b.runSpec.benchmark, true, true,
            QStringLiteral("the run names no benchmark"), v);
    compare(QStringLiteral("GPU"), a.environmentSpec.product, b.environmentSpec.product,
            a.environment.has_value(), b.environment.has_value(),
            QStringLiteral("no ExecutionEnvironment in its file"), v);
    compare(QStringLiteral("stack version"), stackVersion(a), stackVersion(b), a.protocol.has_value(),
            b.protocol.has_value(), QStringLiteral("no BenchmarkProtocol in its file"), v);
    return v;
}

} // namespace kix
