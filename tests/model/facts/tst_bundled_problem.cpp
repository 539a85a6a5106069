// The bundled problem file is one source of truth with the kernels' workload table
// (kernels/include/kix/workloads.h) and with the public files its facts were read from (../shared/sol013/,
// skipped with the reason where absent); it carries none of the SOL-ExecBench dataset's own fields (issue
// 37); the copy compiled into the resources is the file itself.
#include "KixResources.h"
#include "ProblemSourceCheck.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "kix/workloads.h"

#include <QDir>
#include <QTest>
#include <span>

using kix::kernels::Workload;

namespace {

kix::ProblemDefinition problem() {
    return *kix::readProblemDefinition(kixtest::problemPath()).definition;
}

// One line per disagreement between the problem file and a workload table shaped like workloads.h.
QStringList compareWithKernelTable(const kix::ProblemDefinition& d, std::span<const Workload> table,
                                   int hiddenSize, const char* definitionName) {
    QStringList out;
    const QString where = QStringLiteral("workloads.h");
    auto differ = [&](const QString& what, const QString& mine, const QString& theirs) {
        if (mine != theirs)
            out << QStringLiteral("%1: this file says %2, %3 says %4").arg(what, mine, where, theirs);
    };
    differ(QStringLiteral("id"), d.id, QString::fromLatin1(definitionName));
    const auto* hidden = d.axis(QStringLiteral("hidden_size"));
    differ(QStringLiteral("hidden_size"), hidden ? QString::number(hidden->value) : QStringLiteral("nothing"),
           QString::number(hiddenSize));
    differ(QStringLiteral("workloads (count)"), QString::number(d.workloads.size()),
           QString::number(table.size()));
    for (int i = 0; i < std::min(int(table.size()), int(d.workloads.size())); ++i) {
        const auto& w = d.workloads[i];
        const Workload& k = table[std::size_t(i)];
        const QString at = QStringLiteral("workloads[%1].").arg(i);
        differ(at + QStringLiteral("kernelIndex.externalId"),
               w.kernelIndex ? w.kernelIndex->externalId : QStringLiteral("nothing"),
               QString::fromLatin1(k.caseId));
        differ(at + QStringLiteral("axes.batch_size"),
               QString::number(w.axes.value(QStringLiteral("batch_size"))), QString::number(k.batchSize));
        differ(at + QStringLiteral("axes.seq_len"), QString::number(w.axes.value(QStringLiteral("seq_len"))),
               QString::number(k.seqLen));
        // The table's tolerances are kix's rule, exactly (%.17g shows any difference).
        const kix::kernels::Tolerance rule = kix::kernels::kixTolerance(
            w.axes.value(QStringLiteral("batch_size")) * w.axes.value(QStringLiteral("seq_len")));
        differ(at + QStringLiteral("kix tolerance atol"), QString::number(rule.atol, 'g', 17),
               QString::number(k.maxAtol, 'g', 17));
        differ(at + QStringLiteral("kix tolerance rtol"), QString::number(rule.rtol, 'g', 17),
               QString::number(k.maxRtol, 'g', 17));
    }
    return out;
}

QList<nlohmann::json> jsonLines(const QString& path) {
    QList<nlohmann::json> out;
    for (const QByteArray& line : kixtest::readAll(path).split('\n'))
        if (!line.trimmed().isEmpty())
            out << nlohmann::json::parse(line.toStdString());
    return out;
}

nlohmann::json jsonFile(const QString& path) {
    return nlohmann::json::parse(kixtest::readAll(path).toStdString());
}

} // namespace

