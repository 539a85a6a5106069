#include "RunProfile.h"

#include "FileSuffixes.h"
#include "ProfileSidecar.h"
#include "SourceReader.h"

#include <QDir>
#include <QFileInfo>

namespace kix {

namespace {

// "<stem>.samples.json#/cases/5" -> "<dir>/<stem>.manifest.json", when the URI names a file of that form
// in the run's own folder.
QString suiteManifestOf(const QString& runFile, const QString& rawSamplesUri) {
    const QString file = rawSamplesUri.section(u'#', 0, 0);
    if (!file.endsWith(QLatin1String(kSamplesSuffix)) || file.contains(u'/') || file.contains(u'\\'))
        return {};
    return QFileInfo(runFile).dir().filePath(file.chopped(qsizetype(qstrlen(kSamplesSuffix))) +
                                             QLatin1String(kManifestSuffix));
}

} // namespace

RunProfile findRunProfile(const QString& runFile, const QString& runDigest, const QString& rawSamplesUri) {
    RunProfile out;
    QString expected = runDigest;
    QString sidecar = profile::profileSidecarPath(runFile);
    if (!QFileInfo(sidecar).isFile()) {
        const QString suite = suiteManifestOf(runFile, rawSamplesUri);
        if (suite.isEmpty() || QFileInfo(suite) == QFileInfo(runFile))
            return out;
        sidecar = profile::profileSidecarPath(suite);
        if (!QFileInfo(sidecar).isFile())
            return out;
        const ParsedDocument doc = readDocumentFile(suite);
        expected = doc.run ? doc.run->digest() : QString();
    }
    out.file = sidecar;
    profile::ProfileSidecarRead read = profile::readProfileSidecar(sidecar, expected);
    out.digest = read.digest;
    out.problems = read.problems;
    out.artifact = std::move(read.artifact);
    return out;
}

const profile::CaseProfile* caseProfileOf(const profile::ProfileArtifact& artifact, const QString& caseId) {
    for (const profile::CaseProfile& c : artifact.set.cases)
        if (c.caseId == caseId)
            return &c;
    if (caseId.isEmpty() && artifact.set.cases.size() == 1)
        return &artifact.set.cases.front();
    return nullptr;
}

} // namespace kix
