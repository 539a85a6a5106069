// The bundle view of one row of the record store: the run with its JSON parsed and the resources it names
// resolved across everything loaded, its digest checks and policy facts, for the views that need fields
// beyond the typed ones (details, raw, field diff, citation). Built on demand; the store itself knows
// nothing of it, so the index sits below the policy and verification that the view applies.
#pragma once

#include "Manifest.h"
#include "RecordIndex.h"

namespace kix {

// Null for a row out of range; a problem row gives a view with its file, origins and problems only.
ManifestPtr bundleView(const RecordIndex& index, int row);

} // namespace kix
