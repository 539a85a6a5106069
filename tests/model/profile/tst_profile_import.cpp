// Nsight Compute runs and reports attached to a run: how kix finds ncu, the arguments it profiles with, what
// it makes of ncu's refusals (in ncu's own words), a real report (H100, with the DRAM byte counts: the second
// capture of 2026-12-07, tests/data/ncu/README.md) imported against a run, the sidecar written, read back
// and refused when it names another run, and the roofline check on the real byte counts.
#include "NcuInvocation.h"
#include "ProfileChecks.h"
#include "ProfileImport.h"
#include "ProfileSidecar.h"
#include "Sha256.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kix::profile;

namespace {

QByteArray report(const char* name) {
    return kixtest::readAll(kixtest::dataPath(QStringLiteral("ncu/%1").arg(QLatin1String(name))));
}

// kix's run of problem 013 on an H100, as profileTargetOf (app/cli) gives it; case 12 is 8x1024.
ProfileTarget h100Run() {
    ProfileTarget t;
    t.run = {QStringLiteral("kix-run-20261207t192829z-nvidia-h100-80gb-hbm3"),
             QStringLiteral("sha256:") + QString(64, QLatin1Char('a'))};
    t.device = QStringLiteral("NVIDIA H100 80GB HBM3");
    t.entryFunctions = bundledEntryFunctions();
    for (int i = 0; i < 16; ++i)
        t.cases << CaseSlot{QStringLiteral("case-%1").arg(i), QStringLiteral("case %1").arg(i)};
    return t;
}

// Bytes kix's roofline counts for 013 (rows x 2560 x 10 bytes, rstd, weight and grad_weight; tst_roofline).
constexpr double rooflineBytes(double rows) {
    return rows * 2560 * 10 + rows * 4 + 2560.0 * 4 * 2;
}

void makeExecutable(const QString& path, bool executable) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\n");
    f.close();
    f.setPermissions(executable ? QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
                                : QFile::ReadOwner | QFile::WriteOwner);
}

} // namespace

class TestProfileImport : public QObject {
    Q_OBJECT

private slots:
    void ncuArgumentsAreDeviceSessions() {
        // kernels/bench/device_session.sh's ncu step, with kix as the program.
        QCOMPARE(
            ncuProfileArguments(QStringLiteral("/o/r.ncu-rep"),
                                {QStringLiteral("kix"), QStringLiteral("profile"), QStringLiteral("launch"),
                                 QStringLiteral("--case"), QStringLiteral("12")})
                .join(u' '),
            QStringLiteral("--clock-control none -k regex:fusedBackwardKernel|reduce(Partials|Quads)Kernel|"
                           "bulkBackwardKernel --launch-skip 4 --launch-count 2 --section SpeedOfLight "
                           "--section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats "
                           "--section WarpStateStats --metrics dram__bytes_read.sum,dram__bytes_write.sum "
                           "-f -o /o/r.ncu-rep kix profile launch --case 12"));
        QCOMPARE(ncuImportArguments(QStringLiteral("r.ncu-rep")).join(u' '),
                 QStringLiteral("--import r.ncu-rep --csv --page raw"));
    }

