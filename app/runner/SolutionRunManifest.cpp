#include "SolutionRunManifest.h"

#include "ComparabilityFamilies.h"
#include "CpuRunManifest.h"
#include "DatasetCopy.h"
#include "Digest.h"
#include "FileSuffixes.h"
#include "GpuBandwidth.h"
#include "ManifestWriter.h"
#include "OutputName.h"
#include "RawSamples.h"
#include "SolutionResources.h"
#include "Statistics.h"
#include "kix_config.h"

#include <QFileInfo>

namespace kix::runner {

namespace {

std::string str(const QString& s) {
    return s.toStdString();
}

std::vector<double> samplesOf(const Json& object, const char* key) {
    const auto it = object.find(key);
    if (it == object.end() || !it->is_array())
        return {};
    std::vector<double> out;
    for (const Json& v : *it)
        if (v.is_number())
            out.push_back(v.get<double>());
    return out;
}

QString text(const Json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

// What the digest of the implementation covers: the sources and every build option.
Json buildIdentity(const SolSolution& s) {
    Json sources = Json::array();
    for (const auto& [path, content] : s.sources)
        sources.push_back({{"path", str(path)}, {"content", str(content)}});
    QStringList languages = s.languages;
    return {{"languages", languages.join(u',').toStdString()},
            {"entryPoint", str(s.entryFile + QStringLiteral("::") + s.entrySymbol)},
            {"destinationPassingStyle", s.destinationPassing},
            {"dependencies", str(s.dependencies.join(u','))},
            {"compileOptions", s.compileOptions},
            {"sources", sources}};
}

QString architecture(const SolutionRunFacts& f) {
    if (f.cpu)
        return queryCpu().architecture;
    const QString cc = text(f.environment, "computeCapability");
    return cc.isEmpty() ? QStringLiteral("unknown") : QStringLiteral("sm_") + QString(cc).remove(u'.');
}

Json environmentResource(const SolutionRunFacts& f) {
    Json libraries = {{"kix", KIX_VERSION}};
    for (const char* key : {"python", "torch", "triton", "cuda"})
        if (const QString v = text(f.environment, key); !v.isEmpty())
            libraries[key] = str(v.left(100));
    Json hardware = {{"vendor", f.cpu ? str(queryCpu().vendor) : std::string("nvidia")},
                     {"product", str(f.deviceName.left(200))},
                     {"architecture", str(architecture(f))}};
    if (f.cpu)
        hardware["formFactor"] = "cpu";
    else if (const auto m = f.environment.find("memoryBytes");
             m != f.environment.end() && m->is_number_integer())
        hardware["memoryBytes"] = *m;
    Json software = {
        {"libraries", libraries},
        {"framework", {{"name", "pytorch"}, {"version", str(text(f.environment, "torch").left(100))}}}};
    if (!f.gpu.identity.driver.empty())
        software["driver"] = f.gpu.identity.driver;
    if (const QString cuda = text(f.environment, "cuda"); !cuda.isEmpty())
        software["cudaToolkit"] = str(cuda);
    Json spec = {{"hardware", hardware}, {"software", software}};
    if (Json settings = environmentSettings(f.gpu); !settings.empty())
        spec["settings"] = std::move(settings);
    return makeResource(
        ResourceKind::ExecutionEnvironment,
        QStringLiteral("solution-%1-%2")
            .arg(f.cpu ? QStringLiteral("cpu") : QStringLiteral("gpu"), nameSlug(f.deviceName))
            .left(90),
        QStringLiteral("%1, kix solution runner%2")
            .arg(f.deviceName.left(150), f.cpu ? QStringLiteral(" (CPU mode)") : QString()),
        spec);
}

Json protocolResource(const SolutionRunFacts& f) {
    const auto& s = f.settings;
    const QString notes =
        f.cpu
            ? QStringLiteral("CPU mode of kix's solution runner: torch on the CPU, each call timed by "
                             "time.perf_counter_ns; for testing the path without a GPU, never comparable "
                             "with a GPU result.")
            : QStringLiteral("kix's solution runner: %1 warm-ups, then %2 timed launches per method, the L2 "
                             "flushed (a buffer of twice its size written) before each; CUDA events (the "
                             "primary, medians) and CUPTI kernel time (first activity start to last end, "
                             "latency_cupti). Outputs checked %3 times with fresh inputs against the "
                             "definition's reference by SOL-ExecBench's rule.")
                  .arg(s.warmup)
                  .arg(s.iterations)
                  .arg(s.checkRounds);
    Json measurement = {{"timer", f.cpu ? "cpu_perf_counter" : "cuda_events"},
                        {"primaryStatistic", "median"},
                        {"warmupIterations", s.warmup}};
    return makeResource(
        ResourceKind::BenchmarkProtocol,
        QStringLiteral("kix-solution-run-%1%2")
            .arg(QLatin1String(KIX_VERSION), f.cpu ? QStringLiteral("-cpu") : QString()),
        QStringLiteral("kix solution runner %1%2")
            .arg(QLatin1String(KIX_VERSION), f.cpu ? QStringLiteral(" (CPU mode)") : QString()),
        {{"harness", {{"name", "kix solution runner"}, {"version", KIX_VERSION}}},
         {"measurement", measurement},
         {"correctness",
          {{"reference", "the definition's PyTorch reference, run on the same inputs"},
           {"comparator", "sol_execbench_eval"}}},
         {"comparability",
          {{"family", f.cpu ? families::kCpuMode : families::kLocalRerun},
           {"notes", str(notes.left(1000))}}}});
}

// The raw-samples case: kix's per-case extension (docs/manifest-format.md) from the runner's result.
Json evidenceCase(const SolutionRunFacts& f, const SolutionCase& c, const QString& status,
                  const QString& why) {
    const Json& r = c.result;
    Json e = {{"id", str(f.problem.workloads.value(c.index).uuid)}, {"status", str(status)}};
    if (const auto a = r.find("axes"); a != r.end() && a->is_object())
        e["axes"] = *a;
    for (const char* key : {"seed", "bytes", "tolerance", "timer", "warmup", "l2Flushed"})
        if (const auto v = r.find(key); v != r.end() && !v->is_null())
            e[key] = *v;
    const QString message = why.isEmpty() ? text(r, "message") : why;
    if (!message.isEmpty())
        e["error"] = str(message.left(2000));
    const std::vector<double> samples = samplesOf(r, "samplesNs");
    if (!samples.empty()) {
        e["samplesNs"] = samples;
        e["latencyNs"] = latencyJson(summarizeSamples(samples));
    }
    if (const auto cupti = r.find("cupti"); cupti != r.end() && cupti->is_object()) {
        const std::vector<double> spans = samplesOf(*cupti, "samplesNs");
        e["cupti"] = spans.empty()
                         ? Json{{"unavailable", str(text(*cupti, "unavailable"))}}
                         : Json{{"latencyNs", latencyJson(summarizeSamples(spans))}, {"samplesNs", spans}};
    }
    Json outputs = Json::array();
    if (const auto checks = r.find("checks"); checks != r.end() && checks->is_array())
        for (const Json& k : *checks)
            outputs.push_back({{"name", k.value("output", "")},
                               {"passed", k.value("passed", false)},
                               {"elements", k.value("count", 0)},
                               {"failures", k.value("failures", 0)},
                               {"atol", k.value("atol", 0.0)},
                               {"rtol", k.value("rtol", 0.0)},
                               {"maxAbsError", k.value("maxAbsError", 0.0)},
                               {"maxRelError", k.value("maxRelError", 0.0)}});
    e["correctness"] = {{"outputs", outputs}};
    if (c.gpu)
        e["gpuState"] = caseGpuStateJson(*c.gpu);
    return e;
}

Json caseMeasurements(const SolutionCase& c) {
    Json m = Json::array();
    if (const auto cupti = c.result.find("cupti"); cupti != c.result.end() && cupti->is_object())
        if (const auto med = summarizeSamples(samplesOf(*cupti, "samplesNs")).median)
            m.push_back({{"metric", "latency_cupti"},
                         {"unit", "ns"},
                         {"statistic", "median"},
                         {"value", std::llround(*med)},
                         {"sampleCount", samplesOf(*cupti, "samplesNs").size()}});
    if (c.gpu)
        addGpuStateMeasurements(*c.gpu, m);
    return m;
}

Json caseCorrectness(const SolutionCase& c) {
    Json out = {{"comparator", "sol_execbench_eval"}};
    double maxAbs = 0, maxRel = 0, ratio = 1;
    bool any = false;
    if (const auto checks = c.result.find("checks"); checks != c.result.end() && checks->is_array())
        for (const Json& k : *checks) {
            any = true;
            maxAbs = std::max(maxAbs, k.value("maxAbsError", 0.0));
            maxRel = std::max(maxRel, k.value("maxRelError", 0.0));
            ratio = std::min(ratio, k.value("matchedRatio", 1.0));
        }
    if (any)
        out.update(
            {{"maximumAbsoluteError", maxAbs}, {"maximumRelativeError", maxRel}, {"matchedRatio", ratio}});
    return out;
}

} // namespace

Json solutionImplementation(const SolutionRunFacts& f, const QString& operationDigest) {
    const SolSolution& s = f.problem.solution;
    QString digest;
    try {
        digest = valueDigest(buildIdentity(s));
    } catch (const std::exception&) {
        digest = QStringLiteral("sha256:") + QString(64, u'0'); // not reachable: the identity is strings only
    }
    QStringList dtypes;
    for (const SolTensor& t : f.problem.definition.inputs + f.problem.definition.outputs)
        if (!dtypes.contains(kernelIndexDtype(t.dtype)))
            dtypes << kernelIndexDtype(t.dtype);
    Json dtypeList = Json::array();
    for (const QString& d : dtypes)
        dtypeList.push_back(str(d));
    Json spec = {
        {"projectRevision", {{"version", str(s.name.left(100))}, {"treeDigest", str(digest)}}},
        {"operation", {{"specDigest", str(operationDigest)}}},
        {"callable",
         {{"language", str(kernelIndexToken(s.languages.value(0)))},
          {"path", str(s.entryFile.left(500))},
          {"symbol", str(s.entrySymbol.left(200))},
          {"interface", s.destinationPassing ? "destination_passing" : "value_returning"}}},
        {"support",
         {{"hardwareArchitectures", Json::array({str(architecture(f))})},
          {"productsTested", Json::array({str(f.deviceName.left(100))})},
          {"dtypes", dtypeList}}},
        {"source",
         {{"contentDigest", str(digest)},
          {"fileName", str(QFileInfo(f.problem.solutionFile).fileName().left(200))}}},
        // A solution.json states no licence; KernelIndex requires the member, so it is there and says so.
        {"licensing", {{"declared", "not stated by the solution"}}},
    };
    Json r = makeResource(ResourceKind::ImplementationRevision,
                          boundedName(QStringLiteral("solution-%1-%2").arg(s.name, digest.mid(7, 12))),
                          QStringLiteral("%1 (SOL-ExecBench solution)").arg(s.name.left(150)), spec);
    QString description = QStringLiteral("SOL-ExecBench solution %1 by %2 for %3, in %4")
                              .arg(s.name, s.author, s.definition, s.languages.join(QStringLiteral(", ")));
    if (!s.description.isEmpty())
        description += QStringLiteral(": ") + s.description;
    r["metadata"]["description"] = str(description.left(2000));
    if (!s.author.isEmpty())
        r["metadata"]["authors"] = Json::array({{{"name", str(s.author.left(200))}}});
    return r;
}

QString solutionCaseStatus(const SolutionRunFacts& f, const SolutionCase& c, QString* why) {
    QString status = text(c.result, "status");
    if (status != QLatin1String("passed") || f.cpu)
        return status.isEmpty() ? QStringLiteral("runtime_error") : status;
    // The floor counts only the outputs, which a correct result must write (an input may go unread), and
    // only where they are at least twice the L2: smaller outputs may still sit in the cache when the
    // launch's time ends.
    const auto median = summarizeSamples(samplesOf(c.result, "samplesNs")).median;
    const double bytes = c.result.value("outputBytes", 0.0);
    const double l2 = f.environment.value("l2Bytes", 0.0);
    const GpuMemorySpec* gpu = GpuBandwidthTable::bundled().find(f.deviceName);
    if (!median || !gpu || gpu->peakBandwidthGBps <= 0 || l2 <= 0 || bytes < 2 * l2)
        return status;
    const double floorNs = bytes / gpu->peakBandwidthGBps; // bytes / (GB/s) = ns
    if (*median >= floorNs)
        return status;
    if (why)
        *why = QStringLiteral(
                   "the median %1 ns is below the memory roofline: writing the %2 output bytes at the "
                   "%3's peak %4 GB/s takes at least %5 ns (a result computed ahead or cached?)")
                   .arg(*median, 0, 'f', 0)
                   .arg(bytes, 0, 'f', 0)
                   .arg(gpu->product)
                   .arg(gpu->peakBandwidthGBps)
                   .arg(floorNs, 0, 'f', 0);
    return QStringLiteral("suspected_reward_hack");
}

LocalRunSet buildSolutionRunSet(const SolutionRunFacts& f) {
    LocalRunSet out;
    const SolutionResources resources = buildSolutionResources(f.problem.definition, f.problem.workloads);
    if (!resources.error.isEmpty()) {
        out.error = resources.error;
        return out;
    }
    const auto add = [&](const QString& name, const Json& doc) {
        if (const QString err = out.files.add(name, doc); !err.isEmpty() && out.error.isEmpty())
            out.error = err;
    };
    const QString operationDigest = resourceDigest(resources.operationSpec);
    const Json implementation = solutionImplementation(f, operationDigest);
    const std::string implementationDigest = str(resourceDigest(implementation));
    const Json environment = environmentResource(f);
    const Json protocol = protocolResource(f);
    add(QString::fromStdString(implementation["metadata"]["name"].get<std::string>()) +
            QStringLiteral(".json"),
        implementation);
    add(QString::fromStdString(resources.operationSpec["metadata"]["name"].get<std::string>()) +
            QStringLiteral(".operation.json"),
        resources.operationSpec);

    const QString base = solutionRunFileName(f).section(u'.', 0, 0);
    const QString runName = base.toLower();
    const QString samplesFile = base + QLatin1String(kSamplesSuffix);
    QList<QString> statuses, reasons;
    Json evidenceCases = Json::array();
    for (const SolutionCase& c : f.cases) {
        QString why;
        statuses << solutionCaseStatus(f, c, &why);
        reasons << why;
        evidenceCases.push_back(evidenceCase(f, c, statuses.last(), why));
    }
    Json evidence = rawSamplesDocument(runName, evidenceCases);
    evidence["solution"] = {{"name", str(f.problem.solution.name)},
                            {"file", str(QFileInfo(f.problem.solutionFile).fileName())}};
    evidence["runner"] = f.environment;
    evidence["gpu"] = runGpuStateJson(f.gpu);
    const QByteArray evidenceBytes = jsonFileBytes(evidence);
    if (const QString err = out.files.addBytes(samplesFile, evidenceBytes); !err.isEmpty())
        out.error = err;

    const std::string observedAt = str(f.observedAt.toUTC().toString(Qt::ISODateWithMs));
    const QString title =
        QStringLiteral("%1 · %2 · %3")
            .arg(f.problem.solution.name.left(80), f.problem.definition.name.left(60), f.deviceName.left(50));
    QString suiteStatus = f.cases.empty() ? QStringLiteral("incomplete_evidence") : QStringLiteral("passed");
    std::vector<double> medians;
    for (std::size_t i = 0; i < f.cases.size(); ++i) {
        const SolutionCase& c = f.cases[i];
        const QString& status = statuses[qsizetype(i)];
        if (suiteStatus == QLatin1String("passed") && status != QLatin1String("passed"))
            suiteStatus = status;
        const Json& wc = resources.cases.at(c.index);
        add(QString::fromStdString(wc["metadata"]["name"].get<std::string>()) +
                QLatin1String(kWorkloadSuffix),
            wc);
        Json spec = {
            {"implementationDigest", implementationDigest},
            {"workloadDigest", str(resourceDigest(wc))},
            {"status", str(status)},
            {"observedAt", observedAt},
            {"correctness", caseCorrectness(c)},
            {"evidence", {{"rawSamples", rawSamplesReference(samplesFile, evidenceBytes, qsizetype(i))}}}};
        if (Json timing = caseTimingJson(summarizeSamples(samplesOf(c.result, "samplesNs")), "median");
            !timing.is_null())
            spec["timing"] = std::move(timing);
        if (Json m = caseMeasurements(c); !m.empty())
            spec["measurements"] = std::move(m);
        if (const auto med = summarizeSamples(samplesOf(c.result, "samplesNs")).median)
            medians.push_back(*med);
        const QString caseName =
            QStringLiteral("--") + boundedName(f.problem.workloads.value(c.index).uuid, 48);
        const Json run = makeResource(ResourceKind::BenchmarkRun, runName + caseName,
                                      QStringLiteral("%1 · case %2").arg(title.left(170)).arg(c.index), spec);
        add(base + caseName + QLatin1String(kManifestSuffix), makeBundle(run, protocol, environment));
    }
    Json suiteSpec = {{"implementationDigest", implementationDigest},
                      {"workloadDigest", str(resourceDigest(resources.suite))},
                      {"status", str(suiteStatus)},
                      {"observedAt", observedAt},
                      {"evidence", {{"rawSamples", rawSamplesReference(samplesFile, evidenceBytes)}}}};
    if (const auto g = geometricMean(medians);
        g && medians.size() == f.cases.size() && suiteStatus == QLatin1String("passed"))
        suiteSpec["measurements"] = Json::array({{{"metric", "latency"},
                                                  {"unit", "ns"},
                                                  {"statistic", "geomean"},
                                                  {"value", std::llround(*g)},
                                                  {"sampleCount", medians.size()}}});
    out.suiteStatus = suiteStatus;
    out.suiteRunFile = solutionRunFileName(f);
    add(out.suiteRunFile,
        makeBundle(makeResource(ResourceKind::BenchmarkRun, runName, title.left(200), suiteSpec), protocol,
                   environment));
    add(QString::fromStdString(resources.suite["metadata"]["name"].get<std::string>()) +
            QLatin1String(kWorkloadSuffix),
        resources.suite);
    return out;
}

QString solutionRunFileName(const SolutionRunFacts& f) {
    return QStringLiteral("kix-solution-%1-%2-%3%4")
               .arg(nameSlug(f.problem.solution.name).left(40),
                    f.observedAt.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")),
                    nameSlug(f.deviceName).left(40), f.fileTag.isEmpty() ? QString() : u'-' + f.fileTag) +
           QLatin1String(kManifestSuffix);
}

} // namespace kix::runner
