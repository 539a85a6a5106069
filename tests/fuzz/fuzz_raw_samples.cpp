// libFuzzer target: the raw-samples reader (RawSamples.h, CaseReader.h, GpuStateReader.cpp) on arbitrary
// bytes as the samples file a run names, its digest the bytes' own so that the file is always read. Nothing
// may crash, hang or trip a sanitizer, and what it keeps is plausible (InputLimits.h): every sample a
// positive time of at most kMaxSampleNs, a noise floor of at most kMaxNoiseFloor, no more throttled GPU
// samples than samples.
#include "InputLimits.h"
#include "ManifestParser.h"
#include "Sha256.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <cstdint>
#include <cstdlib>

namespace {

QString scratchDir() {
    static const QString dir = [] {
        QByteArray pattern = QDir::tempPath().toLocal8Bit() + "/kix-fuzz-samples-XXXXXX";
        return QString::fromLocal8Bit(mkdtemp(pattern.data()));
    }();
    return dir;
}

bool plausible(const std::vector<double>& samples) {
    for (double v : samples)
        if (!(v > 0 && v <= kix::limits::kMaxSampleNs))
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QString dir = scratchDir();
    {
        QFile f(dir + QStringLiteral("/run.samples.json"));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(bytes);
    }
    const std::string digest =
        "sha256:" +
        kix::sha256Hex(std::string_view(bytes.constData(), std::size_t(bytes.size()))).toStdString();
    // A BenchmarkRun whose evidence is the fuzzed file: what kix run writes, less everything optional.
    const QByteArray manifest = QByteArray::fromStdString(
        R"({"apiVersion": "kernelindex.dev/v1alpha1", "kind": "BenchmarkRun", "metadata": {"name": "fuzz"},
            "spec": {"status": "passed", "observedAt": "2026-12-04T05:36:02.729Z",
                     "measurements": [{"metric": "latency", "unit": "ns", "statistic": "geomean",
                                       "value": 1000, "sampleCount": 2}],
                     "evidence": {"rawSamples": {"uri": "run.samples.json", "digest": ")" +
        digest + R"("}}}})");
    const kix::ManifestPtr m = kix::parseManifest(manifest, dir + QStringLiteral("/run.manifest.json"));
    if (!m->run)
        return 0;
    const kix::RunSpec& run = m->runSpec;
    for (const kix::CaseResult& c : run.cases) {
        if (!plausible(c.samplesNs) || !plausible(c.cuptiSamplesNs))
            __builtin_trap();
        if (c.gpuState && c.gpuState->throttledSamples > c.gpuState->samples && c.gpuState->samples > 0)
            __builtin_trap();
    }
    if (run.gpu && run.gpu->noiseFloor && *run.gpu->noiseFloor > kix::limits::kMaxNoiseFloor)
        __builtin_trap();
    return 0;
}
