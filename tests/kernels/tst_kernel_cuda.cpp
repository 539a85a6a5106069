// The fused kernel on a real GPU (skipped, with the reason, where there is none): every shape of
// kix/kernel_check.h (hidden {8, 264, 2560, 4096} × rows {1, 2, 131, 4096}) under every launch
// variant against the fp64 CPU reference, grad_weight bit-identical over 100 launches; the 16
// workload shapes (rows capped at 4096 so the CPU reference stays quick) with the default plan and
// the workload's tolerances; the plan's choice by row count and its limits; plans as text; and one
// full harness case timed by both methods.
#include "TestMain.h"
#include "kix/harness.h"
#include "kix/kernel_check.h"

#include <QTest>
#include <cmath>
#include <memory>

using namespace kix::kernels;

namespace {
// The fp64 reference of the shape checked last: the data rows of one shape are consecutive.
struct Reference {
    std::int64_t rows = -1;
    int hidden = -1;
    HostInputs inputs;
    std::vector<double> gradX, gradW;
};

const Reference& referenceFor(std::int64_t rows, int hidden, std::uint64_t seed) {
    static Reference r;
    if (r.rows != rows || r.hidden != hidden) {
        r.rows = rows;
        r.hidden = hidden;
        r.inputs = randomHostInputs(rows, hidden, seed);
        r.gradX.assign(std::size_t(rows) * std::size_t(hidden), 0);
        r.gradW.assign(std::size_t(hidden), 0);
        rmsnormBackwardReference<double>(r.inputs.gradOutput.data(), r.inputs.normalized.data(),
                                         r.inputs.rstd.data(), r.inputs.weight.data(), rows, hidden,
                                         r.gradX.data(), r.gradW.data());
    }
    return r;
}
} // namespace

