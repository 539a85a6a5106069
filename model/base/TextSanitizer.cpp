#include "TextSanitizer.h"

#include "Utf8.h"

#include <cstring>
#include <string_view>

namespace kix {

bool isUnsafeCodePoint(char32_t c) {
    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F))
        return true; // C0, DEL, C1
    if (c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
        (c >= 0x2066 && c <= 0x2069))
        return true; // bidi controls
    if (c == 0x2028 || c == 0x2029)
        return true; // line and paragraph separators: line breaks in a widget
    if (c == 0x200B || c == 0x2060 || c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) ||
        (c >= 0xE0000 && c <= 0xE007F))
        return true; // invisible: zero-width space, word joiner, BOM, annotations, tags
    if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE)
        return true; // noncharacters
    if (c >= 0xD800 && c <= 0xDFFF)
        return true; // a surrogate on its own
    return c > 0x10FFFF;
}

namespace {

// One step of the input: a code point, or a byte that is not part of valid UTF-8.
struct Unit {
    char32_t codePoint = 0;
    bool invalidByte = false;
};

// Whether any of n UTF-16 units is a surrogate: each 16-bit lane of a 64-bit word is masked to its
// top five bits and compared with 0xD800 at once (a lane is zero exactly where a surrogate is).
bool hasSurrogate(const char16_t* units, qsizetype n) {
    constexpr quint64 top5 = 0xF800F800F800F800ULL, surrogate = 0xD800D800D800D800ULL;
    constexpr quint64 ones = 0x0001000100010001ULL, highs = 0x8000800080008000ULL;
    qsizetype k = 0;
    for (; k + 4 <= n; k += 4) {
        quint64 word = 0;
        std::memcpy(&word, units + k, sizeof word);
        const quint64 t = (word & top5) ^ surrogate;
        if (((t - ones) & ~t & highs) != 0)
            return true;
    }
    for (; k < n; ++k)
        if ((units[k] & 0xF800) == 0xD800)
            return true;
    return false;
}

// Decodes QStringView; a lone surrogate comes out as its own code point (and is then shown).
class Utf16Units {
public:
    explicit Utf16Units(QStringView s)
        : m_s(s) {}
    bool next(Unit& u) {
        if (m_i >= m_s.size())
            return false;
        const char16_t c = m_s[m_i].unicode();
        ++m_i;
        u.invalidByte = false;
        u.codePoint = c;
        if (QChar::isHighSurrogate(c) && m_i < m_s.size() && QChar::isLowSurrogate(m_s[m_i].unicode())) {
            u.codePoint = QChar::surrogateToUcs4(c, m_s[m_i].unicode());
            ++m_i;
        }
        return true;
    }
    // Code points left, for the elision note.
    qsizetype remaining() const {
        // Text without surrogates (the usual case) has as many characters as UTF-16 units; look for
        // one four units at a time, so eliding a 15 MiB title costs a few milliseconds.
        const char16_t* rest = m_s.utf16() + m_i;
        const qsizetype length = m_s.size() - m_i;
        if (!hasSurrogate(rest, length))
            return length;
        qsizetype n = 0;
        for (qsizetype k = 0; k < length; ++k)
            if (!(QChar::isLowSurrogate(rest[k]) && k > 0 && QChar::isHighSurrogate(rest[k - 1])))
                ++n;
        return n;
    }

private:
    QStringView m_s;
    qsizetype m_i = 0;
};

// Strict UTF-8 (Utf8.h): each byte of an invalid sequence is reported on its own.
class Utf8Units {
public:
    explicit Utf8Units(QByteArrayView s)
        : m_s(s.data(), std::size_t(s.size())) {}
    bool next(Unit& u) {
        if (m_i >= m_s.size())
            return false;
        const int length = utf8::sequenceAt(m_s, m_i, u.codePoint);
        u.invalidByte = length == 0;
        if (u.invalidByte) {
            u.codePoint = static_cast<unsigned char>(m_s[m_i]);
            ++m_i;
        } else {
            m_i += std::size_t(length);
        }
        return true;
    }
    qsizetype remaining() const {
        qsizetype n = 0; // continuation bytes do not start a character
        for (std::size_t i = m_i; i < m_s.size(); ++i)
            if ((static_cast<unsigned char>(m_s[i]) & 0xC0) != 0x80)
                ++n;
        return n;
    }

private:
    std::string_view m_s;
    std::size_t m_i = 0;
};

void appendHexByte(QString& out, unsigned value) {
    static constexpr char16_t digits[] = u"0123456789abcdef";
    out += u"\\x";
    out += QChar(digits[(value >> 4) & 0xF]);
    out += QChar(digits[value & 0xF]);
}

void appendCodePointMarker(QString& out, char32_t c) {
    out += QChar(0x27E8); // ⟨
    out += u"U+";
    out += QString::number(uint(c), 16).toUpper().rightJustified(4, u'0');
    out += QChar(0x27E9); // ⟩
}

void appendCodePoint(QString& out, char32_t c) {
    if (c > 0xFFFF) {
        out += QChar(QChar::highSurrogate(c));
        out += QChar(QChar::lowSurrogate(c));
    } else {
        out += QChar(char16_t(c));
    }
}

// Writes what one unit of input becomes. A CR in a block waits for the next unit: dropped before an
// LF (a CRLF line end), shown otherwise.
class Writer {
public:
    Writer(QString& out, TextShape shape)
        : m_out(out)
        , m_block(shape == TextShape::Block) {}

