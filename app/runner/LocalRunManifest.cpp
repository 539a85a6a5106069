#include "LocalRunManifest.h"

#include "Digest.h"
#include "ManifestWriter.h"
#include "OutputName.h"
#include "ProblemDefinition.h"
#include "RawSamples.h"
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
    c["id"] = r.workload.uuid;
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
    if (withLaunch)
        c["launch"] = {{"blocks", r.plan.blocks},
                       {"threads", r.plan.threads},
                       {"rowsPerIteration", r.plan.rowsPerIteration}};
    Json outputs = Json::array();
    for (const auto& check : r.checks)
        outputs.push_back(outputJson(check));
    c["correctness"] = {{"outputs", outputs}};
    return c;
}

namespace {

struct BundledProblem {
    std::optional<ProblemDefinition> definition;
    KernelIndexResources resources;
};

// Built once from the bundled problem file: the same resources, with the same digests, that the
// leaderboard's runs name (WorkloadSuiteBuilder.h).
const BundledProblem& bundledProblem() {
    static const BundledProblem problem = [] {
        BundledProblem p;
        p.definition = readProblemDefinition(bundledProblemPath()).definition;
        if (p.definition)
            p.resources = buildKernelIndexResources(*p.definition);
        return p;
    }();
    return problem;
}

} // namespace

const KernelIndexResources& bundledWorkloads() {
    return bundledProblem().resources;
}

QString bundledProblemPath() {
    return QStringLiteral(":/kix/problems/013-fused-residual-rms-norm-backward.json");
}

Json implementationResource() {
    const Json& operation = bundledWorkloads().operationSpec;
    Json spec = {
        {"projectRevision", {{"version", KIX_VERSION}}},
        {"operation", {{"specDigest", operation.is_null() ? std::string() : resourceDigest(operation).toStdString()}}},
        {"callable",
         {{"language", "cuda"}, {"path", "kernels/rmsnorm_backward.cu"}, {"symbol", "kix::kernels::launchFusedBackward"}}},
        {"support", {{"dtypes", {"bf16", "fp32"}}, {"hardwareArchitectures", {"sm_90"}}}},
        {"source", {{"contentDigest", std::string("sha256:") + KIX_KERNEL_SOURCE_SHA256}, {"fileName", "rmsnorm_backward.cu"}}},
        {"licensing", {{"declared", "GPL-3.0-or-later"}}},
    };
    Json r = makeResource(ResourceKind::ImplementationRevision,
                          QStringLiteral("kix-fused-rmsnorm-backward-%1").arg(QLatin1String(KIX_VERSION)),
                          QStringLiteral("kix fused RMSNorm backward %1").arg(QLatin1String(KIX_VERSION)), spec);
    r["metadata"]["description"] = "kix's fused kernel for 013_fused_residual_rms_norm_backward: hidden sizes that "
                                   "are multiples of 8 up to 4096.";
    return r;
}

