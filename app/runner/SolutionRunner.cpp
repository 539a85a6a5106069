#include "SolutionRunner.h"

#include "SolutionRunManifest.h"
#include "Statistics.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

namespace kix::runner {

namespace {

using protocol::EventKind;
using protocol::RunnerEvent;

constexpr int kRestartExit = 75;                        // the runner's EXIT_RESTART: the CUDA context is lost
constexpr qsizetype kStderrTail = qsizetype(16) * 1024; // what is kept of the runner's stderr for messages

// The last non-empty lines of the runner's stderr, for a message.
QString lastLines(const QByteArray& tail, int count) {
    QStringList lines;
    for (const QByteArray& l : tail.split('\n'))
        if (!l.trimmed().isEmpty())
            lines << QString::fromUtf8(l.trimmed());
    return lines.mid(std::max<qsizetype>(0, lines.size() - count)).join(QStringLiteral(" | "));
}

Json failedCase(int index, const SolutionProblem& problem, const char* status, const QString& message) {
    return {{"case", index},
            {"uuid", problem.workloads.value(index).uuid.toStdString()},
            {"status", status},
            {"message", message.toStdString()}};
}

// One run of the solution: runner processes until every chosen case has a result.
class SolutionSession {
public:
    SolutionSession(const SolutionProblem& problem, const RunOptions& options,
                    const SolutionRunOptions& settings, const ProgressSink& progress,
                    const std::function<bool()>& cancelled)
        : m_problem(problem)
        , m_options(options)
        , m_settings(settings)
        , m_progress(progress)
        , m_cancelled(cancelled) {
        m_facts.problem = problem;
        m_facts.settings = settings;
        m_facts.cpu = options.device == Device::Cpu;
        m_facts.fileTag = options.fileTag;
        m_chosen = options.cases;
        if (m_chosen.isEmpty())
            for (int i = 0; i < problem.workloads.size(); ++i)
                m_chosen << i;
        m_remaining = m_chosen;
    }

    RunOutcome run();

private:
    enum class Pumped { Ended, TimedOut, Cancelled };
    Pumped pump(QProcess& process, QByteArray& stderrTail);
    std::optional<RunOutcome> runOnce(const QString& python, const QString& script);
    QStringList arguments(const QString& script) const;
    void handle(const RunnerEvent& e);
    void record(int index, Json result);
    void openGpuState();

