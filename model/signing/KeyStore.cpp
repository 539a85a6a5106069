#include "KeyStore.h"

#include "JsonReader.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <openssl/crypto.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kix {

namespace {

constexpr qint64 kMaxKeyFileBytes = qint64{64} * 1024;
constexpr qint64 kMaxTrustFileBytes = qint64{4} * 1024 * 1024;

QString octal(mode_t mode) {
    return QStringLiteral("0%1").arg(mode & 0777, 3, 8, QLatin1Char('0'));
}

QString systemError(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

// Checks an open file against what a private file must be: regular, ours, and within `allowed` bits.
std::optional<QString> checkOpenFile(int fd, const QString& path, mode_t forbidden,
                                     const QString& whatIsLoose) {
    struct stat st {};
    if (fstat(fd, &st) != 0)
        return QStringLiteral("%1: %2").arg(path, systemError(errno));
    if (!S_ISREG(st.st_mode))
        return QStringLiteral("%1: not a regular file").arg(path);
    if (st.st_uid != geteuid())
        return QStringLiteral("%1: owned by another user (uid %2); kix uses only files the current user owns")
            .arg(path)
            .arg(st.st_uid);
    if (st.st_mode & forbidden)
        return whatIsLoose.arg(path, octal(st.st_mode));
    return std::nullopt;
}

// Reads a file without following a symlink at its name, after checking it on the open descriptor
// (so that it cannot be swapped between the check and the read). nullopt error + empty bytes: absent.
std::optional<QString> readCheckedFile(const QString& path, qint64 maxBytes, mode_t forbidden,
                                       const QString& whatIsLoose, QByteArray& bytes, bool& exists) {
    exists = false;
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno == ENOENT)
            return std::nullopt;
        if (errno == ELOOP)
            return QStringLiteral(
                       "%1: is a symbolic link; kix refuses it so that the file cannot be redirected")
                .arg(path);
        return QStringLiteral("%1: %2").arg(path, systemError(errno));
    }
    exists = true;
    std::optional<QString> problem = checkOpenFile(fd, path, forbidden, whatIsLoose);
    if (!problem) {
        char buffer[8192];
        for (;;) {
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                problem = QStringLiteral("%1: %2").arg(path, systemError(errno));
                break;
            }
            if (n == 0)
                break;
            if (bytes.size() + n > maxBytes) {
                problem =
                    QStringLiteral("%1: larger than %2 bytes, which no key file is").arg(path).arg(maxBytes);
                break;
            }
            bytes.append(buffer, qsizetype(n));
        }
        OPENSSL_cleanse(buffer, sizeof buffer);
    }
    ::close(fd);
    return problem;
}

// Writes `bytes` as an owner-only (0600) file in `dir`: to a fresh temporary name, then either linked
// to `name` only if that does not exist yet (exclusive) or renamed over it. Never follows a link at `name`.
std::optional<QString> writeOwnerOnly(const QString& dir, const QString& name, const QByteArray& bytes,
                                      bool exclusive, bool& existed) {
    existed = false;
    QByteArray tmpl = QFile::encodeName(dir + QStringLiteral("/.") + name + QStringLiteral(".XXXXXX"));
    const int fd = mkstemp(tmpl.data());
    if (fd < 0)
        return QStringLiteral("%1: cannot create a file: %2").arg(dir, systemError(errno));
    const QByteArray target = QFile::encodeName(dir + u'/' + name);
    std::optional<QString> problem;
    qsizetype written = 0;
    if (fchmod(fd, S_IRUSR | S_IWUSR) != 0)
        problem = QStringLiteral("%1: %2").arg(QFile::decodeName(tmpl), systemError(errno));
    while (!problem && written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + written, std::size_t(bytes.size() - written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            problem = QStringLiteral("%1: %2").arg(QFile::decodeName(target), systemError(errno));
        else
            written += n;
    }
    if (!problem && fsync(fd) != 0)
        problem = QStringLiteral("%1: %2").arg(QFile::decodeName(target), systemError(errno));
    ::close(fd);
    if (!problem) {
        if (exclusive) {
            if (::link(tmpl.constData(), target.constData()) != 0) {
                if (errno == EEXIST)
                    existed = true;
                else
                    problem = QStringLiteral("%1: %2").arg(QFile::decodeName(target), systemError(errno));
            }
        } else if (::rename(tmpl.constData(), target.constData()) != 0) {
            problem = QStringLiteral("%1: %2").arg(QFile::decodeName(target), systemError(errno));
        }
    }
    ::unlink(tmpl.constData()); // after link, or on failure; after rename it no longer exists
    return problem;
}

const QString kLooseKey = QStringLiteral(
    "%1: the signing key can be read or written by other users (permissions %2); kix refuses to sign with "
    "it. Make it private (chmod 600 %1), or delete it to have kix create a new key");
const QString kLooseTrust = QStringLiteral(
    "%1: the trust store can be written by other users (permissions %2), so anyone could add a key; kix "
    "refuses it (chmod 600 %1)");

// The one permission check of the key folder, for every path into the keys and the trust store (signing,
// key show, key list, key verify, verify): a real folder, owned by the current user, private to its owner.
// `missingIsFine`: a folder that does not exist passes (an empty trust store), else it is an error.
bool checkPrivateKeyFolder(const QString& folder, QString& error, bool missingIsFine = false) {
    const QByteArray dir = QFile::encodeName(folder);
    struct stat st {};
    if (::lstat(dir.constData(), &st) != 0) {
        if (missingIsFine && errno == ENOENT)
            return true;
        error = QStringLiteral("%1: %2").arg(folder, systemError(errno));
        return false;
    }
    if (S_ISLNK(st.st_mode)) {
        error = QStringLiteral("%1: the key folder is a symbolic link; kix refuses it so that keys cannot be "
                               "redirected elsewhere")
                    .arg(folder);
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        error = QStringLiteral("%1: exists and is not a folder").arg(folder);
        return false;
    }
    if (st.st_uid != geteuid()) {
        error =
            QStringLiteral("%1: owned by another user (uid %2); kix keeps keys only in a folder the current "
                           "user owns")
                .arg(folder)
                .arg(st.st_uid);
        return false;
    }
    if (st.st_mode & (S_IRWXG | S_IRWXO)) {
        error =
            QStringLiteral("%1: the key folder can be reached by other users (permissions %2); kix needs it "
                           "private to its owner (chmod 700 %1)")
                .arg(folder, octal(st.st_mode));
        return false;
    }
    return true;
}

} // namespace

