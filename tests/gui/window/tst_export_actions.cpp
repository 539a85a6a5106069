// File ▸ Export and Run ▸ Export plot from the window: what is written, where, and what is said.
#include "GuiTest.h"
#include "MainWindow.h"
#include "PlainText.h"
#include "RunFilterProxy.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "WindowFixtures.h"

#include <QFileInfo>
#include <QImage>
#include <QObject>
#include <QStatusBar>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QWidget>

using namespace kixtest;

class TestExportActions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    // File ▸ Export asks where, suggesting a name per table, writes in the format of the suffix and says so
    // in the status bar; a refused export is a plain-text warning and writes nothing; no answer, nothing.
    void exportFromTheFileMenu() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {kixtest::seedPath()}));
        QTemporaryDir dir;
        QString caption;
        QString suggested;
        QString filter;
        QString answer;
        w.setSaveChooser([&](QWidget*, const QString& c, const QString& path, const QString& f) {
            caption = c;
            suggested = path;
            filter = f;
            return answer;
        });
        answer = dir.filePath(QStringLiteral("runs.md"));
        w.action(QStringLiteral("export0"))->trigger();
        QCOMPARE(caption, QStringLiteral("Export"));
        QVERIFY2(suggested.endsWith(QStringLiteral("/kix-runs.csv")), qPrintable(suggested));
        QCOMPARE(filter, QStringLiteral("CSV (*.csv);;Markdown (*.md);;JSON (*.json)"));
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Written to %1").arg(answer));
        QCOMPARE(readText(answer).split(u'\n', Qt::SkipEmptyParts).size(), w.proxy()->rowCount() + 2);
        QVERIFY(readText(answer).startsWith(QStringLiteral("| Implementation |")));
        // Each table suggests its own name; cancelling the dialog writes nothing and says nothing.
        w.statusBar()->clearMessage();
        answer.clear();
        w.action(QStringLiteral("export1"))->trigger();
        QVERIFY2(suggested.endsWith(QStringLiteral("/kix-leaderboard.csv")), qPrintable(suggested));
        w.action(QStringLiteral("export3"))->trigger();
        QVERIFY2(suggested.endsWith(QStringLiteral("/kix-comparison-fields.csv")), qPrintable(suggested));
        QCOMPARE(w.statusBar()->currentMessage(), QString());
        // Refused: no comparison yet, or a suffix that names no format.
        answer = dir.filePath(QStringLiteral("cmp.json"));
        const Answered none = answerMessageBox([&] { w.action(QStringLiteral("export2"))->trigger(); });
        QVERIFY2(suggested.endsWith(QStringLiteral("/kix-comparison.json")), qPrintable(suggested));
        QCOMPARE(none.title, QStringLiteral("Export"));
        QCOMPARE(none.text,
                 QStringLiteral("there is no comparison to export: compare two to eight runs first"));
        QCOMPARE(none.format, Qt::PlainText);
        QVERIFY(!QFileInfo::exists(answer));
        answer = dir.filePath(QStringLiteral("runs.xlsx"));
        const Answered unknown = answerMessageBox([&] { w.action(QStringLiteral("export0"))->trigger(); });
        QCOMPARE(unknown.text, QStringLiteral("unknown export format \"xlsx\": use .csv, .md or .json"));
        QVERIFY(!QFileInfo::exists(answer));
        QCOMPARE(w.statusBar()->currentMessage(), QString());
    }

    // Run ▸ Export plot: a PNG of the selected run's plot, or a warning for a format it cannot write.
    void exportPlotFromTheRunMenu() {
        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {kixtest::seedPath()}));
        w.selectRows({0});
        QTemporaryDir dir;
        QString caption;
        QString suggested;
        QString filter;
        QString answer = dir.filePath(QStringLiteral("plot.png"));
        w.setSaveChooser([&](QWidget*, const QString& c, const QString& path, const QString& f) {
            caption = c;
            suggested = path;
            filter = f;
            return answer;
        });
        w.action(QStringLiteral("exportPlot"))->trigger();
        QCOMPARE(caption, QStringLiteral("Export plot"));
        QVERIFY2(suggested.endsWith(QStringLiteral("/kix-plot.png")), qPrintable(suggested));
        QCOMPARE(filter, QStringLiteral("PNG image (*.png);;PDF document (*.pdf);;SVG image (*.svg)"));
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Plot written to %1").arg(answer));
        const QImage image(answer);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 100 && image.height() > 100);
        answer = dir.filePath(QStringLiteral("plot.bmp"));
        const Answered refused = answerMessageBox([&] { w.action(QStringLiteral("exportPlot"))->trigger(); });
        QCOMPARE(refused.title, QStringLiteral("Export plot"));
        QCOMPARE(refused.text, QStringLiteral("unknown export format \"bmp\": use .png, .pdf or .svg"));
        QCOMPARE(refused.format, Qt::PlainText);
        QVERIFY(!QFileInfo::exists(answer));
        w.statusBar()->clearMessage();
        answer.clear(); // the dialog cancelled
        w.action(QStringLiteral("exportPlot"))->trigger();
        QCOMPARE(w.statusBar()->currentMessage(), QString());
    }
};

KIX_TEST_MAIN(TestExportActions)
#include "tst_export_actions.moc"
