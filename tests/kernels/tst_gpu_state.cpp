// The GPU-state sampler behind its interface (kix/gpu_state.h), with a fake source and a fake clock
// control: the sampler's window, the digest of a window, the clocks-event reason names, the clock lock's
// reset on every way out, and NVML's stated reason where no driver is installed.
#include "TestMain.h"
#include "kix/gpu_state.h"

#include <QTest>
#include <atomic>
#include <dlfcn.h>
#include <thread>

using namespace kix::kernels;

namespace {

// Counts its readings; reading k has an SM clock of 1000 + k MHz.
class FakeSource : public GpuStateSource {
public:
    std::atomic<int> reads{0};
    std::string unavailableReason() const override { return {}; }
    GpuIdentity identity() override { return {}; }
    GpuSample sample() override {
        GpuSample s;
        s.smMHz = 1000 + reads++;
        return s;
    }
};

class FakeClocks : public GpuClockControl {
public:
    std::string refuseLock, refuseReset;
    int locks = 0, resets = 0;
    double lockedMin = 0, lockedMax = 0;
    std::string lockSmClocks(double minMHz, double maxMHz) override {
        ++locks;
        lockedMin = minMHz;
        lockedMax = maxMHz;
        return refuseLock;
    }
    std::string resetSmClocks() override {
        ++resets;
        return refuseReset;
    }
};

GpuSample reading(double sm, std::uint64_t reasons, int others) {
    GpuSample s;
    s.smMHz = sm;
    s.powerW = sm / 4;
    s.clocksEventReasons = reasons;
    s.otherProcesses = others;
    return s;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<kix::kernels::GpuSample>)

class TestGpuState : public QObject {
    Q_OBJECT
private slots:
    void samplerCoversTheWindow() {
        FakeSource source;
        GpuStateSampler sampler(source, std::chrono::milliseconds(5));
        QVERIFY(sampler.stop().empty()); // never started
        sampler.start();
        std::this_thread::sleep_for(std::chrono::milliseconds(60));
        const std::vector<GpuSample> window = sampler.stop();
        QVERIFY2(window.size() >= 3, qPrintable(QString::number(window.size())));
        QCOMPARE(int(window.size()), source.reads.load());
        for (std::size_t i = 0; i < window.size(); ++i) {
            QCOMPARE(*window[i].smMHz, 1000.0 + double(i));
            if (i > 0)
                QVERIFY(window[i].atSeconds >= window[i - 1].atSeconds);
        }
        QVERIFY(window.back().atSeconds >= 0.05);
        QVERIFY(sampler.stop().empty()); // stopped once
    }

    void shortWindowHasTwoSamples() {
        FakeSource source;
        GpuStateSampler sampler(source, std::chrono::milliseconds(1000));
        sampler.start();
        const auto window = sampler.stop();
        QCOMPARE(int(window.size()), 2); // at start and at stop, the period notwithstanding
    }

    void restartGivesAFreshWindow() {
        FakeSource source;
        GpuStateSampler sampler(source, std::chrono::milliseconds(1000));
        sampler.start();
        QCOMPARE(int(sampler.stop().size()), 2);
        sampler.start();
        const auto second = sampler.stop();
        QCOMPARE(int(second.size()), 2);
        QCOMPARE(*second.front().smMHz, 1002.0);
    }

