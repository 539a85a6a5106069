#include "Dsse.h"

namespace kix {

QByteArray preAuthEncoding(const QByteArray& payloadType, const QByteArray& payload) {
    QByteArray out("DSSEv1 ");
    out += QByteArray::number(payloadType.size());
    out += ' ';
    out += payloadType;
    out += ' ';
    out += QByteArray::number(payload.size());
    out += ' ';
    out += payload;
    return out;
}

DsseEnvelope signEnvelope(const QByteArray& payloadType, const QByteArray& payload, const SigningKey& key) {
    DsseEnvelope e;
    e.payloadType = payloadType;
    e.payload = payload;
    const PublicKey pub = key.publicKey();
    e.signatures.append({pub.fingerprint(), key.sign(preAuthEncoding(payloadType, payload)), pub.raw()});
    return e;
}

nlohmann::json envelopeJson(const DsseEnvelope& envelope) {
    nlohmann::json signatures = nlohmann::json::array();
    for (const DsseSignature& s : envelope.signatures) {
        nlohmann::json entry = {{"keyid", s.keyid.toStdString()}, {"sig", s.sig.toBase64().toStdString()}};
        if (!s.publicKey.isEmpty())
            entry["publicKey"] = s.publicKey.toBase64().toStdString();
        signatures.push_back(std::move(entry));
    }
    return {{"payload", envelope.payload.toBase64().toStdString()},
            {"payloadType", envelope.payloadType.toStdString()},
            {"signatures", std::move(signatures)}};
}

std::optional<QByteArray> decodeBase64(const QString& text) {
    const QByteArray ascii = text.toLatin1();
    if (QString::fromLatin1(ascii) != text)
        return std::nullopt;
    for (auto encoding : {QByteArray::Base64Encoding, QByteArray::Base64UrlEncoding}) {
        const auto decoded =
            QByteArray::fromBase64Encoding(ascii, encoding | QByteArray::AbortOnBase64DecodingErrors);
        if (decoded)
            return *decoded;
    }
    return std::nullopt;
}

namespace {

EnvelopeRead envelopeFailure(const QString& path, const QString& error) {
    EnvelopeRead r;
    r.path = path;
    r.error = error;
    return r;
}

const nlohmann::json* stringMember(const nlohmann::json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? &*it : nullptr;
}

QString text(const nlohmann::json& v) {
    return QString::fromStdString(v.get<std::string>());
}

// One entry of "signatures" at `at` into `sig`; a failure names its path, else the error is empty.
EnvelopeRead readSignature(const nlohmann::json& s, const QString& at, DsseSignature& sig) {
    if (!s.is_object())
        return envelopeFailure(at, QStringLiteral("must be an object {keyid, sig}"));
    const auto* sigText = stringMember(s, "sig");
    if (!sigText)
        return envelopeFailure(at + QStringLiteral(".sig"), QStringLiteral("missing or not a string"));
    const auto sigBytes = decodeBase64(text(*sigText));
    if (!sigBytes)
        return envelopeFailure(at + QStringLiteral(".sig"), QStringLiteral("is not valid base64"));
    sig.sig = *sigBytes;
    if (s.contains("keyid")) {
        const auto* keyid = stringMember(s, "keyid");
        if (!keyid)
            return envelopeFailure(at + QStringLiteral(".keyid"), QStringLiteral("must be a string"));
        sig.keyid = text(*keyid);
    }
    if (s.contains("publicKey")) {
        const auto* pk = stringMember(s, "publicKey");
        const auto raw = pk ? decodeBase64(text(*pk)) : std::nullopt;
        if (!raw || raw->size() != kEd25519PublicKeyBytes)
            return envelopeFailure(at + QStringLiteral(".publicKey"),
                           QStringLiteral("must be the base64 of a 32-byte Ed25519 public key"));
        sig.publicKey = *raw;
    }
    return {};
}

} // namespace

EnvelopeRead readEnvelope(const nlohmann::json& value) {
    if (!value.is_object())
        return envelopeFailure({}, QStringLiteral("a DSSE envelope must be a JSON object"));
    const auto* payload = stringMember(value, "payload");
    if (!payload)
        return envelopeFailure(QStringLiteral("payload"),
                       value.contains("payload")
                           ? QStringLiteral("must be a base64 string")
                           : QStringLiteral("missing: the base64 of the signed payload"));
    const auto* type = stringMember(value, "payloadType");
    if (!type)
        return envelopeFailure(QStringLiteral("payloadType"),
                       value.contains("payloadType") ? QStringLiteral("must be a string")
                                                     : QStringLiteral("missing: the payload's media type"));
    const auto sigs = value.find("signatures");
    if (sigs == value.end() || !sigs->is_array() || sigs->empty())
        return envelopeFailure(QStringLiteral("signatures"),
                       QStringLiteral("must be a non-empty array of {keyid, sig} objects"));
    DsseEnvelope e;
    const auto bytes = decodeBase64(text(*payload));
    if (!bytes)
        return envelopeFailure(QStringLiteral("payload"), QStringLiteral("is not valid base64"));
    e.payload = *bytes;
    e.payloadType = QByteArray::fromStdString(type->get<std::string>());
    for (std::size_t i = 0; i < sigs->size(); ++i) {
        DsseSignature sig;
        if (EnvelopeRead bad = readSignature((*sigs)[i], QStringLiteral("signatures[%1]").arg(i), sig);
            !bad.error.isEmpty())
            return bad;
        e.signatures.append(sig);
    }
    EnvelopeRead r;
    r.envelope = std::move(e);
    return r;
}

} // namespace kix
