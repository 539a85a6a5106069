#include "SigningKey.h"

#include "Sha256.h"

#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>

namespace kix {

namespace {

using PkeyPtr = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
using BioPtr = std::unique_ptr<BIO, decltype(&BIO_free)>;
using MdCtxPtr = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;

// The most recent OpenSSL error in words, and an empty queue after it (so one failure never
// shows up in the next, unrelated message).
QString takeOpenSslError() {
    const unsigned long code = ERR_peek_last_error();
    char text[256] = {};
    if (code != 0)
        ERR_error_string_n(code, text, sizeof text);
    ERR_clear_error();
    return code != 0 ? QString::fromLatin1(text) : QStringLiteral("no detail from OpenSSL");
}

// PEM passphrase callback that never asks: an encrypted key fails instead of prompting on a tty.
int noPassphrase(char* /*buffer*/, int /*size*/, int /*writing*/, void* /*data*/) {
    return 0;
}

BioPtr memoryBio(const QByteArray& bytes) {
    return BioPtr(BIO_new_mem_buf(bytes.constData(), int(bytes.size())), &BIO_free);
}

QByteArray bioContents(BIO* bio) {
    char* data = nullptr;
    const long length = BIO_get_mem_data(bio, &data);
    return length > 0 ? QByteArray(data, qsizetype(length)) : QByteArray();
}

} // namespace

QString keyFingerprint(const QByteArray& rawPublicKey) {
    return QStringLiteral("sha256:") +
           QString::fromLatin1(sha256Hex(std::string_view(rawPublicKey.constData(), rawPublicKey.size())));
}

std::optional<PublicKey> PublicKey::fromRaw(const QByteArray& raw) {
    if (raw.size() != kEd25519PublicKeyBytes)
        return std::nullopt;
    PkeyPtr key(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr,
                                            reinterpret_cast<const unsigned char*>(raw.constData()),
                                            std::size_t(raw.size())),
                &EVP_PKEY_free);
    if (!key) {
        ERR_clear_error();
        return std::nullopt;
    }
    PublicKey k;
    k.m_raw = raw;
    return k;
}

std::optional<PublicKey> PublicKey::fromPem(const QByteArray& text, QString& error) {
    static const QByteArray begin("-----BEGIN PUBLIC KEY-----");
    static const QByteArray end("-----END PUBLIC KEY-----");
    if (text.contains("PRIVATE KEY-----")) {
        error =
            QStringLiteral("it holds a private key; give the public key instead (kix key show prints it)");
        return std::nullopt;
    }
    const qsizetype from = text.indexOf(begin);
    const qsizetype to = from < 0 ? -1 : text.indexOf(end, from);
    if (from < 0 || to < 0) {
        error = QStringLiteral("no \"%1\" … \"%2\" block found")
                    .arg(QString::fromLatin1(begin), QString::fromLatin1(end));
        return std::nullopt;
    }
    const QByteArray block = text.mid(from, to + end.size() - from);
    const BioPtr bio = memoryBio(block);
    PkeyPtr key(PEM_read_bio_PUBKEY(bio.get(), nullptr, &noPassphrase, nullptr), &EVP_PKEY_free);
    if (!key) {
        error = QStringLiteral("the public key block does not parse: %1").arg(takeOpenSslError());
        return std::nullopt;
    }
    if (EVP_PKEY_get_id(key.get()) != EVP_PKEY_ED25519) {
        error = QStringLiteral("it is a %1 key; kix signs and verifies with Ed25519 keys only")
                    .arg(QString::fromLatin1(OBJ_nid2sn(EVP_PKEY_get_id(key.get()))));
        return std::nullopt;
    }
    unsigned char raw[kEd25519PublicKeyBytes];
    std::size_t length = sizeof raw;
    if (EVP_PKEY_get_raw_public_key(key.get(), raw, &length) != 1 || length != sizeof raw) {
        error = QStringLiteral("the raw public key could not be read: %1").arg(takeOpenSslError());
        return std::nullopt;
    }
    PublicKey k;
    k.m_raw = QByteArray(reinterpret_cast<const char*>(raw), qsizetype(length));
    return k;
}

QString PublicKey::fingerprint() const {
    return keyFingerprint(m_raw);
}

QByteArray PublicKey::pem() const {
    PkeyPtr key(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr,
                                            reinterpret_cast<const unsigned char*>(m_raw.constData()),
                                            std::size_t(m_raw.size())),
                &EVP_PKEY_free);
    BioPtr bio(BIO_new(BIO_s_mem()), &BIO_free);
    if (!key || !bio || PEM_write_bio_PUBKEY(bio.get(), key.get()) != 1) {
        ERR_clear_error();
        return {};
    }
    return bioContents(bio.get());
}

