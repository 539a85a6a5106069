// KernelIndex's OperationSpec, WorkloadCase and WorkloadSuite built from the problem file's facts hash to
// the published digests, so the seed's workloadDigest verifies without a copy of KernelIndex's suite file;
// a changed fact changes exactly the digests that cover it.
#include "Digest.h"
#include "ManifestParser.h"
#include "ProblemDefinition.h"
#include "ProblemTexts.h"
#include "SourceReader.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "Verification.h"
#include "WorkloadSuiteBuilder.h"

#include <QTest>

namespace {

kix::ProblemDefinition bundled() {
    return *kix::readProblemDefinition(kixtest::problemPath()).definition;
}

kix::ProblemDefinition edited(const QString& pointer, const QByteArray& value) {
    const auto doc = nlohmann::json::parse(kixtest::readAll(kixtest::problemPath()).toStdString());
    const auto r =
        kix::parseProblemDefinition(kixtest::edited(doc, pointer, value), QStringLiteral("p.json"));
    if (!r.definition)
        qFatal("the edit %s made the problem file invalid", qPrintable(pointer));
    return *r.definition;
}

// JSON as text, so that QCOMPARE shows both sides when they differ.
QString js(const nlohmann::json& v) {
    return QString::fromStdString(v.dump());
}

QString seedWorkloadDigest(const QString& path) {
    const auto seed = nlohmann::json::parse(kixtest::readAll(path).toStdString());
    return QString::fromStdString(seed["run"]["spec"]["workloadDigest"].get<std::string>());
}

QList<nlohmann::json> jsonLines(const QString& path) {
    QList<nlohmann::json> out;
    for (const QByteArray& line : kixtest::readAll(path).split('\n'))
        if (!line.trimmed().isEmpty())
            out << nlohmann::json::parse(line.toStdString());
    return out;
}

const QString kSuiteDigest =
    QStringLiteral("sha256:c4af2be85b8d0dc9c65d67f1c7f8bb24389ca967078cc64c29e2220ee70ff5e4");
const QString kOperationDigest =
    QStringLiteral("sha256:f3aca4e58b6a4d072f6637b96fcf58984207f2e16e2fd4bb2269b53d6021a7e6");

} // namespace

class TestWorkloadSuiteBuilder : public QObject {
    Q_OBJECT
private slots:
    void operationSpecHasThePublishedDigest() {
        const auto d = bundled();
        const auto op = kix::buildOperationSpec(d);
        QCOMPARE(kix::resourceDigest(op), kOperationDigest);
        QCOMPARE(js(op["kind"]), QStringLiteral("\"OperationSpec\""));
        QCOMPARE(js(op["metadata"]["name"]), QStringLiteral("\"013-fused-residual-rms-norm-backward\""));
    }

    // The seed's workloadDigest (the founding record, kept in the project) is the suite built from facts.
    void suiteIsTheSeedsWorkload() {
        const auto built = kix::buildKernelIndexResources(bundled());
        QCOMPARE(kix::resourceDigest(built.suite), seedWorkloadDigest(kixtest::seedPath()));
        QCOMPARE(kix::resourceDigest(built.suite), kSuiteDigest);
        QCOMPARE(built.suite["spec"]["cases"].size(), std::size_t(16));
        QCOMPARE(js(built.suite["spec"]["operationSpecDigest"]), u'"' + kOperationDigest + u'"');
    }

    void suiteIsTheSharedSeedsWorkload() {
        KIX_REQUIRE_SHARED(seed, QStringLiteral("seed/sol-submission-14917.manifest.json"));
        QCOMPARE(kix::resourceDigest(kix::buildKernelIndexResources(bundled()).suite),
                 seedWorkloadDigest(seed));
    }

