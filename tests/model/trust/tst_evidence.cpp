// Evidence levels: what kix checked, with a signature never upgrading a digest that does not verify.
#include "Evidence.h"
#include "TestMain.h"

#include <QTest>

using kix::DigestCheck;
using kix::EvidenceLevel;
using kix::SignatureState;

namespace {

DigestCheck digest(DigestCheck::State state) {
    DigestCheck c;
    c.field = QStringLiteral("protocolDigest");
    c.state = state;
    return c;
}

kix::SignatureCheck signature(SignatureState state,
                              const QString& predicateType = QLatin1String(kix::kRerunPredicateType)) {
    kix::SignatureCheck s;
    s.state = state;
    s.predicateType = predicateType;
    s.fingerprint = QStringLiteral("sha256:ab");
    s.summary = state == SignatureState::Trusted ? QStringLiteral("signed by sha256:ab (trusted)")
                                                 : kix::signatureStateName(state);
    return s;
}

kix::LatencyStats stats(double mean, double stddev, qint64 n) {
    kix::LatencyStats s;
    s.mean = mean;
    s.stddev = stddev;
    s.samples = n;
    return s;
}

kix::CaseResult caseOf(const QString& id, const kix::LatencyStats& latency) {
    kix::CaseResult c;
    c.id = id;
    c.latencyNs = latency;
    return c;
}

// Two cases with published spreads (a 1% coefficient of variation at n = 200, as kix's reruns have).
kix::RerunLatencies rerun(const QString& digest, double case0, double case1, double stddev = 10) {
    kix::RerunLatencies r;
    r.runDigest = digest;
    r.timing.primaryStatistic = QStringLiteral("mean");
    r.cases = {caseOf(QStringLiteral("c0"), stats(case0, stddev, 200)),
               caseOf(QStringLiteral("c1"), stats(case1, stddev, 200))};
    return r;
}

// One case of raw samples: `n` draws around `center` with a spread of `spread` (deterministic).
kix::RerunLatencies sampledRerun(const QString& digest, double center, double spread, int n,
                                 const QString& timer) {
    kix::RerunLatencies r;
    r.runDigest = digest;
    r.timing.timer = timer;
    kix::CaseResult c;
    c.id = QStringLiteral("c0");
    for (int i = 0; i < n; ++i)
        c.samplesNs.push_back(center + spread * (double(i % 11) - 5.0) / 5.0);
    r.cases = {c};
    return r;
}

const QList<DigestCheck> kAllVerified = {digest(DigestCheck::State::Verified),
                                         digest(DigestCheck::State::Verified)};

} // namespace

class TestEvidence : public QObject {
    Q_OBJECT
private slots:
    void names() {
        QCOMPARE(kix::evidenceLevelName(EvidenceLevel::Reported), QStringLiteral("reported"));
        QCOMPARE(kix::evidenceLevelName(EvidenceLevel::VerifiedDigests), QStringLiteral("verified digests"));
        QCOMPARE(kix::evidenceLevelName(EvidenceLevel::RerunHere), QStringLiteral("rerun here"));
        QCOMPARE(kix::evidenceLevelName(EvidenceLevel::Replicated), QStringLiteral("replicated"));
    }

