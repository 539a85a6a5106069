#include "Signing.h"

#include "Canonical.h"
#include "EnvelopeLimits.h"
#include "FileHashes.h"
#include "JsonReader.h"
#include "SetReference.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>

namespace kix {

namespace {

// Lowercase hex SHA-256 of a file kix is about to sign, streamed; empty with `error` set when it cannot be
// read.
QString fileSha256(const QString& path, QString& error) {
    const QFileInfo info(path);
    FileHashes hashes;
    const FileHashes::Hash& h = hashes.of(info.absolutePath(), info.fileName());
    error = h.error;
    return h.hex;
}

QString shortHex(const QString& hex) {
    return hex.left(12) + QStringLiteral("…");
}

std::optional<QString> readSmallFile(const QString& path, QByteArray& bytes) {
    const QFileInfo info(path);
    // The envelope beside a manifest is a file of its folder like any it names (a link out is refused).
    if (const SetReference ref = resolveSetReference(info.absolutePath(), info.fileName()); ref.refusal)
        return *ref.refusal;
    if (!info.exists())
        return QStringLiteral("no such file");
    if (!info.isFile())
        return QStringLiteral("not a regular file");
    if (info.size() > kMaxEnvelopeFileBytes)
        return QStringLiteral("%1 bytes, over the %2-byte limit for an envelope file")
            .arg(info.size())
            .arg(kMaxEnvelopeFileBytes);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot be read: %1").arg(f.errorString());
    bytes = f.read(kMaxEnvelopeFileBytes + 1);
    return std::nullopt;
}

SignatureCheck malformed(const QString& file, int line, const QString& detail) {
    SignatureCheck c;
    c.envelopeFile = file;
    c.line = line;
    c.state = SignatureState::Malformed;
    c.summary = signatureStateName(SignatureState::Malformed);
    c.detail = detail;
    return c;
}

// The statement inside an envelope, read without any trust (for deciding which envelopes concern a file,
// and after the signature verified).
StatementRead statementOf(const DsseEnvelope& e, const QString& source) {
    const JsonReadResult read = parseJson(e.payload, source);
    if (!read.value) {
        StatementRead r;
        r.error = QStringLiteral("the payload is not a JSON in-toto statement: %1").arg(read.error.message);
        return r;
    }
    return readStatement(*read.value);
}

// Every subject whose file beside the envelope is missing or no longer hashes to its recorded sha256.
QStringList subjectMismatches(const Statement& statement, const QString& dir, FileHashes& hashes) {
    QStringList mismatches;
    for (const Subject& s : statement.subjects) {
        const FileHashes::Hash& h = hashes.of(dir, s.name);
        const QString& now = h.hex;
        if (now.isEmpty())
            mismatches << QStringLiteral("%1: named in the statement but %2").arg(s.name, h.error);
        else if (now != s.sha256)
            mismatches << QStringLiteral(
                              "%1: the statement records sha256:%2, the file now hashes to sha256:%3 "
                              "(edited after signing)")
                              .arg(s.name, shortHex(s.sha256), shortHex(now));
    }
    return mismatches;
}

// "a.json, b.json and 998 more": the subjects an envelope names, bounded for a message.
QString subjectList(const QStringList& names) {
    constexpr qsizetype shown = 3;
    if (names.size() <= shown)
        return names.join(QStringLiteral(", "));
    return QStringLiteral("%1 and %2 more")
        .arg(names.mid(0, shown).join(QStringLiteral(", ")))
        .arg(names.size() - shown);
}

// What decides which file a check is about and how its subjects are hashed.
struct CheckContext {
    const TrustStore& trust;
    QString boundTo; // the file name the envelope must name as a subject (the manifest asked about)
    FileHashes& hashes;
};

// Binding (issue 40): an envelope copied beside another file must not vouch for it. The file asked about
// must be a subject by name (its sha256 is then compared with the rest); else `c` says so.
bool bindsTo(SignatureCheck& c, const QString& boundTo) {
    if (boundTo.isEmpty() || c.subjects.contains(boundTo))
        return true;
    c.state = SignatureState::SubjectMismatch;
    c.summary = QStringLiteral("the envelope does not name this file");
    c.detail = QStringLiteral("%1 is not a subject of the envelope's statement, which names %2: the envelope "
                              "signs other files and says nothing about this one")
                   .arg(boundTo, subjectList(c.subjects));
    return false;
}

// Step 3 of Signing.h: the binding, then every subject's file; else `c` says which failed and how.
bool subjectsHold(SignatureCheck& c, const Statement& statement, const CheckContext& context, bool verified) {
    if (!bindsTo(c, context.boundTo))
        return false;
    const QStringList mismatches =
        subjectMismatches(statement, QFileInfo(c.envelopeFile).absolutePath(), context.hashes);
    if (mismatches.isEmpty())
        return true;
    c.state = SignatureState::SubjectMismatch;
    c.summary = signatureStateName(c.state);
    c.detail = mismatches.join(QStringLiteral("; "));
    if (!verified)
        c.detail += QStringLiteral(" (signature not checked: no public key for %1)")
                        .arg(c.fingerprint.isEmpty() ? QStringLiteral("an empty keyid") : c.fingerprint);
    return false;
}

// Checks one signature of a well-formed envelope, in the order Signing.h gives.
SignatureCheck checkSignature(const DsseEnvelope& e, const DsseSignature& sig, const QString& file, int line,
                              const CheckContext& context) {
    const TrustStore& trust = context.trust;
    SignatureCheck c;
    c.envelopeFile = file;
    c.line = line;
    const TrustedKey* trusted = sig.keyid.isEmpty() ? nullptr : trust.find(sig.keyid);
    std::optional<PublicKey> key;
    if (trusted) {
        key = trusted->key;
    } else if (!sig.publicKey.isEmpty()) {
        key = PublicKey::fromRaw(sig.publicKey);
        if (key && !sig.keyid.isEmpty() && key->fingerprint() != sig.keyid) {
            c.state = SignatureState::SignatureInvalid;
            c.fingerprint = sig.keyid;
            c.summary = signatureStateName(c.state);
            c.detail = QStringLiteral(
                           "the public key the signature carries (%1) is not the key its keyid names (%2)")
                           .arg(key->fingerprint(), sig.keyid);
            return c;
        }
        if (key)
            if (const TrustedKey* byKey = trust.find(key->fingerprint()))
                trusted = byKey;
    }
    c.fingerprint = key ? key->fingerprint() : sig.keyid;
    const bool verified = key && key->verify(preAuthEncoding(e.payloadType, e.payload), sig.sig);
    if (key && !verified) {
        c.state = SignatureState::SignatureInvalid;
        c.summary = signatureStateName(c.state);
        c.detail = QStringLiteral("the signature by %1 does not verify over the envelope's payload: the "
                                  "envelope was changed after signing, or the signature is not this key's")
                       .arg(c.fingerprint);
        return c;
    }
    const StatementRead st = statementOf(e, QStringLiteral("%1:%2: payload").arg(file).arg(line));
    if (!st.statement) {
        return malformed(file, line,
                         st.path.isEmpty() ? st.error
                                           : QStringLiteral("statement %1: %2").arg(st.path, st.error));
    }
    for (const Subject& s : st.statement->subjects)
        c.subjects << s.name;
    c.predicateType = st.statement->predicateType;
    if (!subjectsHold(c, *st.statement, context, verified))
        return c;
    if (trusted && verified) {
        c.state = SignatureState::Trusted;
        c.signerLabel = trusted->label;
        c.predicate = st.statement->predicate;
        c.summary = QStringLiteral("signed by %1 (trusted)").arg(c.fingerprint);
        c.detail = QStringLiteral("the signature verifies with a key in the trust store, and every subject's "
                                  "sha256 matches its file");
        return c;
    }
    c.state = SignatureState::UnknownKey;
    c.summary = QStringLiteral("signed by an unknown key");
    c.detail =
        verified ? QStringLiteral("%1: the signature verifies with the public key it carries, but that key "
                                  "is not in the trust store (kix key trust FILE adds it)")
                       .arg(c.fingerprint)
                 : QStringLiteral("%1: the key is not in the trust store and the signature carries no public "
                                  "key, so it cannot be checked")
                       .arg(c.fingerprint.isEmpty() ? QStringLiteral("(no keyid)") : c.fingerprint);
    return c;
}

struct EnvelopeLine {
    int number = 0;
    QByteArray bytes;
};

QList<EnvelopeLine> envelopeLines(const QByteArray& bytes) {
    QList<EnvelopeLine> lines;
    int number = 0;
    for (const QByteArray& l : bytes.split('\n')) {
        ++number;
        if (!l.trimmed().isEmpty())
            lines.append({number, l});
    }
    return lines;
}

QList<SignatureCheck> checkLine(const EnvelopeLine& l, const QString& file, const CheckContext& context) {
    const JsonReadResult read = parseJson(l.bytes, QStringLiteral("%1:%2").arg(file).arg(l.number));
    if (!read.value)
        return {malformed(file, l.number,
                          QStringLiteral("line %1: %2 (a truncated or edited envelope?)")
                              .arg(l.number)
                              .arg(read.error.path.isEmpty()
                                       ? read.error.message
                                       : QStringLiteral("%1: %2").arg(read.error.path, read.error.message)))};
    const EnvelopeRead env = readEnvelope(*read.value);
    if (!env.envelope)
        return {malformed(
            file, l.number,
            QStringLiteral("line %1: %2")
                .arg(l.number)
                .arg(env.path.isEmpty() ? env.error : QStringLiteral("%1: %2").arg(env.path, env.error)))};
    if (env.envelope->payloadType != kInTotoPayloadType)
        return {malformed(file, l.number,
                          QStringLiteral("line %1: payloadType: expected \"%2\", an in-toto statement")
                              .arg(l.number)
                              .arg(QString::fromLatin1(kInTotoPayloadType)))};
    QList<SignatureCheck> out;
    for (const DsseSignature& sig : env.envelope->signatures)
        out << checkSignature(*env.envelope, sig, file, l.number, context);
    return out;
}

QList<SignatureCheck> checkEnvelopeFile(const QString& envelopePath, const CheckContext& context) {
    QByteArray bytes;
    if (auto problem = readSmallFile(envelopePath, bytes))
        return {malformed(envelopePath, 0, *problem)};
    const QList<EnvelopeLine> lines = envelopeLines(bytes);
    if (lines.isEmpty())
        return {malformed(envelopePath, 0, QStringLiteral("the file holds no envelope (it is empty)"))};
    QList<SignatureCheck> out;
    for (const EnvelopeLine& l : lines)
        out << checkLine(l, envelopePath, context);
    return out;
}

} // namespace

QString signatureStateName(SignatureState state) {
    switch (state) {
    case SignatureState::Trusted:
        return QStringLiteral("trusted");
    case SignatureState::UnknownKey:
        return QStringLiteral("unknown key");
    case SignatureState::SignatureInvalid:
        return QStringLiteral("signature invalid");
    case SignatureState::SubjectMismatch:
        return QStringLiteral("subject digest does not match");
    case SignatureState::Malformed:
        return QStringLiteral("malformed envelope");
    }
    return {};
}

SignOutcome signWrittenResources(const QStringList& paths, const nlohmann::json& predicate,
                                 const SigningKey& key) {
    SignOutcome out;
    if (paths.isEmpty()) {
        out.error = QStringLiteral("nothing to sign: no files were given");
        return out;
    }
    const QFileInfo first(paths.first());
    const QString dir = first.absolutePath();
    Statement st;
    st.predicateType = QString::fromLatin1(kRerunPredicateType);
    st.predicate = predicate.is_object() ? predicate : nlohmann::json::object();
    for (const QString& p : paths) {
        const QFileInfo info(p);
        if (info.absolutePath() != dir) {
            out.error =
                QStringLiteral("%1: not in %2; every signed file must lie beside the envelope").arg(p, dir);
            return out;
        }
        QString why;
        const QString sha = fileSha256(p, why);
        if (sha.isEmpty()) {
            out.error = QStringLiteral("%1: %2").arg(p, why);
            return out;
        }
        st.subjects.append({info.fileName(), sha});
    }
    const QByteArray payload = QByteArray::fromStdString(canonicalJson(statementJson(st)));
    const DsseEnvelope envelope = signEnvelope(kInTotoPayloadType, payload, key);
    if (envelope.signatures.isEmpty() || envelope.signatures.first().sig.isEmpty()) {
        out.error = QStringLiteral("OpenSSL could not sign the statement");
        return out;
    }
    const QString target = first.absoluteFilePath() + QLatin1String(kEnvelopeSuffix);
    const QFileInfo targetInfo(target);
    if (targetInfo.exists() || targetInfo.isSymLink()) {
        out.error = QStringLiteral("%1: already exists; kix never replaces an envelope").arg(target);
        return out;
    }
    QSaveFile f(target);
    if (!f.open(QIODevice::WriteOnly)) {
        out.error = QStringLiteral("%1: cannot be written: %2").arg(target, f.errorString());
        return out;
    }
    f.write(QByteArray::fromStdString(envelopeJson(envelope).dump()) + '\n');
    if (!f.commit()) {
        out.error = QStringLiteral("%1: cannot be written: %2").arg(target, f.errorString());
        return out;
    }
    out.envelopeFile = target;
    return out;
}

QList<SignatureCheck> verifyEnvelopeFile(const QString& envelopePath, const TrustStore& trust,
                                         const QString& boundTo) {
    FileHashes hashes;
    return checkEnvelopeFile(envelopePath, {trust, boundTo, hashes});
}

QList<SignatureCheck> verifyEnvelopesBeside(const QString& manifestPath, const TrustStore& trust) {
    const QFileInfo manifest(manifestPath);
    const QString own = manifest.absoluteFilePath() + QLatin1String(kEnvelopeSuffix);
    QList<SignatureCheck> out;
    FileHashes hashes;
    const CheckContext context{trust, manifest.fileName(), hashes};
    if (QFileInfo(own).exists() || QFileInfo(own).isSymLink())
        out << checkEnvelopeFile(own, context);
    const QDir dir = manifest.absoluteDir();
    const QStringList others = dir.entryList({QStringLiteral("*") + QLatin1String(kEnvelopeSuffix)},
                                             QDir::Files | QDir::Hidden, QDir::Name);
    int examined = 0;
    for (const QString& name : others) {
        const QString path = dir.filePath(name);
        if (path == own || ++examined > kMaxEnvelopeFilesBeside)
            continue;
        QByteArray bytes;
        if (readSmallFile(path, bytes))
            continue; // not about this manifest as far as anyone can tell
        for (const EnvelopeLine& l : envelopeLines(bytes)) {
            const JsonReadResult read = parseJson(l.bytes, path);
            const EnvelopeRead env = read.value ? readEnvelope(*read.value) : EnvelopeRead{};
            if (!env.envelope)
                continue;
            const StatementRead st = statementOf(*env.envelope, path);
            if (!st.statement)
                continue;
            const bool concerns =
                std::any_of(st.statement->subjects.begin(), st.statement->subjects.end(),
                            [&](const Subject& s) { return s.name == manifest.fileName(); });
            if (concerns)
                out << checkLine(l, path, context);
        }
    }
    return out;
}

QList<EnvelopeIndex::EnvelopeFile>& EnvelopeIndex::folder(const QString& dirPath) {
    if (const auto it = m_folders.find(dirPath); it != m_folders.end())
        return *it;
    QList<EnvelopeFile> files;
    const QDir dir(dirPath);
    for (const QString& name : dir.entryList({QStringLiteral("*") + QLatin1String(kEnvelopeSuffix)},
                                             QDir::Files | QDir::Hidden, QDir::Name)) {
        EnvelopeFile f;
        f.path = dir.filePath(name);
        QByteArray bytes;
        if (readSmallFile(f.path, bytes))
            continue; // not about any manifest as far as anyone can tell (its own manifest rereads it)
        for (const EnvelopeLine& l : envelopeLines(bytes)) {
            Line line;
            line.bytes = l.bytes;
            line.number = l.number;
            const JsonReadResult read = parseJson(l.bytes, f.path);
            const EnvelopeRead env = read.value ? readEnvelope(*read.value) : EnvelopeRead{};
            if (env.envelope)
                if (const StatementRead st = statementOf(*env.envelope, f.path); st.statement)
                    for (const Subject& subject : st.statement->subjects)
                        line.concerns << subject.name;
            f.lines.append(line);
        }
        files.append(f);
    }
    return *m_folders.insert(dirPath, files);
}

QList<SignatureCheck> EnvelopeIndex::checksOf(const QString& envelopePath, Line& line,
                                              const QString& boundTo) {
    if (!line.checked) {
        // Every manifest that asks names this line's subjects, so the first one's check holds for all.
        line.checks = checkLine({line.number, line.bytes}, envelopePath, {m_trust, boundTo, m_hashes});
        line.checked = true;
    }
    return line.checks;
}

QList<SignatureCheck> EnvelopeIndex::beside(const QString& manifestPath) {
    const QFileInfo manifest(manifestPath);
    const QString own = manifest.absoluteFilePath() + QLatin1String(kEnvelopeSuffix);
    QList<SignatureCheck> out;
    // Its own envelope file is read whole (every line, malformed ones too), as verifyEnvelopesBeside does.
    if (QFileInfo(own).exists() || QFileInfo(own).isSymLink())
        out << checkEnvelopeFile(own, {m_trust, manifest.fileName(), m_hashes});
    int examined = 0;
    for (EnvelopeFile& f : folder(manifest.absolutePath())) {
        if (f.path == own || ++examined > kMaxEnvelopeFilesBeside)
            continue;
        for (Line& l : f.lines)
            if (l.concerns.contains(manifest.fileName()))
                out << checksOf(f.path, l, manifest.fileName());
    }
    return out;
}

} // namespace kix
