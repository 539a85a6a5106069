// Reads the spec of a BenchmarkRun into RunSpec: KernelIndex's timing (its statistic names, duration
// strings, any lowercase primary statistic) or measurements, the digests it names, sourceNative, and
// kix's own legacy statistics (min, max, stddev) and per-case extension. Every problem is located.
#pragma once

#include "FieldReader.h"
#include "RunSpec.h"

namespace kix {

RunSpec readRunSpec(FieldReader spec);

// The "cases" array of `holder` (a run's spec in the legacy extension, or a raw-samples file), each
// entry located; with `only`, just the entry at that index.
void readCaseList(FieldReader& holder, QList<CaseResult>& out, std::optional<qsizetype> only = std::nullopt);

} // namespace kix
