// Escaping of untrusted manifest text for the parsers that read citations: BibTeX (and the LaTeX
// that typesets its fields), YAML (CITATION.cff) and URLs. Each output is also safe to print on a
// terminal: no control character, escape sequence or bidi control survives any of them.
#pragma once

#include <QString>

namespace kix {

// A BibTeX field value (the text between the field's braces). BibTeX counts braces without regard
// to backslashes, so "\{" would unbalance the entry: braces become \textbraceleft{} and
// \textbraceright{}, the only braces left are the balanced ones this function writes, and no value
// can close its field or start another. LaTeX specials are escaped; characters the sanitizer shows
// visibly (controls, bidi, invalid text) are shown the same way here.
QString bibtexValue(const QString& untrusted);

// A YAML double-quoted scalar, quotes included, that a YAML 1.1 or 1.2 parser reads back as exactly
// `untrusted`: every control, DEL, C1, line/paragraph separator, bidi control, noncharacter and BOM
// is written as a \x, \u or \U escape (so CR and NEL no longer fold into spaces, and NUL, BS or ESC
// no longer make the document invalid). A lone surrogate, which no YAML string can hold, is written
// as the sanitizer's visible marker.
QString yamlQuoted(const QString& untrusted);

// A URL safe inside \url{}, a BibTeX field, YAML and a terminal: every byte of its UTF-8 outside
// RFC 3986's unreserved and reserved characters (spaces, braces, backslash, quotes, controls,
// non-ASCII) is percent-encoded, as is a '%' that does not start a %XX escape. Percent-encoding is
// the URL's own escape, so the address it names is unchanged.
QString citationUrl(const QString& untrusted);

} // namespace kix
