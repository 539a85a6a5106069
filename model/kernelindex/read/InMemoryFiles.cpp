#include "InMemoryFiles.h"

#include <QDir>

namespace kix {

namespace {
thread_local const InMemoryFiles* t_current = nullptr;
} // namespace

InMemoryFiles::InMemoryFiles(QHash<QString, QByteArray> files)
    : m_files(std::move(files))
    , m_previous(t_current) {
    t_current = this;
}

InMemoryFiles::~InMemoryFiles() {
    t_current = m_previous;
}

const QByteArray* InMemoryFiles::find(const QString& path) {
    if (!t_current)
        return nullptr;
    const auto it = t_current->m_files.constFind(QDir::cleanPath(path));
    return it == t_current->m_files.constEnd() ? nullptr : &*it;
}

} // namespace kix
