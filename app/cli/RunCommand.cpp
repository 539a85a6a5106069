#include "CommandSupport.h"
#include "LocalRunner.h"
#include "kix/workloads.h"

#include <QStandardPaths>
#include <atomic>
#include <csignal>

namespace kix::cli {

namespace {

std::atomic<bool> g_stopRequested{false};

extern "C" void requestStop(int) {
    g_stopRequested = true;
}

std::optional<QList<int>> parseCases(const QString& text, QString& error) {
    QList<int> cases;
    for (const QString& part : text.split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (!ok || v < 0 || v >= int(kernels::kWorkloads.size())) {
            error = QStringLiteral("case \"%1\" is not a number from 0 to %2")
                        .arg(part.trimmed())
                        .arg(kernels::kWorkloads.size() - 1);
            return std::nullopt;
        }
        if (!cases.contains(v))
            cases << v;
    }
    if (cases.isEmpty()) {
        error = QStringLiteral("--cases needs at least one case number");
        return std::nullopt;
    }
    return cases;
}

} // namespace

int runCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run the bundled fused RMSNorm-backward kernel on this machine's GPU over the 16 workloads of "
        "SOL-ExecBench 013, check every output against an fp64 reference, time it against the unfused "
        "reference, and write a new manifest. Exit status 4 when no GPU can be used, 5 when the run failed, "
        "6 when it was cancelled (SIGINT/SIGTERM); nothing is written then."));
    parser.addOption({QStringLiteral("output"),
                      QStringLiteral("Folder for the manifest (default: the explorer's runs folder)."),
                      QStringLiteral("dir")});
    parser.addOption({QStringLiteral("cases"),
                      QStringLiteral("Comma-separated workload numbers 0-15 (default: all)."),
                      QStringLiteral("list")});
    parser.addOption(
        {QStringLiteral("progress"),
         QStringLiteral("Progress format: text (default) or jsonl (one JSON event per line on stdout)."),
         QStringLiteral("format"), QStringLiteral("text")});
    parser.addOption(
        {QStringLiteral("check"), QStringLiteral("Only report whether a local run is possible here.")});
    parser.addOption({QStringLiteral("quick"), QStringLiteral("Fewer timed iterations (for a smoke test).")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("run"), args, io, 0, 0, code))
        return code;
    const bool jsonl = parser.value(QStringLiteral("progress")) == QLatin1String("jsonl");
    if (!jsonl && parser.value(QStringLiteral("progress")) != QLatin1String("text")) {
        io.err << "kix run: --progress expects text or jsonl\n";
        return ExitUsage;
    }
    runner::RunOptions options;
    if (parser.isSet(QStringLiteral("cases"))) {
        QString error;
        const auto cases = parseCases(parser.value(QStringLiteral("cases")), error);
        if (!cases) {
            io.err << "kix run: " << error << "\n";
            return ExitUsage;
        }
        options.cases = *cases;
    }
    if (parser.isSet(QStringLiteral("quick"))) {
        options.harness.minIterations = 5;
        options.harness.maxIterations = 20;
        options.harness.targetMillisecondsPerCase = 20;
        options.harness.referenceIterations = 3;
    }
    options.outputDir = parser.isSet(QStringLiteral("output"))
                            ? parser.value(QStringLiteral("output"))
                            : QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                                  QStringLiteral("/runs");

    const QString unavailable = runner::localRunUnavailableReason();
    if (parser.isSet(QStringLiteral("check")) || !unavailable.isEmpty()) {
        if (jsonl)
            io.out << QString::fromStdString(
                          Json{{"event", unavailable.isEmpty() ? "available" : "unavailable"},
                               {"message", unavailable.toStdString()}}
                              .dump())
                   << "\n";
        if (!unavailable.isEmpty()) {
            io.err << "kix run: cannot run locally: " << unavailable << "\n";
            return runner::RunNoGpu;
        }
        io.out << "kix run: a local run is possible here\n";
        return ExitOk;
    }

    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    const auto progress = [&](const Json& event) {
        if (jsonl) {
            io.out << QString::fromStdString(event.dump()) << "\n";
        } else {
            const std::string kind = event["event"].get<std::string>();
            if (kind == "device")
                io.out << "GPU: " << QString::fromStdString(event["name"].get<std::string>()) << "\n";
            else if (kind == "copy-bandwidth")
                io.out << "device-to-device copy: " << qRound(event["GBps"].get<double>()) << " GB/s\n";
            else if (kind == "case-finished")
                io.out << "case " << event["position"].get<int>() << "/" << event["total"].get<int>()
                       << " (workload " << event["case"].get<int>() << "): "
                       << (event.contains("medianNs")
                               ? QString::number(event["medianNs"].get<double>() / 1e3, 'f', 2) +
                                     QStringLiteral(" µs median")
                               : QString())
                       << (event["correct"].get<bool>() ? ", correct" : ", INCORRECT") << "\n";
        }
        io.out.flush();
    };
    const runner::RunOutcome outcome =
        runner::runLocally(options, progress, [] { return g_stopRequested.load(); });
    if (jsonl && outcome.exitCode != runner::RunOk)
        io.out << QString::fromStdString(Json{{"event", "failed"},
                                              {"exitCode", outcome.exitCode},
                                              {"message", outcome.message.toStdString()}}
                                             .dump())
               << "\n";
    (outcome.exitCode == runner::RunOk ? io.out : io.err) << "kix run: " << outcome.message << "\n";
    return outcome.exitCode;
}

} // namespace kix::cli
