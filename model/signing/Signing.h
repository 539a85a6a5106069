// Signed reruns: what `kix run` wrote, named with its sha256 in an in-toto statement inside a DSSE
// envelope signed with the user's Ed25519 key; and the check of every envelope found beside a manifest.
//
// Envelope files are JSON Lines, one envelope per line, named "<file>.intoto.jsonl" after the first
// resource signed (the run manifest), in the same folder. Subjects are file names in that folder.
//
// Checking an envelope, in this order (DSSE: verify before trusting the payload; issue 10: a signature
// never upgrades a digest that does not verify):
//   1. the envelope and its statement must be well formed                 else Malformed
//   2. the signature must verify over PAE(payloadType, payload) with the key its keyid names
//      (from the trust store, else the public key the signature carries)  else SignatureInvalid
//   3. the manifest asked about must be one of the statement's subjects (binding), and every subject's
//      file must be a regular file of the envelope's folder (SetReference.h) and hash to its recorded
//      sha256, each file hashed once (FileHashes.h)                      else SubjectMismatch
//   4. the key must be in the trust store                                  else UnknownKey, else Trusted
// A signature whose key is neither trusted nor carried cannot be checked: it is UnknownKey at best.
#pragma once

#include "Dsse.h"
#include "FileHashes.h"
#include "FileSuffixes.h"
#include "InToto.h"
#include "KeyStore.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace kix {

struct SignOutcome {
    QString envelopeFile; // set on success
    QString error;        // set on failure; nothing was written then
};
// Hashes every file in `paths` (all in one folder; the first names the envelope) and writes the signed
// envelope beside them. `predicate` is the rerun's facts (rerunPredicate()). Refuses to replace an
// existing envelope file.
SignOutcome signWrittenResources(const QStringList& paths, const nlohmann::json& predicate,
                                 const SigningKey& key);

enum class SignatureState { Trusted, UnknownKey, SignatureInvalid, SubjectMismatch, Malformed };
// "trusted", "unknown key", "signature invalid", "subject digest mismatch", "malformed envelope"
QString signatureStateName(SignatureState state);

// Only nlohmann::json's destructor "may throw" here (it allocates a stack to free deep values); an
// allocation failure there ends the program, as it should in a destructor.
// NOLINTNEXTLINE(bugprone-exception-escape): json's destructor, as said above
struct SignatureCheck {
    QString envelopeFile;
    int line = 0; // 1-based line of the envelope in its file
    SignatureState state = SignatureState::Malformed;
    QString fingerprint; // the signer's key, when known
    QString signerLabel; // from the trust store, when trusted
    QString summary;     // "signed by sha256:… (trusted)", "signed by an unknown key", …
    QString detail;      // why, with the file, field or digest involved
    QStringList subjects;
    QString predicateType;    // as the statement says (untrusted unless the state is Trusted)
    nlohmann::json predicate; // the signed facts; null unless Trusted
};

// Every envelope beside `manifestPath` that concerns it: all lines of "<manifest>.intoto.jsonl", and
// lines of other *.intoto.jsonl files in its folder whose statement names the manifest's file.
QList<SignatureCheck> verifyEnvelopesBeside(const QString& manifestPath, const TrustStore& trust);
// Every line of one envelope file, each checked on its own. With `boundTo` (a file name in the envelope's
// folder), an envelope whose statement does not name that file is a SubjectMismatch ("the envelope does
// not name this file"): an envelope copied beside another file vouches for nothing there.
QList<SignatureCheck> verifyEnvelopeFile(const QString& envelopePath, const TrustStore& trust,
                                         const QString& boundTo = QString());

// The same checks as verifyEnvelopesBeside() for many manifests: each folder is listed once, each envelope
// file read once and each envelope line checked once, the first time a manifest it concerns asks (a folder
// of a thousand signed reruns would otherwise be reread for every one of them). Not thread-safe; results
// are as of the first look at a folder.
class EnvelopeIndex {
public:
    explicit EnvelopeIndex(TrustStore trust)
        : m_trust(std::move(trust)) {}
    QList<SignatureCheck> beside(const QString& manifestPath);
    const TrustStore& trust() const { return m_trust; }

private:
    struct Line {
        QByteArray bytes;
        int number = 0;
        QStringList concerns; // subject names, read without trust, to find the manifests it is about
        bool checked = false;
        QList<SignatureCheck> checks;
    };
    struct EnvelopeFile {
        QString path;
        QList<Line> lines;
    };
    QList<EnvelopeFile>& folder(const QString& dir);
    QList<SignatureCheck> checksOf(const QString& envelopePath, Line& line, const QString& boundTo);

    TrustStore m_trust;
    FileHashes m_hashes;
    QHash<QString, QList<EnvelopeFile>> m_folders;
};

} // namespace kix
