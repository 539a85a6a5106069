// Ed25519 keys through OpenSSL's EVP interface: generate, sign, verify, PEM in and out.
// A key's fingerprint is "sha256:" + the lowercase hex SHA-256 of its 32 raw public-key bytes;
// it is also the DSSE keyid kix writes. Private key bytes never leave this unit except as the
// PEM written to the owner-only key file (KeyStore), and no message here ever contains them.
#pragma once

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>

struct evp_pkey_st; // OpenSSL's EVP_PKEY

namespace kix {

inline constexpr int kEd25519PublicKeyBytes = 32;
inline constexpr int kEd25519SignatureBytes = 64;

class PublicKey {
public:
    // From the 32 raw bytes; nullopt when the length is wrong or OpenSSL refuses them.
    static std::optional<PublicKey> fromRaw(const QByteArray& raw);
    // From text holding one "-----BEGIN PUBLIC KEY-----" block (other lines around it are ignored,
    // so the output of `kix key show` works). `error` says why not, in words.
    static std::optional<PublicKey> fromPem(const QByteArray& text, QString& error);

    const QByteArray& raw() const { return m_raw; }
    QString fingerprint() const; // sha256:<64 hex>
    QByteArray pem() const;      // SubjectPublicKeyInfo PEM, as `openssl pkey -pubout` writes it
    bool operator==(const PublicKey& other) const { return m_raw == other.m_raw; }

    // True when `signature` is a valid Ed25519 signature of `message` by this key.
    bool verify(const QByteArray& message, const QByteArray& signature) const;

private:
    QByteArray m_raw;
};

class SigningKey {
public:
    static std::optional<SigningKey> generate(QString& error);
    // From PKCS#8 PEM. Encrypted keys are refused rather than prompting on the terminal.
    static std::optional<SigningKey> fromPem(const QByteArray& pem, QString& error);

    PublicKey publicKey() const;
    QString fingerprint() const { return publicKey().fingerprint(); }
    // The 64-byte Ed25519 signature of `message`; empty if OpenSSL fails.
    QByteArray sign(const QByteArray& message) const;
    // Unencrypted PKCS#8 PEM, for the owner-only key file only.
    QByteArray privatePem() const;

private:
    explicit SigningKey(std::shared_ptr<evp_pkey_st> key)
        : m_key(std::move(key)) {}
    std::shared_ptr<evp_pkey_st> m_key; // shared: copies stay cheap and the key is freed once
};

// "sha256:" + hex of the SHA-256 of raw public-key bytes.
QString keyFingerprint(const QByteArray& rawPublicKey);

} // namespace kix
