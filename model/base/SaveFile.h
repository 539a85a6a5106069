// Saving a file the user named (an export, a citation, a plot): atomically, and only as a regular file.
//
// QSaveFile writes a temporary file beside the target and renames it over the target. Over a device,
// a FIFO or a socket that rename replaces the special file itself: exporting to /dev/null as root once
// replaced the system's /dev/null with a regular file. And a writer that opens a FIFO directly (a PNG
// export) blocks until something reads it, freezing the window. So an existing target that is not a
// regular file, directly or through a symbolic link, is refused before anything is written. A link
// to a regular file is followed, as the user chose it in a dialog: the file it names is replaced.
#pragma once

#include <QByteArray>
#include <QString>

namespace kix {

// Why `path` cannot be saved to: it exists and is not a regular file (a folder, a FIFO, a device, a
// socket, a link to one of them), or it cannot be inspected. Empty when a save may go ahead.
QString saveTargetProblem(const QString& path);

// Writes `bytes` to `path` atomically (the old content stays whole if anything fails). Returns the
// error message, empty on success; on failure nothing at `path` has changed.
QString saveFile(const QString& path, const QByteArray& bytes);

} // namespace kix