    void summarize_data() {
        QTest::addColumn<std::vector<GpuSample>>("samples");
        QTest::addColumn<QList<double>>("sm"); // count, first, min, median, max
        QTest::addColumn<int>("throttled");
        QTest::addColumn<QStringList>("reasons");
        QTest::addColumn<int>("others");
        QTest::newRow("none") << std::vector<GpuSample>{} << QList<double>{0, 0, 0, 0, 0} << 0
                              << QStringList{} << 0;
        QTest::newRow("steady, idle at first")
            << std::vector<GpuSample>{reading(1980, clocks_event::kGpuIdle, 0), reading(1980, 0, 0),
                                      reading(1980, 0, 0)}
            << QList<double>{3, 1980, 1980, 1980, 1980} << 0 << QStringList{"gpu_idle"} << 0;
        QTest::newRow("power capped half the time, another process")
            << std::vector<GpuSample>{reading(1980, 0, 0), reading(1410, clocks_event::kSwPowerCap, 1),
                                      reading(1500, clocks_event::kSwPowerCap | clocks_event::kHwSlowdown, 2),
                                      reading(1900, 0, 0)}
            << QList<double>{4, 1980, 1410, 1700, 1980} << 2 << QStringList{"sw_power_cap", "hw_slowdown"}
            << 2;
        QTest::newRow("thermal, unknown bit")
            << std::vector<GpuSample>{reading(1600,
                                              clocks_event::kHwThermalSlowdown | (std::uint64_t(1) << 12), 0)}
            << QList<double>{1, 1600, 1600, 1600, 1600} << 1 << QStringList{"hw_thermal_slowdown", "bit_12"}
            << 0;
        GpuSample missing; // the driver gave nothing
        QTest::newRow("nothing read") << std::vector<GpuSample>{missing, missing}
                                      << QList<double>{0, 0, 0, 0, 0} << 0 << QStringList{} << 0;
    }
    void summarize() {
        QFETCH(std::vector<GpuSample>, samples);
        QFETCH(QList<double>, sm);
        QFETCH(int, throttled);
        QFETCH(QStringList, reasons);
        QFETCH(int, others);
        const GpuStateSummary s = summarizeGpuState(samples);
        QCOMPARE(s.samples, samples.size());
        QCOMPARE(double(s.smMHz.count), sm[0]);
        QCOMPARE(s.smMHz.first, sm[1]);
        QCOMPARE(s.smMHz.min, sm[2]);
        QCOMPARE(s.smMHz.median, sm[3]);
        QCOMPARE(s.smMHz.max, sm[4]);
        QCOMPARE(int(s.throttledSamples), throttled);
        QStringList names;
        for (const std::string& n : clocksEventReasonNames(s.clocksEventReasons))
            names << QString::fromStdString(n);
        QCOMPARE(names, reasons);
        QCOMPARE(s.otherProcessesMax, others);
        QCOMPARE(s.powerW.count, s.smMHz.count);
    }

    void clockLockResetsOnEveryWayOut() {
        FakeClocks clocks;
        {
            ClockLock lock(clocks);
            QCOMPARE(QString::fromStdString(lock.lock(1410, 1410)), QString());
            QVERIFY(lock.locked());
            QCOMPARE(clocks.lockedMin, 1410.0);
            QCOMPARE(clocks.lockedMax, 1410.0);
            QCOMPARE(clocks.resets, 0);
        } // a failure or a cancellation leaves the scope like this
        QCOMPARE(clocks.resets, 1);

        ClockLock twice(clocks);
        QCOMPARE(QString::fromStdString(twice.lock(1200, 1500)), QString());
        QCOMPARE(QString::fromStdString(twice.release()), QString());
        QCOMPARE(QString::fromStdString(twice.release()), QString()); // once only
        QCOMPARE(clocks.resets, 2);
    }

    void refusedLockIsNotReset() {
        FakeClocks clocks;
        clocks.refuseLock = "nvmlDeviceSetGpuLockedClocks: Insufficient Permissions";
        {
            ClockLock lock(clocks);
            QCOMPARE(QString::fromStdString(lock.lock(1410, 1410)),
                     QStringLiteral("nvmlDeviceSetGpuLockedClocks: Insufficient Permissions"));
            QVERIFY(!lock.locked());
        }
        QCOMPARE(clocks.locks, 1);
        QCOMPARE(clocks.resets, 0);
    }

    void failedResetIsSaid() {
        FakeClocks clocks;
        clocks.refuseReset = "nvmlDeviceResetGpuLockedClocks: GPU is lost";
        ClockLock lock(clocks);
        QCOMPARE(QString::fromStdString(lock.lock(1410, 1410)), QString());
        QCOMPARE(QString::fromStdString(lock.release()),
                 QStringLiteral("nvmlDeviceResetGpuLockedClocks: GPU is lost"));
        QVERIFY(!lock.locked());
    }

    void nvmlWithoutDriverSaysWhy() {
        if (void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL)) {
            dlclose(lib);
            QSKIP(
                "libnvidia-ml.so.1 loads here (a driver is installed): the no-driver path is not reachable");
        }
        const auto gpu = NvmlGpu::open("00000000:19:00.0");
        const QString why = QString::fromStdString(gpu->unavailableReason());
        QVERIFY2(why.startsWith(QLatin1String("NVML (libnvidia-ml.so.1, part of the NVIDIA driver) cannot be "
                                              "loaded: ")),
                 qPrintable(why));
        QVERIFY2(
            why.endsWith(QLatin1String("; no clocks, power, temperature or throttle reasons are recorded")),
            qPrintable(why));
        const GpuSample s = gpu->sample();
        QVERIFY(!s.smMHz && !s.powerW && !s.clocksEventReasons && !s.otherProcesses);
        QVERIFY(gpu->identity().uuid.empty());
        QCOMPARE(QString::fromStdString(gpu->lockSmClocks(1410, 1410)), why);
        QCOMPARE(QString::fromStdString(gpu->resetSmClocks()), why);
    }
};

KIX_TEST_GUILESS_MAIN(TestGpuState)
#include "tst_gpu_state.moc"
