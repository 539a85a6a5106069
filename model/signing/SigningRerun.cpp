#include "SigningRerun.h"

#include "JsonReader.h"
#include "kix_config.h"

#include <QCryptographicHash>
#include <QFile>

namespace kix {

namespace {

QString text(const Json& v, std::initializer_list<const char*> path) {
    const Json* cur = &v;
    for (const char* key : path) {
        if (!cur->is_object() || !cur->contains(key))
            return {};
        cur = &(*cur)[key];
    }
    return cur->is_string() ? QString::fromStdString(cur->get<std::string>()) : QString();
}

std::optional<Json> readObject(const QString& path, QString& error) {
    const JsonReadResult r = readJsonFile(path);
    if (!r.value) {
        error = r.error.toString();
        return std::nullopt;
    }
    if (!r.value->is_object()) {
        error = QStringLiteral("%1: not a JSON object").arg(path);
        return std::nullopt;
    }
    return r.value;
}

// "sha256:<hex>" of the executable, streamed; empty when it cannot be read (the fact is then left out).
QString executableDigest(const QString& path) {
    QFile f(path);
    if (path.isEmpty() || !f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&f))
        return {};
    return QStringLiteral("sha256:") + QString::fromLatin1(hash.result().toHex());
}

} // namespace

std::optional<RerunFacts> rerunFactsFromFiles(const RerunSignRequest& request, QString& error) {
    const auto bundle = readObject(request.manifestFile, error);
    if (!bundle)
        return std::nullopt;
    if (!bundle->contains("run") || !bundle->contains("environment")) {
        error = QStringLiteral("%1: not a run manifest with its environment (run, environment)")
                    .arg(request.manifestFile);
        return std::nullopt;
    }
    const Json& env = (*bundle)["environment"];
    RerunFacts f;
    // kix's GPU runs record the version under software.kix, its CPU-mode runs under software.libraries.kix.
    f.kixVersion = text(env, {"spec", "software", "kix"});
    if (f.kixVersion.isEmpty())
        f.kixVersion = text(env, {"spec", "software", "libraries", "kix"});
    if (f.kixVersion.isEmpty())
        f.kixVersion = QStringLiteral(KIX_VERSION);
    f.kixExecutableDigest = executableDigest(request.executable);
    f.gpu = text(env, {"spec", "hardware", "product"});
    f.driver = text(env, {"spec", "software", "driver"});
    if (const Json* clocks = env.contains("spec") ? &env["spec"] : nullptr;
        clocks && clocks->contains("clocks") && (*clocks)["clocks"].is_object())
        f.clocks = (*clocks)["clocks"];
    for (const QString& other : request.otherFiles) {
        const auto resource = readObject(other, error);
        if (!resource)
            return std::nullopt;
        if (text(*resource, {"kind"}) != QLatin1String("ImplementationRevision"))
            continue;
        if (const QString sha = text(*resource, {"spec", "source", "sha256"}); !sha.isEmpty())
            f.kernelSourceDigest = QStringLiteral("sha256:") + sha;
    }
    f.commandLine = request.commandLine;
    f.startedAt = request.startedAt;
    f.finishedAt = request.finishedAt;
    return f;
}

RerunSignOutcome signRerun(const RerunSignRequest& request, const KeyStore& store) {
    RerunSignOutcome out;
    const auto facts = rerunFactsFromFiles(request, out.error);
    if (!facts)
        return out;
    const auto key = store.signingKey(out.error, &out.keyCreated);
    if (!key)
        return out;
    const SignOutcome signedFiles = signWrittenResources(
        QStringList{request.manifestFile} + request.otherFiles, rerunPredicate(*facts), *key);
    if (!signedFiles.error.isEmpty()) {
        out.error = signedFiles.error;
        return out;
    }
    out.envelopeFile = signedFiles.envelopeFile;
    out.fingerprint = key->fingerprint();
    return out;
}

} // namespace kix
