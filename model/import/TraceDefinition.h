// A SOL-ExecBench definition.json the user gives `kix import-trace --definition FILE` for a definition kix
// has no problem file for: its axes, inputs and outputs (names, dtypes, shapes) as a ProblemDefinition with
// the KernelIndex facts a trace implies (family from the name, mutation "none", determinism "unspecified",
// SOL-ExecBench's comparator), so the OperationSpec the import writes has every argument a tensor and
// KernelIndex's parser accepts it. Read in memory only: kix bundles no dataset file.
#pragma once

#include "ProblemDefinition.h"

#include <optional>

namespace kix::trace {

// The definition, or nullopt with the located problems (a missing name, an "expr" axis kix cannot resolve,
// an unknown dtype, a shape naming no axis).
std::optional<ProblemDefinition> readSolExecBenchDefinition(const QString& path, Problems& problems);

} // namespace kix::trace
