// `kix key`: the user's signing key (show), the local trust store (trust, list) and the check of
// the signed envelopes beside manifests (verify). See docs/trust.md.
#include "CommandSupport.h"
#include "KeyStore.h"
#include "Signing.h"
#include "TextSanitizer.h"
#include "TrustSupport.h"

#include <QFile>
#include <QFileInfo>

namespace kix::cli {

namespace {

// A PEM public key is a few hundred bytes; a file far larger is not one.
constexpr qint64 kMaxPublicKeyFileBytes = qint64{64} * 1024;

void keyUsage(QTextStream& s) {
    s << "Usage: kix key SUBCOMMAND [options]   (kix key SUBCOMMAND --help for each)\n\n"
         "  show                 this user's public key and fingerprint (the key is created on first use)\n"
         "  trust FILE           add someone's public key (PEM) to the local trust store\n"
         "  list                 the trusted keys\n"
         "  verify MANIFEST...   check the signed envelopes beside manifests\n";
    s << "\n" << protocol::exitStatusHelp(protocol::UsedByKey | protocol::UsedByKeyVerify);
}

int showKey(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Print this user's public signing key (PEM) and its fingerprint, sha256 of the raw 32-byte Ed25519 "
        "public key. The key is created on first use, private to its owner; it is never printed."));
    addExitStatuses(parser, protocol::UsedByKey);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("key show"), args, io, 0, 0, code))
        return code;
    const KeyStore store(KeyStore::defaultConfigDirectory());
    QString error;
    bool created = false;
    const auto key = store.signingKey(error, &created);
    if (!key) {
        io.err << "kix key show: " << terminalLine(error) << "\n";
        return ExitInput;
    }
    if (created)
        io.err << "kix key: created a new signing key in " << terminalLine(store.keyFile()) << "\n";
    const PublicKey pub = key->publicKey();
    if (parser.isSet(QStringLiteral("json"))) {
        writeJson({{"fingerprint", pub.fingerprint().toStdString()},
                   {"publicKey", pub.pem().toStdString()},
                   {"publicKeyRaw", pub.raw().toBase64().toStdString()},
                   {"keyFile", store.keyFile().toStdString()},
                   {"created", created}},
                  io);
        return ExitOk;
    }
    io.out << QString::fromLatin1(pub.pem());
    io.out << "fingerprint  " << pub.fingerprint() << "\n";
    io.out << "key file     " << terminalLine(store.keyFile()) << " (private to its owner; never printed)\n";
    return ExitOk;
}

int trustKey(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Add a public key to the local trust store, so that reruns it signed count as trusted. FILE holds a "
        "PEM public key, such as what `kix key show` prints on the other machine."));
    addExitStatuses(parser, protocol::UsedByKey);
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The public key."),
                                 QStringLiteral("FILE"));
    parser.addOption({QStringLiteral("label"), QStringLiteral("Whose key it is, shown with its signatures."),
                      QStringLiteral("TEXT")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("key trust"), args, io, 1, 1, code))
        return code;
    const QString file = parser.positionalArguments().constFirst();
    QFile f(file);
    const QFileInfo info(file);
    if (!info.exists() || !info.isFile() || info.size() > kMaxPublicKeyFileBytes ||
        !f.open(QIODevice::ReadOnly)) {
        io.err << "kix key trust: " << terminalLine(file) << ": "
               << (!info.exists()   ? QStringLiteral("no such file")
                   : !info.isFile() ? QStringLiteral("not a regular file")
                   : info.size() > kMaxPublicKeyFileBytes
                       ? QStringLiteral("larger than 64 KiB, which no public key is")
                       : terminalLine(f.errorString()))
               << "\n";
        return ExitInput;
    }
    QString error;
    const auto key = PublicKey::fromPem(f.readAll(), error);
    if (!key) {
        io.err << "kix key trust: " << terminalLine(file) << ": " << terminalLine(error) << "\n"; // PEM text
        return ExitInput;
    }
    const KeyStore store(KeyStore::defaultConfigDirectory());
    QString ownError;
    if (const auto own = store.existingSigningKey(ownError); own && own->publicKey() == *key) {
        io.out << "this user's own key " << key->fingerprint() << " is trusted already\n";
        return ExitOk;
    }
    bool already = false;
    if (!store.trust(*key, parser.value(QStringLiteral("label")), error, already)) {
        io.err << "kix key trust: " << terminalLine(error) << "\n";
        return ExitInput;
    }
    io.out << (already ? "already trusted " : "trusted ") << key->fingerprint() << "\n";
    return ExitOk;
}

