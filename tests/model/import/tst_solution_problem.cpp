// A SOL-ExecBench solution and its problem as `kix run --solution` reads them: a valid set reads, every
// bad input is refused located with its exact message (issue 34, item 5: another definition, an unknown
// language, a missing entry point, …), and the KernelIndex resources built from a definition are ones
// KernelIndex accepts: every argument a tensor or a scalar, lowercase tokens for "M" and "H_qo", a
// derived axis's expression in KernelIndex's operators. The definitions are written here.
#include "DatasetCopy.h"
#include "Digest.h"
#include "SolutionProblem.h"
#include "SolutionResources.h"
#include "TestMain.h"
#include "UpstreamCheck.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;

// Compared as text: QCOMPARE on two nlohmann values instantiates a conversion Qt's qfloat16 breaks.
#define JSON_EQ(a, b) QCOMPARE(QString::fromStdString((a).dump()), QString::fromStdString((b).dump()))

namespace {

// Written in order: a definition's inputs are passed in the order its file lists them.
using OJson = nlohmann::ordered_json;

OJson definition() {
    return OJson::parse(
        R"({)"
        R"("name": "scale_add_h8", "op_type": "elementwise",)"
        R"("axes": {"M": {"type": "var"}, "H": {"type": "const", "value": 8},)"
        R"("HALF": {"type": "expr", "expression": "H // 2"}},)"
        R"("inputs": {"x": {"shape": ["M", "H"], "dtype": "float32"}, "y": {"shape": ["M", "H"], "dtype": "bfloat16"},)"
        R"("alpha": {"shape": null, "dtype": "float32"}},)"
        R"("outputs": {"out": {"shape": ["M", "H"], "dtype": "float32"}, "head": {"shape": ["M", "HALF"], "dtype": "float32"}},)"
        R"("reference": "def run(x, y, alpha):\n    return x, x\n"})");
}

OJson workload(const char* uuid, int m) {
    return {{"uuid", uuid},
            {"axes", {{"M", m}}},
            {"inputs",
             {{"x", {{"type", "random"}}},
              {"y", {{"type", "random"}}},
              {"alpha", {{"type", "scalar"}, {"value", 0.5}}}}},
            {"tolerance", {{"max_atol", 1e-5}, {"max_rtol", 1e-4}}}};
}

OJson solution() {
    return OJson::parse(
        R"({)"
        R"("name": "scale_add_dps", "definition": "scale_add_h8", "author": "kix tests",)"
        R"("spec": {"languages": ["pytorch"], "target_hardware": ["local"], "entry_point": "kernel.py::run"},)"
        R"("sources": [{"path": "kernel.py", "content": "def run(x, y, alpha, out, head):\n    pass\n"}]})");
}

struct Files {
    QTemporaryDir dir;
    QString solution = dir.filePath(QStringLiteral("solution.json"));
    QString definition = dir.filePath(QStringLiteral("definition.json"));
    QString workloads = dir.filePath(QStringLiteral("workload.jsonl"));

    void write(const QString& path, const QByteArray& bytes) const {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
    void write(const OJson& s, const OJson& d, const QList<OJson>& w) const {
        write(solution, QByteArray::fromStdString(s.dump()));
        write(definition, QByteArray::fromStdString(d.dump()));
        QByteArray lines;
        for (const OJson& line : w)
            lines += QByteArray::fromStdString(line.dump()) + '\n';
        write(workloads, lines);
    }
    SolutionProblemRead read() const { return readSolutionProblem(solution, definition, workloads); }
};

} // namespace

class TestSolutionProblem : public QObject {
    Q_OBJECT
private slots:
    void aValidSetReads() {
        Files f;
        f.write(solution(), definition(), {workload("w0", 4), workload("w1", 64)});
        const SolutionProblemRead r = f.read();
        QVERIFY2(r.problem, r.problems.isEmpty() ? "" : qPrintable(r.problems.first().toString()));
        const SolutionProblem& p = *r.problem;
        QCOMPARE(p.definition.axes.size(), 3);
        QCOMPARE(p.definition.axes[2].kind, SolAxis::Kind::Expr);
        QVERIFY(p.definition.inputs[2].pyScalar);
        // In the order the file lists them (the calling convention), not nlohmann's sorted order.
        QCOMPARE(p.definition.inputs[0].name + p.definition.inputs[1].name + p.definition.inputs[2].name,
                 QStringLiteral("xyalpha"));
        QCOMPARE(p.definition.outputs[0].name, QStringLiteral("out"));
        QCOMPARE(p.workloads.size(), 2);
        QCOMPARE(p.workloads[1].axes.value(QStringLiteral("M")), qint64(64));
        QCOMPARE(p.workloads[0].tolerance.rtol, 1e-4);
        QCOMPARE(p.workloads[0].tolerance.matchedRatio, 0.99); // SOL-ExecBench's default
        QCOMPARE(p.solution.entryFile, QStringLiteral("kernel.py"));
        QCOMPARE(p.solution.entrySymbol, QStringLiteral("run"));
        QVERIFY(p.solution.destinationPassing); // the default
        QVERIFY(!p.solution.cpp());
    }

