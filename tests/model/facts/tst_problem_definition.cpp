// The "kix.problem/v1" reader: the bundled problem 013 reads without a problem and states the facts the
// program needs; every bad input is a located problem with its code and exact text, and reading goes on.
#include "ProblemDefinition.h"
#include "ProblemTexts.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

using kix::ProblemDefinitionRead;

namespace {

nlohmann::json bundled() {
    return nlohmann::json::parse(kixtest::readAll(kixtest::problemPath()).toStdString());
}

ProblemDefinitionRead parseEdited(const QString& pointer, const QByteArray& value) {
    return kix::parseProblemDefinition(kixtest::edited(bundled(), pointer, value), QStringLiteral("p.json"));
}

const char* const kB200 = "NVIDIA B200";

} // namespace

class TestProblemDefinition : public QObject {
    Q_OBJECT
private slots:
    void bundledFileReadsCleanly() {
        const ProblemDefinitionRead r = kix::readProblemDefinition(kixtest::problemPath());
        QCOMPARE(kixtest::problemTexts(r.problems), QStringList());
        QVERIFY(r.definition);
    }

    void bundledFacts() {
        const auto d = *kix::readProblemDefinition(kixtest::problemPath()).definition;
        QCOMPARE(d.id, QStringLiteral("013_fused_residual_rms_norm_backward"));
        QCOMPARE(d.slug, QStringLiteral("013-fused-residual-rms-norm-backward"));
        QCOMPARE(d.axes.size(), 3);
        QVERIFY(d.axis(QStringLiteral("hidden_size"))->constant);
        QCOMPARE(d.axis(QStringLiteral("hidden_size"))->value, qint64(2560));
        QVERIFY(!d.axis(QStringLiteral("batch_size"))->constant);
        QStringList inputs, outputs;
        for (const auto& t : d.inputs)
            inputs << t.name + u':' + t.dtype;
        for (const auto& t : d.outputs)
            outputs << t.name + u':' + t.dtype;
        QCOMPARE(inputs, QStringList({QStringLiteral("grad_output:bf16"), QStringLiteral("x:fp32"),
                                      QStringLiteral("normalized:fp32"), QStringLiteral("rstd:fp32"),
                                      QStringLiteral("weight:fp32")}));
        QCOMPARE(outputs,
                 QStringList({QStringLiteral("grad_hidden_states:bf16"), QStringLiteral("grad_residual:bf16"),
                              QStringLiteral("grad_weight:fp32")}));
        QVERIFY(!d.tensor(QStringLiteral("x"))->readByReference);
        QVERIFY(d.tensor(QStringLiteral("normalized"))->readByReference);
        QCOMPARE(d.workloads.size(), 16);
        const auto& big = d.workloads[1];
        QCOMPARE(d.shape(*d.tensor(QStringLiteral("grad_output")), big), QList<qint64>({64, 8192, 2560}));
        QCOMPARE(d.shape(*d.tensor(QStringLiteral("rstd")), big), QList<qint64>({64, 8192, 1}));
        QCOMPARE(d.shape(*d.tensor(QStringLiteral("grad_weight")), big), QList<qint64>({2560}));
        QCOMPARE(big.axes, (QMap<QString, qint64>{{QStringLiteral("batch_size"), 64},
                                                  {QStringLiteral("seq_len"), 8192}}));
        QCOMPARE(d.speedOfLightGpus(), QStringList({QString::fromLatin1(kB200)}));
        const auto* sol = d.speedOfLight(1, QString::fromLatin1(kB200));
        QVERIFY(sol);
        QCOMPARE(sol->solMs, 0.7006);
        QCOMPARE(sol->baselineMs, 5.6911705);
        QCOMPARE(d.speedOfLight(1, QStringLiteral("NVIDIA H200")), nullptr);
        QCOMPARE(d.speedOfLight(16, QString::fromLatin1(kB200)), nullptr);
        QCOMPARE(big.kernelIndex->externalId, QStringLiteral("d5c75ea31c66"));
        QCOMPARE(d.kernelIndex->suiteDigest,
                 QStringLiteral("sha256:c4af2be85b8d0dc9c65d67f1c7f8bb24389ca967078cc64c29e2220ee70ff5e4"));
        // A case by KernelIndex's external id, else by its axes (a case named by the dataset's uuid).
        QCOMPARE(d.workloadIndex(QStringLiteral("051eea6beddd")), 15);
        QCOMPARE(d.workloadIndex(QStringLiteral("nope")), -1);
        const QList<QPair<QString, double>> axes{{QStringLiteral("batch_size"), 1},
                                                 {QStringLiteral("hidden_size"), 2560},
                                                 {QStringLiteral("seq_len"), 131}};
        QCOMPARE(d.workloadIndex(QStringLiteral("a-uuid"), axes), 15);
        QCOMPARE(d.workloadIndex(QStringLiteral("a-uuid"), {{QStringLiteral("batch_size"), 1},
                                                            {QStringLiteral("hidden_size"), 4096},
                                                            {QStringLiteral("seq_len"), 131}}),
                 -1); // a constant axis of another value is another problem
        QCOMPARE(d.workloadIndex(QString(), {{QStringLiteral("batch_size"), 1}}), -1); // seq_len missing
        // Without the constant axis the case may be of another problem with the same variable axes.
        QCOMPARE(d.workloadIndex(QStringLiteral("a-uuid"),
                                 {{QStringLiteral("batch_size"), 1}, {QStringLiteral("seq_len"), 131}}),
                 -1);
    }

