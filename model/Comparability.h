// Whether two runs may be compared at all: same comparison family, benchmark, GPU and stack version.
#pragma once

#include "Manifest.h"

#include <QStringList>

namespace kix {

struct ComparabilityVerdict {
    bool comparable = true;
    QStringList reasons; // one sentence per difference, empty when comparable
};

ComparabilityVerdict assessComparability(const Manifest& a, const Manifest& b);

} // namespace kix