class TestBundledProblem : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void kernelTableAgrees() {
        QCOMPARE(compareWithKernelTable(problem(), kix::kernels::kWorkloads, kix::kernels::kHiddenSize,
                                        kix::kernels::kDefinitionName),
                 QStringList());
    }

    // The comparison can fail: a table that differs in one tolerance, one size or one row is named.
    void kernelTableDifferencesAreNamed() {
        auto table = kix::kernels::kWorkloads;
        table[3].maxAtol = 1.1e-05;
        table[7].seqLen = 212;
        const auto g17 = [](double v) { return QString::number(v, 'g', 17); };
        const QStringList expected{
            QStringLiteral("workloads[3].kix tolerance atol: this file says %1, workloads.h says 1.1e-05")
                .arg(g17(1.0 / 8192)), // 2 x 256 rows: 2^-22 * 512
            QStringLiteral("workloads[7].axes.seq_len: this file says 211, workloads.h says 212")};
        QCOMPARE(compareWithKernelTable(problem(), table, kix::kernels::kHiddenSize,
                                        kix::kernels::kDefinitionName),
                 expected);
        const std::span<const Workload> shorter(table.data(), 15);
        QCOMPARE(compareWithKernelTable(problem(), shorter, 4096, "013_other"),
                 QStringList({QStringLiteral("id: this file says 013_fused_residual_rms_norm_backward, "
                                             "workloads.h says 013_other"),
                              QStringLiteral("hidden_size: this file says 2560, workloads.h says 4096"),
                              QStringLiteral("workloads (count): this file says 16, workloads.h says 15")}) +
                     expected);
    }

    // kix's correctness rule (kernels/PROBLEM.md): rtol 2^-7, atol 2^-22 per row, never below 2^-16.
    void kixToleranceRule_data() {
        QTest::addColumn<qint64>("rows");
        QTest::addColumn<double>("atol");
        QTest::newRow("1 row: the floor") << qint64(1) << 1.0 / 65536;
        QTest::newRow("64 rows: the floor") << qint64(64) << 1.0 / 65536;
        QTest::newRow("128 rows: 2^-15") << qint64(128) << 1.0 / 32768;
        QTest::newRow("524288 rows: 2^-3") << qint64(524288) << 0.125;
    }
    void kixToleranceRule() {
        QFETCH(qint64, rows);
        QFETCH(double, atol);
        const kix::kernels::Tolerance t = kix::kernels::kixTolerance(rows);
        QCOMPARE(t.atol, atol);
        QCOMPARE(t.rtol, 1.0 / 128);
    }

    // Issue 37: the SOL-ExecBench dataset's own fields (its licence allows no redistribution) are not in
    // the bundled problem file: no workload uuid, tolerance or input generation, no source that is the
    // dataset. KernelIndex's WorkloadCase carries none of them, so the seed's workloadDigest still
    // verifies (agreesWithTheCatalog, tst_workload_suite_builder).
    void bundlesNoDatasetOnlyField() {
        const auto doc = jsonFile(kixtest::problemPath());
        QVERIFY(!doc["sources"].contains("sol-execbench-dataset"));
        QStringList found;
        for (std::size_t i = 0; i < doc["workloads"].size(); ++i)
            for (const char* field : {"uuid", "tolerance", "inputs"})
                if (doc["workloads"][i].contains(field))
                    found << QStringLiteral("workloads[%1].%2").arg(i).arg(QLatin1String(field));
        QCOMPARE(found, QStringList());
        QVERIFY(!kixtest::readAll(kixtest::problemPath()).contains("sol-execbench-dataset"));
    }

    // With the dataset's workload.jsonl at hand: none of its uuids or tolerance values is in the bundled
    // problem file, the kernels' table, kernels/PROBLEM.md or the docs.
    void noDatasetValueIsBundled() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/workload.jsonl"));
        QStringList needles;
        for (const auto& line : jsonLines(path)) {
            needles << QString::fromStdString(line["uuid"].get<std::string>());
            needles << QString::number(line["tolerance"]["max_atol"].get<double>(), 'g', 17);
        }
        const QString root = kixtest::repoPath(QString());
        QStringList files{QStringLiteral("resources/problems/013-fused-residual-rms-norm-backward.json"),
                          QStringLiteral("kernels/include/kix/workloads.h"),
                          QStringLiteral("kernels/PROBLEM.md"), QStringLiteral("README.md")};
        for (const QString& doc : QDir(root + QStringLiteral("docs")).entryList({QStringLiteral("*.md")}))
            files << QStringLiteral("docs/") + doc;
        QStringList found;
        for (const QString& f : files) {
            const QString text = QString::fromUtf8(kixtest::readAll(root + f));
            for (const QString& n : needles)
                if (text.contains(n) || text.contains(n.left(8) + u'-'))
                    found << f + QStringLiteral(": ") + n;
        }
        QCOMPARE(found, QStringList());
    }

    void compiledInCopyIsTheFile() {
        QCOMPARE(kixtest::readAll(QString::fromLatin1(kix::kBundledProblem013)),
                 kixtest::readAll(kixtest::problemPath()));
        const auto r = kix::readProblemDefinition(QString::fromLatin1(kix::kBundledProblem013));
        QVERIFY(r.problems.isEmpty());
        QCOMPARE(r.definition->workloads.size(), 16);
    }

    void agreesWithTheDefinition() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/definition.json"));
        QCOMPARE(kix::compareWithSolExecBenchDefinition(problem(), jsonFile(path)), QStringList());
    }

    void agreesWithTheWorkloads() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/workload.jsonl"));
        QCOMPARE(kix::compareWithSolExecBenchWorkloads(problem(), jsonLines(path)), QStringList());
    }

    void agreesWithTheSpeedOfLightTable() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/sol-b200.json"));
        const auto table = jsonFile(path);
        QCOMPARE(QString::fromStdString(table["kernel"]["gpu_types"].dump()), QStringLiteral("[\"B200\"]"));
        QCOMPARE(kix::compareWithSpeedOfLightTable(problem(), table, QStringLiteral("NVIDIA B200")),
                 QStringList());
    }

    void agreesWithTheCatalog() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/kernelindex-export-013.jsonl"));
        QCOMPARE(kix::compareWithKernelIndexRows(problem(), jsonLines(path)), QStringList());
    }

    // The suite manifest beside the export is the catalog's row, so it agrees too.
    void agreesWithTheSuiteManifest() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/workload-suite.manifest.json"));
        const nlohmann::json suite = jsonFile(path);
        const auto d = problem();
        QCOMPARE(int(suite["spec"]["cases"].size()), d.workloads.size());
        for (int i = 0; i < d.workloads.size(); ++i) {
            const auto& c = suite["spec"]["cases"][std::size_t(i)];
            QCOMPARE(QString::fromStdString(c["externalId"].get<std::string>()),
                     d.workloads[i].kernelIndex->externalId);
            for (const auto& a : d.axes)
                QCOMPARE(c["axes"][a.name.toStdString()].get<qint64>(), *d.axisValue(d.workloads[i], a.name));
        }
    }
};

KIX_TEST_GUILESS_MAIN(TestBundledProblem)
#include "tst_bundled_problem.moc"
