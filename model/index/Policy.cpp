#include "Policy.h"

#include "Digest.h"

#include <QHash>
#include <algorithm>

namespace kix {

namespace {

QString firstBundleDigest(const RunEntry& e, QString RunOccurrence::*member) {
    for (const auto& o : e.occurrences)
        if (!(o.*member).isEmpty())
            return o.*member;
    return {};
}

// KernelIndex keys the protocol and environment by the digest it recomputes from the bundle member; a run
// read without its bundle is keyed by the digest it declares (the only one KernelIndex would accept).
KeyPart memberPart(const RunEntry& e, QString RunOccurrence::*member, const QString& declared,
                   const ResourceEntry* resolved, const QString& label, const QString& what) {
    KeyPart p;
    p.value = firstBundleDigest(e, member);
    if (p.value.isEmpty())
        p.value = declared;
    p.label =
        (resolved && !label.isEmpty() ? label + QStringLiteral(" · ") : QString()) + shortDigest(p.value);
    if (p.value.isEmpty())
        p.missing = QStringLiteral("the run names no %1").arg(what);
    return p;
}

} // namespace

PolicyFacts policyFacts(const RecordIndex& index, const RunEntry& e) {
    PolicyFacts f;
    const RunSpec& s = e.run->spec;
    const ResourceEntry* workload = index.workloadOf(e);
    const ResourceEntry* protocol = index.protocolOf(e);
    const ResourceEntry* environment = index.environmentOf(e);

    f.workload.value = s.workloadDigest;
    f.workload.label = (workload && !workload->resource->workload.label.isEmpty()
                            ? workload->resource->workload.label + QStringLiteral(" · ")
                            : QString()) +
                       shortDigest(s.workloadDigest);
    if (s.workloadDigest.isEmpty())
        f.workload.missing = QStringLiteral("the run names no workload");

    const QString unloaded =
        QStringLiteral("its workload %1 is not loaded").arg(shortDigest(s.workloadDigest));
    if (workload) {
        f.operation.value = workload->resource->workload.operationDigest;
        const ResourceEntry* op = index.resource(f.operation.value);
        f.operation.label =
            (op ? op->resource->name + QStringLiteral(" · ") : QString()) + shortDigest(f.operation.value);
        if (f.operation.value.isEmpty())
            f.operation.missing = QStringLiteral("its workload names no operationSpecDigest");
        f.correctness.value = workload->resource->workload.correctnessKey;
        f.correctness.label = shortDigest(f.correctness.value);
    } else {
        f.operation.missing = unloaded;
        f.correctness.missing = unloaded;
    }
    f.protocol =
        memberPart(e, &RunOccurrence::protocolDigest, s.protocolDigest, protocol,
                   protocol ? protocol->resource->protocol.label() : QString(), QStringLiteral("protocol"));
    f.environment = memberPart(e, &RunOccurrence::environmentDigest, s.environmentDigest, environment,
                               environment ? environment->resource->environment.label() : QString(),
                               QStringLiteral("environment"));
    f.primary = s.primary();
    f.metric.value = metricKey(f.primary);
    f.metric.label = f.metric.value;

    if (f.operation.known() && f.workload.known() && f.protocol.known() && f.environment.known() &&
        f.correctness.known())
        f.comparisonKey = comparisonKey({f.operation.value, f.workload.value, f.protocol.value,
                                         f.environment.value, f.correctness.value, f.metric.value});
    const CatalogRunFacts* published = e.published();
    if (published)
        f.publishedComparisonKey = published->comparisonKey;

    if (!s.passed())
        f.ineligible << QStringLiteral("STATUS_") +
                            (s.status.isEmpty() ? QStringLiteral("UNKNOWN") : s.status.toUpper());
    if (published && !published->retractedAt.isEmpty())
        f.ineligible << QStringLiteral("RETRACTED");
    if (published && index.isSuperseded(published->id))
        f.ineligible << QStringLiteral("SUPERSEDED");
    if (!f.primary)
        f.ineligible << QStringLiteral("MISSING_PRIMARY_METRIC");
    if (e.hasErrors())
        f.ineligible << QStringLiteral("INVALID_MANIFEST");
    const QString bundleProtocol = firstBundleDigest(e, &RunOccurrence::protocolDigest);
    const QString bundleEnvironment = firstBundleDigest(e, &RunOccurrence::environmentDigest);
    if ((!bundleProtocol.isEmpty() && bundleProtocol != s.protocolDigest) ||
        (!bundleEnvironment.isEmpty() && bundleEnvironment != s.environmentDigest))
        f.ineligible << QStringLiteral("DIGEST_MISMATCH");
    return f;
}

QString eligibilityReasonText(const QString& code) {
    if (code.startsWith(QLatin1String("STATUS_")))
        return QStringLiteral("its status is %1, not passed").arg(code.mid(7).toLower());
    if (code == QLatin1String("RETRACTED"))
        return QStringLiteral("it was retracted");
    if (code == QLatin1String("SUPERSEDED"))
        return QStringLiteral("a later run supersedes it");
    if (code == QLatin1String("MISSING_PRIMARY_METRIC"))
        return QStringLiteral(
            "it has no primary measurement (no central latency in timing, no measurements)");
    if (code == QLatin1String("INVALID_MANIFEST"))
        return QStringLiteral("its manifest has errors");
    if (code == QLatin1String("DIGEST_MISMATCH"))
        return QStringLiteral(
            "the protocol or environment beside it does not hash to the digest it declares");
    return code;
}

QList<Cohort> groupCohorts(const RecordIndex& index) {
    QHash<QString, int> byKey;
    QList<Cohort> cohorts;
    for (int i = 0; i < index.runCount(); ++i) {
        const PolicyFacts f = policyFacts(index, index.run(i));
        const QString key = f.cohortKey();
        if (key.isEmpty())
            continue;
        auto it = byKey.find(key);
        if (it == byKey.end()) {
            it = byKey.insert(key, int(cohorts.size()));
            cohorts.append(Cohort{key, {}, {}});
        }
        Cohort& c = cohorts[*it];
        c.runs << i;
        if (f.eligible())
            c.eligible << i;
    }
    std::stable_sort(cohorts.begin(), cohorts.end(),
                     [](const Cohort& a, const Cohort& b) { return a.runs.size() > b.runs.size(); });
    return cohorts;
}

} // namespace kix
