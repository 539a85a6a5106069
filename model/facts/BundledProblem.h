// The problem file kix bundles (013, fused residual RMSNorm backward), read once from kix's resources.
#pragma once

#include "ProblemDefinition.h"

#include <QString>

namespace kix {

// nullptr with the reason in `error` when the program did not register kix's resources or the file does
// not read.
const ProblemDefinition* bundledProblemDefinition(QString* error = nullptr);

} // namespace kix
