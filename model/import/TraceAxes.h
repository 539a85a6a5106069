// The axes of a solution's workloads against their definition (issue 40 item 7): a workload that lacks an
// axis, or gives a constant axis another value than its definition, is a located error and nothing of the
// trace is written. (Each value is checked as it is read: TraceLines.cpp, a positive integer below 2^63.)
#pragma once

#include "ProblemDefinition.h"
#include "TraceLines.h"

namespace kix::trace {

// Every workload of `g` gives every variable axis of its definition, and a constant axis, where it gives
// one, the definition's value: kix's problem file's (`known`) where there is one, else every axis the
// definition's workloads name (`facts`). False when not, each difference reported in `problems`.
bool traceAxesAgree(const Group& g, const DefinitionFacts& facts, const ProblemDefinition* known,
                    const QString& file, Problems& problems);

} // namespace kix::trace