class TestKernelCuda : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        const DeviceInfo d = queryDevice();
        if (!d.available)
            QSKIP(qPrintable(
                QStringLiteral("no usable GPU: %1").arg(QString::fromStdString(d.unavailableReason))));
        qInfo("GPU: %s (sm_%d%d, %d SMs)", d.name.c_str(), d.computeMajor, d.computeMinor, d.multiprocessors);
    }

    void everyVariantAgainstCpu_data() {
        QTest::addColumn<int>("hidden");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("variant");
        const auto variants = checkVariants();
        for (const int hidden : checkHiddenSizes())
            for (const int rows : checkRowCounts())
                for (int v = 0; v < int(variants.size()); ++v)
                    QTest::addRow("hidden %d, rows %d, %s", hidden, rows,
                                  variants[std::size_t(v)].name.c_str())
                        << hidden << rows << v;
    }
    void everyVariantAgainstCpu() {
        QFETCH(int, hidden);
        QFETCH(int, rows);
        QFETCH(int, variant);
        const Reference& ref = referenceFor(rows, hidden, 7 * std::uint64_t(hidden) + std::uint64_t(rows));
        // The workloads' atol grows with the row count (1e-5 up to 7e-4 at 524288 rows); this follows it.
        const double atol = 1e-5 * std::max(1.0, std::sqrt(rows / 1024.0));
        const KernelCheck c =
            checkFusedKernel(ref.inputs, rows, hidden, checkVariants()[std::size_t(variant)].overrides, 100,
                             atol, 0.05, ref.gradX, ref.gradW);
        QVERIFY2(c.passed(), qPrintable(QStringLiteral("%1: %2").arg(QString::fromStdString(c.plan.name()),
                                                                     QString::fromStdString(c.summary()))));
        QCOMPARE(c.launches, 100);
        QVERIFY(c.plan.threads == c.plan.rowLanes * c.plan.laneThreads);
        QVERIFY(c.plan.laneThreads * 8 >= hidden);
        QVERIFY(c.plan.blocks >= 1 && c.plan.reducers <= c.plan.blocks);
        // Exactly one finish of grad_weight: in the launch, by the second kernel, or the column pass.
        QCOMPARE(int(c.plan.reducers >= 1) + int(c.plan.secondKernel) + int(c.plan.columnPass), 1);
        if (c.plan.columnPass) {
            QCOMPARE(c.plan.blocks, c.plan.columnBlocks + c.plan.rowBlocks);
            QVERIFY(c.plan.columnBlocks * c.plan.columnUnits * 8 >= hidden);
            QVERIFY((c.plan.columnBlocks - 1) * c.plan.columnUnits * 8 < hidden); // no idle block
        } else {
            QCOMPARE(c.plan.blocks, c.plan.rowBlocks);
        }
    }

    void workloadShapes_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(kWorkloads.size()); ++i)
            QTest::addRow("case %d (%dx%d)", i, kWorkloads[std::size_t(i)].batchSize,
                          kWorkloads[std::size_t(i)].seqLen)
                << i;
    }
    void workloadShapes() {
        QFETCH(int, index);
        const Workload& w = kWorkloads[std::size_t(index)];
        const std::int64_t rows = std::min<std::int64_t>(w.rows(), 4096);
        const HostInputs in = randomHostInputs(rows, kHiddenSize, 1234 + std::uint64_t(index));
        const KernelCheck c = checkFusedKernel(in, rows, kHiddenSize, {}, 2, w.maxAtol, w.maxRtol);
        QVERIFY2(c.passed(), qPrintable(QString::fromStdString(c.summary())));
    }

    void smallProblemPathChosenByRowCount() {
        const int sms = queryDevice().multiprocessors;
        const LaunchConfig tiny = planFusedBackward(128, kHiddenSize);
        const LaunchConfig small = planFusedBackward(1801, kHiddenSize);
        const LaunchConfig large = planFusedBackward(524288, kHiddenSize);
        QVERIFY(tiny.smallProblemPath && small.smallProblemPath);
        QVERIFY(!large.smallProblemPath);
        // Few rows: the column pass, a block per step of rows beside it, nothing to finish.
        QVERIFY(tiny.columnPass);
        QCOMPARE(tiny.rowBlocks, 128 / (tiny.rowsPerIteration * tiny.rowLanes));
        QCOMPARE(tiny.columnBlocks, (kHiddenSize / 8 + tiny.columnUnits - 1) / tiny.columnUnits);
        QCOMPARE(tiny.workspaceBytes, std::size_t(256)); // the ticket header only: no partials
        // Many rows: partials finished by the second kernel, every SM from the queried count.
        QVERIFY(!large.columnPass && large.secondKernel);
        // The card table (issue 38): two row lanes on an H100 (132 SMs, 50 MB of L2), one elsewhere.
        const DeviceInfo device = queryDevice();
        const bool h100 = device.multiprocessors == 132 && (device.l2Bytes >> 20) == 50;
        QCOMPARE(large.rowLanes, h100 ? 2 : 1);
        QCOMPARE(large.card.empty(), !h100);
        QCOMPARE(tiny.rowLanes, 1);
        QVERIFY(tiny.card.empty()); // the column pass is not in the table
        QVERIFY(large.blocks >= sms);
        QCOMPARE(large.blocks % sms, 0);
        QCOMPARE(large.workspaceBytes, std::size_t(256) + std::size_t(large.blocks) * kHiddenSize * 4);
        QVERIFY(small.columnPass || small.secondKernel);
    }

    void planText_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("plan"); // planFusedBackward(4096, 2560, parsed).name()
        QTest::newRow("column pass") << "fin=cols cols8 k1"
                                     << ""
                                     << "r1 prefetch k1 plain cols8";
        QTest::newRow("column pass, L2 prefetch") << "fin=cols cpf0 rpf3"
                                                  << ""
                                                  << "r1 prefetch k1 plain cols4 rpf3";
        QTest::newRow("second kernel, trigger, halves") << "r1 pf1 k2 hv1 fin=kernel trig1"
                                                        << ""
                                                        << "r1 prefetch k2 plain halves +reduce kernel trig";
        QTest::newRow("second kernel with 2 column groups") << "fin=kernel rq2 k1"
                                                            << ""
                                                            << "r1 prefetch k1 plain +reduce q2";
        QTest::newRow("second kernel with 8 column groups") << "fin=kernel rq8 pf0 k1"
                                                            << ""
                                                            << "r1 k1 plain +reduce q8";
        QTest::newRow("column blocks spread") << "fin=cols cmix1"
                                              << ""
                                              << "r1 prefetch k1 plain cols4 spread";
        QTest::newRow("one launch") << " r2  pf0 k3 fin=launch "
                                    << ""
                                    << "r2 k3 plain";
        QTest::newRow("no finish") << "fin=none cs1 k1"
                                   << ""
                                   << "r1 prefetch k1 nofinish";
        QTest::newRow("bulk") << "s3 fin=kernel"
                              << ""
                              << "bulk s3 plain +reduce kernel";
        QTest::newRow("trigger without a second kernel is off") << "fin=launch trig1 k1"
                                                                << ""
                                                                << "r1 prefetch k1 plain";
        QTest::newRow("unknown token")
            << "r1 turbo"
            << "plan token 'turbo' is not one of r1 r2 pf0 pf1 k<N> cs0 cs1 s<N> fin=kernel "
               "fin=launch fin=cols fin=none cols<N> hv0 hv1 trig0 trig1 rq<N> cpf<N> rpf<N> cmix0 cmix1 "
               "bps<N> default"
            << "";
        QTest::newRow("column units must divide 32") << "fin=cols cols3"
                                                     << "plan token 'cols3': column units must divide 32"
                                                     << "";
        QTest::newRow("column groups of the second kernel")
            << "rq3"
            << "plan token 'rq3': the second kernel's column groups are 0, 1, 2, 4 or 8"
            << "";
        QTest::newRow("three rows per thread")
            << "r3"
            << "plan token 'r3' is not one of r1 r2 pf0 pf1 k<N> cs0 cs1 s<N> fin=kernel "
               "fin=launch fin=cols fin=none cols<N> hv0 hv1 trig0 trig1 rq<N> cpf<N> rpf<N> cmix0 cmix1 "
               "bps<N> default"
            << "";
    }
    void planText() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QFETCH(QString, plan);
        LaunchOverrides o;
        o.rowLanes = 7; // untouched on error
        const std::string err = parseLaunchOverrides(text.toStdString(), o);
        QCOMPARE(QString::fromStdString(err), error);
        if (!err.empty()) {
            QCOMPARE(o.rowLanes, 7);
            return;
        }
        QCOMPARE(QString::fromStdString(planFusedBackward(4096, kHiddenSize, o).name()), plan);
    }

    void unsupportedShapes() {
        QCOMPARE(QString::fromStdString(unsupportedReason(10, 2561)),
                 QStringLiteral("hidden size 2561 is not a positive multiple of 8"));
        QCOMPARE(QString::fromStdString(unsupportedReason(10, 8192)),
                 QStringLiteral("hidden size 8192 is above the kernel's limit of 4096"));
        QCOMPARE(QString::fromStdString(unsupportedReason(0, 2560)),
                 QStringLiteral("rows must be at least 1"));
        QCOMPARE(QString::fromStdString(unsupportedReason(std::int64_t(1) << 31, 8)),
                 QStringLiteral("rows must be below 2^31"));
        LaunchConfig bad = planFusedBackward(4, 16);
        bad.reducers = bad.blocks + 1;
        BackwardArgs args{};
        args.rows = 4;
        args.hidden = 16;
        QCOMPARE(QString::fromStdString(launchFusedBackward(args, bad, nullptr, nullptr)),
                 QStringLiteral("the launch plan does not fit this shape: make it with planFusedBackward"));
        LaunchOverrides cols;
        cols.columnPass = 1;
        LaunchConfig badColumns = planFusedBackward(4, 16, cols);
        badColumns.columnUnits = 3; // must divide 32
        QCOMPARE(QString::fromStdString(launchFusedBackward(args, badColumns, nullptr, nullptr)),
                 QStringLiteral("the launch plan does not fit this shape: make it with planFusedBackward"));
        badColumns = planFusedBackward(4, 16, cols);
        badColumns.columnBlocks = 0; // fewer columns than the hidden size
        QCOMPARE(QString::fromStdString(launchFusedBackward(args, badColumns, nullptr, nullptr)),
                 QStringLiteral("the launch plan does not fit this shape: make it with planFusedBackward"));
    }

    void harnessCaseTimedByBothMethods() {
        HarnessOptions o;
        o.warmup = 2;
        o.minIterations = 5;
        o.maxIterations = 5;
        o.referenceIterations = 2;
        Harness h(o);
        QCOMPARE(QString::fromStdString(h.init()), QString());
        const CaseReport r = h.runCase(kWorkloads[8], 8, {});
        QCOMPARE(QString::fromStdString(r.error), QString());
        QVERIFY(r.correct());
        QVERIFY(r.gradWeightStable);
        QCOMPARE(r.checks.size(), std::size_t(3));
        QCOMPARE(r.fused.eventNs.size(), std::size_t(5));
        QCOMPARE(r.fusedNs, r.fused.eventNs);
        QCOMPARE(r.copyFloor.eventNs.size(), std::size_t(5));
        QCOMPARE(r.reference.eventNs.size(), std::size_t(2));
        QVERIFY(r.copyBytes * 2 >= r.bytes && r.copyBytes * 2 < r.bytes + 32);
        // CUPTI either timed every call or says why not.
        if (r.fused.cuptiError.empty()) {
            QCOMPARE(r.fused.cuptiNs.size(), std::size_t(5));
            QCOMPARE(r.copyFloor.cuptiNs.size(), std::size_t(5));
            QVERIFY(r.floorRatio(TimingMethod::Cupti) > 0);
            for (double ns : r.fused.cuptiNs)
                QVERIFY(ns > 0 && ns < 1e9);
        } else {
            qWarning("CUPTI unavailable: %s", r.fused.cuptiError.c_str());
        }
        QVERIFY(r.floorRatio(TimingMethod::CudaEvents) > 0);
        const SampleStats s = r.fused.stats(TimingMethod::CudaEvents);
        QVERIFY(s.min <= s.median && s.median <= s.max);
    }

    void statistics() {
        const SampleStats s = summarize({4, 1, 3, 2});
        QCOMPARE(s.count, std::size_t(4));
        QCOMPARE(s.median, 2.5);
        QCOMPARE(s.mean, 2.5);
        QCOMPARE(s.min, 1.0);
        QCOMPARE(s.max, 4.0);
        QCOMPARE(summarize({5, 1, 3}).median, 3.0);
        QCOMPARE(summarize({}).count, std::size_t(0));
    }
};

KIX_TEST_GUILESS_MAIN(TestKernelCuda)
#include "tst_kernel_cuda.moc"
