// How kix runs Nsight Compute (`ncu`) and reads what it answers: where the tool is, the arguments that
// profile one launch of a case into a report and export its raw page, and ncu's refusals in its own words.
// Running the processes is the caller's (app/runner/ProfileRunner); what is decided here is pure and tested.
#pragma once

#include "NcuCsv.h"

#include <QString>
#include <QStringList>

namespace kix::profile {

// The kernels of kix's bundled kernel that ncu profiles (the fused pass, the reduction of its partials,
// the bulk path), as kernels/bench/device_session.sh's ncu step names them.
inline constexpr char kBundledKernelFilter[] =
    "regex:fusedBackwardKernel|reduce(Partials|Quads)Kernel|bulkBackwardKernel";
// The kernels a launch of the bundled kernel starts with (matchToCases' entryFunctions).
QStringList bundledEntryFunctions();
// Kernel launches skipped before the profiled ones: the check launch and a warm-up launch of a two-kernel
// case (four of a one-kernel case), so that the profiled launch runs on a warm GPU, as a timed one does.
inline constexpr int kLaunchSkip = 4;
// Kernels profiled: one launch of a two-kernel case, two of a one-kernel case (the first is kept).
inline constexpr int kLaunchCount = 2;

// The first `ncu` found: an executable of that name in `pathDirs` (PATH's folders, in order), else in each
// of `toolkitDirs`' bin/ (CUDA_HOME, CUDA_PATH, /usr/local/cuda). "" when there is none.
QString findNcu(const QStringList& pathDirs, const QStringList& toolkitDirs);
// The same over this process's PATH, $CUDA_HOME, $CUDA_PATH and /usr/local/cuda.
QString findNcu();

// `ncu` arguments that profile `target` (the program and its arguments) into `reportFile` (".ncu-rep"):
// kix's metric set (KernelProfile.h: its sections and the byte counts), the bundled kernel's launches after
// kLaunchSkip, clocks left as they are (--clock-control none: a locked run stays locked, an unlocked one is
// not changed under it).
QStringList ncuProfileArguments(const QString& reportFile, const QStringList& target);
// `ncu` arguments that print a report's raw page as CSV on stdout (what readNcuCsv reads).
QStringList ncuImportArguments(const QString& reportFile);

struct NcuRefusal {
    QString message; // "" when ncu's output names no refusal
    // The machine refuses every profile (permissions, a GPU ncu does not support, a virtualised one):
    // profiling the next case would only repeat it.
    bool everyCase = false;
};

// What ncu's output (stdout and stderr together) says went wrong: its ==ERROR== lines as it wrote them,
// after what kix makes of the known ones (ERR_NVGPUCTRPERM, an unsupported or virtualised device, no
// kernel profiled). `exitCode` is ncu's; a non-zero one with no ==ERROR== line is said with its number.
NcuRefusal ncuRefusal(const QString& output, int exitCode);

// The table with only its first launch group (launchGroups, CaseProfiles.h): the one launch of a case that
// kix run --profile keeps of the kLaunchCount kernels it profiles.
NcuTable firstLaunchOnly(const NcuTable& table);

} // namespace kix::profile
