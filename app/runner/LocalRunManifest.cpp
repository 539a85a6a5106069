#include "LocalRunManifest.h"

#include "BundledProblem.h"
#include "ComparabilityFamilies.h"
#include "Digest.h"
#include "FileSuffixes.h"
#include "LocalRunTiming.h"
#include "ManifestWriter.h"
#include "OutputName.h"
#include "ProblemDefinition.h"
#include "RawSamples.h"
#include "Roofline.h"
#include "Statistics.h"
#include "kix_config.h"

#include <QRegularExpression>
#include <algorithm>

namespace kix::runner {

namespace {

QString gpuArchitecture(const kernels::DeviceInfo& d) {
    return QStringLiteral("sm_%1%2").arg(d.computeMajor).arg(d.computeMinor);
}

QString versionText(int v) {
    return QStringLiteral("%1.%2").arg(v / 1000).arg((v % 1000) / 10);
}

Json outputJson(const kernels::OutputCheck& c) {
    Json o = {{"name", c.output},     {"atol", c.atol},      {"rtol", c.rtol},
              {"passed", c.passed()}, {"elements", c.count}, {"failures", c.failures}};
    // An unwritten or NaN output makes the error unbounded; JSON has no infinity, so leave it out.
    if (c.maxAbsError < 1e300)
        o["maxAbsError"] = c.maxAbsError;
    if (c.maxRelError < 1e300)
        o["maxRelError"] = c.maxRelError;
    return o;
}

} // namespace

bool casePassed(const kernels::CaseReport& r) {
    if (!r.error.empty() || r.checks.empty())
        return false;
    return std::all_of(r.checks.begin(), r.checks.end(),
                       [](const kernels::OutputCheck& c) { return c.passed(); });
}

Json caseTimingJson(const LatencyStats& s, const char* primary) {
    const std::optional<double>& central = std::string_view(primary) == "median" ? s.median : s.mean;
    if (!central)
        return Json();
    Json latency = Json::object();
    for (const auto& [name, value] : {std::pair{"median", s.median}, std::pair{"mean", s.mean},
                                      std::pair{"minimum", s.min}, std::pair{"maximum", s.max}})
        if (value)
            latency[name] = std::llround(*value);
    Json timing = {{"primaryStatistic", primary}, {"latencyNs", latency}};
    if (s.samples && *s.samples > 0)
        timing["samples"] = *s.samples;
    return timing;
}

QString nameSlug(const QString& text) {
    QString slug = text.toLower();
    slug.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    while (slug.startsWith(u'-'))
        slug.remove(0, 1);
    while (slug.endsWith(u'-'))
        slug.chop(1);
    return slug.isEmpty() ? QStringLiteral("unknown") : slug;
}

Json caseResultJson(const kernels::CaseReport& r, double copyGBps, bool withLaunch) {
    Json c = Json::object();
    c["id"] = r.workload.caseId;
    c["axes"] = {
        {"batch_size", r.workload.batchSize}, {"seq_len", r.workload.seqLen}, {"hidden_size", r.hidden}};
    c["status"] = !r.error.empty() ? "error" : casePassed(r) ? "passed" : "failed";
    c["seed"] = r.seed;
    c["bytes"] = r.bytes;
    if (!r.error.empty())
        c["error"] = r.error;
    const LatencyStats own = summarizeSamples(r.fusedNs);
    if (!own.isEmpty()) {
        c["latencyNs"] = latencyJson(own);
        const double gbps = r.bytes / *own.mean;
        c["bandwidthGBps"] = gbps;
        if (copyGBps > 0)
            c["copyBandwidthFraction"] = gbps / copyGBps;
    }
    const LatencyStats ref = summarizeSamples(r.referenceNs);
    if (!ref.isEmpty()) {
        c["referenceLatencyNs"] = latencyJson(ref);
        if (own.mean && *own.mean > 0)
            c["speedup"] = *ref.mean / *own.mean;
    }
    if (withLaunch) {
        c["launch"] = {{"blocks", r.plan.blocks},
                       {"threads", r.plan.threads},
                       {"rowsPerIteration", r.plan.rowsPerIteration}};
        // Which plan ran, and which row of the kernel's card table chose it (issue 38).
        if (!r.planName.empty())
            c["launch"]["plan"] = r.planName;
        if (!r.plan.card.empty())
            c["launch"]["card"] = r.plan.card;
    }
    Json outputs = Json::array();
    for (const auto& check : r.checks)
        outputs.push_back(outputJson(check));
    c["correctness"] = {{"outputs", outputs}};
    return c;
}

namespace {

// Built once from the bundled problem file: the same resources, with the same digests, that the
// leaderboard's runs name (WorkloadSuiteBuilder.h). Members are initialized in place, never moved.
struct BundledProblem {
    std::optional<ProblemDefinition> definition = readProblemDefinition(bundledProblemPath()).definition;
    KernelIndexResources resources =
        definition ? buildKernelIndexResources(*definition) : KernelIndexResources{};
};

const BundledProblem& bundledProblemDefinition() {
    static const BundledProblem problem;
    return problem;
}

} // namespace

const KernelIndexResources& bundledWorkloads() {
    return bundledProblemDefinition().resources;
}

QString bundledProblemPath() {
    return QStringLiteral(":/kix/problems/013-fused-residual-rms-norm-backward.json");
}

Json implementationResource() {
    const Json& operation = bundledWorkloads().operationSpec;
    Json spec = {
        {"projectRevision", {{"version", KIX_VERSION}}},
        {"operation",
         {{"specDigest", operation.is_null() ? std::string() : resourceDigest(operation).toStdString()}}},
        {"callable",
         {{"language", "cuda"},
          {"path", "kernels/rmsnorm_backward.cu"},
          {"symbol", "kix::kernels::launchFusedBackward"}}},
        {"support", {{"dtypes", {"bf16", "fp32"}}, {"hardwareArchitectures", {"sm_90"}}}},
        {"source",
         {{"contentDigest", std::string("sha256:") + KIX_KERNEL_SOURCE_SHA256},
          {"fileName", "rmsnorm_backward.cu"}}},
        {"licensing", {{"declared", "GPL-3.0-or-later"}}},
    };
    Json r =
        makeResource(ResourceKind::ImplementationRevision,
                     QStringLiteral("kix-fused-rmsnorm-backward-%1").arg(QLatin1String(KIX_VERSION)),
                     QStringLiteral("kix fused RMSNorm backward %1").arg(QLatin1String(KIX_VERSION)), spec);
    r["metadata"]["description"] =
        "kix's fused kernel for 013_fused_residual_rms_norm_backward: hidden sizes that "
        "are multiples of 8 up to 4096.";
    return r;
}

namespace {

// KernelIndex's environment holds what its schema names; the rest of what kix measured about the
// device (SM count, L2, copy bandwidth, clocks) goes with the evidence (deviceEvidence).
Json localEnvironment(const LocalRunFacts& f) {
    const auto& d = f.device;
    const QString product = QString::fromStdString(d.name);
    const QString arch = gpuArchitecture(d);

    Json hardware = {
        {"vendor", "nvidia"}, {"product", product.toStdString()}, {"architecture", arch.toStdString()}};
    if (d.memoryBytes > 0)
        hardware["memoryBytes"] = d.memoryBytes;
    Json software = {{"cudaToolkit", versionText(d.runtimeVersion).toStdString()},
                     {"libraries",
                      {{"cuda_runtime", versionText(d.runtimeVersion).toStdString()},
                       {"cuda_driver_api", versionText(d.driverVersion).toStdString()},
                       {"kix", KIX_VERSION}}}};
    if (!f.clocks.driver.isEmpty())
        software["driver"] = f.clocks.driver.toStdString();
    Json spec = {{"hardware", hardware}, {"software", software}};
    if (Json settings = environmentSettings(f.gpu); !settings.empty())
        spec["settings"] = std::move(settings);
    return makeResource(ResourceKind::ExecutionEnvironment, QStringLiteral("local-%1").arg(nameSlug(product)),
                        QStringLiteral("%1 (%2), local").arg(product, arch), spec);
}

Json deviceEvidence(const LocalRunFacts& f) {
    const auto& d = f.device;
    Json device = {
        {"computeCapability", QStringLiteral("%1.%2").arg(d.computeMajor).arg(d.computeMinor).toStdString()},
        {"multiprocessors", d.multiprocessors},
        {"l2CacheBytes", d.l2Bytes}};
    if (f.copyBandwidthGBps > 0)
        device["measuredCopyBandwidthGBps"] = f.copyBandwidthGBps;
    if (f.clocks.unavailableReason.isEmpty())
        device["clocks"] = {{"smMHz", f.clocks.smMHz.toStdString()},
                            {"memoryMHz", f.clocks.memoryMHz.toStdString()},
                            {"smMaxMHz", f.clocks.smMaxMHz.toStdString()},
                            {"readBy", "nvidia-smi, before the run"}};
    else
        device["clocks"] = {{"unavailable", f.clocks.unavailableReason.toStdString()}};
    return device;
}

Json localProtocol(const LocalRunFacts& f) {
    const auto& o = f.options;
    // KernelIndex caps the notes at 1,000 characters (tst_local_run_manifest checks it).
    const QString notes =
        QStringLiteral(
            "Local reruns of kix's bundled kernel, comparable within one definition, GPU type and kix "
            "harness version. Per case: %1 warm-ups for at least warmupDuration, then %2-%3 timed launches "
            "(about %4 ms) per "
            "method, %6; the reference (one kernel per step, fp32 intermediates) %5 launches; "
            "inputs from a counter-based generator, seed per case. %7")
            .arg(o.warmup)
            .arg(o.minIterations)
            .arg(o.maxIterations)
            .arg(o.targetMillisecondsPerCase)
            .arg(o.referenceIterations)
            .arg(QLatin1String(kKixL2FlushedPhrase), QLatin1String(kTimingMethodsNote));
    // The primary timing's method and statistic; the others are named in the notes (KernelIndex's
    // measurement section has one timer) and in each measurement's metric.
    Json measurement = {
        {"timer", "cuda_events"}, {"primaryStatistic", "mean"}, {"warmupIterations", std::max(0, o.warmup)}};
    if (o.settleMilliseconds > 0) // a minimum: the warm-up calls may take longer
        measurement["warmupDuration"] = std::llround(o.settleMilliseconds * 1e6);
    return makeResource(
        ResourceKind::BenchmarkProtocol, QStringLiteral("kix-local-rerun-%1").arg(QLatin1String(KIX_VERSION)),
        QStringLiteral("kix local rerun harness %1").arg(QLatin1String(KIX_VERSION)),
        {{"harness", {{"name", "kix local rerun"}, {"version", KIX_VERSION}}},
         {"measurement", measurement},
         {"correctness",
          {{"reference",
            "fp64 evaluation of the definition's math on the GPU; every element |out - ref| <= atol + "
            "rtol * |ref| with the workload's tolerances, NaN fails, outputs poisoned with NaN first"},
           {"comparator", "elementwise_close"}}},
         {"comparability", {{"family", families::kLocalRerun}, {"notes", notes.toStdString()}}}});
}

// A case run's timing (integer nanoseconds, as KernelIndex requires) and correctness.
void addCaseMeasurements(const kernels::CaseReport& r, Json& spec) {
    if (Json timing = caseTimingJson(summarizeSamples(r.fusedNs), "mean"); !timing.is_null())
        spec["timing"] = std::move(timing);
    double maxAbs = 0;
    double maxRel = 0;
    bool bounded = !r.checks.empty();
    for (const auto& c : r.checks) {
        bounded = bounded && c.maxAbsError < 1e300 && c.maxRelError < 1e300;
        maxAbs = std::max(maxAbs, c.maxAbsError);
        maxRel = std::max(maxRel, c.maxRelError);
    }
    spec["correctness"] = {{"comparator", "elementwise_close"}};
    if (bounded) {
        spec["correctness"]["maximumAbsoluteError"] = maxAbs;
        spec["correctness"]["maximumRelativeError"] = maxRel;
    }
}

QString caseStatus(const kernels::CaseReport& r) {
    if (!r.error.empty())
        return QStringLiteral("runtime_error");
    return casePassed(r) ? QStringLiteral("passed") : QStringLiteral("incorrect_numerical");
}

// The WorkloadCase of the bundled suite a case ran, by its axes; null when the problem file lacks it.
const Json* workloadCaseOf(const kernels::Workload& w) {
    const auto& problem = bundledProblemDefinition();
    const int index =
        problem.definition
            ? problem.definition->workloadIndexByAxes(
                  {{QStringLiteral("batch_size"), w.batchSize}, {QStringLiteral("seq_len"), w.seqLen}})
            : -1;
    return index >= 0 && index < problem.resources.cases.size() ? &problem.resources.cases[index] : nullptr;
}

// The raw-samples file: every case as the legacy extension has it, KernelIndex's status, every timed
// launch, and the device facts KernelIndex's environment has no field for.
QByteArray localEvidence(const LocalRunFacts& f, const QString& runName, const QList<QString>& statuses) {
    Json cases = Json::array();
    for (std::size_t i = 0; i < f.cases.size(); ++i) {
        const auto& r = f.cases[i];
        Json c = caseResultJson(r, f.copyBandwidthGBps, true);
        c["status"] = statuses[qsizetype(i)].toStdString();
        c["samplesNs"] = r.fusedNs;
        if (!r.referenceNs.empty())
            c["referenceSamplesNs"] = r.referenceNs;
        addTimingEvidence(r, c);
        if (i < f.gpu.cases.size())
            c["gpuState"] = caseGpuStateJson(f.gpu.cases[i]);
        if (i < f.gpu.repeats.size())
            if (Json floor = caseNoiseFloorJson(f.gpu.repeats[i]); !floor.is_null())
                c["noiseFloor"] = std::move(floor);
        cases.push_back(std::move(c));
    }
    Json evidence = rawSamplesDocument(runName, cases);
    evidence["device"] = deviceEvidence(f);
    evidence["gpu"] = runGpuStateJson(f.gpu);
    if (const std::string why = cuptiUnavailableReason(f.cases); !why.empty())
        evidence["cupti"] = {{"unavailable", why}};
    return jsonFileBytes(evidence);
}

} // namespace

LocalRunSet buildLocalRunSet(const LocalRunFacts& f) {
    LocalRunSet out;
    const QString product = QString::fromStdString(f.device.name);
    const Json environment = localEnvironment(f);
    const Json protocol = localProtocol(f);
    const KernelIndexResources& workloads = bundledWorkloads();
    const Json implementation = implementationResource();
    const std::string implementationDigest = resourceDigest(implementation).toStdString();
    const QString base = localRunFileName(f).section(u'.', 0, 0);
    const QString samplesFile = base + QLatin1String(kSamplesSuffix);
    // KernelIndex's names are lowercase; the file names keep the timestamp's T and Z.
    const QString runName = base.toLower();
    const auto add = [&](const QString& name, const Json& doc) {
        if (const QString err = out.files.add(name, doc); !err.isEmpty() && out.error.isEmpty())
            out.error = err;
    };
    add(QString::fromStdString(implementation["metadata"]["name"].get<std::string>()) +
            QStringLiteral(".json"),
        implementation);
    if (!workloads.operationSpec.is_null())
        add(QString::fromStdString(workloads.operationSpec["metadata"]["name"].get<std::string>()) +
                QStringLiteral(".operation.json"),
            workloads.operationSpec);

    // The evidence first: the runs name it by digest.
    QList<QString> statuses;
    for (const auto& r : f.cases)
        statuses << caseStatus(r);
    const QByteArray evidenceBytes = localEvidence(f, runName, statuses);
    if (const QString err = out.files.addBytes(samplesFile, evidenceBytes); !err.isEmpty())
        out.error = err;

    const std::string observedAt = f.observedAt.toUTC().toString(Qt::ISODateWithMs).toStdString();
    const QString title =
        QStringLiteral("kix fused · %1 · %2").arg(QLatin1String(kernels::kDefinitionName), product);
    std::vector<double> means;
    QString suiteStatus = f.cases.empty() ? QStringLiteral("incomplete_evidence") : QStringLiteral("passed");
    for (std::size_t i = 0; i < f.cases.size(); ++i) {
        const auto& r = f.cases[i];
        const QString caseId = QString::fromLatin1(r.workload.caseId);
        if (suiteStatus == QLatin1String("passed") && statuses[qsizetype(i)] != QLatin1String("passed"))
            suiteStatus = statuses[qsizetype(i)];
        Json spec = {
            {"implementationDigest", implementationDigest},
            {"status", statuses[qsizetype(i)].toStdString()},
            {"observedAt", observedAt},
            {"evidence", {{"rawSamples", rawSamplesReference(samplesFile, evidenceBytes, qsizetype(i))}}}};
        if (const Json* wc = workloadCaseOf(r.workload)) {
            spec["workloadDigest"] = resourceDigest(*wc).toStdString();
            add(QString::fromStdString((*wc)["metadata"]["name"].get<std::string>()) +
                    QLatin1String(kWorkloadSuffix),
                *wc);
        }
        addCaseMeasurements(r, spec);
        Json byMethod = caseMeasurements(r);
        if (i < f.gpu.cases.size())
            addGpuStateMeasurements(f.gpu.cases[i], byMethod);
        if (!byMethod.empty())
            spec["measurements"] = std::move(byMethod);
        if (const auto own = summarizeSamples(r.fusedNs).mean)
            means.push_back(*own);
        const QString caseName = QStringLiteral("--") + boundedName(caseId, 48);
        const Json run = makeResource(ResourceKind::BenchmarkRun, runName + caseName,
                                      QStringLiteral("%1 · case %2").arg(title, caseId.left(8)), spec);
        add(base + caseName + QLatin1String(kManifestSuffix), makeBundle(run, protocol, environment));
    }
    Json suiteSpec = {{"implementationDigest", implementationDigest},
                      {"status", suiteStatus.toStdString()},
                      {"observedAt", observedAt},
                      {"evidence", {{"rawSamples", rawSamplesReference(samplesFile, evidenceBytes)}}}};
    if (!f.workloadDigest.isEmpty())
        suiteSpec["workloadDigest"] = f.workloadDigest.toStdString();
    if (const auto g = geometricMean(means);
        g && means.size() == f.cases.size() && suiteStatus == QLatin1String("passed")) {
        // The primary value first (RunSpec::primary: a run without timing takes measurements[0]).
        Json measurements = Json::array({{{"metric", "latency"},
                                          {"unit", "ns"},
                                          {"statistic", "geomean"},
                                          {"value", std::llround(*g)},
                                          {"sampleCount", means.size()}}});
        addSuiteMeasurements(f.cases, measurements);
        suiteSpec["measurements"] = std::move(measurements);
    }
    const Json run = makeResource(ResourceKind::BenchmarkRun, runName, title, suiteSpec);
    out.suiteStatus = suiteStatus;
    out.suiteRunFile = localRunFileName(f);
    add(out.suiteRunFile, makeBundle(run, protocol, environment));
    if (!workloads.suite.is_null())
        add(QString::fromStdString(workloads.suite["metadata"]["name"].get<std::string>()) +
                QLatin1String(kWorkloadSuffix),
            workloads.suite);
    return out;
}

Json buildLocalRunBundle(const LocalRunFacts& facts) {
    const LocalRunSet set = buildLocalRunSet(facts);
    const SetFile* file = set.files.find(set.suiteRunFile);
    return file ? Json::parse(file->bytes.toStdString()) : Json();
}

QString localRunFileName(const LocalRunFacts& f) {
    const QString gpu = QString::fromStdString(f.device.name)
                            .toLower()
                            .replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    return QStringLiteral("kix-run-%1-%2%3")
               .arg(f.observedAt.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")), gpu,
                    f.fileTag.isEmpty() ? QString() : u'-' + f.fileTag) +
           QLatin1String(kManifestSuffix);
}

} // namespace kix::runner
