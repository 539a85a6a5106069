// Untrusted text inside a diagnostic message: the one quoting helper for messages (a Problem's text,
// a check's finding), beside TextSanitizer.h, which sanitizes whole outputs. The message stays short
// and on one line whatever the text: bounded, controls never passed through, quoted so that where
// the text starts and ends is plain.
#pragma once

#include <QString>
#include <cstddef>
#include <string_view>

namespace kix {

enum class MessageQuote {
    Plain, // "text…": controls (C0, DEL) as '?', the ellipsis inside the quotes
    Json,  // "text"…: quoted as JSON quotes it (\" \\ \u001b), the ellipsis after the quotes
};

// At most `limitBytes` bytes of the UTF-8 text, never splitting a sequence, then "…" when cut.
QString quotedForMessage(std::string_view utf8, std::size_t limitBytes = 60,
                         MessageQuote style = MessageQuote::Plain);
QString quotedForMessage(const QString& text, std::size_t limitBytes = 60,
                         MessageQuote style = MessageQuote::Plain);

} // namespace kix