bool PublicKey::verify(const QByteArray& message, const QByteArray& signature) const {
    if (signature.size() != kEd25519SignatureBytes || m_raw.size() != kEd25519PublicKeyBytes)
        return false;
    PkeyPtr key(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr,
                                            reinterpret_cast<const unsigned char*>(m_raw.constData()),
                                            std::size_t(m_raw.size())),
                &EVP_PKEY_free);
    MdCtxPtr ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    // Ed25519 is "pure": no digest is named, the whole message goes to one EVP_DigestVerify call.
    const bool ok = key && ctx &&
                    EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) == 1 &&
                    EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char*>(signature.constData()),
                                     std::size_t(signature.size()),
                                     reinterpret_cast<const unsigned char*>(message.constData()),
                                     std::size_t(message.size())) == 1;
    ERR_clear_error(); // a failed verification leaves an error on the queue; it is an answer, not a fault
    return ok;
}

std::optional<SigningKey> SigningKey::generate(QString& error) {
    std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)> ctx(
        EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nullptr), &EVP_PKEY_CTX_free);
    EVP_PKEY* key = nullptr;
    if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 || EVP_PKEY_keygen(ctx.get(), &key) != 1) {
        error = QStringLiteral("OpenSSL could not generate an Ed25519 key: %1").arg(takeOpenSslError());
        return std::nullopt;
    }
    return SigningKey(std::shared_ptr<evp_pkey_st>(key, &EVP_PKEY_free));
}

std::optional<SigningKey> SigningKey::fromPem(const QByteArray& pem, QString& error) {
    if (pem.contains("ENCRYPTED PRIVATE KEY")) {
        error = QStringLiteral("the key is encrypted; kix keeps its signing key unencrypted in an owner-only "
                               "file and cannot ask for a passphrase");
        return std::nullopt;
    }
    const BioPtr bio = memoryBio(pem);
    EVP_PKEY* key = PEM_read_bio_PrivateKey(bio.get(), nullptr, &noPassphrase, nullptr);
    if (!key) {
        // The OpenSSL detail is enough to say what failed; it never contains key bytes.
        error = QStringLiteral("not a PEM private key: %1").arg(takeOpenSslError());
        return std::nullopt;
    }
    std::shared_ptr<evp_pkey_st> owned(key, &EVP_PKEY_free);
    if (EVP_PKEY_get_id(key) != EVP_PKEY_ED25519) {
        error = QStringLiteral("it is a %1 key; kix signs with Ed25519 keys only")
                    .arg(QString::fromLatin1(OBJ_nid2sn(EVP_PKEY_get_id(key))));
        return std::nullopt;
    }
    return SigningKey(std::move(owned));
}

PublicKey SigningKey::publicKey() const {
    unsigned char raw[kEd25519PublicKeyBytes];
    std::size_t length = sizeof raw;
    PublicKey k;
    if (m_key && EVP_PKEY_get_raw_public_key(m_key.get(), raw, &length) == 1)
        if (auto pk = PublicKey::fromRaw(QByteArray(reinterpret_cast<const char*>(raw), qsizetype(length))))
            k = *pk;
    ERR_clear_error();
    return k;
}

QByteArray SigningKey::sign(const QByteArray& message) const {
    MdCtxPtr ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    unsigned char signature[kEd25519SignatureBytes];
    std::size_t length = sizeof signature;
    if (!m_key || !ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, m_key.get()) != 1 ||
        EVP_DigestSign(ctx.get(), signature, &length,
                       reinterpret_cast<const unsigned char*>(message.constData()),
                       std::size_t(message.size())) != 1) {
        ERR_clear_error();
        return {};
    }
    return QByteArray(reinterpret_cast<const char*>(signature), qsizetype(length));
}

QByteArray SigningKey::privatePem() const {
    BioPtr bio(BIO_new(BIO_s_mem()), &BIO_free);
    if (!m_key || !bio ||
        PEM_write_bio_PrivateKey(bio.get(), m_key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1) {
        ERR_clear_error();
        return {};
    }
    QByteArray pem = bioContents(bio.get());
    // The BIO's buffer held the key too: wipe it before it is freed.
    char* data = nullptr;
    const long length = BIO_get_mem_data(bio.get(), &data);
    if (length > 0)
        OPENSSL_cleanse(data, std::size_t(length));
    return pem;
}

} // namespace kix
