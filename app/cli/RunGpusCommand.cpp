// kix run --gpus all|LIST: the run once per card of this host, in turn, each card's a child `kix run` that
// sees only that card (CardRuns.h), then how each went and the `kix fleet` line that compares them.
#include "CardRuns.h"
#include "CommandSupport.h"
#include "OutputFolder.h"
#include "RunSupport.h"

#include <QCoreApplication>
#include <QDir>

namespace kix::cli {

namespace {

QString fromStd(const std::string& s) {
    return QString::fromStdString(s);
}

QString cardLabel(const kernels::GpuCard& card) {
    QStringList parts;
    for (const std::string& s : {card.uuid, card.pciBusId, card.name})
        if (!s.empty())
            parts << fromStd(s);
    if (!card.serial.empty())
        parts << QStringLiteral("serial %1").arg(fromStd(card.serial));
    return QStringLiteral("card %1 (%2)").arg(card.index).arg(parts.join(QStringLiteral(", ")));
}

// A line about the fleet as a whole: a "log" event with --progress jsonl (the children's events go to the
// same stream), else a line of text.
void say(const QString& message, bool jsonl, Io io) {
    if (jsonl) {
        protocol::RunnerEvent e;
        e.kind = protocol::EventKind::Log;
        e.message = message;
        writeJsonLine(e.toJson(), io);
    } else {
        io.out << "kix run: " << terminalLine(message) << "\n";
    }
    io.out.flush();
}

QString statusName(int code) {
    const protocol::ExitStatusInfo* info = protocol::exitStatusInfo(code);
    return info ? QString::fromLatin1(info->name) : QString::number(code);
}

} // namespace

int runOnGpus(const QCommandLineParser& parser, const RunRequest& request, const QStringList& args, Io io) {
    const auto usage = [&io](const QString& message) {
        io.err << "kix run: " << terminalLine(message) << "\n";
        return int(protocol::RunUsage);
    };
    if (request.options.device == runner::Device::Cpu)
        return usage(QStringLiteral("--gpus runs on this host's GPUs; --device cpu has none"));
    if (parser.isSet(QStringLiteral("slurm")))
        return usage(QStringLiteral("--gpus runs on this host's GPUs; on a cluster use --array gpus:N"));
    if (parser.isSet(QStringLiteral("check")))
        return usage(QStringLiteral("--gpus and --check: run kix run --check on one card instead"));
    const std::unique_ptr<kernels::GpuCardSource> source = kernels::openNvmlCards();
    const runner::GpuChoice choice = runner::chooseGpus(parser.value(QStringLiteral("gpus")), *source);
    if (choice.unavailable) {
        io.err << "kix run: " << terminalLine(choice.error) << "\n"; // the driver's words
        return protocol::RunUnavailable;
    }
    if (!choice.error.isEmpty())
        return usage(choice.error);
    const QString fleetDir =
        QDir(request.options.outputDir)
            .filePath(QStringLiteral("fleet-") +
                      QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMddTHHmmssZ")));
    if (const QString why = runner::prepareOutputFolder(fleetDir); !why.isEmpty())
        return usage(QStringLiteral("--output: %1; nothing was run").arg(why));

    const bool jsonl = request.jsonl;
    const auto progress = [&](const kernels::GpuCard& card, const runner::CardOutcome* outcome) {
        if (!outcome) {
            say(QStringLiteral("%1: running into %2")
                    .arg(cardLabel(card), QDir(fleetDir).filePath(runner::cardFolderName(card))),
                jsonl, io);
            if (card.computeProcesses && *card.computeProcesses > 0)
                say(QStringLiteral(
                        "card %1 has %2 compute process(es) on it already: its run records them, and "
                        "kix fleet names them beside the card")
                        .arg(card.index)
                        .arg(*card.computeProcesses),
                    jsonl, io);
            return;
        }
        if (outcome->exitCode != protocol::RunOk)
            say(QStringLiteral("card %1: exit %2 (%3); the other cards go on")
                    .arg(card.index)
                    .arg(outcome->exitCode)
                    .arg(statusName(outcome->exitCode)),
                jsonl, io);
    };
    runner::ProcessCardLauncher launcher;
    const runner::FleetRunOutcome outcome = runner::runOnCards(
        choice.cards, QCoreApplication::applicationFilePath(), runner::cardRunArguments(args), fleetDir,
        QProcessEnvironment::systemEnvironment(), launcher, progress, request.stopRequested);
    int ok = 0;
    for (const runner::CardOutcome& c : outcome.cards)
        ok += c.exitCode == protocol::RunOk ? 1 : 0;
    const QString summary = QStringLiteral("%1 of %2 cards ran%3; compare them: kix fleet %4")
                                .arg(ok)
                                .arg(choice.cards.size())
                                .arg(outcome.cancelled ? QStringLiteral(" before the cancel") : QString())
                                .arg(fleetDir);
    (outcome.exitCode == protocol::RunOk ? io.out : io.err) << "kix run: " << terminalLine(summary) << "\n";
    return outcome.exitCode;
}

} // namespace kix::cli