    void badInputIsRefusedLocated_data() {
        QTest::addColumn<QString>("file"); // which document the edit goes to
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value"); // JSON; "null" removes the member
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("expected"); // Problem::toString() less the file

        QTest::newRow("another definition")
            << "solution"
            << "/definition" << QByteArray("\"rmsnorm_h4096\"") << codes::solutionDefinition
            << "definition: the solution is for definition \"rmsnorm_h4096\", not \"scale_add_h8\" (the "
               "problem's "
               "definition)";
        QTest::newRow("unknown language")
            << "solution"
            << "/spec/languages" << QByteArray("[\"rust\"]") << codes::solutionLanguage
            << "spec.languages[0]: \"rust\" is not a SOL-ExecBench language (pytorch triton cute_dsl cutile "
               "cudnn_frontend cuda_cpp cutlass cudnn cublas)";
        QTest::newRow("C++ and Python mixed")
            << "solution"
            << "/spec/languages" << QByteArray("[\"triton\", \"cuda_cpp\"]") << codes::solutionLanguage
            << "spec.languages: C++ and Python languages cannot be mixed (docs/solution.md)";
        QTest::newRow("entry point file not in sources")
            << "solution"
            << "/spec/entry_point" << QByteArray("\"main.py::run\"") << codes::solutionEntryPoint
            << "spec.entry_point: the entry point's file \"main.py\" is not among the solution's sources";
        QTest::newRow("entry point without a function")
            << "solution"
            << "/spec/entry_point" << QByteArray("\"kernel.py\"") << codes::solutionEntryPoint
            << "spec.entry_point: \"kernel.py\" is not \"file::function\" (e.g. \"kernel.py::run\")";
        QTest::newRow("no entry point") << "solution"
                                        << "/spec/entry_point" << QByteArray("null") << codes::fieldMissing
                                        << "spec.entry_point: required, a string";
        QTest::newRow("a source outside the solution")
            << "solution"
            << "/sources/0/path" << QByteArray("\"../kernel.py\"") << codes::kDataOutOfRange
            << "sources[0].path: \"../kernel.py\" must be a relative path inside the solution (no leading /, "
               "no ..)";
        QTest::newRow("a shape naming no axis")
            << "definition"
            << "/inputs/x/shape" << QByteArray("[\"M\", \"W\"]") << codes::kDataAxisUnknown
            << "inputs.x.shape: \"W\" is not an axis of the definition";
        QTest::newRow("an unknown dtype")
            << "definition"
            << "/outputs/out/dtype" << QByteArray("\"float24\"") << codes::kDataOutOfRange
            << "outputs.out.dtype: \"float24\" is not a SOL-ExecBench dtype (float64 float32 float16 "
               "bfloat16 "
               "float8_e4m3fn float8_e5m2 float4_e2m1 float4_e2m1fn_x2 int64 int32 int16 int8 bool)";
        QTest::newRow("an unknown axis type")
            << "definition"
            << "/axes/M/type" << QByteArray("\"ragged\"") << codes::kDataOutOfRange
            << "axes.M.type: \"ragged\" is not an axis type (const, var or expr)";
        QTest::newRow("a workload without its variable axis")
            << "workload"
            << "/axes" << QByteArray("{}") << codes::kDataAxesIncomplete
            << "axes: the variable axis \"M\" has no value";
        QTest::newRow("a workload setting a constant")
            << "workload"
            << "/axes/H" << QByteArray("16") << codes::kDataAxesIncomplete
            << "axes.H: \"H\" is not a variable axis of definition \"scale_add_h8\"";
        QTest::newRow("a scalar without its value")
            << "workload"
            << "/inputs/alpha" << QByteArray("{\"type\": \"random\"}") << codes::fieldMissing
            << "inputs.alpha: input \"alpha\" is a Python scalar (shape null): the workload must give "
               "{\"type\": "
               "\"scalar\", \"value\": …}";
        QTest::newRow("an input the definition lacks")
            << "workload"
            << "/inputs/z" << QByteArray("{\"type\": \"random\"}") << codes::kDataAxisUnknown
            << "inputs.z: \"z\" is not an input of definition \"scale_add_h8\"";
    }

