#include "ProfileSidecar.h"

#include "JsonReader.h"
#include "QuotedForMessage.h"
#include "SaveFile.h"
#include "Sha256.h"

#include <QDir>
#include <QFileInfo>

namespace kix::profile {

QString profileSidecarPath(const QString& manifestFile) {
    const QFileInfo info(manifestFile);
    QString stem = info.fileName();
    for (const char* suffix : {".manifest.json", ".manifest.yaml", ".json", ".yaml", ".yml"})
        if (stem.endsWith(QLatin1String(suffix), Qt::CaseInsensitive)) {
            stem.chop(qsizetype(qstrlen(suffix)));
            break;
        }
    return info.dir().filePath(stem + QLatin1String(kProfileSuffix));
}

QString writeProfileSidecar(const QString& manifestFile, const ProfileArtifact& artifact) {
    const std::string bytes = profileArtifactBytes(artifact);
    return saveFile(profileSidecarPath(manifestFile), QByteArray::fromStdString(bytes));
}

ProfileSidecarRead readProfileSidecar(const QString& path, const QString& runDigest) {
    ProfileSidecarRead out;
    QByteArray bytes;
    if (const auto problem = readLimitedFile(path, JsonLimits{}, bytes)) {
        out.problems << *problem;
        return out;
    }
    out.digest = QStringLiteral("sha256:") + QString::fromLatin1(sha256Hex(bytes.toStdString()));
    const JsonReadResult json = parseJson(bytes, path);
    if (!json.value) {
        out.problems << json.error;
        return out;
    }
    ProfileArtifactRead read = readProfileArtifact(*json.value, path);
    out.problems = read.problems;
    if (!read.artifact)
        return out;
    if (read.artifact->run.digest != runDigest) {
        out.problems << makeProblem(
            Problem::Severity::Error, codes::profileOtherRun, path, QStringLiteral("$.run.digest"),
            QStringLiteral("the profile names run %1 (%2), but the run beside it is %3: it was edited or "
                           "profiled another run")
                .arg(read.artifact->run.digest, quotedForMessage(read.artifact->run.name),
                     runDigest.isEmpty() ? QStringLiteral("without a digest") : runDigest));
        return out;
    }
    out.artifact = std::move(read.artifact);
    return out;
}

} // namespace kix::profile
