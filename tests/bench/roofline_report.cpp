// kix-roofline-report: the memory-roofline check over a KernelIndex catalog export, as Markdown.
//   zstd -dc catalog-….jsonl.zst | kix-roofline-report > report.md      (or: kix-roofline-report FILE.jsonl)
//   kix-roofline-report --operation OPERATION.json MANIFEST...           (per-case check of kix's own runs)
// Reads {"table", "row"} lines (operations, workloads, benchmark_runs), computes every run's floor with the
// same model code the explorer and CLI use (Roofline.h), and reports how many runs have a floor, the
// distribution of "× floor", and every run faster than its floor with its numbers. Results:
// docs/roofline-report.md.
#include "Format.h"
#include "GpuBandwidth.h"
#include "JsonReader.h"
#include "KixResources.h"
#include "Roofline.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <QTextStream>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using kix::Json;

namespace {

struct Flagged {
    QString run, source, benchmark, gpu, workload;
    kix::RooflineVerdict verdict;
};

QString text(const Json& v) {
    return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString();
}

const Json* at(const Json& v, std::initializer_list<const char*> path) {
    const Json* cur = &v;
    for (const char* key : path) {
        if (!cur->is_object() || !cur->contains(key))
            return nullptr;
        cur = &(*cur)[key];
    }
    return cur;
}

double toNs(double value, const QString& unit) {
    if (unit == QLatin1String("ns"))
        return value;
    if (unit == QLatin1String("us") || unit == QStringLiteral("µs"))
        return value * 1e3;
    if (unit == QLatin1String("ms"))
        return value * 1e6;
    if (unit == QLatin1String("s"))
        return value * 1e9;
    return NAN;
}

// The run's primary latency in ns and the text that says how a suite's cases were combined.
bool measured(const Json& runSpec, double& ns, QString& aggregation) {
    if (const Json* timing = at(runSpec, {"timing"})) {
        const QString stat = text(timing->value("primaryStatistic", Json("mean")));
        if (const Json* v = at(*timing, {"latencyNs", stat.toStdString().c_str()}); v && v->is_number()) {
            ns = v->get<double>();
            aggregation = timing->contains("aggregation") ? text((*timing)["aggregation"]) : stat;
            return true;
        }
    }
    if (const Json* list = at(runSpec, {"measurements"}); list && list->is_array() && !list->empty()) {
        const Json& m = (*list)[0];
        const QString metric = text(m.value("metric", Json("")));
        if ((metric == QLatin1String("latency") || metric == QLatin1String("score")) && m.contains("value") &&
            m["value"].is_number()) {
            ns = toNs(m["value"].get<double>(), text(m.value("unit", Json(""))));
            aggregation = text(m.value("statistic", Json("")));
            return std::isfinite(ns);
        }
    }
    return false;
}

// Reasons grouped without case numbers and quoted values, so that one operation's runs count together.
QString reasonClass(QString reason) {
    static const QRegularExpression caseN(QStringLiteral("^case \\d+ has no floor: "));
    static const QRegularExpression quoted(QStringLiteral("\"[^\"]*\""));
    reason.remove(caseN);
    reason.replace(quoted, QStringLiteral("\"…\""));
    return reason;
}

QString percentile(std::vector<double> v, double q) {
    if (v.empty())
        return QStringLiteral("—");
    std::sort(v.begin(), v.end());
    const double pos = q * double(v.size() - 1);
    const std::size_t lo = std::size_t(std::floor(pos)), hi = std::size_t(std::ceil(pos));
    kix::RooflineVerdict r;
    r.ratio = v[lo] + (v[hi] - v[lo]) * (pos - double(lo));
    return r.ratioText();
}

QString cell(QString s) {
    return s.replace(u'|', QStringLiteral("\\|")).replace(u'\n', u' ');
}

Json readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Json();
    const kix::JsonReadResult r = kix::parseJson(f.readAll(), path);
    return r.value.value_or(Json());
}

