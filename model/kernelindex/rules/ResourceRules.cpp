#include "ResourceRules.h"

#include "Normalize.h"
#include "UpstreamCheck.h"

namespace kix {

namespace {
void locate(Problems& problems, qint64 line) {
    if (line > 0)
        for (Problem& p : problems)
            p.line = line;
}
} // namespace

NormalizedForm normalizeForDigest(const nlohmann::json& resource, const QString& file, const QString& path,
                                  qint64 line) {
    NormalizedResource n = normalizeResource(resource, file, path);
    NormalizedForm out;
    out.value = std::move(n.value);
    out.changed = n.changed;
    out.changes = std::move(n.changes);
    out.problems = std::move(n.problems);
    locate(out.problems, line);
    return out;
}

Problems kernelIndexFindings(const nlohmann::json& resource, const QString& file, const QString& path,
                             qint64 documentBytes, qint64 line) {
    Problems out = checkUpstreamAcceptance(resource, file, path, documentBytes);
    locate(out, line);
    return out;
}

} // namespace kix
