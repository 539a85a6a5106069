// ProblemSourceCheck against fixtures this test writes from the problem file itself, in the sources'
// formats (SOL-ExecBench's definition.json and workload.jsonl, the speed-of-light table, KernelIndex's
// catalog rows): they agree line for line, and each changed source fact is one exact difference.
// tst_bundled_problem runs the same comparisons against the real files in ../shared.
#include "Digest.h"
#include "ProblemSourceCheck.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "WorkloadSuiteBuilder.h"

#include <QTest>

using nlohmann::json;

namespace {

kix::ProblemDefinition problem() {
    return *kix::readProblemDefinition(kixtest::problemPath()).definition;
}

std::string str(const QString& s) {
    return s.toStdString();
}

std::string solDtype(const QString& dtype) {
    static const QMap<QString, QString> names{{QStringLiteral("bf16"), QStringLiteral("bfloat16")},
                                              {QStringLiteral("fp32"), QStringLiteral("float32")}};
    return str(names.value(dtype, dtype));
}

json solTensors(const QList<kix::ProblemTensor>& tensors) {
    json out = json::object();
    for (const auto& t : tensors) {
        json shape = json::array();
        for (const auto& d : t.shape)
            shape.push_back(d.axis.isEmpty() ? std::to_string(d.extent) : str(d.axis));
        out[str(t.name)] = {{"shape", shape}, {"dtype", solDtype(t.dtype)}};
    }
    return out;
}

// definition.json as SOL-ExecBench writes it (without the reference, which kix never reads).
json solDefinition(const kix::ProblemDefinition& d) {
    json axes = json::object();
    for (const auto& a : d.axes)
        axes[str(a.name)] = a.constant ? json{{"type", "const"}, {"value", a.value}} : json{{"type", "var"}};
    return {{"name", str(d.id)},
            {"axes", axes},
            {"inputs", solTensors(d.inputs)},
            {"outputs", solTensors(d.outputs)}};
}

// workload.jsonl as SOL-ExecBench writes it; the uuids and tolerances are this test's own stand-ins (kix
// bundles none of the dataset's), so only the axes are compared.
QList<json> solWorkloads(const kix::ProblemDefinition& d) {
    QList<json> lines;
    for (const auto& w : d.workloads) {
        json axes = json::object(), inputs = json::object();
        for (auto it = w.axes.begin(); it != w.axes.end(); ++it)
            axes[str(it.key())] = it.value();
        for (const auto& t : d.inputs)
            inputs[str(t.name)] = {{"type", "random"}};
        lines << json{{"uuid", "w" + std::to_string(lines.size())},
                      {"axes", axes},
                      {"inputs", inputs},
                      {"tolerance", {{"max_atol", 1e-5}, {"max_rtol", 0.05}}}};
    }
    return lines;
}

// The site API's table, in reverse order: it is matched to the workloads by axes, not by position.
json solTable(const kix::ProblemDefinition& d, const QString& gpu) {
    json rows = json::array();
    for (int i = int(d.workloads.size()) - 1; i >= 0; --i) {
        json axes = json::object();
        for (const auto& a : d.axes)
            axes[str(a.name)] = d.axisValue(d.workloads[i], a.name).value_or(0);
        const auto* t = d.speedOfLight(i, gpu);
        rows.push_back({{"axes", axes}, {"sol_ms", t->solMs}, {"baseline_latency_ms", t->baselineMs}});
    }
    return {{"kernel", {{"workloads", rows}}}};
}

QList<json> catalogRows(const kix::ProblemDefinition& d) {
    const auto built = kix::buildKernelIndexResources(d);
    QList<json> lines;
    lines << json{{"table", "operations"},
                  {"row",
                   {{"name", str(d.id)},
                    {"semanticDigest", str(kix::resourceDigest(built.operationSpec))},
                    {"manifest", built.operationSpec}}}};
    for (const json& c : built.cases)
        lines << json{{"table", "workloads"},
                      {"row", {{"workloadDigest", str(kix::resourceDigest(c))}, {"manifest", c}}}};
    lines << json{
        {"table", "workloads"},
        {"row", {{"workloadDigest", str(kix::resourceDigest(built.suite))}, {"manifest", built.suite}}}};
    return lines;
}

void edit(json& doc, const QString& pointer, const QByteArray& value) {
    const json::json_pointer p(pointer.toStdString());
    if (value.isEmpty())
        doc[p.parent_pointer()].erase(p.back());
    else
        doc[p] = json::parse(value.toStdString());
}

QList<json> editedLines(QList<json> lines, int index, const QString& pointer, const QByteArray& value) {
    if (pointer.isEmpty())
        lines.removeAt(index);
    else
        edit(lines[index], pointer, value);
    return lines;
}

const QString kB200 = QStringLiteral("NVIDIA B200");

} // namespace

