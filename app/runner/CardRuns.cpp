#include "CardRuns.h"

#include "RunnerProtocol.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace kix::runner {

namespace {

constexpr int kPollMs = 100;            // how often a running child's stop is checked
constexpr int kTerminateWaitMs = 30000; // a child asked to stop gets this long before it is killed

QString fromStd(const std::string& s) {
    return QString::fromStdString(s);
}

QString cardKey(const kernels::GpuCard& card) {
    return card.uuid.empty() ? fromStd(card.pciBusId) : fromStd(card.uuid);
}

} // namespace

GpuChoice chooseGpus(const QString& text, const std::vector<kernels::GpuCard>& cards) {
    GpuChoice out;
    const QString list = text.trimmed();
    if (list.isEmpty()) {
        out.error = QStringLiteral("--gpus expects all or a comma-separated list of card indexes and UUIDs, "
                                   "such as 0,2,3 or GPU-…, got \"%1\"")
                        .arg(text);
        return out;
    }
    if (cards.empty()) {
        out.error = QStringLiteral("--gpus: NVML lists no GPU on this host");
        return out;
    }
    if (list == QLatin1String("all")) {
        out.cards = cards;
        return out;
    }
    QSet<int> chosen;
    for (const QString& raw : list.split(u',')) {
        const QString part = raw.trimmed();
        std::optional<std::size_t> at;
        if (part.startsWith(QLatin1String("GPU-")) || part.startsWith(QLatin1String("MIG-"))) {
            const auto it = std::find_if(cards.begin(), cards.end(),
                                         [&](const kernels::GpuCard& c) { return fromStd(c.uuid) == part; });
            if (it == cards.end()) {
                out.error = QStringLiteral("--gpus: no GPU on this host has the UUID %1").arg(part);
                return {{}, out.error, false};
            }
            at = std::size_t(it - cards.begin());
        } else {
            bool ok = false;
            const int index = part.toInt(&ok);
            if (!ok || part.isEmpty()) {
                out.error =
                    QStringLiteral("--gpus: \"%1\" is neither a card index nor a UUID (GPU-…)").arg(part);
                return {{}, out.error, false};
            }
            const auto it = std::find_if(cards.begin(), cards.end(),
                                         [&](const kernels::GpuCard& c) { return c.index == index; });
            if (it == cards.end()) {
                out.error = QStringLiteral("--gpus: card %1 is not on this host (cards 0 to %2)")
                                .arg(index)
                                .arg(cards.back().index);
                return {{}, out.error, false};
            }
            at = std::size_t(it - cards.begin());
        }
        const kernels::GpuCard& card = cards[*at];
        if (chosen.contains(card.index)) {
            out.error = QStringLiteral("--gpus names card %1 (%2) twice").arg(card.index).arg(cardKey(card));
            return {{}, out.error, false};
        }
        chosen.insert(card.index);
        out.cards.push_back(card);
    }
    return out;
}

GpuChoice chooseGpus(const QString& text, kernels::GpuCardSource& source) {
    if (text.trimmed().isEmpty())
        return chooseGpus(text, {});
    if (const std::string why = source.unavailableReason(); !why.empty())
        return {{}, QStringLiteral("--gpus: cannot list this host's GPUs: %1").arg(fromStd(why)), true};
    return chooseGpus(text, source.cards());
}

QString cardFolderName(const kernels::GpuCard& card) {
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_-]"));
    QString key = cardKey(card);
    key.replace(unsafe, QStringLiteral("_"));
    return QStringLiteral("gpu%1-%2").arg(card.index).arg(key);
}

QStringList cardRunArguments(const QStringList& runArguments) {
    QStringList out{QStringLiteral("run")};
    for (qsizetype i = 0; i < runArguments.size(); ++i) {
        const QString& a = runArguments[i];
        if (a == QLatin1String("--gpus") || a == QLatin1String("--output")) {
            ++i; // and its value
            continue;
        }
        if (!a.startsWith(QLatin1String("--gpus=")) && !a.startsWith(QLatin1String("--output=")))
            out << a;
    }
    return out;
}

int ProcessCardLauncher::run(const CardRun& run, const std::function<bool()>& stopRequested) {
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedChannels);
    child.setProcessEnvironment(run.environment);
    child.start(run.program, run.arguments);
    if (!child.waitForStarted()) {
        lastError = child.errorString();
        return protocol::RunFailed;
    }
    lastError.clear();
    bool stopping = false;
    while (!child.waitForFinished(kPollMs)) {
        if (child.state() == QProcess::NotRunning)
            break;
        if (!stopping && stopRequested && stopRequested()) {
            stopping = true;
            child.terminate(); // kix run cancels on SIGTERM, writing nothing
            if (!child.waitForFinished(kTerminateWaitMs))
                child.kill();
        }
    }
    if (child.exitStatus() == QProcess::CrashExit)
        return stopping ? int(protocol::RunCancelled) : int(protocol::RunFailed);
    return child.exitCode();
}

FleetRunOutcome runOnCards(const std::vector<kernels::GpuCard>& cards, const QString& program,
                           const QStringList& arguments, const QString& fleetDir,
                           const QProcessEnvironment& environment, CardRunLauncher& launcher,
                           const CardProgress& progress, const std::function<bool()>& stopRequested) {
    FleetRunOutcome out;
    int succeeded = 0, unavailable = 0;
    for (const kernels::GpuCard& card : cards) {
        if (stopRequested && stopRequested()) {
            out.cancelled = true;
            break;
        }
        CardRun run;
        run.card = card;
        run.program = program;
        run.outputDir = QDir(fleetDir).filePath(cardFolderName(card));
        run.arguments = arguments + QStringList{QStringLiteral("--output"), run.outputDir};
        run.environment = environment;
        run.environment.insert(QStringLiteral("CUDA_VISIBLE_DEVICES"), cardKey(card));
        if (progress)
            progress(card, nullptr);
        const CardOutcome outcome{card, run.outputDir, launcher.run(run, stopRequested)};
        out.cards << outcome;
        if (progress)
            progress(card, &out.cards.last());
        if (outcome.exitCode == protocol::RunCancelled) {
            out.cancelled = true;
            break;
        }
        succeeded += outcome.exitCode == protocol::RunOk ? 1 : 0;
        unavailable += outcome.exitCode == protocol::RunUnavailable ? 1 : 0;
    }
    if (out.cancelled)
        out.exitCode = protocol::RunCancelled;
    else if (succeeded == int(cards.size()))
        out.exitCode = protocol::RunOk;
    else if (unavailable == int(cards.size()))
        out.exitCode = protocol::RunUnavailable;
    else
        out.exitCode = protocol::RunFailed;
    return out;
}

} // namespace kix::runner
