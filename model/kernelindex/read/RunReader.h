// Reads the spec of a BenchmarkRun into RunSpec: KernelIndex's timing (its statistic names, duration
// strings, any lowercase primary statistic) or measurements, the digests it names, sourceNative, and
// kix's own legacy statistics (min, max, stddev) and per-case extension. Every problem is located.
#pragma once

#include "FieldReader.h"
#include "RunSpec.h"

namespace kix {

RunSpec readRunSpec(FieldReader spec);

} // namespace kix
