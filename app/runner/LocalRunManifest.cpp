#include "LocalRunManifest.h"

#include "Digest.h"
#include "ManifestWriter.h"
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

Json implementationResource() {
    Json spec = {
        {"callable", {{"language", "cuda"}, {"entryPoint", "kix::kernels::launchFusedBackward"}}},
        {"operation", {{"definition", kernels::kDefinitionName}}},
        {"support",
         {{"dtypes", {"bf16", "fp32"}},
          {"hardwareArchitectures", {"sm_90"}},
          {"hiddenSizes", "multiples of 8 up to 4096"}}},
        {"projectRevision", {{"project", "kix"}, {"version", KIX_VERSION}}},
        {"source", {{"files", {"kernels/rmsnorm_backward.cu"}}, {"sha256", KIX_KERNEL_SOURCE_SHA256}}},
    };
    return makeResource(ResourceKind::ImplementationRevision,
                        QStringLiteral("kix-fused-rmsnorm-backward-%1").arg(QLatin1String(KIX_VERSION)),
                        QStringLiteral("kix fused RMSNorm backward %1").arg(QLatin1String(KIX_VERSION)),
                        spec);
}

Json buildLocalRunBundle(const LocalRunFacts& f) {
    const auto& d = f.device;
    const QString product = QString::fromStdString(d.name);
    const QString arch = gpuArchitecture(d);

    Json hardware = {
        {"vendor", "nvidia"},
        {"product", product.toStdString()},
        {"architecture", arch.toStdString()},
        {"computeCapability", QStringLiteral("%1.%2").arg(d.computeMajor).arg(d.computeMinor).toStdString()},
        {"multiprocessors", d.multiprocessors},
        {"memoryBytes", d.memoryBytes},
        {"l2CacheBytes", d.l2Bytes}};
    if (f.copyBandwidthGBps > 0)
        hardware["measuredCopyBandwidthGBps"] = f.copyBandwidthGBps;
    Json software = {{"cudaRuntime", versionText(d.runtimeVersion).toStdString()},
                     {"cudaDriverApi", versionText(d.driverVersion).toStdString()},
                     {"kix", KIX_VERSION}};
    if (!f.clocks.driver.isEmpty())
        software["driver"] = f.clocks.driver.toStdString();
    Json clocks = Json::object();
    if (f.clocks.unavailableReason.isEmpty()) {
        clocks = {{"smMHz", f.clocks.smMHz.toStdString()},
                  {"memoryMHz", f.clocks.memoryMHz.toStdString()},
                  {"smMaxMHz", f.clocks.smMaxMHz.toStdString()},
                  {"readBy", "nvidia-smi, before the run"}};
    } else {
        clocks = {{"unavailable", f.clocks.unavailableReason.toStdString()}};
    }
    const Json environment =
        makeResource(ResourceKind::ExecutionEnvironment, QStringLiteral("local-%1").arg(nameSlug(product)),
                     QStringLiteral("%1 (%2), local").arg(product, arch),
                     {{"hardware", hardware}, {"software", software}, {"clocks", clocks}});

    const auto& o = f.options;
    const Json protocol = makeResource(
        ResourceKind::BenchmarkProtocol, QStringLiteral("kix-local-rerun-%1").arg(QLatin1String(KIX_VERSION)),
        QStringLiteral("kix local rerun harness %1").arg(QLatin1String(KIX_VERSION)),
        {{"harness",
          {{"name", "kix local rerun"},
           {"version",
            std::string(KIX_VERSION) + " (CUDA " + versionText(d.runtimeVersion).toStdString() + ")"}}},
         {"measurement",
          {{"timer", "cuda_events"},
           {"primaryStatistic", "mean"},
           {"warmupLaunches", o.warmup},
           {"iterations", QStringLiteral("adaptive: %1 to %2, about %3 ms per case")
                              .arg(o.minIterations)
                              .arg(o.maxIterations)
                              .arg(o.targetMillisecondsPerCase)
                              .toStdString()},
           {"referenceIterations", o.referenceIterations},
           {"l2", "flushed before every timed launch by writing a buffer of twice the L2 size"},
           {"aggregation", "geometric mean over cases of the per-case mean latency"}}},
         {"correctness",
          {{"reference", "fp64 evaluation of the definition's math on the GPU"},
           {"comparator", "every element |out - ref| <= atol + rtol * |ref| with the workload's tolerances; "
                          "NaN fails; outputs poisoned with NaN before the run"},
           {"inputs", "grad_output, normalized ~ N(0,1); rstd ~ U(0.5, 2); weight ~ N(1, 0.1); counter-based "
                      "generator, seed per case"}}},
         {"reference",
          {{"implementation", "unfused GPU reference: one kernel per step of the definition's PyTorch "
                              "reference, fp32 intermediates"}}},
         {"comparability",
          {{"family", "kix_local_rerun"},
           {"notes", "Local reruns of kix's bundled kernel. Comparable only within one definition, GPU type "
                     "and kix harness version."}}}});

    Json cases = Json::array();
    std::vector<double> means;
    bool allPassed = !f.cases.empty();
    for (const auto& r : f.cases) {
        Json c = caseResultJson(r, f.copyBandwidthGBps, true);
        if (c.contains("latencyNs"))
            means.push_back(c["latencyNs"]["mean"].get<double>());
        allPassed = allPassed && c["status"] == "passed";
        cases.push_back(std::move(c));
    }
    Json runSpec = {{"status", allPassed ? "passed" : "failed"},
                    {"observedAt", f.observedAt.toUTC().toString(Qt::ISODateWithMs).toStdString()},
                    {"definition", kernels::kDefinitionName},
                    {"implementation", {{"name", "kix fused"}, {"revision", KIX_VERSION}}},
                    {"implementationDigest", resourceDigest(implementationResource()).toStdString()},
                    {"cases", cases}};
    if (!f.workloadDigest.isEmpty())
        runSpec["workloadDigest"] = f.workloadDigest.toStdString();
    if (const auto g = geometricMean(means); g && means.size() == f.cases.size())
        runSpec["timing"] = {{"latencyNs", {{"mean", *g}}},
                             {"primaryStatistic", "mean"},
                             {"aggregation", "geometric mean over cases of the per-case mean latency"}};
    const QString title =
        QStringLiteral("kix fused · %1 · %2").arg(QLatin1String(kernels::kDefinitionName), product);
    const Json run =
        makeResource(ResourceKind::BenchmarkRun, localRunFileName(f).section(u'.', 0, 0), title, runSpec);
    return makeBundle(run, protocol, environment);
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
