// KernelIndex takes a run together with what it links, so a run is not accepted when a resource it links
// is rejected: its protocol, environment, workload or implementation as verified by digest, and what
// those link in turn (a workload's OperationSpec). Issue 26: import-trace's bare arguments made
// OperationSpecs KernelIndex rejects, and the runs linking them were called accepted. One rule for `kix
// verify`, `kix show`, the Details tab and the run table's KernelIndex column.
#pragma once

#include "RecordIndex.h"
#include "Verification.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

namespace kix {

// The loaded resources KernelIndex would reject among those the verified checks link, followed
// transitively; each once, nearest first.
QList<const ResourceRecord*> rejectedLinks(const RecordIndex& index, const QList<DigestCheck>& checks);

// "OperationSpec rmsnorm_h4096" for each: what a view names (unsanitized: views sanitize as they show).
QStringList rejectedLinkNames(const QList<const ResourceRecord*>& rejected);

// "it links OperationSpec X, which KernelIndex would reject[, and N more]"; empty for none. `name` makes a
// name safe for where it is shown.
QString rejectedLinksPhrase(const QStringList& names, const std::function<QString(const QString&)>& name);

} // namespace kix
