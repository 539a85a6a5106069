// Reads one manifest document — a bundle {run, protocol, environment} or a single resource of any
// kind, or a whole file of kix's problem format, as the resources built from its facts — into records.
// Bundles also arrive inside catalog rows (row.manifest), so the document may sit at a JSON pointer inside a
// larger line.
#pragma once

#include "Records.h"

namespace kix {

struct DocumentContext {
    QString file;
    qint64 line = 0;  // of a JSON Lines source
    QString pointer;  // JSON pointer of the manifest in its line ("" or "/row/manifest")
    QString path;     // the same as a dotted JSON path ("" or "row.manifest")
    qint64 bytes = 0; // size of the document as read (KernelIndex's 1 MiB rule)
};

// Reads `root` into `doc` (which keeps its origin, table and catalog facts).
void readManifestDocument(const Json& root, const DocumentContext& where, ParsedDocument& doc);

} // namespace kix
