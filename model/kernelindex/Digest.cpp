#include "Digest.h"

#include "Canonical.h"
#include "Sha256.h"

namespace kix {

namespace {
// The canonical form of {apiVersion, kind, spec}: what a resource's digest covers. Written from the
// resource's own members into one string, not from a copy of them in a new object (a deep copy of every
// spec was a fifth of a 50,000-manifest load's digest time; kix-load-bench, perf, 2026-12-07). The three
// names are already in RFC 8785's order and need no escaping. The text is kept with the resource, so its
// spare capacity is given back.
std::string canonicalSubject(const nlohmann::json& resource) {
    std::string out = "{";
    for (const char* key : {"apiVersion", "kind", "spec"}) {
        const auto it = resource.find(key);
        if (it == resource.end())
            continue;
        if (out.size() > 1)
            out += ',';
        out += '"';
        out += key;
        out += "\":";
        appendCanonicalJson(*it, out);
    }
    out += '}';
    if (out.capacity() > out.size() + out.size() / 4)
        out.shrink_to_fit();
    return out;
}

bool isLowerHex(QChar c) {
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
}
} // namespace

QString textDigest(const std::string& canonical) {
    return QString::fromLatin1(kDigestScheme) + u':' + QString::fromLatin1(sha256Hex(canonical));
}

QString resourceDigest(const nlohmann::json& resource) {
    return textDigest(canonicalSubject(resource));
}

CanonicalDigest canonicalDigest(const nlohmann::json& resource) {
    CanonicalDigest out;
    out.canonical = resource.is_object() ? canonicalSubject(resource) : canonicalJson(resource);
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
