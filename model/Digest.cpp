#include "Digest.h"

#include "Canonical.h"
#include "Sha256.h"

#include <QRegularExpression>

namespace kix {

QString resourceDigest(const nlohmann::json& resource) {
    nlohmann::json subject = nlohmann::json::object();
    for (const char* key : {"apiVersion", "kind", "spec"}) {
        if (resource.contains(key))
            subject[key] = resource.at(key);
    }
    return QString::fromLatin1(kDigestScheme) + u':' + QString::fromLatin1(sha256Hex(canonicalJson(subject)));
}

DigestForm classifyDigest(const QString& digest) {
    static const QRegularExpression sha256(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    static const QRegularExpression other(QStringLiteral("^([a-z0-9-]+):[0-9a-f]+$"));
    if (sha256.match(digest).hasMatch())
        return DigestForm::Sha256;
    const auto m = other.match(digest);
    if (m.hasMatch() && m.captured(1) != QLatin1String(kDigestScheme))
        return DigestForm::OtherScheme;
    return DigestForm::Malformed;
}

QString digestScheme(const QString& digest) {
    const qsizetype colon = digest.indexOf(u':');
    return colon > 0 ? digest.left(colon) : QString();
}

QString shortDigest(const QString& digest) {
    const qsizetype colon = digest.indexOf(u':');
    if (colon < 0)
        return digest;
    return digest.left(colon + 1 + 12) + (digest.size() > colon + 13 ? QStringLiteral("…") : QString());
}

} // namespace kix
