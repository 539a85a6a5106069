// Reads one manifest document — a bundle {run, protocol, environment} or a single resource of any
// kind, or a whole file of kix's problem format, as the resources built from its facts — into records.
// Bundles also arrive inside catalog rows (row.manifest), so the document may sit at a JSON pointer inside a
// larger line.
#pragma once

#include "Records.h"

namespace kix {

// Reads `root` into `doc` (which keeps its origin, table and catalog facts).
void readManifestDocument(const Json& root, const DocumentContext& where, ParsedDocument& doc);

} // namespace kix
