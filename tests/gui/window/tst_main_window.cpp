// The explorer window as a user drives it: open manifests and a catalog export (File ▸ Open, drop, the
// command line), browse, compare by KernelIndex's policy, verify, and a corrupt file among good ones.
#include "CaseDiffModel.h"
#include "CaseTableModel.h"
#include "CatalogFixture.h"
#include "Citation.h"
#include "CitationDialog.h"
#include "DiffWidget.h"
#include "DigestModel.h"
#include "DigestPanel.h"
#include "ExplorerCommandLine.h"
#include "FieldDiffModel.h"
#include "GuiTest.h"
#include "LeaderboardWidget.h"
#include "MainWindow.h"
#include "PairsModel.h"
#include "PlainText.h"
#include "PlotWidget.h"
#include "ProblemModel.h"
#include "RunDetailsWidget.h"
#include "RunFilterProxy.h"
#include "RunTableModel.h"
#include "Settings.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "WindowFixtures.h"
#include "kix_config.h"

#include <QAbstractItemModel>
#include <QByteArray>
#include <QCoreApplication>
#include <QDate>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDevice>
#include <QIODevice>
#include <QLatin1String>
#include <QList>
#include <QMimeData>
#include <QModelIndex>
#include <QObject>
#include <QPoint>
#include <QPointF>
#include <QPointer>
#include <QSignalSpy>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QWidget>
#include <sys/stat.h>

using namespace kixtest;

