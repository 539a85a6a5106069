// kix run --gpus all|LIST (issue 39): one run per card of this host, each a child `kix run` that sees only
// its card (CUDA_VISIBLE_DEVICES set to the card's UUID) and writes a normal signed manifest set into a
// folder of its own that names the card, the cards in turn. A card whose run fails (or cannot start: a
// busy card in exclusive-process mode says unavailable) is reported and the others go on; a cancel stops
// the running child and starts no other. docs/fleet.md, "kix run --gpus", says why in turn.
#pragma once

#include "kix/gpu_cards.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

namespace kix::runner {

// The cards `text` chooses among `cards` (the host's, in index order): "all", or a comma-separated list of
// indexes and UUIDs ("0,2,3", "GPU-5f2a…"), each card once, in the order given.
struct GpuChoice {
    std::vector<kernels::GpuCard> cards;
    QString error; // set when the list is refused: empty, a part twice, out of range, an unknown UUID
    bool unavailable = false; // the error is that the cards cannot be listed (no NVML): no usage error
};
GpuChoice chooseGpus(const QString& text, const std::vector<kernels::GpuCard>& cards);
// The same over the cards `source` lists; refused, unavailable, where it cannot list them.
GpuChoice chooseGpus(const QString& text, kernels::GpuCardSource& source);

// "gpu2-GPU-5f2a6b1c-0000-4000-8000-000000000002": the card's folder under the fleet's (its index and UUID,
// or its PCI bus id where NVML gave no UUID, in letters, digits, - and _ only).
QString cardFolderName(const kernels::GpuCard& card);

// A card's `kix run` arguments from the parent's (those after `kix run`): "run" and them without --gpus and
// --output (in either spelling, `--output DIR` or `--output=DIR`), which runOnCards gives each card its own.
QStringList cardRunArguments(const QStringList& runArguments);

// One child run: the program and its arguments, its environment, and the folder it writes.
struct CardRun {
    kernels::GpuCard card;
    QString program;
    QStringList arguments;
    QProcessEnvironment environment;
    QString outputDir;
};

// Starts a card's run and waits for it; returns its exit status. `stopRequested` is polled while it runs:
// when it turns true the child is asked to stop (SIGTERM, which kix run answers by cancelling) and waited
// for.
class CardRunLauncher {
public:
    virtual ~CardRunLauncher() = default;
    virtual int run(const CardRun& run, const std::function<bool()>& stopRequested) = 0;
};

// The launcher of real child processes (QProcess): the child's stdout and stderr are this process's.
class ProcessCardLauncher : public CardRunLauncher {
public:
    int run(const CardRun& run, const std::function<bool()>& stopRequested) override;
    QString lastError; // why the last child could not be started, if it could not
};

struct CardOutcome {
    kernels::GpuCard card;
    QString outputDir;
    int exitCode = 0;
};

struct FleetRunOutcome {
    QList<CardOutcome> cards; // the cards that were started, in order
    bool cancelled = false;
    // 0 when every card's run succeeded; cancelled when stopped; unavailable when no card could run;
    // failed when any card failed or could not run.
    int exitCode = 0;
};

// What runOnCards is told about each card as it goes: before it starts (`outcome` null) and once it ends.
using CardProgress = std::function<void(const kernels::GpuCard& card, const CardOutcome* outcome)>;

// Runs `program` with `arguments` plus `--output FLEET/<cardFolderName>` once per card, in turn, each with
// CUDA_VISIBLE_DEVICES set to the card's UUID (its PCI bus id where it has none) in `environment`.
FleetRunOutcome runOnCards(const std::vector<kernels::GpuCard>& cards, const QString& program,
                           const QStringList& arguments, const QString& fleetDir,
                           const QProcessEnvironment& environment, CardRunLauncher& launcher,
                           const CardProgress& progress, const std::function<bool()>& stopRequested);

} // namespace kix::runner
