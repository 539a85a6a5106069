// Reads one resource of any of the 13 kinds: checks apiVersion, kind and metadata, normalizes it as
// KernelIndex does, computes its digest (and the digest of the form as written), reads the typed
// fields kix uses, and collects KernelIndex's acceptance findings. Never throws.
#pragma once

#include "Records.h"

#include <optional>

namespace kix {

// Where a resource sits: its file, the line of a JSON Lines source, its JSON pointer and the dotted
// JSON path problems are reported at (the same place, two notations).
struct ResourceContext {
    QString file;
    qint64 line = 0;
    QString pointer;
    QString path;
    qint64 documentBytes = 0;
};

struct ReadResource {
    std::shared_ptr<ResourceRecord> resource; // null when it is not a resource kix can identify
    RunPtr run;                               // set for a BenchmarkRun
};

// `expected`: the kind a bundle member must have. Problems go to `problems` and onto the record.
ReadResource readResource(const Json& json, const ResourceContext& where,
                          std::optional<ResourceKind> expected, Problems& problems);

} // namespace kix
