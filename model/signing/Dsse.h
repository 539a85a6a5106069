// DSSE (Dead Simple Signing Envelope, v1.0.2): the pre-authentication encoding a signature covers
// and the JSON envelope {payload, payloadType, signatures[{keyid, sig}]}.
// Spec: https://github.com/secure-systems-lab/dsse (protocol.md, envelope.md).
// A signature covers PAE(payloadType, payload), never the JSON around it, so the envelope's
// formatting can change without breaking it while any change to type or payload does.
#pragma once

#include "SigningKey.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

inline constexpr char kInTotoPayloadType[] = "application/vnd.in-toto+json";

// "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, LEN the decimal byte count without leading zeros.
QByteArray preAuthEncoding(const QByteArray& payloadType, const QByteArray& payload);

struct DsseSignature {
    QString keyid;        // kix writes the signer's fingerprint (SigningKey.h)
    QByteArray sig;       // raw signature bytes (base64 in JSON)
    QByteArray publicKey; // kix extension "publicKey": the raw Ed25519 key, so that a signature by a key
                          // not (yet) trusted can still be told valid or invalid; never a reason to trust
};

struct DsseEnvelope {
    QByteArray payloadType;
    QByteArray payload;
    QList<DsseSignature> signatures;
};

// Signs PAE(payloadType, payload) with `key`; the signature carries keyid and public key.
DsseEnvelope signEnvelope(const QByteArray& payloadType, const QByteArray& payload, const SigningKey& key);

// The JSON form: payload and sig in standard base64 with padding.
nlohmann::json envelopeJson(const DsseEnvelope& envelope);

struct EnvelopeRead {
    std::optional<DsseEnvelope> envelope;
    QString path;  // JSON path of the problem, when there is one
    QString error; // what was wrong and what was expected
};
// Reads the JSON form. Required: payload, payloadType (strings), signatures (a non-empty array of
// objects with a string sig). keyid may be absent (treated as empty). Unknown members are ignored,
// as the spec requires. Base64 may be standard or URL-safe, as the spec allows.
EnvelopeRead readEnvelope(const nlohmann::json& value);

// Strict base64 (standard, then URL-safe); nullopt when neither decodes the text exactly.
std::optional<QByteArray> decodeBase64(const QString& text);

} // namespace kix
