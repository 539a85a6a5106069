// Reads per-case results (kix's legacy per-case extension of a run's spec, and a raw-samples file's
// cases): the statistics, outputs and samples of each case, every problem located. Below both the run
// reader and the raw-samples reader, which share it.
#pragma once

#include "FieldReader.h"
#include "RunSpec.h"

namespace kix {

// A statistics object (KernelIndex's minimum/maximum or kix's min/max, durations, confidence95, samples).
LatencyStats readLatencyStats(FieldReader stats, bool meanRequired);

// An object of numbers by name, in the order written (axes, metrics); a non-number is a located error.
QList<QPair<QString, double>> readNumberMap(FieldReader map);

// KernelIndex's token rule (^[a-z][a-z0-9_]*$) on a QString: statistic and metric names.
bool isTokenName(const QString& s);

// The "cases" array of `holder` (a run's spec in the legacy extension, or a raw-samples file), each
// entry located; with `only`, just the entry at that index.
// With `packed` (a raw-samples file parsed with PackedNumberArrays), a samplesNs that parsing held beside
// the DOM is moved out of it into its case.
void readCaseList(FieldReader& holder, QList<CaseResult>& out, std::optional<qsizetype> only = std::nullopt,
                  PackedNumberArrays* packed = nullptr);

} // namespace kix
