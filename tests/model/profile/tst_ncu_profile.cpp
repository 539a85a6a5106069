// Nsight Compute evidence on real reports: raw-page CSVs that ncu 2025.3.1 wrote on an H100 80GB HBM3
// (kix's bundled kernel, one profiled launch per case, 2026-12-07; tests/data/ncu/README.md), read into
// kix's metric set, matched to cases, stored as an artifact and read back, checked against the roofline
// and compared with the same case profiled beside a GPU load; every hostile input with its exact message.
#include "Canonical.h"
#include "CaseProfiles.h"
#include "KernelProfile.h"
#include "NcuCsv.h"
#include "ProfileArtifact.h"
#include "ProfileChecks.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>

using namespace kix::profile;
using Json = nlohmann::json;

namespace {

QByteArray report(const char* name) {
    return kixtest::readAll(kixtest::dataPath(QStringLiteral("ncu/%1").arg(QLatin1String(name))));
}

NcuTable table(const char* name) {
    const NcuReadResult r = readNcuCsv(report(name), QLatin1String(name));
    if (!r.table || kix::hasErrors(r.problems))
        qFatal("%s does not read: %s", name,
               r.problems.isEmpty() ? "" : qPrintable(r.problems.front().toString()));
    return *r.table;
}

// The 16 cases of problem 013 as kix's runs name them (ids shortened: only the matching is tested).
QList<CaseSlot> slots013(int n) {
    QList<CaseSlot> s;
    for (int i = 0; i < n; ++i)
        s << CaseSlot{QStringLiteral("case-%1").arg(i), QStringLiteral("case %1").arg(i)};
    return s;
}

CaseProfile onlyCase(const char* name, const QString& id = QStringLiteral("case-12")) {
    const MatchResult m = matchToCases(table(name), {slots013(16), id, {}, {}}, QLatin1String(name));
    if (!m.set || m.set->cases.size() != 1)
        qFatal("%s: no case profile", name);
    return m.set->cases.front();
}

// The bytes kix's roofline counts for 013 at 8,192 rows of 2,560 (tst_roofline: 10 bytes an element,
// rstd, weight and grad_weight).
constexpr double kRooflineBytes8x1024 = 8192.0 * 2560 * 10 + 8192.0 * 4 + 2560.0 * 4 * 2;

// A minimal raw page: the 11 launch columns and `metrics` (name, unit, value) for one launch.
QByteArray rawPage(const QList<std::array<const char*, 3>>& metrics, const char* kernel = "void k<1>(P)") {
    QByteArray header = R"("ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream",)"
                        R"("Block Size","Grid Size","Device","CC")";
    QByteArray units = R"("","","","","","","","","","","")";
    QByteArray row = QByteArray(R"("0","7","bench","h",")") + kernel +
                     R"x(","1","13","(320, 1, 1)","(396, 1, 1)","0","9.0")x";
    for (const auto& [name, unit, value] : metrics) {
        header += ",\"" + QByteArray(name) + '"';
        units += ",\"" + QByteArray(unit) + '"';
        row += ",\"" + QByteArray(value) + '"';
    }
    return header + '\n' + units + '\n' + row + '\n';
}

} // namespace

