// KernelIndex's normalization before hashing: set-like lists and durations, rule by rule, its own
// example whose published digest needs it, and catalog resources that are already normal.
#include "Normalize.h"
#include "TestMain.h"

#include "Digest.h"
#include "LineSource.h"
#include "SharedData.h"

#include <QDir>
#include <QTest>

namespace {

using kix::Json;

Json implementation(const Json& support) {
    return Json{{"apiVersion", "kernelindex.dev/v1alpha1"},
                {"kind", "ImplementationRevision"},
                {"metadata", {{"name", "impl"}}},
                {"spec",
                 {{"projectRevision", Json::object()},
                  {"operation", {{"specDigest", "sha256:" + std::string(64, '0')}}},
                  {"callable", {{"language", "triton"}}},
                  {"support", support},
                  {"licensing", Json::object()}}}};
}

Json run(const Json& latency) {
    return Json{{"apiVersion", "kernelindex.dev/v1alpha1"},
                {"kind", "BenchmarkRun"},
                {"metadata", {{"name", "run"}}},
                {"spec",
                 {{"status", "passed"},
                  {"timing", {{"primaryStatistic", "median"}, {"latencyNs", latency}}},
                  {"observedAt", "2026-08-01T12:00:00Z"}}}};
}

Json parse(const char* json) {
    return Json::parse(json);
}

} // namespace

class TestNormalize : public QObject {
    Q_OBJECT
private slots:
    void setLike_data() {
        QTest::addColumn<QByteArray>("list");
        QTest::addColumn<QByteArray>("expected");
        QTest::addColumn<QString>("change");
        auto row = [](const char* name, const char* list, const char* expected, const char* change) {
            QTest::newRow(name) << QByteArray(list) << QByteArray(expected) << QString::fromUtf8(change);
        };
        row("sorted and de-duplicated", R"(["fp16","bf16","fp16"])", R"(["bf16","fp16"])",
            "spec.support.dtypes: sorted and de-duplicated");
        row("sorted", R"(["fp32","bf16"])", R"(["bf16","fp32"])", "spec.support.dtypes: sorted");
        row("de-duplicated", R"(["bf16","bf16","fp32"])", R"(["bf16","fp32"])",
            "spec.support.dtypes: de-duplicated");
        row("already normal", R"(["bf16","fp32"])", R"(["bf16","fp32"])", "");
        row("empty", R"([])", R"([])", "");
        row("capitals sort first", R"(["b","B","a"])", R"(["B","a","b"])", "spec.support.dtypes: sorted");
        // JavaScript compares UTF-16 code units: U+1F600 (a surrogate pair, 0xD83D...) sorts before U+FF61,
        // though its UTF-8 bytes sort after.
        row("utf-16 order", "[\"\xEF\xBD\xA1\",\"\xF0\x9F\x98\x80\"]",
            "[\"\xF0\x9F\x98\x80\",\"\xEF\xBD\xA1\"]", "spec.support.dtypes: sorted");
        row("not all strings: left for the upstream check", R"(["fp32",1,"bf16"])", R"(["fp32",1,"bf16"])",
            "");
    }
    void setLike() {
        QFETCH(QByteArray, list);
        QFETCH(QByteArray, expected);
        QFETCH(QString, change);
        const Json resource = implementation(Json{{"hardwareArchitectures", Json::array({"sm_90"})},
                                                  {"dtypes", Json::parse(list.toStdString())}});
        const auto n = kix::normalizeResource(resource, QStringLiteral("i.json"), QString());
        QCOMPARE(QByteArray::fromStdString(n.value["spec"]["support"]["dtypes"].dump()), expected);
        QCOMPARE(n.changed, !change.isEmpty());
        QCOMPARE(n.changes, change.isEmpty() ? QStringList() : QStringList{change});
        QVERIFY(n.problems.isEmpty());
    }

