// Tooltips and message boxes guess whether a string is rich text; text that comes from a manifest
// (or a runner's output) must never be rendered as HTML, so it is escaped before it reaches them.
#pragma once

#include "TextSanitizer.h"

#include <QString>

namespace kix::ui {

// A tooltip that shows `text` literally, line breaks kept, with controls and bidi overrides shown, not
// obeyed, and a huge text elided (TextSanitizer's widgetBlock).
inline QString plainToolTip(const QString& text) {
    return text.isEmpty() ? text
                          : QStringLiteral("<p style='white-space:pre-wrap'>") +
                                widgetBlock(text).toHtmlEscaped() + QStringLiteral("</p>");
}

} // namespace kix::ui
