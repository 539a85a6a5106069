// Shared by the GUI tests: a window with the bundled samples loaded, and the fixtures of the model,
// window, board and plot tests (records, cases, message boxes, plot graphs).
#pragma once

#include "CaseDiffModel.h"
#include "CaseTableModel.h"
#include "CatalogFixture.h"
#include "Citation.h"
#include "CitationDialog.h"
#include "CsvReader.h"
#include "DiffReport.h"
#include "DiffWidget.h"
#include "DigestModel.h"
#include "DigestPanel.h"
#include "ExplorerCommandLine.h"
#include "FieldDiffModel.h"
#include "KixResources.h"
#include "LatencyPlot.h"
#include "LeaderboardModel.h"
#include "LeaderboardWidget.h"
#include "MainWindow.h"
#include "ManifestParser.h"
#include "MissingLastProxy.h"
#include "MultiCompareModels.h"
#include "PairsModel.h"
#include "Palette.h"
#include "PlainText.h"
#include "PlotWidget.h"
#include "ProblemModel.h"
#include "RecordFixtures.h"
#include "Roles.h"
#include "RunDetailsWidget.h"
#include "RunFilterProxy.h"
#include "RunTableModel.h"
#include "Settings.h"
#include "SourceReader.h"
#include "TestSupport.h"
#include "WorkPool.h"
#include "kix_config.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBrush>
#include <QClipboard>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolTip>
#include <QXmlStreamReader>
#include <cmath>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

Q_DECLARE_METATYPE(kix::CaseDelta)

namespace kixtest {

using namespace kix;
using namespace kix::ui;
using kixfix::Json;

inline void initGui() {
    kixInitResources();
    qputenv("KIX_SETTINGS_ISOLATED", "1");
    qputenv("KIX_RUNNER", "/nonexistent/kix"); // tests never start a real run by accident
}

// Loads the paths and waits for the window to finish, and for its run table to show them grouped into
// suites and sorted (done off the UI thread once the load has ended).
inline bool loadInto(kix::ui::MainWindow& w, const QStringList& paths) {
    QSignalSpy done(&w, &kix::ui::MainWindow::loadFinished);
    QSignalSpy refreshed(w.runModel(), &kix::ui::RunTableModel::refreshed);
    w.openPaths(paths);
    if (done.isEmpty() && !done.wait(20000))
        return false;
    return (!refreshed.isEmpty() || refreshed.wait(20000)) &&
           QTest::qWaitFor([&w] { return !w.proxy()->isBusy(); }, 20000);
}

// Every row of a model at every level (a suite run's case runs included).
inline int allRows(const QAbstractItemModel* m, const QModelIndex& parent = {}) {
    int n = 0;
    for (int r = 0; r < m->rowCount(parent); ++r)
        n += 1 + allRows(m, m->index(r, 0, parent));
    return n;
}

// The proxy row whose implementation column reads `name`.
inline int rowOf(kix::ui::MainWindow& w, const QString& name) {
    auto* model = w.runTable()->model();
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, kix::ui::RunTableModel::Implementation).data().toString() == name)
            return r;
    return -1;
}

// --- Fixtures of the tests of item models.
inline QStringList column(QAbstractItemModel& m, int c) {
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, c).data().toString();
    return out;
}

// The colour of a cell's text; invalid when the cell has none of its own.
inline QColor foreground(const QModelIndex& index) {
    const QVariant v = index.data(Qt::ForegroundRole);
    return v.isValid() ? v.value<QBrush>().color() : QColor();
}

inline bool rightAligned(const QModelIndex& index) {
    return index.data(Qt::TextAlignmentRole).toInt() == int(Qt::AlignRight | Qt::AlignVCenter);
}

inline ManifestPtr withCases(QList<CaseResult> cases) {
    auto m = std::make_shared<Manifest>();
    m->run.emplace(); // a readable run (Details shows the cases of one only)
    m->runSpec.cases = std::move(cases);
    return m;
}

inline OutputError outputError(const QString& name, double maxAbs, std::optional<double> maxRel) {
    OutputError e;
    e.output = name;
    e.maxAbsError = maxAbs;
    e.maxRelError = maxRel;
    return e;
}

