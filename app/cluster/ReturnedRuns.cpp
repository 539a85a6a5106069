#include "ReturnedRuns.h"

#include "BundleView.h"
#include "FileSuffixes.h"
#include "JsonReader.h"
#include "RunStore.h"
#include "Verification.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace kix::cluster {

using protocol::EventKind;
using protocol::RunnerEvent;

QString ownStagedFile(const QString& named, const QString& jobStaging, const QString& taskTag) {
    if (named.isEmpty() || QFileInfo(named).absolutePath() != QFileInfo(jobStaging).absoluteFilePath() ||
        !QFileInfo(named).fileName().endsWith(u'-' + taskTag + QLatin1String(kManifestSuffix)))
        return {};
    return named;
}

ReturnedRuns::ReturnedRuns(QString outputDir, QString suitePath, QString implementationFile,
                           QString expectedFamily)
    : m_outputDir(std::move(outputDir))
    , m_suitePath(std::move(suitePath))
    , m_implementationFile(std::move(implementationFile))
    , m_expectedFamily(std::move(expectedFamily)) {}

QString ReturnedRuns::verify(const QString& staged) const {
    const QString impl = QFileInfo(staged).dir().filePath(m_implementationFile);
    QStringList files{staged, impl};
    if (!m_suitePath.isEmpty())
        files << m_suitePath;
    RecordIndex index;
    for (ParsedDocument& doc : RunStore::loadBlocking(files))
        index.add(std::move(doc));
    const ManifestPtr run = bundleView(index, index.rowOfFile(staged));
    if (!run)
        return QStringLiteral("it could not be read");
    if (run->hasErrors())
        return QStringLiteral("it is not a valid manifest: %1")
            .arg(protocol::printable(run->problems.value(0).toString()));
    if (!run->run)
        return QStringLiteral("it holds no run");
    if (!m_expectedFamily.isEmpty() && run->protocolSpec.family != m_expectedFamily)
        return QStringLiteral("its comparison family is \"%1\", expected \"%2\"")
            .arg(protocol::printable(run->protocolSpec.family), m_expectedFamily);
    const QList<DigestCheck> checks = run->checks; // against everything loaded above
    if (checks.isEmpty())
        return QStringLiteral("it declares no digests");
    for (const DigestCheck& c : checks)
        if (c.state != DigestCheck::State::Verified)
            return QStringLiteral("%1 %2%3").arg(
                c.field, stateName(c.state),
                c.reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(protocol::printable(c.reason)));
    return {};
}

QString ReturnedRuns::suiteFileName() const {
    const JsonReadResult r = readJsonFile(m_suitePath);
    if (!r.value || !r.value->contains("metadata") ||
        !(*r.value)["metadata"].value("name", Json()).is_string())
        return QFileInfo(m_suitePath).fileName();
    return QString::fromStdString((*r.value)["metadata"]["name"].get<std::string>()) +
           QStringLiteral(".json");
}

void ReturnedRuns::placeSupporting(const QString& source, const QString& name, int task,
                                   QList<RunnerEvent>& out) {
    const QString target = QDir(m_outputDir).filePath(name);
    if (m_placed.contains(target))
        return;
    QString problem;
    if (!QFileInfo::exists(target)) {
        if (!QFile::copy(source, target))
            problem = QStringLiteral("cannot copy %1 to the output folder").arg(name);
    } else {
        QFile a(source), b(target);
        if (!a.open(QIODevice::ReadOnly) || !b.open(QIODevice::ReadOnly) || a.readAll() != b.readAll())
            problem = QStringLiteral(
                          "%1 in the output folder differs from the one the runs name; it was left alone")
                          .arg(name);
    }
    RunnerEvent e;
    e.task = task;
    if (!problem.isEmpty()) {
        e.kind = EventKind::Log;
        e.message = problem;
        out << e;
        return;
    }
    m_placed << target;
    e.kind = EventKind::Written;
    e.file = target;
    e.status = QStringLiteral("resource");
    out << e;
}

TakenBack ReturnedRuns::takeBack(int task, const QString& staged, const QString& jobStaging,
                                 const QString& runStatus) {
    TakenBack r;
    if (staged.isEmpty() || !QFileInfo::exists(staged)) {
        r.message = QStringLiteral("Slurm says COMPLETED but the task wrote no manifest");
        return r;
    }
    if (const QString why = verify(staged); !why.isEmpty()) {
        QFile::rename(staged, staged + QStringLiteral(".rejected"));
        r.message = QStringLiteral("its manifest failed verification: %1; kept as %2.rejected, not opened")
                        .arg(why, staged);
        return r;
    }
    const QString target = QDir(m_outputDir).filePath(QFileInfo(staged).fileName());
    if (QFileInfo::exists(target)) {
        r.message = QStringLiteral("verified, but %1 already exists; left in staging").arg(target);
        return r;
    }
    if (!QFile::rename(staged, target)) {
        r.message = QStringLiteral("verified, but it could not be moved to %1").arg(target);
        return r;
    }
    r.ok = true;
    r.file = target;
    r.message = QStringLiteral("manifest verified: %1").arg(QFileInfo(target).fileName());
    // What the manifest names by digest goes beside it, so that the folder verifies anywhere.
    placeSupporting(QDir(jobStaging).filePath(m_implementationFile), m_implementationFile, task, r.events);
    if (!m_suitePath.isEmpty())
        placeSupporting(m_suitePath, suiteFileName(), task, r.events);
    RunnerEvent written;
    written.kind = EventKind::Written;
    written.task = task;
    written.file = target;
    written.status = runStatus;
    r.events << written;
    return r;
}

} // namespace kix::cluster
