// The explorer window as a user drives it: open, browse, compare, plot, verify, drop files,
// and a corrupt file among good ones.
#include "CaseDiffModel.h"
#include "Citation.h"
#include "CitationDialog.h"
#include "DiffWidget.h"
#include "DigestModel.h"
#include "DigestPanel.h"
#include "FieldDiffModel.h"
#include "GuiTestSupport.h"
#include "PairsModel.h"
#include "PlainText.h"
#include "PlotWidget.h"
#include "ProblemModel.h"
#include "RunDetailsWidget.h"

#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>

using namespace kix::ui;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void opensBundledSamples() {
        MainWindow w;
        QSignalSpy done(&w, &MainWindow::loadFinished);
        w.openBundledSamples();
        QVERIFY(done.wait(20000));
        QVERIFY(w.runTable()->model()->rowCount() >= 4);
        for (const char* name : {"Amir M. Mir | SF Tensor", "Hyra", "Databricks", "ac4k"})
            QVERIFY2(kixtest::rowOf(w, QString::fromUtf8(name)) >= 0, name);
        // The first row is selected and shown.
        QCOMPARE(w.selectedStoreIndices().size(), 1);
        QVERIFY(w.details()->overviewModel()->rowCount() > 5);
    }

    void detailsOfTheSeed() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {kixtest::seedPath()}));
        w.selectRows({0});
        const PairsModel* overview = w.details()->overviewModel();
        QStringList fields;
        for (int r = 0; r < overview->rowCount(); ++r)
            fields << overview->index(r, 0).data().toString() + QStringLiteral(": ") +
                          overview->index(r, 1).data().toString();
        QVERIFY(fields.contains(
            QStringLiteral("Run digest (recomputed): "
                           "sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b")));
        QVERIFY(fields.contains(QStringLiteral("Latency: 45.3 µs (mean)")));
        QVERIFY(fields.contains(QStringLiteral("Digest checks: 2 verified · 2 not verifiable")));
        QVERIFY(w.details()->rawView()->toPlainText().contains(QStringLiteral("\"externalId\": \"14917\"")));
        QVERIFY(w.details()->rawView()->isReadOnly());
    }

    void compareTwoRuns() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {QStringLiteral(":/kix/samples/kernelindex")}));
        const int seed = kixtest::rowOf(w, QStringLiteral("ac4k")),
                  hyra = kixtest::rowOf(w, QStringLiteral("Hyra"));
        w.selectRows({seed, hyra});
        w.compareSelected();
        QCOMPARE(w.tabs()->currentWidget(), w.diff());
        QVERIFY(w.diff()->verdictLabel()->text().startsWith(QStringLiteral("⚠ Not comparable")));
        QVERIFY(w.diff()->verdictLabel()->text().contains(
            QStringLiteral("stack version differs: \"SOL-ExecBench evaluation stack v1.1\" vs "
                           "\"SOL-ExecBench evaluation stack v1.0\"")));
        QCOMPARE(w.diff()->verdictLabel()->textFormat(), Qt::PlainText);
        const FieldDiffModel* fields = w.diff()->fieldModel();
        QStringList rows;
        for (int r = 0; r < fields->rowCount(); ++r)
            rows << fields->index(r, FieldDiffModel::Path).data().toString();
        QVERIFY(rows.contains(QStringLiteral("run.spec.timing.latencyNs.mean")));
        QVERIFY(rows.contains(QStringLiteral("protocol.spec.harness.version")));
        QCOMPARE(w.diff()->caseModel()->rowCount(), 0); // suite values only
        QVERIFY(w.diff()->summaryLabel()->text().startsWith(
            QStringLiteral("Cases: suite values only (no per-case results): B/A = ")));

        // Two leaders on the same stack are comparable.
        w.selectRows(
            {kixtest::rowOf(w, QStringLiteral("Hyra")), kixtest::rowOf(w, QStringLiteral("Databricks"))});
        w.compareSelected();
        QVERIFY(w.diff()->verdictLabel()->text().startsWith(QStringLiteral("✔ Comparable")));
    }

    void digestPanelShowsModelStates() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {QStringLiteral(":/kix/samples/kernelindex")}));
        w.selectRows({kixtest::rowOf(w, QStringLiteral("ac4k"))});
        const DigestModel* model = w.digests()->model();
        const auto expected = w.store()->verify(w.selectedStoreIndices().first());
        QCOMPARE(model->rowCount(), expected.size());
        for (int r = 0; r < model->rowCount(); ++r)
            QCOMPARE(model->index(r, DigestModel::State).data().toString(),
                     stateSymbol(expected[r].state) + u' ' + kix::stateName(expected[r].state));
        QCOMPARE(model->index(2, DigestModel::State).data().toString(),
                 QStringLiteral("✔ verified")); // workload: suite is loaded
        QCOMPARE(model->index(3, DigestModel::State).data().toString(), QStringLiteral("? not verifiable"));

        QSignalSpy verified(w.digests(), &DigestPanel::verified);
        w.action(QStringLiteral("verifyAll"))->trigger();
        // The result may arrive within trigger() when the work finishes at once, so count rather than wait.
        QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 1, 10000);
        QCOMPARE(verified.first().at(0).toInt(), 4);
        QCOMPARE(verified.first().at(1).toInt(), 0);
        QCOMPARE(model->rowCount(), 16);
    }

    void corruptFileAmongGoodOnes() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {kixtest::dataPath(QStringLiteral("manifests")), kixtest::seedPath()}));
        QAbstractItemModel* m = w.runTable()->model();
        QCOMPARE(m->rowCount(), 2);
        int errorRow = -1;
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, RunTableModel::Status).data().toString() == QStringLiteral("error"))
                errorRow = r;
        QVERIFY(errorRow >= 0);
        QVERIFY(m->index(errorRow, RunTableModel::Implementation)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("not valid JSON")));
        w.selectRows({errorRow});
        QCOMPARE(w.details()->problemModel()->rowCount(), 1);
        QCOMPARE(w.details()->tabs()->currentIndex(), 5);
    }

    void dropFileUrl() {
        MainWindow w;
        w.show();
        auto* mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(kixtest::seedPath())});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QSignalSpy done(&w, &MainWindow::loadFinished);
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &drop);
        QVERIFY(done.wait(10000));
        QCOMPARE(w.runTable()->model()->rowCount(), 1);
        QCOMPARE(w.store()->at(w.selectedStoreIndices().first())->file, kixtest::seedPath());
        delete mime;
    }

    void filterDebounced() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {QStringLiteral(":/kix/samples/kernelindex")}));
        w.filterEdit()->setText(QStringLiteral("hyra"));
        QTRY_COMPARE_WITH_TIMEOUT(w.runTable()->model()->rowCount(), 1, 3000);
        w.filterEdit()->clear();
        QTRY_COMPARE_WITH_TIMEOUT(w.runTable()->model()->rowCount(), 4, 3000);
    }

    void shortcutsAndRerunAction() {
        MainWindow w;
        for (const char* name : {"open", "openFolder", "compare", "verifyAll", "cite", "exportPlot",
                                 "runLocally", "focusFilter", "logScale", "quit"})
            QVERIFY2(!w.action(QString::fromLatin1(name))->shortcut().isEmpty(), name);
        QAction* run = w.action(QStringLiteral("runLocally"));
        QTRY_VERIFY_WITH_TIMEOUT(run->statusTip().startsWith(QStringLiteral("Unavailable: the runner")),
                                 5000);
        QCOMPARE(run->toolTip(), plainToolTip(run->statusTip()));
        QVERIFY(!run->isEnabled());
    }

    void citationFromTheWindow() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {kixtest::seedPath()}));
        w.selectRows({0});
        CitationDialog* d = w.makeCitationDialog();
        QVERIFY(d);
        kix::CitationOptions o;
        o.accessed = QDate::currentDate();
        QCOMPARE(d->text(), kix::cite(*w.store()->at(0), kix::CitationFormat::BibTeX, o));
        delete d;
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
