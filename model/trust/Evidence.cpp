#include "Evidence.h"

#include "Statistics.h"

namespace kix {

QString evidenceLevelName(EvidenceLevel level) {
    switch (level) {
    case EvidenceLevel::Reported:
        return QStringLiteral("reported");
    case EvidenceLevel::VerifiedDigests:
        return QStringLiteral("verified digests");
    case EvidenceLevel::RerunHere:
        return QStringLiteral("rerun here");
    case EvidenceLevel::Replicated:
        return QStringLiteral("replicated");
    }
    return {};
}

bool rerunsAgree(const RerunLatencies& a, const RerunLatencies& b, QString& why) {
    why.clear();
    int tested = 0;
    for (const auto& [id, stats] : a.cases) {
        for (const auto& [otherId, otherStats] : b.cases) {
            if (otherId != id)
                continue;
            const auto w = welchTest(stats, otherStats);
            if (!w)
                continue;
            ++tested;
            if (w->beyondNoise) {
                why = QStringLiteral("case %1 differs beyond noise (Welch t = %2)")
                          .arg(id)
                          .arg(w->t, 0, 'f', 1);
                return false;
            }
        }
    }
    if (tested > 0)
        return true;
    if (const auto w = welchTest(a.overall, b.overall)) {
        if (!w->beyondNoise)
            return true;
        why = QStringLiteral("their latencies differ beyond noise (Welch t = %1)").arg(w->t, 0, 'f', 1);
        return false;
    }
    why = QStringLiteral(
        "no case or overall latency of both has the mean, spread and sample count a test needs");
    return false;
}

Evidence evidenceFor(const QList<DigestCheck>& digests, const QList<SignatureCheck>& signatures,
                     const RerunLatencies& self, const QList<RerunLatencies>& others) {
    Evidence e;
    e.summary = evidenceLevelName(EvidenceLevel::Reported);
    const DigestSummary d = summarize(digests);
    if (d.mismatch > 0) {
        e.reasons << QStringLiteral("%1 digest(s) do not match their content").arg(d.mismatch);
        return e;
    }
    if (digests.isEmpty()) {
        e.reasons << QStringLiteral("the run declares no digest kix could recompute");
        return e;
    }
    if (d.notVerifiable > 0) {
        e.reasons << QStringLiteral(
                         "%1 of %2 digests could not be recomputed here (load the resources they name)")
                         .arg(d.notVerifiable)
                         .arg(digests.size());
        return e;
    }
    e.level = EvidenceLevel::VerifiedDigests;
    e.summary = evidenceLevelName(e.level);
    e.reasons << QStringLiteral("all %1 digests recomputed and equal").arg(digests.size());

    const SignatureCheck* trusted = nullptr;
    for (const SignatureCheck& s : signatures) {
        if (s.state == SignatureState::SubjectMismatch || s.state == SignatureState::SignatureInvalid ||
            s.state == SignatureState::Malformed) {
            e.reasons << QStringLiteral("an envelope fails its check: %1").arg(s.summary);
            return e; // a broken envelope beside a run is a warning sign, not a neutral absence
        }
        if (s.state == SignatureState::Trusted && s.predicateType == QLatin1String(kRerunPredicateType) &&
            !trusted)
            trusted = &s;
    }
    if (!trusted) {
        e.reasons << (signatures.isEmpty()
                          ? QStringLiteral("not signed as a rerun")
                          : QStringLiteral("no signature by a trusted key on a kix rerun statement"));
        return e;
    }
    e.level = EvidenceLevel::RerunHere;
    e.summary = QStringLiteral("rerun here: %1").arg(trusted->summary);
    e.reasons << trusted->summary;

    QStringList disagreements;
    for (const RerunLatencies& other : others) {
        if (other.runDigest == self.runDigest)
            continue;
        QString why;
        if (rerunsAgree(self, other, why))
            ++e.agreeingReruns;
        else
            disagreements << QStringLiteral("%1: %2").arg(other.runDigest, why);
    }
    if (e.agreeingReruns > 0) {
        e.level = EvidenceLevel::Replicated;
        e.summary =
            QStringLiteral("replicated: %1 other trusted rerun(s) agree within noise").arg(e.agreeingReruns);
    } else if (others.isEmpty()) {
        e.reasons << QStringLiteral("no other trusted rerun of the same comparison to replicate it");
    }
    e.reasons << disagreements;
    return e;
}

} // namespace kix
