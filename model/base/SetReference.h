// The one resolver of the files a manifest or an envelope names (issue 40): a raw-samples URI, an
// envelope's subject, the envelope beside a manifest. A reference is a path relative to the folder of the
// file that names it (the set's folder), and it must stay there: no absolute path, no ".." segment, no
// symbolic link (of the file or of a folder on the way) that leads out of the folder, and nothing but a
// regular file (a FIFO would block a reader, a device be read forever). Each refusal is a sentence that
// names the reference and why; the caller locates it (file, JSON path). A reference to a file that does
// not exist resolves: the reader that opens it says "no such file" (RegularFile.h).
#pragma once

#include <QString>
#include <optional>

namespace kix {

struct SetReference {
    QString path;                   // where the reference leads, when it resolves
    std::optional<QString> refusal; // why it does not: "\"../x\" leaves the set's folder (a \"..\" segment)"
};

// `folder` is the folder of the file that names `reference`.
SetReference resolveSetReference(const QString& folder, const QString& reference);

} // namespace kix
