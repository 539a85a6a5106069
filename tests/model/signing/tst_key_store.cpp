// The signing key and trust store under the user's config folder: created on first use with owner-only
// permissions, refused (with the exact message) when others can reach it, never printed.
#include "KeyStore.h"
#include "SigningKey.h"
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

namespace {

mode_t modeOf(const QString& path) {
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return 0;
    return st.st_mode & 0777;
}

void chmodTo(const QString& path, mode_t mode) {
    if (::chmod(QFile::encodeName(path).constData(), mode) != 0)
        qFatal("chmod failed for %s", qPrintable(path));
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

// A valid P-256 public key: a real key, but not one kix can use.
const QByteArray kEcPublicKey = "-----BEGIN PUBLIC KEY-----\n"
                                "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEI3UdppOrzc+CX6br6pAfQ4W2BhYM\n"
                                "mOjPB7S+KcizQ4VF5EnsdIDxS5a9nJ2vXapo7f8Xfh2bao+6m+cE3FzsyA==\n"
                                "-----END PUBLIC KEY-----\n";

} // namespace

class TestKeyStore : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;
    QString m_dir; // a fresh config folder per test

private slots:
    void initTestCase() {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
    }
    void init() {
        static int n = 0;
        m_dir = m_config.filePath(QStringLiteral("case%1").arg(++n));
    }

    void defaultFolderFollowsXdgConfigHome() {
        QVERIFY(kix::KeyStore::defaultConfigDirectory().startsWith(m_config.path() + u'/'));
        const kix::KeyStore store(kix::KeyStore::defaultConfigDirectory());
        QCOMPARE(store.keyFile(),
                 kix::KeyStore::defaultConfigDirectory() + QStringLiteral("/keys/signing-key.pem"));
    }

    void keyIsCreatedOnFirstUseOwnerOnly() {
        const kix::KeyStore store(m_dir);
        QString error;
        QVERIFY(!store.existingSigningKey(error));
        QVERIFY(error.isEmpty());
        bool created = false;
        const auto key = store.signingKey(error, &created);
        QVERIFY2(key, qPrintable(error));
        QVERIFY(created);
        QCOMPARE(modeOf(store.keyDirectory()), mode_t(0700));
        QCOMPARE(modeOf(store.keyFile()), mode_t(0600));
        const QByteArray file = [&] {
            QFile f(store.keyFile());
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        QVERIFY(file.startsWith("-----BEGIN PRIVATE KEY-----"));
        // The same key comes back on the next use; nothing is created twice.
        const auto again = store.signingKey(error, &created);
        QVERIFY(again);
        QVERIFY(!created);
        QCOMPARE(again->fingerprint(), key->fingerprint());
        QVERIFY(key->fingerprint().startsWith(QStringLiteral("sha256:")));
        QCOMPARE(key->fingerprint().size(), 7 + 64);
        // The public PEM never contains private material.
        QVERIFY(!key->publicKey().pem().contains("PRIVATE"));
    }

    void looseKeyFileIsRefused_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("group readable") << 0640;
        QTest::newRow("world readable") << 0604;
        QTest::newRow("group writable") << 0620;
    }
    void looseKeyFileIsRefused() {
        QFETCH(int, mode);
        const kix::KeyStore store(m_dir);
        QString error;
        QVERIFY(store.signingKey(error));
        chmodTo(store.keyFile(), mode_t(mode));
        QVERIFY(!store.signingKey(error));
        QCOMPARE(error, QStringLiteral(
                            "%1: the signing key can be read or written by other users (permissions 0%2); "
                            "kix refuses to sign with it. Make it private (chmod 600 %1), or delete it "
                            "to have kix create a new key")
                            .arg(store.keyFile())
                            .arg(mode, 0, 8));
        QVERIFY(!store.existingSigningKey(error));
        chmodTo(store.keyFile(), 0600);
        QVERIFY(store.signingKey(error));
    }

    void looseKeyFolderIsRefused() {
        const kix::KeyStore store(m_dir);
        QString error;
        QVERIFY(store.signingKey(error));
        chmodTo(store.keyDirectory(), 0755);
        QVERIFY(!store.signingKey(error));
        QCOMPARE(error,
                 QStringLiteral("%1: the key folder can be reached by other users (permissions 0755); kix "
                                "needs it private to its owner (chmod 700 %1)")
                     .arg(store.keyDirectory()));
    }