LocalRunSet buildLocalRunSet(const LocalRunFacts& f) {
    LocalRunSet out;
    const auto& d = f.device;
    const QString product = QString::fromStdString(d.name);
    const QString arch = gpuArchitecture(d);

    // KernelIndex's environment holds what its schema names; the rest of what kix measured about the
    // device (SM count, L2, copy bandwidth, clocks) goes with the evidence.
    Json hardware = {{"vendor", "nvidia"}, {"product", product.toStdString()}, {"architecture", arch.toStdString()}};
    if (d.memoryBytes > 0)
        hardware["memoryBytes"] = d.memoryBytes;
    Json software = {{"cudaToolkit", versionText(d.runtimeVersion).toStdString()},
                     {"libraries",
                      {{"cuda_runtime", versionText(d.runtimeVersion).toStdString()},
                       {"cuda_driver_api", versionText(d.driverVersion).toStdString()},
                       {"kix", KIX_VERSION}}}};
    if (!f.clocks.driver.isEmpty())
        software["driver"] = f.clocks.driver.toStdString();
    const Json environment =
        makeResource(ResourceKind::ExecutionEnvironment, QStringLiteral("local-%1").arg(nameSlug(product)),
                     QStringLiteral("%1 (%2), local").arg(product, arch), {{"hardware", hardware}, {"software", software}});
    Json device = {{"computeCapability", QStringLiteral("%1.%2").arg(d.computeMajor).arg(d.computeMinor).toStdString()},
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

    const auto& o = f.options;
    const QString notes =
        QStringLiteral("Local reruns of kix's bundled kernel, comparable only within one definition, GPU type and kix "
                       "harness version. Each case: %1 warm-up launches, then adaptive timing (%2 to %3 launches, about "
                       "%4 ms per case), the L2 flushed before every timed launch by writing a buffer of twice its "
                       "size; the reference (one kernel per step of the definition's PyTorch reference, fp32 "
                       "intermediates) timed %5 times. Inputs: counter-based generator, seed per case. The suite "
                       "value is the geometric mean over cases of the per-case mean latency.")
            .arg(o.warmup)
            .arg(o.minIterations)
            .arg(o.maxIterations)
            .arg(o.targetMillisecondsPerCase)
            .arg(o.referenceIterations);
    const Json protocol = makeResource(
        ResourceKind::BenchmarkProtocol, QStringLiteral("kix-local-rerun-%1").arg(QLatin1String(KIX_VERSION)),
        QStringLiteral("kix local rerun harness %1").arg(QLatin1String(KIX_VERSION)),
        {{"harness", {{"name", "kix local rerun"}, {"version", KIX_VERSION}}},
         {"measurement",
          {{"timer", "cuda_events"}, {"primaryStatistic", "mean"}, {"warmupIterations", std::max(0, o.warmup)}}},
         {"correctness",
          {{"reference", "fp64 evaluation of the definition's math on the GPU; every element |out - ref| <= atol + "
                         "rtol * |ref| with the workload's tolerances, NaN fails, outputs poisoned with NaN first"},
           {"comparator", "elementwise_close"}}},
         {"comparability", {{"family", "kix_local_rerun"}, {"notes", notes.toStdString()}}}});

    const KernelIndexResources& workloads = bundledWorkloads();
    const Json implementation = implementationResource();
    const std::string implementationDigest = resourceDigest(implementation).toStdString();
    const QString base = localRunFileName(f).section(u'.', 0, 0);
    const QString samplesFile = base + QStringLiteral(".samples.json");
    // KernelIndex's names are lowercase; the file names keep the timestamp's T and Z.
    const QString runName = base.toLower();
    const auto add = [&](const QString& name, const Json& doc) {
        if (const QString err = out.files.add(name, doc); !err.isEmpty() && out.error.isEmpty())
            out.error = err;
    };
    add(QString::fromStdString(implementation["metadata"]["name"].get<std::string>()) + QStringLiteral(".json"), implementation);
    if (!workloads.operationSpec.is_null())
        add(QString::fromStdString(workloads.operationSpec["metadata"]["name"].get<std::string>()) +
                QStringLiteral(".operation.json"),
            workloads.operationSpec);

    // The evidence first: the runs name it by digest.
    Json evidenceCases = Json::array();
    QList<QString> statuses;
    for (const auto& r : f.cases) {
        Json c = caseResultJson(r, f.copyBandwidthGBps, true);
        const QString status = !r.error.empty() ? QStringLiteral("runtime_error")
                               : casePassed(r)  ? QStringLiteral("passed")
                                                : QStringLiteral("incorrect_numerical");
        c["status"] = status.toStdString();
        c["samplesNs"] = r.fusedNs;
        if (!r.referenceNs.empty())
            c["referenceSamplesNs"] = r.referenceNs;
        statuses << status;
        evidenceCases.push_back(std::move(c));
    }
    Json evidence = rawSamplesDocument(runName, evidenceCases);
    evidence["device"] = device;
    const QByteArray evidenceBytes = jsonFileBytes(evidence);
    if (const QString err = out.files.addBytes(samplesFile, evidenceBytes); !err.isEmpty())
        out.error = err;

    const std::string observedAt = f.observedAt.toUTC().toString(Qt::ISODateWithMs).toStdString();
    const QString title = QStringLiteral("kix fused · %1 · %2").arg(QLatin1String(kernels::kDefinitionName), product);
    std::vector<double> means;
    QString suiteStatus = f.cases.empty() ? QStringLiteral("incomplete_evidence") : QStringLiteral("passed");
    for (std::size_t i = 0; i < f.cases.size(); ++i) {
        const auto& r = f.cases[i];
        const QString uuid = QString::fromLatin1(r.workload.uuid);
        if (suiteStatus == QLatin1String("passed") && statuses[qsizetype(i)] != QLatin1String("passed"))
            suiteStatus = statuses[qsizetype(i)];
        Json spec = {{"implementationDigest", implementationDigest},
                     {"status", statuses[qsizetype(i)].toStdString()},
                     {"observedAt", observedAt},
                     {"evidence", {{"rawSamples", rawSamplesReference(samplesFile, evidenceBytes, qsizetype(i))}}}};
        // The workload case of the bundled suite this case ran, by its uuid.
        const auto& problem = bundledProblem();
        const int index = problem.definition ? problem.definition->workloadIndex(uuid) : -1;
        if (index >= 0 && index < workloads.cases.size()) {
            const Json& wc = workloads.cases[index];
            spec["workloadDigest"] = resourceDigest(wc).toStdString();
            add(QString::fromStdString(wc["metadata"]["name"].get<std::string>()) + QStringLiteral(".workload.json"), wc);
        }
        const LatencyStats own = summarizeSamples(r.fusedNs);
        if (own.mean) {
            Json latency = {{"mean", std::llround(*own.mean)}};
            if (own.median)
                latency["median"] = std::llround(*own.median);
            if (own.min)
                latency["minimum"] = std::llround(*own.min);
            if (own.max)
                latency["maximum"] = std::llround(*own.max);
            spec["timing"] = {{"primaryStatistic", "mean"}, {"latencyNs", latency}};
            if (own.samples && *own.samples > 0)
                spec["timing"]["samples"] = *own.samples;
            means.push_back(*own.mean);
        }
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
        const QString caseName = QStringLiteral("--") + boundedName(uuid, 48);
        const Json run = makeResource(ResourceKind::BenchmarkRun, runName + caseName,
                                      QStringLiteral("%1 · case %2").arg(title, uuid.left(8)), spec);
        add(base + caseName + QStringLiteral(".manifest.json"), makeBundle(run, protocol, environment));
    }
    Json suiteSpec = {{"implementationDigest", implementationDigest},
                      {"status", suiteStatus.toStdString()},
                      {"observedAt", observedAt},
                      {"evidence", {{"rawSamples", rawSamplesReference(samplesFile, evidenceBytes)}}}};
    if (!f.workloadDigest.isEmpty())
        suiteSpec["workloadDigest"] = f.workloadDigest.toStdString();
    if (const auto g = geometricMean(means); g && means.size() == f.cases.size() && suiteStatus == QLatin1String("passed"))
        suiteSpec["measurements"] = Json::array({{{"metric", "latency"},
                                                  {"unit", "ns"},
                                                  {"statistic", "geomean"},
                                                  {"value", std::llround(*g)},
                                                  {"sampleCount", means.size()}}});
    const Json run = makeResource(ResourceKind::BenchmarkRun, runName, title, suiteSpec);
    out.suiteRun = makeBundle(run, protocol, environment);
    out.suiteRunFile = localRunFileName(f);
    add(out.suiteRunFile, out.suiteRun);
    if (!workloads.suite.is_null())
        add(QString::fromStdString(workloads.suite["metadata"]["name"].get<std::string>()) + QStringLiteral(".workload.json"),
            workloads.suite);
    return out;
}

Json buildLocalRunBundle(const LocalRunFacts& facts) {
    return buildLocalRunSet(facts).suiteRun;
}

QString localRunFileName(const LocalRunFacts& f) {
    const QString gpu = QString::fromStdString(f.device.name)
                            .toLower()
                            .replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    return QStringLiteral("kix-run-%1-%2%3.manifest.json")
        .arg(f.observedAt.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")), gpu,
             f.fileTag.isEmpty() ? QString() : u'-' + f.fileTag);
}

} // namespace kix::runner