    void levels_data() {
        QTest::addColumn<QList<DigestCheck>>("digests");
        QTest::addColumn<QList<kix::SignatureCheck>>("signatures");
        QTest::addColumn<int>("level");
        QTest::addColumn<QString>("summary");
        QTest::addColumn<QString>("reason");
        const auto trusted = QList<kix::SignatureCheck>{signature(SignatureState::Trusted)};
        QTest::newRow("nothing declared")
            << QList<DigestCheck>{} << trusted << int(EvidenceLevel::Reported) << "reported"
            << "the run declares no digest kix could recompute";
        QTest::newRow("a mismatch beats a trusted signature")
            << QList<DigestCheck>{digest(DigestCheck::State::Verified), digest(DigestCheck::State::Mismatch)}
            << trusted << int(EvidenceLevel::Reported) << "reported"
            << "1 digest(s) do not match their content";
        QTest::newRow("unverifiable digest beats a trusted signature")
            << QList<DigestCheck>{digest(DigestCheck::State::Verified),
                                  digest(DigestCheck::State::NotVerifiable)}
            << trusted << int(EvidenceLevel::Reported) << "reported"
            << "1 of 2 digests could not be recomputed here (load the resources they name)";
        QTest::newRow("verified, unsigned") << kAllVerified << QList<kix::SignatureCheck>{}
                                            << int(EvidenceLevel::VerifiedDigests) << "verified digests"
                                            << "not signed as a rerun";
        QTest::newRow("unknown key") << kAllVerified
                                     << QList<kix::SignatureCheck>{signature(SignatureState::UnknownKey)}
                                     << int(EvidenceLevel::VerifiedDigests) << "verified digests"
                                     << "no signature by a trusted key on a kix rerun statement";
        QTest::newRow("trusted, other predicate")
            << kAllVerified
            << QList<kix::SignatureCheck>{signature(SignatureState::Trusted,
                                                    QStringLiteral("https://slsa.dev/provenance/v1"))}
            << int(EvidenceLevel::VerifiedDigests) << "verified digests"
            << "no signature by a trusted key on a kix rerun statement";
        QTest::newRow("broken envelope beside a trusted one")
            << kAllVerified
            << QList<kix::SignatureCheck>{signature(SignatureState::Trusted),
                                          signature(SignatureState::SubjectMismatch)}
            << int(EvidenceLevel::VerifiedDigests) << "verified digests"
            << "an envelope fails its check: subject digest does not match";
        QTest::newRow("rerun here") << kAllVerified << trusted << int(EvidenceLevel::RerunHere)
                                    << "rerun here: signed by sha256:ab (trusted)"
                                    << "no other trusted rerun of the same comparison to replicate it";
    }
    void levels() {
        QFETCH(QList<DigestCheck>, digests);
        QFETCH(QList<kix::SignatureCheck>, signatures);
        QFETCH(int, level);
        QFETCH(QString, summary);
        QFETCH(QString, reason);
        const kix::Evidence e =
            kix::evidenceFor(digests, signatures, rerun(QStringLiteral("self"), 1000, 2000), {});
        QCOMPARE(int(e.level), level);
        QCOMPARE(e.summary, summary);
        QCOMPARE(e.reasons.last(), reason);
    }

    void replicated() {
        const QList<kix::SignatureCheck> trusted{signature(SignatureState::Trusted)};
        const auto self = rerun(QStringLiteral("self"), 1000, 2000);
        // The same run again does not count; one the engine calls "same" does; a slower one is named.
        const kix::Evidence e = kix::evidenceFor(kAllVerified, trusted, self,
                                                 {rerun(QStringLiteral("self"), 1000, 2000),
                                                  rerun(QStringLiteral("other"), 1002, 1995),
                                                  rerun(QStringLiteral("slow"), 1000, 2600)});
        QCOMPARE(e.level, EvidenceLevel::Replicated);
        QCOMPARE(e.agreeingReruns, 1);
        QCOMPARE(e.summary, QStringLiteral("replicated: 1 other trusted rerun(s) agree within noise"));
        QCOMPARE(e.reasons.last(),
                 QStringLiteral(
                     "slow: case c1: slower — mean B/A 1.300, 95% CI [1.299, 1.301], entirely beyond the 2% "
                     "minimum effect; Welch on summaries, n = 200 per side"));

        const kix::Evidence alone =
            kix::evidenceFor(kAllVerified, trusted, self, {rerun(QStringLiteral("slow"), 1000, 2600)});
        QCOMPARE(alone.level, EvidenceLevel::RerunHere);
    }