    // Every fact names a source, and every source says where it is published and when it was read.
    void everyFactHasASource() {
        const auto d = *kix::readProblemDefinition(kixtest::problemPath()).definition;
        QStringList refs{d.source, d.kernelIndex->source};
        for (const auto& a : d.axes)
            refs << a.source;
        for (const auto* list : {&d.inputs, &d.outputs})
            for (const auto& t : *list)
                refs << t.source;
        for (const auto& w : d.workloads) {
            refs << w.source << w.kernelIndex->source;
            for (const auto& t : w.speedOfLight)
                refs << t.source;
        }
        for (const QString& ref : refs)
            QVERIFY2(d.sources.contains(ref), qPrintable(ref));
        QCOMPARE(d.sources.size(), 3);
        QVERIFY(!d.sources.contains(QStringLiteral("sol-execbench-dataset")));
        for (const kix::FactSource& s : d.sources) {
            QVERIFY(s.url.startsWith(QStringLiteral("https://")));
            QVERIFY(s.read.isValid());
            QVERIFY(!s.readFrom.isEmpty());
        }
    }

    void badInput_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value"); // empty: remove the member
        QTest::addColumn<QString>("code");     // of the first problem
        QTest::addColumn<QStringList>("expected");
        const QString none;
        auto row = [](const char* name, const char* pointer, const QByteArray& value, const QString& code,
                      const QStringList& expected) {
            QTest::newRow(name) << QString::fromLatin1(pointer) << value << code << expected;
        };
        row("no format", "/format", "", QStringLiteral("data.format"),
            {QStringLiteral("p.json: format: required field is missing (expected \"kix.problem/v1\")")});
        row("other format", "/format", "\"kix.problem/v2\"", QStringLiteral("data.format"),
            {QStringLiteral("p.json: format: unsupported format \"kix.problem/v2\": this kix reads "
                            "\"kix.problem/v1\"")});
        row("unknown source", "/axes/0/source", "\"nowhere\"", QStringLiteral("data.source_unknown"),
            {QStringLiteral(
                "p.json: axes[0].source: names the source \"nowhere\", which \"sources\" does not "
                "list (it lists: kernelindex-catalog, kix-problem-statement, sol-execbench-api-b200)")});
        row("no source", "/inputs/1/source", "", none,
            {QStringLiteral("p.json: inputs[1].source: required field is missing (expected a string)")});
        row("source over http", "/sources/kernelindex-catalog/url", "\"http://example.com\"",
            QStringLiteral("data.out_of_range"),
            {QStringLiteral(
                "p.json: sources.kernelindex-catalog.url: expected a public https:// address, got "
                "\"http://example.com\"")});
        row("bad read date", "/sources/kernelindex-catalog/read", "\"2026-13-01\"",
            QStringLiteral("data.invalid_date"),
            {QStringLiteral(
                "p.json: sources.kernelindex-catalog.read: expected a date written YYYY-MM-DD, got "
                "\"2026-13-01\"")});
        row("bad source id", "/sources/Dataset",
            R"({"title": "t", "url": "https://e.org", "read": "2026-12-02"})",
            QStringLiteral("data.out_of_range"),
            {QStringLiteral(
                "p.json: sources.Dataset: a source id is lowercase letters, digits, '.' and '-', got "
                "\"Dataset\"")});
        row("bad slug", "/slug", "\"Fused RMSNorm\"", QStringLiteral("data.out_of_range"),
            {QStringLiteral(
                "p.json: slug: expected lowercase letters, digits and '-', got \"Fused RMSNorm\"")});
        row("axis twice", "/axes/-",
            R"({"name": "hidden_size", "role": "constant", "value": 2560, "source": "kernelindex-catalog"})",
            QStringLiteral("data.duplicate"),
            {QStringLiteral("p.json: axes[3].name: the axis \"hidden_size\" is declared twice")});
        row("constant without value", "/axes/2/value", "", none,
            {QStringLiteral(
                "p.json: axes[2].value: required field is missing (expected a non-negative integer)")});
        row("constant of zero", "/axes/2/value", "0", QStringLiteral("data.out_of_range"),
            {QStringLiteral("p.json: axes[2].value: expected a positive integer, got 0")});
        row("variable with value", "/axes/0/value", "4", QStringLiteral("data.inconsistent"),
            {QStringLiteral(
                "p.json: axes[0].value: a variable axis has no value here: each workload sets it")});
        row("dataset's role name", "/axes/0/role", "\"var\"", QStringLiteral("data.out_of_range"),
            {QStringLiteral("p.json: axes[0].role: expected \"variable\" or \"constant\", got \"var\"")});
        row("dataset's dtype name", "/inputs/0/dtype", "\"bfloat16\"", QStringLiteral("data.out_of_range"),
            {QStringLiteral(
                "p.json: inputs[0].dtype: unknown dtype \"bfloat16\" (expected one of bf16, fp16, "
                "fp32, fp64, fp8_e4m3, fp8_e5m2, fp4_e2m1, int8, int16, int32, int64, uint8, bool)")});
        row("undeclared axis in a shape", "/outputs/2/shape/0", "\"hidden\"",
            QStringLiteral("data.axis_unknown"),
            {QStringLiteral("p.json: outputs[2].shape[0]: names the axis \"hidden\", which \"axes\" does not "
                            "declare")});
        row("zero extent", "/inputs/3/shape/2", "0", QStringLiteral("data.out_of_range"),
            {QStringLiteral(
                "p.json: inputs[3].shape[2]: expected an axis name or a positive integer, got 0")});
        row("tensor named twice", "/outputs/1/name", "\"grad_hidden_states\"",
            QStringLiteral("data.duplicate"),
            {QStringLiteral(
                "p.json: outputs[1].name: the tensor \"grad_hidden_states\" is named twice among the "
                "inputs and outputs")});
        row("tensor name with a space", "/inputs/0/name", "\"grad output\"",
            QStringLiteral("data.out_of_range"),
            {QStringLiteral("p.json: inputs[0].name: expected an identifier (letters, digits and '_'), got "
                            "\"grad output\"")});
        row("readByReference not a boolean", "/inputs/1/readByReference", "\"no\"", none,
            {QStringLiteral("p.json: inputs[1].readByReference: expected a boolean, got a string")});
        row("workload lacks an axis", "/workloads/3/axes/seq_len", "", QStringLiteral("data.axes_incomplete"),
            {QStringLiteral("p.json: workloads[3].axes: lacks the variable axis \"seq_len\"")});
        row("workload sets a constant", "/workloads/0/axes/hidden_size", "2560",
            QStringLiteral("data.axes_incomplete"),
            {QStringLiteral(
                "p.json: workloads[0].axes.hidden_size: \"hidden_size\" is a constant axis (2560): a "
                "workload does not set it")});
        row("workload names an unknown axis", "/workloads/0/axes/heads", "8",
            QStringLiteral("data.axis_unknown"),
            {QStringLiteral(
                "p.json: workloads[0].axes.heads: names the axis \"heads\", which \"axes\" does not "
                "declare")});
        row("zero batch", "/workloads/0/axes/batch_size", "0", QStringLiteral("data.out_of_range"),
            {QStringLiteral("p.json: workloads[0].axes.batch_size: expected a positive integer, got 0")});
        row("negative batch", "/workloads/0/axes/batch_size", "-1", none,
            {QStringLiteral(
                "p.json: workloads[0].axes.batch_size: expected a non-negative integer, got -1")});
        row("workload twice", "/workloads/1/axes", "{\"batch_size\": 4, \"seq_len\": 1973}",
            QStringLiteral("data.duplicate"),
            {QStringLiteral(
                "p.json: workloads[1].axes: the workload (batch_size=4, seq_len=1973) is listed twice")});
        row("SOL above baseline", "/workloads/0/speedOfLight/0/solMs", "0.2",
            QStringLiteral("data.inconsistent"),
            {QStringLiteral(
                "p.json: workloads[0].speedOfLight[0].solMs: the speed-of-light time (0.2 ms) must be "
                "below the baseline (0.117392 ms): the SOL score divides by their difference")});
        row("SOL of zero", "/workloads/0/speedOfLight/0/solMs", "0", QStringLiteral("data.out_of_range"),
            {QStringLiteral("p.json: workloads[0].speedOfLight[0].solMs: expected a positive number of "
                            "milliseconds, got 0")});
        row("baseline as text", "/workloads/0/speedOfLight/0/baselineMs", "\"0.1\"", none,
            {QStringLiteral(
                "p.json: workloads[0].speedOfLight[0].baselineMs: expected a non-negative number of "
                "milliseconds, got a string")});
        row("times missing for one workload", "/workloads/5/speedOfLight", "",
            QStringLiteral("data.inconsistent"),
            {QStringLiteral("p.json: workloads: speed-of-light times for \"NVIDIA B200\" cover 15 of the 16 "
                            "workloads; give them for every workload or for none")});
        row("times twice for one GPU", "/workloads/0/speedOfLight/-",
            R"({"gpu": "NVIDIA B200", "solMs": 0.01, "baselineMs": 0.1, "source": "sol-execbench-api-b200"})",
            QStringLiteral("data.duplicate"),
            {QStringLiteral(
                 "p.json: workloads[0].speedOfLight[1].gpu: times for \"NVIDIA B200\" are given twice "
                 "for this workload"),
             QStringLiteral("p.json: workloads: speed-of-light times for \"NVIDIA B200\" cover 17 of the 16 "
                            "workloads; give them for every workload or for none")});
        row("short case digest", "/workloads/0/kernelIndex/digest", "\"sha256:abc\"", none,
            {QStringLiteral("p.json: workloads[0].kernelIndex.digest: expected a digest of the form "
                            "sha256:<64 lowercase hex digits>, got \"sha256:abc\"")});
        row("external id twice", "/workloads/1/kernelIndex/externalId", "\"c72202f7718b\"",
            QStringLiteral("data.duplicate"),
            {QStringLiteral(
                "p.json: workloads[1].kernelIndex.externalId: the external id \"c72202f7718b\" is "
                "given to two workloads")});
        row("workload without its case", "/workloads/4/kernelIndex", "", QStringLiteral("data.inconsistent"),
            {QStringLiteral(
                "p.json: workloads[4]: lacks \"kernelIndex\": with a top-level \"kernelIndex\", every "
                "workload needs its external id and case digest")});
        row("no suite digest", "/kernelIndex/suite/digest", "", none,
            {QStringLiteral(
                "p.json: kernelIndex.suite.digest: required field is missing (expected a string)")});
        row("no workloads", "/workloads", "[]", QStringLiteral("data.out_of_range"),
            {QStringLiteral("p.json: workloads: expected at least one element, got an empty array")});
        row("workload not an object", "/workloads/0", "3", none,
            {QStringLiteral("p.json: workloads[0]: expected an object, got a number")});
        row("axes not an array", "/axes", "{}", none,
            {QStringLiteral("p.json: axes: expected an array, got an object")});
    }
    void badInput() {
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, code);
        QFETCH(QStringList, expected);
        const ProblemDefinitionRead r = parseEdited(pointer, value);
        QCOMPARE(kixtest::problemTexts(r.problems), expected);
        QVERIFY(!r.definition); // nothing half-read is handed on
        if (code.isEmpty()) // no code of its own; a typed read (FieldReader) gives one of the field.* area
            QVERIFY2(r.problems.first().code.isEmpty() ||
                         r.problems.first().code.startsWith(QLatin1String("field.")),
                     qPrintable(r.problems.first().code));
        else
            QCOMPARE(r.problems.first().code, code);
        QVERIFY(r.problems.first().isError());
    }

    // A member the format does not define is a warning: the file still reads, and the typo is named.
    void unknownMembersWarn_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("expected");
        QTest::newRow("top level") << QStringLiteral("/colour")
                                   << QStringLiteral(
                                          "p.json: colour: warning: unknown member \"colour\" is ignored");
        // The dataset's own fields, as a file written before issue 37 had them, are not read.
        QTest::newRow("a dataset tolerance")
            << QStringLiteral("/workloads/0/tolerance")
            << QStringLiteral(
                   "p.json: workloads[0].tolerance: warning: unknown member \"tolerance\" is ignored");
        QTest::newRow("a dataset uuid")
            << QStringLiteral("/workloads/0/uuid")
            << QStringLiteral("p.json: workloads[0].uuid: warning: unknown member \"uuid\" is ignored");
        QTest::newRow("output cannot be unread")
            << QStringLiteral("/outputs/0/readByReference")
            << QStringLiteral(
                   "p.json: outputs[0].readByReference: warning: unknown member \"readByReference\" is "
                   "ignored");
        QTest::newRow("source") << QStringLiteral("/sources/kernelindex-catalog/license")
                                << QStringLiteral(
                                       "p.json: sources.kernelindex-catalog.license: warning: unknown "
                                       "member \"license\" is ignored");
    }
    void unknownMembersWarn() {
        QFETCH(QString, pointer);
        QFETCH(QString, expected);
        const ProblemDefinitionRead r = parseEdited(pointer, "true");
        QCOMPARE(kixtest::problemTexts(r.problems), QStringList{expected});
        QCOMPARE(r.problems.first().code, QStringLiteral("data.unknown_member"));
        QVERIFY(r.definition);
    }

    // Reading goes on after a problem: three unrelated mistakes are three located problems.
    void reportsEveryProblem() {
        auto doc = bundled();
        doc["slug"] = "Bad Slug";
        doc["workloads"][7]["axes"]["seq_len"] = "1024";
        doc["outputs"][2]["dtype"] = "float32";
        const auto r =
            kix::parseProblemDefinition(QByteArray::fromStdString(doc.dump()), QStringLiteral("p.json"));
        QCOMPARE(r.problems.size(), 3);
        QCOMPARE(r.problems[0].path, QStringLiteral("slug"));
        QCOMPARE(r.problems[1].path, QStringLiteral("outputs[2].dtype"));
        QCOMPARE(r.problems[2].path, QStringLiteral("workloads[7].axes.seq_len"));
    }

    void wholeFile_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("array") << QByteArray("[1, 2]")
                               << QStringLiteral(
                                      "p.json: expected a JSON object at the top level, got an array");
        QTest::newRow("empty") << QByteArray("  \n")
                               << QStringLiteral("p.json: file is empty: expected a JSON object");
        QTest::newRow("truncated") << QByteArray("{\"format\": \"kix.problem/v1\",")
                                   << QStringLiteral(
                                          "p.json: not valid JSON (line 1, column 29): syntax error while "
                                          "parsing object key - unexpected end of input; expected string "
                                          "literal");
        QTest::newRow("manifest instead")
            << kixtest::readAll(kixtest::seedPath())
            << QStringLiteral("p.json: format: required field is missing (expected \"kix.problem/v1\")");
    }
    void wholeFile() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const auto r = kix::parseProblemDefinition(bytes, QStringLiteral("p.json"));
        QCOMPARE(kixtest::problemTexts(r.problems), QStringList{expected});
        QVERIFY(!r.definition);
    }

    void missingFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("absent.json"));
        const auto r = kix::readProblemDefinition(path);
        QCOMPARE(kixtest::problemTexts(r.problems), QStringList{path + QStringLiteral(": no such file")});
        QVERIFY(!r.definition);
    }
};

KIX_TEST_GUILESS_MAIN(TestProblemDefinition)
#include "tst_problem_definition.moc"
