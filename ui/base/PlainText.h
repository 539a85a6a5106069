// Tooltips and message boxes guess whether a string is rich text; text that comes from a manifest
// (or a runner's output) must never be rendered as HTML, so it is escaped before it reaches them.
#pragma once

#include "TextSanitizer.h"

#include <QLabel>
#include <QSizePolicy>
#include <QString>

namespace kix::ui {

// A tooltip that shows `text` literally, line breaks kept, with controls and bidi overrides shown, not
// obeyed, and a huge text elided (TextSanitizer's widgetBlock).
inline QString plainToolTip(const QString& text) {
    return text.isEmpty() ? text
                          : QStringLiteral("<p style='white-space:pre-wrap'>") +
                                widgetBlock(text).toHtmlEscaped() + QStringLiteral("</p>");
}

// Makes `label` fit for text kix did not write: plain text (never HTML), wrapped, selectable, and never
// wider than its layout gives it. A wrapped QLabel asks for the width of its longest unbreakable word,
// so a title of 1,024 characters without a space (what widgetLine keeps of a 15 MiB one) made the
// window 9,986 px wide, and an unsanitized one 7.4 million (which crashed Qt's painting); with the
// horizontal policy Ignored the layout gives it the width there is and the rest is clipped.
inline QLabel* holdUntrustedText(QLabel* label) {
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QSizePolicy policy = label->sizePolicy();
    policy.setHorizontalPolicy(QSizePolicy::Ignored);
    label->setSizePolicy(policy);
    return label;
}

} // namespace kix::ui
