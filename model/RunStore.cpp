#include "RunStore.h"

#include "ManifestParser.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QSet>
#include <QtConcurrent>

namespace kix {

RunStore::RunStore(QObject* parent)
    : QObject(parent) {
    connect(&m_watcher, &QFutureWatcher<ManifestPtr>::progressValueChanged, this,
            [this](int value) { emit loadProgress(value, m_watcher.progressMaximum()); });
    connect(&m_watcher, &QFutureWatcher<ManifestPtr>::finished, this, [this] {
        const QFuture<ManifestPtr> future = m_watcher.future();
        QList<ManifestPtr> done;
        // After a cancel only part of the results exist: keep those, they are complete files.
        for (int i = 0; i < future.resultCount(); ++i)
            if (future.isResultReadyAt(i))
                done << future.resultAt(i);
        if (m_parsingJob != m_job)
            return; // cleared or superseded while parsing: that already ended this load
        add(done);
        const int withErrors =
            int(std::count_if(done.begin(), done.end(), [](const ManifestPtr& m) { return m->hasErrors(); }));
        m_loading = false;
        emit loadFinished(int(done.size()), withErrors, m_cancelRequested);
    });
}

RunStore::~RunStore() {
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

QStringList RunStore::collectManifestFiles(const QStringList& paths) {
    QStringList files;
    QSet<QString> seen;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (info.isDir()) {
            QStringList inFolder;
            QDirIterator it(path, {QStringLiteral("*.json")}, QDir::Files | QDir::Readable,
                            QDirIterator::Subdirectories | QDirIterator::FollowSymlinks);
            while (it.hasNext())
                inFolder << it.next();
            inFolder.sort();
            for (const QString& f : inFolder) {
                const QString canonical = QFileInfo(f).canonicalFilePath();
                if (!seen.contains(canonical)) {
                    seen.insert(canonical);
                    files << f;
                }
            }
        } else {
            // Files that do not exist are kept so that loading reports them.
            const QString key = info.exists() ? info.canonicalFilePath() : path;
            if (!seen.contains(key)) {
                seen.insert(key);
                files << path;
            }
        }
    }
    return files;
}

QList<ManifestPtr> RunStore::loadBlocking(const QStringList& paths) {
    const QStringList files = collectManifestFiles(paths);
    return QtConcurrent::blockingMapped<QList<ManifestPtr>>(
        files, [](const QString& f) { return loadManifestFile(f); });
}

void RunStore::add(const QList<ManifestPtr>& manifests) {
    QList<ManifestPtr> fresh;
    QSet<QString> files;
    for (const auto& m : manifests) {
        if (indexOfFile(m->file) >= 0 || files.contains(m->file))
            continue; // already loaded: opening a folder twice adds nothing
        files.insert(m->file);
        fresh << m;
    }
    if (fresh.isEmpty())
        return;
    const int first = int(m_manifests.size());
    for (const auto& m : fresh) {
        m_byFile.insert(m->file, int(m_manifests.size()));
        m_manifests << m;
        m_resources.add(*m);
    }
    emit manifestsAdded(first, int(m_manifests.size()) - 1);
}

void RunStore::loadAsync(const QStringList& paths) {
    cancel();
    m_watcher.waitForFinished();
    const quint64 job = ++m_job;
    m_loading = true;
    m_cancelRequested = false;
    emit loadStarted();
    // Walking a large tree can take a while too, so it happens on the pool as well.
    QtConcurrent::run([paths] {
        return collectManifestFiles(paths);
    }).then(this, [this, job](const QStringList& files) {
        if (job != m_job)
            return; // a newer load or a clear superseded this one
        if (m_cancelRequested) {
            m_loading = false;
            emit loadFinished(0, 0, true);
            return;
        }
        startParsing(files, job);
    });
}

void RunStore::startParsing(const QStringList& files, quint64 job) {
    m_parsingJob = job;
    emit loadProgress(0, int(files.size()));
    m_watcher.setFuture(QtConcurrent::mapped(files, [](const QString& f) { return loadManifestFile(f); }));
}

void RunStore::cancel() {
    if (!m_loading)
        return;
    m_cancelRequested = true;
    m_watcher.cancel();
}

void RunStore::clear() {
    const bool wasLoading = m_loading;
    cancel();
    ++m_job;
    m_loading = false;
    m_manifests.clear();
    m_byFile.clear();
    m_resources.clear();
    emit cleared();
    if (wasLoading)
        emit loadFinished(0, 0, true);
}

int RunStore::indexOfFile(const QString& file) const {
    return m_byFile.value(file, -1);
}

QList<DigestCheck> RunStore::verify(int index) const {
    const ManifestPtr m = at(index);
    return m ? verifyRunDigests(*m, &m_resources) : QList<DigestCheck>{};
}

QString RunStore::facetValue(const Manifest& m, Facet facet) {
    switch (facet) {
    case Facet::Benchmark:
        return m.benchmarkLabel();
    case Facet::Gpu:
        return m.gpuLabel();
    case Facet::Implementation:
        return m.implementationLabel();
    case Facet::Family:
        return m.protocolSpec.family;
    }
    return {};
}

QStringList RunStore::facetValues(Facet facet) const {
    QStringList values;
    for (const auto& m : m_manifests)
        if (m->hasRun())
            values << facetValue(*m, facet);
    values.removeDuplicates();
    values.sort();
    return values;
}

QList<int> RunStore::runsWith(Facet facet, const QString& value) const {
    QList<int> out;
    for (int i = 0; i < m_manifests.size(); ++i)
        if (m_manifests[i]->hasRun() && facetValue(*m_manifests[i], facet) == value)
            out << i;
    return out;
}

} // namespace kix
