// A kix problem file (format "kix.problem/v1") opened like any other source — by `kix verify`, the
// explorer, a folder walk: it yields the KernelIndex resources kix builds from its facts (the
// OperationSpec, one WorkloadCase per workload, the WorkloadSuite; WorkloadSuiteBuilder.h). A run that
// names them by digest then verifies against the project's own file, without a copy of KernelIndex's.
#pragma once

#include "Records.h"

namespace kix {

// Whether a parsed top-level document is a problem file (its "format" names kix.problem/v1).
bool isProblemDefinitionDocument(const Json& root);

// Reads the problem file at `where` into `doc`: the file's own problems, and when it has no error, the
// built resources, each located at the facts it is built from (kernelIndex.operation, workloads[i],
// kernelIndex.suite). A built digest that differs from the recorded one is an error
// (data.digest_mismatch), and then nothing is built: runs never verify against facts that contradict
// their source.
void readProblemDefinitionDocument(const Json& root, const DocumentContext& where, ParsedDocument& doc);

} // namespace kix
