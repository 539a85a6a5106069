// kix's problem file opened as a source: it yields the OperationSpec, WorkloadCases and WorkloadSuite
// built from its facts, located at those facts, with the published digests; a run naming the suite
// verifies against the project's own file; a file whose facts contradict their recorded digests, or
// with any error, yields nothing and is listed with its problems. On the bundled file and on edits of
// it written here.
#include "KixResources.h"
#include "LoadIndexBlocking.h"
#include "ProblemDefinition.h"
#include "ProblemTexts.h"
#include "RecordIndex.h"
#include "RunStore.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "Verification.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kix;

namespace {

const QString kSuiteDigest =
    QStringLiteral("sha256:c4af2be85b8d0dc9c65d67f1c7f8bb24389ca967078cc64c29e2220ee70ff5e4");

nlohmann::json bundled() {
    return nlohmann::json::parse(kixtest::readAll(kixtest::problemPath()).toStdString());
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// The seed's workloadDigest check, with the seed and `problem` loaded together.
DigestCheck seedWorkloadCheck(const QString& problem) {
    const RecordIndex index = kixtest::loadIndexBlocking({kixtest::seedPath(), problem});
    for (const DigestCheck& c : verifyRun(index, index.run(0)))
        if (c.field == QLatin1String("workloadDigest"))
            return c;
    return {};
}

} // namespace

class TestProblemDocument : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void bundledFileYieldsTheBuiltResources() {
        const RecordIndex index = kixtest::loadIndexBlocking({kixtest::problemPath()});
        QCOMPARE(index.runCount(), 0);
        QCOMPARE(index.problemRows().size(), 0);
        QCOMPARE(index.resourceCount(ResourceKind::OperationSpec), 1);
        QCOMPARE(index.resourceCount(ResourceKind::WorkloadCase), 16);
        QCOMPARE(index.resourceCount(ResourceKind::WorkloadSuite), 1);
        const auto d = *readProblemDefinition(kixtest::problemPath()).definition;
        // Each built resource has the digest KernelIndex published, and sits at the facts it is built from.
        const ResourceEntry* suite = index.resource(kSuiteDigest);
        QVERIFY(suite);
        QCOMPARE(suite->resource->kind, ResourceKind::WorkloadSuite);
        QCOMPARE(suite->resource->origin.toString(),
                 kixtest::problemPath() + QStringLiteral(" /kernelIndex/suite"));
        QVERIFY(suite->resource->problems.isEmpty());
        const ResourceEntry* op = index.resource(d.kernelIndex->operationDigest);
        QVERIFY(op);
        QCOMPARE(op->resource->origin.pointer, QStringLiteral("/kernelIndex/operation"));
        for (int i = 0; i < d.workloads.size(); ++i) {
            const ResourceEntry* c = index.resource(d.workloads[i].kernelIndex->digest);
            QVERIFY2(c, qPrintable(QString::number(i)));
            QCOMPARE(c->resource->kind, ResourceKind::WorkloadCase);
            QCOMPARE(c->resource->origin.pointer, QStringLiteral("/workloads/%1").arg(i));
        }
    }

    // The seed names the suite; loaded with the problem file (the compiled-in copy too), it verifies.
    void seedWorkloadDigestVerifies() {
        for (const QString& problem : {kixtest::problemPath(), QString::fromLatin1(kBundledProblem013)}) {
            const DigestCheck c = seedWorkloadCheck(problem);
            QCOMPARE(c.state, DigestCheck::State::Verified);
            QCOMPARE(c.computed, kSuiteDigest);
            QCOMPARE(
                c.reason,
                QStringLiteral("recomputed from the WorkloadSuite at %1 /kernelIndex/suite").arg(problem));
        }
        // Without it the seed's workloadDigest is not verifiable: nothing else in the tree states the suite.
        const RecordIndex alone = kixtest::loadIndexBlocking({kixtest::seedPath()});
        for (const DigestCheck& c : verifyRun(alone, alone.run(0)))
            if (c.field == QLatin1String("workloadDigest"))
                QCOMPARE(c.state, DigestCheck::State::NotVerifiable);
    }

    // A fact that differs from what the source published: the file is listed with the mismatches, and no
    // resource is built from it, so the seed's suite is not verifiable against it.
    void contradictedFactsYieldNothing() {
        QTemporaryDir dir;
        const QString path =
            write(dir, QStringLiteral("p.json"),
                  kixtest::edited(bundled(), QStringLiteral("/workloads/3/axes/seq_len"), QByteArray("257")));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.resources().size(), 0);
        QCOMPARE(index.problemRows().size(), 1);
        QCOMPARE(kixtest::problemCodesAndPaths(index.problemRows().first().problems),
                 QStringList({QStringLiteral("data.digest_mismatch workloads[3].kernelIndex.digest"),
                              QStringLiteral("data.digest_mismatch kernelIndex.suite.digest")}));
        QCOMPARE(seedWorkloadCheck(path).state, DigestCheck::State::NotVerifiable);
    }

    // A reader error (here a missing id): listed, nothing built.
    void readerErrorsYieldNothing() {
        QTemporaryDir dir;
        const QString path = write(dir, QStringLiteral("p.json"),
                                   kixtest::edited(bundled(), QStringLiteral("/id"), QByteArray()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.resources().size(), 0);
        QCOMPARE(index.problemRows().size(), 1);
        QCOMPARE(kixtest::problemCodesAndPaths(index.problemRows().first().problems),
                 QStringList{QStringLiteral("field.missing id")});
    }

    // A problem file that states no KernelIndex facts has nothing to build: no resource, no problem.
    void withoutKernelIndexFactsNothingIsBuilt() {
        nlohmann::json doc = bundled();
        doc.erase("kernelIndex");
        for (auto& w : doc["workloads"])
            w.erase("kernelIndex");
        QTemporaryDir dir;
        const QString path = write(dir, QStringLiteral("p.json"), QByteArray::fromStdString(doc.dump()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.resources().size(), 0);
        QCOMPARE(index.problemRows().size(), 0);
    }

    // Only kix's problem format is read this way; another "format" is still not a manifest.
    void otherFormatsAreNotManifests() {
        const RecordIndex index = kixtest::loadIndexBlocking({kixtest::publishedPath()});
        QCOMPARE(index.problemRows().size(), 1);
        QCOMPARE(kixtest::problemCodesAndPaths(index.problemRows().first().problems),
                 QStringList{QStringLiteral("resource.not_manifest ")});
    }
};

KIX_TEST_GUILESS_MAIN(TestProblemDocument)
#include "tst_problem_document.moc"
