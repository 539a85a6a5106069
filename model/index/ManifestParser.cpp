#include "ManifestParser.h"

#include "BundleView.h"
#include "RecordIndex.h"
#include "SourceReader.h"

namespace kix {

ManifestPtr manifestOfDocument(const ParsedDocument& doc) {
    RecordIndex index;
    index.add(doc);
    std::shared_ptr<Manifest> m;
    if (doc.run) {
        m = std::make_shared<Manifest>(*bundleView(index, 0));
    } else {
        m = std::make_shared<Manifest>();
        m->file = doc.origin.file;
        m->origins = {doc.origin};
        m->problems = doc.problems;
    }
    for (const ResourcePtr& r : doc.resources)
        if (r->digest != doc.bundleProtocolDigest && r->digest != doc.bundleEnvironmentDigest)
            m->supporting.append(resourceView(*r));
    return m;
}

ManifestPtr parseManifest(const QByteArray& bytes, const QString& file, const JsonLimits& limits) {
    return manifestOfDocument(readDocumentBytes(bytes, file, formatOf(file), limits));
}

ManifestPtr loadManifestFile(const QString& path, const JsonLimits& limits) {
    return manifestOfDocument(readDocumentFile(path, limits));
}

} // namespace kix
