#include "JsonPath.h"

namespace kix {

namespace {
bool isIdentifier(const QString& key) {
    if (key.isEmpty() || key.front().isDigit())
        return false;
    for (QChar c : key) {
        if (!(c.isLetterOrNumber() || c == u'_' || c == u'-') || c.unicode() > 0x7f)
            return false;
    }
    return true;
}
} // namespace

QString jsonPathKey(const QString& parent, const QString& key) {
    if (isIdentifier(key))
        return parent.isEmpty() ? key : parent + u'.' + key;
    QString escaped = key;
    escaped.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    return parent + QStringLiteral("[\"") + escaped + QStringLiteral("\"]");
}

QString jsonPathIndex(const QString& parent, qsizetype index) {
    return parent + u'[' + QString::number(index) + u']';
}

} // namespace kix
