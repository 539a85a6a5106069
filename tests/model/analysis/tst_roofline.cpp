// The memory roofline: bytes that must move (checked by hand for several operations, 013 among them at
// 10 bytes per element), floors, cache-aware verdicts with their exact text, suites and no-floor reasons.
#include "Roofline.h"
#include "RooflineBytes.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QProcess>
#include <QTest>

using Json = nlohmann::json;
using Kind = kix::RooflineVerdict::Kind;

namespace {

Json op013() {
    return Json::parse(kixtest::readAll(kixtest::dataPath(QStringLiteral(
                                            "roofline/013-fused-residual-rms-norm-backward.operation.json")))
                           .toStdString());
}

Json tensor(const char* name, const char* dtype, Json shape) {
    return {{"name", name}, {"tensor", {{"dtype", dtype}, {"shape", std::move(shape)}}}};
}
Json scalar(const char* name, const char* dtype) {
    return {{"name", name}, {"scalar", {{"dtype", dtype}}}};
}
Json operation(Json inputs, Json outputs, Json axes = Json::object()) {
    return {{"kind", "OperationSpec"},
            {"spec",
             {{"axes", std::move(axes)}, {"inputs", std::move(inputs)}, {"outputs", std::move(outputs)}}}};
}

// GQA paged decode as the catalog's 013-gqa-paged-decode-h32-kv8-d128-ps1 describes it.
Json pagedDecode() {
    return operation(
        Json::array({tensor("q", "bf16", {"batch_size", "num_qo_heads", "head_dim"}),
                     tensor("k_cache", "bf16", {"num_pages", "page_size", "num_kv_heads", "head_dim"}),
                     tensor("v_cache", "bf16", {"num_pages", "page_size", "num_kv_heads", "head_dim"}),
                     tensor("kv_indptr", "int32", {"len_indptr"}),
                     tensor("kv_indices", "int32", {"num_kv_indices"}), scalar("sm_scale", "fp32")}),
        Json::array({tensor("output", "bf16", {"batch_size", "num_qo_heads", "head_dim"}),
                     tensor("lse", "fp32", {"batch_size", "num_qo_heads"})}),
        {{"head_dim", {{"role", "constant"}, {"value", 128}}},
         {"page_size", {{"role", "constant"}, {"value", 1}}},
         {"num_kv_heads", {{"role", "constant"}, {"value", 8}}},
         {"num_qo_heads", {{"role", "constant"}, {"value", 32}}}});
}

// A copy y = f(x) of n fp32 values: 8n bytes.
Json elementwise() {
    return operation(Json::array({tensor("x", "fp32", {"n"})}), Json::array({tensor("y", "fp32", {"n"})}));
}

const kix::TensorCount* find(const kix::MovedBytes& m, const QString& name) {
    for (const auto& t : m.tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

// 1 GB/s (one byte per nanosecond) and a 1 MiB cache: easy numbers.
kix::GpuMemorySpec testGpu() {
    kix::GpuMemorySpec g;
    g.product = QStringLiteral("Test GPU");
    g.peakBandwidthGBps = 1;
    g.cacheBytes = 1048576;
    g.cacheName = QStringLiteral("L2");
    return g;
}

kix::ProtocolFacts facts(kix::ProtocolFacts::L2 state) {
    kix::ProtocolFacts f;
    f.l2 = state;
    return f;
}

} // namespace

class TestRoofline : public QObject {
    Q_OBJECT
private slots:
    void dtypeSizes_data() {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<double>("bytes");
        QTest::newRow("fp32") << "fp32" << 4.0;
        QTest::newRow("bfloat16") << "bfloat16" << 2.0;
        QTest::newRow("int64") << "int64" << 8.0;
        QTest::newRow("fp8") << "fp8_e4m3" << 1.0;
        QTest::newRow("packed fp4 pair") << "float4_e2m1fn_x2" << 1.0;
        QTest::newRow("nvfp4") << "nvfp4" << 0.5;
        QTest::newRow("case") << "FP16" << 2.0;
    }
    void dtypeSizes() {
        QFETCH(QString, dtype);
        QFETCH(double, bytes);
        QCOMPARE(kix::dtypeBytes(dtype).value_or(-1), bytes);
        QVERIFY(!kix::dtypeBytes(QStringLiteral("complex32")));
    }

    // Problem 013 by hand: per element grad_output 2 + normalized 4 + two bf16 outputs 2 + 2 = 10 bytes;
    // plus rstd (4 per row), weight and grad_weight (4 per column). x is left out: normalized and rstd give
    // it.
    void bytes013ByHand() {
        const kix::BytesOutcome b =
            kix::bytesThatMustMove(op013(), {{"batch_size", 4}, {"seq_len", 1973}, {"hidden_size", 2560}});
        QVERIFY(b.bytes);
        const double rows = 4 * 1973, elements = rows * 2560;
        QCOMPARE(b.bytes->readBytes, elements * (2 + 4) + rows * 4 + 2560 * 4);
        QCOMPARE(b.bytes->writeBytes, elements * (2 + 2) + 2560 * 4);
        QCOMPARE(b.bytes->total(), 202087248.0);
        QCOMPARE((b.bytes->total() - rows * 4 - 2560 * 8) / elements, 10.0);
        const auto* x = find(*b.bytes, QStringLiteral("x"));
        QVERIFY(x && !x->counted);
        QCOMPARE(x->reason,
                 QStringLiteral("same shape as normalized, which is counted: it may be derived from it and "
                                "the other inputs"));
        QCOMPARE(x->shape, QStringLiteral("[batch_size=4, seq_len=1973, hidden_size=2560]"));
        QVERIFY(find(*b.bytes, QStringLiteral("normalized"))->counted);
        QCOMPARE(find(*b.bytes, QStringLiteral("rstd"))->shape,
                 QStringLiteral("[batch_size=4, seq_len=1973, 1]"));
        QCOMPARE(b.bytes->tensors.size(), 8);
    }

    // kix's own runner records the bytes it moves per case; the rule gives the same for all 16 cases.
    void bytes013MatchTheRunnersCount() {
        const Json manifest = Json::parse(
            kixtest::readAll(kixtest::repoPath(QStringLiteral(
                                 "tests/data/legacy-kix/kix-run-20261202T153824Z-nvidia-h200.manifest.json")))
                .toStdString());
        const Json& cases = manifest["run"]["spec"]["cases"];
        QCOMPARE(cases.size(), std::size_t(16));
        for (const Json& c : cases) {
            const auto b = kix::bytesThatMustMove(op013(), c["axes"]);
            QVERIFY(b.bytes);
            QCOMPARE(b.bytes->total(), c["bytes"].get<double>());
        }
    }

    // Paged decode by hand: the KV caches are gathered by kv_indices (num_pages is in no output), so only
    // q (32×128 bf16), output (same) and lse (32 fp32) per sequence must move: 8192 + 8192 + 128 bytes.
    void bytesPagedDecodeByHand() {
        const auto b = kix::bytesThatMustMove(
            pagedDecode(),
            {{"batch_size", 1}, {"num_pages", 9316}, {"len_indptr", 2}, {"num_kv_indices", 73}});
        QVERIFY(b.bytes);
        QCOMPARE(b.bytes->readBytes, 8192.0);
        QCOMPARE(b.bytes->writeBytes, 8192.0 + 128.0);
        QCOMPARE(find(*b.bytes, QStringLiteral("k_cache"))->reason,
                 QStringLiteral(
                     "axis num_pages appears in no output: a gather, routing or reduction over it may read "
                     "only part of this input"));
        QCOMPARE(find(*b.bytes, QStringLiteral("kv_indices"))->reason,
                 QStringLiteral(
                     "a int32 input (indices, offsets or a mask): an implementation may read only the part "
                     "its other inputs select"));
        QCOMPARE(find(*b.bytes, QStringLiteral("sm_scale"))->reason,
                 QStringLiteral("a scalar: passed as a kernel argument"));
    }

    // Fused add + RMSNorm (a forward pass): hidden_states, residual and output bf16 are 6 bytes per element,
    // weight 2 per column; same-shape inputs of a forward pass all count.
    void bytesFusedAddRmsNormByHand() {
        const Json op =
            operation(Json::array({tensor("hidden_states", "bf16", {"batch_size", "hidden_size"}),
                                   tensor("residual", "bf16", {"batch_size", "hidden_size"}),
                                   tensor("weight", "bf16", {"hidden_size"}), scalar("eps", "fp32")}),
                      Json::array({tensor("output", "bf16", {"batch_size", "hidden_size"})}),
                      {{"hidden_size", {{"role", "constant"}, {"value", 7168}}}});
        const auto b = kix::bytesThatMustMove(op, {{"batch_size", 7}});
        QVERIFY(b.bytes);
        QCOMPARE(b.bytes->total(), 7.0 * 7168 * 6 + 7168 * 2);
    }

    // A KV-cache update in place: the caches are neither read nor written in full.
    void bytesInPlaceCacheUpdate() {
        const Json op = operation(Json::array({tensor("key", "bf16", {"b", "h", "s", "d"}),
                                               tensor("key_cache", "bf16", {"b", "h", "max_pos", "d"}),
                                               tensor("cache_position", "int64", {"s"})}),
                                  Json::array({tensor("key_rotated", "bf16", {"b", "h", "s", "d"}),
                                               tensor("key_cache_out", "bf16", {"b", "h", "max_pos", "d"})}));
        const auto b =
            kix::bytesThatMustMove(op, {{"b", 2}, {"h", 8}, {"s", 16}, {"d", 128}, {"max_pos", 4096}});
        QVERIFY(b.bytes);
        QCOMPARE(b.bytes->readBytes, 2.0 * 8 * 16 * 128 * 2);
        QCOMPARE(b.bytes->writeBytes, 2.0 * 8 * 16 * 128 * 2);
        QCOMPARE(find(*b.bytes, QStringLiteral("key_cache_out"))->reason,
                 QStringLiteral("may be the input key_cache updated in place, writing only what changes"));
        QCOMPARE(find(*b.bytes, QStringLiteral("key_cache"))->reason,
                 QStringLiteral(
                     "may be updated in place as output key_cache_out, so it need not be read in full"));
    }

    void bytesFromWorkloadTensors() {
        // An axis the case does not list is taken from its concrete input shapes.
        const Json op = operation(Json::array({tensor("q", "bf16", {"total_q", "heads"})}),
                                  Json::array({tensor("out", "bf16", {"total_q", "heads"})}));
        const auto b =
            kix::bytesThatMustMove(op, {{"heads", 4}}, {{"q", {{"dtype", "bf16"}, {"shape", {100, 4}}}}});
        QVERIFY(b.bytes);
        QCOMPARE(b.bytes->total(), 100.0 * 4 * 2 * 2);
    }

    void noBytes_data() {
        QTest::addColumn<QByteArray>("op");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no outputs") << QByteArray("{\"spec\": {\"inputs\": []}}")
                                    << "the OperationSpec does not describe its outputs";
        QTest::newRow("unknown axis")
            << QByteArray("{\"spec\": {\"inputs\": [], \"outputs\": [{\"name\": \"y\", \"tensor\": "
                          "{\"dtype\": \"fp32\", "
                          "\"shape\": [\"m\"]}}]}}")
            << "nothing that must move could be counted (y: axis m has no value in this workload)";
        QTest::newRow("unknown dtype")
            << QByteArray("{\"spec\": {\"outputs\": [{\"name\": \"y\", \"tensor\": {\"dtype\": \"qint4\", "
                          "\"shape\": [3]}}]}}")
            << "nothing that must move could be counted (y: dtype \"qint4\" has no known size)";
        QTest::newRow("scalar output")
            << QByteArray(
                   "{\"spec\": {\"outputs\": [{\"name\": \"loss\", \"scalar\": {\"dtype\": \"fp32\"}}]}}")
            << "nothing that must move could be counted (loss: a scalar: returned in a register or a few "
               "bytes)";
        QTest::newRow("malformed entry")
            << QByteArray("{\"spec\": {\"outputs\": [{\"name\": \"y\"}]}}")
            << "nothing that must move could be counted (y: neither a tensor {dtype, "
               "shape} nor a scalar)";
    }
    void noBytes() {
        QFETCH(QByteArray, op);
        QFETCH(QString, reason);
        const auto b = kix::bytesThatMustMove(Json::parse(op.toStdString()), Json::object());
        QVERIFY(!b.bytes);
        QCOMPARE(b.noFloorReason, reason);
    }

    void verdicts_data() {
        QTest::addColumn<double>("measured");
        QTest::addColumn<int>("l2");
        QTest::addColumn<double>("n");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("label");
        QTest::addColumn<QString>("text");
        const int notStated = int(kix::ProtocolFacts::L2::NotStated),
                  flushed = int(kix::ProtocolFacts::L2::Flushed);
        // n = 1e6 values: 8 MB, at one byte per nanosecond a floor of 8 ms.
        QTest::newRow("above")
            << 24e6 << notStated << 1e6 << int(Kind::AboveFloor) << "3.00×"
            << "3.00× floor; 24.0 ms measured, floor 8.00 ms (8.00 MB at 1 GB/s on Test GPU)";
        QTest::newRow("at roofline")
            << 8.16e6 << notStated << 1e6 << int(Kind::AtRoofline) << "at roofline 1.02×"
            << "at the roofline: 1.02× floor; 8.16 ms measured, floor 8.00 ms (8.00 MB at 1 GB/s "
               "on Test GPU)";
        QTest::newRow("just beyond 5%")
            << 8.41e6 << notStated << 1e6 << int(Kind::AboveFloor) << "1.05×"
            << "1.05× floor; 8.41 ms measured, floor 8.00 ms (8.00 MB at 1 GB/s on Test GPU)";
        QTest::newRow("suspicious")
            << 2e6 << notStated << 1e6 << int(Kind::Suspicious) << "suspicious 0.25×"
            << "faster than the memory roofline: suspicious: 0.25× floor; 2.00 ms measured, floor "
               "8.00 ms (8.00 MB at 1 GB/s on Test GPU); even with the 1.0 MiB L2 serving all "
               "it can, it needs at least 6.95 ms";
        // 100 values: 800 bytes fit in the cache; a warm run may beat the HBM floor.
        QTest::newRow("warm cache")
            << 520.0 << notStated << 100.0 << int(Kind::CacheCanExplain) << "cache 0.65×"
            << "faster than the HBM floor (0.65×), which the cache can explain: 520 ns measured, "
               "floor 800 ns (800 B at 1 GB/s on Test GPU); the protocol does not say it "
               "flushes L2, and the 1.0 MiB L2 can serve part of it, so with it the floor is 0.00 ns";
        // Flushed: the 400 input bytes come from memory; the 400 output bytes may stay in L2.
        QTest::newRow("flushed, outputs in cache")
            << 520.0 << flushed << 100.0 << int(Kind::CacheCanExplain) << "cache 0.65×"
            << "faster than the HBM floor (0.65×), which the cache can explain: 520 ns measured, floor 800 "
               "ns (800 B at "
               "1 GB/s on Test GPU); the protocol flushes L2, but outputs may stay in the 1.0 MiB L2 past "
               "the timed "
               "region, so with it the floor is 400 ns";
        QTest::newRow("flushed, inputs too fast")
            << 320.0 << flushed << 100.0 << int(Kind::Suspicious) << "suspicious 0.40×"
            << "faster than the memory roofline: suspicious: 0.40× floor; 320 ns "
               "measured, floor 800 ns (800 B at 1 GB/s on Test GPU); even with "
               "the 1.0 MiB L2 serving all it can, it needs at least 400 ns";
    }
    void verdicts() {
        QFETCH(double, measured);
        QFETCH(int, l2);
        QFETCH(double, n);
        QFETCH(int, kind);
        QFETCH(QString, label);
        QFETCH(QString, text);
        const auto out = kix::rooflineForCase(elementwise(), {{"n", n}}, Json(), measured, testGpu(),
                                              facts(kix::ProtocolFacts::L2(l2)));
        QVERIFY2(out.verdict, qPrintable(out.noFloorReason));
        QCOMPARE(int(out.verdict->kind), kind);
        QCOMPARE(out.verdict->label(), label);
        QCOMPARE(out.verdict->text(), text);
        QCOMPARE(out.verdict->floorNs, 8 * n);
        QCOMPARE(out.verdict->ratio, measured / (8 * n));
    }

    void suites_data() {
        QTest::addColumn<int>("aggregation");
        QTest::addColumn<double>("floor");
        QTest::addColumn<QString>("name");
        // Cases of 100 and 400 values: floors 800 and 3200 ns.
        QTest::newRow("mean") << int(kix::SuiteAggregation::ArithmeticMean) << 2000.0 << "mean";
        QTest::newRow("geomean") << int(kix::SuiteAggregation::GeometricMean) << 1600.0 << "geometric mean";
        QTest::newRow("not stated") << int(kix::SuiteAggregation::NotStated) << 800.0 << "smallest";
    }
    void suites() {
        QFETCH(int, aggregation);
        QFETCH(double, floor);
        QFETCH(QString, name);
        const Json suite = {
            {"kind", "WorkloadSuite"},
            {"spec", {{"cases", Json::array({{{"axes", {{"n", 100}}}}, {{"axes", {{"n", 400}}}}})}}}};
        auto gpu = testGpu();
        gpu.cacheBytes = 0.0;
        const auto out = kix::rooflineFor(elementwise(), suite, 1e5, kix::SuiteAggregation(aggregation), gpu,
                                          facts(kix::ProtocolFacts::L2::NotStated));
        QVERIFY(out.verdict);
        QCOMPARE(out.verdict->floorNs, floor);
        QCOMPARE(out.verdict->cases, 2);
        QCOMPARE(out.verdict->aggregation, name);
        QVERIFY(
            out.verdict->text().endsWith(QStringLiteral(" on Test GPU, the %1 of 2 case floors)").arg(name)));
    }

    void noFloor() {
        const Json caseWorkload = {{"kind", "WorkloadCase"}, {"spec", {{"axes", {{"n", 100}}}}}};
        auto out =
            kix::rooflineFor(elementwise(), caseWorkload, 0, kix::SuiteAggregation::NotStated, testGpu(), {});
        QCOMPARE(out.noFloorReason, QStringLiteral("no positive measured latency to compare"));
        out = kix::rooflineFor(elementwise(), Json::object({{"kind", "ServingWorkload"}}), 10,
                               kix::SuiteAggregation::NotStated, testGpu(), {});
        QCOMPARE(out.noFloorReason,
                 QStringLiteral("the workload is neither a WorkloadCase nor a WorkloadSuite with cases"));
        const Json suite = {
            {"kind", "WorkloadSuite"},
            {"spec", {{"cases", Json::array({{{"axes", {{"n", 100}}}}, {{"axes", Json::object()}}})}}}};
        out = kix::rooflineFor(elementwise(), suite, 10, kix::SuiteAggregation::GeometricMean, testGpu(), {});
        QCOMPARE(out.noFloorReason,
                 QStringLiteral("case 1 has no floor: nothing that must move could be counted (y: "
                                "axis n has no value in this workload)"));
        // An arithmetic mean is bounded by the cases that have a floor (the others count as zero).
        out =
            kix::rooflineFor(elementwise(), suite, 1e4, kix::SuiteAggregation::ArithmeticMean, testGpu(), {});
        QVERIFY(out.verdict);
        QCOMPARE(out.verdict->floorNs, 400.0);
        auto noBandwidth = testGpu();
        noBandwidth.peakBandwidthGBps = 0;
        out = kix::rooflineForCase(elementwise(), {{"n", 1}}, Json(), 10, noBandwidth, {});
        QCOMPARE(out.noFloorReason, QStringLiteral("no peak memory bandwidth for Test GPU"));
    }

    void protocolFacts() {
        const Json kix = Json::parse(
            kixtest::readAll(kixtest::repoPath(QStringLiteral(
                                 "tests/data/legacy-kix/kix-run-20261202T153824Z-nvidia-h200.manifest.json")))
                .toStdString());
        const kix::ProtocolFacts f = kix::protocolFactsFrom(kix["protocol"]);
        QCOMPARE(f.l2, kix::ProtocolFacts::L2::Flushed);
        QCOMPARE(
            f.evidence,
            QStringLiteral("flushed before every timed launch by writing a buffer of twice the L2 size"));
        const Json seed = kixtest::seedJson();
        QCOMPARE(kix::protocolFactsFrom(seed["protocol"]).l2, kix::ProtocolFacts::L2::NotStated);
        // A KernelIndex-shaped protocol kix writes says it in its notes; the same words from another
        // harness are free text and say nothing.
        const Json current = Json::parse(kixtest::readAll(kixtest::repoPath(
            QStringLiteral("resources/samples/kix/kix-run-20261204T053602Z-nvidia-h200.manifest.json"))));
        const kix::ProtocolFacts fromNotes = kix::protocolFactsFrom(current["protocol"]);
        QCOMPARE(fromNotes.l2, kix::ProtocolFacts::L2::Flushed);
        QCOMPARE(fromNotes.evidence, QStringLiteral("the L2 flushed before every timed launch"));
        Json other = current["protocol"];
        other["spec"]["harness"]["name"] = "someone else's harness";
        QCOMPARE(kix::protocolFactsFrom(other).l2, kix::ProtocolFacts::L2::NotStated);
        QCOMPARE(
            kix::protocolFactsFrom({{"spec", {{"measurement", {{"l2", "not flushed between launches"}}}}}})
                .l2,
            kix::ProtocolFacts::L2::NotFlushed);
        QCOMPARE(kix::suiteAggregationFrom(QStringLiteral("geomean")), kix::SuiteAggregation::GeometricMean);
        QCOMPARE(kix::suiteAggregationFrom(
                     QStringLiteral("geometric mean over cases of the per-case mean latency")),
                 kix::SuiteAggregation::GeometricMean);
        QCOMPARE(kix::suiteAggregationFrom(QStringLiteral("arithmetic mean of cases")),
                 kix::SuiteAggregation::ArithmeticMean);
        QCOMPARE(kix::suiteAggregationFrom(QStringLiteral("mean")), kix::SuiteAggregation::NotStated);
    }

    void formats() {
        QCOMPARE(kix::formatBytes(800), QStringLiteral("800 B"));
        QCOMPARE(kix::formatBytes(202087248), QStringLiteral("202 MB"));
        QCOMPARE(kix::formatBytes(4.3e9), QStringLiteral("4.30 GB"));
        kix::RooflineVerdict v;
        v.ratio = 0.0304;
        QCOMPARE(v.ratioText(), QStringLiteral("0.030×"));
        v.ratio = 0.0079;
        QCOMPARE(v.ratioText(), QStringLiteral("0.0079×"));
        v.ratio = 34.56;
        QCOMPARE(v.ratioText(), QStringLiteral("34.6×"));
        v.ratio = 1234.4;
        QCOMPARE(v.ratioText(), QStringLiteral("1234×"));
    }

    // The real 013 OperationSpec in the KernelIndex catalog gives the same count as the fixture.
    void catalog013() {
        KIX_REQUIRE_SHARED(catalog, QStringLiteral("kernelindex/catalog-2026-08-16-94af2ae7.jsonl.zst"));
        QProcess zstd;
        zstd.start(QStringLiteral("zstd"), {QStringLiteral("-dc"), catalog});
        if (!zstd.waitForStarted())
            QSKIP("zstd is not installed; the fixture tests cover the rule");
        QByteArray all;
        while (zstd.waitForReadyRead(30000))
            all += zstd.readAllStandardOutput();
        zstd.waitForFinished();
        all += zstd.readAllStandardOutput();
        int checked = 0;
        for (const QByteArray& line : all.split('\n')) {
            if (!line.startsWith("{\"table\":\"operations\""))
                continue;
            const Json row = Json::parse(line.toStdString())["row"];
            const QString slug = QString::fromStdString(row["slug"].get<std::string>());
            if (slug == QLatin1String("013-fused-residual-rms-norm-backward")) {
                const auto b =
                    kix::bytesThatMustMove(row["manifest"], {{"batch_size", 4}, {"seq_len", 1973}});
                QVERIFY(b.bytes);
                QCOMPARE(b.bytes->total(), 202087248.0);
                ++checked;
            } else if (slug == QLatin1String("013-gqa-paged-decode-h32-kv8-d128-ps1")) {
                const auto b = kix::bytesThatMustMove(
                    row["manifest"],
                    {{"batch_size", 1}, {"num_pages", 9316}, {"len_indptr", 2}, {"num_kv_indices", 73}});
                QVERIFY(b.bytes);
                QCOMPARE(b.bytes->total(), 16512.0);
                ++checked;
            }
        }
        QCOMPARE(checked, 2);
    }
};

KIX_TEST_GUILESS_MAIN(TestRoofline)
#include "tst_roofline.moc"