// Every case of kix's own run manifests (which carry per-case latencies) against its floor.
int perCaseReport(const QString& operationFile, const QStringList& manifests,
                  const kix::GpuBandwidthTable& table) {
    const Json op = readJson(operationFile);
    if (op.is_null()) {
        std::fprintf(stderr, "kix-roofline-report: %s: not a readable JSON OperationSpec\n",
                     qPrintable(operationFile));
        return 3;
    }
    QTextStream out(stdout);
    for (const QString& file : manifests) {
        const Json m = readJson(file);
        QString why;
        const auto gpu = kix::gpuFromEnvironment(m.value("environment", Json()), table, why);
        const Json* cases = at(m, {"run", "spec", "cases"});
        Json evidence; // a KernelIndex-shaped run keeps its cases in the raw-samples file it names
        if (!cases)
            if (const Json* uri = at(m, {"run", "spec", "evidence", "rawSamples", "uri"});
                uri && uri->is_string()) {
                const QString name = QString::fromStdString(uri->get<std::string>()).section(u'#', 0, 0);
                evidence = readJson(QFileInfo(file).dir().filePath(name));
                cases = at(evidence, {"cases"});
            }
        if (!gpu || !cases || !cases->is_array()) {
            std::fprintf(stderr, "kix-roofline-report: %s: %s\n", qPrintable(file),
                         qPrintable(gpu ? QStringLiteral("no per-case results") : why));
            return 3;
        }
        const kix::ProtocolFacts facts = kix::protocolFactsFrom(m.value("protocol", Json()));
        out << "#### " << QFileInfo(file).fileName() << "\n\n"
            << gpu->product << ", " << kix::formatBandwidth(gpu->peakBandwidthGBps) << ", L2 "
            << (facts.l2 == kix::ProtocolFacts::L2::Flushed ? "flushed before every timed launch"
                                                            : "not stated")
            << "\n\n| case | bytes | measured (mean) | floor | × floor | verdict "
               "|\n|---|---:|---:|---:|---:|---|\n";
        for (const Json& c : *cases) {
            const Json* mean = at(c, {"latencyNs", "mean"});
            const Json caseAxes = c.value("axes", Json::object());
            const auto r = kix::rooflineForCase(
                op, caseAxes, Json(), mean && mean->is_number() ? mean->get<double>() : 0, *gpu, facts);
            QStringList axes;
            for (const auto& [k, v] : caseAxes.items())
                axes << QStringLiteral("%1=%2")
                            .arg(QString::fromStdString(k))
                            .arg(v.is_number() ? v.get<double>() : 0);
            if (!r.verdict) {
                out << "| " << axes.join(u' ') << " | | | | | " << r.noFloorReason << " |\n";
                continue;
            }
            out << "| " << axes.join(u' ') << " | " << kix::formatBytes(r.verdict->bytes) << " | "
                << kix::formatLatency(r.verdict->measuredNs) << " | "
                << kix::formatLatency(r.verdict->floorNs) << " | " << r.verdict->ratioText() << " | "
                << r.verdict->label() << " |\n";
        }
        out << "\n";
    }
    return 0;
}

// The catalog export's operations and workloads by digest, and its run rows.
struct Export {
    QHash<QString, Json> operations, workloads;
    std::vector<Json> runs;
    qint64 lines = 0, badLines = 0;
};

Export readExport(QFile& in) {
    Export x;
    while (!in.atEnd()) {
        const QByteArray line = in.readLine();
        if (line.isEmpty()) // a pipe reports its end only after a last, empty read
            continue;
        ++x.lines;
        if (line.trimmed().isEmpty())
            continue;
        const kix::JsonReadResult r = kix::parseJson(line, QStringLiteral("line %1").arg(x.lines));
        if (!r.value || !r.value->is_object()) {
            ++x.badLines;
            continue;
        }
        const QString t = text(r.value->value("table", Json("")));
        const Json& row = (*r.value)["row"];
        if (t == QLatin1String("operations") && row.contains("manifest"))
            x.operations.insert(text(row.value("semanticDigest", Json(""))), row["manifest"]);
        else if (t == QLatin1String("workloads") && row.contains("manifest"))
            x.workloads.insert(text(row.value("workloadDigest", Json(""))), row["manifest"]);
        else if (t == QLatin1String("benchmark_runs"))
            x.runs.push_back(row);
        if (x.lines % 5000 == 0)
            std::fprintf(stderr, "kix-roofline-report: %lld lines read\n", x.lines);
    }
    return x;
}

// What the report counts over the passed, unretracted runs.
struct Tally {
    int passed = 0, withFloor = 0;
    QMap<QString, int> noFloor;
    QMap<QString, int> kinds;
    QMap<QString, QPair<int, int>> byGpu; // runs with a floor, flagged
    std::vector<double> ratios;
    QList<Flagged> suspicious, cached, atRoofline, closest;
};

// The run row's floor and verdict; the reason it has none otherwise.
struct RowVerdict {
    std::optional<kix::RooflineVerdict> verdict;
    std::optional<kix::GpuMemorySpec> gpu;
    const Json* workload = nullptr;
    QString noFloor;
};