const TrustedKey* TrustStore::find(const QString& fingerprint) const {
    for (const TrustedKey& k : m_keys)
        if (k.key.fingerprint() == fingerprint)
            return &k;
    return nullptr;
}

KeyStore::KeyStore(QString configDirectory)
    : m_configDirectory(std::move(configDirectory)) {}

QString KeyStore::defaultConfigDirectory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
}

QString KeyStore::keyDirectory() const {
    return m_configDirectory + QStringLiteral("/keys");
}
QString KeyStore::keyFile() const {
    return keyDirectory() + QStringLiteral("/signing-key.pem");
}
QString KeyStore::trustFile() const {
    return keyDirectory() + QStringLiteral("/trusted-keys.json");
}

bool KeyStore::ensureKeyDirectory(QString& error) const {
    if (m_configDirectory.isEmpty()) {
        error = QStringLiteral("no configuration folder for kix (is HOME set?)");
        return false;
    }
    if (!QDir().mkpath(m_configDirectory)) {
        error = QStringLiteral("%1: cannot create the configuration folder").arg(m_configDirectory);
        return false;
    }
    const QByteArray dir = QFile::encodeName(keyDirectory());
    if (::mkdir(dir.constData(), S_IRWXU) != 0 && errno != EEXIST) {
        error =
            QStringLiteral("%1: cannot create the key folder: %2").arg(keyDirectory(), systemError(errno));
        return false;
    }
    return checkPrivateKeyFolder(keyDirectory(), error);
}

std::optional<SigningKey> KeyStore::existingSigningKey(QString& error) const {
    error.clear();
    QByteArray pem;
    bool exists = false;
    if (auto problem =
            readCheckedFile(keyFile(), kMaxKeyFileBytes, S_IRWXG | S_IRWXO, kLooseKey, pem, exists)) {
        error = *problem;
        return std::nullopt;
    }
    if (!exists)
        return std::nullopt;
    QString why;
    auto key = SigningKey::fromPem(pem, why);
    OPENSSL_cleanse(pem.data(), std::size_t(pem.size()));
    if (!key) {
        error = QStringLiteral("%1: %2").arg(keyFile(), why);
        return std::nullopt;
    }
    return key;
}

std::optional<SigningKey> KeyStore::signingKey(QString& error, bool* created) const {
    if (created)
        *created = false;
    if (!ensureKeyDirectory(error))
        return std::nullopt;
    if (auto key = existingSigningKey(error); key || !error.isEmpty())
        return key;
    auto fresh = SigningKey::generate(error);
    if (!fresh)
        return std::nullopt;
    QByteArray pem = fresh->privatePem();
    bool existed = false;
    const auto problem =
        writeOwnerOnly(keyDirectory(), QStringLiteral("signing-key.pem"), pem, /*exclusive=*/true, existed);
    OPENSSL_cleanse(pem.data(), std::size_t(pem.size()));
    if (problem) {
        error = *problem;
        return std::nullopt;
    }
    if (existed) // another kix created it first: use that one, so that there is only ever one key
        return existingSigningKey(error);
    if (created)
        *created = true;
    return fresh;
}

