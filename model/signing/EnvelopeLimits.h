// Every limit on what kix reads when it checks envelopes, in one place (docs/trust.md, "Limits"): an
// envelope found beside a manifest is untrusted input until its signature verifies, and even a valid one
// names files kix must hash. Each refusal names its limit.
#pragma once

#include <QtGlobal>

namespace kix {

// One envelope file (JSON Lines): an envelope of a kix rerun is a few KB.
inline constexpr qint64 kMaxEnvelopeFileBytes = qint64{4} * 1024 * 1024;
// Other *.intoto.jsonl files examined in a manifest's folder for envelopes that name it.
inline constexpr int kMaxEnvelopeFilesBeside = 256;
// Subjects one statement may name: a kix rerun names 2 files (its manifest and implementation).
inline constexpr int kMaxSubjectsPerStatement = 1000;
// A subject's file is hashed only up to the record limit (JsonLimits: 16 MiB, KIX_MAX_RECORD_BYTES):
// kix reads no larger file, and a sparse 20 GB file named as a subject would otherwise be read whole.

} // namespace kix
