// The explorer's first launch: the bundled samples (the seed and kix's own runs) with the problem file,
// whose built WorkloadSuite verifies every sample's workloadDigest, and the Published tab, which shows
// the published leaderboard figures under the notice that they are published figures.
#include "GuiTest.h"
#include "MainWindow.h"
#include "PublishedFiguresView.h"
#include "RecordIndex.h"
#include "ResourceKind.h"
#include "TestMain.h"
#include "TextSanitizer.h"
#include "Verification.h"

#include <QLatin1String>
#include <QObject>
#include <QSignalSpy>
#include <QStringList>
#include <QStringLiteral>
#include <QTabWidget>

using namespace kix;
using namespace kix::ui;

class TestPublishedView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void publishedTab() {
        MainWindow w;
        PublishedFiguresView* view = w.published();
        QVERIFY(view);
        QCOMPARE(w.tabs()->tabText(w.tabs()->indexOf(view)), QStringLiteral("Published"));
        QVERIFY(view->notice().startsWith(publishedFiguresNotice()));
        const PublishedFiguresModel* model = view->model();
        QCOMPARE(model->rowCount(), 4);
        QCOMPARE(
            model->headerData(int(PublishedColumn::Submitter), Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("Submitter"));
        QCOMPARE(model->index(1, int(PublishedColumn::Submitter)).data().toString(),
                 QStringLiteral("Amir M. Mir | SF Tensor"));
        QCOMPARE(model->index(1, int(PublishedColumn::Rank)).data().toString(),
                 QStringLiteral("1 of 3 (derived)"));
        // The tooltip of the source names what was read, and shows markup literally.
        QVERIFY(model->index(0, int(PublishedColumn::Source))
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("KernelIndex run page")));
    }

    // A file with errors shows them instead of a table.
    void unreadableFigures() {
        PublishedFiguresView view;
        view.showFile(QStringLiteral("/nonexistent/figures.json"));
        QCOMPARE(view.model()->rowCount(), 0);
        QVERIFY2(view.notice().startsWith(QStringLiteral("The published figures could not be read:\n")),
                 qPrintable(view.notice()));
    }

    // The problem quotes the file's path, which is untrusted: its escape and bidi control are shown.
    void unreadableFiguresOfAHostileName() {
        PublishedFiguresView view;
        view.showFile(QStringLiteral("/nonexistent/evil\x1b[2J\u202Enosj.json"));
        const QStringList lines = view.notice().split(u'\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[1].startsWith(QStringLiteral("/nonexistent/evil\\x1b[2J⟨U+202E⟩nosj.json: ")),
                 qPrintable(kix::terminalLine(lines[1])));
    }

    void bundledSamplesVerify() {
        MainWindow w;
        QSignalSpy done(&w, &MainWindow::loadFinished);
        w.openBundledSamples();
        QVERIFY(done.wait(20000));
        const RecordIndex& index = w.store()->index();
        QCOMPARE(index.problemRows().size(), 0);
        QCOMPARE(index.resourceCount(ResourceKind::WorkloadSuite), 1);
        QVERIFY(index.runCount() >= 1);
        for (int i = 0; i < index.runCount(); ++i)
            for (const DigestCheck& c : verifyRun(index, index.run(i)))
                if (c.field == QLatin1String("workloadDigest"))
                    QVERIFY2(c.state == DigestCheck::State::Verified,
                             qPrintable(index.run(i).run->resource->name + u' ' + c.reason));
    }
};

KIX_TEST_MAIN(TestPublishedView)
#include "tst_published_view.moc"