// A case with every value the case table shows, and four outputs of which "b" has the worst relative
// error ("c" has none, "d" is better than "b").
inline CaseResult fullCase() {
    CaseResult c;
    c.id = QStringLiteral("c0");
    c.axes = {{QStringLiteral("batch_size"), 4}, {QStringLiteral("seq_len"), 1973}};
    c.status = QStringLiteral("passed");
    c.latencyNs.mean = 63470;
    c.latencyNs.median = 63000;
    c.latencyNs.min = 60000;
    c.latencyNs.max = 70000;
    c.latencyNs.stddev = 1500;
    c.latencyNs.samples = 200;
    c.referenceLatencyNs.mean = 500000;
    c.bandwidthGBps = 3184;
    c.copyBandwidthFraction = 0.753;
    c.errors = {outputError(QStringLiteral("a"), 1e-5, 2e-6), outputError(QStringLiteral("b"), 3e-4, 5e-3),
                outputError(QStringLiteral("c"), 1.0, std::nullopt),
                outputError(QStringLiteral("d"), 2.0, 1e-4)};
    return c;
}

// A failed case without axes, timings or a relative error.
inline CaseResult bareCase() {
    CaseResult c;
    c.id = QStringLiteral("only-id");
    c.status = QStringLiteral("failed");
    c.errors = {outputError(QStringLiteral("x"), 1.0, std::nullopt)};
    return c;
}

inline CaseResult caseWithMean(const QString& id, std::optional<double> mean) {
    CaseResult c;
    c.id = id;
    c.status = QStringLiteral("passed");
    c.latencyNs.mean = mean;
    return c;
}

inline DigestRow signatureRow(SignatureState state, const QString& file, int line, const QString& fingerprint,
                              const QString& summary) {
    SignatureCheck s;
    s.envelopeFile = file;
    s.line = line;
    s.state = state;
    s.fingerprint = fingerprint;
    s.summary = summary;
    s.detail = QStringLiteral("checked <%1>").arg(summary);
    return DigestRow::ofSignature(QStringLiteral("run A"), s);
}

inline ManifestPtr namedRun(const QString& implementation) {
    auto m = std::make_shared<Manifest>();
    m->runSpec.implementationName = implementation;
    return m;
}

inline LeaderboardEntry boardEntry(int run, const QString& name, std::optional<double> timeNs,
                                   std::optional<int> rank, const QString& status, const QString& digests) {
    LeaderboardEntry e;
    e.run = run;
    e.name = name;
    e.timeNs = timeNs;
    e.rank = rank;
    e.facets[std::size_t(LeaderboardFacet::Gpu)] = QStringLiteral("B200");
    e.facets[std::size_t(LeaderboardFacet::Status)] = status;
    e.facets[std::size_t(LeaderboardFacet::Digests)] = digests;
    return e;
}

// --- Fixtures of the tests of the window.
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

// What a modal message box said.
struct Answered {
    QString title;
    QString text;
    Qt::TextFormat format = Qt::AutoText;
};

// Runs `trigger`, which opens a modal message box; answers the box with OK and says what it said (nothing
// when no box came).
inline Answered answerMessageBox(const std::function<void()>& trigger) {
    Answered answered;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            answered = {box->windowTitle(), box->text(), box->textFormat()};
            poll.stop();
            box->done(QMessageBox::Ok);
        }
    });
    poll.start();
    trigger();
    return answered;
}

inline QStringList overviewLines(const MainWindow& w) {
    const PairsModel* overview = w.details()->overviewModel();
    QStringList fields;
    for (int r = 0; r < overview->rowCount(); ++r)
        fields << overview->index(r, 0).data().toString() + QStringLiteral(": ") +
                      overview->index(r, 1).data().toString();
    return fields;
}

// --- Fixtures of the tests of the leaderboard workbench.
// What the explorer opens as its bundled samples (the runs and the problem file that yields the suite
// they name), and a second leaderboard run of 013 written from the seed (kixtest::suiteOnlyLeader) so
// that one cohort holds two ranked runs.
inline QStringList samplesWithLeader(const QTemporaryDir& dir) {
    const QString leader = dir.filePath(QStringLiteral("leader.manifest.json"));
    QFile f(leader);
    if (!f.open(QIODevice::WriteOnly) || f.write(kixtest::suiteOnlyLeader()) < 0)
        qFatal("cannot write %s", qPrintable(leader));
    return {kixtest::repoPath(QStringLiteral("resources/samples")), kixtest::problemPath(), leader};
}

