// The GPU memory-bandwidth table: every GPU model of the KernelIndex catalog is in it with a source, names
// match loosely, bad entries are located problems, and an environment's own L2 size replaces the table's.
#include "GpuBandwidth.h"
#include "KixResources.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>

using Json = nlohmann::json;

class TestGpuBandwidth : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void bundledTableKnowsTheCatalogsGpus_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("entry");
        QTest::addColumn<double>("gbps");
        // Every distinct hardwareModel of catalog-2026-08-16, then names CUDA reports.
        QTest::newRow("B200") << "NVIDIA B200"
                              << "NVIDIA B200" << 8000.0;
        QTest::newRow("GB200") << "NVIDIA GB200"
                               << "NVIDIA GB200" << 8000.0;
        QTest::newRow("H100") << "NVIDIA H100"
                              << "NVIDIA H100" << 3900.0;
        QTest::newRow("A100") << "NVIDIA A100"
                              << "NVIDIA A100" << 2039.0;
        QTest::newRow("L4") << "NVIDIA L4"
                            << "NVIDIA L4" << 300.0;
        QTest::newRow("MI300X") << "AMD Instinct MI300X"
                                << "AMD Instinct MI300X" << 5300.0;
        QTest::newRow("MI355X") << "AMD Instinct MI355X"
                                << "AMD Instinct MI355X" << 8000.0;
        QTest::newRow("H200") << "NVIDIA H200"
                              << "NVIDIA H200" << 4800.0;
        QTest::newRow("H100 SXM as CUDA names it") << "NVIDIA H100 80GB HBM3"
                                                   << "NVIDIA H100 SXM" << 3350.0;
        QTest::newRow("A100 40GB") << "NVIDIA A100-SXM4-40GB"
                                   << "NVIDIA A100 40GB" << 1555.0;
        QTest::newRow("case and spaces") << "  nvidia   b200 "
                                         << "NVIDIA B200" << 8000.0;
    }
    void bundledTableKnowsTheCatalogsGpus() {
        QFETCH(QString, model);
        QFETCH(QString, entry);
        QFETCH(double, gbps);
        QString error;
        const kix::GpuBandwidthTable& table = kix::GpuBandwidthTable::bundled(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const kix::GpuMemorySpec* g = table.find(model);
        QVERIFY(g);
        QCOMPARE(g->product, entry);
        QCOMPARE(g->peakBandwidthGBps, gbps);
        QVERIFY(g->cacheBytes && *g->cacheBytes > 0);
    }

    void everyEntryNamesItsSource() {
        const auto& table = kix::GpuBandwidthTable::bundled();
        QVERIFY(table.gpus().size() >= 13);
        for (const kix::GpuMemorySpec& g : table.gpus()) {
            QVERIFY2(!g.sources.isEmpty(), qPrintable(g.product));
            for (const QString& s : g.sources)
                QVERIFY2(s.startsWith(QStringLiteral("https://")) || QFile::exists(kixtest::repoPath(s)),
                         qPrintable(s));
        }
        QVERIFY(!table.find(QStringLiteral("NVIDIA RTX 4090")));
        QVERIFY(!table.find(QString()));
    }

    void parseErrors_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        QTest::newRow("no gpus") << QByteArray("{}")
                                 << "t.json: gpus: required field is missing (expected an array)";
        QTest::newRow("no sources")
            << QByteArray(
                   "{\"gpus\": [{\"product\": \"X\", \"peakMemoryBandwidthGBps\": 100, \"sources\": []}]}")
            << "t.json: gpus[0].sources: name at least one source";
        QTest::newRow("zero bandwidth")
            << QByteArray(
                   "{\"gpus\": [{\"product\": \"X\", \"peakMemoryBandwidthGBps\": 0, \"sources\": [\"s\"]}]}")
            << "t.json: gpus[0].peakMemoryBandwidthGBps: must be above zero";
        QTest::newRow("negative cache")
            << QByteArray(
                   "{\"gpus\": [{\"product\": \"X\", \"peakMemoryBandwidthGBps\": 1, \"sources\": [\"s\"], "
                   "\"lastLevelCache\": {\"name\": \"L2\", \"bytes\": -1}}]}")
            << "t.json: gpus[0].lastLevelCache.bytes: expected a non-negative number of bytes, got -1";
    }
    void parseErrors() {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        kix::Problems problems;
        const auto table = kix::GpuBandwidthTable::parse(json, QStringLiteral("t.json"), problems);
        QVERIFY(!problems.isEmpty());
        QCOMPARE(problems.first().toString(), problem);
        QVERIFY(table.gpus().isEmpty());
    }

    void environmentRecordsItsOwnL2() {
        const Json run = Json::parse(
            kixtest::readAll(kixtest::repoPath(QStringLiteral(
                                 "tests/data/legacy-kix/kix-run-20261202T153824Z-nvidia-h200.manifest.json")))
                .toStdString());
        QString why;
        const auto g = kix::gpuFromEnvironment(run["environment"], kix::GpuBandwidthTable::bundled(), why);
        QVERIFY2(g, qPrintable(why));
        QCOMPARE(g->product, QStringLiteral("NVIDIA H200"));
        QCOMPARE(g->cacheBytes.value_or(0), 62914560.0);
        QCOMPARE(g->cacheSource, QStringLiteral("the environment's l2CacheBytes"));

        // An AMD GPU keeps its Infinity Cache, larger than the L2 an environment would record.
        const Json amd = {
            {"spec", {{"hardware", {{"product", "AMD Instinct MI300X"}, {"l2CacheBytes", 4194304}}}}}};
        QCOMPARE(kix::gpuFromEnvironment(amd, kix::GpuBandwidthTable::bundled(), why)->cacheBytes.value_or(0),
                 268435456.0);

        QVERIFY(!kix::gpuFromEnvironment({{"spec", {{"hardware", {{"product", "Imaginary GPU 9000"}}}}}},
                                         kix::GpuBandwidthTable::bundled(), why));
        QCOMPARE(why, QStringLiteral("the GPU \"Imaginary GPU 9000\" is not in kix's bandwidth table "
                                     "(resources/data/gpu-memory-bandwidth.json)"));
        QVERIFY(!kix::gpuFromEnvironment(Json::object(), kix::GpuBandwidthTable::bundled(), why));
        QCOMPARE(why, QStringLiteral("the environment names no GPU product (spec.hardware.product)"));
    }
};

KIX_TEST_GUILESS_MAIN(TestGpuBandwidth)
#include "tst_gpu_bandwidth.moc"
