// One floor rule on every view: the run table's "× floor", Details' "Roofline" row and the Digests tab's
// "Roofline:" line say the same of the same run (the model's RunRooflines, RooflineRun.h): a passed run
// with everything loaded, a failed run (no floor: its status), a run whose workload is not loaded (no
// floor: the workload), and a kix run opened alone, whose workload kix's bundled problem stands in for.
#include "CatalogFixture.h"
#include "DigestPanel.h"
#include "GuiTest.h"
#include "PairsModel.h"
#include "RecordFixtures.h"
#include "RunDetailsWidget.h"
#include "RunStore.h"
#include "RunTableModel.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

using namespace kixtest;
using kixfix::Json;

namespace {

constexpr char kKixRun[] = "resources/samples/kix/kix-run-20261204T053602Z-nvidia-h200.manifest.json";

// The three fixture runs and the support resources of the first two (the third names a workload that is
// not written), in one folder.
struct Folder {
    QTemporaryDir dir;
    kixfix::Catalog c;
    QStringList paths;
    Folder() {
        const auto write = [this](const char* name, const Json& doc) {
            const QString path = dir.filePath(QString::fromLatin1(name));
            if (!kixfix::writeJson(path, doc))
                qFatal("cannot write %s", qPrintable(path));
            paths << path;
        };
        write("op.json", c.op);
        write("w1.json", c.w1);
        write("impl.json", c.impl);
        write("passed.json", c.runBundle("passed", c.w1, 8120));
        write("failed.json", c.runBundle("failed", c.w1, 8120, "runtime_error"));
        write("unloaded.json", c.runBundle("unloaded", c.w2, 8120));
        paths << repoPath(QString::fromLatin1(kKixRun));
    }
};

// The Details row of that field; a null string when there is none.
QString detailsField(const RunDetailsWidget& details, const QString& field) {
    const PairsModel* overview = details.overviewModel();
    for (int r = 0; r < overview->rowCount(); ++r)
        if (overview->index(r, 0).data().toString() == field)
            return overview->index(r, 1).data().toString();
    return {};
}

} // namespace

class TestFloorAgreement : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { initGui(); }

    void tableDetailsAndDigestsAgree_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("table");    // the "× floor" cell
        QTest::addColumn<QString>("roofline"); // Details' row, and the Digests line after "Roofline: "
        const Folder names;
        // 2048 tokens × 4096 bf16 in and out at B200's 8,000 GB/s: a floor of 4,194 ns; 8,120 ns is 1.94×.
        QTest::newRow("passed") << QStringLiteral("passed.json") << QStringLiteral("1.94×")
                                << QStringLiteral("1.94× floor");
        QTest::newRow("failed") << QStringLiteral("failed.json") << QStringLiteral("—")
                                << QStringLiteral("no floor: its status is runtime_error, not passed");
        QTest::newRow("workload not loaded")
            << QStringLiteral("unloaded.json") << QStringLiteral("—")
            << QStringLiteral("no floor: the workload it names (%1) is not loaded")
                   .arg(QString::fromStdString(kixfix::digest(names.c.w2)));
        // What `kix verify` says of the same file opened alone ("roofline 2.16× floor").
        QTest::newRow("bundled problem's workload")
            << QString::fromLatin1(kKixRun) << QStringLiteral("2.16×") << QStringLiteral("2.16× floor");
    }

    void tableDetailsAndDigestsAgree() {
        QFETCH(QString, file);
        QFETCH(QString, table);
        QFETCH(QString, roofline);
        const Folder f;
        RunStore store;
        store.add(RunStore::loadBlocking(f.paths));
        const QString path = file == QLatin1String(kKixRun) ? repoPath(file) : f.dir.filePath(file);
        const int row = store.indexOfFile(path);
        QVERIFY2(row >= 0, qPrintable(path));

        const RunTableModel runs(&store);
        QCOMPARE(runs.index(row, RunTableModel::Floor).data().toString(), table);

        RunDetailsWidget details;
        details.setManifest(store.at(row));
        QCOMPARE(detailsField(details, QStringLiteral("Roofline")), roofline);

        DigestPanel digests(&store);
        QSignalSpy shown(&digests, &DigestPanel::runShown);
        digests.showRun(row);
        QVERIFY(!shown.isEmpty() || shown.wait(10000));
        const QStringList lines = digests.trustText().split(u'\n').filter(QStringLiteral("Roofline: "));
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().startsWith(QStringLiteral("Roofline: ") + roofline),
                 qPrintable(lines.first()));
    }
};

KIX_TEST_MAIN(TestFloorAgreement)
#include "tst_floor_agreement.moc"
