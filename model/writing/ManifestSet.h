// A set of files kix writes together (an imported trace, a local run: runs, workloads, protocol,
// environment, implementation, raw-samples evidence) and the one way they reach the disk. The set is
// all or nothing: every file is first written whole into a private staging folder beside the
// targets, then moved into place; if any step fails, what was moved is taken back, so a failure
// never leaves half a set (issue 13: a 300-character name stopped an import after 6 of 14 files).
// Nothing is ever written through a symbolic link, and an existing file is replaced only when the
// caller asks (--force); a file planted at a target name between the check and the move is not
// replaced either (the move itself refuses to replace).
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace kix {

struct SetFile {
    QString name; // a plain file name, no folder
    QByteArray bytes;
};

class ManifestSet {
public:
    // Adds the document as pretty-printed JSON with a final newline. Adding the same name with the
    // same bytes again keeps one file; the same name with other bytes is refused with the reason
    // (two different documents would otherwise overwrite each other). Empty on success.
    QString add(const QString& fileName, const nlohmann::json& document);
    QString addBytes(const QString& fileName, const QByteArray& bytes);
    const QList<SetFile>& files() const { return m_files; }
    const SetFile* find(const QString& fileName) const;
    qsizetype size() const { return m_files.size(); }

private:
    QList<SetFile> m_files;
};

// The bytes kix writes for a JSON document: two-space indentation and a final newline.
QByteArray jsonFileBytes(const nlohmann::json& document);

struct SetWriteResult {
    QStringList errors;  // empty when every file was written
    QStringList written; // the paths written, in the set's order (empty when errors is not)
    bool ok() const { return errors.isEmpty(); }
};

// Writes every file of the set into `folder` (created when missing). Refused up front, naming each
// file: a target that is a symbolic link ("… is a symbolic link; kix does not write through or
// replace one"), one that exists and is not a regular file, and, unless `replace`, one that exists
// with other content. A file already there with exactly the bytes of the set is left as it is (a
// second import of one trace, the implementation a second local run names).
SetWriteResult writeManifestSet(const QString& folder, const ManifestSet& set, bool replace);

} // namespace kix
