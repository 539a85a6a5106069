// Signed reruns: DSSE pre-authentication encoding, Ed25519 through EVP, in-toto statements, and every
// state of an envelope beside a manifest (trusted, unknown key, signature invalid, subject mismatch,
// malformed), each with its exact message.
#include "Dsse.h"
#include "EnvelopeFixtures.h"
#include "InToto.h"
#include "Signing.h"
#include "SigningKey.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using kix::SignatureState;

namespace {

using kixsign::newKey;
using kixsign::trusting;
using kixsign::writeFile;

// A signed manifest (and implementation file) in a fresh folder.
struct Signed {
    QTemporaryDir dir;
    QString manifest, implementation, envelope;
    kix::SigningKey key = newKey();

    Signed() {
        manifest = dir.filePath(QStringLiteral("run.manifest.json"));
        implementation = dir.filePath(QStringLiteral("impl.json"));
        writeFile(manifest, kixtest::readAll(kixtest::seedPath()));
        writeFile(implementation, QByteArrayLiteral("{\"kind\": \"ImplementationRevision\"}\n"));
        kix::RerunFacts facts;
        facts.kixVersion = QStringLiteral("0.1.0");
        facts.gpu = QStringLiteral("NVIDIA H200");
        facts.commandLine = {QStringLiteral("kix"), QStringLiteral("run")};
        facts.startedAt = QDateTime(QDate(2026, 12, 2), QTime(15, 38, 24), Qt::UTC);
        const kix::SignOutcome out =
            kix::signWrittenResources({manifest, implementation}, rerunPredicate(facts), key);
        if (out.envelopeFile.isEmpty())
            qFatal("signing failed: %s", qPrintable(out.error));
        envelope = out.envelopeFile;
    }
    nlohmann::json envelopeJson() const {
        return nlohmann::json::parse(kixtest::readAll(envelope).toStdString());
    }
    void rewriteEnvelope(const nlohmann::json& j) const {
        writeFile(envelope, QByteArray::fromStdString(j.dump()) + '\n');
    }
};

QByteArray fromHex(const char* hex) {
    return QByteArray::fromHex(QByteArray(hex));
}

} // namespace

class TestSigning : public QObject {
    Q_OBJECT
private slots:
    void preAuthEncodingMatchesTheSpecVector() {
        // DSSE protocol.md, "Test Vectors".
        QCOMPARE(kix::preAuthEncoding("http://example.com/HelloWorld", "hello world"),
                 QByteArray("DSSEv1 29 http://example.com/HelloWorld 11 hello world"));
        QCOMPARE(kix::preAuthEncoding("", ""), QByteArray("DSSEv1 0  0 "));
        // LEN counts bytes: "µ" is two.
        QCOMPARE(kix::preAuthEncoding("t", "µ"), QByteArray("DSSEv1 1 t 2 µ"));
    }