    void add(const Unit& u) {
        const char32_t c = u.codePoint;
        if (m_pendingCr) {
            m_pendingCr = false;
            if (u.invalidByte || c != u'\n')
                m_out += u"\\r";
        }
        const bool text = !u.invalidByte;
        if (text && !isUnsafeCodePoint(c))
            appendCodePoint(m_out, c);
        else if (text && (c == u'\t' || c == u'\n'))
            m_out += m_block ? QString(QChar(char16_t(c)))
                             : (c == u'\t' ? QStringLiteral("\\t") : QStringLiteral("\\n"));
        else if (text && c == u'\r')
            addCr();
        else if (!text || c < 0x80)
            appendHexByte(m_out, c); // an invalid byte, or an ASCII control
        else
            appendCodePointMarker(m_out, c);
    }

    void finish() {
        if (m_pendingCr)
            m_out += u"\\r";
        m_pendingCr = false;
    }

private:
    void addCr() {
        if (m_block)
            m_pendingCr = true;
        else
            m_out += u"\\r";
    }

    QString& m_out;
    bool m_block;
    bool m_pendingCr = false;
};

void appendElision(QString& out, qsizetype more) {
    out += QChar(0x2026); // …
    out +=
        more == 1 ? QStringLiteral(" (1 more character)") : QStringLiteral(" (%1 more characters)").arg(more);
}

template <typename Units>
QString sanitizeUnits(Units units, const SanitizeOptions& options, qsizetype sizeHint) {
    const bool capped = options.maxCharacters >= 0;
    QString out;
    out.reserve(capped ? std::min(sizeHint, options.maxCharacters) : sizeHint);
    Writer writer(out, options.shape);
    qsizetype shown = 0;
    Unit u;
    while (units.next(u)) {
        if (capped && shown == options.maxCharacters) {
            writer.finish();
            appendElision(out, units.remaining() + 1); // + the unit just read
            return out;
        }
        writer.add(u);
        ++shown;
    }
    writer.finish();
    return out;
}

template <typename Units, typename View> bool needsWork(View text, const SanitizeOptions& options) {
    if (options.maxCharacters >= 0 && text.size() > options.maxCharacters)
        return true;
    Units units(text);
    Unit u;
    while (units.next(u))
        if (u.invalidByte || isUnsafeCodePoint(u.codePoint))
            return true;
    return false;
}

} // namespace

QString sanitizeText(QStringView text, const SanitizeOptions& options) {
    if (!needsWork<Utf16Units>(text, options))
        return text.toString();
    return sanitizeUnits(Utf16Units(text), options, text.size());
}

QString sanitizeText(QByteArrayView utf8, const SanitizeOptions& options) {
    if (!needsWork<Utf8Units>(utf8, options))
        return QString::fromUtf8(utf8);
    return sanitizeUnits(Utf8Units(utf8), options, utf8.size());
}

} // namespace kix
