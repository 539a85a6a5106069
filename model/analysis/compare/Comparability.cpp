#include "Comparability.h"

#include "Diff.h"

namespace kix {

namespace {

const KeyPart& partOf(const PolicyFacts& f, int i) {
    const KeyPart* parts[] = {&f.operation,   &f.workload,    &f.protocol,
                              &f.environment, &f.correctness, &f.metric};
    return *parts[i];
}

QString sentence(const Mismatch& m) {
    QString s = QStringLiteral("%1 differs: \"%2\" vs \"%3\"").arg(m.part, m.a, m.b);
    if (!m.detail.isEmpty())
        s += QStringLiteral(" (%1)").arg(m.detail);
    return s;
}

QString ineligibleSentence(const QString& side, const QStringList& codes) {
    QStringList why;
    for (const QString& c : codes)
        why << eligibilityReasonText(c);
    return QStringLiteral("%1 is not eligible: %2").arg(side, why.join(QStringLiteral("; ")));
}

void writeReasons(ComparabilityVerdict& v) {
    v.reasons.clear();
    for (int i = 0; i < v.mismatches.size(); ++i)
        v.reasons << (i == 0 ? QStringLiteral("first material mismatch: ") : QStringLiteral("also: ")) +
                         sentence(v.mismatches[i]);
    v.reasons += v.unknown;
    if (!v.ineligibleA.isEmpty())
        v.reasons << ineligibleSentence(QStringLiteral("A"), v.ineligibleA);
    if (!v.ineligibleB.isEmpty())
        v.reasons << ineligibleSentence(QStringLiteral("B"), v.ineligibleB);
}

// The first fields by JSON path in which two specs differ, "spec.software.framework.version: "2.9" ->
// "2.10"".
QString firstDifferences(const std::optional<Resource>& a, const std::optional<Resource>& b) {
    if (!a || !b)
        return {};
    const QList<FieldChange> changes = diffJson(
        a->json.value("spec", Json::object()), b->json.value("spec", Json::object()), QStringLiteral("spec"));
    QStringList out;
    for (const auto& c : changes.mid(0, 3)) {
        const QString before = c.before.isEmpty() ? QStringLiteral("absent") : c.before.left(60);
        const QString after = c.after.isEmpty() ? QStringLiteral("absent") : c.after.left(60);
        out << QStringLiteral("%1: %2 -> %3").arg(c.path, before, after);
    }
    if (changes.size() > 3)
        out << QStringLiteral("%1 more").arg(changes.size() - 3);
    return out.join(QStringLiteral("; "));
}

} // namespace

QStringList policyPartOrder() {
    return {QStringLiteral("operation"),   QStringLiteral("workload"),    QStringLiteral("protocol"),
            QStringLiteral("environment"), QStringLiteral("correctness"), QStringLiteral("metric")};
}

ComparabilityVerdict assessComparability(const PolicyFacts& a, const PolicyFacts& b) {
    ComparabilityVerdict v;
    const QStringList names = policyPartOrder();
    // The workload digest covers its operationSpecDigest and correctness: one workload digest on both sides
    // settles those parts even when the workload itself is not loaded.
    const bool sameWorkload = a.workload.known() && a.workload.value == b.workload.value;
    for (int i = 0; i < names.size(); ++i) {
        const KeyPart& pa = partOf(a, i);
        const KeyPart& pb = partOf(b, i);
        if (pa.known() && pb.known()) {
            if (pa.value != pb.value)
                v.mismatches.append(Mismatch{names[i], pa.label, pb.label, {}});
            continue;
        }
        const bool implied = sameWorkload && (names[i] == QLatin1String("operation") ||
                                              names[i] == QLatin1String("correctness"));
        if (implied)
            continue;
        const QString why =
            !pa.known() ? QStringLiteral("A: ") + pa.missing : QStringLiteral("B: ") + pb.missing;
        v.unknown << QStringLiteral("%1 could not be compared (%2)").arg(names[i], why);
    }
    v.ineligibleA = a.ineligible;
    v.ineligibleB = b.ineligible;
    if (!v.mismatches.isEmpty())
        v.firstMismatch = v.mismatches.first();
    v.comparable = v.mismatches.isEmpty() && v.unknown.isEmpty() && a.eligible() && b.eligible();
    if (v.comparable)
        v.comparisonKey = a.cohortKey();
    writeReasons(v);
    return v;
}

ComparabilityVerdict assessComparability(const Manifest& a, const Manifest& b) {
    ComparabilityVerdict v = assessComparability(a.policy, b.policy);
    v.sameRun = a.run && b.run && a.run->digest == b.run->digest;
    for (Mismatch& m : v.mismatches) {
        if (m.part == QLatin1String("workload"))
            m.detail = firstDifferences(a.workload, b.workload);
        else if (m.part == QLatin1String("protocol"))
            m.detail = firstDifferences(a.protocol, b.protocol);
        else if (m.part == QLatin1String("environment"))
            m.detail = firstDifferences(a.environment, b.environment);
        else if (m.part == QLatin1String("operation"))
            m.detail = firstDifferences(a.operation, b.operation);
    }
    if (!v.mismatches.isEmpty())
        v.firstMismatch = v.mismatches.first();
    writeReasons(v);
    return v;
}

} // namespace kix
