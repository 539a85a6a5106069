#include "CpuRunManifest.h"

#include "Digest.h"
#include "FileSuffixes.h"
#include "ManifestWriter.h"
#include "Statistics.h"
#include "kix_config.h"

#include <QFile>
#include <QSysInfo>
#include <QThread>

namespace kix::runner {

namespace {

QString cpuInfoField(const QByteArray& text, const char* key) {
    for (const QByteArray& line : text.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed() == key)
            return QString::fromUtf8(line.mid(colon + 1)).simplified();
    }
    return {};
}

QString vendorOf(const QString& vendorId, const QString& model) {
    const QString v = (vendorId + u' ' + model).toLower();
    if (v.contains(QLatin1String("amd")))
        return QStringLiteral("amd");
    if (v.contains(QLatin1String("intel")))
        return QStringLiteral("intel");
    if (v.contains(QLatin1String("arm")) || v.contains(QLatin1String("aarch64")))
        return QStringLiteral("arm");
    return QStringLiteral("unknown");
}

QString compilerText() {
#if defined(__clang__)
    return QStringLiteral("clang %1 (%2)")
        .arg(QLatin1String(__clang_version__), QLatin1String(KIX_CPU_BUILD_TYPE));
#elif defined(__GNUC__)
    return QStringLiteral("gcc %1 (%2)").arg(QLatin1String(__VERSION__), QLatin1String(KIX_CPU_BUILD_TYPE));
#else
    return QStringLiteral("unknown compiler (%1)").arg(QLatin1String(KIX_CPU_BUILD_TYPE));
#endif
}

} // namespace

CpuInfo queryCpu() {
    CpuInfo c;
    QFile f(QStringLiteral("/proc/cpuinfo"));
    QByteArray text;
    if (f.open(QIODevice::ReadOnly))
        text = f.read(1 << 20); // the first CPUs describe them all
    c.model = cpuInfoField(text, "model name");
    if (c.model.isEmpty())
        c.model = cpuInfoField(text, "Model"); // many ARM boards
    if (c.model.isEmpty())
        c.model = QSysInfo::currentCpuArchitecture();
    c.vendor = vendorOf(cpuInfoField(text, "vendor_id"), c.model);
    c.architecture = QSysInfo::currentCpuArchitecture().replace(u'-', u'_');
    c.logicalCpus = QThread::idealThreadCount();
    c.operatingSystem = QSysInfo::prettyProductName();
    c.kernel = QSysInfo::kernelType() + u' ' + QSysInfo::kernelVersion();
    return c;
}

Json cpuImplementationResource() {
    Json spec = {
        {"callable", {{"language", "c++"}, {"entryPoint", "kix::kernels::rmsnormBackwardReference<float>"}}},
        {"operation", {{"definition", kernels::kDefinitionName}}},
        {"support", {{"dtypes", {"bf16", "fp32"}}, {"hardwareArchitectures", {"cpu"}}}},
        {"projectRevision", {{"project", "kix"}, {"version", KIX_VERSION}}},
        {"source",
         {{"files", {"kernels/include/kix/rmsnorm_backward_cpu.h"}}, {"sha256", KIX_CPU_REFERENCE_SHA256}}},
        {"notes", "CPU mode: the kernel's math with fp32 accumulation and bf16 outputs, one thread. It tests "
                  "the rerun path where there is no GPU; it is not the CUDA kernel."},
    };
    return makeResource(ResourceKind::ImplementationRevision,
                        QStringLiteral("kix-cpu-reference-%1").arg(QLatin1String(KIX_VERSION)),
                        QStringLiteral("kix CPU reference (CPU mode) %1").arg(QLatin1String(KIX_VERSION)),
                        spec);
}