    // All five support lists are set-like; nothing else in the resource is touched.
    void everySupportList() {
        const Json support =
            parse(R"({"hardwareArchitectures":["sm_90","sm_80"],"productsTested":["H200","H100"],
            "axes":["tokens >= 1","hidden == 4096"],"dtypes":["fp16","bf16"],"layouts":["row_major","col_major"],
            "other":["b","a"]})");
        Json resource = implementation(support);
        resource["metadata"]["labels"] = {{"tags", "b,a"}};
        resource["spec"]["buildVariants"] = parse(R"([{"name":"z"},{"name":"a"}])");
        const auto n =
            kix::normalizeResource(resource, QStringLiteral("i.json"), QStringLiteral("implementation"));
        QCOMPARE(n.changes,
                 (QStringList{QStringLiteral("implementation.spec.support.hardwareArchitectures: sorted"),
                              QStringLiteral("implementation.spec.support.productsTested: sorted"),
                              QStringLiteral("implementation.spec.support.axes: sorted"),
                              QStringLiteral("implementation.spec.support.dtypes: sorted"),
                              QStringLiteral("implementation.spec.support.layouts: sorted")}));
        QVERIFY(n.value["spec"]["support"]["other"] == parse(R"(["b","a"])"));
        QVERIFY(n.value["spec"]["buildVariants"] == resource["spec"]["buildVariants"]);
        QVERIFY(n.value["metadata"] == resource["metadata"]);
    }

    // Ordered lists keep their order, and other kinds' lists are not set-like.
    void orderedListsKept() {
        const Json op =
            parse(R"({"apiVersion":"kernelindex.dev/v1alpha1","kind":"OperationSpec","metadata":{"name":"op"},
            "spec":{"family":"x","axes":{},"inputs":[{"name":"weight"},{"name":"input"}],"outputs":[{"name":"b"},{"name":"a"}],
            "semantics":{"mutation":"none","determinism":"deterministic"}}})");
        const auto n = kix::normalizeResource(op, QStringLiteral("o.json"), QString());
        QVERIFY(!n.changed);
        QVERIFY(n.value == op);
        Json other = implementation(parse(R"({"dtypes":["b","a"]})"));
        other["kind"] = "BenchmarkRun";
        QVERIFY(!kix::normalizeResource(other, QString(), QString()).changed);
        Json foreign = implementation(parse(R"({"dtypes":["b","a"]})"));
        foreign["apiVersion"] = "example.org/v1";
        QVERIFY(!kix::normalizeResource(foreign, QString(), QString()).changed);
        QVERIFY(!kix::normalizeResource(Json::array({1, 2}), QString(), QString()).changed);
    }

    void durations_data() {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QByteArray>("expected"); // the normalized value, as JSON
        QTest::addColumn<QString>("report");      // the change, or the problem (code: message)
        auto ok = [](const char* name, const char* value, const char* expected, const char* change) {
            QTest::newRow(name) << QByteArray(value) << QByteArray(expected) << QString::fromUtf8(change);
        };
        ok("milliseconds", R"("0.008 ms")", "8000", "spec.timing.latencyNs.median: \"0.008 ms\" → 8000 ns");
        ok("nanoseconds", R"("8000 ns")", "8000", "spec.timing.latencyNs.median: \"8000 ns\" → 8000 ns");
        ok("us", R"("8 us")", "8000", "spec.timing.latencyNs.median: \"8 us\" → 8000 ns");
        ok("micro sign", "\"8 \xC2\xB5s\"", "8000",
           "spec.timing.latencyNs.median: \"8 \xC2\xB5s\" → 8000 ns");
        ok("no space", R"("8us")", "8000", "spec.timing.latencyNs.median: \"8us\" → 8000 ns");
        ok("seconds", R"("1.5 s")", "1500000000", "spec.timing.latencyNs.median: \"1.5 s\" → 1500000000 ns");
        ok("zero", R"("0 ms")", "0", "spec.timing.latencyNs.median: \"0 ms\" → 0 ns");
        ok("no-break space (JavaScript whitespace)", "\"5\xC2\xA0ms\"", "5000000",
           "spec.timing.latencyNs.median: \"5\xC2\xA0ms\" → 5000000 ns");
        ok("double arithmetic lands on a whole number", R"("1.1 us")", "1100",
           "spec.timing.latencyNs.median: \"1.1 us\" → 1100 ns");
        ok("largest safe count", R"("9007199254740991 ns")", "9007199254740991",
           "spec.timing.latencyNs.median: \"9007199254740991 ns\" → 9007199254740991 ns");
        ok("integer stays", "8120", "8120", "");
        auto bad = [](const char* name, const char* value, const char* report) {
            QTest::newRow(name) << QByteArray(value) << QByteArray(value) << QString::fromUtf8(report);
        };
        bad("half a nanosecond", R"("0.0000005 ms")",
            "upstream.ambiguous_duration: \"0.0000005 ms\" is 0.5 ns, not a whole number of nanoseconds: "
            "KernelIndex rejects this duration as ambiguous");
        bad("fraction of a nanosecond", R"("0.0005 ns")",
            "upstream.ambiguous_duration: \"0.0005 ns\" is 0.0005 ns, not a whole number of nanoseconds: "
            "KernelIndex rejects this duration as ambiguous");
        bad("double arithmetic misses", R"("1.005 s")",
            "upstream.ambiguous_duration: \"1.005 s\" is 1004999999.9999999 ns, not a whole number of "
            "nanoseconds: KernelIndex rejects this duration as ambiguous");
        bad("past the safe integers", R"("10000000 s")",
            "upstream.ambiguous_duration: \"10000000 s\" is more nanoseconds than KernelIndex stores exactly "
            "(at "
            "most 9007199254740991): it rejects this duration");
        const char* notDuration =
            "upstream.duration: KernelIndex expects an integer count of nanoseconds or a "
            "duration such as \"0.008 ms\" (units ns, us, µs, ms, s), found %1";
        const auto notA = [&](const char* name, const char* value, const char* shown) {
            QTest::newRow(name) << QByteArray(value) << QByteArray(value)
                                << QString::fromUtf8(notDuration).arg(QString::fromUtf8(shown));
        };
        notA("two spaces", R"("5  ms")", "\"5  ms\"");
        notA("capital unit", R"("5 MS")", "\"5 MS\"");
        notA("exponent", R"("1e3 ns")", "\"1e3 ns\"");
        notA("negative", R"("-5 ns")", "\"-5 ns\"");
        notA("leading dot", R"(".5 ms")", "\".5 ms\"");
        notA("trailing dot", R"("5. ms")", "\"5. ms\"");
        notA("no unit", R"("5")", "\"5\"");
        notA("minutes", R"("1 min")", "\"1 min\"");
        notA("greek mu is not the micro sign", "\"8 \xCE\xBCs\"", "\"8 \xCE\xBCs\"");
        notA("control characters are not echoed", "\"5\\u001b[2J\"", "\"5?[2J\"");
    }
    void durations() {
        QFETCH(QByteArray, value);
        QFETCH(QByteArray, expected);
        QFETCH(QString, report);
        const Json resource = run(Json{{"median", Json::parse(value.toStdString())}});
        const auto n = kix::normalizeResource(resource, QStringLiteral("r.json"), QString());
        QCOMPARE(QByteArray::fromStdString(n.value["spec"]["timing"]["latencyNs"]["median"].dump()),
                 expected);
        if (report.startsWith(QStringLiteral("upstream."))) {
            QVERIFY(!n.changed);
            QCOMPARE(n.problems.size(), 1);
            const kix::Problem& p = n.problems.first();
            QCOMPARE(p.code + QStringLiteral(": ") + p.message, report);
            QCOMPARE(p.path, QStringLiteral("spec.timing.latencyNs.median"));
            QCOMPARE(p.file, QStringLiteral("r.json"));
            QCOMPARE(p.severity, kix::Problem::Severity::Warning);
        } else {
            QVERIFY(n.problems.isEmpty());
            QCOMPARE(n.changed, !report.isEmpty());
            QCOMPARE(n.changes, report.isEmpty() ? QStringList() : QStringList{report});
        }
    }

    // Every latency statistic, the confidence interval and the protocol's warm-up are durations.
    void everyDurationField() {
        const Json latency =
            parse(R"({"median":"1 us","mean":"2 us","p05":"3 us","p95":"4 us","minimum":"5 us",
            "maximum":"6 us","mad":"7 us","confidence95":["8 us","9 us"]})");
        const auto n = kix::normalizeResource(run(latency), QString(), QStringLiteral("run"));
        QVERIFY(
            n.value["spec"]["timing"]["latencyNs"] ==
            parse(
                R"({"median":1000,"mean":2000,"p05":3000,"p95":4000,"minimum":5000,"maximum":6000,"mad":7000,
                          "confidence95":[8000,9000]})"));
        QCOMPARE(n.changes.size(), 9);
        QCOMPARE(n.changes.last(),
                 QStringLiteral("run.spec.timing.latencyNs.confidence95[1]: \"9 us\" → 9000 ns"));
        const Json protocol = parse(R"({"apiVersion":"kernelindex.dev/v1alpha1","kind":"BenchmarkProtocol",
            "metadata":{"name":"p"},"spec":{"harness":{"name":"h"},"measurement":{"timer":"t","primaryStatistic":"median",
            "warmupDuration":"25 ms"}}})");
        const auto p = kix::normalizeResource(protocol, QString(), QString());
        QCOMPARE(p.value["spec"]["measurement"]["warmupDuration"].get<int>(), 25000000);
        QCOMPARE(p.changes,
                 QStringList{QStringLiteral("spec.measurement.warmupDuration: \"25 ms\" → 25000000 ns")});
    }

    // KernelIndex's own example digests equal a normalized form and its unnormalized spelling alike.
    void sameDigestBothForms() {
        const Json a = run(parse(R"({"median":"0.008 ms"})"));
        const Json b = run(parse(R"({"median":8000})"));
        QVERIFY(kix::resourceDigest(a) != kix::resourceDigest(b));
        QCOMPARE(kix::resourceDigest(kix::normalizeResource(a, QString(), QString()).value),
                 kix::resourceDigest(kix::normalizeResource(b, QString(), QString()).value));
        const Json c =
            implementation(parse(R"({"hardwareArchitectures":["sm_100"],"dtypes":["fp16","bf16","fp16"]})"));
        const Json d =
            implementation(parse(R"({"hardwareArchitectures":["sm_100"],"dtypes":["bf16","fp16"]})"));
        QCOMPARE(kix::resourceDigest(kix::normalizeResource(c, QString(), QString()).value),
                 kix::resourceDigest(kix::normalizeResource(d, QString(), QString()).value));
        // Normalizing twice changes nothing more.
        const auto once = kix::normalizeResource(c, QString(), QString());
        const auto twice = kix::normalizeResource(once.value, QString(), QString());
        QVERIFY(!twice.changed);
        QVERIFY(twice.value == once.value);
    }

    // KernelIndex's implementation-revision example lists support.axes unsorted; the benchmark-run
    // example names it by the digest of its normalized form.
    void implementationRevisionExample() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("kernelindex/examples-json/implementation-revision.json"));
        KIX_REQUIRE_SHARED(runPath, QStringLiteral("kernelindex/examples-json/benchmark-run.json"));
        const auto impl = kix::readJsonFile(path);
        const auto r = kix::readJsonFile(runPath);
        QVERIFY(impl.value && r.value);
        const QString published =
            QString::fromStdString(r.value->at("spec").at("implementationDigest").get<std::string>());
        QCOMPARE(published,
                 QStringLiteral("sha256:c560b43111f315d75a81c1cf194c827b1c294110fe5b20ad2d4467c09c24809e"));
        QVERIFY(kix::resourceDigest(*impl.value) != published); // as written
        const auto n = kix::normalizeResource(*impl.value, path, QString());
        QVERIFY(n.changed);
        QCOMPARE(n.changes, QStringList{QStringLiteral("spec.support.axes: sorted")});
        QCOMPARE(kix::resourceDigest(n.value), published);
    }
    void implementationRevisionFixture() {
        // The same case without the shared data: a fixture with the example's unsorted axes.
        const Json support =
            parse(R"({"hardwareArchitectures":["sm_100"],"axes":["tokens >= 1","hidden == 4096"],
                                       "dtypes":["bf16"]})");
        const auto n = kix::normalizeResource(implementation(support), QString(), QString());
        QVERIFY(n.value["spec"]["support"]["axes"] == parse(R"(["hidden == 4096","tokens >= 1"])"));
        QCOMPARE(kix::resourceDigest(n.value),
                 kix::resourceDigest(implementation(parse(R"({"hardwareArchitectures":["sm_100"],
                     "axes":["hidden == 4096","tokens >= 1"],"dtypes":["bf16"]})"))));
    }

    // Catalog resources were published normal: normalization leaves them (and their digests) alone.
    void catalogAlreadyNormal() {
        KIX_REQUIRE_SHARED(folder, QStringLiteral("kernelindex"));
        const QDir dir(folder);
        const QStringList found = dir.entryList({QStringLiteral("catalog-*.jsonl.zst")}, QDir::Files);
        if (found.isEmpty())
            QSKIP(
                qPrintable(kixtest::sharedMissingReason(QStringLiteral("kernelindex/catalog-*.jsonl.zst"))));
        kix::LineSource source(dir.filePath(found.first()));
        QVERIFY(!source.open());
        kix::SourceLine line;
        const std::map<std::string, std::string> digestField = {{"operations", "semanticDigest"},
                                                                {"implementations", "implementationDigest"},
                                                                {"workloads", "workloadDigest"}};
        std::map<std::string, int> checked;
        int runs = 0;
        while (source.next(line)) {
            const Json record = Json::parse(line.text.constData(), line.text.constData() + line.text.size());
            const std::string table = record.at("table").get<std::string>();
            const Json& row = record.at("row");
            if (table == "benchmark_runs") {
                if (++runs % 20 != 0) // a sample: one run bundle in twenty
                    continue;
                for (const char* part : {"run", "protocol", "environment"}) {
                    const auto n = kix::normalizeResource(row.at("manifest").at(part), QString(), QString());
                    QVERIFY2(!n.changed, qPrintable(n.changes.join(u'\n')));
                    QVERIFY(n.problems.isEmpty());
                }
                ++checked[table];
                continue;
            }
            const auto field = digestField.find(table);
            if (field == digestField.end())
                continue;
            const auto n = kix::normalizeResource(row.at("manifest"), QString(), QString());
            QVERIFY2(!n.changed, qPrintable(n.changes.join(u'\n')));
            QVERIFY(n.problems.isEmpty());
            QCOMPARE(kix::resourceDigest(n.value),
                     QString::fromStdString(row.at(field->second).get<std::string>()));
            ++checked[table];
        }
        QCOMPARE(checked["operations"], 449);
        QCOMPARE(checked["implementations"], 4250);
        QCOMPARE(checked["workloads"], 5627);
        QCOMPARE(checked["benchmark_runs"], 7857 / 20);
    }
};

KIX_TEST_GUILESS_MAIN(TestNormalize)
#include "tst_normalize.moc"