class TestProblemSourceCheck : public QObject {
    Q_OBJECT
private slots:
    void agreeingFixtures() {
        const auto d = problem();
        QCOMPARE(kix::compareWithSolExecBenchDefinition(d, solDefinition(d)), QStringList());
        QCOMPARE(kix::compareWithSolExecBenchWorkloads(d, solWorkloads(d)), QStringList());
        QCOMPARE(kix::compareWithSpeedOfLightTable(d, solTable(d, kB200), kB200), QStringList());
        QCOMPARE(kix::compareWithKernelIndexRows(d, catalogRows(d)), QStringList());
    }

    void dtypeNames_data() {
        QTest::addColumn<QString>("sol");
        QTest::addColumn<QString>("kix");
        QTest::newRow("bfloat16") << QStringLiteral("bfloat16") << QStringLiteral("bf16");
        QTest::newRow("float32") << QStringLiteral("float32") << QStringLiteral("fp32");
        QTest::newRow("float8") << QStringLiteral("float8_e4m3fn") << QStringLiteral("fp8_e4m3");
        QTest::newRow("int32 unchanged") << QStringLiteral("int32") << QStringLiteral("int32");
    }
    void dtypeNames() {
        QFETCH(QString, sol);
        QFETCH(QString, kix);
        QCOMPARE(kix::dtypeFromSolExecBench(sol), kix);
    }

