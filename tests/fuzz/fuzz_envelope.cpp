// libFuzzer target: the envelope reader (issue 40). The first byte picks what the rest is: '0' one
// envelope file as found beside a manifest (JSON Lines of DSSE envelopes), '1' the payload of one envelope
// (an in-toto statement, wrapped here in an envelope whose signature carries no key, so that its subjects,
// binding and hashing are reached). The files beside are fixed: the manifest, one subject file.
// Nothing may crash, hang or trip a sanitizer; every check says what and why, none is trusted (the trust
// store is empty and no key is carried), and a check that names a manifest it is not bound to is never
// better than a subject mismatch.
#include "EnvelopeFixtures.h"
#include "Signing.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cstddef>
#include <cstdint>

namespace {

struct Folder {
    QTemporaryDir dir;
    QString manifest = dir.filePath(QStringLiteral("m.json"));
    Folder() {
        QFile m(manifest);
        if (m.open(QIODevice::WriteOnly))
            m.write("{}\n");
        QFile s(dir.filePath(QStringLiteral("s.json")));
        if (s.open(QIODevice::WriteOnly))
            s.write("{\"kind\": \"ImplementationRevision\"}\n");
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Folder folder;
    if (size == 0)
        return 0;
    const QByteArray rest(reinterpret_cast<const char*>(data) + 1, qsizetype(size - 1));
    const QByteArray file = data[0] == '1' ? kixsign::unsignedEnvelopeLine(rest) : rest;
    {
        QFile f(folder.manifest + QStringLiteral(".intoto.jsonl"));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(file);
    }
    for (const kix::SignatureCheck& c : kix::verifyEnvelopesBeside(folder.manifest, kix::TrustStore())) {
        if (c.summary.isEmpty() || c.detail.isEmpty())
            __builtin_trap(); // every state says what and why
        if (c.state == kix::SignatureState::Trusted || !c.predicate.is_null())
            __builtin_trap(); // nothing is trusted without a trusted key
        if (c.state == kix::SignatureState::UnknownKey && !c.subjects.contains(QStringLiteral("m.json")))
            __builtin_trap(); // an envelope that does not name the manifest never passes its subjects check
    }
    return 0;
}
