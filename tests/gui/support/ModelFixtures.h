// Fixtures of the tests of item models: runs made in code, without a file.
#pragma once

#include "Manifest.h"

#include <QList>

namespace kixtest {

// A readable run (Details shows the cases of one only) with these cases.
kix::ManifestPtr withCases(QList<kix::CaseResult> cases);

} // namespace kixtest
