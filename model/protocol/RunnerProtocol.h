// The contract between `kix run` and everything that reads it: the CLI's own text output, the
// explorer's RerunController, the Slurm follower (which relays each task's events), and the tests.
// One place for the exit statuses, the event names of `kix run --progress jsonl` (one JSON object
// per line on stdout), the typed event both sides use, and a parser of the stream.
#pragma once

#include "ExitStatus.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix::protocol {

using Json = nlohmann::json;

// Exit statuses of `kix run` (local, CPU mode and --slurm alike): names for its rows of the one table,
// ExitStatus.h, which says what each means.
enum RunExit : int {
    RunOk = code(ExitStatus::Ok),
    RunUsage = code(ExitStatus::Usage),
    RunInput = code(ExitStatus::Input), // --solution: the solution, definition or workloads are invalid
    RunUnavailable = code(ExitStatus::Unavailable),
    RunFailed = code(ExitStatus::Failed),
    RunCancelled = code(ExitStatus::Cancelled),
};

// What a status means when `kix run` ends with it, one line, as the explorer says it (ExitStatus.h).
QString exitMeaning(int code);

// The event names, exactly as they appear in the stream.
namespace name {
inline constexpr char kAvailable[] = "available";     // --check: a run is possible
inline constexpr char kUnavailable[] = "unavailable"; // --check or start: it is not (message)
inline constexpr char kDevice[] = "device";           // the GPU or CPU it runs on
inline constexpr char kCopyBandwidth[] = "copy-bandwidth";
inline constexpr char kCaseStarted[] = "case-started";
inline constexpr char kCaseFinished[] = "case-finished";
inline constexpr char kWritten[] = "written";            // a manifest is in its final place
inline constexpr char kFailed[] = "failed";              // the run ends unsuccessfully (exitCode, message)
inline constexpr char kLog[] = "log";                    // free text worth showing (Slurm's stderr…)
inline constexpr char kJobSubmitted[] = "job-submitted"; // --slurm: sbatch accepted the job
inline constexpr char kTaskState[] = "task-state";       // --slurm: a task's Slurm state changed
inline constexpr char kTaskFinished[] = "task-finished"; // --slurm: a task's outcome, after verification
inline constexpr char kCancelling[] = "cancelling";      // --slurm: scancel was called
// From kix's solution runner (kernels/solution/) to kix run --solution, which keeps them to itself:
inline constexpr char kSolutionResult[] = "solution-result"; // what the runner found (about, result)
inline constexpr char kTimedWindow[] = "timed-window";       // a case's timed launches begin or end (inside)
} // namespace name

enum class EventKind {
    Unknown, // a JSON object with an event name this kix does not know (kept, shown as text)
    Available,
    Unavailable,
    Device,
    CopyBandwidth,
    CaseStarted,
    CaseFinished,
    Written,
    Failed,
    Log,
    JobSubmitted,
    TaskState,
    TaskFinished,
    Cancelling,
    SolutionResult,
    TimedWindow,
};

QString eventName(EventKind kind);

// A task's outcome as the Slurm follower reports it.
enum class TaskOutcome { Pending, Running, Done, Failed, Cancelled, TimedOut };
QString outcomeName(TaskOutcome outcome); // "pending", "running", "done", "failed", "cancelled", "timed out"
std::optional<TaskOutcome> outcomeFromName(const QString& name);

// One event. Only the fields of its kind are written by toJson() and read by the parser.
// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
struct RunnerEvent {
    EventKind kind = EventKind::Unknown;
    QString name;                     // the event name as read (for Unknown)
    int task = -1;                    // the Slurm array task the event came from; -1 for a local run
    QString message;                  // Unavailable, Failed, Log, TaskFinished, Cancelling
    int exitCode = 0;                 // Failed, TaskFinished
    QString deviceName, deviceDetail; // Device: "NVIDIA H200", "compute capability 9.0" / "CPU mode"
    double gbps = 0;                  // CopyBandwidth
    int position = 0, total = 0;      // CaseStarted, CaseFinished
    int caseIndex = -1;               // CaseStarted, CaseFinished: the workload number
    int batchSize = 0, seqLen = 0;    // CaseStarted (the bundled problem's axes)
    QString label;                    // CaseStarted: a solution's workload axes ("M=16, N=4096"), if set
    bool correct = false;             // CaseFinished
    std::optional<double> medianNs;   // CaseFinished
    QString file, status;             // Written: the manifest and its run status
    QString jobId;                    // JobSubmitted, TaskState, TaskFinished, Cancelling
    int tasks = 0;                    // JobSubmitted: how many array tasks
    QString state, reason;            // TaskState, TaskFinished: Slurm's words (RUNNING, NonZeroExitCode)
    TaskOutcome outcome = TaskOutcome::Pending; // TaskState (pending/running), TaskFinished
    int signal = 0;                             // TaskFinished: the signal that ended it, 0 if none
    QStringList logTail;                        // TaskFinished: the last lines of a failed task's log
    QString about;                              // SolutionResult: "environment" or "case"
    Json result;                                // SolutionResult: the object itself
    bool inside = false;                        // TimedWindow

    Json toJson() const;
};

// Parses one line of the stream. nullopt (with `error`) for a line that is not a JSON object with a
// string "event", or whose fields have the wrong type; the caller then shows the line as text.
std::optional<RunnerEvent> parseEvent(const QByteArray& line, QString* error = nullptr);

// One sentence for people: the CLI's text progress and the explorer's log say the same.
// Untrusted text in the event (names, messages, log lines) is made printable first.
QString describeEvent(const RunnerEvent& event);

// One line of text from a runner or a cluster node's log, made safe to show: the one sanitizer's
// terminalLine (TextSanitizer.h), so controls, escape sequences, line breaks, bidi controls and the
// rest are shown visibly (\x1b, \n, ⟨U+202E⟩) and a line past kTerminalLineCap is elided.
QString printable(const QString& text);

// Splits a byte stream into lines and parses each. Lines longer than kMaxLine are dropped with a
// problem rather than buffered without bound; a last line without a newline is kept until finish().
class ProgressStream {
public:
    struct Item {
        std::optional<RunnerEvent> event; // set for an event line
        QString text;                     // otherwise the line itself (printable), or the problem
    };
    // An event is at most a few kilobytes (a job's log tail included): a longer line is not kix run's.
    static constexpr qsizetype kMaxLine = 1 << 20;

    QList<Item> feed(const QByteArray& bytes);
    QList<Item> finish();

private:
    void take(const QByteArray& raw, QList<Item>& out) const;
    QByteArray m_pending;
    bool m_skipping = false; // inside an over-long line, until its newline
};

} // namespace kix::protocol
