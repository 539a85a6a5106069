// A run is not accepted by KernelIndex when a resource it links is rejected (issue 26's bare OperationSpec
// arguments): followed through verified digests only, each resource once, nearest first; the bundle view,
// and so `kix show` and the Details tab, says so, and so does the phrase every view prints.
#include "BundleView.h"
#include "RecordFixtures.h"
#include "RecordIndexFixtures.h"
#include "RejectedLinks.h"
#include "TestMain.h"

#include <QTest>

using kixfix::Json;

namespace {

// An OperationSpec KernelIndex's parser rejects: an input with neither a tensor nor a scalar.
Json bareArgumentOperation() {
    Json op = kixfix::operation("bare-op");
    op["spec"]["inputs"] = Json::array({{{"name", "input"}}});
    return op;
}

} // namespace

class TestRejectedLinks : public QObject {
    Q_OBJECT
private slots:
    void followsVerifiedLinks_data() {
        QTest::addColumn<bool>("bareOperation");
        QTest::addColumn<bool>("operationLoaded");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("accepted operation") << false << true << QStringList();
        QTest::newRow("rejected operation")
            << true << true << QStringList{QStringLiteral("OperationSpec bare-op")};
        // Not loaded: nothing is known of it, so nothing is said (its digest check says not verifiable).
        QTest::newRow("rejected operation, not loaded") << true << false << QStringList();
    }
    void followsVerifiedLinks() {
        QFETCH(bool, bareOperation);
        QFETCH(bool, operationLoaded);
        QFETCH(QStringList, names);
        const Json op = bareOperation ? bareArgumentOperation() : kixfix::operation("good-op");
        const Json w = kixfix::workloadCase(op, 128);
        const Json impl = kixfix::implementation(op); // links the same OperationSpec: named once
        const Json proto = kixfix::protocol();
        const Json env = kixfix::environment();
        QList<Json> docs{kixfix::bundle(kixfix::run("r", w, impl, proto, env), proto, env), w, impl};
        if (operationLoaded)
            docs << op;
        const kix::RecordIndex index = kixfix::indexOf(docs);
        QCOMPARE(index.runCount(), 1);
        const kix::RunEntry& run = index.run(0);
        QCOMPARE(kix::rejectedLinkNames(kix::rejectedLinks(index, kix::verifyRun(index, run))), names);
        const kix::ManifestPtr m = kix::bundleView(index, index.rowOfRun(0));
        QVERIFY(m);
        QVERIFY(!m->hasErrors());
        QCOMPARE(m->rejectedLinks, names);
        QCOMPARE(m->acceptedUpstream(), names.isEmpty());
    }

    // A rejected resource found only through a digest that does not verify is not followed.
    void mismatchedLinkIsNotFollowed() {
        const Json op = bareArgumentOperation();
        const Json w = kixfix::workloadCase(op, 128);
        Json run = kixfix::run("r", w, kixfix::implementation(op), kixfix::protocol(), kixfix::environment());
        run["spec"]["workloadDigest"] = "sha256:" + std::string(64, '0');
        const kix::RecordIndex index =
            kixfix::indexOf({kixfix::bundle(run, kixfix::protocol(), kixfix::environment()), w, op});
        QVERIFY(kix::rejectedLinks(index, kix::verifyRun(index, index.run(0))).isEmpty());
    }

    void phrase_data() {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QString>("expected");
        QTest::newRow("none") << QStringList() << QString();
        QTest::newRow("one") << QStringList{QStringLiteral("OperationSpec a")}
                             << QStringLiteral("it links [OperationSpec a], which KernelIndex would reject");
        QTest::newRow("three")
            << QStringList{QStringLiteral("OperationSpec a"), QStringLiteral("WorkloadCase b"),
                           QStringLiteral("OperationSpec c")}
            << QStringLiteral("it links [OperationSpec a], which KernelIndex would reject, and 2 more");
    }
    void phrase() {
        QFETCH(QStringList, names);
        QFETCH(QString, expected);
        // The name function is applied to what is shown: views pass their sanitizer.
        QCOMPARE(kix::rejectedLinksPhrase(names, [](const QString& n) -> QString { return u'[' + n + u']'; }),
                 expected);
    }
};

KIX_TEST_GUILESS_MAIN(TestRejectedLinks)
#include "tst_rejected_links.moc"