    void symlinksAreRefused() {
        const kix::KeyStore store(m_dir);
        QString error;
        QVERIFY(store.signingKey(error));
        const QString elsewhere = m_dir + QStringLiteral("/elsewhere.pem");
        QVERIFY(QFile::rename(store.keyFile(), elsewhere));
        QVERIFY(QFile::link(elsewhere, store.keyFile()));
        QVERIFY(!store.signingKey(error));
        QCOMPARE(error, QStringLiteral(
                            "%1: is a symbolic link; kix refuses it so that the file cannot be redirected")
                            .arg(store.keyFile()));

        const kix::KeyStore linked(m_dir + QStringLiteral("/linked"));
        QVERIFY(QDir().mkpath(m_dir + QStringLiteral("/linked")));
        QVERIFY(QFile::link(store.keyDirectory(), linked.keyDirectory()));
        QVERIFY(!linked.signingKey(error));
        QCOMPARE(error,
                 QStringLiteral("%1: the key folder is a symbolic link; kix refuses it so that keys cannot "
                                "be redirected elsewhere")
                     .arg(linked.keyDirectory()));
    }

    void unreadableKeysAreRefused_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("error");
        QTest::newRow("encrypted")
            << QByteArray("-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIGb\n-----END ENCRYPTED "
                          "PRIVATE KEY-----\n")
            << "the key is encrypted; kix keeps its signing key unencrypted in an owner-only "
               "file and cannot ask for a passphrase";
        QTest::newRow("garbage") << QByteArray("hello\n") << "not a PEM private key: ";
    }
    void unreadableKeysAreRefused() {
        QFETCH(QByteArray, content);
        QFETCH(QString, error);
        const kix::KeyStore store(m_dir);
        QString e;
        QVERIFY(store.signingKey(e));
        writeFile(store.keyFile(), content);
        QVERIFY(!store.signingKey(e));
        // The OpenSSL detail after "not a PEM private key: " is the library's own text.
        QVERIFY2(e.startsWith(store.keyFile() + QStringLiteral(": ") + error), qPrintable(e));
        QVERIFY(!e.contains(QString::fromLatin1(content.trimmed())) || content.startsWith("-----"));
    }

    void publicKeysFromPem() {
        QString error;
        const auto key = kix::SigningKey::generate(error);
        QVERIFY(key);
        // What `kix key show` prints: the PEM block between other lines.
        const QByteArray shown =
            "# alice\n" + key->publicKey().pem() + "fingerprint  " + key->fingerprint().toLatin1() + "\n";
        const auto back = kix::PublicKey::fromPem(shown, error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->fingerprint(), key->fingerprint());

        QVERIFY(!kix::PublicKey::fromPem(key->privatePem(), error));
        QCOMPARE(error, QStringLiteral(
                            "it holds a private key; give the public key instead (kix key show prints it)"));
        QVERIFY(!kix::PublicKey::fromPem("nothing here", error));
        QCOMPARE(error, QStringLiteral(
                            "no \"-----BEGIN PUBLIC KEY-----\" … \"-----END PUBLIC KEY-----\" block found"));
        QVERIFY(!kix::PublicKey::fromPem(kEcPublicKey, error));
        QCOMPARE(error,
                 QStringLiteral("it is a id-ecPublicKey key; kix signs and verifies with Ed25519 keys only"));
    }

    void trustStore() {
        const kix::KeyStore store(m_dir);
        QString error;
        auto trust = store.trustStore(error);
        QVERIFY2(trust, qPrintable(error));
        QVERIFY(trust->keys().isEmpty());
        const auto own = store.signingKey(error);
        QVERIFY(own);
        trust = store.trustStore(error);
        QCOMPARE(trust->keys().size(), 1);
        QVERIFY(trust->keys().first().own);
        QVERIFY(trust->find(own->fingerprint()));

        const auto other = kix::SigningKey::generate(error);
        bool already = true;
        QVERIFY(store.trust(other->publicKey(), QStringLiteral("bob's H100"), error, already));
        QVERIFY(!already);
        QCOMPARE(modeOf(store.trustFile()), mode_t(0600));
        QVERIFY(store.trust(other->publicKey(), QStringLiteral("again"), error, already));
        QVERIFY(already);
        trust = store.trustStore(error);
        QCOMPARE(trust->keys().size(), 2);
        const kix::TrustedKey* bob = trust->find(other->fingerprint());
        QVERIFY(bob);
        QCOMPARE(bob->label, QStringLiteral("bob's H100"));
        QVERIFY(!bob->own);
        QVERIFY(!trust->find(QStringLiteral("sha256:00")));
    }

    void trustStoreErrors_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("error");
        QTest::newRow("no keys") << QByteArray("{}") << "keys: expected an object with a \"keys\" array";
        QTest::newRow("bad key") << QByteArray("{\"keys\":[{\"publicKey\":\"AAAA\"}]}")
                                 << "keys[0].publicKey: not a 32-byte Ed25519 public key";
        QTest::newRow("wrong fingerprint")
            << QByteArray("{\"keys\":[{\"publicKey\":\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\","
                          "\"fingerprint\":"
                          "\"sha256:00\"}]}")
            << "keys[0].fingerprint: does not match the public key (expected "
               "sha256:66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925)";
    }
    void trustStoreErrors() {
        QFETCH(QByteArray, content);
        QFETCH(QString, error);
        const kix::KeyStore store(m_dir);
        QString e;
        QVERIFY(store.signingKey(e));
        writeFile(store.trustFile(), content);
        chmodTo(store.trustFile(), 0600);
        QVERIFY(!store.trustStore(e));
        QCOMPARE(e, store.trustFile() + QStringLiteral(": ") + error);
    }

    // Issue 26, item 9: the trust store is read through the same folder check as the signing key (key
    // list, key verify and verify all come here), so a folder others can reach is never "trusted".
    void looseKeyFolderRefusesTheTrustStore_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("0777") << 0777;
        QTest::newRow("0755") << 0755;
        QTest::newRow("0707") << 0707;
        QTest::newRow("0700: fine") << 0700;
    }
    void looseKeyFolderRefusesTheTrustStore() {
        QFETCH(int, mode);
        const kix::KeyStore store(m_dir);
        QString error;
        const auto key = kix::SigningKey::generate(error);
        bool already = false;
        QVERIFY(store.trust(key->publicKey(), {}, error, already));
        chmodTo(store.keyDirectory(), mode_t(mode));
        const auto trusted = store.trustStore(error);
        chmodTo(store.keyDirectory(), 0700);
        if (mode == 0700) {
            QVERIFY2(trusted && trusted->find(key->publicKey().fingerprint()), qPrintable(error));
            return;
        }
        QVERIFY(!trusted);
        QCOMPARE(error,
                 QStringLiteral("%1: the key folder can be reached by other users (permissions 0%2); kix "
                                "needs it private to its owner (chmod 700 %1)")
                     .arg(store.keyDirectory())
                     .arg(mode, 3, 8, QLatin1Char('0')));
    }
    void missingKeyFolderIsAnEmptyTrustStore() {
        const kix::KeyStore store(m_dir);
        QString error;
        const auto trusted = store.trustStore(error);
        QVERIFY2(trusted, qPrintable(error));
        QVERIFY(trusted->keys().isEmpty());
    }

    void writableTrustStoreIsRefused() {
        const kix::KeyStore store(m_dir);
        QString error;
        const auto key = kix::SigningKey::generate(error);
        bool already = false;
        QVERIFY(store.trust(key->publicKey(), {}, error, already));
        chmodTo(store.trustFile(), 0666);
        QVERIFY(!store.trustStore(error));
        QCOMPARE(error,
                 QStringLiteral("%1: the trust store can be written by other users (permissions 0666), so "
                                "anyone could add a key; kix refuses it (chmod 600 %1)")
                     .arg(store.trustFile()));
        // Readable by others is fine: it holds public keys only.
        chmodTo(store.trustFile(), 0644);
        QVERIFY(store.trustStore(error));
    }
};

KIX_TEST_GUILESS_MAIN(TestKeyStore)
#include "tst_key_store.moc"
