// Files a reader takes from memory instead of the disk (issue 37): a SOL-ExecBench trace opened in the
// explorer is imported into the set `kix import-trace` would write, and its manifests are read with their
// raw-samples evidence from that set, nothing written. The files stand in a folder by absolute path;
// a reader asks find() before it opens a file. Per thread, for the lifetime of the scope.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace kix {

class InMemoryFiles {
public:
    // `files`: absolute path → bytes. Scopes do not nest: this thread's earlier one is restored after.
    explicit InMemoryFiles(QHash<QString, QByteArray> files);
    ~InMemoryFiles();
    InMemoryFiles(const InMemoryFiles&) = delete;
    InMemoryFiles& operator=(const InMemoryFiles&) = delete;

    // The bytes of `path` (absolute, clean) when a scope on this thread holds it, else null.
    static const QByteArray* find(const QString& path);

private:
    QHash<QString, QByteArray> m_files;
    const InMemoryFiles* m_previous;
};

} // namespace kix