std::optional<QList<TrustedKey>> KeyStore::readTrustFile(QString& error) const {
    QByteArray bytes;
    bool exists = false;
    if (auto problem =
            readCheckedFile(trustFile(), kMaxTrustFileBytes, S_IWGRP | S_IWOTH, kLooseTrust, bytes, exists)) {
        error = *problem;
        return std::nullopt;
    }
    QList<TrustedKey> keys;
    if (!exists)
        return keys;
    const JsonReadResult read = parseJson(bytes, trustFile());
    if (!read.value) {
        error = read.error.toString();
        return std::nullopt;
    }
    const Json& doc = *read.value;
    const auto fail = [&](const QString& path, const QString& what) {
        error = QStringLiteral("%1: %2: %3").arg(trustFile(), path, what);
        return std::nullopt;
    };
    if (!doc.is_object() || !doc.contains("keys") || !doc["keys"].is_array())
        return fail(QStringLiteral("keys"), QStringLiteral("expected an object with a \"keys\" array"));
    for (std::size_t i = 0; i < doc["keys"].size(); ++i) {
        const Json& entry = doc["keys"][i];
        const QString at = QStringLiteral("keys[%1]").arg(i);
        if (!entry.is_object() || !entry.contains("publicKey") || !entry["publicKey"].is_string())
            return fail(at + QStringLiteral(".publicKey"),
                        QStringLiteral("expected the base64 of a public key"));
        const auto raw =
            QByteArray::fromBase64Encoding(QByteArray::fromStdString(entry["publicKey"].get<std::string>()),
                                           QByteArray::AbortOnBase64DecodingErrors);
        const auto key = raw ? PublicKey::fromRaw(*raw) : std::nullopt;
        if (!key)
            return fail(at + QStringLiteral(".publicKey"),
                        QStringLiteral("not a 32-byte Ed25519 public key"));
        TrustedKey t;
        t.key = *key;
        if (entry.contains("fingerprint") &&
            (!entry["fingerprint"].is_string() ||
             QString::fromStdString(entry["fingerprint"].get<std::string>()) != key->fingerprint()))
            return fail(
                at + QStringLiteral(".fingerprint"),
                QStringLiteral("does not match the public key (expected %1)").arg(key->fingerprint()));
        if (entry.contains("label") && entry["label"].is_string())
            t.label = QString::fromStdString(entry["label"].get<std::string>());
        if (entry.contains("addedAt") && entry["addedAt"].is_string())
            t.addedAt = QString::fromStdString(entry["addedAt"].get<std::string>());
        keys.append(t);
    }
    return keys;
}

std::optional<TrustStore> KeyStore::trustStore(QString& error) const {
    if (!checkPrivateKeyFolder(keyDirectory(), error, /*missingIsFine=*/true))
        return std::nullopt;
    const auto keys = readTrustFile(error);
    if (!keys)
        return std::nullopt;
    TrustStore store;
    for (const TrustedKey& k : *keys)
        store.add(k);
    QString keyError;
    if (const auto own = existingSigningKey(keyError); own && !store.find(own->fingerprint())) {
        TrustedKey t;
        t.key = own->publicKey();
        t.label = QStringLiteral("this user's signing key");
        t.own = true;
        store.add(t);
    }
    // A broken own key is reported when signing; verifying still works with the trusted keys.
    return store;
}

bool KeyStore::trust(const PublicKey& key, const QString& label, QString& error, bool& alreadyTrusted) const {
    alreadyTrusted = false;
    if (!ensureKeyDirectory(error))
        return false;
    auto keys = readTrustFile(error);
    if (!keys)
        return false;
    for (const TrustedKey& k : *keys)
        if (k.key == key) {
            alreadyTrusted = true;
            return true;
        }
    Json doc = {{"kind", "kix-trusted-keys"}, {"version", 1}, {"keys", Json::array()}};
    TrustedKey added;
    added.key = key;
    added.label = label;
    added.addedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    keys->append(added);
    for (const TrustedKey& k : *keys)
        doc["keys"].push_back({{"fingerprint", k.key.fingerprint().toStdString()},
                               {"publicKey", k.key.raw().toBase64().toStdString()},
                               {"label", k.label.toStdString()},
                               {"addedAt", k.addedAt.toStdString()}});
    bool existed = false;
    if (auto problem =
            writeOwnerOnly(keyDirectory(), QStringLiteral("trusted-keys.json"),
                           QByteArray::fromStdString(doc.dump(2) + "\n"), /*exclusive=*/false, existed)) {
        error = *problem;
        return false;
    }
    return true;
}

} // namespace kix
