// The counts a run states against the raw samples its evidence file holds (issue 40 item 6): a file whose
// counts disagree with its manifest is a located error, so no verdict rests on samples the run did not
// report, or on a run that reports samples its file does not hold. (A case's own latencyNs.samples
// against its samplesNs is checked with its other statistics where the case is read.)
#pragma once

#include "FieldReader.h"
#include "RunSpec.h"

#include <optional>

namespace kix {

// `spec` is the run's spec (the manifest), `cases` what the raw-samples file `relative` gave it; `only` the
// case a per-case run's URI names. A per-case run's timing.samples must be its case's launch count, a suite
// run's primary measurement's sampleCount the number of cases the file holds.
void checkRawSampleCounts(FieldReader& spec, const RunSpec& run, const QList<CaseResult>& cases,
                          std::optional<qsizetype> only, const QString& relative);

} // namespace kix
