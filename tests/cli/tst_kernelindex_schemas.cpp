// Every manifest kix writes, validated against KernelIndex's own JSON Schemas (../shared/kernelindex/
// schemas, strict) by a real JSON Schema validator: Ajv 8 (draft 2020-12) run by node on
// tests/schema/validate-kernelindex.cjs, installed by packaging/install-deps.sh. Covers kix run's
// writer (synthetic reports, no GPU needed), import-trace on the synthetic traces and the two real
// ones, and the bundled samples. Skips with the reason where ../shared, node or Ajv is absent.
#include "Digest.h"
#include "GpuStateFixtures.h"
#include "KixResources.h"
#include "LocalRunManifest.h"
#include "ManifestSet.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "TraceImport.h"

#include <QDirIterator>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;

namespace {

// Where install-deps.sh puts Ajv; KIX_NODE_MODULES names another node_modules folder.
QString nodeModules() {
    const QString over = qEnvironmentVariable("KIX_NODE_MODULES");
    return over.isEmpty() ? QStringLiteral("/usr/local/lib/kix-node/node_modules") : over;
}

runner::LocalRunFacts localRun(bool correct) {
    runner::LocalRunFacts f;
    f.device.available = true;
    f.device.name = "NVIDIA H200";
    f.device.computeMajor = 9;
    f.device.multiprocessors = 132;
    f.device.memoryBytes = 150'000'000'000;
    f.device.runtimeVersion = 13000;
    f.device.driverVersion = 13000;
    f.copyBandwidthGBps = 4225;
    f.clocks = {QStringLiteral("1980"),
                QStringLiteral("3201"),
                QStringLiteral("1980"),
                QStringLiteral("580.159.04"),
                {}};
    f.observedAt = QDateTime(QDate(2026, 12, 2), QTime(14, 28, 42), Qt::UTC);
    f.workloadDigest = resourceDigest(runner::bundledWorkloads().suite);
    f.fileTag = correct ? QString() : QStringLiteral("failed");
    for (std::size_t i = 0; i < 3; ++i) {
        kernels::CaseReport r;
        r.workload = kernels::kWorkloads[i];
        r.rows = r.workload.rows();
        r.bytes = double(r.rows) * r.hidden * 10;
        r.fusedNs = {60000.5, 61000.25, 62000};
        r.referenceNs = {500000, 510000};
        r.fused.cuptiNs = {55000, 56000}; // the measurements by method (LocalRunTiming.h)
        r.copyFloor.eventNs = {57000, 58000};
        r.copyFloor.cuptiNs = {51000, 52000};
        r.copyBytes = r.bytes / 2;
        r.checks = {{"grad_hidden_states", 1e-6, 2e-3, 1e-5, 0.05, correct ? 0 : 3, 100}};
        if (!correct && i == 2)
            r.error = "launch failed";
        f.cases.push_back(r);
    }
    return f;
}

} // namespace

class TestKernelIndexSchemas : public QObject {
    Q_OBJECT
    QString m_schemas;
    QString m_node;

private slots:
    void initTestCase() {
        kixInitResources();
        m_schemas = kixtest::sharedPath(QStringLiteral("kernelindex/schemas"));
        if (m_schemas.isEmpty())
            QSKIP(qPrintable(kixtest::sharedMissingReason(QStringLiteral("kernelindex/schemas"))));
        m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
        if (m_node.isEmpty())
            QSKIP("node is not installed (packaging/install-deps.sh installs it): the schema validator "
                  "cannot run");
        if (!QFileInfo::exists(nodeModules() + QStringLiteral("/ajv/dist/2020.js")))
            QSKIP(qPrintable(
                QStringLiteral("Ajv is not installed in %1 (packaging/install-deps.sh installs it; "
                               "KIX_NODE_MODULES names another folder)")
                    .arg(nodeModules())));
    }

    void validates_data() {
        QTest::addColumn<QString>("source");
        QTest::newRow("kix run, passed") << "local:passed";
        QTest::newRow("kix run, failed") << "local:failed";
        QTest::newRow("kix run, GPU state") << "local:gpustate";
        QTest::newRow("import-trace, every status")
            << "trace:" + kixtest::dataPath(QStringLiteral("traces/statuses.traces.jsonl"));
        QTest::newRow("import-trace, synthetic 013")
            << "trace:" + kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl"));
        QTest::newRow("import-trace, KernelIndex fixture")
            << "trace:" + kixtest::sharedRoot() +
                   QStringLiteral("/sol-execbench/traces/ki-fixture-rmsnorm-trace.jsonl");
        QTest::newRow("import-trace, solver trace")
            << "trace:" + kixtest::sharedRoot() +
                   QStringLiteral("/sol-execbench/traces/bras-trace_230.jsonl");
        QTest::newRow("bundled kix samples")
            << "folder:" + kixtest::repoPath(QStringLiteral("resources/samples/kix"));
    }
    void validates() {
        QFETCH(QString, source);
        QTemporaryDir dir;
        QString folder = dir.path();
        const QString what = source.section(u':', 1);
        if (source.startsWith(QLatin1String("local:"))) {
            runner::LocalRunFacts f = localRun(what != QLatin1String("failed"));
            if (what == QLatin1String("gpustate")) {
                kixtest::addGpuState(f, 1980, 1); // settings and sm_clock/power/temperature measurements
                f.fileTag = QStringLiteral("gpustate");
            }
            const runner::LocalRunSet set = runner::buildLocalRunSet(f);
            QCOMPARE(set.error, QString());
            QCOMPARE(writeManifestSet(folder, set.files, false).errors, QStringList());
        } else if (source.startsWith(QLatin1String("trace:"))) {
            const TraceImportResult r = importTraceFile(what);
            QVERIFY2(!hasErrors(r.problems), qPrintable(r.problems.value(0).toString()));
            QCOMPARE(writeManifestSet(folder, r.files, false).errors, QStringList());
        } else {
            folder = what;
        }
        QStringList files;
        QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files);
        while (it.hasNext())
            files << it.next();
        files.sort();
        QVERIFY(!files.isEmpty());
        QProcess node;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("NODE_PATH"), nodeModules());
        node.setProcessEnvironment(env);
        node.setProcessChannelMode(QProcess::MergedChannels);
        node.start(m_node,
                   QStringList{kixtest::repoPath(QStringLiteral("tests/schema/validate-kernelindex.cjs")),
                               m_schemas} +
                       files);
        QVERIFY(node.waitForFinished(120000));
        const QString output = QString::fromUtf8(node.readAll());
        QVERIFY2(node.exitCode() == 0, qPrintable(output));
        QVERIFY2(output.endsWith(QStringLiteral(", 0 error(s)\n")), qPrintable(output));
        qInfo().noquote() << output.trimmed();
    }
};

KIX_TEST_GUILESS_MAIN(TestKernelIndexSchemas)
#include "tst_kernelindex_schemas.moc"
