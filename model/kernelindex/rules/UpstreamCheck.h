// "KernelIndex would reject this": every rule of KernelIndex's strict manifest schemas (all 13 kinds,
// unknown members refused) and of its parser that kix can check on a parsed resource, in kix's own
// code (users do not have KernelIndex's schema files). Each finding is a warning with the file, the
// JSON path, what KernelIndex expects and a stable code "upstream.<what>" (ProblemCodes.h). Duplicate
// keys, the other parse-time rule, are refused by the JSON and YAML readers themselves.
// docs/kernelindex-rules.md lists every rule and where in KernelIndex it was read.
// "Upstream" in kix always means KernelIndex: this check, its upstream.* codes, acceptedUpstream and the
// run table's Upstream column (never SOL-ExecBench, whose files are named for what they are).
#pragma once

#include "JsonReader.h"
#include "Problem.h"

namespace kix {

// `path` is where the resource sits in its document ("" at the top, "run" in a bundle); findings are
// located below it. `documentBytes` is the size of the document the resource came from (KernelIndex
// refuses a manifest over 1 MiB); pass 0 or less when unknown (a catalog line).
Problems checkUpstreamAcceptance(const Json& resource, const QString& file, const QString& path,
                                 qint64 documentBytes);

} // namespace kix