namespace {

// A folder with a catalog export of the fixture world.
struct CatalogFolder {
    QTemporaryDir dir;
    kixfix::Catalog c;
    QString catalog = dir.filePath(QStringLiteral("catalog.jsonl"));
    QString compressed = dir.filePath(QStringLiteral("catalog.jsonl.zst"));
    CatalogFolder() {
        kixfix::writeFile(catalog, c.text());
        kixfix::writeFile(compressed, kixfix::zstd(c.text()));
    }
};

QStringList overviewLines(const MainWindow& w) {
    const PairsModel* overview = w.details()->overviewModel();
    QStringList fields;
    for (int r = 0; r < overview->rowCount(); ++r)
        fields << overview->index(r, 0).data().toString() + QStringLiteral(": ") +
                      overview->index(r, 1).data().toString();
    return fields;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void opensBundledSamples() {
        MainWindow w;
        QSignalSpy done(&w, &MainWindow::loadFinished);
        w.openBundledSamples();
        QVERIFY(done.wait(20000));
        QVERIFY(w.runTable()->model()->rowCount() >= 1);
        QVERIFY(kixtest::rowOf(w, QStringLiteral("ac4k")) >= 0); // the seed
        QCOMPARE(w.selectedStoreIndices().size(), 1);            // the first row is selected and shown
        QVERIFY(w.details()->overviewModel()->rowCount() > 5);
    }

    void detailsOfTheSeed() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {kixtest::seedPath()}));
        w.selectRows({0});
        const QStringList fields = overviewLines(w);
        QVERIFY(fields.contains(
            QStringLiteral("Run digest (recomputed): "
                           "sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b")));
        QVERIFY(fields.contains(QStringLiteral("Latency: 45.3 µs (mean)")));
        QVERIFY(fields.contains(QStringLiteral("Digest checks: 2 verified · 2 not verifiable")));
        QVERIFY(fields.contains(
            QStringLiteral("Accepted by KernelIndex: yes: its schemas and parser accept every resource")));
        // Opened alone, its workload is not loaded: the operation and the correctness key are unknown for
        // that one reason, said once.
        QVERIFY(fields.contains(QStringLiteral(
            "Comparison key (recomputed): unknown: its workload sha256:c4af2be85b8d… is not loaded")));
        QVERIFY(
            fields.contains(QStringLiteral("Read from: ") + kixtest::seedPath() + QStringLiteral(" /run")));
        // The raw text is filled when its tab is shown, not on every click on a run.
        RunDetailsWidget* details = w.details();
        QVERIFY(details->rawView()->toPlainText().isEmpty());
        details->tabs()->setCurrentIndex(RunDetailsWidget::RawTab);
        QVERIFY(details->rawView()->toPlainText().contains(QStringLiteral("\"externalId\": \"14917\"")));
        QVERIFY(details->rawView()->isReadOnly());
    }

    // The case table (10,000 rows in a big run) is filled when its tab is shown; the tab on screen
    // follows each selection at once, the other is refilled when shown again.
    void caseTabFilledWhenShown() {
        MainWindow w;
        QSignalSpy done(&w, &MainWindow::loadFinished);
        w.openBundledSamples();
        QVERIFY(done.wait(20000));
        const QAbstractItemModel* runs = w.runTable()->model();
        int kixRun = -1; // a bundled kix run: it has per-case results
        for (int r = 0; r < runs->rowCount() && kixRun < 0; ++r)
            if (runs->index(r, RunTableModel::Implementation).data().toString().startsWith(u"kix"))
                kixRun = r;
        QVERIFY(kixRun >= 0);
        RunDetailsWidget* details = w.details();
        details->tabs()->setCurrentIndex(RunDetailsWidget::OverviewTab);
        w.selectRows({kixRun});
        QCOMPARE(details->caseModel()->rowCount(), 0);
        const QString cases = overviewLines(w).filter(QStringLiteral("Cases: ")).value(0);
        QVERIFY2(cases.mid(7).toInt() > 0, qPrintable(cases));
        details->tabs()->setCurrentIndex(RunDetailsWidget::CasesTab);
        QCOMPARE(details->caseModel()->rowCount(), cases.mid(7).toInt());
        details->setManifest(nullptr);
        QCOMPARE(details->caseModel()->rowCount(), 0);
        details->tabs()->setCurrentIndex(RunDetailsWidget::RawTab);
        QVERIFY(details->rawView()->toPlainText().isEmpty());
    }

    // File ▸ Open offers catalog exports and loads one.
    void openCatalogFromFileOpen() {
        CatalogFolder f;
        MainWindow w;
        QString offered;
        w.setFileChooser([&](QWidget*, const QString&, const QString&, const QString& filter) {
            offered = filter;
            return QStringList{f.compressed};
        });
        QSignalSpy done(&w, &MainWindow::loadFinished);
        w.action(QStringLiteral("open"))->trigger();
        QVERIFY(done.wait(20000));
        QVERIFY2(offered.startsWith(QStringLiteral(
                     "Manifests and catalog exports (*.json *.yaml *.yml *.jsonl *.jsonl.zst)")),
                 qPrintable(offered));
        QCOMPARE(w.store()->index().runCount(), 4);
        QCOMPARE(w.runTable()->model()->rowCount(), 4);
    }

    void openCatalogByDrop() {
        CatalogFolder f;
        MainWindow w;
        w.show();
        auto* mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(f.catalog)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QSignalSpy done(&w, &MainWindow::loadFinished);
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &drop);
        QVERIFY(done.wait(20000));
        QCOMPARE(w.runTable()->model()->rowCount(), 4);
        QCOMPARE(w.store()->at(w.selectedStoreIndices().first())->file, f.catalog);
        delete mime;
    }

    void openCatalogFromTheCommandLine() {
        CatalogFolder f;
        ExplorerCommandLine commandLine;
        QVERIFY(commandLine.parse({QStringLiteral("kix-explorer"), QStringLiteral("--tab"),
                                   QStringLiteral("digests"), QStringLiteral("--select"),
                                   QStringLiteral("0,1"), f.catalog}));
        MainWindow w;
        QSignalSpy done(&w, &MainWindow::loadFinished);
        commandLine.start(w);
        QVERIFY(done.wait(20000));
        QCOMPARE(w.store()->index().runCount(), 4);
        // --select counts rows as the table shows them: once grouped and sorted, after the load.
        QTRY_COMPARE_WITH_TIMEOUT(w.selectedStoreIndices().size(), 2, 10000);
        QCOMPARE(w.tabs()->currentWidget(), w.digests());
        ExplorerCommandLine bad;
        QVERIFY(!bad.parse({QStringLiteral("kix-explorer"), QStringLiteral("--frob")}));
        QCOMPARE(bad.errorText(), QStringLiteral("Unknown option 'frob'."));
    }

    // The table sorts off the UI thread while and after rows arrive: whatever row ends up selected, the
    // details show that run.
    void detailsFollowTheSelectionThroughSorting() {
        CatalogFolder f;
        std::reverse(f.c.lines.begin(), f.c.lines.end()); // the slowest run is read first
        kixfix::writeFile(f.catalog, f.c.text());
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {f.catalog}));
        QTRY_VERIFY_WITH_TIMEOUT(!w.proxy()->isBusy(), 5000);
        QTest::qWait(400); // past the proxy's debounce
        QTRY_VERIFY_WITH_TIMEOUT(!w.proxy()->isBusy(), 5000);
        const QList<int> selected = w.selectedStoreIndices();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(w.details()->heading()->text(), w.store()->at(selected.first())->title());
        QCOMPARE(w.runTable()->selectionModel()->selectedRows().first().row(),
                 w.proxy()->mapFromSource(w.runModel()->index(selected.first(), 0)).row());
    }

    void compareTwoRuns() {
        CatalogFolder f;
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {f.catalog}));
        w.selectRows(
            {kixtest::rowOf(w, QStringLiteral("run-a")), kixtest::rowOf(w, QStringLiteral("run-c"))});
        w.compareSelected();
        QVERIFY(w.diff()->waitUntilShown(10000)); // compared off the UI thread
        QCOMPARE(w.tabs()->currentWidget(), w.diff());
        const QString verdict = w.diff()->verdictLabel()->text();
        QVERIFY2(verdict.startsWith(QStringLiteral("⚠ Not comparable by KernelIndex's policy")),
                 qPrintable(verdict));
        QVERIFY2(verdict.contains(QStringLiteral(
                     "• first material mismatch: workload differs: \"hidden=4096 tokens=2048 · ")),
                 qPrintable(verdict));
        QCOMPARE(w.diff()->verdictLabel()->textFormat(), Qt::PlainText);
        const FieldDiffModel* fields = w.diff()->fieldModel();
        QStringList rows;
        for (int r = 0; r < fields->rowCount(); ++r)
            rows << fields->index(r, FieldDiffModel::Path).data().toString();
        QVERIFY(rows.contains(QStringLiteral("run.spec.timing.latencyNs.median")));
        QVERIFY(rows.contains(QStringLiteral("run.spec.workloadDigest")));
        QCOMPARE(w.diff()->caseModel()->rowCount(), 0); // suite values only

        // Two runs of one cohort are comparable; a failed run is not.
        w.selectRows(
            {kixtest::rowOf(w, QStringLiteral("run-a")), kixtest::rowOf(w, QStringLiteral("run-b"))});
        w.compareSelected();
        QVERIFY(w.diff()->waitUntilShown(10000)); // compared off the UI thread
        QVERIFY2(w.diff()->verdictLabel()->text().startsWith(QStringLiteral("✔ Comparable")),
                 qPrintable(w.diff()->verdictLabel()->text()));
        w.selectRows(
            {kixtest::rowOf(w, QStringLiteral("run-a")), kixtest::rowOf(w, QStringLiteral("run-d"))});
        w.compareSelected();
        QVERIFY(w.diff()->waitUntilShown(10000)); // compared off the UI thread
        QVERIFY(w.diff()->verdictLabel()->text().contains(
            QStringLiteral("B is not eligible: its status is compile_error")));
    }

    // Issue 13: a run of 2,000 cases (one roofline warning each) made the digest panel ask for 23,000 px
    // of height, and a title of 1,024 characters without a space (what is kept of a huge one) made labels
    // ask for 9,986 px of width, and an unsanitized one for 7.4 million (Qt then crashed painting it). The
    // window keeps its size whatever is selected and whichever tab is shown.
    void hugeRunsKeepTheWindowSize() {
        QFile seedFile(QStringLiteral(":/kix/samples/kernelindex/sol-submission-14917.manifest.json"));
        QVERIFY(seedFile.open(QIODevice::ReadOnly));
        const nlohmann::json seed = nlohmann::json::parse(seedFile.readAll().toStdString());
        QTemporaryDir dir;
        nlohmann::json many = seed;
        many["run"]["metadata"]["title"] = "many cases";
        for (int i = 0; i < 2000; ++i)
            many["run"]["spec"]["cases"].push_back(
                {{"id", "c" + std::to_string(i)},
                 {"axes", {{"batch_size", i % 64 + 1}, {"seq_len", i}}},
                 {"latencyNs", {{"mean", 1000 + i}, {"stddev", 10}, {"samples", 50}}}});
        nlohmann::json titled = seed;
        titled["run"]["metadata"]["title"] = "x" + std::string(std::size_t{1} << 20, 'x');
        for (const auto& [name, doc] : {std::pair{"many.json", many}, std::pair{"titled.json", titled}})
            QVERIFY(
                kixfix::writeFile(dir.filePath(QLatin1String(name)), QByteArray::fromStdString(doc.dump())));
        MainWindow w;
        w.resize(1024, 640);
        w.show();
        QVERIFY(kixtest::loadInto(w, {dir.path()}));
        const QSize size = w.size();
        for (int row = 0; row < w.runTable()->model()->rowCount(); ++row) {
            w.selectRows({row});
            for (int tab = 0; tab < w.tabs()->count(); ++tab) {
                w.tabs()->setCurrentIndex(tab);
                QTRY_VERIFY(!w.isSettling());
                QCoreApplication::processEvents();
                QVERIFY2(w.size() == size && w.minimumSizeHint().width() <= size.width() &&
                             w.minimumSizeHint().height() <= size.height(),
                         qPrintable(QStringLiteral("row %1, tab %2: window %3x%4, minimum %5x%6")
                                        .arg(row)
                                        .arg(w.tabs()->tabText(tab))
                                        .arg(w.width())
                                        .arg(w.height())
                                        .arg(w.minimumSizeHint().width())
                                        .arg(w.minimumSizeHint().height())));
            }
        }
        w.tabs()->setCurrentWidget(w.digests());
        QTRY_VERIFY(!w.isSettling());
    }

    // A selection redraws the tab in view; the plot, digest and compare tabs catch up when shown (a run
    // of 10,000 cases cost each of them 100-300 ms on every click), and before an export.
    void hiddenTabsCatchUpWhenShown() {
        CatalogFolder f;
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {f.catalog}));
        w.tabs()->setCurrentWidget(w.details());
        w.selectRows({kixtest::rowOf(w, QStringLiteral("run-a"))});
        QCOMPARE(w.details()->heading()->text(), w.store()->at(w.selectedStoreIndices().first())->title());
        QCOMPARE(w.digests()->model()->rowCount(), 0);
        QVERIFY(w.plot()->plot()->title().isEmpty());
        w.tabs()->setCurrentWidget(w.plot());
        QVERIFY(!w.plot()->plot()->title().isEmpty());
        QCOMPARE(w.digests()->model()->rowCount(), 0);
        QSignalSpy digestsShown(w.digests(), &DigestPanel::runShown);
        w.tabs()->setCurrentWidget(w.digests());
        QVERIFY(!digestsShown.isEmpty() || digestsShown.wait(10000)); // checked off the UI thread
        QCOMPARE(w.digests()->model()->rowCount(), 9);

        // Two runs selected on another tab: Compare shows them when opened.
        w.tabs()->setCurrentWidget(w.details());
        w.selectRows(
            {kixtest::rowOf(w, QStringLiteral("run-a")), kixtest::rowOf(w, QStringLiteral("run-b"))});
        QVERIFY(!w.diff()->hasComparison());
        w.tabs()->setCurrentWidget(w.diff());
        QVERIFY(w.diff()->waitUntilShown(10000)); // compared off the UI thread
        QVERIFY(w.diff()->hasComparison());
        QCOMPARE(w.diff()->comparison().runs.size(), 2);

        // An export brings every stale view up to date first.
        w.tabs()->setCurrentWidget(w.details());
        w.selectRows(
            {kixtest::rowOf(w, QStringLiteral("run-b")), kixtest::rowOf(w, QStringLiteral("run-a"))});
        QTemporaryDir dir;
        QCOMPARE(w.exportTo(MainWindow::ExportWhat::Comparison, dir.filePath(QStringLiteral("c.json"))),
                 QString());
        QCOMPARE(w.diff()->comparison().runs[0]->title(),
                 w.store()->at(w.selectedStoreIndices().first())->title());
    }

    void digestPanelShowsModelStates() {
        CatalogFolder f;
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {f.catalog}));
        w.selectRows({kixtest::rowOf(w, QStringLiteral("run-a"))});
        QSignalSpy shown(w.digests(), &DigestPanel::runShown);
        w.tabs()->setCurrentWidget(w.digests()); // a hidden tab catches up when shown
        QVERIFY(!shown.isEmpty() || shown.wait(10000));
        const DigestModel* model = w.digests()->model();
        const auto expected = w.store()->verify(w.selectedStoreIndices().first());
        QCOMPARE(model->rowCount(), expected.size());
        for (int r = 0; r < model->rowCount(); ++r)
            QCOMPARE(model->index(r, DigestModel::State).data().toString(),
                     stateSymbol(expected[r].state) + u' ' + kix::stateName(expected[r].state));
        QCOMPARE(model->rowCount(), 9);

        QSignalSpy verified(w.digests(), &DigestPanel::verified);
        w.action(QStringLiteral("verifyAll"))->trigger();
        // The result may arrive within trigger() when the work finishes at once, so count rather than wait.
        QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 1, 10000);
        QCOMPARE(verified.first().at(0).toInt(), 4);
        QCOMPARE(verified.first().at(1).toInt(), 0);
        QCOMPARE(model->rowCount(), 36);
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
        QCOMPARE(w.details()->tabs()->currentIndex(), int(RunDetailsWidget::ProblemsTab));
    }

    // An entry of an opened folder that is not a readable regular file becomes a red row with its located
    // problem (docs/problem-codes.md), never read and never stopping the other files.
    void badEntryBecomesAProblemRow_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message"); // %1: the folder
        QTest::newRow("dangling symlink")
            << QStringLiteral("link") << QStringLiteral("read.dangling_link")
            << QStringLiteral("symbolic link to \"%1/gone.json\", which does not exist");
        QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("read.not_regular")
                              << QStringLiteral("not a regular file (a FIFO, socket or device); not read");
        QTest::newRow("unreadable file") << QStringLiteral("unreadable") << QStringLiteral("read.unreadable")
                                         << QStringLiteral("cannot be read: permission denied");
    }
    void badEntryBecomesAProblemRow() {
        QFETCH(QString, kind);
        QFETCH(QString, code);
        QFETCH(QString, message);
        if (kind == QLatin1String("unreadable") && ::geteuid() == 0)
            QSKIP("root reads a file whatever its permissions");
        QTemporaryDir dir;
        QVERIFY(QFile::copy(kixtest::seedPath(), dir.filePath(QStringLiteral("good.manifest.json"))));
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        if (kind == QLatin1String("link")) {
            QVERIFY(QFile::link(dir.filePath(QStringLiteral("gone.json")), bad));
        } else if (kind == QLatin1String("fifo")) {
            QCOMPARE(::mkfifo(QFile::encodeName(bad).constData(), 0600), 0);
        } else {
            QVERIFY(kixfix::writeFile(bad, kixtest::readAll(kixtest::seedPath())));
            QVERIFY(QFile::setPermissions(bad, QFileDevice::WriteOwner));
        }
        if (message.contains(QLatin1String("%1"))) // the dangling link's message names its target's folder
            message = message.arg(dir.path());
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {dir.path()}));
        const QAbstractItemModel* m = w.runTable()->model();
        QCOMPARE(m->rowCount(), 2);
        QVERIFY(kixtest::rowOf(w, QStringLiteral("ac4k")) >= 0); // the good file is loaded
        const int row = kixtest::rowOf(w, message);
        QVERIFY2(row >= 0, qPrintable(message));
        QCOMPARE(m->index(row, RunTableModel::Status).data().toString(), QStringLiteral("error"));
        QCOMPARE(m->index(row, RunTableModel::Implementation).data(Qt::ToolTipRole).toString(),
                 plainToolTip(bad + QStringLiteral(": ") + message));
        w.selectRows({row});
        QCOMPARE(w.details()->tabs()->currentIndex(), int(RunDetailsWidget::ProblemsTab));
        QCOMPARE(w.details()->heading()->text(), QStringLiteral("Could not read ") + bad);
        const ProblemModel* problems = w.details()->problemModel();
        QCOMPARE(problems->rowCount(), 1);
        QCOMPARE(problems->index(0, ProblemModel::Severity).data().toString(), QStringLiteral("✖ error"));
        QCOMPARE(problems->index(0, ProblemModel::Code).data().toString(), code);
        QCOMPARE(problems->index(0, ProblemModel::Message).data().toString(), message);
        QCOMPARE(problems->index(0, ProblemModel::Location).data().toString(), QStringLiteral("bad.json"));
        QCOMPARE(problems->index(0, ProblemModel::Location).data(Qt::ToolTipRole).toString(),
                 plainToolTip(bad));
        QCOMPARE(w.store()->index().problemRows().size(), 1);
    }

    // A file's name is untrusted: the heading of its problem row shows the bidi control and escape in it.
    void problemRowOfAHostileName() {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("evil\x1b[2J\u202Enosj.json"));
        QVERIFY(kixfix::writeFile(bad, "{not json"));
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {bad}));
        w.selectRows({0});
        QCOMPARE(w.details()->heading()->text(),
                 QStringLiteral("Could not read %1/evil\\x1b[2J⟨U+202E⟩nosj.json").arg(dir.path()));
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
        CatalogFolder f;
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {f.catalog}));
        w.filterEdit()->setText(QStringLiteral("run-b"));
        QTRY_COMPARE_WITH_TIMEOUT(w.runTable()->model()->rowCount(), 1, 3000);
        w.filterEdit()->clear();
        QTRY_COMPARE_WITH_TIMEOUT(w.runTable()->model()->rowCount(), 4, 3000);
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

    // Help ▸ About names the versions, in plain text.
    void aboutBox() {
        MainWindow w;
        const Answered about = answerMessageBox([&] { w.action(QStringLiteral("about"))->trigger(); });
        QCOMPARE(about.title, QStringLiteral("About kix"));
        QCOMPARE(about.format, Qt::PlainText);
        QVERIFY2(
            about.text.startsWith(QStringLiteral("kix %1 — a result explorer for GPU-kernel benchmark runs")
                                      .arg(QStringLiteral(KIX_VERSION))),
            qPrintable(about.text));
        QVERIFY(
            about.text.contains(QStringLiteral("Qt %1 (built with %2)")
                                    .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))));
        QVERIFY(about.text.contains(QStringLiteral("\nCUDA: ")));
        QVERIFY(about.text.endsWith(QStringLiteral("Licensed under the GNU GPL, version 3 or later.")));
    }

    // Cite and Compare say what they need when the selection does not give it (before any selection, as
    // at start), then follow the selection; with a run selected, Cite opens its dialog on that run.
    void citeAndCompareNeedASelection() {
        MainWindow w;
        w.action(QStringLiteral("cite"))->trigger();
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Select a readable run to cite."));
        QVERIFY(!w.findChild<CitationDialog*>());
        w.action(QStringLiteral("compare"))->trigger();
        QCOMPARE(w.statusBar()->currentMessage(),
                 QStringLiteral("Select two to eight runs to compare (Ctrl+click)."));
        QVERIFY(kixtest::loadInto(w, {kixtest::seedPath()}));
        w.selectRows({0});
        QVERIFY(!w.action(QStringLiteral("compare"))->isEnabled()); // one run: nothing to compare it with
        QVERIFY(w.action(QStringLiteral("cite"))->isEnabled());
        w.action(QStringLiteral("cite"))->trigger();
        auto* dialog = w.findChild<CitationDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        kix::CitationOptions o;
        o.accessed = QDate::currentDate();
        QCOMPARE(dialog->text(), kix::cite(*w.store()->at(0), kix::CitationFormat::BibTeX, o));
        QPointer<CitationDialog> closed(dialog);
        dialog->close(); // deleted on close
        QTRY_VERIFY(closed.isNull());
    }

    // Paths opened while a load runs are loaded after it, not instead of it, and the window reports once.
    void openWhileLoadingQueues() {
        CatalogFolder f;
        MainWindow w;
        QSignalSpy done(&w, &MainWindow::loadFinished);
        w.openPaths({kixtest::seedPath()});
        QVERIFY(w.store()->isLoading());
        w.openPaths({f.catalog});
        QVERIFY(done.wait(20000));
        QCOMPARE(done.size(), 1);
        QVERIFY(!w.store()->isLoading());
        QCOMPARE(w.runTable()->model()->rowCount(), 5); // the seed and the catalog's four runs
        QVERIFY(kixtest::rowOf(w, QStringLiteral("ac4k")) >= 0);
        QVERIFY(kixtest::rowOf(w, QStringLiteral("run-c")) >= 0);
        w.openPaths({}); // nothing to open: nothing starts
        QVERIFY(!w.store()->isLoading());
    }

    // View ▸ Filter runs selects the filter's text, ready to be typed over.
    void focusFilterSelectsItsText() {
        MainWindow w;
        w.filterEdit()->setText(QStringLiteral("run-b"));
        w.filterEdit()->deselect();
        QCOMPARE(w.filterEdit()->selectedText(), QString());
        w.action(QStringLiteral("focusFilter"))->trigger();
        QCOMPARE(w.filterEdit()->selectedText(), QStringLiteral("run-b"));
    }

    // Closing the window (no run going) closes it and keeps its layout for the next start.
    void closeKeepsTheLayout() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.close());
        QVERIFY(!w.isVisible());
        const Settings settings;
        QCOMPARE(settings.windowState(), w.saveState(Settings::kStateVersion));
        QVERIFY(!settings.geometry().isEmpty());
    }

    // Activating a leaderboard row selects its run in the run table.
    void leaderboardRowSelectsItsRun() {
        MainWindow w;
        QSignalSpy updated(w.leaderboard(), &LeaderboardWidget::updated);
        QVERIFY(kixtest::loadInto(
            w, {kixtest::repoPath(QStringLiteral("resources/samples")), kixtest::problemPath()}));
        QVERIFY(!updated.isEmpty() || updated.wait(20000));
        QAbstractItemModel* board = w.leaderboard()->table()->model();
        QVERIFY(board->rowCount() >= 2);
        for (const int row : {board->rowCount() - 1, 0}) {
            const QModelIndex index = board->index(row, 0);
            const int run = index.data(RunIndexRole).toInt();
            emit w.leaderboard()->table()->activated(index);
            QCOMPARE(w.selectedStoreIndices(), QList<int>{w.store()->index().rowOfRun(run)});
        }
    }
};

KIX_TEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