int listKeys(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List the keys whose signatures count as trusted."));
    addExitStatuses(parser, protocol::UsedByKey);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("key list"), args, io, 0, 0, code))
        return code;
    QString error;
    const auto trust = KeyStore(KeyStore::defaultConfigDirectory()).trustStore(error);
    if (!trust) {
        io.err << "kix key list: " << terminalLine(error) << "\n";
        return ExitInput;
    }
    Json report = Json::array();
    for (const TrustedKey& k : trust->keys()) {
        report.push_back({{"fingerprint", k.key.fingerprint().toStdString()},
                          {"label", k.label.toStdString()},
                          {"addedAt", k.addedAt.toStdString()},
                          {"own", k.own}});
        if (!parser.isSet(QStringLiteral("json")))
            io.out << k.key.fingerprint() << "  " << terminalLine(k.label)
                   << (k.addedAt.isEmpty() ? QString()
                                           : QStringLiteral("  (added %1)").arg(terminalLine(k.addedAt)))
                   << "\n";
    }
    if (parser.isSet(QStringLiteral("json")))
        writeJson(report, io);
    else if (trust->keys().isEmpty())
        io.out << "no trusted keys (kix key trust FILE adds one; this user's key appears once it exists)\n";
    return ExitOk;
}

int verifySigned(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Check every signed envelope (<manifest>.intoto.jsonl, or another *.intoto.jsonl naming it) beside "
        "each manifest."));
    addExitStatuses(parser, protocol::UsedByKeyVerify,
                    QStringLiteral("with several manifests, the worst (9 > 8 > 10 > 3 > 7 > 11 > 0)"));
    parser.addPositionalArgument(QStringLiteral("manifests"), QStringLiteral("Manifests to check."),
                                 QStringLiteral("MANIFEST..."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("key verify"), args, io, 1, -1, code))
        return code;
    QString error;
    const auto trust = KeyStore(KeyStore::defaultConfigDirectory()).trustStore(error);
    if (!trust) {
        io.err << "kix key verify: " << terminalLine(error) << "\n";
        return ExitInput;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    Json report = Json::array();
    int worst = ExitOk;
    for (const QString& manifest : parser.positionalArguments()) {
        const QFileInfo info(manifest);
        if (!info.isFile()) {
            io.err << terminalLine(manifest) << ": "
                   << (info.exists() ? "not a regular file" : "no such file") << "\n";
            worst = worseExit(worst, ExitInput);
            continue;
        }
        const QList<SignatureCheck> checks = verifyEnvelopesBeside(manifest, *trust);
        const int exit = signatureExit(checks, ExitNotSigned);
        worst = worseExit(worst, exit);
        if (json) {
            Json envelopes = Json::array();
            for (const SignatureCheck& c : checks)
                envelopes.push_back({{"envelope", c.envelopeFile.toStdString()},
                                     {"line", c.line},
                                     {"state", signatureStateName(c.state).toStdString()},
                                     {"summary", c.summary.toStdString()},
                                     {"detail", c.detail.toStdString()},
                                     {"fingerprint", c.fingerprint.toStdString()},
                                     {"signer", c.signerLabel.toStdString()},
                                     {"predicateType", c.predicateType.toStdString()},
                                     {"predicate", c.predicate}});
            report.push_back(
                {{"file", manifest.toStdString()}, {"exitStatus", exit}, {"envelopes", envelopes}});
            continue;
        }
        if (checks.isEmpty()) {
            io.out << terminalLine(manifest) << ": not signed (no envelope beside it)\n";
            continue;
        }
        io.out << terminalLine(manifest) << "\n";
        for (const SignatureCheck& c : checks)
            printSignatureCheck(c, QStringLiteral("  "), io);
    }
    if (json)
        writeJson(report, io);
    return worst;
}

} // namespace

int keyCommand(const QStringList& args, Io io) {
    const QString sub = args.value(0);
    if (sub.isEmpty()) {
        keyUsage(io.err);
        return ExitUsage;
    }
    if (sub == QLatin1String("-h") || sub == QLatin1String("--help") || sub == QLatin1String("help")) {
        keyUsage(io.out);
        return ExitOk;
    }
    const QStringList rest = args.mid(1);
    if (sub == QLatin1String("show"))
        return showKey(rest, io);
    if (sub == QLatin1String("trust"))
        return trustKey(rest, io);
    if (sub == QLatin1String("list"))
        return listKeys(rest, io);
    if (sub == QLatin1String("verify"))
        return verifySigned(rest, io);
    io.err << "kix key: unknown subcommand \"" << terminalLine(sub) << "\"\n\n";
    keyUsage(io.err);
    return ExitUsage;
}

} // namespace kix::cli
