#include "CitationEscape.h"

#include "TextSanitizer.h"

#include <cctype>
#include <cstring>

namespace kix {

QString bibtexValue(const QString& untrusted) {
    // Visible markers first (they may hold backslashes, escaped below like any other).
    const QString text = sanitizeText(untrusted, {TextShape::Line, kNoCap});
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        switch (c.unicode()) {
        case u'\\':
            out += u"\\textbackslash{}";
            break;
        case u'{':
            out += u"\\textbraceleft{}";
            break;
        case u'}':
            out += u"\\textbraceright{}";
            break;
        case u'&':
        case u'%':
        case u'$':
        case u'#':
        case u'_':
            out += u'\\';
            out += c;
            break;
        case u'^':
            out += u"\\^{}";
            break;
        case u'~':
            out += u"\\~{}";
            break;
        default:
            out += c;
        }
    }
    return out;
}

namespace {

void appendHex(QString& out, uint value, int digits) {
    out += QString::number(value, 16).toUpper().rightJustified(digits, u'0');
}

} // namespace

QString yamlQuoted(const QString& untrusted) {
    QString out;
    out.reserve(untrusted.size() + 2);
    out += u'"';
    for (qsizetype i = 0; i < untrusted.size(); ++i) {
        const char16_t u = untrusted[i].unicode();
        char32_t c = u;
        const bool pair = QChar::isHighSurrogate(u) && i + 1 < untrusted.size() &&
                          QChar::isLowSurrogate(untrusted[i + 1].unicode());
        if (pair)
            c = QChar::surrogateToUcs4(u, untrusted[i + 1].unicode());
        if (c == u'"' || c == u'\\') {
            out += u'\\';
            out += QChar(u);
        } else if (QChar::isSurrogate(u) && !pair) {
            out += sanitizeText(QStringView(untrusted).mid(i, 1), {TextShape::Line, kNoCap});
        } else if (isUnsafeCodePoint(c)) {
            if (c <= 0xFF) {
                out += u"\\x";
                appendHex(out, c, 2);
            } else if (c <= 0xFFFF) {
                out += u"\\u";
                appendHex(out, c, 4);
            } else {
                out += u"\\U";
                appendHex(out, c, 8);
            }
        } else {
            out += QChar(u);
            if (pair)
                out += untrusted[i + 1];
        }
        if (pair)
            ++i;
    }
    out += u'"';
    return out;
}

QString citationUrl(const QString& untrusted) {
    static constexpr char kept[] = "-._~:/?#[]@!$&'()*+,;=";
    const QByteArray bytes = untrusted.toUtf8();
    auto isHex = [](char h) { return std::isxdigit(static_cast<unsigned char>(h)) != 0; };
    QString out;
    out.reserve(bytes.size());
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const char b = bytes[i];
        const auto ub = static_cast<unsigned char>(b);
        const bool alnum = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9');
        const bool escape = b == '%' && i + 2 < bytes.size() && isHex(bytes[i + 1]) && isHex(bytes[i + 2]);
        if (alnum || (ub < 0x80 && b != 0 && std::strchr(kept, b) != nullptr) || escape) {
            out += QLatin1Char(b);
        } else {
            out += u'%';
            appendHex(out, ub, 2);
        }
    }
    return out;
}

} // namespace kix
