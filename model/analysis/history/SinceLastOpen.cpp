#include "SinceLastOpen.h"

#include "InputLimits.h"
#include "Policy.h"
#include "RegularFile.h"

#include <QDateTime>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>
#include <sys/stat.h>

namespace kix {

namespace {

constexpr qsizetype kShortDigits = 16;
const char kSnapshotHeader[] = "kix-cohort-snapshot 1";

// The first 16 hex digits of "sha256:…" (or of a bare hex digest).
QString shortHex(const QString& digest) {
    return (digest.startsWith(QLatin1String("sha256:")) ? digest.mid(7) : digest).left(kShortDigits);
}

bool isShortHex(const QString& text) {
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{16}$"));
    return hex.match(text).hasMatch();
}

// Whether a run was read from `root` (a file) or from below it (a folder), by canonical path; the
// canonical path of each file is looked up once.
bool readFromRoot(const RunEntry& e, const QString& root, QHash<QString, QString>& canonical) {
    for (const auto& o : e.occurrences) {
        auto it = canonical.constFind(o.origin.file);
        if (it == canonical.constEnd())
            it = canonical.insert(o.origin.file, QFileInfo(o.origin.file).canonicalFilePath());
        if (!it->isEmpty() && (*it == root || it->startsWith(root + u'/')))
            return true;
    }
    return false;
}

// One "KEY RUNS LEADER" line; false (with `why`) when it is not one.
bool readSnapshotLine(const QByteArray& line, CohortSnapshot& out, QString& why) {
    const QList<QByteArray> f = line.split(' ');
    bool ok = false;
    const int runs = f.size() == 3 ? f[1].toInt(&ok) : 0;
    const QString key = QString::fromLatin1(f.value(0));
    const QString leader = QString::fromLatin1(f.value(2));
    if (f.size() != 3 || !isShortHex(key) || !ok || runs < 1 ||
        (leader != QLatin1String("-") && !isShortHex(leader))) {
        why = QStringLiteral("expected \"KEY RUNS LEADER\" (16 hex digits, a count above 0, 16 hex digits "
                             "or -), got \"%1\"")
                  .arg(QString::fromLatin1(line.left(80)));
        return false;
    }
    if (out.cohorts.contains(key)) {
        why = QStringLiteral("cohort %1 is listed twice").arg(key);
        return false;
    }
    out.cohorts.insert(key, CohortMark{runs, leader == QLatin1String("-") ? QString() : leader});
    return true;
}

} // namespace

QString lastOpenIdentity(const QString& path) {
    const QFileInfo info(path);
    QString canonical = info.canonicalFilePath(); // not const: returned, so moved
    if (canonical.isEmpty())
        return {};
    static const QRegularExpression exportName(
        QStringLiteral(R"(^catalog-\d{4}-\d{2}-\d{2}-[0-9a-f]+\.jsonl(\.zst)?$)"));
    if (info.isFile() && exportName.match(info.fileName()).hasMatch())
        return QFileInfo(canonical).absolutePath() + QStringLiteral("/catalog-*");
    return canonical;
}

QList<int> runsReadFrom(const RecordIndex& index, const QString& root) {
    QList<int> out;
    QHash<QString, QString> canonical;
    for (int r = 0; r < index.runCount(); ++r)
        if (root.isEmpty() || readFromRoot(index.run(r), root, canonical))
            out.append(r);
    return out;
}

CohortSnapshot cohortSnapshot(const RecordIndex& index, const QList<int>& runs) {
    CohortSnapshot out;
    QHash<QString, double> best; // the leader's time by cohort
    for (const int r : runs) {
        const RunEntry& e = index.run(r);
        const PolicyFacts facts = policyFacts(index, e);
        const QString key = shortHex(facts.cohortKey());
        if (key.isEmpty())
            continue;
        out.keyOfRun.insert(r, key);
        CohortMark& mark = out.cohorts[key];
        ++mark.runs;
        const std::optional<double> ns = facts.primary ? facts.primary->nanoseconds() : std::nullopt;
        if (!facts.eligible() || !ns)
            continue;
        const auto at = best.constFind(key);
        if (at == best.constEnd() || *ns < *at) {
            best.insert(key, *ns);
            mark.leader = shortHex(e.run->resource->digest);
        }
    }
    return out;
}

QByteArray serializeCohortSnapshot(const CohortSnapshot& snapshot) {
    QByteArray out = QByteArray(kSnapshotHeader) + '\n';
    out += snapshot.openedAt.toLatin1() + '\n';
    QString label = snapshot.label;
    label.replace(u'\n', u' ');
    out += label.toUtf8() + '\n';
    QStringList keys = snapshot.cohorts.keys();
    keys.sort();
    for (const QString& key : keys) {
        const CohortMark& m = snapshot.cohorts[key];
        out += key.toLatin1() + ' ' + QByteArray::number(m.runs) + ' ' +
               (m.leader.isEmpty() ? QByteArray("-") : m.leader.toLatin1()) + '\n';
    }
    return out;
}

QString settingsFileProblem(const QString& path) {
    const QFileInfo info(path);
    if (!info.exists() && !info.isSymLink())
        return {};
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return QStringLiteral("it cannot be read (a link to nothing?)");
    if (!S_ISREG(st.st_mode))
        return QStringLiteral("it is %1, not a regular file").arg(fileKindName(st.st_mode));
    if (st.st_size > limits::kMaxSettingsFileBytes)
        return QStringLiteral("it is %1 bytes, over the limit of %2")
            .arg(qint64(st.st_size))
            .arg(limits::kMaxSettingsFileBytes);
    return {};
}

CohortSnapshotRead parseCohortSnapshot(const QByteArray& text) {
    CohortSnapshotRead out;
    if (text.size() > limits::kMaxSnapshotBytes) {
        out.reason = QStringLiteral("the saved snapshot is %1 bytes, over the limit of %2")
                         .arg(text.size())
                         .arg(limits::kMaxSnapshotBytes);
        return out;
    }
    if (text.count('\n') > limits::kMaxSnapshotCohorts + 3) {
        out.reason = QStringLiteral("the saved snapshot has %1 lines, more than the limit of %2 cohorts")
                         .arg(text.count('\n'))
                         .arg(limits::kMaxSnapshotCohorts);
        return out;
    }
    QList<QByteArray> lines = text.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    if (lines.value(0) != kSnapshotHeader) {
        out.reason = QStringLiteral("the saved snapshot is from another version of kix (header \"%1\", "
                                    "expected \"%2\")")
                         .arg(QString::fromLatin1(lines.value(0).left(40)), QLatin1String(kSnapshotHeader));
        return out;
    }
    CohortSnapshot s;
    s.openedAt = QString::fromLatin1(lines.value(1));
    if (!QDateTime::fromString(s.openedAt, Qt::ISODateWithMs).isValid()) {
        out.reason = QStringLiteral("the saved snapshot cannot be read: line 2: expected the time it was "
                                    "taken, got \"%1\"")
                         .arg(s.openedAt.left(40));
        return out;
    }
    if (lines.size() < 3) {
        out.reason =
            QStringLiteral("the saved snapshot cannot be read: line 3: expected the name of what was "
                           "opened, got the end of the text");
        return out;
    }
    s.label = QString::fromUtf8(lines[2]);
    for (qsizetype i = 3; i < lines.size(); ++i) {
        QString why;
        if (!readSnapshotLine(lines[i], s, why)) {
            out.reason = QStringLiteral("the saved snapshot cannot be read: line %1: %2").arg(i + 1).arg(why);
            return out;
        }
    }
    out.snapshot = std::move(s);
    return out;
}

ChangesSinceLastOpen compareCohortSnapshots(const QByteArray& previous, const CohortSnapshot& current) {
    ChangesSinceLastOpen out;
    if (previous.isEmpty()) {
        out.reason = QStringLiteral("first open: no snapshot of an earlier open is kept");
        return out;
    }
    const CohortSnapshotRead read = parseCohortSnapshot(previous);
    if (!read.snapshot) {
        out.reason = QStringLiteral("counted as a first open: ") + read.reason;
        return out;
    }
    out.firstOpen = false;
    out.since = read.snapshot->openedAt;
    QSet<QString> changed;
    for (auto it = current.cohorts.cbegin(); it != current.cohorts.cend(); ++it) {
        const CohortMark before = read.snapshot->cohorts.value(it.key());
        CohortChange c{it.key(), std::max(0, it->runs - before.runs),
                       !it->leader.isEmpty() && it->leader != before.leader};
        if (c.newRuns == 0 && !c.newRecord)
            continue;
        out.newRuns += c.newRuns;
        out.newRecords += c.newRecord;
        changed.insert(c.key);
        out.changes.append(c);
    }
    std::sort(out.changes.begin(), out.changes.end(),
              [](const CohortChange& a, const CohortChange& b) { return a.key < b.key; });
    for (auto it = current.keyOfRun.cbegin(); it != current.keyOfRun.cend(); ++it)
        if (changed.contains(*it))
            out.changedRuns.insert(it.key());
    return out;
}

QString ChangesSinceLastOpen::summary() const {
    if (firstOpen)
        return reason;
    if (changes.isEmpty())
        return QStringLiteral("nothing changed since %1").arg(since);
    return QStringLiteral("%1 cohort(s) changed since %2: %3 with a new record, %4 new run(s)")
        .arg(changes.size())
        .arg(since)
        .arg(newRecords)
        .arg(newRuns);
}

} // namespace kix
