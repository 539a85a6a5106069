// The Profile tab and Compare's profile section on copies of the two bundled kix runs (H200), each given a
// profile of case 12 (8x1024) from the recorded H100 reports (tests/data/ncu, their device name edited to
// the runs' GPU): A's taken alone on the GPU, B's beside a device-copy load in another process. The tab
// shows the case's metrics against their peaks and its kernels, says when a case or a run has no profile,
// refuses a profile that names another run, and finds a case run's profile through its suite; Compare
// puts the metric that moved most beside the verdict. Every item model under QAbstractItemModelTester.
#include "DiffWidget.h"
#include "GuiTest.h"
#include "ManifestParser.h"
#include "ProfileChecks.h"
#include "ProfileDiffModel.h"
#include "ProfileDiffView.h"
#include "ProfileImport.h"
#include "ProfileMetricsModel.h"
#include "ProfileSidecar.h"
#include "ProfileWidget.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using namespace kix::ui;

namespace {

const QString kA = QStringLiteral("kix-run-20261204T053602Z-nvidia-h200");
const QString kB = QStringLiteral("kix-run-20261204T053608Z-nvidia-h200");
const QString kCase12 = QStringLiteral("aeadbd73-81ce-5578-8839-127d7bb3546a"); // 8x1024

void copy(const QString& name, const QTemporaryDir& dir) {
    const QString from = kixtest::repoPath(QStringLiteral("resources/samples/kix/") + name);
    if (!QFile::copy(from, dir.filePath(name)))
        qFatal("cannot copy %s", qPrintable(from));
}

// The run's suite manifest, raw samples and case 12's case run, copied into `dir`.
QString copyRun(const QString& stem, const QTemporaryDir& dir) {
    copy(stem + QStringLiteral(".manifest.json"), dir);
    copy(stem + QStringLiteral(".samples.json"), dir);
    copy(stem + QStringLiteral("--") + kCase12 + QStringLiteral(".manifest.json"), dir);
    return dir.filePath(stem + QStringLiteral(".manifest.json"));
}

// Attaches the recorded report `csv` to case 12 of the run in `manifest`, naming the run by `digest`.
void attach(const QString& manifest, const QString& digest, const char* csv) {
    QByteArray bytes = kixtest::readAll(kixtest::dataPath(QStringLiteral("ncu/%1").arg(QLatin1String(csv))));
    bytes.replace("\"NVIDIA H100 80GB HBM3\"", "\"NVIDIA H200\"");
    profile::ProfileTarget target;
    target.run = {QStringLiteral("run"), digest};
    target.cases << profile::CaseSlot{kCase12, QStringLiteral("batch_size=8 hidden_size=2560 seq_len=1024")};
    const profile::ProfileImport imported = profile::importNcuReport(bytes, QLatin1String(csv), target);
    if (!imported.artifact || !profile::writeProfileSidecar(manifest, *imported.artifact).isEmpty())
        qFatal("cannot attach %s", csv);
}

int caseRow(const QComboBox* box, const QString& id) {
    return box->findData(id);
}

} // namespace

