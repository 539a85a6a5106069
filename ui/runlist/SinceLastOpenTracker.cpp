#include "SinceLastOpenTracker.h"

#include "OffUiThread.h"
#include "Settings.h"
#include "SinceLastOpen.h"
#include "TextSanitizer.h"

#include <QDateTime>
#include <QFileInfo>
#include <algorithm>
#include <utility>

namespace kix::ui {

namespace {

// One noted root against the loaded runs (on a worker thread).
SinceLastOpenTracker::Compared compareRoot(const RecordIndex& index, const SinceLastOpenTracker::Root& root,
                                           const QString& now) {
    SinceLastOpenTracker::Compared out;
    out.root = root;
    const QList<int> runs = runsReadFrom(index, root.path);
    out.loaded = !runs.isEmpty();
    if (!out.loaded)
        return out;
    CohortSnapshot current = cohortSnapshot(index, runs);
    current.label = QFileInfo(root.path).fileName();
    current.openedAt = now;
    const ChangesSinceLastOpen changes = compareCohortSnapshots(root.previous, current);
    out.snapshot = serializeCohortSnapshot(current);
    out.line = current.label + QStringLiteral(": ") + changes.summary();
    for (const int run : changes.changedRuns)
        out.storeRows.insert(index.rowOfRun(run));
    return out;
}

} // namespace

SinceLastOpenTracker::SinceLastOpenTracker(Settings* settings, QObject* parent)
    : QObject(parent)
    , m_settings(settings) {}

void SinceLastOpenTracker::noteOpened(const QStringList& paths) {
    for (const QString& p : paths) {
        if (p.startsWith(u':'))
            continue; // bundled resources
        const QString canonical = QFileInfo(p).canonicalFilePath();
        const QString identity = lastOpenIdentity(p);
        if (canonical.isEmpty() || identity.isEmpty())
            continue;
        const bool known =
            std::any_of(m_noted.cbegin(), m_noted.cend(), [&](const Root& r) { return r.path == canonical; });
        if (!known)
            m_noted.append(Root{canonical, identity, {}});
    }
}

void SinceLastOpenTracker::noteLoaded(const RecordIndex& snapshot, bool cancelled) {
    if (cancelled)
        m_noted.clear();
    if (m_noted.isEmpty())
        return;
    QList<Root> roots = m_noted;
    for (Root& r : roots)
        r.previous = m_settings->cohortSnapshot(r.identity);
    const quint64 job = ++m_job;
    ++m_pending;
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    runOffUiThread(
        this,
        [snapshot, roots, now] {
            QList<Compared> out;
            for (const Root& r : roots)
                out.append(compareRoot(snapshot, r, now));
            return out;
        },
        [this, job](const QList<Compared>& results) {
            --m_pending;
            apply(job, results);
        });
}

void SinceLastOpenTracker::apply(quint64 job, const QList<Compared>& results) {
    if (job != m_job)
        return; // cleared, or a later load's comparison is on its way
    bool any = false;
    for (const Compared& c : results) {
        if (!c.loaded)
            continue; // still queued: compared when its load ends
        m_settings->setCohortSnapshot(c.root.identity, c.snapshot);
        m_noted.removeIf([&](const Root& r) { return r.path == c.root.path; });
        m_results.insert(c.root.path, c); // a reopening replaces the earlier comparison
        any = true;
    }
    if (!any)
        return;
    QStringList lines;
    m_rows.clear();
    for (const Compared& c : std::as_const(m_results)) {
        lines << widgetLine(c.line); // names a file: a hostile name is shown inert
        m_rows.unite(c.storeRows); // rows stay valid: the store only appends until it is cleared
    }
    m_line = lines.join(QStringLiteral("; "));
    emit changed();
}

void SinceLastOpenTracker::clear() {
    ++m_job;
    m_noted.clear();
    m_results.clear();
    m_line.clear();
    m_rows.clear();
    emit changed();
}

} // namespace kix::ui
