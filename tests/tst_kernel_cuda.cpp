// The fused kernel on a real GPU (skipped, with the reason, where there is none): every one of the
// 16 workload shapes (rows scaled down to at most 4096 so the CPU reference stays quick) against
// the fp64 CPU reference with the workload's tolerances, determinism of grad_weight, and one
// full harness case.
#include "KernelInputs.h"
#include "kix/harness.h"
#include "kix/rmsnorm_backward.h"
#include "kix/rmsnorm_backward_cpu.h"

#include <QTest>
#include <cstring>
#include <cuda_runtime.h>
#include <random>

using namespace kix::kernels;

namespace {
template <typename T> struct Device {
    T* p = nullptr;
    explicit Device(std::size_t n) {
        QVERIFY(cudaMalloc(&p, std::max<std::size_t>(n, 1) * sizeof(T)) == cudaSuccess);
    }
    ~Device() { cudaFree(p); }
};
} // namespace

class TestKernelCuda : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        const DeviceInfo d = queryDevice();
        if (!d.available)
            QSKIP(qPrintable(
                QStringLiteral("no usable GPU: %1").arg(QString::fromStdString(d.unavailableReason))));
        qInfo("GPU: %s (sm_%d%d)", d.name.c_str(), d.computeMajor, d.computeMinor);
    }

    void allShapes_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < int(kWorkloads.size()); ++i)
            QTest::addRow("case %d (%dx%d)", i, kWorkloads[std::size_t(i)].batchSize,
                          kWorkloads[std::size_t(i)].seqLen)
                << i;
    }
    void allShapes() {
        QFETCH(int, index);
        const Workload& w = kWorkloads[std::size_t(index)];
        const std::int64_t rows = std::min<std::int64_t>(w.rows(), 4096);
        const int hidden = kHiddenSize;
        const std::size_t n = std::size_t(rows) * hidden;
        const auto in = kixtest::randomKernelInputs(rows, hidden, std::uint64_t(1234 + index));
        const auto& go = in.gradOutput;
        const auto& nrm = in.normalized;
        const auto& rstd = in.rstd;
        const auto& weight = in.weight;

        Device<std::uint16_t> dGo(n), dGh(n), dGr(n);
        Device<float> dN(n), dR(static_cast<std::size_t>(rows)), dW(static_cast<std::size_t>(hidden)),
            dDw(static_cast<std::size_t>(hidden));
        cudaMemcpy(dGo.p, go.data(), n * 2, cudaMemcpyHostToDevice);
        cudaMemcpy(dN.p, nrm.data(), n * 4, cudaMemcpyHostToDevice);
        cudaMemcpy(dR.p, rstd.data(), rstd.size() * 4, cudaMemcpyHostToDevice);
        cudaMemcpy(dW.p, weight.data(), weight.size() * 4, cudaMemcpyHostToDevice);
        cudaMemset(dGh.p, 0xff, n * 2); // NaN: unwritten elements fail
        cudaMemset(dGr.p, 0xff, n * 2);
        cudaMemset(dDw.p, 0xff, std::size_t(hidden) * 4);
        const LaunchConfig plan = planFusedBackward(rows, hidden);
        Device<unsigned char> ws(plan.workspaceBytes);
        const BackwardArgs args{dGo.p, dN.p, dR.p, dW.p, dGh.p, dGr.p, dDw.p, rows, hidden};
        QCOMPARE(QString::fromStdString(launchFusedBackward(args, plan, ws.p, nullptr)), QString());
        QCOMPARE(cudaDeviceSynchronize(), cudaSuccess);

        std::vector<std::uint16_t> gh(n), gr(n);
        std::vector<float> dw(static_cast<std::size_t>(hidden));
        cudaMemcpy(gh.data(), dGh.p, n * 2, cudaMemcpyDeviceToHost);
        cudaMemcpy(gr.data(), dGr.p, n * 2, cudaMemcpyDeviceToHost);
        cudaMemcpy(dw.data(), dDw.p, dw.size() * 4, cudaMemcpyDeviceToHost);
        std::vector<double> gx64(n), gw64(static_cast<std::size_t>(hidden));
        rmsnormBackwardReference<double>(go.data(), nrm.data(), rstd.data(), weight.data(), rows, hidden,
                                         gx64.data(), gw64.data());
        ErrorStats sh, sr, sw;
        for (std::size_t i = 0; i < n; ++i) {
            accumulateError(sh, bf16ToFloat(gh[i]), gx64[i], w.maxAtol, w.maxRtol);
            accumulateError(sr, bf16ToFloat(gr[i]), gx64[i], w.maxAtol, w.maxRtol);
        }
        for (int j = 0; j < hidden; ++j)
            accumulateError(sw, dw[std::size_t(j)], gw64[std::size_t(j)], w.maxAtol, w.maxRtol);
        QVERIFY2(sh.passed(), qPrintable(QStringLiteral("grad_hidden_states: %1 failures, max abs %2")
                                             .arg(sh.failures)
                                             .arg(sh.maxAbs)));
        QVERIFY2(sr.passed(), qPrintable(QStringLiteral("grad_residual: %1 failures").arg(sr.failures)));
        QVERIFY2(sw.passed(),
                 qPrintable(
                     QStringLiteral("grad_weight: %1 failures, max abs %2").arg(sw.failures).arg(sw.maxAbs)));

        // Deterministic: a second launch gives the same grad_weight bits.
        QCOMPARE(QString::fromStdString(launchFusedBackward(args, plan, ws.p, nullptr)), QString());
        std::vector<float> again(static_cast<std::size_t>(hidden));
        cudaMemcpy(again.data(), dDw.p, again.size() * 4, cudaMemcpyDeviceToHost);
        QVERIFY(std::memcmp(again.data(), dw.data(), again.size() * 4) == 0);
    }

    void unsupportedShapes() {
        QCOMPARE(QString::fromStdString(unsupportedReason(10, 2561)),
                 QStringLiteral("hidden size 2561 is not a positive multiple of 8"));
        QCOMPARE(QString::fromStdString(unsupportedReason(10, 8192)),
                 QStringLiteral("hidden size 8192 is above the kernel's limit of 4096"));
        QCOMPARE(QString::fromStdString(unsupportedReason(0, 2560)),
                 QStringLiteral("rows must be at least 1"));
    }

    void harnessCase() {
        HarnessOptions o;
        o.minIterations = 3;
        o.maxIterations = 5;
        o.referenceIterations = 2;
        Harness h(o);
        QCOMPARE(QString::fromStdString(h.init()), QString());
        const CaseReport r = h.runCase(kWorkloads[8], 8, {});
        QCOMPARE(QString::fromStdString(r.error), QString());
        QVERIFY(r.correct());
        QCOMPARE(r.checks.size(), std::size_t(3));
        QVERIFY(r.fusedNs.size() >= 3);
        QVERIFY(r.referenceNs.size() == 2);
    }
};

QTEST_GUILESS_MAIN(TestKernelCuda)
#include "tst_kernel_cuda.moc"