    void ed25519MatchesRfc8032() {
        // RFC 8032 section 7.1, TEST 1 (empty message) and TEST 2 (one byte 0x72); PKCS#8 wraps the seed.
        const QByteArray seed = fromHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
        const QByteArray der = fromHex("302e020100300506032b657004220420") + seed;
        const QByteArray pem =
            "-----BEGIN PRIVATE KEY-----\n" + der.toBase64() + "\n-----END PRIVATE KEY-----\n";
        QString error;
        const auto key = kix::SigningKey::fromPem(pem, error);
        QVERIFY2(key, qPrintable(error));
        QCOMPARE(key->publicKey().raw().toHex(),
                 QByteArray("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"));
        const QByteArray sig = key->sign({});
        QCOMPARE(sig.toHex(), QByteArray("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                                         "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"));
        QVERIFY(key->publicKey().verify({}, sig));
        QVERIFY(!key->publicKey().verify(QByteArray("\x72"), sig));
        // The fingerprint is sha256 of the 32 raw public-key bytes.
        QCOMPARE(
            key->fingerprint(),
            QStringLiteral("sha256:") +
                QString::fromLatin1(
                    QCryptographicHash::hash(key->publicKey().raw(), QCryptographicHash::Sha256).toHex()));
    }

    void signatureRejectsWrongLengthsAndKeys() {
        const auto a = newKey(), b = newKey();
        const QByteArray sig = a.sign("m");
        QCOMPARE(sig.size(), 64);
        QVERIFY(a.publicKey().verify("m", sig));
        QVERIFY(!b.publicKey().verify("m", sig));
        QVERIFY(!a.publicKey().verify("m", sig.left(63)));
        QVERIFY(!kix::PublicKey::fromRaw(QByteArray(31, 'x')));
    }

    void statementRoundTrip() {
        kix::Statement st;
        st.subjects = {{QStringLiteral("a.json"), QString(64, u'a')}};
        st.predicateType = QString::fromLatin1(kix::kRerunPredicateType);
        st.predicate = {{"gpu", "NVIDIA H200"}};
        const nlohmann::json j = kix::statementJson(st);
        QCOMPARE(QString::fromStdString(j["_type"].get<std::string>()),
                 QStringLiteral("https://in-toto.io/Statement/v1"));
        QCOMPARE(QString::fromStdString(j["subject"][0]["digest"]["sha256"].get<std::string>()),
                 QString(64, u'a'));
        const kix::StatementRead back = kix::readStatement(j);
        QVERIFY(back.statement);
        QCOMPARE(back.statement->subjects.first().name, QStringLiteral("a.json"));
        QVERIFY(back.statement->predicate == st.predicate);
    }

    void statementErrors_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("error");
        const QByteArray hex(64, 'a');
        QTest::newRow("not an object") << QByteArray("[]") << ""
                                       << "an in-toto statement must be a JSON object";
        QTest::newRow("old type") << QByteArray("{\"_type\":\"https://in-toto.io/Statement/v0.1\"}")
                                  << "_type"
                                  << "must be \"https://in-toto.io/Statement/v1\"";
        QTest::newRow("no subject") << QByteArray(
                                           "{\"_type\":\"https://in-toto.io/Statement/v1\",\"subject\":[]}")
                                    << "subject"
                                    << "must be a non-empty array of {name, digest} objects";
        QTest::newRow("folder in name")
            << QByteArray("{\"_type\":\"https://in-toto.io/Statement/v1\",\"subject\":[{\"name\":\"../"
                          "x\",\"digest\":{\"sha256\":\"" +
                          hex + "\"}}],\"predicateType\":\"t\"}")
            << "subject[0].name"
            << "must be a file name beside the envelope, without folders";
        QTest::newRow("short digest")
            << QByteArray("{\"_type\":\"https://in-toto.io/Statement/"
                          "v1\",\"subject\":[{\"name\":\"x\",\"digest\":{\"sha256\":\"ab\"}}]}")
            << "subject[0].digest.sha256"
            << "must be 64 lowercase hex digits";
        QTest::newRow("no predicateType")
            << QByteArray("{\"_type\":\"https://in-toto.io/Statement/"
                          "v1\",\"subject\":[{\"name\":\"x\",\"digest\":{\"sha256\":\"" +
                          hex + "\"}}]}")
            << "predicateType"
            << "missing or not a string";
    }
    void statementErrors() {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QFETCH(QString, error);
        const kix::StatementRead r = kix::readStatement(nlohmann::json::parse(json.toStdString()));
        QVERIFY(!r.statement);
        QCOMPARE(r.path, path);
        QCOMPARE(r.error, error);
    }

    void signAndVerifyTrusted() {
        const Signed s;
        QCOMPARE(s.envelope, s.manifest + QStringLiteral(".intoto.jsonl"));
        const auto env = s.envelopeJson();
        QCOMPARE(QString::fromStdString(env["payloadType"].get<std::string>()),
                 QStringLiteral("application/vnd.in-toto+json"));
        QCOMPARE(QString::fromStdString(env["signatures"][0]["keyid"].get<std::string>()),
                 s.key.fingerprint());
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, trusting(s.key));
        QCOMPARE(checks.size(), 1);
        const kix::SignatureCheck& c = checks.first();
        QCOMPARE(c.state, SignatureState::Trusted);
        QCOMPARE(c.summary, QStringLiteral("signed by %1 (trusted)").arg(s.key.fingerprint()));
        QCOMPARE(c.detail, QStringLiteral("the signature verifies with a key in the trust store, and every "
                                          "subject's sha256 matches its file"));
        QCOMPARE(c.signerLabel, QStringLiteral("alice"));
        QCOMPARE(c.line, 1);
        QCOMPARE(c.subjects, (QStringList{QStringLiteral("run.manifest.json"), QStringLiteral("impl.json")}));
        QCOMPARE(c.predicateType, QStringLiteral("urn:kix:predicate:local-rerun:v1"));
        QCOMPARE(QString::fromStdString(c.predicate["gpu"].get<std::string>()),
                 QStringLiteral("NVIDIA H200"));
        QCOMPARE(QString::fromStdString(c.predicate["startedAt"].get<std::string>()),
                 QStringLiteral("2026-12-02T15:38:24.000Z"));
        // The statement's subjects carry the files' sha256.
        const auto payload = kix::decodeBase64(QString::fromStdString(env["payload"].get<std::string>()));
        QVERIFY(payload);
        const auto statement = nlohmann::json::parse(payload->toStdString());
        QCOMPARE(
            QString::fromStdString(statement["subject"][0]["digest"]["sha256"].get<std::string>()),
            QString::fromLatin1(
                QCryptographicHash::hash(kixtest::readAll(s.manifest), QCryptographicHash::Sha256).toHex()));
    }

