#include "ExplorerCommandLine.h"

#include "MainWindow.h"
#include "Palette.h"
#include "PlotWidget.h"
#include "RunFilterProxy.h"
#include "RunTableModel.h"
#include "TextSanitizer.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QImageWriter>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTimer>
#include <cstdio>

namespace kix::ui {

namespace {
// --sol-gpu and --plot-cases: set in the plot's own boxes, as a user would.
void applyPlotOptions(const QCommandLineParser& parser, PlotWidget& plot) {
    if (const QString gpu = parser.value(QStringLiteral("sol-gpu")); !gpu.isEmpty()) {
        QComboBox* sol = plot.speedOfLightBox();
        const int i = sol->findData(gpu);
        if (i >= 0)
            sol->setCurrentIndex(i);
    }
    const QStringList placements{QStringLiteral("workload"), QStringLiteral("by-size"),
                                 QStringLiteral("size-axis")}; // the order of the plot's "Cases" box
    if (const int i = int(placements.indexOf(parser.value(QStringLiteral("plot-cases")))); i >= 0)
        plot.orderBox()->setCurrentIndex(i);
    if (parser.isSet(QStringLiteral("plot-distributions")))
        plot.distributionsBox()->setChecked(true);
}
} // namespace

ExplorerCommandLine::ExplorerCommandLine() {
    m_parser.setApplicationDescription(QStringLiteral(
        "Explore, compare, plot, verify and cite GPU-kernel benchmark runs: manifests (.json, .yaml, "
        ".yml), folders of them, and KernelIndex catalog exports (.jsonl, .jsonl.zst)."));
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    m_parser.addPositionalArgument(QStringLiteral("paths"),
                                   QStringLiteral("Manifests, folders or catalog exports to open."),
                                   QStringLiteral("[FILE|DIR...]"));
    m_parser.addOption(
        {QStringLiteral("select"),
         QStringLiteral("Rows to select once loaded, e.g. 0 or 0,3 (two to eight rows: compare)."),
         QStringLiteral("rows")});
    m_parser.addOption(
        {QStringLiteral("tab"),
         QStringLiteral(
             "Tab to show: details, compare, plot, digests, leaderboard, history, published, profile or "
             "fleet."),
         QStringLiteral("tab")});
    m_parser.addOption({QStringLiteral("screenshot"),
                        QStringLiteral("Render the window to this PNG once loaded, then exit."),
                        QStringLiteral("png")});
    m_parser.addOption(
        {QStringLiteral("palette"),
         QStringLiteral("Colours: light or dark (the Fusion style with kix's palette), else the "
                        "desktop's."),
         QStringLiteral("light|dark")});
    m_parser.addOption(
        {QStringLiteral("sol-gpu"),
         QStringLiteral("Mark this GPU's published speed-of-light and baseline times on the plot "
                        "(e.g. \"NVIDIA B200\"), whatever GPU the run used."),
         QStringLiteral("gpu")});
    m_parser.addOption({QStringLiteral("plot-cases"),
                        QStringLiteral("Place the plot's cases in workload order, by size, or on a size axis "
                                       "(log, each series joined in size order)."),
                        QStringLiteral("workload|by-size|size-axis")});
    m_parser.addOption({QStringLiteral("plot-distributions"),
                        QStringLiteral("Draw each case's distribution (box, launches, outliers) on the plot "
                                       "of a run that carries its samples.")});
}

bool ExplorerCommandLine::parse(const QStringList& arguments) {
    return m_parser.parse(arguments);
}

QString ExplorerCommandLine::terminalMessage(const QString& text) {
    return QStringLiteral("kix-explorer: ") + terminalLine(text);
}

namespace {

// Saves the window to `path` and ends the program: after the first paint, and once the comparison and
// digest checks, a large plot and the leaderboard (computed off the UI thread) are in, or 30 s have passed.
void saveScreenshotWhenSettled(MainWindow& window, const QString& path) {
    auto* poll = new QTimer(&window);
    auto waited = std::make_shared<QElapsedTimer>();
    waited->start();
    QObject::connect(poll, &QTimer::timeout, &window, [&window, path, poll, waited] {
        if (waited->elapsed() < 600 || (window.isSettling() && waited->elapsed() < 30000))
            return;
        poll->stop();
        QImageWriter writer(path, "png"); // a PNG whatever the name ends with
        if (writer.write(window.grab().toImage())) {
            QCoreApplication::exit(0);
            return;
        }
        const QString message = ExplorerCommandLine::terminalMessage(
            QObject::tr("could not write the screenshot %1: %2").arg(path, writer.errorString()));
        std::fprintf(stderr, "%s\n", message.toUtf8().constData());
        QCoreApplication::exit(ExplorerCommandLine::kScreenshotNotWritten);
    });
    poll->start(50);
}

} // namespace

void ExplorerCommandLine::start(MainWindow& window) {
    const QString screenshot = m_parser.value(QStringLiteral("screenshot"));
    const QString select = m_parser.value(QStringLiteral("select"));
    const QString tabName = m_parser.value(QStringLiteral("tab"));
    const QString palette = m_parser.value(QStringLiteral("palette"));
    if (palette == QLatin1String("dark") || palette == QLatin1String("light")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(palette == QLatin1String("dark") ? darkPalette() : lightPalette());
    }
    applyPlotOptions(m_parser, *window.plot());
    auto applyOptions = [&window, screenshot, select, tabName] {
        if (!select.isEmpty()) {
            QList<int> rows;
            for (const QString& r : select.split(u','))
                rows << r.toInt();
            window.selectRows(rows);
            if (rows.size() >= 2)
                window.compareSelected();
        }
        const QStringList tabs{
            QStringLiteral("details"),   QStringLiteral("compare"),     QStringLiteral("plot"),
            QStringLiteral("digests"),   QStringLiteral("leaderboard"), QStringLiteral("history"),
            QStringLiteral("published"), QStringLiteral("profile"),     QStringLiteral("fleet")};
        if (const int tab = int(tabs.indexOf(tabName)); tab >= 0)
            window.tabs()->setCurrentIndex(tab);
        if (!screenshot.isEmpty())
            saveScreenshotWhenSettled(window, screenshot);
    };
    // Rows are counted as the table shows them: grouped into suites and sorted off the UI thread once the
    // load has ended and its rows are recomputed.
    QObject::connect(
        &window, &MainWindow::loadFinished, &window,
        [&window, applyOptions] {
            QObject::connect(
                window.runModel(), &RunTableModel::refreshed, &window,
                [&window, applyOptions] {
                    QObject::connect(window.proxy(), &RunFilterProxy::ordered, &window, applyOptions,
                                     Qt::SingleShotConnection);
                },
                Qt::SingleShotConnection);
        },
        Qt::SingleShotConnection);
    const QStringList paths = m_parser.positionalArguments();
    if (paths.isEmpty())
        window.openBundledSamples();
    else
        window.openPaths(paths);
}

} // namespace kix::ui
