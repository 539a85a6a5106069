#include "Digest.h"

#include "Canonical.h"
#include "Sha256.h"

namespace kix {

namespace {
nlohmann::json digestSubject(const nlohmann::json& resource) {
    nlohmann::json subject = nlohmann::json::object();
    for (const char* key : {"apiVersion", "kind", "spec"}) {
        if (const auto it = resource.find(key); it != resource.end())
            subject[key] = *it;
    }
    return subject;
}

bool isLowerHex(QChar c) {
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
}
} // namespace

QString textDigest(const std::string& canonical) {
    return QString::fromLatin1(kDigestScheme) + u':' + QString::fromLatin1(sha256Hex(canonical));
}

QString resourceDigest(const nlohmann::json& resource) {
    return textDigest(canonicalJson(digestSubject(resource)));
}

CanonicalDigest canonicalDigest(const nlohmann::json& resource) {
    CanonicalDigest out;
    out.canonical = canonicalJson(resource.is_object() ? digestSubject(resource) : resource);
    out.digest = textDigest(out.canonical);
    return out;
}

QString valueDigest(const nlohmann::json& value) {
    return textDigest(canonicalJson(value));
}

// Hand-written rather than a regular expression: this runs for every digest field of a 50,000-run load.
DigestForm classifyDigest(const QString& digest) {
    const qsizetype colon = digest.indexOf(u':');
    if (colon <= 0 || colon == digest.size() - 1)
        return DigestForm::Malformed;
    for (qsizetype i = colon + 1; i < digest.size(); ++i)
        if (!isLowerHex(digest[i]))
            return DigestForm::Malformed;
    const QStringView scheme = QStringView(digest).left(colon);
    for (QChar c : scheme)
        if (!((c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'-'))
            return DigestForm::Malformed;
    if (scheme == QLatin1String(kDigestScheme))
        return digest.size() - colon - 1 == 64 ? DigestForm::Sha256 : DigestForm::Malformed;
    return DigestForm::OtherScheme;
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
