// What the signing tests (and the envelope fuzz target) write: fixture files, a fresh key, a trust store of one key, and
// envelope lines that no key signed (a signature without a public key: checkable only up to its subjects),
// as an attacker plants them beside a manifest.
#pragma once

#include "InToto.h"
#include "Signing.h"
#include "SigningKey.h"

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QPair>
#include <QString>
#include <nlohmann/json.hpp>

namespace kixsign {

// Writes a fixture file; a test that cannot write its fixture cannot go on.
inline void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

inline kix::SigningKey newKey() {
    QString error;
    auto key = kix::SigningKey::generate(error);
    if (!key)
        qFatal("cannot generate a key: %s", qPrintable(error));
    return *key;
}

inline kix::TrustStore trusting(const kix::SigningKey& key, const QString& label = QStringLiteral("alice")) {
    kix::TrustStore t;
    kix::TrustedKey k;
    k.key = key.publicKey();
    k.label = label;
    t.add(k);
    return t;
}

// One envelope line of in-toto payload `payload`, "signed" by a keyid no store holds, carrying no key.
inline QByteArray unsignedEnvelopeLine(const QByteArray& payload) {
    const nlohmann::json envelope = {
        {"payload", payload.toBase64().toStdString()},
        {"payloadType", "application/vnd.in-toto+json"},
        {"signatures", {{{"keyid", "sha256:" + std::string(64, 'e')}, {"sig", "AAAA"}}}}};
    return QByteArray::fromStdString(envelope.dump()) + '\n';
}

// An unsigned envelope line whose statement names `subjects` ({file name, sha256 hex} each).
inline QByteArray plantedEnvelope(const QList<QPair<QString, QString>>& subjects) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [name, hex] : subjects)
        list.push_back({{"name", name.toStdString()}, {"digest", {{"sha256", hex.toStdString()}}}});
    const nlohmann::json statement = {{"_type", kix::kStatementType},
                                      {"subject", list},
                                      {"predicateType", kix::kRerunPredicateType},
                                      {"predicate", nlohmann::json::object()}};
    return unsignedEnvelopeLine(QByteArray::fromStdString(statement.dump()));
}

} // namespace kixsign