    const SolutionProblem& m_problem;
    const RunOptions& m_options;
    const SolutionRunOptions& m_settings;
    const ProgressSink& m_progress;
    const std::function<bool()>& m_cancelled;
    SolutionRunFacts m_facts;
    QList<int> m_chosen, m_remaining;
    std::optional<int> m_current;
    QElapsedTimer m_caseClock;
    QString m_unavailable;
    bool m_deviceSaid = false;
    std::unique_ptr<kernels::NvmlGpu> m_nvml;
    std::unique_ptr<kernels::GpuStateSampler> m_sampler;
    std::unique_ptr<kernels::ClockLock> m_clockLock;
    std::vector<kernels::GpuSample> m_window;
};

QStringList SolutionSession::arguments(const QString& script) const {
    QStringList cases;
    for (int c : m_remaining)
        cases << QString::number(c);
    QStringList args = {script,
                        QStringLiteral("--solution"),
                        m_problem.solutionFile,
                        QStringLiteral("--definition"),
                        m_problem.definitionFile,
                        QStringLiteral("--workloads"),
                        m_problem.workloadsFile,
                        QStringLiteral("--cases"),
                        cases.join(u','),
                        QStringLiteral("--device"),
                        m_facts.cpu ? QStringLiteral("cpu") : QStringLiteral("cuda"),
                        QStringLiteral("--warmup"),
                        QString::number(m_settings.warmup),
                        QStringLiteral("--iterations"),
                        QString::number(m_settings.iterations),
                        QStringLiteral("--check-rounds"),
                        QString::number(m_settings.checkRounds),
                        QStringLiteral("--seed"),
                        QString::number(m_settings.seed),
                        QStringLiteral("--repeat"),
                        QString::number(m_options.repeat)};
    if (!m_settings.problemDir.isEmpty())
        args << QStringLiteral("--problem-dir") << m_settings.problemDir;
    const QString work =
        m_settings.workDir.isEmpty()
            ? QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/solutions")
            : m_settings.workDir;
    args << QStringLiteral("--work-dir") << work;
    const QString cupti =
        m_settings.cuptiLibrary.isEmpty() ? qEnvironmentVariable("KIX_CUPTI_LIB") : m_settings.cuptiLibrary;
    if (!cupti.isEmpty())
        args << QStringLiteral("--cupti-lib") << cupti;
    return args;
}

void SolutionSession::openGpuState() {
    if (m_facts.cpu || m_nvml)
        return;
    m_nvml = kernels::NvmlGpu::open(m_facts.environment.value("pciBusId", std::string()));
    m_facts.gpu.unavailable = QString::fromStdString(m_nvml->unavailableReason());
    if (!m_facts.gpu.unavailable.isEmpty()) {
        logLine(m_progress, QStringLiteral("GPU state not recorded: %1").arg(m_facts.gpu.unavailable));
        return;
    }
    m_facts.gpu.identity = m_nvml->identity();
    m_sampler = std::make_unique<kernels::GpuStateSampler>(*m_nvml, std::chrono::milliseconds(10));
    m_clockLock = std::make_unique<kernels::ClockLock>(*m_nvml);
    if (m_options.lockClocks) {
        m_facts.gpu.lock = lockClocksForRun(*m_clockLock, m_facts.gpu.identity, m_facts.gpu.unavailable);
        logLine(
            m_progress,
            m_facts.gpu.lock.lockedMHz
                ? QStringLiteral("SM clocks locked at %1 MHz for this run").arg(*m_facts.gpu.lock.lockedMHz)
                : m_facts.gpu.lock.error);
    }
}

void SolutionSession::record(int index, Json result) {
    SolutionCase c;
    c.index = index;
    c.result = std::move(result);
    if (m_sampler && !m_window.empty()) {
        kernels::GpuStateSummary s = kernels::summarizeGpuState(m_window);
        // NVML counts every process with a context but kix's own; the runner, kix's child, has one.
        s.otherProcessesMax = std::max(0, s.otherProcessesMax - 1);
        c.gpu = s;
    }
    m_window.clear();
    const QString status = QString::fromStdString(c.result.value("status", std::string("runtime_error")));
    RunnerEvent done;
    done.kind = EventKind::CaseFinished;
    done.position = int(m_chosen.indexOf(index)) + 1;
    done.total = int(m_chosen.size());
    done.caseIndex = index;
    done.correct = status == QLatin1String("passed");
    if (const auto it = c.result.find("samplesNs"); it != c.result.end() && it->is_array())
        done.medianNs = summarizeSamples(it->get<std::vector<double>>()).median;
    m_progress(done);
    if (!done.correct)
        logLine(m_progress,
                QStringLiteral("case %1: %2: %3")
                    .arg(index)
                    .arg(status, QString::fromStdString(c.result.value("message", std::string()))));
    m_facts.cases.push_back(std::move(c));
    m_remaining.removeAll(index);
    m_current.reset();
}

void SolutionSession::handle(const RunnerEvent& e) {
    switch (e.kind) {
    case EventKind::Device:
        m_facts.deviceName = e.deviceName;
        m_facts.deviceDetail = e.deviceDetail;
        if (!m_deviceSaid)
            m_progress(e);
        m_deviceSaid = true;
        break;
    case EventKind::Unavailable:
        m_unavailable = e.message;
        break;
    case EventKind::CaseStarted: {
        m_current = e.caseIndex;
        m_caseClock.start();
        RunnerEvent started = e;
        started.position = int(m_chosen.indexOf(e.caseIndex)) + 1;
        started.total = int(m_chosen.size());
        m_progress(started);
        break;
    }
    case EventKind::TimedWindow:
        if (m_sampler && e.inside)
            m_sampler->start();
        else if (m_sampler)
            m_window = m_sampler->stop();
        break;
    case EventKind::SolutionResult:
        if (e.about == QLatin1String("environment")) {
            m_facts.environment = e.result;
            openGpuState();
        } else if (e.about == QLatin1String("case") && e.result.contains("case") &&
                   e.result["case"].is_number_integer() &&
                   m_remaining.contains(e.result["case"].get<int>())) {
            record(e.result["case"].get<int>(), e.result);
        }
        break;
    case EventKind::Log:
        m_progress(e);
        break;
    default:
        break;
    }
}

RunOutcome outcomeOf(int exitCode, QString message) {
    RunOutcome out;
    out.exitCode = exitCode;
    out.message = std::move(message);
    return out;
}

// Reads the runner's events until it ends, kix is cancelled or the current case runs past its timeout.
SolutionSession::Pumped SolutionSession::pump(QProcess& process, QByteArray& stderrTail) {
    protocol::ProgressStream stream;
    const auto take = [this](const QList<protocol::ProgressStream::Item>& items) {
        for (const auto& item : items)
            if (item.event)
                handle(*item.event);
    };
    const auto read = [&] {
        take(stream.feed(process.readAllStandardOutput()));
        stderrTail = QByteArray(stderrTail + process.readAllStandardError()).right(kStderrTail);
    };
    for (;;) {
        const bool ready = process.waitForReadyRead(50);
        read();
        const bool late = m_current && m_caseClock.elapsed() > qint64(m_settings.caseTimeoutSeconds) * 1000;
        if (m_cancelled() || late) {
            process.kill();
            process.waitForFinished(5000);
            if (m_sampler && late)
                m_window = m_sampler->stop(); // the window the case hung in
            return late ? Pumped::TimedOut : Pumped::Cancelled;
        }
        if (!ready && process.state() == QProcess::NotRunning)
            break;
    }
    read();
    take(stream.finish());
    return Pumped::Ended;
}

// One runner process; an outcome when the run must end here (unavailable, cancelled, no progress).
std::optional<RunOutcome> SolutionSession::runOnce(const QString& python, const QString& script) {
    QProcess process;
    process.setProgram(python);
    process.setArguments(arguments(script));
    process.start();
    if (!process.waitForStarted(30000))
        return outcomeOf(
            protocol::RunUnavailable,
            QStringLiteral("the Python %1 could not be started: %2").arg(python, process.errorString()));
    const qsizetype before = m_remaining.size();
    QByteArray stderrTail;
    const Pumped pumped = pump(process, stderrTail);
    if (pumped == Pumped::Cancelled)
        return outcomeOf(protocol::RunCancelled, QStringLiteral("cancelled; no manifest was written"));
    if (!m_unavailable.isEmpty())
        return outcomeOf(protocol::RunUnavailable, m_unavailable);
    const QString ended = process.exitStatus() == QProcess::CrashExit
                              ? QStringLiteral("the runner process crashed (killed by a signal)")
                              : QStringLiteral("the runner exited with status %1").arg(process.exitCode());
    if (m_current) {
        const int index = *m_current;
        const QString tail =
            stderrTail.trimmed().isEmpty() ? QString() : QStringLiteral(": ") + lastLines(stderrTail, 3);
        record(index,
               pumped == Pumped::TimedOut
                   ? failedCase(index, m_problem, "timeout",
                                QStringLiteral("the case did not finish within %1 s (--case-timeout); the "
                                               "runner was stopped and the run went on with the next case")
                                    .arg(m_settings.caseTimeoutSeconds))
                   : failedCase(index, m_problem, "runtime_error",
                                QStringLiteral("%1 during the case%2").arg(ended, tail)));
        return std::nullopt;
    }
    if (m_remaining.size() == before && !m_remaining.isEmpty())
        return outcomeOf(
            protocol::RunFailed,
            QStringLiteral("the solution runner ended before it ran a case (%1): %2; no manifest was written")
                .arg(ended, lastLines(stderrTail, 4)));
    if (!m_remaining.isEmpty() &&
        !(process.exitStatus() == QProcess::NormalExit && process.exitCode() == kRestartExit))
        logLine(m_progress, QStringLiteral("%1 with cases left; a fresh runner goes on").arg(ended));
    return std::nullopt;
}

RunOutcome SolutionSession::run() {
    QString why;
    const QString python = solutionPython(m_settings.python, why);
    if (python.isEmpty())
        return outcomeOf(protocol::RunUnavailable, why);
    const QString script =
        m_settings.runnerScript.isEmpty() ? solutionRunnerScript() : m_settings.runnerScript;
    if (script.isEmpty() || !QFileInfo(script).isFile())
        return outcomeOf(
            protocol::RunUnavailable,
            QStringLiteral("kix's solution runner (kix_solution_runner.py) is not installed beside this "
                           "kix (share/kix/solution/); set KIX_SOLUTION_RUNNER to it"));
    while (!m_remaining.isEmpty())
        if (auto stop = runOnce(python, script))
            return *stop;
    if (m_clockLock)
        if (const std::string err = m_clockLock->release(); !err.empty())
            m_facts.gpu.lock.resetError = QString::fromStdString(err);
    for (const SolutionCase& c : m_facts.cases)
        if (const auto a = c.result.find("samplesNs"), b = c.result.find("repeatSamplesNs");
            a != c.result.end() && b != c.result.end() && a->is_array() && b->is_array())
            // The runner repeats in CUDA events only (kernels/solution): the floor is the events' one.
            m_facts.gpu.repeats.push_back(
                CaseRepeats{{}, {a->get<std::vector<double>>(), b->get<std::vector<double>>()}});
    std::sort(m_facts.cases.begin(), m_facts.cases.end(),
              [this](const SolutionCase& a, const SolutionCase& b) {
                  return m_chosen.indexOf(a.index) < m_chosen.indexOf(b.index);
              });
    return writeRunSet(m_options.outputDir, buildSolutionRunSet(m_facts), int(m_chosen.size()), m_progress);
}

} // namespace

QString solutionRunnerScript() {
    QString fromEnvironment = qEnvironmentVariable("KIX_SOLUTION_RUNNER");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    const QString beside = QDir(QCoreApplication::applicationDirPath())
                               .filePath(QStringLiteral("../share/kix/solution/kix_solution_runner.py"));
    return QFileInfo(beside).isFile() ? QFileInfo(beside).canonicalFilePath() : QString();
}

QString solutionPython(const QString& requested, QString& why) {
    if (!requested.isEmpty()) {
        QString found = requested.contains(u'/') ? requested : QStandardPaths::findExecutable(requested);
        if (!found.isEmpty() && QFileInfo(found).isExecutable() && QFileInfo(found).isFile())
            return found;
        why = QStringLiteral("--python: %1 is not an executable Python").arg(requested);
        return {};
    }
    QString found = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (found.isEmpty())
        why = QStringLiteral(
            "no Python: python3 is not on PATH; install Python 3 with PyTorch (Debian: apt-get "
            "install python3-torch; elsewhere: pip install torch) or name one with --python");
    return found;
}

RunOutcome runSolution(const SolutionProblem& problem, const RunOptions& options,
                       const SolutionRunOptions& settings, const ProgressSink& progress,
                       const std::function<bool()>& cancelled) {
    SolutionSession session(problem, options, settings, progress, cancelled);
    return session.run();
}

} // namespace kix::runner
