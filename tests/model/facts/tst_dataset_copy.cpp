// The user's own copy of a SOL-ExecBench problem (issue 37): kix bundles none of the dataset's workload
// uuids or tolerances and reads them from the copy's workload.jsonl, each workload found by its axes; every
// bad copy is refused with its located reason. The values here are this test's own, not the dataset's.
#include "DatasetCopy.h"
#include "RecordFixtures.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

namespace {

kix::ProblemDefinition problem() {
    return *kix::readProblemDefinition(kixtest::problemPath()).definition;
}

constexpr char kName[] = R"({"name": "013_fused_residual_rms_norm_backward"})";
constexpr char kLine[] =
    R"({"uuid": "u-0", "axes": {"batch_size": 4, "seq_len": 1973}, "tolerance": {"max_atol": 0.001, "max_rtol": 0.03}})";

} // namespace

class TestDatasetCopy : public QObject {
    Q_OBJECT
private slots:
    void findsEachWorkloadByItsAxes() {
        QTemporaryDir dir;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("definition.json")), kName));
        QVERIFY(
            kixfix::writeFile(dir.filePath(QStringLiteral("workload.jsonl")), QByteArray(kLine) + "\n\n"));
        const kix::DatasetCopyRead r = kix::readDatasetCopy(dir.path(), problem());
        QVERIFY(r.copy);
        QVERIFY(r.problems.isEmpty());
        const kix::DatasetWorkload* w =
            r.copy->find({{QStringLiteral("batch_size"), 4}, {QStringLiteral("seq_len"), 1973}});
        QVERIFY(w);
        QCOMPARE(w->uuid, QStringLiteral("u-0"));
        QCOMPARE(w->caseId, QByteArray("u-0"));
        QCOMPARE(w->maxAtol, 0.001);
        QCOMPARE(w->maxRtol, 0.03);
        QCOMPARE(w->line, qint64(1));
        QCOMPARE(r.copy->find({{QStringLiteral("batch_size"), 64}, {QStringLiteral("seq_len"), 8192}}),
                 nullptr);
        // The 15 workloads the copy lacks keep kix's rule, each said once.
        QCOMPARE(r.copy->warnings.size(), 15);
        QCOMPARE(r.copy->warnings.first().toString(),
                 dir.filePath(QStringLiteral("workload.jsonl")) +
                     QStringLiteral(": warning: no workload has the axes of (batch_size=64, seq_len=8192): "
                                    "that case is checked by kix's own rule"));
    }

    void badCopy_data() {
        QTest::addColumn<QByteArray>("definition");
        QTest::addColumn<QByteArray>("lines");
        QTest::addColumn<QString>("expected"); // the first problem, without the folder
        QTest::newRow("another problem")
            << QByteArray(R"({"name": "rmsnorm"})") << QByteArray(kLine)
            << QStringLiteral("definition.json: name: is \"rmsnorm\", not the problem "
                              "kix runs (013_fused_residual_rms_norm_backward)");
        QTest::newRow("no uuid") << QByteArray(kName)
                                 << QByteArray(R"({"axes": {"batch_size": 4, "seq_len": 1973}, "tolerance": )"
                                               R"({"max_atol": 0.001, "max_rtol": 0.03}})")
                                 << QStringLiteral("workload.jsonl:1: uuid: expected a non-empty string");
        QTest::newRow("an axis missing")
            << QByteArray(kName)
            << QByteArray(
                   R"({"uuid": "u", "axes": {"batch_size": 4}, "tolerance": {"max_atol": 0, "max_rtol": 0}})")
            << QStringLiteral("workload.jsonl:1: axes.seq_len: expected an integer");
        QTest::newRow("negative tolerance")
            << QByteArray(kName)
            << QByteArray(R"({"uuid": "u", "axes": {"batch_size": 4, "seq_len": 1973}, "tolerance": )"
                          R"({"max_atol": -1, "max_rtol": 0.03}})")
            << QStringLiteral(
                   "workload.jsonl:1: tolerance: expected max_atol and max_rtol, non-negative numbers");
        QTest::newRow("a workload twice") << QByteArray(kName) << QByteArray(kLine) + "\n" + kLine
                                          << QStringLiteral("workload.jsonl:2: axes: a second workload "
                                                            "(batch_size=4, seq_len=1973)");
        QTest::newRow("not JSON") << QByteArray(kName) << QByteArray("{")
                                  << QStringLiteral("workload.jsonl:1: expected one JSON object per line");
    }
    void badCopy() {
        QFETCH(QByteArray, definition);
        QFETCH(QByteArray, lines);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("definition.json")), definition));
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("workload.jsonl")), lines));
        const kix::DatasetCopyRead r = kix::readDatasetCopy(dir.path(), problem());
        QVERIFY(!r.copy);
        QVERIFY(!r.problems.isEmpty());
        QCOMPARE(r.problems.first().toString(), dir.path() + u'/' + expected);
    }

    void missingFolder() {
        const kix::DatasetCopyRead r = kix::readDatasetCopy(QStringLiteral("/nonexistent/copy"), problem());
        QVERIFY(!r.copy);
        QVERIFY(
            r.problems.first().toString().startsWith(QStringLiteral("/nonexistent/copy/definition.json")));
    }
};

KIX_TEST_GUILESS_MAIN(TestDatasetCopy)
#include "tst_dataset_copy.moc"
