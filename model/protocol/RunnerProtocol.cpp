#include "RunnerProtocol.h"

#include "TextSanitizer.h"

#include <array>

namespace kix::protocol {

namespace {

struct KindName {
    EventKind kind;
    const char* name;
};
constexpr std::array<KindName, 15> kKinds = {{
    {EventKind::Available, name::kAvailable},
    {EventKind::Unavailable, name::kUnavailable},
    {EventKind::Device, name::kDevice},
    {EventKind::CopyBandwidth, name::kCopyBandwidth},
    {EventKind::CaseStarted, name::kCaseStarted},
    {EventKind::CaseFinished, name::kCaseFinished},
    {EventKind::Written, name::kWritten},
    {EventKind::Failed, name::kFailed},
    {EventKind::Log, name::kLog},
    {EventKind::JobSubmitted, name::kJobSubmitted},
    {EventKind::TaskState, name::kTaskState},
    {EventKind::TaskFinished, name::kTaskFinished},
    {EventKind::Cancelling, name::kCancelling},
    {EventKind::SolutionResult, name::kSolutionResult},
    {EventKind::TimedWindow, name::kTimedWindow},
}};

constexpr std::array<std::pair<TaskOutcome, const char*>, 6> kOutcomes = {{
    {TaskOutcome::Pending, "pending"},
    {TaskOutcome::Running, "running"},
    {TaskOutcome::Done, "done"},
    {TaskOutcome::Failed, "failed"},
    {TaskOutcome::Cancelled, "cancelled"},
    {TaskOutcome::TimedOut, "timed out"},
}};

std::string utf8(const QString& s) {
    return s.toStdString();
}

// Typed reads of one event's fields; the first wrong type is the error.
class Fields {
public:
    explicit Fields(const Json& object)
        : m_object(object) {}
    QString error;

