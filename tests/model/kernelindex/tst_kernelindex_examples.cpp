// Resources of the 13 kinds and the four ways KernelIndex's invalid examples break give the verdicts
// KernelIndex gives, with one digest for the YAML and JSON forms; and normalization: a digest that matches
// only after KernelIndex's normalization is verified and says so, one computed without it is a mismatch —
// checked on fixtures written here and, with the shared data, on KernelIndex's own examples (13 valid,
// 4 invalid).
#include "KernelIndexFixtures.h"
#include "LoadIndexBlocking.h"
#include "ManifestParser.h"
#include "RecordFixtures.h"
#include "RecordIndex.h"
#include "RunStore.h"
#include "SourceReader.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using kixfix::Json;

namespace {
const QStringList kValid = {
    QStringLiteral("benchmark-protocol"),     QStringLiteral("benchmark-run"),
    QStringLiteral("execution-environment"),  QStringLiteral("implementation-revision"),
    QStringLiteral("model-revision"),         QStringLiteral("operation-spec"),
    QStringLiteral("serving-configuration"),  QStringLiteral("serving-run"),
    QStringLiteral("serving-stack-revision"), QStringLiteral("serving-workload"),
    QStringLiteral("software-project"),       QStringLiteral("workload-case"),
    QStringLiteral("workload-suite")};

QStringList codesOf(const Problems& problems) {
    QStringList out;
    for (const Problem& p : problems)
        out << p.code;
    return out;
}

// An implementation whose set-like list is out of order: KernelIndex sorts it before hashing.
Json unsortedImplementation() {
    Json impl = kixfix::implementation(kixfix::operation());
    impl["spec"]["support"]["dtypes"] = {"fp32", "bf16", "bf16"};
    return impl;
}
} // namespace

class TestKernelIndexExamples : public QObject {
    Q_OBJECT
private slots:
    // The YAML and JSON forms of one resource are one value with one digest.
    void yamlAndJsonShareADigest() {
        const QByteArray yaml = "apiVersion: kernelindex.dev/v1alpha1\n"
                                "kind: SoftwareProject\n"
                                "metadata:\n  name: meridian\n"
                                "spec:\n  name: Meridian\n  host: {kind: other, id: x/meridian}\n"
                                "  released: 2026-08-01T12:00:00Z\n"; // a timestamp stays a string
        const Json json = {{"apiVersion", "kernelindex.dev/v1alpha1"},
                           {"kind", "SoftwareProject"},
                           {"metadata", {{"name", "meridian"}}},
                           {"spec",
                            {{"name", "Meridian"},
                             {"host", {{"kind", "other"}, {"id", "x/meridian"}}},
                             {"released", "2026-08-01T12:00:00Z"}}}};
        const auto a = parseManifest(yaml, QStringLiteral("p.yaml"));
        const auto b = parseManifest(QByteArray::fromStdString(json.dump()), QStringLiteral("p.json"));
        QVERIFY2(!a->hasErrors(), qPrintable(a->problems.value(0).toString()));
        QCOMPARE(a->supporting.first().digest, b->supporting.first().digest);
        QCOMPARE(a->supporting.first().digest, QString::fromStdString(kixfix::digest(json)));
        const auto dup =
            parseManifest("kind: SoftwareProject\nkind: ModelRevision\n", QStringLiteral("d.yaml"));
        QCOMPARE(dup->problems.first().code, QStringLiteral("yaml.duplicate_key"));
    }

