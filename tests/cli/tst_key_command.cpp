// `kix key show|trust|list|verify` end to end: output, messages and the distinct exit status of each
// signature state.
#include "CliRunner.h"
#include "Commands.h"
#include "KeyStore.h"
#include "Signing.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Result = kixtest::CliResult;
Result run(const QStringList& args) {
    return kixtest::runKix(args);
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

kix::KeyStore userStore() {
    return kix::KeyStore(kix::KeyStore::defaultConfigDirectory());
}

} // namespace

class TestKeyCommand : public QObject {
    Q_OBJECT
    QTemporaryDir m_config, m_work;

    // A manifest signed by `key`, in the work folder.
    QString signedManifest(const QString& name, const kix::SigningKey& key) {
        QString path = m_work.filePath(name);
        writeFile(path, kixtest::readAll(kixtest::seedPath()));
        const auto out = kix::signWrittenResources({path}, {{"gpu", "NVIDIA H200"}}, key);
        if (out.envelopeFile.isEmpty())
            qFatal("%s", qPrintable(out.error));
        return path;
    }
    kix::SigningKey userKey() {
        QString error;
        const auto key = userStore().signingKey(error);
        if (!key)
            qFatal("%s", qPrintable(error));
        return *key;
    }

private slots:
    void initTestCase() { qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path())); }

    void showCreatesTheKeyOnce() {
        const Result first = run({QStringLiteral("key"), QStringLiteral("show")});
        QCOMPARE(first.code, 0);
        QCOMPARE(first.err,
                 QStringLiteral("kix key: created a new signing key in %1\n").arg(userStore().keyFile()));
        const QString fp = userKey().fingerprint();
        QCOMPARE(first.out, QString::fromLatin1(userKey().publicKey().pem()) +
                                QStringLiteral("fingerprint  ") + fp +
                                QStringLiteral("\nkey file     %1 (private to its owner; never printed)\n")
                                    .arg(userStore().keyFile()));
        QVERIFY(!first.out.contains(QStringLiteral("PRIVATE")));
        const Result second = run({QStringLiteral("key"), QStringLiteral("show"), QStringLiteral("--json")});
        QCOMPARE(second.code, 0);
        QVERIFY(second.err.isEmpty());
        const auto j = nlohmann::json::parse(second.out.toStdString());
        QCOMPARE(QString::fromStdString(j["fingerprint"].get<std::string>()), fp);
        QCOMPARE(j["created"].get<bool>(), false);
    }

    void showRefusesALooseKey() {
        const QString file = userStore().keyFile();
        QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup));
        const Result r = run({QStringLiteral("key"), QStringLiteral("show")});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err,
                 QStringLiteral("kix key show: %1: the signing key can be read or written by other users "
                                "(permissions 0640); kix refuses to sign with it. Make it private (chmod 600 "
                                "%1), or delete it to have kix create a new key\n")
                     .arg(file));
        QVERIFY(r.out.isEmpty());
        QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner));
    }

    // Issue 26, item 9: every command into the trust store refuses a keys folder others can reach, as
    // key show does (one check, KeyStore), never "(trusted)".
    void looseKeyFolderIsRefusedEverywhere_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("key show") << QStringList{QStringLiteral("show")};
        QTest::newRow("key list") << QStringList{QStringLiteral("list")};
        QTest::newRow("key verify") << QStringList{QStringLiteral("verify"), QStringLiteral("any.json")};
    }
    void looseKeyFolderIsRefusedEverywhere() {
        QFETCH(QStringList, args);
        const QString folder = userStore().keyDirectory();
        QVERIFY(QFile::setPermissions(folder, QFileDevice::Permissions(0x7777)));
        const Result r = run(QStringList{QStringLiteral("key")} + args);
        QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err,
                 QStringLiteral("kix key %1: %2: the key folder can be reached by other users (permissions "
                                "0777); kix needs it private to its owner (chmod 700 %2)\n")
                     .arg(args.first(), folder));
        QVERIFY(!r.out.contains(QStringLiteral("(trusted)")));
    }

    void trustAndList() {
        QString error;
        const auto bob = kix::SigningKey::generate(error);
        const QString pub = m_work.filePath(QStringLiteral("bob.pub"));
        writeFile(pub, bob->publicKey().pem());
        Result r = run({QStringLiteral("key"), QStringLiteral("trust"), pub, QStringLiteral("--label"),
                        QStringLiteral("bob \x1b[31mH100")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QStringLiteral("trusted %1\n").arg(bob->fingerprint()));
        r = run({QStringLiteral("key"), QStringLiteral("trust"), pub});
        QCOMPARE(r.out, QStringLiteral("already trusted %1\n").arg(bob->fingerprint()));
        // The user's own key, as `kix key show` printed it.
        const QString own = m_work.filePath(QStringLiteral("own.pub"));
        writeFile(own, run({QStringLiteral("key"), QStringLiteral("show")}).out.toUtf8());
        r = run({QStringLiteral("key"), QStringLiteral("trust"), own});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out,
                 QStringLiteral("this user's own key %1 is trusted already\n").arg(userKey().fingerprint()));

        r = run({QStringLiteral("key"), QStringLiteral("list")});
        QCOMPARE(r.code, 0);
        // Labels are untrusted text: the escape shows instead of colouring the terminal.
        QVERIFY(r.out.contains(QStringLiteral("%1  bob \\x1b[31mH100  (added ").arg(bob->fingerprint())));
        QVERIFY(r.out.contains(QStringLiteral("%1  this user's signing key\n").arg(userKey().fingerprint())));
    }

    void trustErrors_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("error");
        QTest::newRow("private key") << QByteArray(
                                            "-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n")
                                     << QStringLiteral(
                                            "it holds a private key; give the public key instead (kix key "
                                            "show prints it)");
        QTest::newRow("no key") << QByteArray("hello")
                                << QStringLiteral(
                                       "no \"-----BEGIN PUBLIC KEY-----\" … \"-----END PUBLIC KEY-----\" "
                                       "block found");
    }
    void trustErrors() {
        QFETCH(QByteArray, content);
        QFETCH(QString, error);
        const QString file = m_work.filePath(QStringLiteral("bad.pub"));
        writeFile(file, content);
        const Result r = run({QStringLiteral("key"), QStringLiteral("trust"), file});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err, QStringLiteral("kix key trust: %1: %2\n").arg(file, error));
        const Result missing =
            run({QStringLiteral("key"), QStringLiteral("trust"), QStringLiteral("/nonexistent.pub")});
        QCOMPARE(missing.code, 3);
        QCOMPARE(missing.err, QStringLiteral("kix key trust: /nonexistent.pub: no such file\n"));
    }

    // The file name is the user's text and may come from anywhere (a download): shown, never obeyed.
    void trustErrorsShowTheFileNameVisibly_data() {
        QTest::addColumn<bool>("exists");
        QTest::addColumn<QString>("error");
        QTest::newRow("not a key") << true
                                   << QStringLiteral("no \"-----BEGIN PUBLIC KEY-----\" … \"-----END PUBLIC "
                                                     "KEY-----\" block found");
        QTest::newRow("missing") << false << QStringLiteral("no such file");
    }
    void trustErrorsShowTheFileNameVisibly() {
        QFETCH(bool, exists);
        QFETCH(QString, error);
        const QString file = m_work.filePath(QString::fromUtf8("bad\x1b]52;c;eA==\x07\xe2\x80\xae.pub"));
        QFile::remove(file); // a row that failed before leaves it behind
        if (exists)
            writeFile(file, "hello");
        const Result r = run({QStringLiteral("key"), QStringLiteral("trust"), file});
        QCOMPARE(r.code, int(kix::cli::ExitInput));
        QCOMPARE(r.err, QStringLiteral("kix key trust: %1/bad\\x1b]52;c;eA==\\x07⟨U+202E⟩.pub: %2\n")
                            .arg(m_work.path(), error));
        QFile::remove(file);
    }

    void verifyStates() {
        QString error;
        const kix::SigningKey own = userKey();
        const auto stranger = kix::SigningKey::generate(error);

        const QString trusted = signedManifest(QStringLiteral("trusted.json"), own);
        Result r = run({QStringLiteral("key"), QStringLiteral("verify"), trusted});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QStringLiteral(
                            "%1\n  signed by %2 (trusted) · this user's signing key\n      %1.intoto.jsonl, "
                            "line 1\n      the signature verifies with a key in the trust store, and every "
                            "subject's sha256 matches its file\n")
                            .arg(trusted, own.fingerprint()));

        const QString unknown = signedManifest(QStringLiteral("unknown.json"), *stranger);
        r = run({QStringLiteral("key"), QStringLiteral("verify"), unknown});
        QCOMPARE(r.code, 7);
        QVERIFY(r.out.contains(QStringLiteral("  signed by an unknown key\n")));

        const QString edited = signedManifest(QStringLiteral("edited.json"), own);
        QByteArray bytes = kixtest::readAll(edited);
        bytes[bytes.indexOf("45344")] = '3';
        writeFile(edited, bytes);
        r = run({QStringLiteral("key"), QStringLiteral("verify"), edited});
        QCOMPARE(r.code, 9);
        QVERIFY(r.out.contains(QStringLiteral("  subject digest does not match\n")));
        QVERIFY(r.out.contains(QStringLiteral("edited.json: the statement records sha256:")));

        const QString forged = signedManifest(QStringLiteral("forged.json"), own);
        QByteArray env = kixtest::readAll(forged + QStringLiteral(".intoto.jsonl"));
        const qsizetype at = env.indexOf("\"payload\":\"") + 11 + 20;
        env[at] = env[at] == 'A' ? 'B' : 'A';
        writeFile(forged + QStringLiteral(".intoto.jsonl"), env);
        r = run({QStringLiteral("key"), QStringLiteral("verify"), forged});
        QCOMPARE(r.code, 8);
        QVERIFY(r.out.contains(QStringLiteral("  signature invalid\n")));

        const QString truncated = signedManifest(QStringLiteral("truncated.json"), own);
        env = kixtest::readAll(truncated + QStringLiteral(".intoto.jsonl"));
        writeFile(truncated + QStringLiteral(".intoto.jsonl"), env.left(env.size() / 2));
        r = run({QStringLiteral("key"), QStringLiteral("verify"), truncated});
        QCOMPARE(r.code, 10);
        QVERIFY(r.out.contains(QStringLiteral("  malformed envelope\n")));

        const QString plain = m_work.filePath(QStringLiteral("plain.json"));
        writeFile(plain, "{}");
        r = run({QStringLiteral("key"), QStringLiteral("verify"), plain});
        QCOMPARE(r.code, 11);
        QCOMPARE(r.out, QStringLiteral("%1: not signed (no envelope beside it)\n").arg(plain));

        r = run({QStringLiteral("key"), QStringLiteral("verify"), QStringLiteral("/nonexistent.json")});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err, QStringLiteral("/nonexistent.json: no such file\n"));

        // Several manifests: the worst state decides.
        r = run({QStringLiteral("key"), QStringLiteral("verify"), trusted, unknown, edited, plain});
        QCOMPARE(r.code, 9);
        r = run({QStringLiteral("key"), QStringLiteral("verify"), trusted, plain, unknown});
        QCOMPARE(r.code, 7);
        r = run(
            {QStringLiteral("key"), QStringLiteral("verify"), QStringLiteral("--json"), trusted, unknown});
        QCOMPARE(r.code, 7);
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j[0]["exitStatus"].get<int>(), 0);
        QCOMPARE(QString::fromStdString(j[0]["envelopes"][0]["state"].get<std::string>()),
                 QStringLiteral("trusted"));
        QCOMPARE(QString::fromStdString(j[0]["envelopes"][0]["predicate"]["gpu"].get<std::string>()),
                 QStringLiteral("NVIDIA H200"));
        QCOMPARE(QString::fromStdString(j[1]["envelopes"][0]["state"].get<std::string>()),
                 QStringLiteral("unknown key"));
        QVERIFY(j[1]["envelopes"][0]["predicate"].is_null());
    }

    void untrustedNamesAreShownNotSent() {
        // An envelope planted beside a manifest under a name with a terminal escape: the escape is shown.
        const QString manifest = signedManifest(QStringLiteral("named.json"), userKey());
        const QString evil = m_work.filePath(QStringLiteral("evil\x1b[2J.intoto.jsonl"));
        QVERIFY(QFile::rename(manifest + QStringLiteral(".intoto.jsonl"), evil));
        const Result r = run({QStringLiteral("key"), QStringLiteral("verify"), manifest});
        QCOMPARE(r.code, 0);
        QVERIFY(!r.out.contains(QChar(0x1b)));
        QVERIFY(r.out.contains(QStringLiteral("evil\\x1b[2J.intoto.jsonl, line 1\n")));
    }

    void usage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        const auto list = [](std::initializer_list<const char*> items) {
            QStringList l;
            for (const char* i : items)
                l << QString::fromUtf8(i);
            return l;
        };
        QTest::newRow("no subcommand") << list({"key"}) << 2 << QStringLiteral("Usage: kix key SUBCOMMAND");
        QTest::newRow("unknown") << list({"key", "forge\x1b"}) << 2
                                 << QStringLiteral("kix key: unknown subcommand \"forge\\x1b\"");
        QTest::newRow("verify nothing")
            << list({"key", "verify"}) << 2
            << QStringLiteral("kix key verify: expected at least 1 file argument(s), got 0 "
                              "(see kix key verify --help)");
        QTest::newRow("trust two") << list({"key", "trust", "a", "b"}) << 2
                                   << QStringLiteral(
                                          "kix key trust: expected 1 file argument(s), got 2 (see kix key "
                                          "trust --help)");
    }
    void usage() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        const Result r = run(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.startsWith(err), qPrintable(r.err));
    }
};

KIX_TEST_GUILESS_MAIN(TestKeyCommand)
#include "tst_key_command.moc"