    void string(const char* key, QString& out) {
        if (const Json* v = find(key, "a string", &Json::is_string))
            out = QString::fromStdString(v->get<std::string>());
    }
    void integer(const char* key, int& out) {
        if (const Json* v = find(key, "an integer", &Json::is_number_integer))
            out = int(v->get<long long>());
    }
    void number(const char* key, double& out) {
        if (const Json* v = find(key, "a number", &Json::is_number))
            out = v->get<double>();
    }
    void number(const char* key, std::optional<double>& out) {
        if (const Json* v = find(key, "a number", &Json::is_number))
            out = v->get<double>();
    }
    void boolean(const char* key, bool& out) {
        if (const Json* v = find(key, "true or false", &Json::is_boolean))
            out = v->get<bool>();
    }
    void strings(const char* key, QStringList& out) {
        const Json* v = find(key, "an array of strings", &Json::is_array);
        if (!v)
            return;
        for (const Json& item : *v) {
            if (!item.is_string()) {
                fail(key, "an array of strings");
                return;
            }
            out << QString::fromStdString(item.get<std::string>());
        }
    }

private:
    const Json* find(const char* key, const char* expected, bool (Json::*check)() const noexcept) {
        const auto it = m_object.find(key);
        if (it == m_object.end() || it->is_null())
            return nullptr;
        if (!((*it).*check)()) {
            fail(key, expected);
            return nullptr;
        }
        return &*it;
    }
    void fail(const char* key, const char* expected) {
        if (error.isEmpty())
            error = QStringLiteral("\"%1\" is not %2").arg(QLatin1String(key), QLatin1String(expected));
    }
    const Json& m_object;
};

QString caseText(const RunnerEvent& e) {
    return QStringLiteral("case %1 of %2 (workload %3)").arg(e.position).arg(e.total).arg(e.caseIndex);
}

} // namespace

QString exitMeaning(int code) {
    if (const ExitStatusInfo* row = exitStatusInfo(code); row && row->afterRun)
        return QString::fromUtf8(row->afterRun);
    return QStringLiteral("the runner ended with status %1").arg(code);
}

QString eventName(EventKind kind) {
    for (const auto& k : kKinds)
        if (k.kind == kind)
            return QString::fromLatin1(k.name);
    return {};
}

QString outcomeName(TaskOutcome outcome) {
    for (const auto& [o, text] : kOutcomes)
        if (o == outcome)
            return QString::fromLatin1(text);
    return {};
}

std::optional<TaskOutcome> outcomeFromName(const QString& name) {
    for (const auto& [o, text] : kOutcomes)
        if (name == QLatin1String(text))
            return o;
    return std::nullopt;
}

Json RunnerEvent::toJson() const {
    Json j = {{"event", kind == EventKind::Unknown ? utf8(name) : utf8(eventName(kind))}};
    if (task >= 0)
        j["task"] = task;
    switch (kind) {
    case EventKind::Unknown:
    case EventKind::Available:
        if (!message.isEmpty())
            j["message"] = utf8(message);
        break;
    case EventKind::Unavailable:
    case EventKind::Log:
        j["message"] = utf8(message);
        break;
    case EventKind::Device:
        j["name"] = utf8(deviceName);
        j["detail"] = utf8(deviceDetail);
        break;
    case EventKind::CopyBandwidth:
        j["GBps"] = gbps;
        break;
    case EventKind::CaseStarted:
        j.update({{"position", position},
                  {"total", total},
                  {"case", caseIndex},
                  {"batch_size", batchSize},
                  {"seq_len", seqLen}});
        if (!label.isEmpty())
            j["label"] = utf8(label);
        break;
    case EventKind::CaseFinished:
        j.update({{"position", position}, {"total", total}, {"case", caseIndex}, {"correct", correct}});
        if (medianNs)
            j["medianNs"] = *medianNs;
        break;
    case EventKind::Written:
        j["file"] = utf8(file);
        j["status"] = utf8(status);
        break;
    case EventKind::Failed:
        j["exitCode"] = exitCode;
        j["message"] = utf8(message);
        break;
    case EventKind::JobSubmitted:
        j["jobId"] = utf8(jobId);
        j["tasks"] = tasks;
        break;
    case EventKind::TaskState:
        j.update({{"jobId", utf8(jobId)},
                  {"state", utf8(state)},
                  {"reason", utf8(reason)},
                  {"outcome", utf8(outcomeName(outcome))}});
        break;
    case EventKind::TaskFinished: {
        j.update({{"jobId", utf8(jobId)},
                  {"state", utf8(state)},
                  {"reason", utf8(reason)},
                  {"outcome", utf8(outcomeName(outcome))},
                  {"exitCode", exitCode},
                  {"signal", signal},
                  {"message", utf8(message)}});
        if (!file.isEmpty())
            j["file"] = utf8(file);
        Json tail = Json::array();
        for (const QString& line : logTail)
            tail.push_back(utf8(line));
        j["logTail"] = tail;
        break;
    }
    case EventKind::Cancelling:
        j["jobId"] = utf8(jobId);
        j["message"] = utf8(message);
        break;
    case EventKind::SolutionResult:
        j["about"] = utf8(about);
        j["result"] = result.is_object() ? result : Json::object();
        break;
    case EventKind::TimedWindow:
        j["inside"] = inside;
        break;
    }
    return j;
}

std::optional<RunnerEvent> parseEvent(const QByteArray& line, QString* error) {
    const auto fail = [error](const QString& why) -> std::optional<RunnerEvent> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const Json j = Json::parse(line.constData(), line.constData() + line.size(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return fail(QStringLiteral("not a JSON object"));
    const auto nameIt = j.find("event");
    if (nameIt == j.end() || !nameIt->is_string())
        return fail(QStringLiteral("no \"event\" name"));
    RunnerEvent e;
    e.name = QString::fromStdString(nameIt->get<std::string>());
    for (const auto& k : kKinds)
        if (e.name == QLatin1String(k.name))
            e.kind = k.kind;
    Fields f(j);
    f.integer("task", e.task);
    f.string("message", e.message);
    f.integer("exitCode", e.exitCode);
    f.string("name", e.deviceName);
    f.string("detail", e.deviceDetail);
    f.number("GBps", e.gbps);
    f.integer("position", e.position);
    f.integer("total", e.total);
    f.integer("case", e.caseIndex);
    f.integer("batch_size", e.batchSize);
    f.integer("seq_len", e.seqLen);
    f.boolean("correct", e.correct);
    f.number("medianNs", e.medianNs);
    f.string("file", e.file);
    f.string("status", e.status);
    f.string("jobId", e.jobId);
    f.integer("tasks", e.tasks);
    f.string("state", e.state);
    f.string("reason", e.reason);
    f.integer("signal", e.signal);
    f.strings("logTail", e.logTail);
    f.string("label", e.label);
    f.string("about", e.about);
    f.boolean("inside", e.inside);
    if (const auto r = j.find("result"); r != j.end() && !r->is_null()) {
        if (r->is_object())
            e.result = *r;
        else if (f.error.isEmpty())
            f.error = QStringLiteral("\"result\" is not an object");
    }
    QString outcome;
    f.string("outcome", outcome);
    if (!f.error.isEmpty())
        return fail(QStringLiteral("event \"%1\": %2").arg(printable(e.name), f.error));
    if (!outcome.isEmpty()) {
        const auto o = outcomeFromName(outcome);
        if (!o)
            return fail(QStringLiteral("event \"%1\": unknown outcome \"%2\"")
                            .arg(printable(e.name), printable(outcome)));
        e.outcome = *o;
    }
    return e;
}

QString describeEvent(const RunnerEvent& e) {
    const QString prefix = e.task >= 0 ? QStringLiteral("task %1: ").arg(e.task) : QString();
    QString text;
    switch (e.kind) {
    case EventKind::Unknown:
        text = QStringLiteral("event \"%1\"").arg(e.name);
        break;
    case EventKind::Available:
        text = e.message.isEmpty() ? QStringLiteral("a run is possible here") : e.message;
        break;
    case EventKind::Unavailable:
    case EventKind::Log:
    case EventKind::Cancelling:
        text = e.message;
        break;
    case EventKind::Device:
        text = e.deviceDetail.isEmpty() ? e.deviceName
                                        : QStringLiteral("%1 (%2)").arg(e.deviceName, e.deviceDetail);
        break;
    case EventKind::CopyBandwidth:
        text = QStringLiteral("device-to-device copy: %1 GB/s").arg(qRound(e.gbps));
        break;
    case EventKind::CaseStarted:
        text = e.label.isEmpty() ? QStringLiteral("%1: batch_size=%2 seq_len=%3")
                                       .arg(caseText(e))
                                       .arg(e.batchSize)
                                       .arg(e.seqLen)
                                 : QStringLiteral("%1: %2").arg(caseText(e), e.label);
        break;
    case EventKind::CaseFinished:
        text = caseText(e) + QStringLiteral(": ") +
               (e.medianNs ? QStringLiteral("%1 µs median, ").arg(*e.medianNs / 1e3, 0, 'f', 2) : QString()) +
               (e.correct ? QStringLiteral("correct") : QStringLiteral("INCORRECT"));
        break;
    case EventKind::Written:
        text = QStringLiteral("wrote %1 (%2)").arg(e.file, e.status);
        break;
    case EventKind::Failed:
        text = e.message;
        break;
    case EventKind::JobSubmitted:
        text = QStringLiteral("Slurm job %1 submitted (%2 array task%3)")
                   .arg(e.jobId)
                   .arg(e.tasks)
                   .arg(e.tasks == 1 ? QString() : QStringLiteral("s"));
        break;
    case EventKind::TaskState: // Slurm's word; "done" is said only once the manifest is verified
        text = e.reason.isEmpty() || e.reason == QLatin1String("None")
                   ? QStringLiteral("Slurm: %1").arg(e.state)
                   : QStringLiteral("Slurm: %1 (%2)").arg(e.state, e.reason);
        break;
    case EventKind::TaskFinished:
        text = outcomeName(e.outcome) + (e.message.isEmpty() ? QString() : QStringLiteral(": ") + e.message);
        break;
    case EventKind::SolutionResult:
        text = QStringLiteral("the solution runner's %1 result").arg(e.about);
        break;
    case EventKind::TimedWindow:
        text = e.inside ? QStringLiteral("timed launches begin") : QStringLiteral("timed launches end");
        break;
    }
    return prefix + printable(text);
}

QString printable(const QString& text) {
    return terminalLine(text);
}

QList<ProgressStream::Item> ProgressStream::feed(const QByteArray& bytes) {
    QList<Item> out;
    qsizetype start = 0;
    while (start < bytes.size()) {
        const qsizetype newline = bytes.indexOf('\n', start);
        const qsizetype end = newline < 0 ? bytes.size() : newline;
        if (!m_skipping) {
            m_pending += bytes.mid(start, end - start);
            if (m_pending.size() > kMaxLine) {
                out.append(
                    {std::nullopt,
                     QStringLiteral("a progress line longer than %1 bytes was dropped").arg(kMaxLine)});
                m_pending.clear();
                m_skipping = true;
            }
        }
        if (newline < 0)
            break;
        if (!m_skipping)
            take(m_pending, out);
        m_pending.clear();
        m_skipping = false;
        start = newline + 1;
    }
    return out;
}

QList<ProgressStream::Item> ProgressStream::finish() {
    QList<Item> out;
    if (!m_skipping)
        take(m_pending, out);
    m_pending.clear();
    m_skipping = false;
    return out;
}

void ProgressStream::take(const QByteArray& raw, QList<Item>& out) const {
    const QByteArray line = raw.trimmed();
    if (line.isEmpty())
        return;
    QString error;
    if (line.startsWith('{')) {
        if (auto e = parseEvent(line, &error)) {
            out.append({std::move(e), {}});
            return;
        }
    }
    QString text = terminalLine(line); // invalid UTF-8 shown byte by byte
    if (error.startsWith(QLatin1String("event ")))
        text += QStringLiteral(" (not a progress event: %1)").arg(error);
    out.append({std::nullopt, text});
}

} // namespace kix::protocol
