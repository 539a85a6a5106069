// The kernel's math on the CPU (always runs in CI): the fp32 path the kernel follows against the
// fp64 reference, bf16 rounding, the allclose check, and the workload table against the dataset.
#include "JsonReader.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "kix/kernel_inputs.h"
#include "kix/rmsnorm_backward_cpu.h"
#include "kix/workloads.h"

#include <QTest>
#include <bit>
#include <cmath>
#include <random>

using namespace kix::kernels;

class TestKernelCpu : public QObject {
    Q_OBJECT
private slots:
    void bf16Rounding_data() {
        QTest::addColumn<float>("value");
        QTest::addColumn<int>("bits");
        QTest::newRow("one") << 1.0f << 0x3f80;
        QTest::newRow("round to even down") << std::bit_cast<float>(0x3f808000u) << 0x3f80;
        QTest::newRow("round to even up") << std::bit_cast<float>(0x3f818000u) << 0x3f82;
        QTest::newRow("above half") << std::bit_cast<float>(0x3f808001u) << 0x3f81;
        QTest::newRow("minus two") << -2.0f << 0xc000;
    }
    void bf16Rounding() {
        QFETCH(float, value);
        QFETCH(int, bits);
        QCOMPARE(int(floatToBf16(value)), bits);
        QCOMPARE(bf16ToFloat(std::uint16_t(bits)), std::bit_cast<float>(std::uint32_t(bits) << 16));
    }
    void nanStaysNan() {
        QVERIFY(std::isnan(bf16ToFloat(floatToBf16(std::numeric_limits<float>::quiet_NaN()))));
    }

    void fp32PathWithinTolerance_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("hidden");
        QTest::newRow("1 x 2560") << 1 << 2560;
        QTest::newRow("7 x 2560") << 7 << 2560;
        QTest::newRow("33 x 256") << 33 << 256;
        QTest::newRow("128 x 8") << 128 << 8;
    }
    void fp32PathWithinTolerance() {
        QFETCH(int, rows);
        QFETCH(int, hidden);
        const auto in = randomHostInputs(
            rows, hidden, std::uint64_t(42) + std::uint64_t(rows) * 31 + std::uint64_t(hidden));
        const auto& go = in.gradOutput;
        const auto& nrm = in.normalized;
        const auto& rstd = in.rstd;
        const auto& w = in.weight;
        std::vector<double> gx64(go.size()), gw64(static_cast<std::size_t>(hidden));
        std::vector<float> gx32(go.size()), gw32(static_cast<std::size_t>(hidden));
        rmsnormBackwardReference<double>(go.data(), nrm.data(), rstd.data(), w.data(), rows, hidden,
                                         gx64.data(), gw64.data());
        rmsnormBackwardReference<float>(go.data(), nrm.data(), rstd.data(), w.data(), rows, hidden,
                                        gx32.data(), gw32.data());
        // The strictest tolerance any workload uses.
        ErrorStats outputs, weights;
        for (std::size_t i = 0; i < go.size(); ++i)
            accumulateError(outputs, double(bf16ToFloat(floatToBf16(gx32[i]))), gx64[i], 1e-5, 0.05);
        for (int j = 0; j < hidden; ++j)
            accumulateError(weights, double(gw32[std::size_t(j)]), gw64[std::size_t(j)], 1e-5, 0.05);
        QVERIFY2(
            outputs.passed(),
            qPrintable(QStringLiteral("%1 failures, max abs %2").arg(outputs.failures).arg(outputs.maxAbs)));
        QVERIFY(weights.passed());
        QVERIFY(outputs.maxRel < 0.01); // bf16 rounding is 2^-9
    }

    void referenceMatchesHandComputation() {
        // One row, hidden 2: go = (1, 2), n = (0.5, -1), w = (2, 1), rstd = 2.
        const std::uint16_t go[2] = {floatToBf16(1.f), floatToBf16(2.f)};
        const float n[2] = {0.5f, -1.f}, w[2] = {2.f, 1.f}, rstd[1] = {2.f};
        double gx[2], gw[2];
        rmsnormBackwardReference<double>(go, n, rstd, w, 1, 2, gx, gw);
        // gn = (2, 2); mean(gn * n) = (1 - 2) / 2 = -0.5; gx = 2 * (gn + 0.5 n) = (4.5, 3)
        QCOMPARE(gx[0], 4.5);
        QCOMPARE(gx[1], 3.0);
        QCOMPARE(gw[0], 0.5);
        QCOMPARE(gw[1], -2.0);
    }

    void allcloseCheck() {
        ErrorStats s;
        accumulateError(s, 1.04, 1.0, 1e-5, 0.05);
        QVERIFY(s.passed());
        accumulateError(s, 1.06, 1.0, 1e-5, 0.05);
        QCOMPARE(s.failures, std::int64_t(1));
        accumulateError(s, std::nan(""), 0.0, 1e-5, 0.05);
        QCOMPARE(s.failures, std::int64_t(2));
    }

    // Straight against KernelIndex's WorkloadSuite where ../shared has it (the case external ids and axes,
    // in order); without it, tst_bundled_problem checks this table against the project's problem file,
    // whose facts were read from that suite.
    void workloadTableMatchesKernelIndex() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/workload-suite.manifest.json"));
        const auto suite = kix::parseJson(kixtest::readAll(path), path).value.value();
        const auto& cases = suite["spec"]["cases"];
        QCOMPARE(cases.size(), kWorkloads.size());
        for (std::size_t i = 0; i < kWorkloads.size(); ++i) {
            const Workload& w = kWorkloads[i];
            QCOMPARE(QString::fromLatin1(w.caseId),
                     QString::fromStdString(cases[i]["externalId"].get<std::string>()));
            QCOMPARE(w.batchSize, cases[i]["axes"]["batch_size"].get<int>());
            QCOMPARE(w.seqLen, cases[i]["axes"]["seq_len"].get<int>());
            QCOMPARE(kHiddenSize, cases[i]["axes"]["hidden_size"].get<int>());
        }
    }

    // Issue 37: the table holds none of the dataset's uuids or tolerances (its licence allows no
    // redistribution); its tolerances are kix's rule.
    void workloadTableHoldsNoDatasetValue() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/workload.jsonl"));
        std::size_t i = 0;
        for (const QByteArray& line : kixtest::readAll(path).split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            const auto j = kix::parseJson(line, QStringLiteral("workload.jsonl")).value.value();
            QVERIFY(i < kWorkloads.size());
            const Workload& w = kWorkloads[i++];
            QCOMPARE(w.batchSize, j["axes"]["batch_size"].get<int>()); // the same cases, in the same order
            QCOMPARE(w.seqLen, j["axes"]["seq_len"].get<int>());
            QVERIFY(QString::fromLatin1(w.caseId) != QString::fromStdString(j["uuid"].get<std::string>()));
            QVERIFY(w.maxAtol != j["tolerance"]["max_atol"].get<double>());
            QVERIFY(w.maxRtol != j["tolerance"]["max_rtol"].get<double>());
            QCOMPARE(w.maxAtol, kixTolerance(w.rows()).atol);
        }
        QCOMPARE(i, kWorkloads.size());
    }
};

KIX_TEST_GUILESS_MAIN(TestKernelCpu)
#include "tst_kernel_cpu.moc"