    void tamperOneByteOfTheManifest() {
        const Signed s;
        const QByteArray original = kixtest::readAll(s.manifest);
        QByteArray bytes = original;
        const qsizetype at = bytes.indexOf("45344");
        QVERIFY(at > 0);
        bytes[at] = '3'; // 45344 ns → 35344 ns: one byte
        writeFile(s.manifest, bytes);
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, trusting(s.key));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::SubjectMismatch);
        QCOMPARE(checks.first().summary, QStringLiteral("subject digest does not match"));
        const QString was =
            QString::fromLatin1(QCryptographicHash::hash(original, QCryptographicHash::Sha256).toHex());
        const QString now =
            QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
        QCOMPARE(checks.first().detail,
                 QStringLiteral("run.manifest.json: the statement records sha256:%1…, the file now hashes to "
                                "sha256:%2… (edited after signing)")
                     .arg(was.left(12), now.left(12)));
        QVERIFY(checks.first().predicate.is_null()); // facts of a broken envelope are not offered as signed
    }

    void missingSubjectFile() {
        const Signed s;
        QVERIFY(QFile::remove(s.implementation));
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, trusting(s.key));
        QCOMPARE(checks.first().state, SignatureState::SubjectMismatch);
        QCOMPARE(checks.first().detail, QStringLiteral("impl.json: named in the statement but missing"));
    }

    void tamperOneByteOfTheEnvelope() {
        const Signed s;
        QByteArray bytes = kixtest::readAll(s.envelope);
        // Change one base64 character of the payload to another valid one: the payload decodes, but differs.
        const qsizetype at = bytes.indexOf("\"payload\":\"") + 11 + 40;
        bytes[at] = bytes[at] == 'A' ? 'B' : 'A';
        writeFile(s.envelope, bytes);
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, trusting(s.key));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::SignatureInvalid);
        QCOMPARE(checks.first().summary, QStringLiteral("signature invalid"));
        QCOMPARE(
            checks.first().detail,
            QStringLiteral("the signature by %1 does not verify over the envelope's payload: the envelope "
                           "was changed after signing, or the signature is not this key's")
                .arg(s.key.fingerprint()));
    }

    void tamperThePayloadTypeOrSignature() {
        const Signed s;
        auto env = s.envelopeJson();
        auto sig = kix::decodeBase64(QString::fromStdString(env["signatures"][0]["sig"].get<std::string>()));
        (*sig)[0] = char((*sig)[0] ^ 1);
        env["signatures"][0]["sig"] = sig->toBase64().toStdString();
        s.rewriteEnvelope(env);
        QCOMPARE(kix::verifyEnvelopesBeside(s.manifest, trusting(s.key)).first().state,
                 SignatureState::SignatureInvalid);
    }

    void wrongKey() {
        // Signed by A, but the signature claims to be B's (whom the user trusts).
        const Signed s;
        const kix::SigningKey b = newKey();
        auto env = s.envelopeJson();
        env["signatures"][0]["keyid"] = b.fingerprint().toStdString();
        env["signatures"][0]["publicKey"] = b.publicKey().raw().toBase64().toStdString();
        s.rewriteEnvelope(env);
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, trusting(b, QStringLiteral("bob")));
        QCOMPARE(checks.first().state, SignatureState::SignatureInvalid);
        QCOMPARE(
            checks.first().detail,
            QStringLiteral("the signature by %1 does not verify over the envelope's payload: the envelope "
                           "was changed after signing, or the signature is not this key's")
                .arg(b.fingerprint()));
    }

    void carriedKeyThatIsNotTheKeyid() {
        const Signed s;
        const kix::SigningKey b = newKey();
        auto env = s.envelopeJson();
        env["signatures"][0]["publicKey"] = b.publicKey().raw().toBase64().toStdString();
        s.rewriteEnvelope(env);
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, kix::TrustStore());
        QCOMPARE(checks.first().state, SignatureState::SignatureInvalid);
        QCOMPARE(
            checks.first().detail,
            QStringLiteral("the public key the signature carries (%1) is not the key its keyid names (%2)")
                .arg(b.fingerprint(), s.key.fingerprint()));
    }

    void untrustedKey() {
        const Signed s;
        const auto checks =
            kix::verifyEnvelopesBeside(s.manifest, trusting(newKey(), QStringLiteral("carol")));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::UnknownKey);
        QCOMPARE(checks.first().summary, QStringLiteral("signed by an unknown key"));
        QCOMPARE(
            checks.first().detail,
            QStringLiteral("%1: the signature verifies with the public key it carries, but that key is not "
                           "in the trust store (kix key trust FILE adds it)")
                .arg(s.key.fingerprint()));
        QVERIFY(checks.first().predicate.is_null());
    }

    void untrustedKeyWithoutCarriedKey() {
        const Signed s;
        auto env = s.envelopeJson();
        env["signatures"][0].erase("publicKey");
        s.rewriteEnvelope(env);
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, kix::TrustStore());
        QCOMPARE(checks.first().state, SignatureState::UnknownKey);
        QCOMPARE(checks.first().detail,
                 QStringLiteral("%1: the key is not in the trust store and the signature "
                                "carries no public key, so it cannot be checked")
                     .arg(s.key.fingerprint()));
        // The same envelope with the key trusted verifies through the store's key.
        QCOMPARE(kix::verifyEnvelopesBeside(s.manifest, trusting(s.key)).first().state,
                 SignatureState::Trusted);
    }

    void aSignatureDoesNotHideAnEditEvenWhenUncheckable() {
        const Signed s;
        auto env = s.envelopeJson();
        env["signatures"][0].erase("publicKey");
        s.rewriteEnvelope(env);
        writeFile(s.implementation, "{}\n");
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, kix::TrustStore());
        QCOMPARE(checks.first().state, SignatureState::SubjectMismatch);
        QVERIFY(checks.first().detail.endsWith(
            QStringLiteral(" (signature not checked: no public key for %1)").arg(s.key.fingerprint())));
    }

    void truncatedEnvelope() {
        const Signed s;
        const QByteArray bytes = kixtest::readAll(s.envelope);
        // Cut right after the payloadType member: what a write interrupted there leaves.
        const QByteArray cut = bytes.left(bytes.indexOf("\"signatures\""));
        writeFile(s.envelope, cut);
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, trusting(s.key));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::Malformed);
        QCOMPARE(checks.first().summary, QStringLiteral("malformed envelope"));
        QCOMPARE(checks.first().detail,
                 QStringLiteral(
                     "line 1: not valid JSON (line 1, column %1): syntax error while parsing object key - "
                     "unexpected end of input; expected string literal (a truncated or edited envelope?)")
                     .arg(cut.size() + 1));
    }

    void malformedEnvelopes_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("detail");
        QTest::newRow("empty file") << QByteArray("\n\n") << "the file holds no envelope (it is empty)";
        QTest::newRow("array") << QByteArray("[]") << "line 1: a DSSE envelope must be a JSON object";
        QTest::newRow("no payload") << QByteArray("{\"payloadType\":\"x\",\"signatures\":[{\"sig\":\"\"}]}")
                                    << "line 1: payload: missing: the base64 of the signed payload";
        QTest::newRow("bad base64")
            << QByteArray("{\"payload\":\"%%%\",\"payloadType\":\"x\",\"signatures\":[{\"sig\":\"\"}]}")
            << "line 1: payload: is not valid base64";
        QTest::newRow("no signatures")
            << QByteArray("{\"payload\":\"\",\"payloadType\":\"x\",\"signatures\":[]}")
            << "line 1: signatures: must be a non-empty array of {keyid, sig} objects";
        QTest::newRow("sig not string")
            << QByteArray("{\"payload\":\"\",\"payloadType\":\"x\",\"signatures\":[{\"sig\":1}]}")
            << "line 1: signatures[0].sig: missing or not a string";
        QTest::newRow("short public key")
            << QByteArray("{\"payload\":\"\",\"payloadType\":\"x\",\"signatures\":[{\"sig\":\"\","
                          "\"publicKey\":\"AAAA\"}]}")
            << "line 1: signatures[0].publicKey: must be the base64 of a 32-byte Ed25519 public key";
        QTest::newRow("other payload type")
            << QByteArray("{\"payload\":\"\",\"payloadType\":\"text/plain\",\"signatures\":[{\"sig\":\"\"}]}")
            << "line 1: payloadType: expected \"application/vnd.in-toto+json\", an in-toto statement";
        QTest::newRow("payload not a statement")
            << QByteArray("{\"payload\":\"e30=\",\"payloadType\":\"application/"
                          "vnd.in-toto+json\",\"signatures\":[{\"sig\":\"\"}]}")
            << "statement _type: must be \"https://in-toto.io/Statement/v1\"";
        QTest::newRow("payload not json") << QByteArray("{\"payload\":\"eA==\",\"payloadType\":\"application/"
                                                        "vnd.in-toto+json\",\"signatures\":[{\"sig\":\"\"}]}")
                                          << "the payload is not a JSON in-toto statement: not valid JSON "
                                             "(line 1, column 1): syntax error while "
                                             "parsing value - invalid literal; last read: 'x'";
    }
    void malformedEnvelopes() {
        QFETCH(QByteArray, line);
        QFETCH(QString, detail);
        QTemporaryDir dir;
        const QString manifest = dir.filePath(QStringLiteral("m.json"));
        writeFile(manifest, "{}");
        writeFile(manifest + QStringLiteral(".intoto.jsonl"), line);
        const auto checks = kix::verifyEnvelopesBeside(manifest, kix::TrustStore());
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::Malformed);
        QCOMPARE(checks.first().detail, detail);
    }

    void envelopesBesideAreFoundByTheirSubjects() {
        const Signed s;
        // Another envelope in the folder that names the manifest is checked too; one about other files is
        // not.
        QVERIFY(QFile::rename(s.envelope, s.dir.filePath(QStringLiteral("batch.intoto.jsonl"))));
        const QString other = s.dir.filePath(QStringLiteral("other.json"));
        writeFile(other, "{}");
        QVERIFY(!kix::signWrittenResources({other}, {}, s.key).envelopeFile.isEmpty());
        const auto checks = kix::verifyEnvelopesBeside(s.manifest, trusting(s.key));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().envelopeFile, s.dir.filePath(QStringLiteral("batch.intoto.jsonl")));
        QCOMPARE(checks.first().state, SignatureState::Trusted);
        QVERIFY(kix::verifyEnvelopesBeside(s.dir.filePath(QStringLiteral("nothing.json")), trusting(s.key))
                    .isEmpty());
    }

    void twoLinesAreTwoEnvelopes() {
        const Signed s;
        const kix::SigningKey b = newKey();
        QByteArray bytes = kixtest::readAll(s.envelope);
        const QString manifestB = s.dir.filePath(QStringLiteral("b.json"));
        QFile::copy(s.manifest, manifestB);
        const auto second = kix::signWrittenResources({s.manifest}, {}, b);
        QVERIFY(second.envelopeFile.isEmpty()); // an envelope is never replaced
        QCOMPARE(second.error,
                 QStringLiteral("%1.intoto.jsonl: already exists; kix never replaces an envelope")
                     .arg(s.manifest));
        const auto forB = kix::signWrittenResources({manifestB}, {}, b);
        bytes += kixtest::readAll(forB.envelopeFile);
        writeFile(s.envelope, bytes);
        const auto checks = kix::verifyEnvelopeFile(s.envelope, trusting(s.key));
        QCOMPARE(checks.size(), 2);
        QCOMPARE(checks.at(0).state, SignatureState::Trusted);
        QCOMPARE(checks.at(1).state, SignatureState::UnknownKey);
        QCOMPARE(checks.at(1).line, 2);
    }

    void signingRefusesFilesInTwoFolders() {
        QTemporaryDir a, b;
        writeFile(a.filePath(QStringLiteral("x.json")), "{}");
        writeFile(b.filePath(QStringLiteral("y.json")), "{}");
        const auto out = kix::signWrittenResources(
            {a.filePath(QStringLiteral("x.json")), b.filePath(QStringLiteral("y.json"))}, {}, newKey());
        QVERIFY(out.envelopeFile.isEmpty());
        QCOMPARE(out.error, QStringLiteral("%1: not in %2; every signed file must lie beside the envelope")
                                .arg(b.filePath(QStringLiteral("y.json")), a.path()));
        QCOMPARE(kix::signWrittenResources({}, {}, newKey()).error,
                 QStringLiteral("nothing to sign: no files were given"));
        QCOMPARE(kix::signWrittenResources({a.filePath(QStringLiteral("none.json"))}, {}, newKey()).error,
                 QStringLiteral("%1: missing").arg(a.filePath(QStringLiteral("none.json"))));
    }

    void urlSafeBase64IsAccepted() {
        QCOMPARE(kix::decodeBase64(QStringLiteral("-_8=")).value_or("none"), QByteArray("\xfb\xff", 2));
        QCOMPARE(kix::decodeBase64(QStringLiteral("+/8=")).value_or("none"), QByteArray("\xfb\xff", 2));
        QCOMPARE(kix::decodeBase64(QStringLiteral("-_8")).value_or("none"), QByteArray("\xfb\xff", 2));
        QVERIFY(!kix::decodeBase64(QStringLiteral("a b=")));
        QVERIFY(!kix::decodeBase64(QStringLiteral("µµ")));
    }
};

KIX_TEST_GUILESS_MAIN(TestSigning)
#include "tst_signing.moc"
