// Citation text for a run: BibTeX, CITATION.cff-style YAML and a plain line, each with the
// permalink (when known), the run's recomputed digest and the access date.
// Manifest text is untrusted: each format escapes it for its own parser (CitationEscape.h), the
// permalink is percent-encoded, a date that is not one is left out, and no output holds a control
// character, escape sequence or bidi control, so it can be printed to a terminal as it is.
#pragma once

#include "Manifest.h"

#include <QDate>
#include <QString>
#include <optional>

namespace kix {

enum class CitationFormat { BibTeX, Cff, Text };

std::optional<CitationFormat> citationFormatFromName(const QString& name); // bibtex | cff | text
QString citationFormatName(CitationFormat format);

struct CitationOptions {
    QDate accessed = QDate::currentDate(); // injectable for tests
    QString url;                           // permalink; when empty, the manifest's own if it has one
};

// The permalink a manifest carries in metadata.annotations["kernelindex.dev/permalink"] or
// metadata.url, if any. KernelIndex's seed manifests carry none, so the digest identifies the run.
QString manifestPermalink(const Manifest& m);

// Requires a run (m.hasRun()); returns an empty string otherwise.
QString cite(const Manifest& m, CitationFormat format, const CitationOptions& options);

} // namespace kix
