#include "OutputName.h"

#include "Sha256.h"

namespace kix {

namespace {

bool isAlphanumeric(QChar c) {
    return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
}

bool isNameCharacter(QChar c) {
    return isAlphanumeric(c) || c == u'.' || c == u'_' || c == u'-';
}

} // namespace

QString boundedName(const QString& text, qsizetype maxLength) {
    QString slug;
    slug.reserve(text.size());
    for (const QChar original : text) {
        const QChar c = original.toLower();
        if (isNameCharacter(c) && (!slug.isEmpty() || isAlphanumeric(c)))
            slug.append(c); // a name starts with a letter or digit
        else if (!slug.isEmpty() && !slug.endsWith(u'-'))
            slug.append(u'-');
    }
    if (!slug.isEmpty() && slug == text && slug.size() <= maxLength)
        return slug;
    // Changed: add a digest of the exact text so that "a/b" and "a b" stay apart.
    const QString tag = QString::fromLatin1(sha256Hex(text.toStdString()).left(10));
    const qsizetype room = maxLength - tag.size() - 1;
    QString readable = slug.left(room);
    while (!readable.isEmpty() && !isAlphanumeric(readable.back()))
        readable.chop(1);
    if (readable.isEmpty())
        return QStringLiteral("x-") + tag;
    return readable + u'-' + tag;
}

QString identifierName(const QString& text) {
    QString out;
    for (const QChar c : text.toLower()) {
        if (isAlphanumeric(c))
            out.append(c);
        else if (!out.isEmpty() && !out.endsWith(u'_'))
            out.append(u'_');
    }
    while (out.endsWith(u'_'))
        out.chop(1);
    while (!out.isEmpty() && !(out[0] >= u'a' && out[0] <= u'z'))
        out.remove(0, 1);
    return out;
}

QString familyName(const QString& text) {
    QString out;
    for (const QChar c : text.toLower()) {
        if (isAlphanumeric(c))
            out.append(c);
        else if (!out.isEmpty() && !out.endsWith(u'-'))
            out.append(u'-');
    }
    out = out.left(100);
    while (out.endsWith(u'-'))
        out.chop(1);
    return out;
}

} // namespace kix
