// SHA-256 of the files envelopes name as subjects, each file hashed once however many subjects, lines or
// envelopes name it (issue 40: 25,000 subjects naming one 64 MB file were each hashed). A file is hashed
// only when it is a regular file inside the envelope's folder (SetReference.h) and within the record
// limit (JsonLimits, KIX_MAX_RECORD_BYTES; EnvelopeLimits.h says why), so a sparse 20 GB file is refused
// by its size, unread.
#pragma once

#include "JsonReader.h"

#include <QHash>
#include <QString>

namespace kix {

class FileHashes {
public:
    explicit FileHashes(JsonLimits limits = JsonLimits::defaults())
        : m_limits(limits) {}
    struct Hash {
        QString hex;   // lowercase, when the file was hashed
        QString error; // else why not: "missing", "is a FIFO (named pipe), not a regular file", …
    };
    // `name` is a file name in `folder` (a statement's subject).
    const Hash& of(const QString& folder, const QString& name);
    int hashedCount() const { return m_hashed; } // files read and hashed so far

private:
    Hash compute(const QString& folder, const QString& name);
    JsonLimits m_limits;
    QHash<QString, Hash> m_done; // by folder + '/' + name
    int m_hashed = 0;
};

} // namespace kix
