// One document on its own: parse bytes or a file and get its bundle view, with every problem and its
// resources (supporting kinds included). The record store does the same for many sources at once and
// resolves references across them; these are for callers that hold one document.
#pragma once

#include "JsonReader.h"
#include "Manifest.h"

namespace kix {

// The format follows the name (.yaml/.yml are YAML, anything else JSON).
ManifestPtr parseManifest(const QByteArray& bytes, const QString& file, const JsonLimits& limits = {});
ManifestPtr loadManifestFile(const QString& path, const JsonLimits& limits = {});
ManifestPtr manifestOfDocument(const ParsedDocument& doc);

} // namespace kix