class TestProfileWidget : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void noProfile() {
        QTemporaryDir dir;
        const ManifestPtr run = loadManifestFile(copyRun(kA, dir));
        ProfileWidget w;
        QAbstractItemModelTester metrics(w.metricsModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester kernels(w.kernelModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(w.statusLabel()->text(), QStringLiteral("No run selected."));
        w.showRun(run);
        QCOMPARE(
            w.statusLabel()->text(),
            QStringLiteral("No Nsight Compute profile for this run: kix run --profile records one, kix "
                           "profile import REPORT --run %1.manifest.json attaches one (docs/profiles.md).")
                .arg(kA));
        QCOMPARE(w.metricsModel()->rowCount(), 0);
        QCOMPARE(w.kernelModel()->rowCount(), 0);
        QVERIFY(w.rooflineLabel()->isHidden());
    }

    void caseOfASuite() {
        QTemporaryDir dir;
        const QString manifest = copyRun(kA, dir);
        const ManifestPtr run = loadManifestFile(manifest);
        attach(manifest, run->run->digest, "h100-dram-case12.raw.csv");
        ProfileWidget w;
        QAbstractItemModelTester metrics(w.metricsModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester kernels(w.kernelModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        w.showRun(run);
        QVERIFY2(w.statusLabel()->text().startsWith(QStringLiteral("Nsight Compute on NVIDIA H200 (compute "
                                                                   "capability 9.0), from "
                                                                   "h100-dram-case12.raw.csv; ")),
                 qPrintable(w.statusLabel()->text()));
        QCOMPARE(w.caseBox()->count(), 16);
        // The first case has no profile: said, no rows.
        QCOMPARE(w.rooflineLabel()->text(), QStringLiteral("No profile for this case."));
        QCOMPARE(w.metricsModel()->rowCount(), 0);
        w.caseBox()->setCurrentIndex(caseRow(w.caseBox(), kCase12));
        const ProfileMetricsModel& m = *w.metricsModel();
        QCOMPARE(m.rowCount(), int(profile::kMetricSet.size()));
        QCOMPARE(m.columnCount(), ProfileMetricsModel::FirstKernel + 2); // the fused pass and its reduction
        QCOMPARE(m.headerData(ProfileMetricsModel::FirstKernel, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("fusedBackwardKernel"));
        QCOMPARE(
            m.headerData(ProfileMetricsModel::FirstKernel + 1, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("reducePartialsKernel"));
        // DRAM throughput: the case's value against its peak, each kernel's beside it.
        const int dram = 3;
        QCOMPARE(m.index(dram, ProfileMetricsModel::Metric).data().toString(),
                 QStringLiteral("DRAM throughput"));
        const double pct = m.index(dram, ProfileMetricsModel::Case).data(Qt::UserRole).toDouble();
        QVERIFY(pct > 50 && pct <= 100);
        QCOMPARE(m.index(dram, ProfileMetricsModel::AgainstPeak).data().toString(),
                 QStringLiteral("%1% of peak").arg(QString::number(pct, 'f', 0)));
        QCOMPARE(m.index(0, ProfileMetricsModel::AgainstPeak).data().toString(), QString()); // a duration
        QVERIFY(kixtest::rightAligned(m.index(dram, ProfileMetricsModel::Case)));
        QCOMPARE(w.kernelModel()->rowCount(), 2);
        QCOMPARE(w.kernelModel()->index(0, ProfileKernelModel::Grid).data().toString(),
                 QStringLiteral("(132, 1, 1)")); // the plan of the capture with the DRAM byte counts
        QVERIFY(!w.kernelModel()->index(0, ProfileKernelModel::TopStalls).data().toString().isEmpty());
        // 210 MB against the roofline: short by what the L2 holds (ProfileChecks.h).
        QVERIFY2(
            w.rooflineLabel()->text().startsWith(QStringLiteral("Against the roofline: the kernels moved ")),
            qPrintable(w.rooflineLabel()->text()));
        QVERIFY2(w.rooflineLabel()->text().contains(QStringLiteral("L2")),
                 qPrintable(w.rooflineLabel()->text()));
    }

    // A case run of the set: its suite's profile, checked against the suite run's digest.
    void caseRunFindsItsSuitesProfile() {
        QTemporaryDir dir;
        const QString manifest = copyRun(kA, dir);
        attach(manifest, loadManifestFile(manifest)->run->digest, "h100-dram-case12.raw.csv");
        const ManifestPtr caseRun = loadManifestFile(
            dir.filePath(kA + QStringLiteral("--") + kCase12 + QStringLiteral(".manifest.json")));
        ProfileWidget w;
        w.showRun(caseRun);
        QCOMPARE(w.caseBox()->count(), 1);
        QVERIFY(w.caseBox()->isHidden());
        QCOMPARE(w.metricsModel()->rowCount(), int(profile::kMetricSet.size()));
    }

    void profileOfAnotherRunIsRefused() {
        QTemporaryDir dir;
        const QString manifest = copyRun(kA, dir);
        const QString other = QStringLiteral("sha256:") + QString(64, QLatin1Char('0'));
        attach(manifest, other, "h100-dram-case12.raw.csv");
        const ManifestPtr run = loadManifestFile(manifest);
        ProfileWidget w;
        w.showRun(run);
        QCOMPARE(
            w.statusLabel()->text(),
            QStringLiteral("The profile %1 is not shown: the profile names run %2 (\"run\"), but the run "
                           "beside it is %3: it was edited or profiled another run")
                .arg(dir.filePath(kA + QStringLiteral(".profile.json")), other, run->run->digest));
        QCOMPARE(w.metricsModel()->rowCount(), 0);
    }

    // Compare: case 12 profiled alone (A) and beside a GPU load (B). The verdict carries the metric that
    // moved most; the metrics of the case follow, ordered by how much each moved.
    void compareNamesTheMetricThatMoved() {
        QTemporaryDir dir;
        const QString ma = copyRun(kA, dir), mb = copyRun(kB, dir);
        const ManifestPtr a = loadManifestFile(ma), b = loadManifestFile(mb);
        attach(ma, a->run->digest, "h100-dram-case12.raw.csv");
        attach(mb, b->run->digest, "h100-dram-case12-load.raw.csv");
        DiffWidget w;
        QAbstractItemModelTester tester(w.profileDiff()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        w.show();
        w.setRuns(a, b);
        QVERIFY(w.waitUntilShown(30000));
        QVERIFY(w.profileDiff()->isVisible());
        const ProfileDiffModel& m = *w.profileDiff()->model();
        QStringList notes;
        QList<double> moved;
        QString verdict;
        for (int r = 0; r < m.rowCount(); ++r) {
            const QString metric = m.index(r, ProfileDiffModel::MetricColumn).data().toString();
            if (m.index(r, ProfileDiffModel::CaseColumn).data().toString() !=
                QStringLiteral("batch_size=8 hidden_size=2560 seq_len=1024")) {
                notes << metric;
                continue;
            }
            if (verdict.isEmpty())
                verdict = m.index(r, ProfileDiffModel::VerdictColumn).data().toString();
            const QString change = m.index(r, ProfileDiffModel::ChangeColumn).data().toString();
            if (!change.isEmpty())
                moved << std::abs(change.chopped(1).toDouble());
        }
        QCOMPARE(notes.size(), 15); // the other cases: no profile on either side
        QCOMPARE(notes.front(), QStringLiteral("no profile for this case in A or B"));
        QVERIFY(moved.size() >= 10);
        for (int i = 1; i < moved.size(); ++i)
            QVERIFY2(moved[i - 1] >= moved[i], "ordered by how much each moved");
        // Beside the load the DRAM counters, which count the whole GPU's traffic, saw the other process's
        // copies too: bytes written moved most (+33%). The verdict's word is the bundled runs' own.
        QVERIFY2(verdict.endsWith(QStringLiteral(": DRAM bytes written 67.73 MB → 90.4 MB")),
                 qPrintable(verdict));
        QVERIFY2(w.profileDiff()->summaryLabel()->text().startsWith(
                     QStringLiteral("Nsight Compute: NVIDIA H200 in A, NVIDIA H200 in B")),
                 qPrintable(w.profileDiff()->summaryLabel()->text()));
        w.clear();
        QVERIFY(w.profileDiff()->isHidden());
        QCOMPARE(m.rowCount(), 0);
    }

    void compareWithoutProfilesHidesTheSection() {
        const QString dir = kixtest::repoPath(QStringLiteral("resources/samples/kix/"));
        DiffWidget w;
        w.show();
        w.setRuns(loadManifestFile(dir + kA + QStringLiteral(".manifest.json")),
                  loadManifestFile(dir + kB + QStringLiteral(".manifest.json")));
        QVERIFY(w.waitUntilShown(30000));
        QVERIFY(w.profileDiff()->isHidden());
    }
};

KIX_TEST_MAIN(TestProfileWidget)
#include "tst_profile_widget.moc"
