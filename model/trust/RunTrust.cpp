#include "RunTrust.h"

#include <QSet>

namespace kix {

namespace {

const SignatureCheck* trustedRerunSignature(const QList<SignatureCheck>& signatures) {
    for (const SignatureCheck& s : signatures)
        if (s.state == SignatureState::Trusted && s.predicateType == QLatin1String(kRerunPredicateType))
            return &s;
    return nullptr;
}

QString protocolTimer(const RecordIndex& index, const RunEntry& e) {
    const ResourceEntry* protocol = index.protocolOf(e);
    return protocol ? protocol->resource->protocol.timer : QString();
}

} // namespace

RerunLatencies rerunLatencies(const RunRecord& run, const QString& signer, const QString& timer) {
    RerunLatencies r;
    r.timing = {run.spec.primaryStatistic, timer};
    r.runDigest = run.digest();
    r.signer = signer;
    r.overall = run.spec.latencyNs;
    r.cases = run.spec.cases;
    return r;
}

RunTrustChecker::RunTrustChecker(const RecordIndex& index, TrustStore trust)
    : m_index(index)
    , m_envelopes(std::move(trust)) {}

QList<SignatureCheck> RunTrustChecker::signaturesOf(int runIndex) {
    if (const auto it = m_signatures.constFind(runIndex); it != m_signatures.constEnd())
        return *it;
    QList<SignatureCheck> out;
    QSet<QString> seen;
    for (const RunOccurrence& o : m_index.run(runIndex).occurrences) {
        if (o.origin.line > 0 || seen.contains(o.origin.file))
            continue; // a catalog line, or a file already looked beside
        seen.insert(o.origin.file);
        out << m_envelopes.beside(o.origin.file);
    }
    m_signatures.insert(runIndex, out);
    return out;
}

QString RunTrustChecker::comparisonOf(int runIndex) const {
    const RunEntry& e = m_index.run(runIndex);
    const RunSpec& s = e.run->spec;
    const ResourceEntry* env = m_index.environmentOf(e);
    if (!env || s.workloadDigest.isEmpty() || s.implementationDigest.isEmpty() || s.protocolDigest.isEmpty())
        return {};
    const QString gpu = env->resource->environment.product.simplified().toLower();
    if (gpu.isEmpty())
        return {};
    return QStringList{s.workloadDigest, s.implementationDigest, s.protocolDigest, gpu}.join(u'|');
}

std::optional<RerunLatencies> RunTrustChecker::trustedRerun(int runIndex) {
    if (const auto it = m_reruns.constFind(runIndex); it != m_reruns.constEnd())
        return *it;
    std::optional<RerunLatencies> out;
    const QList<SignatureCheck> signatures = signaturesOf(runIndex);
    if (trustedRerunSignature(signatures)) {
        const RunEntry& e = m_index.run(runIndex);
        const Evidence alone = evidenceFor(verifyRun(m_index, e), signatures, {}, {});
        if (alone.level >= EvidenceLevel::RerunHere)
            out = rerunLatencies(*e.run, trustedRerunSignature(signatures)->fingerprint,
                                 protocolTimer(m_index, e));
    }
    m_reruns.insert(runIndex, out);
    return out;
}

QList<RerunLatencies> RunTrustChecker::othersLike(int runIndex) {
    const QString comparison = comparisonOf(runIndex);
    if (comparison.isEmpty())
        return {};
    if (!m_grouped) {
        // Only runs read from whole files can be signed; catalog lines are never candidates.
        for (int i = 0; i < m_index.runCount(); ++i)
            if (m_index.run(i).occurrences.first().origin.line == 0)
                if (const QString c = comparisonOf(i); !c.isEmpty())
                    m_byComparison[c] << i;
        m_grouped = true;
    }
    QList<RerunLatencies> others;
    const QString& digest = m_index.run(runIndex).run->digest();
    for (int other : m_byComparison.value(comparison))
        if (other != runIndex && m_index.run(other).run->digest() != digest)
            if (const auto r = trustedRerun(other))
                others << *r;
    return others;
}

RunTrust RunTrustChecker::trustOf(int runIndex, const QList<DigestCheck>& digests) {
    RunTrust t;
    t.signatures = signaturesOf(runIndex);
    const SignatureCheck* own = trustedRerunSignature(t.signatures);
    // Others matter only to a run that is itself a trusted rerun: look for them only then.
    const QList<RerunLatencies> others = own ? othersLike(runIndex) : QList<RerunLatencies>{};
    const RunEntry& e = m_index.run(runIndex);
    t.evidence = evidenceFor(
        digests, t.signatures,
        rerunLatencies(*e.run, own ? own->fingerprint : QString(), protocolTimer(m_index, e)), others);
    return t;
}

} // namespace kix
