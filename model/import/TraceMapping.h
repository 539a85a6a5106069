// The fixed facts of mapping SOL-ExecBench's trace vocabulary onto KernelIndex's: its nine evaluation
// statuses onto KernelIndex's run status enum, and a GPU name as SOL-ExecBench writes it
// ("NVIDIA_H100", "NVIDIA B200") onto KernelIndex's hardware vendor, product and architecture.
#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace kix {

// "PASSED" -> "passed", "REWARD_HACK" -> "suspected_reward_hack", …; nullopt for any other text.
std::optional<QString> kernelIndexStatus(const QString& solExecBenchStatus);
// The nine, in SOL-ExecBench's order, for messages.
QStringList solExecBenchStatuses();

struct GpuFacts {
    QString vendor;       // "nvidia"
    QString product;      // "NVIDIA H100" ('_' written as ' ')
    QString architecture; // "sm_90"; empty when the product is not one kix knows
};

// Vendor from the first word (NVIDIA, AMD, Intel), architecture from the model number for NVIDIA's
// data-center and workstation GPUs (H100 -> sm_90, B200 -> sm_100, …).
GpuFacts gpuFacts(const QString& hardware);

} // namespace kix