    void findsNcu() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("path")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("cuda/bin")));
        const QString path = dir.filePath(QStringLiteral("path")),
                      cuda = dir.filePath(QStringLiteral("cuda"));
        QCOMPARE(findNcu({path}, {cuda}), QString()); // none anywhere
        makeExecutable(path + QStringLiteral("/ncu"), false);
        QCOMPARE(findNcu({path}, {cuda}), QString()); // a file that does not run is not the tool
        makeExecutable(cuda + QStringLiteral("/bin/ncu"), true);
        QCOMPARE(findNcu({path}, {QString(), cuda}), cuda + QStringLiteral("/bin/ncu"));
        makeExecutable(path + QStringLiteral("/ncu"), true);
        QCOMPARE(findNcu({path}, {cuda}), path + QStringLiteral("/ncu")); // PATH first
    }

    void refusals_data() {
        QTest::addColumn<QString>("output");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("everyCase");
        const QString perm = QStringLiteral(
            "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance "
            "Counters on the target device 0. For instructions on enabling permissions and to get more "
            "information see https://developer.nvidia.com/ERR_NVGPUCTRPERM");
        QTest::newRow("ERR_NVGPUCTRPERM")
            << QStringLiteral("==PROF== Connected to process 2354 (kix)\n") + perm + u'\n' << 1
            << QStringLiteral(
                   "the driver refuses access to the GPU's performance counters (ERR_NVGPUCTRPERM: "
                   "profile as root, or load the driver with NVreg_RestrictProfilingToAdminUsers=0; "
                   "in a container, add --cap-add=SYS_ADMIN); ncu said: ") +
                   perm
            << true;
        QTest::newRow("virtualised GPU") << "==ERROR== Profiling is not supported on this device\n"
                                         << 1
                                         << "ncu cannot profile this GPU (a virtualised GPU, MIG or a device "
                                            "it does not support); ncu said: "
                                            "==ERROR== Profiling is not supported on this device"
                                         << true;
        QTest::newRow("the program failed")
            << "==ERROR== The application returned an error code (5).\n"
            << 5 << "ncu said: ==ERROR== The application returned an error code (5)." << false;
        QTest::newRow("no kernel") << "==WARNING== No kernels were profiled.\n"
                                   << 0
                                   << "ncu profiled no kernel (no launch matched regex:fusedBackwardKernel|"
                                      "reduce(Partials|Quads)Kernel|bulkBackwardKernel after the first 4)"
                                   << false;
        QTest::newRow("killed") << "" << 137 << "ncu exited with status 137 and no ==ERROR== line" << false;
        QTest::newRow("profiled") << "==WARNING== Note: Running with unmodified GPU clocks.\n==PROF== "
                                     "Profiling \"fusedBackwardKernel\": "
                                     "0%....50%....100% - 18 passes\n"
                                  << 0 << "" << false;
    }
    void refusals() {
        QFETCH(QString, output);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QFETCH(bool, everyCase);
        const NcuRefusal r = ncuRefusal(output, exitCode);
        QCOMPARE(r.message, message);
        QCOMPARE(r.everyCase, everyCase);
    }

    // kix run --profile keeps one launch of the two kernels it profiles: of a one-kernel case, the first.
    void firstLaunchOnlyKeepsOneGroup() {
        const NcuReadResult r = readNcuCsv(report("h100-case2.raw.csv"), {});
        QVERIFY(r.table);
        QCOMPARE(launchGroups(*r.table).size(), 2);
        const NcuTable first = firstLaunchOnly(*r.table);
        QCOMPARE(first.launches.size(), 1);
        QCOMPARE(first.launches.front().id, 0);
        QCOMPARE(firstLaunchOnly(NcuTable{}).launches.size(), 0);
    }

    void importAndRoofline_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("caseId");
        QTest::addColumn<double>("rows");
        QTest::addColumn<int>("kind");
        // 13.4 GB: the profile's DRAM bytes within 5% of the roofline's.
        QTest::newRow("64x8192") << "h100-dram-case1.raw.csv"
                                 << "case-1" << 64.0 * 8192 << int(RooflineConsistency::Kind::Consistent);
        // 210 MB: short by what the 50 MB L2 still holds when the kernel ends.
        QTest::newRow("8x1024") << "h100-dram-case12.raw.csv"
                                << "case-12" << 8.0 * 1024 << int(RooflineConsistency::Kind::HeldInL2);
    }
    void importAndRoofline() {
        QFETCH(QString, file);
        QFETCH(QString, caseId);
        QFETCH(double, rows);
        QFETCH(int, kind);
        const ProfileImport imported =
            importNcuReport(report(qPrintable(file)), file, h100Run(), caseId, true);
        QVERIFY2(imported.artifact,
                 imported.problems.isEmpty() ? "" : qPrintable(imported.problems.front().toString()));
        QVERIFY(!kix::hasErrors(imported.problems));
        const ProfileSet& set = imported.artifact->set;
        QCOMPARE(set.cases.size(), 1);
        QCOMPARE(set.cases.front().caseId, caseId);
        QCOMPARE(set.unmatched, QStringList{}); // the second profiled launch is not a leftover
        bool estimated = true;
        QVERIFY(set.cases.front().dramBytes(&estimated));
        QVERIFY(!estimated); // read + written, as collected
        const RooflineConsistency c =
            rooflineConsistency(set.cases.front(), rooflineBytes(rows), set.l2Bytes);
        QCOMPARE(int(c.kind), kind);
        QVERIFY2(std::abs(c.ratio - 1) < (kind == int(RooflineConsistency::Kind::Consistent) ? 0.05 : 0.2),
                 qPrintable(c.text));
        QCOMPARE(imported.artifact->source, file);
        QCOMPARE(imported.artifact->run.name, h100Run().run.name);
    }

    void sidecarPaths_data() {
        QTest::addColumn<QString>("manifest");
        QTest::addColumn<QString>("sidecar");
        QTest::newRow("kix's run") << "/r/kix-run-20261207T192829Z-nvidia-h100.manifest.json"
                                   << "/r/kix-run-20261207T192829Z-nvidia-h100.profile.json";
        QTest::newRow("YAML") << "/r/run.yaml"
                              << "/r/run.profile.json";
        QTest::newRow("no suffix") << "/r/run"
                                   << "/r/run.profile.json";
    }
    void sidecarPaths() {
        QFETCH(QString, manifest);
        QFETCH(QString, sidecar);
        QCOMPARE(profileSidecarPath(manifest), sidecar);
    }

    void sidecarRoundTrip() {
        const ProfileImport imported =
            importNcuReport(report("h100-dram-case12.raw.csv"), QStringLiteral("case12.csv"), h100Run(),
                            QStringLiteral("case-12"), true);
        QVERIFY(imported.artifact);
        QTemporaryDir dir;
        const QString manifest = dir.filePath(QStringLiteral("kix-run-x.manifest.json"));
        QCOMPARE(writeProfileSidecar(manifest, *imported.artifact), QString());
        const QString path = dir.filePath(QStringLiteral("kix-run-x.profile.json"));
        const QByteArray bytes = kixtest::readAll(path);
        QCOMPARE(bytes, QByteArray::fromStdString(profileArtifactBytes(*imported.artifact)));
        const ProfileSidecarRead back = readProfileSidecar(path, h100Run().run.digest);
        QVERIFY(back.artifact);
        QCOMPARE(back.digest,
                 QStringLiteral("sha256:") + QString::fromLatin1(kix::sha256Hex(bytes.toStdString())));
        QCOMPARE(QByteArray::fromStdString(profileArtifactBytes(*back.artifact)), bytes); // nothing lost
        QCOMPARE(*back.artifact->set.l2Bytes, 52428800.0);

        // Beside another run (or after the run was edited): refused, with both digests.
        const QString other = QStringLiteral("sha256:") + QString(64, QLatin1Char('b'));
        const ProfileSidecarRead refused = readProfileSidecar(path, other);
        QVERIFY(!refused.artifact);
        QCOMPARE(refused.problems.size(), 1);
        QCOMPARE(refused.problems.front().code, QStringLiteral("profile.other_run"));
        QCOMPARE(
            refused.problems.front().message,
            QStringLiteral("the profile names run sha256:%1 (\"kix-run-20261207t192829z-nvidia-h100-80gb-"
                           "hbm3\"), but the run beside it is %2: it was edited or profiled another run")
                .arg(QString(64, QLatin1Char('a')), other));
    }

    void hostileSidecars_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        // (Escaped, not raw strings: moc does not read a raw string that holds a quote.)
        QTest::newRow("truncated") << QByteArray("{\"format\":\"kix.profile/v1\",\"cases\":[")
                                   << "json.syntax"
                                   << "";
        QTest::newRow("bad L2") << QByteArray(
                                       "{\"format\":\"kix.profile/v1\",\"run\":{\"name\":\"r\",\"digest\":"
                                       "\"sha256:") +
                                       QByteArray(64, 'a') +
                                       "\"},\"device\":\"d\",\"computeCapability\":\"9.0\",\"cases\":[],"
                                       "\"unmatched\":[],\"l2Bytes\":-1}"
                                << "profile.format"
                                << "expected a positive number of bytes";
    }
    void hostileSidecars() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, code);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.profile.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        const ProfileSidecarRead r =
            readProfileSidecar(path, QStringLiteral("sha256:") + QString(64, QLatin1Char('a')));
        QVERIFY(!r.artifact);
        QCOMPARE(r.problems.size(), 1);
        QCOMPARE(r.problems.front().code, code);
        if (!message.isEmpty())
            QCOMPARE(r.problems.front().message, message);
    }
};

KIX_TEST_GUILESS_MAIN(TestProfileImport)
#include "tst_profile_import.moc"
