// The user's signing key and local trust store, under the user's config folder:
//   <config>/keys/              0700, owned by the user
//   <config>/keys/signing-key.pem      0600, PKCS#8 Ed25519, created on first use, never printed
//   <config>/keys/trusted-keys.json    0600, public keys whose signatures count as trusted
// <config> is QStandardPaths::AppConfigLocation (XDG_CONFIG_HOME/<org>/<app> on Linux). A key file or
// folder that others can reach, a symlink in their place, or one owned by someone else is refused with
// a message that says how to fix it: kix never signs with a key that might not be the user's alone.
#pragma once

#include "SigningKey.h"

#include <QList>
#include <QString>
#include <optional>

namespace kix {

struct TrustedKey {
    PublicKey key;
    QString label;    // who it belongs to, as the user said when trusting it (untrusted text)
    QString addedAt;  // RFC 3339 UTC
    bool own = false; // this user's own signing key: trusted without being in the file
};

class TrustStore {
public:
    void add(const TrustedKey& key) { m_keys.append(key); }
    const TrustedKey* find(const QString& fingerprint) const;
    const QList<TrustedKey>& keys() const { return m_keys; }

private:
    QList<TrustedKey> m_keys;
};

class KeyStore {
public:
    explicit KeyStore(QString configDirectory);
    // QStandardPaths::AppConfigLocation of the running application.
    static QString defaultConfigDirectory();

    QString keyDirectory() const;
    QString keyFile() const;
    QString trustFile() const;

    // The signing key, created on first use (with `created` set). nullopt with `error` when the key
    // cannot be read, has loose permissions, or cannot be created.
    std::optional<SigningKey> signingKey(QString& error, bool* created = nullptr) const;
    // The signing key only if it already exists; nullopt with an empty `error` when there is none.
    std::optional<SigningKey> existingSigningKey(QString& error) const;

    // The keys in trusted-keys.json plus the user's own key when it exists. A store that cannot be read
    // is an error (rather than an empty store, which would silently demote every signature).
    std::optional<TrustStore> trustStore(QString& error) const;
    // Adds a key; `alreadyTrusted` is set (and nothing written) when its fingerprint is in the store.
    bool trust(const PublicKey& key, const QString& label, QString& error, bool& alreadyTrusted) const;

private:
    bool ensureKeyDirectory(QString& error) const;
    std::optional<QList<TrustedKey>> readTrustFile(QString& error) const;

    QString m_configDirectory;
};

} // namespace kix
