// Turns bytes or a file into a Manifest, collecting every problem with its JSON path.
// Never throws and never gives up on the first problem: a broken field still lets the rest be read.
#pragma once

#include "JsonReader.h"
#include "Manifest.h"

namespace kix {

ManifestPtr parseManifest(const QByteArray& bytes, const QString& file, const JsonLimits& limits = {});
ManifestPtr loadManifestFile(const QString& path, const JsonLimits& limits = {});

} // namespace kix
