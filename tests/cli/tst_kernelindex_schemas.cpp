// Every manifest kix writes, validated against KernelIndex's own JSON Schemas (../shared/kernelindex/
// schemas, strict) by a real JSON Schema validator: Ajv 8 (draft 2020-12) run by node on
// tests/schema/validate-kernelindex.cjs, installed by packaging/install-deps.sh. Covers kix run's
// writer (synthetic reports, no GPU needed), import-trace on the synthetic traces and the two real
// ones, and the bundled samples. The validator also applies the parser rule the schemas cannot express
// (an OperationSpec argument is exactly one of tensor or scalar): the real traces' definitions have no
// problem file in kix, so their OperationSpecs are expected to fail it, argument by argument, as
// import-trace says (issue 26). Skips with the reason where ../shared, node or Ajv is absent.
#include "Digest.h"
#include "GpuStateFixtures.h"
#include "KixResources.h"
#include "LocalRunManifest.h"
#include "ManifestSet.h"
#include "BundledProblem.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "TraceImport.h"
#include "WorkloadSuiteBuilder.h"

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

    // Runs the validator on `files`: its exit code and output.
    QPair<int, QString> validate(const QStringList& files) const {
        QProcess node;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("NODE_PATH"), nodeModules());
        node.setProcessEnvironment(env);
        node.setProcessChannelMode(QProcess::MergedChannels);
        node.start(m_node,
                   QStringList{kixtest::repoPath(QStringLiteral("tests/schema/validate-kernelindex.cjs")),
                               m_schemas} +
                       files);
        if (!node.waitForFinished(120000))
            return {-1, QStringLiteral("the validator did not finish")};
        return {node.exitCode(), QString::fromUtf8(node.readAll())};
    }

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
        QTest::addColumn<QStringList>("rejected"); // the validator's error lines, the folder left out
        // An OperationSpec imported without a problem file: its inputs and stand-in output are bare.
        const auto bare = [](const QString& operation) {
            const QString line =
                operation + QStringLiteral(".operation.json: /spec/%1: must have exactly one of tensor or "
                                           "scalar (KernelIndex's parser)");
            return QStringList{line.arg(QStringLiteral("inputs/0")), line.arg(QStringLiteral("inputs/1")),
                               line.arg(QStringLiteral("outputs/0"))};
        };
        QTest::newRow("kix run, passed") << "local:passed" << QStringList();
        QTest::newRow("kix run, failed") << "local:failed" << QStringList();
        QTest::newRow("kix run, GPU state") << "local:gpustate" << QStringList();
        QTest::newRow("import-trace, every status")
            << "trace:" + kixtest::dataPath(QStringLiteral("traces/statuses.traces.jsonl"))
            << bare(QStringLiteral("rmsnorm_h4096"));
        QTest::newRow("import-trace, synthetic 013 (bundled problem file)")
            << "trace:" + kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl"))
            << QStringList();
        QTest::newRow("import-trace, KernelIndex fixture")
            << "trace:" + kixtest::sharedRoot() +
                   QStringLiteral("/sol-execbench/traces/ki-fixture-rmsnorm-trace.jsonl")
            << bare(QStringLiteral("rmsnorm_h4096"));
        QTest::newRow("import-trace, solver trace")
            << "trace:" + kixtest::sharedRoot() + QStringLiteral("/sol-execbench/traces/bras-trace_230.jsonl")
            << bare(QStringLiteral("021_rmsnorm_h128"));
        QTest::newRow("bundled kix samples")
            << "folder:" + kixtest::repoPath(QStringLiteral("resources/samples/kix")) << QStringList();
    }
    void validates() {
        QFETCH(QString, source);
        QFETCH(QStringList, rejected);
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
            TraceImportOptions options; // as kix import-trace: with the bundled problem file
            options.definitions << bundledProblemDefinition();
            QVERIFY(options.definitions.first());
            const TraceImportResult r = importTraceFile(what, options);
            QVERIFY2(!hasErrors(r.problems), qPrintable(r.problems.value(0).toString()));
            QCOMPARE(r.rejectedArguments, int(rejected.size()));
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
        const auto [code, output] = validate(files);
        QStringList errors = output.split(u'\n', Qt::SkipEmptyParts);
        QVERIFY2(!errors.isEmpty(), qPrintable(output));
        errors.removeLast(); // the summary
        for (QString& e : errors)
            e.remove(QString(folder + u'/'));
        QCOMPARE(errors, rejected);
        QVERIFY2(code == (rejected.isEmpty() ? 0 : 1), qPrintable(output));
        QVERIFY2(output.endsWith(QStringLiteral(", %1 error(s)\n").arg(rejected.size())), qPrintable(output));
        qInfo().noquote() << output.trimmed();
    }

    // The parser's rule the JSON Schema cannot express: an argument with neither a tensor nor a scalar,
    // or with both, passes the schema and is rejected by the validator, each with its place.
    void argumentIsTensorOrScalar() {
        Json op = buildOperationSpec(*bundledProblemDefinition());
        QVERIFY(!op.is_null());
        op["spec"]["inputs"][0].erase("tensor");
        op["spec"]["inputs"][1]["scalar"] = Json{{"dtype", "fp32"}};
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("op.operation.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(op.dump()));
        f.close();
        const auto [code, output] = validate({file});
        QCOMPARE(output,
                 QStringLiteral("%1: /spec/inputs/0: must have exactly one of tensor or scalar "
                                "(KernelIndex's parser)\n"
                                "%1: /spec/inputs/1: must have exactly one of tensor or scalar "
                                "(KernelIndex's parser)\n"
                                "1 file(s), 1 resource(s) validated, 0 evidence file(s), 2 error(s)\n")
                     .arg(file));
        QCOMPARE(code, 1);
    }
};

KIX_TEST_GUILESS_MAIN(TestKernelIndexSchemas)
#include "tst_kernelindex_schemas.moc"
