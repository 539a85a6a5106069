// The one sanitizer for untrusted text on every output.
//
// Untrusted text is anything kix did not write itself: manifest, trace and catalog fields, file and
// folder names, runner output. Printed raw, it can drive a terminal (ESC [2J clears the screen,
// OSC 52 writes the clipboard, CR overwrites a line), reorder what a reader sees (bidi overrides:
// "txt.exe" shown as "exe.txt"), or freeze a view (a 15 MiB title). Every such string goes through
// one of the four functions below before it is shown; none of them ever emits a control character,
// an escape sequence or a bidi control:
//
//   where the text goes                                      call
//   one-line field on a terminal (kix show/diff/cite/errors)  terminalLine(text)
//   multi-line block on a terminal (a raw document, a log)    terminalBlock(text)
//   label, tooltip, window title, status message, table cell  widgetLine(text)
//   multi-line widget text (details view, plain-text editor)  widgetBlock(text)
//
// Each takes a QString/QStringView or UTF-8 bytes (QByteArray, std::string: invalid UTF-8 is shown
// byte by byte). What is shown instead (display only: the output is not meant to be decoded back):
//   - TAB, LF, CR as \t \n \r in a line; a block keeps LF and TAB, drops the CR of a CRLF and shows a
//     lone CR as \r;
//   - every other C0 control and DEL as \xHH (ESC is \x1b, so "ESC [2J" reads \x1b[2J: the whole
//     escape sequence — CSI, OSC, DCS, APC… — stays visible and inert);
//   - C1 controls (U+0080–U+009F, which some terminals obey as CSI/OSC), bidi controls (U+061C,
//     U+200E/U+200F, U+202A–U+202E, U+2066–U+2069), line and paragraph separators (U+2028/U+2029),
//     invisible format characters that spoof names (U+200B, U+2060, U+FEFF, U+FFF9–U+FFFB, tag
//     characters U+E0000–U+E007F), noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF, U+nFFFE/nFFFF) and
//     lone surrogates as ⟨U+XXXX⟩;
//   - invalid UTF-8 bytes (UTF-8 input only) as \xHH, one per byte.
// Past the length cap of its context the text is elided: the first N characters, sanitized, then
// "… (M more characters)". Counting the rest is the only work done on it, so a 15 MiB title costs
// milliseconds.
//
// Widgets must still be told the text is plain (Qt::PlainText, ui/PlainText.h): the sanitizer does
// not escape HTML. `--json` output needs none of this: JSON escapes control characters itself.
#pragma once

#include <QByteArrayView>
#include <QString>
#include <QStringView>

namespace kix {

// Characters (code points) of input shown before eliding, per context.
inline constexpr qsizetype kTerminalLineCap = 4096;
inline constexpr qsizetype kTerminalBlockCap = qsizetype{4} << 20; // 4 Mi characters
inline constexpr qsizetype kWidgetLineCap = 1024;
inline constexpr qsizetype kWidgetBlockCap = qsizetype{256} << 10;
inline constexpr qsizetype kNoCap = -1;

enum class TextShape {
    Line,  // one line: every line break is shown, never emitted
    Block, // several lines: LF and TAB are kept
};

struct SanitizeOptions {
    TextShape shape = TextShape::Line;
    qsizetype maxCharacters = kTerminalLineCap; // kNoCap: never elide (citations must be complete)
};

// The general form; the four context functions below are this with their shape and cap.
QString sanitizeText(QStringView text, const SanitizeOptions& options);
QString sanitizeText(QByteArrayView utf8, const SanitizeOptions& options);

inline QString terminalLine(QStringView text) {
    return sanitizeText(text, {TextShape::Line, kTerminalLineCap});
}
inline QString terminalLine(QByteArrayView utf8) {
    return sanitizeText(utf8, {TextShape::Line, kTerminalLineCap});
}
inline QString terminalBlock(QStringView text) {
    return sanitizeText(text, {TextShape::Block, kTerminalBlockCap});
}
inline QString terminalBlock(QByteArrayView utf8) {
    return sanitizeText(utf8, {TextShape::Block, kTerminalBlockCap});
}
inline QString widgetLine(QStringView text) {
    return sanitizeText(text, {TextShape::Line, kWidgetLineCap});
}
inline QString widgetLine(QByteArrayView utf8) {
    return sanitizeText(utf8, {TextShape::Line, kWidgetLineCap});
}
inline QString widgetBlock(QStringView text) {
    return sanitizeText(text, {TextShape::Block, kWidgetBlockCap});
}
inline QString widgetBlock(QByteArrayView utf8) {
    return sanitizeText(utf8, {TextShape::Block, kWidgetBlockCap});
}

// Whether a code point is shown as ⟨U+XXXX⟩ (or \xHH) rather than emitted; shared with the
// citation writers, which escape the same characters in their own syntax.
bool isUnsafeCodePoint(char32_t codePoint);

} // namespace kix