    void caseDigests_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("digest"); // as KernelIndex publishes it (catalog export of 2026-08-16)
        const char* const digests[] = {
            "e7d105847812c71702a2b0be08d0cee14f40f74b1f62dcb88ac100a9efe92ed1",
            "cc5378d1ed20bbc607b66995d9833747250facd87729dc0d74c8d37cffd37e38",
            "e4e11aec4635ead11ee925088640cb49d1f8161ffd8d6f359c2a527828f58659",
            "a04447044e7b04118105a09a0b942cb188ac448039c3d2b09ef1823412bec55c",
            "61618da3d3576e0efdcb7e282f7505063b2f37bf0ce0a05be9730b2e22b55f37",
            "f8ad93682becf43352bbcf8638d975494af36d056885c4b51c0ae6e0b1ac2ddc",
            "6def47f3ae29572828fa372ca26c7f5aaa71312b0fc9d77e6e8a9f80c4d0b127",
            "ff84058da8d80c5648aaf9fc7148bcf664227fd4bf7178bef34468529f944826",
            "ac3a58e0d99b2aa899e54c8254493754c79cb6eef57c6ae5a29c9ed7393be941",
            "a68256a86dd5dde822a5957c893f92b5ef44199b455b3ad6a40543d3ba5cbf07",
            "85d0732412da51afa5b7f47cc74c448414f11e7d0c3ffbe22a8fa9510c3d82a7",
            "4916f8dac686da6c1eb4d6501c45d4d9473f9623890d84ad7ab13da821f583dc",
            "88331a5d41db603937781317f40fc6d60b5d61f699d6fe4e8c7560753b07b0ad",
            "549fa346ccf9a80716b0501011590410209b9337ff43f04077920f0c331dd447",
            "17a4eec05247d3edb8da8a683d3cc4ab057c3af1dd282e1b47d618cece23f387",
            "916e6b745be1ed8da942ac51f059033e78a9a5b4f5713fe8b41c4040e50e7d63",
        };
        for (int i = 0; i < 16; ++i)
            QTest::addRow("case %d", i) << i << QStringLiteral("sha256:") + QString::fromLatin1(digests[i]);
    }
    void caseDigests() {
        QFETCH(int, index);
        QFETCH(QString, digest);
        const auto d = bundled();
        const auto built = kix::buildKernelIndexResources(d);
        QCOMPARE(kix::resourceDigest(built.cases.at(index)), digest);
        QCOMPARE(d.workloads[index].kernelIndex->digest, digest); // the file records the same
        QCOMPARE(kix::resourceDigest(kix::buildWorkloadCase(d, index, kOperationDigest)), digest);
    }

    void bundledDigestsAllCheck() {
        QCOMPARE(kixtest::problemTexts(kix::checkKernelIndexDigests(bundled(), QStringLiteral("p.json"))),
                 QStringList());
    }

    // The verification the explorer does: with the built suite loaded beside the seed, its workloadDigest
    // is verified, recomputed from content kix holds.
    void seedVerifiesAgainstTheBuiltSuite() {
        const auto built = kix::buildKernelIndexResources(bundled());
        const auto suite = kix::parseManifest(QByteArray::fromStdString(built.suite.dump()),
                                              QStringLiteral("built from the problem file"));
        QVERIFY(!suite->hasErrors());
        kix::RecordIndex index;
        index.add(kix::readDocumentFile(kixtest::seedPath()));
        index.add(kix::readDocumentBytes(QByteArray::fromStdString(built.suite.dump()),
                                         QStringLiteral("built from the problem file"),
                                         kix::SourceFormat::Json));
        const auto checks = kix::verifyRun(index, index.run(0));
        const auto workload = std::find_if(checks.begin(), checks.end(), [](const kix::DigestCheck& c) {
            return c.field == QLatin1String("workloadDigest");
        });
        QVERIFY(workload != checks.end());
        QCOMPARE(workload->state, kix::DigestCheck::State::Verified);
        QCOMPARE(workload->kind, QStringLiteral("WorkloadSuite"));
    }

    // A fact that a resource covers changes its digest, and the check says which recorded digest no
    // longer matches; facts no KernelIndex resource covers (an input left unread, times) change none.
    void changedFacts_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QStringList>("paths");
        QStringList all{QStringLiteral("kernelIndex.operation.digest")};
        for (int i = 0; i < 16; ++i)
            all << QStringLiteral("workloads[%1].kernelIndex.digest").arg(i);
        all << QStringLiteral("kernelIndex.suite.digest");
        QTest::newRow("external id") << QStringLiteral("/workloads/3/kernelIndex/externalId")
                                     << QByteArray("\"ed289860d3f1\"")
                                     << QStringList{QStringLiteral("kernelIndex.suite.digest")};
        QTest::newRow("batch size") << QStringLiteral("/workloads/0/axes/batch_size") << QByteArray("5")
                                    << QStringList{QStringLiteral("workloads[0].kernelIndex.digest"),
                                                   QStringLiteral("kernelIndex.suite.digest")};
        QTest::newRow("dtype") << QStringLiteral("/inputs/1/dtype") << QByteArray("\"fp16\"") << all;
        QTest::newRow("family") << QStringLiteral("/kernelIndex/operation/family")
                                << QByteArray("\"reduction\"") << all;
        QTest::newRow("comparator") << QStringLiteral("/kernelIndex/correctness/comparator")
                                    << QByteArray("\"allclose\"") << all.mid(1);
        QTest::newRow("suite statistic")
            << QStringLiteral("/kernelIndex/suite/aggregation/statistic") << QByteArray("\"median\"")
            << QStringList{QStringLiteral("kernelIndex.suite.digest")};
        QTest::newRow("read by reference")
            << QStringLiteral("/inputs/1/readByReference") << QByteArray("true") << QStringList();
        QTest::newRow("speed of light")
            << QStringLiteral("/workloads/0/speedOfLight/0/solMs") << QByteArray("0.011") << QStringList();
    }
    void changedFacts() {
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QStringList, paths);
        const kix::Problems problems =
            kix::checkKernelIndexDigests(edited(pointer, value), QStringLiteral("p.json"));
        QStringList got;
        for (const kix::Problem& p : problems) {
            got << p.path;
            QCOMPARE(p.code, QStringLiteral("data.digest_mismatch"));
            QCOMPARE(p.file, QStringLiteral("p.json"));
        }
        QCOMPARE(got, paths);
    }

    void mismatchMessage() {
        const auto d = edited(QStringLiteral("/workloads/3/kernelIndex/externalId"), "\"ed289860d3f1\"");
        const kix::Problems problems = kix::checkKernelIndexDigests(d, QStringLiteral("p.json"));
        QCOMPARE(problems.size(), 1);
        const QString built = kix::resourceDigest(kix::buildKernelIndexResources(d).suite);
        QCOMPARE(problems.first().toString(),
                 QStringLiteral(
                     "p.json: kernelIndex.suite.digest: the WorkloadSuite built from this file's facts "
                     "has the digest %1, not the recorded %2: a fact it is built from differs from what "
                     "the source published")
                     .arg(built, kSuiteDigest));
    }

    // A problem file without KernelIndex facts builds nothing, and so checks nothing.
    void withoutKernelIndexFacts() {
        auto doc = nlohmann::json::parse(kixtest::readAll(kixtest::problemPath()).toStdString());
        doc.erase("kernelIndex");
        for (auto& w : doc["workloads"])
            w.erase("kernelIndex");
        const auto r =
            kix::parseProblemDefinition(QByteArray::fromStdString(doc.dump()), QStringLiteral("p.json"));
        QVERIFY(r.definition);
        QVERIFY(kix::buildOperationSpec(*r.definition).is_null());
        QVERIFY(kix::buildWorkloadSuite(*r.definition, kOperationDigest).is_null());
        QVERIFY(kix::buildWorkloadCase(*r.definition, 0, kOperationDigest).is_null());
        QVERIFY(kix::buildKernelIndexResources(*r.definition).cases.isEmpty());
        QCOMPARE(kixtest::problemTexts(kix::checkKernelIndexDigests(*r.definition, QStringLiteral("p.json"))),
                 QStringList());
    }

    void outOfRangeCase() {
        const auto d = bundled();
        QVERIFY(kix::buildWorkloadCase(d, -1, kOperationDigest).is_null());
        QVERIFY(kix::buildWorkloadCase(d, 16, kOperationDigest).is_null());
    }

    // With the catalog rows at hand: every built resource equals KernelIndex's, spec for spec, and the
    // names match too (metadata is not digested, but a user compares names).
    void builtResourcesEqualTheCatalogs() {
        KIX_REQUIRE_SHARED(exportPath, QStringLiteral("sol013/kernelindex-export-013.jsonl"));
        const auto built = kix::buildKernelIndexResources(bundled());
        int cases = 0;
        bool operation = false, suite = false;
        for (const auto& line : jsonLines(exportPath)) {
            const auto& row = line["row"];
            if (line["table"] == "operations") {
                QCOMPARE(js(row["manifest"]["spec"]), js(built.operationSpec["spec"]));
                QCOMPARE(js(row["manifest"]["metadata"]["name"]),
                         js(built.operationSpec["metadata"]["name"]));
                operation = true;
            } else if (line["table"] == "workloads" && row["manifest"]["kind"] == "WorkloadCase") {
                const auto it =
                    std::find_if(built.cases.begin(), built.cases.end(), [&](const nlohmann::json& c) {
                        return kix::resourceDigest(c).toStdString() == row["workloadDigest"];
                    });
                QVERIFY2(it != built.cases.end(), row["workloadDigest"].dump().c_str());
                QCOMPARE(js(row["manifest"]["spec"]), js((*it)["spec"]));
                QCOMPARE(js(row["manifest"]["metadata"]["name"]), js((*it)["metadata"]["name"]));
                QCOMPARE(js(row["manifest"]["metadata"]["title"]), js((*it)["metadata"]["title"]));
                ++cases;
            } else if (line["table"] == "workloads" && row["manifest"]["kind"] == "WorkloadSuite") {
                QCOMPARE(js(row["manifest"]["spec"]), js(built.suite["spec"]));
                QCOMPARE(js(row["workloadDigest"]), js(kix::resourceDigest(built.suite).toStdString()));
                QCOMPARE(js(row["manifest"]["metadata"]["name"]), js(built.suite["metadata"]["name"]));
                suite = true;
            }
        }
        QCOMPARE(cases, 16);
        QVERIFY(operation);
        QVERIFY(suite);
    }
};

KIX_TEST_GUILESS_MAIN(TestWorkloadSuiteBuilder)
#include "tst_workload_suite_builder.moc"
