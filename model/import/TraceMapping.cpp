#include "TraceMapping.h"

#include <QRegularExpression>
#include <utility>

namespace kix {

namespace {

// SOL-ExecBench's EvaluationStatus (core/data/trace.py) and what KernelIndex calls each. Its
// REWARD_HACK is a suspicion raised by a heuristic check, which KernelIndex names as such.
constexpr std::pair<const char*, const char*> kStatuses[] = {
    {"PASSED", "passed"},
    {"INVALID_REFERENCE", "invalid_reference"},
    {"INCORRECT_SHAPE", "incorrect_shape"},
    {"INCORRECT_NUMERICAL", "incorrect_numerical"},
    {"INCORRECT_DTYPE", "incorrect_dtype"},
    {"RUNTIME_ERROR", "runtime_error"},
    {"COMPILE_ERROR", "compile_error"},
    {"TIMEOUT", "timeout"},
    {"REWARD_HACK", "suspected_reward_hack"},
};

// NVIDIA model numbers and their compute capability (CUDA programming guide, "Compute
// Capabilities"). Matched as whole words of the product name, so GB200 never reads as B200.
constexpr std::pair<const char*, const char*> kNvidiaArchitectures[] = {
    {"v100", "sm_70"},  {"t4", "sm_75"},     {"a100", "sm_80"},  {"a800", "sm_80"},  {"a30", "sm_80"},
    {"a10", "sm_86"},   {"a40", "sm_86"},    {"a16", "sm_86"},   {"a2", "sm_86"},    {"l4", "sm_89"},
    {"l40", "sm_89"},   {"l40s", "sm_89"},   {"l20", "sm_89"},   {"h100", "sm_90"},  {"h800", "sm_90"},
    {"h200", "sm_90"},  {"h20", "sm_90"},    {"gh200", "sm_90"}, {"b200", "sm_100"}, {"gb200", "sm_100"},
    {"b300", "sm_103"}, {"gb300", "sm_103"}, {"4090", "sm_89"},  {"5090", "sm_120"},
};

} // namespace

std::optional<QString> kernelIndexStatus(const QString& status) {
    for (const auto& [sol, ki] : kStatuses)
        if (status == QLatin1String(sol))
            return QString::fromLatin1(ki);
    return std::nullopt;
}

QStringList solExecBenchStatuses() {
    QStringList out;
    for (const auto& [sol, ki] : kStatuses)
        out << QString::fromLatin1(sol);
    return out;
}

GpuFacts gpuFacts(const QString& hardware) {
    GpuFacts g;
    g.product = QString(hardware).replace(u'_', u' ').simplified();
    const QStringList words =
        g.product.toLower().split(QRegularExpression(QStringLiteral("[^a-z0-9]+")), Qt::SkipEmptyParts);
    if (words.isEmpty())
        return g;
    const QString& first = words.first();
    if (first == QLatin1String("nvidia") || first == QLatin1String("amd") || first == QLatin1String("intel"))
        g.vendor = first;
    if (!g.vendor.isEmpty() && g.vendor != QLatin1String("nvidia"))
        return g;
    for (const auto& word : words)
        for (const auto& [model, arch] : kNvidiaArchitectures)
            if (word == QLatin1String(model))
                g.architecture = QString::fromLatin1(arch);
    if (!g.architecture.isEmpty())
        g.vendor = QStringLiteral("nvidia"); // "H100" alone is still NVIDIA's
    return g;
}

} // namespace kix
