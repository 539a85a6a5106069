// The manifest a local run writes, from synthetic harness reports (no GPU needed): it parses,
// every digest verifies when the implementation and the suite are loaded beside it, and a
// failed write leaves no file.
#include "LocalRunManifest.h"
#include "ManifestParser.h"
#include "ManifestWriter.h"
#include "RunStore.h"
#include "TestSupport.h"
#include "Verification.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;

namespace {
runner::LocalRunFacts facts(bool correct) {
    runner::LocalRunFacts f;
    f.device.available = true;
    f.device.name = "NVIDIA H200";
    f.device.computeMajor = 9;
    f.device.multiprocessors = 132;
    f.device.runtimeVersion = 13000;
    f.device.driverVersion = 13000;
    f.copyBandwidthGBps = 4225;
    f.clocks = {QStringLiteral("1980"),
                QStringLiteral("3201"),
                QStringLiteral("1980"),
                QStringLiteral("580.159.04"),
                {}};
    f.observedAt = QDateTime(QDate(2026, 12, 2), QTime(14, 28, 42), Qt::UTC);
    f.workloadDigest =
        QStringLiteral("sha256:c4af2be85b8d0dc9c65d67f1c7f8bb24389ca967078cc64c29e2220ee70ff5e4");
    for (int i = 0; i < 2; ++i) {
        kernels::CaseReport r;
        r.workload = kernels::kWorkloads[std::size_t(i)];
        r.rows = r.workload.rows();
        r.seed = 7 + std::uint64_t(i);
        r.bytes = double(r.rows) * r.hidden * 10; // Harness::minimumBytes is only linked in a CUDA build
        r.plan.blocks = 396;
        r.plan.threads = 320;
        r.fusedNs = {60000, 61000, 62000};
        r.referenceNs = {500000, 510000};
        r.checks = {{"grad_hidden_states", 1e-6, 2e-3, 1e-5, 0.05, correct || i > 0 ? 0 : 3, 100},
                    {"grad_residual", 1e-6, 2e-3, 1e-5, 0.05, 0, 100},
                    {"grad_weight", 1e-4, 1e-6, 1e-5, 0.05, 0, 2560}};
        f.cases.push_back(r);
    }
    return f;
}
} // namespace

class TestLocalRunManifest : public QObject {
    Q_OBJECT
private slots:
    void bundleParsesAndVerifies() {
        QTemporaryDir dir;
        const auto f = facts(true);
        const QString path = dir.filePath(runner::localRunFileName(f));
        QCOMPARE(runner::localRunFileName(f),
                 QStringLiteral("kix-run-20261202T142842Z-nvidia-h200.manifest.json"));
        QCOMPARE(writeJsonAtomically(path, runner::buildLocalRunBundle(f)), QString());
        QCOMPARE(
            writeJsonAtomically(dir.filePath(QStringLiteral("impl.json")), runner::implementationResource()),
            QString());

        RunStore store;
        store.add(RunStore::loadBlocking({dir.path(), kixtest::problemPath()}));
        const int index = store.indexOfFile(path);
        const ManifestPtr m = store.at(index);
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        QCOMPARE(m->runSpec.status, QStringLiteral("passed"));
        QCOMPARE(m->runSpec.cases.size(), 2);
        QCOMPARE(*m->runSpec.cases[0].latencyNs.mean, 61000.0);
        QCOMPARE(*m->runSpec.cases[0].latencyNs.samples, qint64(3));
        QCOMPARE(*m->runSpec.cases[0].referenceLatencyNs.mean, 505000.0);
        QVERIFY(qAbs(*m->runSpec.cases[0].speedup - 505000.0 / 61000.0) < 1e-9);
        QVERIFY(qAbs(*m->runSpec.latencyNs.mean - 61000.0) < 1e-6);
        QCOMPARE(m->gpuLabel(), QStringLiteral("NVIDIA H200"));
        QCOMPARE(m->environmentSpec.architecture, QStringLiteral("sm_90"));
        QCOMPARE(m->protocolSpec.family, QStringLiteral("kix_local_rerun"));
        QCOMPARE(m->runSpec.observedAt, QStringLiteral("2026-12-02T14:28:42.000Z"));
        const auto checks = store.verify(index);
        QCOMPARE(checks.size(), 4);
        for (const auto& c : checks)
            QVERIFY2(c.state == DigestCheck::State::Verified,
                     qPrintable(c.field + QStringLiteral(": ") + c.reason));
    }

    void failedCheckMakesAFailedRun() {
        const Json bundle = runner::buildLocalRunBundle(facts(false));
        QCOMPARE(QString::fromStdString((bundle["run"]["spec"]["status"]).get<std::string>()),
                 QStringLiteral("failed"));
        QCOMPARE(QString::fromStdString((bundle["run"]["spec"]["cases"][0]["status"]).get<std::string>()),
                 QStringLiteral("failed"));
        QCOMPARE(QString::fromStdString((bundle["run"]["spec"]["cases"][1]["status"]).get<std::string>()),
                 QStringLiteral("passed"));
    }

    void failedWriteLeavesNoFile() {
        QTemporaryDir dir;
        const QString blocked = dir.filePath(QStringLiteral("file-not-folder"));
        QFile f(blocked);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const QString target = blocked + QStringLiteral("/run.manifest.json");
        const QString err = writeJsonAtomically(target, runner::buildLocalRunBundle(facts(true)));
        QCOMPARE(err, QStringLiteral("cannot create folder %1").arg(blocked));
        QVERIFY(!QFileInfo::exists(target));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("file-not-folder")});
    }
};

QTEST_GUILESS_MAIN(TestLocalRunManifest)
#include "tst_local_run_manifest.moc"