struct World {
    Json op = kixfix::operation();
    Json w1 = kixfix::workloadCase(op, 2048);
    Json impl = kixfix::implementation(op);
    Json proto = kixfix::protocol();
    Json env = kixfix::environment();
    Json runOn(const std::string& name, double median, const char* status = "passed") const {
        Json r = kixfix::run(name, w1, impl, proto, env, median, status);
        // Distinct runs (equal times would otherwise be one run read twice): seconds from the last letter.
        r["spec"]["observedAt"] = "2026-08-01T12:00:" + std::to_string(10 + name.back() % 40) + "Z";
        return kixfix::bundle(r, proto, env);
    }
    RecordIndex load() const {
        RecordIndex index;
        int n = 0;
        for (const Json& d : {op, w1, impl, runOn("fast", 7000), runOn("tie-a", 8000), runOn("tie-b", 8000),
                              runOn("slow", 9000), runOn("broken", -1, "runtime_error")})
            index.add(readDocumentBytes(QByteArray::fromStdString(d.dump()),
                                        QStringLiteral("d%1.json").arg(n++), SourceFormat::Json));
        return index;
    }
};

inline QStringList columnOf(const QAbstractItemModel& m, int c) {
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, c).data().toString();
    return out;
}

inline QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// --- Fixtures of the tests of the plot.
inline ManifestPtr runWithCases() {
    auto doc = kixtest::seedJson();
    doc["run"]["spec"]["cases"] = Json::parse(R"([
        {"id": "a", "axes": {"batch_size": 1, "seq_len": 128}, "latencyNs": {"mean": 10000, "stddev": 100, "samples": 50}, "referenceLatencyNs": {"mean": 70000}},
        {"id": "b", "axes": {"batch_size": 64, "seq_len": 8192}, "latencyNs": {"mean": 3500000, "stddev": 2000, "samples": 50}, "referenceLatencyNs": {"mean": 32000000}},
        {"id": "c", "axes": {"batch_size": 4, "seq_len": 1973}, "latencyNs": {"mean": 63000}}])");
    doc["run"]["spec"]["implementation"] = Json{{"name", "kix fused"}};
    return parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("cases.json"));
}

// The same three cases and one of unknown shape (no axes, no bytes): the size axis cannot place it.
inline ManifestPtr runWithUnsized() {
    auto doc = kixtest::seedJson();
    doc["run"]["spec"]["cases"] = Json::parse(R"([
        {"id": "a", "axes": {"batch_size": 1, "seq_len": 128}, "latencyNs": {"mean": 10000, "stddev": 100, "samples": 50}, "referenceLatencyNs": {"mean": 70000}},
        {"id": "d", "latencyNs": {"mean": 20000}},
        {"id": "b", "axes": {"batch_size": 64, "seq_len": 8192}, "latencyNs": {"mean": 3500000, "stddev": 2000, "samples": 50}, "referenceLatencyNs": {"mean": 32000000}},
        {"id": "c", "axes": {"batch_size": 4, "seq_len": 1973}, "latencyNs": {"mean": 63000}}])");
    doc["run"]["spec"]["implementation"] = Json{{"name", "kix fused"}};
    return parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("unsized.json"));
}

// `count` cases a, …, with means 1,000 ns, 1,001 ns, …: enough, with a companion, for the plot to be
// computed off the UI thread.
inline ManifestPtr runWithManyCases(int count, const std::string& name) {
    auto doc = kixtest::seedJson();
    Json cases = Json::array();
    for (int i = 0; i < count; ++i)
        cases.push_back({{"id", "case" + std::to_string(i)},
                         {"axes", {{"batch_size", 1}, {"seq_len", i + 1}}},
                         {"latencyNs", {{"mean", 1000 + i}}}});
    doc["run"]["spec"]["cases"] = cases;
    doc["run"]["spec"]["implementation"] = Json{{"name", name}};
    return parseManifest(QByteArray::fromStdString(doc.dump()), QString::fromStdString(name + ".json"));
}

// Every plot computed off the UI thread has finished and its result has been applied or dropped: not a
// wait of some milliseconds, which a slow machine can outlast.
inline void drainPlotWork() {
    QVERIFY(kix::workPool()->waitForDone(60000));
    QCoreApplication::processEvents(); // the watchers' "finished", posted by now
}

inline QList<double> keysOf(const QCPGraph* g) {
    QList<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out << it->key;
    return out;
}

inline QList<double> valuesOf(const QCPGraph* g) {
    QList<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out << it->value;
    return out;
}

inline const QCPGraph* graphNamed(const LatencyPlot& plot, const QString& name) {
    for (int g = 0; g < plot.graphCount(); ++g)
        if (plot.graph(g)->name() == name)
            return plot.graph(g);
    return nullptr;
}

} // namespace kixtest