    void badInputIsRefusedLocated() {
        QFETCH(QString, file);
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, code);
        QFETCH(QString, expected);
        OJson s = solution(), d = definition(), w = workload("w0", 4);
        OJson& target = file == QLatin1String("solution") ? s : file == QLatin1String("definition") ? d : w;
        const OJson::json_pointer at(pointer.toStdString());
        if (value == "null")
            target[at.parent_pointer()].erase(at.back());
        else
            target[at] = OJson::parse(value.toStdString());
        Files f;
        f.write(s, d, {workload("w-first", 2), w});
        const SolutionProblemRead r = f.read();
        QVERIFY(!r.problem);
        QVERIFY(
            !r.problems
                 .isEmpty()); // a source outside the solution also leaves the entry point without its file
        const Problem& p = r.problems.first();
        QCOMPARE(p.code, code);
        QCOMPARE(p.line, file == QLatin1String("workload") ? qint64(2) : qint64(0)); // the second line
        const QString where = file == QLatin1String("solution")     ? f.solution
                              : file == QLatin1String("definition") ? f.definition
                                                                    : f.workloads + QStringLiteral(":2");
        QCOMPARE(p.toString(), where + QStringLiteral(": ") + expected);
    }

    void aSolutionOfAnotherDefinitionNamesBoth() {
        Files f;
        OJson s = solution();
        s["definition"] = "gemm_n4096_k4096";
        f.write(s, definition(), {workload("w0", 4)});
        const SolutionProblemRead r = f.read();
        QVERIFY(!r.problem);
        QCOMPARE(r.problems.first().path, QStringLiteral("definition"));
    }

    void resourcesAreOnesKernelIndexAccepts() {
        Files f;
        OJson d = definition();
        d["axes"]["H_qo"] = {{"type", "const"}, {"value", 2}};
        f.write(solution(), d, {workload("w0", 4), workload("w1", 64)});
        const SolutionProblemRead r = f.read();
        QVERIFY(r.problem);
        const SolutionResources res = buildSolutionResources(r.problem->definition, r.problem->workloads);
        QCOMPARE(res.error, QString());
        const Json& op = res.operationSpec;
        JSON_EQ(op["spec"]["axes"]["m"]["role"], Json("variable"));
        JSON_EQ(op["spec"]["axes"]["h_qo"]["value"], Json(2));
        JSON_EQ(op["spec"]["axes"]["half"]["expression"], Json("h / 2"));
        JSON_EQ(op["spec"]["inputs"][1]["tensor"], Json::parse(R"({"dtype": "bf16", "shape": ["m", "h"]})"));
        JSON_EQ(op["spec"]["inputs"][2], Json::parse(R"({"name": "alpha", "scalar": {"dtype": "fp32"}})"));
        QCOMPARE(res.cases.size(), 2);
        JSON_EQ(res.cases[1]["spec"]["axes"], Json::parse(R"({"m": 64, "h": 8, "half": 4, "h_qo": 2})"));
        QVERIFY(!res.cases[1]["spec"]["tensors"].contains("out")); // outputs are not a workload's tensors
        JSON_EQ(res.cases[1]["spec"]["tensors"]["x"]["shape"], Json::parse("[64, 8]"));
        JSON_EQ(res.cases[0]["spec"]["scalars"]["alpha"]["value"], Json(0.5));
        JSON_EQ(res.cases[0]["spec"]["correctness"]["maxRelativeError"], Json(1e-4));
        QCOMPARE(res.suite["spec"]["cases"].size(), std::size_t(2));
        JSON_EQ(res.cases[0]["spec"]["operationSpecDigest"], Json(resourceDigest(op).toStdString()));
        for (const Json& resource : QList<Json>{res.operationSpec, res.cases[0], res.cases[1], res.suite}) {
            const Problems findings = checkUpstreamAcceptance(resource, QStringLiteral("f"), QString(), 0);
            QVERIFY2(findings.isEmpty(), findings.isEmpty() ? "" : qPrintable(findings.first().toString()));
        }
    }

    void namesThatCollideAreRefused() {
        Files f;
        OJson d = definition();
        d["inputs"]["X"] = {{"shape", {"M"}}, {"dtype", "float32"}};
        f.write(solution(), d, {workload("w0", 4)});
        // the workload names no X: random by default, as SOL-ExecBench generates unnamed inputs
        const SolutionProblemRead r = f.read();
        QVERIFY(r.problem);
        QCOMPARE(buildSolutionResources(r.problem->definition, r.problem->workloads).error,
                 QStringLiteral("the arguments \"x\" and \"X\" would both be the KernelIndex name \"x\""));
    }

    void dtypesAndTokens_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("bf16") << "bfloat16"
                              << "bf16";
        QTest::newRow("fp8") << "float8_e4m3fn"
                             << "fp8_e4m3"; // as KernelIndex's catalog spells it (773 tensors)
        QTest::newRow("int") << "int64"
                             << "int64";
    }
    void dtypesAndTokens() {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(kernelIndexDtype(in), out);
        QCOMPARE(kernelIndexToken(QStringLiteral("H_qo")), QStringLiteral("h_qo"));
        QCOMPARE(kernelIndexToken(QStringLiteral("2d")), QStringLiteral("x2d"));
        QCOMPARE(kernelIndexToken(QStringLiteral("a-b")), QStringLiteral("a_b"));
    }
};

KIX_TEST_GUILESS_MAIN(TestSolutionProblem)
#include "tst_solution_problem.moc"
