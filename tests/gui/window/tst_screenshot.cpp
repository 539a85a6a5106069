// Renders the explorer with the bundled samples to PNGs (offscreen). With KIX_SCREENSHOT_DIR set,
// the images go there (the README's screenshot is made this way); otherwise to a temporary folder.
#include "GuiTest.h"
#include "MainWindow.h"
#include "PlotWidget.h"
#include "TestMain.h"

#include <QImage>
#include <QObject>
#include <QRgb>
#include <QSet>
#include <QSignalSpy>
#include <QSize>
#include <QString>
#include <QStringLiteral>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace kix::ui;

class TestScreenshot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void renderWindow() {
        QTemporaryDir tmp;
        const QString dir = qEnvironmentVariableIsSet("KIX_SCREENSHOT_DIR")
                                ? qEnvironmentVariable("KIX_SCREENSHOT_DIR")
                                : tmp.path();
        MainWindow w;
        w.resize(1500, 900);
        w.show();
        QSignalSpy done(&w, &MainWindow::loadFinished);
        w.openBundledSamples();
        QVERIFY(done.wait(20000));
        for (int tab = 0; tab < w.tabs()->count(); ++tab) {
            w.tabs()->setCurrentIndex(tab);
            QTest::qWait(100);
            const QImage image = w.grab().toImage();
            QVERIFY(!image.isNull());
            QCOMPARE(image.size(), QSize(1500, 900));
            // Not a blank window: many distinct colours.
            QSet<QRgb> colours;
            for (int y = 0; y < image.height(); y += 7)
                for (int x = 0; x < image.width(); x += 7)
                    colours.insert(image.pixel(x, y));
            QVERIFY(colours.size() > 20);
            QVERIFY(image.save(QStringLiteral("%1/kix-tab%2.png").arg(dir).arg(tab)));
        }
    }
};

KIX_TEST_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