    void definitionDiffers_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("name") << QStringLiteral("/name") << QByteArray("\"013_other\"")
                              << QStringList{QStringLiteral(
                                     "id: this file says \"013_fused_residual_rms_norm_backward\", "
                                     "definition.json says \"013_other\"")};
        QTest::newRow("constant") << QStringLiteral("/axes/hidden_size/value") << QByteArray("4096")
                                  << QStringList{QStringLiteral(
                                         "axes[2].value: this file says 2560, definition.json says 4096")};
        QTest::newRow("role") << QStringLiteral("/axes/seq_len/type") << QByteArray("\"const\"")
                              << QStringList{QStringLiteral(
                                     "axes[1].role: this file says \"var\", definition.json says \"const\"")};
        QTest::newRow("extra axis")
            << QStringLiteral("/axes/heads") << QByteArray(R"({"type": "var"})")
            << QStringList{QStringLiteral(
                   "axes (names): this file says [\"batch_size\",\"hidden_size\",\"seq_len\"], "
                   "definition.json says [\"batch_size\",\"heads\",\"hidden_size\",\"seq_len\"]")};
        QTest::newRow("dtype")
            << QStringLiteral("/inputs/x/dtype") << QByteArray("\"float16\"")
            << QStringList{
                   QStringLiteral("inputs[1].dtype: this file says \"fp32\", definition.json says \"fp16\"")};
        QTest::newRow("shape") << QStringLiteral("/inputs/rstd/shape/2") << QByteArray("\"2\"")
                               << QStringList{QStringLiteral(
                                      "inputs[3].shape: this file says [\"batch_size\",\"seq_len\",\"1\"], "
                                      "definition.json says [\"batch_size\",\"seq_len\",\"2\"]")};
        QTest::newRow("output removed")
            << QStringLiteral("/outputs/grad_residual") << QByteArray()
            << QStringList{QStringLiteral(
                   "outputs (names): this file says "
                   "[\"grad_hidden_states\",\"grad_residual\",\"grad_weight\"], definition.json "
                   "says [\"grad_hidden_states\",\"grad_weight\"]")};
    }
    void definitionDiffers() {
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QStringList, expected);
        const auto d = problem();
        json def = solDefinition(d);
        edit(def, pointer, value);
        QCOMPARE(kix::compareWithSolExecBenchDefinition(d, def), expected);
    }

    void workloadsDiffer_data() {
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("pointer"); // empty: drop the line
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("axes") << 0 << QStringLiteral("/axes/seq_len") << QByteArray("1974")
                              << QStringList{QStringLiteral(
                                     "workloads[0].axes: this file says {\"batch_size\":4,\"seq_len\":1973}, "
                                     "workload.jsonl line 1 says {\"batch_size\":4,\"seq_len\":1974}")};
        // The dataset's own fields are not kix's facts: a copy that differs in them agrees.
        QTest::newRow("uuid, tolerance and inputs differ")
            << 1 << QStringLiteral("/tolerance/max_atol") << QByteArray("0.5") << QStringList();
        QTest::newRow("line dropped")
            << 15 << QString() << QByteArray()
            << QStringList{QStringLiteral("workloads: this file lists 16, workload.jsonl has 15 lines")};
    }
    void workloadsDiffer() {
        QFETCH(int, line);
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QStringList, expected);
        const auto d = problem();
        QCOMPARE(kix::compareWithSolExecBenchWorkloads(d, editedLines(solWorkloads(d), line, pointer, value)),
                 expected);
    }

    void speedOfLightDiffers_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QStringList>("expected");
        // Row 15 of the reversed table is workload 0 (4 x 1973).
        QTest::newRow("sol") << QStringLiteral("/kernel/workloads/15/sol_ms") << QByteArray("0.011")
                             << QStringList{
                                    QStringLiteral("workloads[0].speedOfLight[gpu=NVIDIA B200].solMs: this "
                                                   "file says 0.0109, the speed-of-light table says 0.011")};
        QTest::newRow("baseline")
            << QStringLiteral("/kernel/workloads/0/baseline_latency_ms") << QByteArray("0.08")
            << QStringList{
                   QStringLiteral("workloads[15].speedOfLight[gpu=NVIDIA B200].baselineMs: this file says "
                                  "0.0712319999999999, the speed-of-light table says 0.08")};
        QTest::newRow("axes") << QStringLiteral("/kernel/workloads/15/axes/seq_len") << QByteArray("1972")
                              << QStringList{QStringLiteral(
                                     "workloads[0]: the speed-of-light table has no workload with the axes "
                                     "{\"batch_size\":4,\"hidden_size\":2560,\"seq_len\":1973}")};
        QTest::newRow("no table") << QStringLiteral("/kernel") << QByteArray()
                                  << QStringList{
                                         QStringLiteral("speed-of-light table: no kernel.workloads array")};
    }
    void speedOfLightDiffers() {
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QStringList, expected);
        const auto d = problem();
        json table = solTable(d, kB200);
        edit(table, pointer, value);
        QCOMPARE(kix::compareWithSpeedOfLightTable(d, table, kB200), expected);
    }

    void speedOfLightForAnotherGpu() {
        const auto d = problem();
        const QStringList diffs =
            kix::compareWithSpeedOfLightTable(d, solTable(d, kB200), QStringLiteral("NVIDIA H200"));
        QCOMPARE(diffs.size(), 16);
        QCOMPARE(diffs.first(),
                 QStringLiteral("workloads[0].speedOfLight: this file has no times for \"NVIDIA H200\""));
    }

    void catalogDiffers_data() {
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("pointer"); // empty: drop the line
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("operation digest")
            << 0 << QStringLiteral("/row/semanticDigest") << QByteArray("\"sha256:00\"")
            << QStringList{QStringLiteral(
                   "kernelIndex.operation.digest: this file says "
                   "\"sha256:f3aca4e58b6a4d072f6637b96fcf58984207f2e16e2fd4bb2269b53d6021a7e6\", "
                   "the catalog says \"sha256:00\"")};
        QTest::newRow("family") << 0 << QStringLiteral("/row/manifest/spec/family")
                                << QByteArray("\"reduction\"")
                                << QStringList{
                                       QStringLiteral("kernelIndex.operation.family: this file says "
                                                      "\"normalization\", the catalog says \"reduction\"")};
        QTest::newRow("no operation")
            << 0 << QString() << QByteArray()
            << QStringList{QStringLiteral("kernelIndex.operation: the catalog has no operations row named "
                                          "\"013_fused_residual_rms_norm_backward\"")};
        QTest::newRow("case dropped")
            << 1 << QString() << QByteArray()
            << QStringList{
                   QStringLiteral("workloads[0].kernelIndex.digest: the catalog has no WorkloadCase "
                                  "sha256:e7d105847812c71702a2b0be08d0cee14f40f74b1f62dcb88ac100a9efe92ed1")};
        QTest::newRow("case axes") << 2 << QStringLiteral("/row/manifest/spec/axes/batch_size")
                                   << QByteArray("63")
                                   << QStringList{
                                          QStringLiteral("workloads[1].axes.batch_size: this file says 64, "
                                                         "the catalog says 63")};
        QTest::newRow("external ids")
            << 17 << QStringLiteral("/row/manifest/spec/cases/0/externalId") << QByteArray("\"c72202f7718c\"")
            << QStringList{
                   QStringLiteral("workloads[*].kernelIndex.externalId (in order): this file says "
                                  "[\"c72202f7718b\",") +
                   QStringLiteral("\"d5c75ea31c66\",\"4f6a657ed908\",\"ed289860d3f0\",\"fe2659b35651\","
                                  "\"1d168e84ce2c\",\"a2316481b995\",\"9f6d195b27c1\",\"a74b72049566\","
                                  "\"9984406790ca\",\"d8322a969643\",\"e19b44da3a90\",\"6282cb708314\","
                                  "\"f3892af7af88\",\"780452f932e5\",\"051eea6beddd\"], the catalog says "
                                  "[\"c72202f7718c\",\"d5c75ea31c66\",\"4f6a657ed908\",\"ed289860d3f0\","
                                  "\"fe2659b35651\",\"1d168e84ce2c\",\"a2316481b995\",\"9f6d195b27c1\","
                                  "\"a74b72049566\",\"9984406790ca\",\"d8322a969643\",\"e19b44da3a90\","
                                  "\"6282cb708314\",\"f3892af7af88\",\"780452f932e5\",\"051eea6beddd\"]")};
        QTest::newRow("no suite")
            << 17 << QString() << QByteArray()
            << QStringList{
                   QStringLiteral("kernelIndex.suite.digest: the catalog has no WorkloadSuite "
                                  "sha256:c4af2be85b8d0dc9c65d67f1c7f8bb24389ca967078cc64c29e2220ee70ff5e4")};
    }
    void catalogDiffers() {
        QFETCH(int, line);
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QStringList, expected);
        const auto d = problem();
        QCOMPARE(kix::compareWithKernelIndexRows(d, editedLines(catalogRows(d), line, pointer, value)),
                 expected);
    }
};

KIX_TEST_GUILESS_MAIN(TestProblemSourceCheck)
#include "tst_problem_source_check.moc"
