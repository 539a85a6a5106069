// Checked before any work starts (issue 13: `kix run` used to find an unusable --output only after
// a whole GPU run, and lose the results): the folder exists or is created, is a folder, and a file
// can be created and removed in it.
#pragma once

#include <QString>

namespace kix::runner {

// Empty when the folder is ready; otherwise the reason, e.g.
// "/data/runs is not writable: Permission denied".
QString prepareOutputFolder(const QString& folder);

} // namespace kix::runner
