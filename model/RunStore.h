// The set of loaded manifests. Loads files and folders off the calling thread, with progress and
// cancellation; one bad file becomes a manifest with problems, never a stopped load. Keeps the
// resource index that digest verification looks in, and indexes runs by facet.
#pragma once

#include "Manifest.h"
#include "Verification.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QStringList>
#include <atomic>

namespace kix {

enum class Facet { Benchmark, Gpu, Implementation, Family };

class RunStore : public QObject {
    Q_OBJECT
public:
    explicit RunStore(QObject* parent = nullptr);
    ~RunStore() override;

    // Every *.json below the given folders (recursively) plus the given files, sorted, without duplicates.
    static QStringList collectManifestFiles(const QStringList& paths);
    // Parses files on the global thread pool and waits; for the CLI and tests.
    static QList<ManifestPtr> loadBlocking(const QStringList& paths);

    void add(const QList<ManifestPtr>& manifests);
    void loadAsync(const QStringList& paths);
    void cancel();
    bool isLoading() const { return m_loading; }
    void clear();

    int size() const { return int(m_manifests.size()); }
    ManifestPtr at(int index) const { return m_manifests.value(index); }
    const QList<ManifestPtr>& manifests() const { return m_manifests; }
    int indexOfFile(const QString& file) const;
    const ResourceIndex& resources() const { return m_resources; }

    QList<DigestCheck> verify(int index) const;
    QStringList facetValues(Facet facet) const;
    QList<int> runsWith(Facet facet, const QString& value) const;
    static QString facetValue(const Manifest& m, Facet facet);

signals:
    void loadStarted();
    void loadProgress(int done, int total);
    void loadFinished(int loaded, int withErrors, bool cancelled);
    void manifestsAdded(int first, int last);
    void cleared();

private:
    void startParsing(const QStringList& files, quint64 job);

    QList<ManifestPtr> m_manifests;
    QHash<QString, int> m_byFile;
    quint64 m_parsingJob = 0;
    ResourceIndex m_resources;
    QFutureWatcher<ManifestPtr> m_watcher;
    std::atomic<quint64> m_job{0}; // results of an older job are dropped
    bool m_loading = false;
    bool m_cancelRequested = false;
};

} // namespace kix