class TestNcuProfile : public QObject {
    Q_OBJECT

private slots:
    void realReports_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("functions");
        QTest::addColumn<QList<double>>("durationsNs");
        QTest::addColumn<QString>("grid");
        QTest::addColumn<int>("groups");
        // Case 12 (8x1024): the fused pass, then the reduction of its 396 partial rows.
        QTest::newRow("8x1024") << "h100-case12.raw.csv"
                                << QStringList{"fusedBackwardKernel", "reducePartialsKernel"}
                                << QList<double>{68736, 5408} << "(396, 1, 1)" << 1;
        // Case 1 (64x8192): ncu printed this report's durations in ms (the unit is the column's).
        QTest::newRow("64x8192, ms") << "h100-case1.raw.csv"
                                     << QStringList{"fusedBackwardKernel", "reducePartialsKernel"}
                                     << QList<double>{4528288, 5376} << "(396, 1, 1)" << 1;
        // Case 2 (2x773): the column pass, one kernel a launch: two launches were profiled.
        QTest::newRow("2x773, column pass")
            << "h100-case2.raw.csv" << QStringList{"fusedBackwardKernel", "fusedBackwardKernel"}
            << QList<double>{16800, 16640} << "(264, 1, 1)" << 2;
    }
    void realReports() {
        QFETCH(QString, file);
        QFETCH(QStringList, functions);
        QFETCH(QList<double>, durationsNs);
        QFETCH(QString, grid);
        QFETCH(int, groups);
        const NcuTable t = table(qPrintable(file));
        QCOMPARE(t.launches.size(), functions.size());
        QCOMPARE(t.metricNames.size(), 583); // 594 columns less the 11 that describe the launch
        for (int i = 0; i < int(functions.size()); ++i) {
            const NcuLaunch& l = t.launches[i];
            QCOMPARE(l.function, functions[i]);
            QCOMPARE(l.device, QStringLiteral("NVIDIA H100 80GB HBM3"));
            QCOMPARE(l.computeCapability, QStringLiteral("9.0"));
            const KernelProfileResult k = kernelProfile(l, t, file);
            QVERIFY2(!kix::hasErrors(k.problems), qPrintable(k.problems.front().toString()));
            QCOMPARE(*k.profile.value("durationNs"), durationsNs[i]);
            // Collected with sections only: the two byte counts are missing, said once.
            QCOMPARE(k.problems.size(), 1);
            QCOMPARE(k.problems.front().message,
                     QStringLiteral(
                         "launch %1 (\"%2\"): not collected: dram__bytes_read.sum, dram__bytes_write.sum")
                         .arg(l.id)
                         .arg(functions[i]));
        }
        QCOMPARE(t.launches.front().gridSize, grid);
        QCOMPARE(launchGroups(t).size(), groups);
    }

    void fusedKernelOfCase12() {
        const NcuTable t = table("h100-case12.raw.csv");
        const KernelProfile k = kernelProfile(t.launches.front(), t, {}).profile;
        QCOMPARE(k.kernelName,
                 QStringLiteral("void unnamed>::fusedBackwardKernel<1, 1, 0, 0, 0>(detail::Params)"));
        QCOMPARE(*k.value("registersPerThread"), 64.0);
        QCOMPARE(*k.value("staticSharedBytes"), 16.0);  // "0.016000" Kbyte/block: ncu's K is 1000
        QCOMPARE(*k.value("dynamicSharedBytes"), 80.0); // byte/block
        QCOMPARE(*k.value("dramBandwidth"), 2.831829e12);
        QCOMPARE(*k.value("dramThroughputPct"), 84.526467);
        QCOMPARE(*k.value("achievedOccupancyPct"), 45.295968);
        QVERIFY(!k.value("dramReadBytes"));
        bool estimated = false;
        QCOMPARE(*k.dramBytes(&estimated), 2.831829e12 * 68736e-9);
        QVERIFY(estimated);
        QCOMPARE(k.stalls.size(), 3);
        QCOMPARE(k.stalls.front().reason, QStringLiteral("barrier")); // the warps wait at the row reduction
        QVERIFY(k.stalls[0].ratio >= k.stalls[1].ratio && k.stalls[1].ratio >= k.stalls[2].ratio);
    }

    void matching_data() {
        QTest::addColumn<int>("cases");
        QTest::addColumn<QString>("only");
        QTest::addColumn<QStringList>("matchedIds");
        QTest::addColumn<QStringList>("unmatched");
        QTest::newRow("one launch, a one-case run") << 1 << "" << QStringList{"case-0"} << QStringList{};
        QTest::newRow("one launch, 16 cases in order")
            << 16 << "" << QStringList{"case-0"}
            << QStringList{QStringLiteral("case case 1: the report holds no launch for it")};
        QTest::newRow("--case") << 16 << "case-12" << QStringList{"case-12"} << QStringList{};
    }
    void matching() {
        QFETCH(int, cases);
        QFETCH(QString, only);
        QFETCH(QStringList, matchedIds);
        QFETCH(QStringList, unmatched);
        const MatchResult m = matchToCases(table("h100-case12.raw.csv"),
                                           {slots013(cases),
                                            only,
                                            QStringLiteral("H100 80GB HBM3"),
                                            {QStringLiteral("fusedBackwardKernel")}},
                                           {});
        QVERIFY(m.set);
        QStringList ids;
        for (const CaseProfile& c : m.set->cases)
            ids << c.caseId;
        QCOMPARE(ids, matchedIds);
        QCOMPARE(m.set->cases.front().kernels.size(), 2); // the reduction belongs to the fused pass's launch
        QCOMPARE(m.set->unmatched.mid(0, unmatched.size()), unmatched);
        QCOMPARE(m.set->unmatched.size(), cases > 1 && only.isEmpty() ? cases - 1 : 0);
        QCOMPARE(*m.set->l2Bytes, 52428800.0);
    }

    void extraLaunchesAreSaid() {
        const MatchResult m =
            matchToCases(table("h100-case2.raw.csv"), {slots013(16), QStringLiteral("case-2"), {}, {}}, {});
        QVERIFY(m.set);
        QCOMPARE(m.set->unmatched, QStringList{QStringLiteral(
                                       "launch 1 (fusedBackwardKernel, from line 4): no case of the run is "
                                       "left for it")});
    }

    void refusedMatches_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QStringList>("entry");
        QTest::addColumn<QString>("only");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("another GPU")
            << "NVIDIA H200" << QStringList{} << ""
            << "profile.other_gpu"
            << R"(the report was taken on "NVIDIA H100 80GB HBM3", the run on "NVIDIA H200")";
        QTest::newRow("another kernel")
            << "" << QStringList{"gemmKernel", "gemvKernel"} << ""
            << "profile.other_kernel"
            << R"(the report's first kernel is "fusedBackwardKernel", but the run's implementation launches )"
               "gemmKernel or gemvKernel first";
        QTest::newRow("no such case") << "" << QStringList{} << "case-99"
                                      << "profile.unmatched"
                                      << R"(the run has no case "case-99")";
    }
    void refusedMatches() {
        QFETCH(QString, device);
        QFETCH(QStringList, entry);
        QFETCH(QString, only);
        QFETCH(QString, code);
        QFETCH(QString, message);
        const MatchResult m = matchToCases(table("h100-case12.raw.csv"), {slots013(16), only, device, entry},
                                           QStringLiteral("r.csv"));
        QVERIFY(!m.set);
        QCOMPARE(m.problems.size(), 1);
        QCOMPARE(m.problems.front().code, code);
        QCOMPARE(m.problems.front().message, message);
        QCOMPARE(m.problems.front().file, QStringLiteral("r.csv"));
    }

    void hostileCsv_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::addColumn<qint64>("line");
        const QByteArray good = report("h100-case12.raw.csv");
        QTest::newRow("empty") << QByteArray() << "profile.not_ncu"
                               << "the file is empty" << qint64(0);
        QTest::newRow("details page") << report("h100-case2.details.csv") << "profile.not_ncu"
                                      << "this is Nsight Compute's details page; export the raw page (ncu "
                                         "--import REPORT --csv --page raw)"
                                      << qint64(1);
        QTest::newRow("another CSV")
            << QByteArray("name,value\na,1\n") << "profile.not_ncu"
            << R"(not an Nsight Compute raw-page CSV: column 1 is "name", expected "ID")" << qint64(1);
        QTest::newRow("truncated inside a quote")
            << good.left(good.lastIndexOf(',')) + ",\"unfinished"
            << "profile.csv_syntax"
            << "line 4: a quoted field is not closed before the end of the file (truncated?)" << qint64(0);
        QTest::newRow("truncated row")
            << good.left(good.lastIndexOf("\",\"")) + "\"\n"
            << "profile.csv_syntax"
            << "593 fields where the header has 594 (truncated or edited?)" << qint64(4);
        QTest::newRow("header only") << good.left(good.indexOf('\n') + 1) << "profile.not_ncu"
                                     << "the units row after the header is missing (truncated?)" << qint64(1);
        QTest::newRow("no launch")
            << good.left(good.indexOf('\n', good.indexOf('\n') + 1) + 1) << "profile.no_launch"
            << "the report holds no profiled launch (did the kernel filter match nothing?)" << qint64(0);
        QByteArray swapped = good;
        swapped.replace("\n\"1\",\"", "\n\"0\",\""); // the second launch's ID repeats the first's
        QTest::newRow("launches out of order")
            << swapped << "profile.csv_syntax"
            << "launch ID 0 after 0: the rows are not in launch order" << qint64(4);
        QTest::newRow("not a launch ID")
            << rawPage({}).replace("\"0\",\"7\"", "\"x\",\"7\"") << "profile.csv_syntax"
            << R"(the launch ID "x" or process ID "7" is not a whole number)" << qint64(3);
        QTest::newRow("a metric twice")
            << rawPage({{"m", "", "1"}, {"m", "", "2"}}) << "profile.csv_syntax"
            << R"(the metric "m" is listed twice (columns 12 and 13))" << qint64(1);
        QTest::newRow("over the byte limit")
            << QByteArray(NcuLimits::kMaxBytes + 1, ' ') << "profile.too_large"
            << QStringLiteral("%1 bytes: over the %2-byte limit of an Nsight Compute CSV")
                   .arg(NcuLimits::kMaxBytes + 1)
                   .arg(NcuLimits::kMaxBytes)
            << qint64(0);
        QTest::newRow("too many columns")
            << QByteArray(NcuLimits::kMaxColumns + 5, ',') << "profile.csv_syntax"
            << "line 1: more than 20000 fields in a row (the limit)" << qint64(0);
        QTest::newRow("a huge field")
            << "\"" + QByteArray(NcuLimits::kMaxFieldBytes + 2, 'a') << "profile.csv_syntax"
            << "line 1: a field of more than 1048576 bytes (the limit)" << qint64(0);
    }
    void hostileCsv() {
        QFETCH(QByteArray, text);
        QFETCH(QString, code);
        QFETCH(QString, message);
        QFETCH(qint64, line);
        const NcuReadResult r = readNcuCsv(text, QStringLiteral("bad.csv"));
        QVERIFY(kix::hasErrors(r.problems));
        QCOMPARE(r.problems.front().code, code);
        QCOMPARE(r.problems.front().message, message);
        QCOMPARE(r.problems.front().line, line);
        QCOMPARE(r.problems.front().file, QStringLiteral("bad.csv"));
    }

    void hostileCells_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a number")
            << rawPage({{"gpu__time_duration.sum", "us", "fast"}}) << "gpu__time_duration.sum"
            << R"(launch 0 ("k"): "fast" is not a non-negative number)";
        QTest::newRow("negative") << rawPage({{"gpu__time_duration.sum", "us", "-3"}})
                                  << "gpu__time_duration.sum"
                                  << R"(launch 0 ("k"): "-3" is not a non-negative number)";
        QTest::newRow("a time in bytes")
            << rawPage({{"gpu__time_duration.sum", "byte", "3"}}) << "gpu__time_duration.sum"
            << R"(launch 0 ("k"): the unit "byte" is not one of kernel duration)";
        QTest::newRow("over 100%") << rawPage({{"lts__t_sector_hit_rate.pct", "%", "250"}})
                                   << "lts__t_sector_hit_rate.pct"
                                   << R"(launch 0 ("k"): 250% is over 100%)";
        QTest::newRow("bad thousands")
            << rawPage({{"launch__registers_per_thread", "register/thread", "1,00"}})
            << "launch__registers_per_thread"
            << R"(launch 0 ("k"): "1,00" is not a non-negative number)";
        QTest::newRow("infinite") << rawPage({{"dram__bytes_read.sum", "byte", "1e999"}})
                                  << "dram__bytes_read.sum"
                                  << R"(launch 0 ("k"): "1e999" is not a non-negative number)";
    }
    void hostileCells() {
        QFETCH(QByteArray, text);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const NcuReadResult r = readNcuCsv(text, QStringLiteral("bad.csv"));
        QVERIFY(r.table && !kix::hasErrors(r.problems));
        const KernelProfileResult k =
            kernelProfile(r.table->launches.front(), *r.table, QStringLiteral("bad.csv"));
        QVERIFY(kix::hasErrors(k.problems));
        QCOMPARE(k.problems.front().code, QStringLiteral("profile.bad_value"));
        QCOMPARE(k.problems.front().path, path);
        QCOMPARE(k.problems.front().message, message);
        QCOMPARE(k.problems.front().line, qint64(3));
    }

    void hostileKernelNameStaysText() {
        // A kernel name is the report's text: kept as written (views sanitize it), never interpreted.
        const QByteArray text =
            rawPage({{"gpu__time_duration.sum", "ns", "5"}}, "void \x1b[2Jevil<int>(char*)");
        const NcuReadResult r = readNcuCsv(text, {});
        QVERIFY(r.table);
        QCOMPARE(r.table->launches.front().function, QStringLiteral("\x1b[2Jevil"));
    }

    void numbersAndUnits_data() {
        QTest::addColumn<QString>("cell");
        QTest::addColumn<double>("value");
        QTest::newRow("plain") << "68.736000" << 68.736;
        QTest::newRow("thousands") << "52,428,800" << 52428800.0;
        QTest::newRow("exponent") << "1.5e+03" << 1500.0;
        QTest::newRow("n/a") << "n/a" << -1.0;
        QTest::newRow("empty") << "" << -1.0;
        QTest::newRow("misplaced comma") << "1,2345" << -1.0;
    }
    void numbersAndUnits() {
        QFETCH(QString, cell);
        QFETCH(double, value);
        const auto n = parseNcuNumber(cell);
        QCOMPARE(n.value_or(-1.0), value);
        QCOMPARE(*unitFactor(QStringLiteral("Tbyte/s"), MetricUnit::BytesPerSecond), 1e12);
        QCOMPARE(*unitFactor(QStringLiteral("Kbyte/block"), MetricUnit::Bytes), 1e3);
        QCOMPARE(*unitFactor(QStringLiteral("msecond"), MetricUnit::Nanoseconds), 1e6);
        QVERIFY(!unitFactor(QStringLiteral("Xbyte"), MetricUnit::Bytes));
        QVERIFY(!unitFactor(QStringLiteral("%"), MetricUnit::Bytes));
    }

    void kernelFunctions_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("function");
        QTest::newRow("template") << "void unnamed>::fusedBackwardKernel<1, 1, 0, 0, 0>(detail::Params)"
                                  << "fusedBackwardKernel";
        QTest::newRow("no return type") << "unnamed>::reducePartialsKernel(const float *, int, int, float *)"
                                        << "reducePartialsKernel";
        QTest::newRow("nested")
            << "void at::native::elementwise_kernel<128, 4, at::native::F<(int)1>>(int, T)"
            << "elementwise_kernel";
        QTest::newRow("plain C") << "copy_kernel"
                                 << "copy_kernel";
    }
    void kernelFunctions() {
        QFETCH(QString, name);
        QFETCH(QString, function);
        QCOMPARE(kernelFunction(name), function);
    }

    void artifactRoundTrip() {
        const MatchResult m =
            matchToCases(table("h100-case12.raw.csv"), {slots013(16), QStringLiteral("case-12"), {}, {}}, {});
        QVERIFY(m.set);
        const ProfileArtifact a{{QStringLiteral("kix-run-x"), QStringLiteral("sha256:") + QString(64, u'a')},
                                QStringLiteral("h100-case12.ncu-rep"),
                                *m.set};
        const std::string bytes = profileArtifactBytes(a);
        const Json parsed = Json::parse(bytes);
        QCOMPARE(QString::fromStdString(parsed["format"]), QStringLiteral("kix.profile/v1"));
        QCOMPARE(QString::fromStdString(parsed["mediaType"]),
                 QStringLiteral("application/vnd.kix.ncu-profile+json"));
        QCOMPARE(bytes, kix::canonicalJson(parsed) + '\n'); // the bytes are the canonical form
        const ProfileArtifactRead back = readProfileArtifact(parsed, QStringLiteral("a.profile.json"));
        QVERIFY2(back.artifact, back.problems.isEmpty() ? "" : qPrintable(back.problems.front().toString()));
        QCOMPARE(profileArtifactBytes(*back.artifact), bytes);
        QCOMPARE(back.artifact->set.cases.front().kernels.size(), 2);
        QCOMPARE(back.artifact->run.name, QStringLiteral("kix-run-x"));
    }

    void hostileArtifact_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("another format")
            << "/format" << QByteArray(R"("kix.profile/v9")") << "$.format"
            << R"("kix.profile/v9" is not kix.profile/v1, the profile format this kix reads)";
        QTest::newRow("no run") << "/run" << QByteArray("null") << "$.run"
                                << R"(expected {"name", "digest"})";
        QTest::newRow("run digest") << "/run/digest" << QByteArray(R"("md5:1")") << "$.run.digest"
                                    << "expected sha256:<64 hex digits>";
        QTest::newRow("unknown metric")
            << "/cases/0/kernels/0/metrics/speed" << QByteArray("1") << "$.cases[0].kernels[0].metrics.speed"
            << "not a metric of kix's set (docs/profiles.md)";
        QTest::newRow("negative bytes") << "/cases/0/kernels/0/metrics/dramReadBytes" << QByteArray("-5")
                                        << "$.cases[0].kernels[0].metrics.dramReadBytes"
                                        << "expected a non-negative finite number";
        QTest::newRow("percent") << "/cases/0/kernels/0/metrics/l2HitRatePct" << QByteArray("1e9")
                                 << "$.cases[0].kernels[0].metrics.l2HitRatePct"
                                 << "expected a percentage from 0 to 100";
        QTest::newRow("stall") << "/cases/0/kernels/0/stalls/0/ratio" << QByteArray(R"("big")")
                               << "$.cases[0].kernels[0].stalls[0].ratio"
                               << "expected a non-negative number";
        QTest::newRow("cases") << "/cases" << QByteArray("{}") << "$.cases"
                               << "expected an array";
    }
    void hostileArtifact() {
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const MatchResult m = matchToCases(table("h100-case12.raw.csv"), {slots013(1), {}, {}, {}}, {});
        Json j = profileArtifactJson(
            {{QStringLiteral("r"), QStringLiteral("sha256:") + QString(64, u'a')}, {}, *m.set});
        j[Json::json_pointer(pointer.toStdString())] = Json::parse(value.toStdString());
        const ProfileArtifactRead r = readProfileArtifact(j, QStringLiteral("p.json"));
        QVERIFY(!r.artifact);
        QCOMPARE(r.problems.size(), 1);
        QCOMPARE(r.problems.front().code, QStringLiteral("profile.format"));
        QCOMPARE(r.problems.front().path, path);
        QCOMPARE(r.problems.front().message, message);
    }

    void rooflineConsistency_data() {
        QTest::addColumn<double>("rooflineBytes");
        QTest::addColumn<double>("l2Bytes");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("text");
        // The kernels moved 198.7 MB (bandwidth x duration: ncu's sections do not count bytes) where the
        // roofline counts 209.8 MB: 11 MB short, which a 52 MB L2 can still hold as unwritten output.
        QTest::newRow("8x1024, H100")
            << kRooflineBytes8x1024 << 52428800.0 << int(RooflineConsistency::Kind::HeldInL2)
            << "the kernels moved 198.7 MB through DRAM (bandwidth × duration), 0.947× the "
               "209.8 MB the roofline counts: 11.06 MB short, which the GPU's 52.43 MB L2 "
               "can still hold as unwritten output when the kernel ends";
        QTest::newRow("a floor that counts too much")
            << 2 * kRooflineBytes8x1024 << 52428800.0 << int(RooflineConsistency::Kind::MovedLess)
            << "the kernels moved 198.7 MB through DRAM (bandwidth × duration), 0.474× the 419.5 MB the "
               "roofline "
               "counts: fewer bytes than the floor says must move, more than the L2 could hold back: the "
               "floor is "
               "suspicious";
        QTest::newRow("a missed fusion")
            << kRooflineBytes8x1024 / 2 << 52428800.0 << int(RooflineConsistency::Kind::MovedMore)
            << "the kernels moved 198.7 MB through DRAM (bandwidth × duration), 1.895× the "
               "104.9 MB the roofline counts: more than the operation needs (a missed "
               "fusion, or re-reads)";
        QTest::newRow("consistent")
            << 200e6 << 52428800.0 << int(RooflineConsistency::Kind::Consistent)
            << "the kernels moved 198.7 MB through DRAM (bandwidth × duration), 0.994× the 200 "
               "MB the roofline counts: consistent with the roofline";
        QTest::newRow("no floor") << 0.0 << 52428800.0 << int(RooflineConsistency::Kind::Unknown)
                                  << "no check: kix has no roofline byte count for this case";
    }
    void rooflineConsistency() {
        QFETCH(double, rooflineBytes);
        QFETCH(double, l2Bytes);
        QFETCH(int, kind);
        QFETCH(QString, text);
        const RooflineConsistency c = kix::profile::rooflineConsistency(
            onlyCase("h100-case12.raw.csv"),
            rooflineBytes > 0 ? std::optional<double>(rooflineBytes) : std::nullopt, l2Bytes);
        QCOMPARE(int(c.kind), kind);
        QCOMPARE(c.text, text);
    }

    void comparedBesideALoad() {
        // The same case profiled alone and beside a device copy in another process (KIX_NCU_LOAD=1).
        const CaseProfile alone = onlyCase("h100-case12.raw.csv");
        const CaseProfile loaded = onlyCase("h100-case12-load.raw.csv");
        const QList<MetricChange> changes = compareProfiles(alone, loaded);
        QCOMPARE(changes.front().key, QStringLiteral("durationNs"));
        QCOMPARE(*changes.front().a, 68736.0 + 5408);
        QCOMPARE(*changes.front().b, 77664.0 + 6144);
        for (int i = 1; i < int(changes.size()); ++i)
            if (changes[i].relative && changes[i - 1].relative)
                QVERIFY(std::abs(*changes[i - 1].relative) >= std::abs(*changes[i].relative));
        QCOMPARE(changes.back().key, QStringLiteral("dramWriteBytes")); // not collected on either side
        QCOMPARE(largestChangeSentence(changes, 0.01), QStringLiteral("SM throughput 26% → 23% of peak"));
        QCOMPARE(largestChangeSentence(changes, 0.5), QString());
    }
};

KIX_TEST_GUILESS_MAIN(TestNcuProfile)
#include "tst_ncu_profile.moc"
