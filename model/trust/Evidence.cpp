#include "Evidence.h"

#include "CaseComparison.h"
#include "GpuStateDifference.h"
#include "PublishedSpread.h"

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
    const CaseMatch match = matchCases(a.cases, b.cases);
    for (const auto& [i, j] : match.pairs) {
        const EvidencePair pair = caseEvidencePair(a.cases[i], a.timing, b.cases[j], b.timing);
        // Each case by its own A/A floor where the reruns record one (kix run --repeat N), as kix diff does.
        VerdictOptions options;
        options.noiseFloor = ownNoiseFloor(a.cases[i], b.cases[j], pair.a.timer);
        options.noiseFloorSource = QStringLiteral("this case's A/A spread");
        const CaseVerdict v = judgeCase(pair.a, pair.b, options);
        if (v.method == VerdictMethod::None && v.verdict == Verdict::CantTell && !pair.a.timer.isEmpty() &&
            !pair.b.timer.isEmpty() && pair.a.timer != pair.b.timer) {
            why = QStringLiteral("case %1: %2").arg(a.cases[i].id, verdictLine(v));
            return false; // timed by different methods: never agreement
        }
        if (v.method == VerdictMethod::None)
            continue; // no spread on a side: nothing to test
        ++tested;
        if (v.verdict != Verdict::Same) {
            why = QStringLiteral("case %1: %2").arg(a.cases[i].id, verdictLine(v));
            return false;
        }
    }
    if (tested > 0)
        return true;
    const CaseVerdict overall =
        judgeCase(publishedEvidence(a.overall, a.timing.primaryStatistic, a.timing.timer),
                  publishedEvidence(b.overall, b.timing.primaryStatistic, b.timing.timer));
    if (overall.method != VerdictMethod::None) {
        if (overall.verdict == Verdict::Same)
            return true;
        why = QStringLiteral("overall: ") + verdictLine(overall);
        return false;
    }
    why = QStringLiteral(
        "no case or overall latency of both has the samples or the mean, spread and count a test needs");
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
