// SOL-ExecBench traces JSONL → kix bundles with per-case results.
#include "ManifestParser.h"
#include "TestSupport.h"
#include "TraceImport.h"
#include "Verification.h"

#include <QTest>

class TestTraceImport : public QObject {
    Q_OBJECT
private slots:
    void importsOneBundlePerSolution() {
        const QString file = kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl"));
        const auto r = kix::importTraces(kixtest::readAll(file), QStringLiteral("t.jsonl"));
        QCOMPARE(r.bundles.size(), 2);
        QCOMPARE(r.problems.size(), 1);
        QCOMPARE(r.problems.first().toString(),
                 QStringLiteral(
                     "t.jsonl:line 4: warning: workload-only trace (no solution or evaluation); skipped"));

        const auto cuda =
            kix::parseManifest(QByteArray::fromStdString(r.bundles[0].dump()), QStringLiteral("cuda.json"));
        QVERIFY2(!cuda->hasErrors(), qPrintable(cuda->problems.value(0).toString()));
        QCOMPARE(cuda->implementationLabel(), QStringLiteral("demo_cuda"));
        QCOMPARE(cuda->runSpec.status, QStringLiteral("passed"));
        QCOMPARE(cuda->runSpec.cases.size(), 2);
        QCOMPARE(*cuda->runSpec.cases[0].latencyNs.mean, 80000.0);
        QCOMPARE(*cuda->runSpec.cases[0].referenceLatencyNs.mean, 520000.0);
        QCOMPARE(*cuda->runSpec.cases[0].speedup, 6.5);
        QCOMPARE(cuda->runSpec.cases[0].axesLabel(), QStringLiteral("batch_size=4 seq_len=1973"));
        QVERIFY(qAbs(*cuda->runSpec.latencyNs.mean - std::sqrt(80000.0 * 4500000.0)) < 1e-6);
        QCOMPARE(cuda->runSpec.observedAt, QStringLiteral("2026-11-30T10:00:05Z"));
        QCOMPARE(cuda->gpuLabel(), QStringLiteral("NVIDIA H100"));
        QCOMPARE(cuda->protocolSpec.harnessVersion, QStringLiteral("1.1.0"));
        for (const auto& c : kix::verifyRunDigests(*cuda))
            QCOMPARE(c.state, kix::DigestCheck::State::Verified);

        const auto triton =
            kix::parseManifest(QByteArray::fromStdString(r.bundles[1].dump()), QStringLiteral("triton.json"));
        QVERIFY2(!triton->hasErrors(), qPrintable(triton->problems.value(0).toString()));
        QCOMPARE(triton->runSpec.status, QStringLiteral("failed"));
        QCOMPARE(triton->runSpec.cases.first().status, QStringLiteral("incorrect_numerical"));
        QVERIFY(!triton->runSpec.cases.first().errors.first().maxAbsError); // "NaN" has no number
    }

    void brokenLines() {
        const auto r = kix::importTraces(
            kixtest::readAll(kixtest::dataPath(QStringLiteral("traces/broken.traces.jsonl"))),
            QStringLiteral("b.jsonl"));
        QStringList messages;
        for (const auto& p : r.problems)
            messages << p.toString();
        QCOMPARE(messages,
                 (QStringList{"b.jsonl:line 1: evaluation.performance: required field is missing for a "
                              "PASSED evaluation (expected an object)",
                              "b.jsonl:line 2: definition: expected a string, got a number",
                              "b.jsonl:line 2: workload: required field is missing (expected an object)",
                              "b.jsonl:line 3: not valid JSON (line 1, column 2): syntax error while parsing "
                              "value - invalid literal; last read: 'no'"}));
        QVERIFY(r.bundles.isEmpty());
    }

    void emptyInput() {
        const auto r = kix::importTraces(QByteArray("\n\n"), QStringLiteral("e.jsonl"));
        QCOMPARE(r.problems.first().toString(),
                 QStringLiteral("e.jsonl: no evaluated traces found (expected one JSON trace per line)"));
    }
};

QTEST_GUILESS_MAIN(TestTraceImport)
#include "tst_trace_import.moc"