    // Normalized and unnormalized forms share one digest; a run naming it is verified after normalization.
    void normalizedAndWrittenForms() {
        const Json written = unsortedImplementation();
        Json normal = written;
        normal["spec"]["support"]["dtypes"] = {"bf16", "fp32"};
        const auto a = parseManifest(QByteArray::fromStdString(written.dump()), QStringLiteral("a.json"));
        const auto b = parseManifest(QByteArray::fromStdString(normal.dump()), QStringLiteral("b.json"));
        const Resource& ra = a->supporting.first();
        QCOMPARE(ra.digest, b->supporting.first().digest);
        QCOMPARE(ra.digest, QString::fromStdString(kixfix::digest(normal)));
        QCOMPARE(ra.writtenDigest, QString::fromStdString(kixfix::digest(written)));
        QVERIFY(ra.digest != ra.writtenDigest);
        QCOMPARE(ra.normalization,
                 QStringList{QStringLiteral("spec.support.dtypes: sorted and de-duplicated")});

        const Json w = kixfix::workloadCase(kixfix::operation(), 2048);
        const Json p = kixfix::protocol(), e = kixfix::environment();
        QTemporaryDir dir;
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("impl.json")), written));
        // A run naming the normalized digest (what KernelIndex computes): verified, and it says so.
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("run.json")),
                                  kixfix::bundle(kixfix::run("r", w, normal, p, e), p, e)));
        RecordIndex index = kixtest::loadIndexBlocking({dir.path()});
        DigestCheck impl = verifyRun(index, index.run(0))[3];
        QCOMPARE(impl.state, DigestCheck::State::Verified);
        QVERIFY(impl.afterNormalization);
        QCOMPARE(impl.reason,
                 QStringLiteral("recomputed from the ImplementationRevision at %1 after KernelIndex's "
                                "normalization (spec.support.dtypes: sorted and de-duplicated)")
                     .arg(dir.filePath(QStringLiteral("impl.json"))));
        // A run naming the digest of the form as written (hashed without normalization): a mismatch.
        Json naive = kixfix::run("r", w, normal, p, e);
        naive["spec"]["implementationDigest"] = kixfix::digest(written);
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("run.json")), kixfix::bundle(naive, p, e)));
        index = kixtest::loadIndexBlocking({dir.path()});
        impl = verifyRun(index, index.run(0))[3];
        QCOMPARE(impl.state, DigestCheck::State::Mismatch);
        QCOMPARE(impl.expected, QString::fromStdString(kixfix::digest(written)));
        QCOMPARE(impl.computed, QString::fromStdString(kixfix::digest(normal)));
        QCOMPARE(impl.reason,
                 QStringLiteral("the ImplementationRevision at %1 matches it only as written: KernelIndex "
                                "hashes the normalized form (spec.support.dtypes: sorted and de-duplicated)")
                     .arg(dir.filePath(QStringLiteral("impl.json"))));
    }

    // Resources of the 13 kinds written here (tests/support/KernelIndexFixtures.h), YAML and JSON: each
    // accepted, with no problem, and one digest for the two forms. (The same on KernelIndex's examples
    // below.)
    void kindFixtures_data() {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QByteArray>("json");
        for (const kixfix::KindFixture& f : kixfix::validKindFixtures())
            QTest::newRow(f.kind) << f.yaml << f.json;
    }
    void kindFixtures() {
        QFETCH(QByteArray, yaml);
        QFETCH(QByteArray, json);
        const auto a = parseManifest(yaml, QStringLiteral("f.yaml"));
        const auto b = parseManifest(json, QStringLiteral("f.json"));
        for (const auto& m : {a, b}) {
            QVERIFY2(m->problems.isEmpty(), qPrintable(m->problems.value(0).toString()));
            QVERIFY(m->acceptedUpstream());
            QCOMPARE(m->resources().size(), 1);
        }
        QCOMPARE(a->resources().first()->digest, b->resources().first()->digest);
        QCOMPARE(a->resources().first()->writtenDigest, b->resources().first()->writtenDigest);
    }

    // The four ways KernelIndex's invalid examples break, on fixtures written here: each refused for that
    // reason alone, YAML and JSON alike.
    void invalidFixtures_data() {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("yamlCodes");
        QTest::addColumn<QStringList>("jsonCodes");
        const QByteArray head = "apiVersion: kernelindex.dev/v1alpha1\n";
        const QByteArray digest = "sha256:1111111111111111111111111111111111111111111111111111111111111111";
        QTest::newRow("ambiguous duration")
            << head + "kind: BenchmarkRun\nmetadata: {name: r}\nspec:\n  implementationDigest: " + digest +
                   "\n  workloadDigest: " + digest + "\n  protocolDigest: " + digest +
                   "\n  environmentDigest: " + digest +
                   "\n  status: passed\n  timing:\n    primaryStatistic: median\n    latencyNs: {median: "
                   "0.0000005 ms}\n  observedAt: \"2026-08-01T12:00:00Z\"\n"
            << QByteArray(
                   R"({"apiVersion": "kernelindex.dev/v1alpha1", "kind": "BenchmarkRun", "metadata": {"name": "r"},
                 "spec": {"implementationDigest": ")" +
                   digest + R"(", "workloadDigest": ")" + digest + R"(", "protocolDigest": ")" + digest +
                   R"(", "environmentDigest": ")" + digest +
                   R"(", "status": "passed", "timing": {"primaryStatistic": "median",
                 "latencyNs": {"median": "0.0000005 ms"}}, "observedAt": "2026-08-01T12:00:00Z"}})")
            << QStringList{QStringLiteral("upstream.ambiguous_duration")}
            << QStringList{QStringLiteral("upstream.ambiguous_duration")};
        QTest::newRow("bad digest")
            << head + "kind: WorkloadCase\nmetadata: {name: w}\nspec:\n  operationSpecDigest: md5:abc123\n"
                      "  axes: {rows: 8}\n  tensors: {x: {shape: [8], dtype: fp16}}\n"
                      "  correctness: {comparator: allclose}\n"
            << QByteArray(
                   R"({"apiVersion": "kernelindex.dev/v1alpha1", "kind": "WorkloadCase", "metadata": {"name": "w"},
                 "spec": {"operationSpecDigest": "md5:abc123", "axes": {"rows": 8},
                 "tensors": {"x": {"shape": [8], "dtype": "fp16"}}, "correctness": {"comparator": "allclose"}}})")
            << QStringList{QStringLiteral("field.digest_scheme"), QStringLiteral("upstream.digest")}
            << QStringList{QStringLiteral("field.digest_scheme"), QStringLiteral("upstream.digest")};
        QTest::newRow("duplicate key")
            << head + "kind: SoftwareProject\nmetadata: {name: p}\nspec:\n  name: One\n  name: Two\n"
            << QByteArray(
                   R"({"apiVersion": "kernelindex.dev/v1alpha1", "kind": "SoftwareProject", "metadata": {"name": "p"},
                 "spec": {"name": "One", "name": "Two"}})")
            << QStringList{QStringLiteral("yaml.duplicate_key")}
            << QStringList{QStringLiteral("json.duplicate_key")};
        QTest::newRow("unknown field")
            << head + "kind: SoftwareProject\nmetadata: {name: p}\nspec:\n  name: P\n  popularity: 9001\n"
            << QByteArray(
                   R"({"apiVersion": "kernelindex.dev/v1alpha1", "kind": "SoftwareProject", "metadata": {"name": "p"},
                 "spec": {"name": "P", "popularity": 9001}})")
            << QStringList{QStringLiteral("upstream.unknown_member")}
            << QStringList{QStringLiteral("upstream.unknown_member")};
    }
    void invalidFixtures() {
        QFETCH(QByteArray, yaml);
        QFETCH(QByteArray, json);
        QFETCH(QStringList, yamlCodes);
        QFETCH(QStringList, jsonCodes);
        const auto a = parseManifest(yaml, QStringLiteral("f.yaml"));
        const auto b = parseManifest(json, QStringLiteral("f.json"));
        QCOMPARE(codesOf(a->problems), yamlCodes);
        QCOMPARE(codesOf(b->problems), jsonCodes);
        QVERIFY(!a->acceptedUpstream());
        QVERIFY(!b->acceptedUpstream());
        if (!a->resources().isEmpty())
            QCOMPARE(a->resources().first()->digest, b->resources().first()->digest);
    }

    void validExamples_data() {
        QTest::addColumn<QString>("form");
        QTest::newRow("yaml") << "examples";
        QTest::newRow("json") << "examples-json";
    }
    // Read together, the 13 valid examples are accepted, with no problem, and every digest they name
    // verifies.
    void validExamples() {
        QFETCH(QString, form);
        KIX_REQUIRE_SHARED(folder, QStringLiteral("kernelindex/") + form);
        const QString ext =
            form == QLatin1String("examples") ? QStringLiteral(".yaml") : QStringLiteral(".json");
        QStringList files;
        for (const QString& name : kValid)
            files << folder + u'/' + name + ext;
        const RecordIndex index = kixtest::loadIndexBlocking(files);
        QCOMPARE(index.problemRows().size(), 0);
        QCOMPARE(int(index.resources().size()), 13);
        for (const auto& entry : index.resources()) {
            QVERIFY2(entry.resource->problems.isEmpty(),
                     qPrintable(entry.resource->problems.value(0).toString()));
            QVERIFY(entry.resource->acceptedUpstream());
            for (const DigestCheck& c : verifyResource(index, entry))
                QVERIFY2(c.state == DigestCheck::State::Verified, qPrintable(c.field + u' ' + c.reason));
        }
        const QList<DigestCheck> run = verifyRun(index, index.run(0));
        QCOMPARE(run.size(), 4);
        for (const DigestCheck& c : run)
            QVERIFY2(c.state == DigestCheck::State::Verified, qPrintable(c.field + u' ' + c.reason));
        // The implementation-revision example's published digest is the one after normalization.
        QCOMPARE(run[3].expected,
                 QStringLiteral("sha256:c560b43111f315d75a81c1cf194c827b1c294110fe5b20ad2d4467c09c24809e"));
        QVERIFY(run[3].afterNormalization);
    }

    // Each form of each example has the same digest as the other.
    void yamlAndJsonExamplesAgree() {
        KIX_REQUIRE_SHARED(yaml, QStringLiteral("kernelindex/examples"));
        KIX_REQUIRE_SHARED(json, QStringLiteral("kernelindex/examples-json"));
        for (const QString& name : kValid) {
            const auto a = loadManifestFile(yaml + u'/' + name + QStringLiteral(".yaml"));
            const auto b = loadManifestFile(json + u'/' + name + QStringLiteral(".json"));
            QVERIFY2(!a->hasErrors(), qPrintable(a->problems.value(0).toString()));
            QCOMPARE(a->resources().size(), 1);
            QCOMPARE(a->resources().first()->digest, b->resources().first()->digest);
            QCOMPARE(a->resources().first()->writtenDigest, b->resources().first()->writtenDigest);
        }
    }

    void invalidExamples_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("yamlCodes");
        QTest::addColumn<QStringList>("jsonCodes");
        QTest::newRow("ambiguous duration")
            << "ambiguous-duration" << QStringList{QStringLiteral("upstream.ambiguous_duration")}
            << QStringList{QStringLiteral("upstream.ambiguous_duration")};
        QTest::newRow("bad digest") << "bad-digest"
                                    << QStringList{QStringLiteral("field.digest_scheme"),
                                                   QStringLiteral("upstream.digest")}
                                    << QStringList{QStringLiteral("field.digest_scheme"),
                                                   QStringLiteral("upstream.digest")};
        QTest::newRow("duplicate key") << "duplicate-key" << QStringList{QStringLiteral("yaml.duplicate_key")}
                                       << QStringList{QStringLiteral("json.duplicate_key")};
        QTest::newRow("unknown field")
            << "unknown-field" << QStringList{QStringLiteral("upstream.unknown_member")}
            << QStringList{QStringLiteral("upstream.unknown_member")};
    }
    // The four invalid examples are rejected for the reason their comment gives, YAML and JSON alike.
    void invalidExamples() {
        QFETCH(QString, name);
        QFETCH(QStringList, yamlCodes);
        QFETCH(QStringList, jsonCodes);
        KIX_REQUIRE_SHARED(folder, QStringLiteral("kernelindex"));
        const auto a =
            loadManifestFile(folder + QStringLiteral("/examples/invalid/") + name + QStringLiteral(".yaml"));
        const auto b = loadManifestFile(folder + QStringLiteral("/examples-json/invalid/") + name +
                                        QStringLiteral(".json"));
        QCOMPARE(codesOf(a->problems), yamlCodes);
        QCOMPARE(codesOf(b->problems), jsonCodes);
        QVERIFY(!a->acceptedUpstream());
        QVERIFY(!b->acceptedUpstream());
        if (!a->resources().isEmpty())
            QCOMPARE(a->resources().first()->digest, b->resources().first()->digest);
    }
};

KIX_TEST_GUILESS_MAIN(TestKernelIndexExamples)
#include "tst_kernelindex_examples.moc"
