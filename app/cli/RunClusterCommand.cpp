// `kix run --slurm`: the cluster half of `kix run`. Checks the options and the output folder, shows
// the batch script (--print-script) or hands it to ClusterRun, which submits and follows the job.
#include "BatchScript.h"
#include "ClusterRun.h"
#include "CpuRunManifest.h"
#include "CpuRunner.h"
#include "OutputFolder.h"
#include "RunSupport.h"
#include "SlurmCommand.h"
#include "TextSanitizer.h"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>

namespace kix::cli {

namespace {

const char* const kValueOptions[][3] = {
    {"partition", "Slurm: partition to submit to (default: the cluster's default).", "name"},
    {"account", "Slurm: account to charge.", "name"},
    {"time", "Slurm: time limit per task, e.g. 00:30:00.", "limit"},
    {"gres", "Slurm: generic resources per task (GPU mode default: gpu:1).", "spec"},
    {"gpus-per-task", "Slurm: --gpus-per-task instead of --gres.", "n"},
    {"array",
     "Slurm: cases (one task per case), cases:N (N groups of cases) or gpus:N (N tasks, each running "
     "every case on its own GPU or, in CPU mode, its own CPU). Default gpus:1.",
     "spec"},
    {"module", "Slurm: `module load` this before kix runs on the node (repeatable).", "name"},
    {"runner", "Slurm: the kix the nodes run (default: this kix; give its path on the nodes if it differs).",
     "path"},
    {"poll", "Slurm: seconds between squeue calls (default 5).", "seconds"},
    {"slurm-timeout", "Slurm: seconds any one Slurm command may take (default 60).", "seconds"},
};

std::optional<double> seconds(const QCommandLineParser& p, const char* name, double fallback, double min,
                              QString& error) {
    const QString key = QString::fromLatin1(name);
    if (!p.isSet(key))
        return fallback;
    bool ok = false;
    const double v = p.value(key).toDouble(&ok);
    if (!ok || v < min || v > 86400) {
        error = QStringLiteral("--%1 expects seconds from %2 to 86400, got \"%3\"")
                    .arg(key)
                    .arg(min)
                    .arg(p.value(key));
        return std::nullopt;
    }
    return v;
}

// The cluster options from the command line into `o`; an empty string, else why they cannot be used
// (raw: usage() sanitizes).
QString readClusterOptions(const QCommandLineParser& p, const RunRequest& request,
                           cluster::ClusterOptions& o) {
    const auto& run = request.options;
    o.partition = p.value(QStringLiteral("partition"));
    o.account = p.value(QStringLiteral("account"));
    o.time = p.value(QStringLiteral("time"));
    o.gres = p.value(QStringLiteral("gres"));
    o.gpusPerTask = p.value(QStringLiteral("gpus-per-task"));
    o.modules = p.values(QStringLiteral("module"));
    o.cpu = run.device == runner::Device::Cpu;
    o.cases = run.cases;
    o.quick = request.quick;
    o.outputDir = QDir::cleanPath(QDir(run.outputDir).absolutePath());
    o.runner = p.isSet(QStringLiteral("runner")) ? p.value(QStringLiteral("runner"))
                                                 : QCoreApplication::applicationFilePath();
    if (p.isSet(QStringLiteral("array"))) {
        QString error;
        const auto spec = cluster::parseArraySpec(p.value(QStringLiteral("array")), &error);
        if (!spec)
            return error;
        o.split = spec->first;
        o.count = spec->second;
    }
    if (p.isSet(QStringLiteral("file-tag")))
        return QStringLiteral(
            "--file-tag is set by the batch script for each task; leave it out with --slurm");
    return cluster::validateOptions(o); // empty when usable
}

// The cases the array tasks share out: those asked for, else every case the mode runs.
QList<int> casesToRun(const cluster::ClusterOptions& o) {
    QList<int> cases = o.cases;
    if (cases.isEmpty()) {
        if (o.cpu)
            cases = runner::cpuModeCases();
        else
            for (int i = 0; i < int(kernels::kWorkloads.size()); ++i)
                cases << i;
    }
    return cases;
}

} // namespace

void addSlurmOptions(QCommandLineParser& parser) {
    parser.addOption(
        {QStringLiteral("slurm"), QStringLiteral("Submit the rerun to Slurm (sbatch) and follow it.")});
    parser.addOption({QStringLiteral("print-script"),
                      QStringLiteral("Slurm: print the batch script that would be submitted, and stop.")});
    for (const auto& o : kValueOptions)
        parser.addOption({QString::fromLatin1(o[0]), QString::fromLatin1(o[1]), QString::fromLatin1(o[2])});
}

bool slurmOptionsUsed(const QCommandLineParser& parser) {
    if (parser.isSet(QStringLiteral("print-script")))
        return true;
    return std::ranges::any_of(kValueOptions,
                               [&](const auto& o) { return parser.isSet(QString::fromLatin1(o[0])); });
}

int runOnSlurm(const QCommandLineParser& p, const RunRequest& request, Io io) {
    const auto usage = [&io](const QString& message) {
        io.err << "kix run: " << terminalLine(message) << "\n"; // may echo a typed value or path
        return int(protocol::RunUsage);
    };
    cluster::ClusterOptions o;
    if (const QString why = readClusterOptions(p, request, o); !why.isEmpty())
        return usage(why);
    QString error;
    const auto poll = seconds(p, "poll", 5, 0.1, error);
    const auto timeout = seconds(p, "slurm-timeout", 60, 1, error);
    if (!poll || !timeout)
        return usage(error);

    const QList<QList<int>> plan = cluster::planTasks(o, casesToRun(o));
    if (p.isSet(QStringLiteral("print-script"))) {
        io.out << cluster::batchScript(o, plan);
        return protocol::RunOk;
    }

    const auto printer = progressPrinter(request.jsonl, io);
    const auto unavailable = [&](const QString& message) {
        protocol::RunnerEvent e;
        e.kind = protocol::EventKind::Unavailable;
        e.message = message;
        if (request.jsonl)
            printer(e);
        io.err << "kix run: " << terminalLine(message) << "\n";
        return int(protocol::RunUnavailable);
    };
    if (cluster::findSlurmTool(QStringLiteral("sbatch")).isEmpty())
        return unavailable(QStringLiteral("sbatch not found: Slurm's client commands are not on PATH"));
    if (p.isSet(QStringLiteral("check"))) {
        if (request.jsonl) {
            protocol::RunnerEvent e;
            e.kind = protocol::EventKind::Available;
            e.message = QStringLiteral("sbatch is on PATH");
            printer(e);
        }
        io.out << "kix run: sbatch is on PATH; a cluster run can be submitted from here\n";
        return protocol::RunOk;
    }
    // Before anything is submitted: the shared folder must be writable from here.
    for (const QString& folder : {o.outputDir, cluster::stagingFolder(o.outputDir)})
        if (const QString why = runner::prepareOutputFolder(folder); !why.isEmpty())
            return usage(QStringLiteral("--output: %1; nothing was submitted").arg(why));

    cluster::FollowOptions follow;
    follow.pollMs = int(*poll * 1000);
    follow.commandTimeoutMs = int(*timeout * 1000);
    follow.suitePath = runner::bundledSuitePath();
    const Json impl = o.cpu ? runner::cpuImplementationResource() : runner::implementationResource();
    follow.implementationFile =
        QString::fromStdString(impl["metadata"]["name"].get<std::string>()) + QStringLiteral(".json");
    follow.expectedFamily =
        o.cpu ? QString::fromLatin1(runner::kCpuFamily) : QString::fromLatin1(families::kLocalRerun);

    QString finalMessage;
    const auto sink = [&](const protocol::RunnerEvent& e) {
        if (e.kind == protocol::EventKind::Failed || e.kind == protocol::EventKind::Unavailable)
            finalMessage = e.message;
        printer(e);
    };
    cluster::ClusterRun job(o, plan, follow, sink, request.stopRequested);
    const int code = job.run();
    if (code != protocol::RunOk) // may carry sbatch's or scancel's stderr (ClusterRun's failure())
        io.err << "kix run: " << terminalLine(finalMessage) << "\n";
    return code;
}

} // namespace kix::cli
