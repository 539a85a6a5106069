#include "RunStore.h"

#include "BundleView.h"
#include "LoadJob.h"
#include "ThreadPriority.h"
#include "WorkPool.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QSet>
#include <QThread>
#include <QThreadPool>
#include <QTimer>

namespace kix {

RunStore::RunStore(QObject* parent)
    : QObject(parent) {}

RunStore::~RunStore() {
    cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

QList<ParsedDocument> RunStore::loadBlocking(const QStringList& paths, const JsonLimits& limits) {
    QList<ParsedDocument> out;
    LoadJob job(paths, limits, [&out](LoadBatch&& b) { out += std::move(b.documents); });
    job.run();
    return out;
}

int RunStore::addDocuments(QList<ParsedDocument>&& documents) {
    m_recent.clear(); // a new protocol, environment or merged source changes rows already built
    // A reference to every record the documents bring, dropped on the pool: a record the index has already
    // (the same protocol in 50,000 files) is freed with its last reference, and freeing those on this
    // thread was half of a 50,000-file load's merge time (kix-load-bench, perf, 2026-12-07).
    QList<std::shared_ptr<const void>> released;
    int first = -1, last = -1;
    for (ParsedDocument& doc : documents) {
        for (const ResourcePtr& r : std::as_const(doc.resources))
            released.append(r);
        if (doc.run)
            released.append(doc.run);
        const int row = m_index.add(std::move(doc));
        if (row >= 0) {
            if (first < 0)
                first = row;
            last = row;
        } else if (m_index.lastMergedRun() >= 0) {
            emit rowChanged(m_index.rowOfRun(m_index.lastMergedRun()));
        }
    }
    if (!released.isEmpty())
        workPool()->start([released = std::move(released)]() mutable { released.clear(); });
    if (first >= 0)
        emit rowsAdded(first, last);
    return first < 0 ? 0 : last - first + 1;
}

void RunStore::add(const QList<ParsedDocument>& documents) {
    addDocuments(QList<ParsedDocument>(documents));
}

void RunStore::loadAsync(const QStringList& paths) {
    cancel();
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    const quint64 id = ++m_jobId;
    m_rowsAtStart = m_index.rowCount();
    m_problemRowsAtStart = int(m_index.problemRows().size());
    // Results travel to this thread as queued calls with `this` as context: dropped if the store is gone.
    auto job = std::make_shared<LoadJob>(
        paths, JsonLimits{},
        [this, id](LoadBatch&& batch) {
            QMetaObject::invokeMethod(
                this, [this, id, b = std::move(batch)]() mutable { accept(id, std::move(b)); },
                Qt::QueuedConnection);
        },
        [this, id, posted = -1](const LoadProgress& p) mutable {
            // Called per file on the loader's thread: only a new permille reaches the UI thread (50,000
            // files were 50,000 queued calls).
            const int permille = p.total > 0 ? int(1000 * p.done / p.total) : 0;
            if (permille == posted)
                return;
            posted = permille;
            QMetaObject::invokeMethod(
                this,
                [this, id, permille] {
                    if (id == m_jobId)
                        emit loadProgress(permille, 1000);
                },
                Qt::QueuedConnection);
        });
    m_job = job;
    emit loadStarted();
    m_thread = QThread::create([this, job, id] {
        useBackgroundPriority(); // the loader's thread: walking folders and reading lines
        const bool complete = job->run();
        QMetaObject::invokeMethod(
            this, [this, id, complete] { finishLoad(id, !complete); }, Qt::QueuedConnection);
    });
    m_thread->start();
}

void RunStore::accept(quint64 job, LoadBatch&& batch) {
    if (job != m_jobId || !m_job)
        return; // cleared or superseded: that already ended this load
    if (batch.documents.isEmpty())
        return;
    m_pending.push_back(std::move(batch.documents));
    if (!m_drainScheduled) {
        m_drainScheduled = true;
        QTimer::singleShot(0, this, &RunStore::drain);
    }
}

// Merges what has arrived a slice at a time, so that the UI thread (which also builds the new table rows
// on rowsAdded) is never busy for long while a large load runs.
void RunStore::drain() {
    m_drainScheduled = false;
    QElapsedTimer budget;
    budget.start();
    constexpr qsizetype kSlice = 32;
    constexpr qint64 kBudgetMs = 12;
    while (!m_pending.empty() && budget.elapsed() < kBudgetMs) {
        QList<ParsedDocument>& front = m_pending.front();
        const qsizetype n = std::min(kSlice, front.size() - m_pendingAt);
        QList<ParsedDocument> slice;
        slice.reserve(n);
        for (qsizetype i = 0; i < n; ++i)
            slice.append(std::move(front[m_pendingAt + i]));
        m_pendingAt += n;
        if (m_pendingAt == front.size()) {
            m_pending.pop_front();
            m_pendingAt = 0;
        }
        addDocuments(std::move(slice));
    }
    if (!m_pending.empty()) {
        m_drainScheduled = true;
        QTimer::singleShot(0, this, &RunStore::drain);
        return;
    }
    if (m_finishPending) {
        const auto [job, cancelled] = *m_finishPending;
        m_finishPending.reset();
        finishLoad(job, cancelled);
    }
}

void RunStore::finishLoad(quint64 job, bool cancelled) {
    if (job != m_jobId || !m_job)
        return;
    if (!m_pending.empty()) {
        m_finishPending = std::make_pair(job, cancelled); // after what has arrived is merged
        return;
    }
    cancelled = cancelled || m_job->cancelled();
    m_job.reset();
    emit loadFinished(m_index.rowCount() - m_rowsAtStart,
                      int(m_index.problemRows().size()) - m_problemRowsAtStart, cancelled);
}

void RunStore::cancel() {
    if (m_job)
        m_job->cancel();
}

void RunStore::clear() {
    const bool wasLoading = isLoading();
    cancel();
    ++m_jobId; // batches still on their way are dropped
    m_job.reset();
    m_pending.clear();
    m_pendingAt = 0;
    m_finishPending.reset();
    m_index.clear();
    m_recent.clear();
    emit cleared();
    if (wasLoading)
        emit loadFinished(0, 0, true);
}

ManifestPtr RunStore::at(int row) const {
    constexpr qsizetype kKept = 8; // Compare shows up to 8 runs
    for (qsizetype i = 0; i < m_recent.size(); ++i)
        if (m_recent[i].first == row) {
            m_recent.move(i, 0);
            return m_recent.front().second;
        }
    ManifestPtr m = bundleView(m_index, row);
    if (m) {
        m_recent.prepend({row, m});
        if (m_recent.size() > kKept)
            m_recent.removeLast();
    }
    return m;
}

const RunEntry* RunStore::runAt(int row) const {
    const StoreRow r = m_index.row(row);
    return r.kind == StoreRow::Kind::Run && r.index >= 0 ? &m_index.run(r.index) : nullptr;
}

QList<DigestCheck> RunStore::verify(int row) const {
    const RunEntry* e = runAt(row);
    return e ? verifyRun(m_index, *e) : QList<DigestCheck>{};
}

QString RunStore::facetValue(const RunEntry& run, Facet facet) const {
    switch (facet) {
    case Facet::Benchmark:
        return run.run->spec.benchmark;
    case Facet::Gpu: {
        const ResourceEntry* env = m_index.environmentOf(run);
        return env ? env->resource->environment.product : QString();
    }
    case Facet::Implementation:
        return implementationLabel(*run.run);
    case Facet::Family: {
        const ResourceEntry* p = m_index.protocolOf(run);
        return p ? p->resource->protocol.family : QString();
    }
    }
    return {};
}

QStringList RunStore::facetValues(Facet facet) const {
    QSet<QString> values;
    for (const RunEntry& e : m_index.runs())
        values.insert(facetValue(e, facet));
    QStringList out(values.begin(), values.end());
    out.sort();
    return out;
}

} // namespace kix
