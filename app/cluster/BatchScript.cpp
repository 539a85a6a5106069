#include "BatchScript.h"

#include "RunnerProtocol.h"
#include "TextSanitizer.h"
#include "kix_config.h"

#include <QDir>
#include <QRegularExpression>

namespace kix::cluster {

namespace {

// Whether a path holds a character the sanitizer would not show as it is: a line break would end a
// script line, and any control would act on the terminal that --print-script writes to.
bool hasUnsafeCharacter(const QString& path) {
    for (qsizetype i = 0; i < path.size(); ++i) {
        char32_t c = path[i].unicode();
        if (path[i].isHighSurrogate() && i + 1 < path.size() && path[i + 1].isLowSurrogate()) {
            c = QChar::surrogateToUcs4(path[i], path[i + 1]);
            ++i;
        }
        if (isUnsafeCodePoint(c))
            return true;
    }
    return false;
}

QString caseList(const QList<int>& cases) {
    QStringList parts;
    for (int c : cases)
        parts << QString::number(c);
    return parts.join(u',');
}

} // namespace

std::optional<std::pair<Split, int>> parseArraySpec(const QString& text, QString* error) {
    static const QRegularExpression form(QStringLiteral("^(cases|gpus)(?::([0-9]{1,4}))?$"));
    const auto m = form.match(text.trimmed());
    const int count = m.hasMatch() && !m.captured(2).isEmpty() ? m.captured(2).toInt() : 0;
    if (!m.hasMatch() || (m.captured(1) == QLatin1String("gpus") && m.captured(2).isEmpty()) ||
        (!m.captured(2).isEmpty() && count < 1)) {
        if (error)
            *error = QStringLiteral("--array expects cases, cases:N or gpus:N (N from 1 to 9999), got \"%1\"")
                         .arg(text);
        return std::nullopt;
    }
    return std::make_pair(m.captured(1) == QLatin1String("cases") ? Split::Cases : Split::Gpus, count);
}

QString validateOptions(const ClusterOptions& o) {
    // Values end up on #SBATCH lines, which sbatch splits on whitespace; quotes would change their meaning.
    static const QRegularExpression word(QStringLiteral("^[A-Za-z0-9_.:,=+@%/-]+$"));
    const std::pair<const char*, const QString*> fields[] = {{"--partition", &o.partition},
                                                             {"--account", &o.account},
                                                             {"--time", &o.time},
                                                             {"--gres", &o.gres},
                                                             {"--gpus-per-task", &o.gpusPerTask}};
    for (const auto& [name, value] : fields)
        if (!value->isEmpty() && !word.match(*value).hasMatch())
            return QStringLiteral("%1 \"%2\" is not one word of letters, digits and _ . : , = + @ / - %")
                .arg(QLatin1String(name), *value);
    static const QRegularExpression module(QStringLiteral("^[A-Za-z0-9_.+/-]+$"));
    for (const QString& m : o.modules)
        if (!module.match(m).hasMatch())
            return QStringLiteral("--module \"%1\" is not a module name (letters, digits and _ . + / -)")
                .arg(m);
    if (!QDir::isAbsolutePath(o.outputDir))
        return QStringLiteral("--output must be an absolute path for --slurm, got \"%1\"").arg(o.outputDir);
    if (!QDir::isAbsolutePath(o.runner))
        return QStringLiteral("--runner must be an absolute path, got \"%1\"").arg(o.runner);
    for (const auto& [name, path] : {std::pair{"--output", &o.outputDir}, std::pair{"--runner", &o.runner}})
        if (hasUnsafeCharacter(*path))
            return QStringLiteral(
                       "%1 \"%2\" holds a line break, tab or other control character, which cannot "
                       "go into a batch script")
                .arg(QLatin1String(name), *path);
    // The staging folder under --output names the tasks' log on an #SBATCH line, which sbatch splits at
    // whitespace: a space there would silently send the logs elsewhere.
    if (o.outputDir.contains(u' '))
        return QStringLiteral(
                   "--output \"%1\" holds a space, which an #SBATCH line cannot carry (sbatch splits "
                   "it there); choose a folder without one")
            .arg(o.outputDir);
    return {};
}

QList<QList<int>> planTasks(const ClusterOptions& o, const QList<int>& allCases) {
    QList<QList<int>> plan;
    if (o.split == Split::Gpus) {
        for (int t = 0; t < std::max(o.count, 1); ++t)
            plan << allCases;
        return plan;
    }
    const int groups = o.count <= 0 ? int(allCases.size()) : std::min<int>(o.count, int(allCases.size()));
    for (int g = 0; g < groups; ++g)
        plan << QList<int>{};
    // Contiguous groups, sizes differing by at most one.
    for (int i = 0; i < allCases.size(); ++i)
        plan[int(qint64(i) * groups / allCases.size())] << allCases[i];
    return plan;
}

QString shellQuote(const QString& text) {
    QString quoted = text;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

QString stagingFolder(const QString& outputDir) {
    return QDir(outputDir).filePath(QStringLiteral(".kix-slurm"));
}

QString jobStagingFolder(const QString& outputDir, const QString& jobId) {
    return QDir(stagingFolder(outputDir)).filePath(QStringLiteral("job") + jobId);
}

QString taskLogPath(const QString& outputDir, const QString& jobId, int task) {
    return QDir(stagingFolder(outputDir)).filePath(QStringLiteral("kix-%1_%2.log").arg(jobId).arg(task));
}

QString taskFileTag(const QString& jobId, int task) {
    return QStringLiteral("job%1-task%2").arg(jobId).arg(task);
}

// Every value in the script passed validateOptions (no control character anywhere), so the script is
// printed as it is: sanitizing would change what it runs.
QString batchScript(const ClusterOptions& o, const QList<QList<int>>& plan) {
    QStringList s;
    s << (o.modules.isEmpty() ? QStringLiteral("#!/bin/bash") : QStringLiteral("#!/bin/bash -l"));
    s << QStringLiteral(
             "# kix %1: rerun of the bundled fused RMSNorm-backward kernel%2, written by `kix run --slurm`.")
             .arg(QLatin1String(KIX_VERSION),
                  o.cpu ? QStringLiteral(" in CPU mode (not a GPU result)") : QString());
    s << QStringLiteral(
             "# Each array task runs `kix run` on its allocation and writes one manifest to the staging")
      << QStringLiteral("# folder; the submitting kix verifies every digest before it moves the manifest to")
      << QStringLiteral("# %1").arg(o.outputDir);
    s << QStringLiteral("#SBATCH --job-name=%1").arg(o.jobName);
    s << QStringLiteral("#SBATCH --array=0-%1").arg(plan.size() - 1);
    if (!o.partition.isEmpty())
        s << QStringLiteral("#SBATCH --partition=%1").arg(o.partition);
    if (!o.account.isEmpty())
        s << QStringLiteral("#SBATCH --account=%1").arg(o.account);
    if (!o.time.isEmpty())
        s << QStringLiteral("#SBATCH --time=%1").arg(o.time);
    s << QStringLiteral("#SBATCH --ntasks=1");
    if (o.cpu)
        s << QStringLiteral("#SBATCH --cpus-per-task=1");
    QString gres = o.gres;
    if (!o.cpu && gres.isEmpty() && o.gpusPerTask.isEmpty())
        gres = QStringLiteral("gpu:1");
    if (!gres.isEmpty())
        s << QStringLiteral("#SBATCH --gres=%1").arg(gres);
    if (!o.gpusPerTask.isEmpty())
        s << QStringLiteral("#SBATCH --gpus-per-task=%1").arg(o.gpusPerTask);
    s << QStringLiteral("#SBATCH --no-requeue") // a task that lost its node is reported, not rerun unseen
      << QStringLiteral("#SBATCH --output=%1")
             .arg(QDir(stagingFolder(o.outputDir)).filePath(QStringLiteral("kix-%A_%a.log")));
    s << QStringLiteral("set -euo pipefail");
    for (const QString& m : o.modules)
        s << QStringLiteral("module load %1").arg(m);
    s << QStringLiteral("task=\"${SLURM_ARRAY_TASK_ID:?not started as a Slurm array task}\"");
    s << QStringLiteral("job=\"${SLURM_ARRAY_JOB_ID}\"");
    s << QStringLiteral("case \"$task\" in");
    for (int t = 0; t < plan.size(); ++t)
        s << QStringLiteral("  %1) cases=%2 ;;").arg(t).arg(caseList(plan[t]));
    s << QStringLiteral("  *) echo \"kix: array task $task has no cases\" >&2; exit %1 ;;")
             .arg(int(protocol::RunUsage))
      << QStringLiteral("esac");
    QString run = QStringLiteral("exec %1 run").arg(shellQuote(o.runner));
    if (o.cpu)
        run += QStringLiteral(" --device cpu");
    if (o.quick)
        run += QStringLiteral(" --quick");
    run += QStringLiteral(" --cases \"$cases\" --progress jsonl \\");
    s << run;
    s << QStringLiteral("  --output %1/\"job$job\" --file-tag \"job$job-task$task\"")
             .arg(shellQuote(stagingFolder(o.outputDir)));
    return s.join(u'\n') + u'\n';
}

} // namespace kix::cluster
