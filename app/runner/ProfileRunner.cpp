#include "ProfileRunner.h"

#include "NcuInvocation.h"
#include "ProfileSidecar.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

namespace kix::runner {

namespace {

struct ProcessResult {
    int exitCode = -1;
    QByteArray out, err;
    QString startError; // set when it did not start or finish
};

ProcessResult runProcess(const QString& program, const QStringList& args, int timeoutMs) {
    ProcessResult r;
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(30000)) {
        r.startError = QStringLiteral("%1 did not start: %2").arg(program, p.errorString());
        return r;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.startError = QStringLiteral("ncu did not finish within %1 s").arg(timeoutMs / 1000);
        return r;
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

// The report of one case, in profile::ProfileSet form, or why there is none.
struct CaseOutcome {
    std::optional<profile::ProfileSet> set;
    QString why;
    bool stopAll = false; // the machine refuses every case
};

CaseOutcome profileOneCase(const ProfileRunRequest& request, int k, const QString& reportFile) {
    CaseOutcome c;
    const ProcessResult run =
        runProcess(request.ncu,
                   profile::ncuProfileArguments(
                       reportFile, request.launcher + QStringList{QStringLiteral("--case"),
                                                                  QString::number(request.caseIndices[k])}),
                   request.timeoutMs);
    if (!run.startError.isEmpty()) {
        c.why = run.startError;
        return c;
    }
    const profile::NcuRefusal refusal =
        profile::ncuRefusal(QString::fromLocal8Bit(run.out + '\n' + run.err), run.exitCode);
    if (!refusal.message.isEmpty() || !QFileInfo(reportFile).isFile()) {
        c.why = refusal.message.isEmpty() ? QStringLiteral("ncu wrote no report") : refusal.message;
        c.stopAll = refusal.everyCase;
        return c;
    }
    const ProcessResult csv =
        runProcess(request.ncu, profile::ncuImportArguments(reportFile), request.timeoutMs);
    if (!csv.startError.isEmpty() || csv.exitCode != 0) {
        c.why = csv.startError.isEmpty()
                    ? profile::ncuRefusal(QString::fromLocal8Bit(csv.err), csv.exitCode).message
                    : csv.startError;
        return c;
    }
    const profile::ProfileImport imported = profile::importNcuReport(
        csv.out, QFileInfo(reportFile).fileName(), request.target, request.target.cases[k].id, true);
    if (!imported.artifact) {
        QStringList errors;
        for (const Problem& p : imported.problems)
            if (p.severity == Problem::Severity::Error)
                errors << p.message;
        c.why = errors.join(QStringLiteral("; "));
        return c;
    }
    c.set = imported.artifact->set;
    return c;
}

} // namespace

ProfileRunOutcome profileCases(const ProfileRunRequest& request, const ProgressSink& progress,
                               const std::function<bool()>& cancelled) {
    ProfileRunOutcome out;
    QTemporaryDir scratch;
    const QFileInfo manifest(request.manifestFile);
    const QString stem = QFileInfo(profile::profileSidecarPath(request.manifestFile))
                             .fileName()
                             .chopped(qsizetype(qstrlen(profile::kProfileSuffix)));
    profile::ProfileSet merged;
    QString refusedAll;
    const int n = int(std::min(request.target.cases.size(), request.caseIndices.size()));
    for (int k = 0; k < n; ++k) {
        const profile::CaseSlot& slot = request.target.cases[k];
        const QString where = QStringLiteral("case %1 (%2)")
                                  .arg(request.caseIndices[k])
                                  .arg(slot.label.isEmpty() ? slot.id : slot.label);
        if (cancelled()) {
            out.notes << QStringLiteral("%1: not profiled: cancelled").arg(where);
            continue;
        }
        if (!refusedAll.isEmpty()) {
            out.notes << QStringLiteral("%1: not profiled: %2").arg(where, refusedAll);
            continue;
        }
        const QString name = QStringLiteral("%1.case%2.ncu-rep").arg(stem).arg(request.caseIndices[k]);
        const QString reportFile = request.keepReports || !scratch.isValid() ? manifest.dir().filePath(name)
                                                                             : scratch.filePath(name);
        logLine(progress, QStringLiteral("profile: %1 under ncu").arg(where));
        CaseOutcome c = profileOneCase(request, k, reportFile);
        if (!c.set) {
            out.notes << QStringLiteral("%1: not profiled: %2").arg(where, c.why);
            if (c.stopAll)
                refusedAll = c.why;
            continue;
        }
        profile::mergeProfileSet(merged, *c.set);
        ++out.profiledCases;
        if (request.keepReports)
            out.reports << reportFile;
    }
    if (out.profiledCases == 0)
        return out;
    merged.unmatched += out.notes;
    profile::ProfileArtifact artifact;
    artifact.run = request.target.run;
    QStringList names;
    for (const QString& r : out.reports)
        names << QFileInfo(r).fileName();
    artifact.source =
        names.isEmpty() ? QStringLiteral("kix run --profile") : names.join(QStringLiteral(", "));
    artifact.set = std::move(merged);
    if (const QString err = profile::writeProfileSidecar(request.manifestFile, artifact); !err.isEmpty()) {
        out.notes << QStringLiteral("the profile could not be written: %1").arg(err);
        return out;
    }
    out.sidecarFile = profile::profileSidecarPath(request.manifestFile);
    return out;
}

} // namespace kix::runner