    void agreementNeedsStatistics() {
        kix::RerunLatencies a, b;
        a.overall.mean = 1000;
        b.overall.mean = 1000;
        QString why;
        QVERIFY(!kix::rerunsAgree(a, b, why));
        QCOMPARE(why,
                 QStringLiteral("no case or overall latency of both has the samples or the mean, spread and "
                                "count a test needs"));
        a.overall = stats(1000, 10, 30);
        b.overall = stats(1005, 10, 30);
        QVERIFY(kix::rerunsAgree(a, b, why));
        QVERIFY(why.isEmpty());
        b.overall = stats(1300, 10, 30);
        QVERIFY(!kix::rerunsAgree(a, b, why));
        QCOMPARE(why, QStringLiteral(
                          "overall: slower — mean B/A 1.300, 95% CI [1.294, 1.306], entirely beyond the 2% "
                          "minimum effect; Welch on summaries, n = 30 per side"));
        // Wide spreads: the interval straddles the 2% band, and "can't tell" is not agreement.
        a.overall = stats(1000, 50, 30);
        b.overall = stats(1010, 50, 30);
        QVERIFY(!kix::rerunsAgree(a, b, why));
        QCOMPARE(why, QStringLiteral(
                          "overall: can't tell — mean B/A 1.010, 95% CI [0.984, 1.036], straddles the 2% "
                          "minimum effect; Welch on summaries, n = 30 per side; about 203 samples per side "
                          "would narrow the interval to ±1%"));
    }

    void agreementOnSamples_data() {
        QTest::addColumn<double>("center");
        QTest::addColumn<double>("spread");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("timer");
        QTest::addColumn<bool>("agree");
        QTest::addColumn<QString>("why");
        QTest::newRow("same") << 1000.0 << 10.0 << 100 << QString() << true << QString();
        QTest::newRow("5% slower")
            << 1050.0 << 10.0 << 100 << QString() << false
            << QStringLiteral(
                   "case c0: slower — median B/A 1.050, 95% CI [1.047, 1.053], entirely beyond the 2% "
                   "minimum effect; block medians, n = 100 per side in 10 blocks, a rerun taken to stray as "
                   "one block does (no A/A floor)");
        QTest::newRow("few and wide")
            << 1010.0 << 100.0 << 5 << QString() << false
            << QStringLiteral(
                   "case c0: can't tell — median B/A 1.011, 95% CI [0.949, 1.076], straddles the 2% minimum "
                   "effect; bootstrap, n = 5 per side; about 2547 samples per side would narrow the "
                   "interval to ±1%");
        QTest::newRow("other timer")
            << 1000.0 << 10.0 << 100 << QStringLiteral("cupti") << false
            << QStringLiteral(
                   "case c0: can't tell (B/A 1.000) — material mismatch: timing method differs: CUDA "
                   "events vs CUPTI span");
    }
    void agreementOnSamples() {
        QFETCH(double, center);
        QFETCH(double, spread);
        QFETCH(int, count);
        QFETCH(QString, timer);
        QFETCH(bool, agree);
        QFETCH(QString, why);
        const auto a = sampledRerun(QStringLiteral("a"), 1000, spread, count, QStringLiteral("cuda_events"));
        const auto b = sampledRerun(QStringLiteral("b"), center, spread, count,
                                    timer.isEmpty() ? QStringLiteral("cuda_events") : timer);
        QString said;
        QCOMPARE(kix::rerunsAgree(a, b, said), agree);
        QCOMPARE(said, why);
    }

    // Issue 36: reruns that record each case's A/A floor (kix run --repeat N) are judged with it, as kix
    // diff judges them: 5% apart is "slower" at the 2% minimum effect, "same" within a measured 8% floor.
    void agreementUsesTheCasesFloors() {
        auto a = sampledRerun(QStringLiteral("a"), 1000, 10, 100, QStringLiteral("cuda_events"));
        auto b = sampledRerun(QStringLiteral("b"), 1050, 10, 100, QStringLiteral("cuda_events"));
        QString why;
        QVERIFY(!kix::rerunsAgree(a, b, why));
        kix::CaseNoiseFloor floor;
        floor.relative = 0.08;
        floor.timer = QStringLiteral("cuda_events");
        a.cases[0].noiseFloor = floor;
        QVERIFY2(kix::rerunsAgree(a, b, why), qPrintable(why));
        QVERIFY(why.isEmpty());
        // A floor in another timer than the one compared is not used.
        a.cases[0].noiseFloor->timer = QStringLiteral("cupti");
        QVERIFY(!kix::rerunsAgree(a, b, why));
        QVERIFY2(why.contains(QStringLiteral("slower")), qPrintable(why));
    }
};

KIX_TEST_GUILESS_MAIN(TestEvidence)
#include "tst_evidence.moc"