Json buildCpuRunBundle(const CpuRunFacts& f) {
    const QString product = QStringLiteral("CPU: %1").arg(f.cpu.model);
    Json hardware = {{"vendor", f.cpu.vendor.toStdString()},
                     {"product", product.toStdString()},
                     {"architecture", f.cpu.architecture.toStdString()},
                     {"formFactor", "cpu"},
                     {"count", 1}};
    const Json software = {{"operatingSystem", f.cpu.operatingSystem.toStdString()},
                           {"kernel", f.cpu.kernel.toStdString()},
                           {"compiler", compilerText().toStdString()},
                           {"libraries", {{"kix", KIX_VERSION}}}};
    const Json environment =
        makeResource(ResourceKind::ExecutionEnvironment, QStringLiteral("cpu-%1").arg(nameSlug(f.cpu.model)),
                     QStringLiteral("%1 (%2 logical CPUs), CPU mode").arg(product).arg(f.cpu.logicalCpus),
                     {{"hardware", hardware}, {"software", software}});

    const auto& o = f.options;
    const Json protocol = makeResource(
        ResourceKind::BenchmarkProtocol, QStringLiteral("kix-cpu-mode-%1").arg(QLatin1String(KIX_VERSION)),
        QStringLiteral("kix CPU-mode rerun %1 (not a GPU benchmark)").arg(QLatin1String(KIX_VERSION)),
        {{"harness", {{"name", "kix CPU-mode rerun"}, {"version", KIX_VERSION}}},
         {"measurement",
          {{"timer", "std::chrono::steady_clock, one CPU thread"},
           {"primaryStatistic", "mean"},
           {"warmupLaunches", o.warmup},
           {"iterations", QStringLiteral("adaptive: %1 to %2, about %3 ms per case")
                              .arg(o.minIterations)
                              .arg(o.maxIterations)
                              .arg(o.targetMillisecondsPerCase)
                              .toStdString()},
           {"referenceIterations", o.referenceIterations},
           {"aggregation", "geometric mean over cases of the per-case mean latency"}}},
         {"correctness",
          {{"reference", "fp64 evaluation of the definition's math on the CPU "
                         "(kernels/include/kix/rmsnorm_backward_cpu.h)"},
           {"comparator", "every element |out - ref| <= atol + rtol * |ref| with the workload's tolerances; "
                          "NaN fails"},
           {"inputs", "grad_output, normalized ~ N(0,1); rstd ~ U(0.5, 2); weight ~ N(1, 0.1); counter-based "
                      "generator, seed per case"}}},
         {"reference", {{"implementation", "the same math with fp64 accumulation, on the CPU"}}},
         {"comparability",
          {{"family", kCpuFamily},
           {"notes", "CPU mode of kix's rerun, for testing the rerun and cluster paths without a GPU. Its "
                     "latencies are CPU times of the reference math, never comparable with GPU results."}}}});

    Json cases = Json::array();
    std::vector<double> means;
    bool allPassed = !f.cases.empty();
    for (const auto& r : f.cases) {
        Json c = caseResultJson(r, 0, false);
        if (c.contains("latencyNs"))
            means.push_back(c["latencyNs"]["mean"].get<double>());
        allPassed = allPassed && c["status"] == "passed";
        cases.push_back(std::move(c));
    }
    Json runSpec = {{"status", allPassed ? "passed" : "failed"},
                    {"observedAt", f.observedAt.toUTC().toString(Qt::ISODateWithMs).toStdString()},
                    {"definition", kernels::kDefinitionName},
                    {"implementation", {{"name", "kix CPU reference"}, {"revision", KIX_VERSION}}},
                    {"implementationDigest", resourceDigest(cpuImplementationResource()).toStdString()},
                    {"cases", cases}};
    if (!f.workloadDigest.isEmpty())
        runSpec["workloadDigest"] = f.workloadDigest.toStdString();
    if (const auto g = geometricMean(means); g && means.size() == f.cases.size())
        runSpec["timing"] = {{"latencyNs", {{"mean", *g}}},
                             {"primaryStatistic", "mean"},
                             {"aggregation", "geometric mean over cases of the per-case mean latency"}};
    const QString title = QStringLiteral("kix CPU reference · %1 · %2 (CPU mode, not a GPU result)")
                              .arg(QLatin1String(kernels::kDefinitionName), product);
    const Json run =
        makeResource(ResourceKind::BenchmarkRun, cpuRunFileName(f).section(u'.', 0, 0), title, runSpec);
    return makeBundle(run, protocol, environment);
}

QString cpuRunFileName(const CpuRunFacts& f) {
    return QStringLiteral("kix-cpu-run-%1-%2%3")
               .arg(f.observedAt.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")),
                    nameSlug(f.cpu.model), f.fileTag.isEmpty() ? QString() : u'-' + f.fileTag) +
           QLatin1String(kManifestSuffix);
}

} // namespace kix::runner
