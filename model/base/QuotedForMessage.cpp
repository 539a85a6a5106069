#include "QuotedForMessage.h"

#include <QByteArray>
#include <algorithm>

namespace kix {

QString quotedForMessage(std::string_view utf8, std::size_t limitBytes, MessageQuote style) {
    std::size_t cut = std::min(utf8.size(), limitBytes);
    while (cut < utf8.size() && cut > 0 && (static_cast<unsigned char>(utf8[cut]) & 0xC0) == 0x80)
        --cut; // a split sequence would show as U+FFFD, which the text does not hold
    const QString s = QString::fromUtf8(utf8.data(), qsizetype(cut));
    const bool elided = cut < utf8.size();
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        const bool control = c.unicode() < 0x20 || c.unicode() == 0x7f;
        if (style == MessageQuote::Json) {
            if (c == u'"' || c == u'\\')
                out += u'\\';
            if (control)
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                out += c;
        } else {
            out += control ? QChar(u'?') : c;
        }
    }
    if (style == MessageQuote::Json)
        return out + (elided ? QStringLiteral("\"…") : QStringLiteral("\""));
    return out + (elided ? QStringLiteral("…\"") : QStringLiteral("\""));
}

QString quotedForMessage(const QString& text, std::size_t limitBytes, MessageQuote style) {
    const QByteArray utf8 = text.toUtf8();
    return quotedForMessage(std::string_view(utf8.constData(), std::size_t(utf8.size())), limitBytes, style);
}

} // namespace kix