RowVerdict verdictOf(const Json& manifest, const Json& runSpec, const Export& x,
                     const kix::GpuBandwidthTable& table) {
    RowVerdict v;
    double ns = 0;
    QString aggregation;
    if (!measured(runSpec, ns, aggregation)) {
        v.noFloor = QStringLiteral("no latency or time score");
        return v;
    }
    const auto wl = x.workloads.constFind(text(runSpec.value("workloadDigest", Json(""))));
    if (wl == x.workloads.constEnd()) {
        v.noFloor = QStringLiteral("its workload is not in the catalog");
        return v;
    }
    v.workload = &*wl;
    const Json* opDigest = at(*wl, {"spec", "operationSpecDigest"});
    const auto op = opDigest ? x.operations.constFind(text(*opDigest)) : x.operations.constEnd();
    if (op == x.operations.constEnd()) {
        v.noFloor = QStringLiteral("its operation is not in the catalog");
        return v;
    }
    QString why;
    const auto gpu = kix::gpuFromEnvironment(manifest.value("environment", Json()), table, why);
    if (!gpu) {
        v.noFloor = why;
        return v;
    }
    v.gpu = *gpu;
    const kix::ProtocolFacts facts = kix::protocolFactsFrom(manifest.value("protocol", Json()));
    const kix::RooflineOutcome out =
        kix::rooflineFor(*op, *wl, ns, kix::suiteAggregationFrom(aggregation), *gpu, facts);
    if (!out.verdict)
        v.noFloor = reasonClass(out.noFloorReason);
    v.verdict = out.verdict;
    return v;
}

void tallyVerdict(const Flagged& f, Tally& t) {
    switch (f.verdict.kind) {
    case kix::RooflineVerdict::Kind::Suspicious:
        ++t.kinds[QStringLiteral("faster than the memory roofline: suspicious")];
        ++t.byGpu[f.gpu].second;
        t.suspicious << f;
        break;
    case kix::RooflineVerdict::Kind::CacheCanExplain:
        ++t.kinds[QStringLiteral("faster than the HBM floor, which the cache can explain")];
        t.cached << f;
        break;
    case kix::RooflineVerdict::Kind::AtRoofline:
        ++t.kinds[QStringLiteral("at the roofline (within 5%)")];
        t.atRoofline << f;
        break;
    case kix::RooflineVerdict::Kind::AboveFloor:
        ++t.kinds[QStringLiteral("above the floor by more than 5%")];
        t.closest << f;
        break;
    }
}

Tally tally(const Export& x, const kix::GpuBandwidthTable& table) {
    Tally t;
    for (const Json& row : x.runs) {
        const Json* manifest = at(row, {"manifest"});
        const Json* runSpec = manifest ? at(*manifest, {"run", "spec"}) : nullptr;
        if (!runSpec || text(runSpec->value("status", Json(""))) != QLatin1String("passed") ||
            !row.value("retractedAt", Json()).is_null())
            continue;
        ++t.passed;
        const RowVerdict v = verdictOf(*manifest, *runSpec, x, table);
        if (!v.verdict) {
            ++t.noFloor[v.noFloor];
            continue;
        }
        ++t.withFloor;
        t.ratios.push_back(v.verdict->ratio);
        ++t.byGpu[v.gpu->product].first;
        const Json* native = at(*runSpec, {"sourceNative"});
        const Json* name = at(*manifest, {"run", "metadata", "name"});
        tallyVerdict(Flagged{text(name ? *name : Json()),
                             native ? text(native->value("source", Json(""))) : QString(),
                             native ? text(native->value("benchmark", Json(""))) : QString(), v.gpu->product,
                             text(v.workload->value("kind", Json(""))), *v.verdict},
                     t);
    }
    return t;
}

void printList(QTextStream& out, const QString& title, QList<Flagged> runsList) {
    std::sort(runsList.begin(), runsList.end(),
              [](const Flagged& a, const Flagged& b) { return a.verdict.ratio < b.verdict.ratio; });
    out << "\n### " << title << " (" << runsList.size() << ")\n\n";
    if (runsList.isEmpty())
        return;
    out << "| run | source · benchmark | GPU | workload | measured | floor | cache floor | bytes | × "
           "floor |\n"
           "|---|---|---|---|---:|---:|---:|---:|---:|\n";
    for (const Flagged& f : runsList) {
        const kix::RooflineVerdict& v = f.verdict;
        out << "| " << cell(f.run) << " | " << cell(f.source) << " · " << cell(f.benchmark) << " | " << f.gpu
            << " | " << f.workload
            << (v.cases > 1 ? QStringLiteral(" (%1 of %2 cases)").arg(v.aggregation).arg(v.cases) : QString())
            << " | " << kix::formatLatency(v.measuredNs) << " | " << kix::formatLatency(v.floorNs) << " | "
            << kix::formatLatency(v.cacheFloorNs) << " | " << kix::formatBytes(v.bytes) << " | "
            << v.ratioText() << " |\n";
    }
}

