// `kix calibrate` (issue 36): N A/A pairs of the bundled kernel on this machine — 2N runs back to back,
// each pair judged by the verdict engine as `kix diff` would — and the rate of faster or slower verdicts
// among them printed, so that a user can see what a verdict is worth here. Two runs of one kernel should
// almost never be called faster or slower (docs/verdicts.md, "Coverage").
#include "CaseComparison.h"
#include "CommandSupport.h"
#include "CpuRunner.h"
#include "ManifestParser.h"
#include "OutputFolder.h"
#include "RunSupport.h"

#include <QTemporaryDir>

namespace kix::cli {

namespace {

constexpr int kDefaultPairs = 5;
constexpr int kMaxPairs = 50;
constexpr double kPerHundred = 100;

struct Tally {
    int caseVerdicts = 0, caseDecided = 0, suites = 0, suiteDecided = 0;
};

bool decided(Verdict v) {
    return v == Verdict::Faster || v == Verdict::Slower;
}

// "pair 2: 16 cases matched: 0 faster, 0 slower, 12 same, 4 can't tell; suite same"
QString pairLine(int pair, const CaseComparison& c) {
    return QStringLiteral("pair %1: %2; suite %3").arg(pair).arg(c.summary(), verdictName(c.suite.verdict));
}

struct CalibrateRequest {
    int pairs = kDefaultPairs;
    runner::RunOptions options;
    VerdictOptions verdict;
};

std::optional<QString> readCalibrateRequest(const QCommandLineParser& parser, CalibrateRequest& request) {
    bool ok = false;
    request.pairs = parser.value(QStringLiteral("pairs")).toInt(&ok);
    if (!ok || request.pairs < 1 || request.pairs > kMaxPairs)
        return QStringLiteral("--pairs expects a number from 1 to %1, got \"%2\"")
            .arg(kMaxPairs)
            .arg(parser.value(QStringLiteral("pairs")));
    runner::RunOptions& o = request.options;
    if (auto error = readDeviceCasesRepeat(parser, o))
        return error;
    if (o.device == runner::Device::Cpu)
        o.harness = runner::cpuHarnessOptions(false);
    const QString minEffect = parser.value(QStringLiteral("min-effect"));
    const auto effect = parsePercentArgument(minEffect);
    if (!effect)
        return QStringLiteral(
                   "--min-effect expects a percentage from 0.1 to 50, such as 2 or 0.5, got \"%1\"")
            .arg(minEffect);
    request.verdict.minimumEffect = *effect;
    return std::nullopt;
}

void addCalibrateOptions(QCommandLineParser& parser) {
    parser.addOption({QStringLiteral("pairs"),
                      QStringLiteral("A/A pairs, 1 to %1 (default %2).").arg(kMaxPairs).arg(kDefaultPairs),
                      QStringLiteral("n"), QString::number(kDefaultPairs)});
    parser.addOption({QStringLiteral("device"), QStringLiteral("gpu (default) or cpu (kix run's CPU mode)."),
                      QStringLiteral("device"), QStringLiteral("gpu")});
    parser.addOption({QStringLiteral("cases"),
                      QStringLiteral("Comma-separated workload numbers 0-15 (default: all)."),
                      QStringLiteral("list")});
    parser.addOption({QStringLiteral("repeat"),
                      QStringLiteral("Each run as kix run --repeat N: with N >= 2 every run records its "
                                     "A/A floors and the pairs are judged with them (GPU only)."),
                      QStringLiteral("n"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("min-effect"),
                      QStringLiteral("The minimum effect of the verdicts, in percent (default 2)."),
                      QStringLiteral("pct"), QStringLiteral("2")});
    parser.addOption(
        {QStringLiteral("output"),
         QStringLiteral("Keep the runs in this folder (default: a temporary one, removed after)."),
         QStringLiteral("dir")});
}

// One A/A pair, run back to back and judged; nullopt (after printing why) when a run could not be written,
// with `exitCode` set.
std::optional<CaseComparison> runPair(int pair, const CalibrateRequest& request, Io io, int& exitCode) {
    runner::RunOptions options = request.options;
    const bool cpu = options.device == runner::Device::Cpu;
    const auto quiet = [](const protocol::RunnerEvent&) {};
    const auto never = [] { return false; };
    QList<ManifestPtr> runs;
    for (const QChar side : {u'a', u'b'}) {
        options.fileTag = QStringLiteral("aa%1%2").arg(pair).arg(side);
        const runner::RunOutcome outcome =
            cpu ? runner::runOnCpu(options, quiet, never) : runner::runLocally(options, quiet, never);
        if (outcome.manifestFile.isEmpty()) {
            io.err << "kix calibrate: run " << 2 * pair - (side == u'a' ? 1 : 0)
                   << " failed: " << terminalLine(outcome.message) << "\n";
            exitCode = outcome.exitCode == protocol::RunOk ? int(protocol::RunFailed) : outcome.exitCode;
            return std::nullopt;
        }
        runs << loadManifestFile(outcome.manifestFile);
    }
    return compareCases(*runs[0], *runs[1], request.verdict);
}

// Every pair in turn, a line each, then the rate; the exit status.
int runPairs(const CalibrateRequest& request, Io io) {
    Tally tally;
    for (int pair = 1; pair <= request.pairs; ++pair) {
        int code = ExitOk;
        const auto c = runPair(pair, request, io, code);
        if (!c)
            return code;
        io.out << terminalLine(pairLine(pair, *c)) << "\n";
        io.out.flush();
        tally.caseVerdicts += int(c->rows.size());
        tally.caseDecided += c->faster + c->slower;
        ++tally.suites;
        tally.suiteDecided += decided(c->suite.verdict);
    }
    const double rate = tally.caseVerdicts > 0 ? kPerHundred * tally.caseDecided / tally.caseVerdicts : 0;
    io.out << "A/A: " << tally.caseDecided << " of " << tally.caseVerdicts
           << " case verdicts faster or slower (" << QString::number(rate, 'f', 1) << " per 100); "
           << tally.suiteDecided << " of " << tally.suites << " suite verdicts faster or slower\n";
    return ExitOk;
}

} // namespace

int calibrateCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run the bundled kernel 2N times back to back on this machine (N A/A pairs: one kernel, nothing "
        "changed), judge each pair case by case and on the suite as kix diff would, and print how many "
        "verdicts say faster or slower. On a machine whose verdicts can be trusted that is almost none "
        "(docs/verdicts.md)."));
    addExitStatuses(parser, protocol::UsedByRun);
    addCalibrateOptions(parser);
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("calibrate"), args, io, 0, 0, code))
        return code;
    CalibrateRequest request;
    if (const auto error = readCalibrateRequest(parser, request)) {
        io.err << "kix calibrate: " << terminalLine(*error) << "\n"; // may echo a typed value
        return protocol::RunUsage;
    }
    const bool cpu = request.options.device == runner::Device::Cpu;
    if (const QString why = cpu ? QString() : runner::localRunUnavailableReason(); !why.isEmpty()) {
        io.err << "kix calibrate: cannot run locally: " << terminalLine(why) << "\n"; // driver text
        return protocol::RunUnavailable;
    }
    const bool keep = parser.isSet(QStringLiteral("output"));
    QTemporaryDir scratch;
    request.options.outputDir = keep ? parser.value(QStringLiteral("output")) : scratch.path();
    if (const QString why = runner::prepareOutputFolder(request.options.outputDir); !why.isEmpty()) {
        io.err << "kix calibrate: --output: " << terminalLine(why) << "; nothing was run\n";
        return protocol::RunUsage;
    }
    io.out << "kix calibrate: " << request.pairs << " A/A pair(s) of the bundled kernel"
           << (cpu ? " in CPU mode" : "") << ", " << 2 * request.pairs << " runs back to back\n";
    io.out.flush();
    code = runPairs(request, io);
    if (code == ExitOk && keep)
        io.out << "runs kept in " << terminalLine(request.options.outputDir) << "\n";
    return code;
}

} // namespace kix::cli
