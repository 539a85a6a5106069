// The file suffixes kix reads, one row each: the format a name ending in it holds and the open dialog's
// label for it. Which files a folder walk picks up, how each is read, the "looked for" messages and the
// explorer's File ▸ Open filter are all derived from this table; a new suffix is one row here.
#pragma once

#include <QString>

namespace kix {

enum class SourceFormat { Json, Yaml, JsonLines, JsonLinesZstd };

struct SourceExtension {
    const char* suffix; // lowercase, with its dot; a name matches it in any case
    SourceFormat format;
    const char* label; // the open dialog's filter that lists it; rows of one label are listed together
};

inline constexpr SourceExtension kSourceExtensions[] = {
    {".json", SourceFormat::Json, "JSON"},
    {".yaml", SourceFormat::Yaml, "YAML"},
    {".yml", SourceFormat::Yaml, "YAML"},
    {".jsonl", SourceFormat::JsonLines, "Catalog exports"},
    {".jsonl.zst", SourceFormat::JsonLinesZstd, "Catalog exports"},
};

// By the suffix of the name (the longest that matches); a name with none of them is read as JSON.
SourceFormat formatOf(const QString& path);
// The names a folder walk picks up: every suffix of the table, but not signing envelopes
// ("<manifest>.intoto.jsonl"), which are read beside the manifests they sign, never as catalogs.
bool isSourceName(const QString& fileName);
// "*.json *.yaml *.yml *.jsonl *.jsonl.zst", for messages.
QString sourceNamePatterns();
// The open dialog's filter (QFileDialog's "Label (*.a *.b);;..." form): every source, then one entry per
// label, then all files.
QString sourceFileFilter();

} // namespace kix