void printDistribution(QTextStream& out, const std::vector<double>& ratios) {
    out << "\n### Distribution of × floor\n\n| min | 1% | 10% | 25% | median | 75% | 90% | 99% | max |\n"
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n| ";
    for (double q : {0.0, 0.01, 0.10, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0})
        out << percentile(ratios, q) << (q < 1.0 ? " | " : " |\n");
    const std::pair<double, const char*> buckets[] = {
        {1, "< 1×"},   {1.05, "1–1.05×"}, {2, "1.05–2×"},      {5, "2–5×"},
        {10, "5–10×"}, {100, "10–100×"},  {1000, "100–1000×"}, {INFINITY, "≥ 1000×"}};
    out << "\n| × floor | runs |\n|---|---:|\n";
    double lower = 0;
    for (const auto& bucket : buckets) {
        const double upper = bucket.first;
        const auto n =
            std::count_if(ratios.begin(), ratios.end(), [&](double r) { return r >= lower && r < upper; });
        out << "| " << QString::fromUtf8(bucket.second) << " | " << n << " |\n";
        lower = upper;
    }
}

void printReport(const Export& x, Tally t) {
    QTextStream out(stdout);
    out << "Runs in the export: " << x.runs.size() << " (" << x.lines << " lines";
    if (x.badLines)
        out << ", " << x.badLines << " unreadable";
    out << "). Passed and not retracted: " << t.passed << ". With a computable floor: **" << t.withFloor
        << "** (" << QString::number(100.0 * t.withFloor / std::max(1, t.passed), 'f', 1) << "%).\n\n";
    out << "### Verdicts\n\n| verdict | runs |\n|---|---:|\n";
    for (auto it = t.kinds.constBegin(); it != t.kinds.constEnd(); ++it)
        out << "| " << it.key() << " | " << it.value() << " |\n";
    printDistribution(out, t.ratios);
    out << "\n### By GPU\n\n| GPU (table entry) | runs with a floor | suspicious |\n|---|---:|---:|\n";
    for (auto it = t.byGpu.constBegin(); it != t.byGpu.constEnd(); ++it)
        out << "| " << it.key() << " | " << it.value().first << " | " << it.value().second << " |\n";
    out << "\n### Runs without a floor, by reason\n\n| reason | runs |\n|---|---:|\n";
    QList<QPair<int, QString>> reasons;
    for (auto it = t.noFloor.constBegin(); it != t.noFloor.constEnd(); ++it)
        reasons << qMakePair(it.value(), it.key());
    std::sort(reasons.begin(), reasons.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [n, reason] : reasons)
        out << "| " << cell(reason) << " | " << n << " |\n";
    printList(out, QStringLiteral("Every run faster than the memory roofline: suspicious"), t.suspicious);
    printList(out, QStringLiteral("Faster than the HBM floor, which the cache can explain"), t.cached);
    printList(out, QStringLiteral("At the roofline (1–1.05× floor)"), t.atRoofline);
    std::sort(t.closest.begin(), t.closest.end(),
              [](const Flagged& a, const Flagged& b) { return a.verdict.ratio < b.verdict.ratio; });
    printList(out, QStringLiteral("The 20 runs above the floor closest to it"), t.closest.mid(0, 20));
}

int report(const QStringList& args) {
    QString tableError;
    const kix::GpuBandwidthTable& table = kix::GpuBandwidthTable::bundled(&tableError);
    if (!tableError.isEmpty()) {
        std::fprintf(stderr, "kix-roofline-report: %s\n", qPrintable(tableError));
        return 3;
    }
    if (args.size() > 3 && args.at(1) == QLatin1String("--operation"))
        return perCaseReport(args.at(2), args.mid(3), table);
    QFile in;
    if (args.size() > 1) {
        in.setFileName(args.at(1));
        if (!in.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "kix-roofline-report: %s: %s\n", qPrintable(args.at(1)),
                         qPrintable(in.errorString()));
            return 3;
        }
    } else if (!in.open(stdin, QIODevice::ReadOnly)) {
        std::fprintf(stderr, "kix-roofline-report: cannot read stdin\n");
        return 3;
    }
    const Export x = readExport(in);
    printReport(x, tally(x, table));
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    try {
        QCoreApplication app(argc, argv);
        kixInitResources();
        return report(QCoreApplication::arguments());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kix-roofline-report: %s\n", e.what());
        return 3;
    }
}
