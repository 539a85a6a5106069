// libFuzzer target: the explorer's kept "since last open" snapshot (SinceLastOpen.h) on arbitrary bytes, as
// the settings file hands them back. Nothing may crash, hang or trip a sanitizer; a text over the size or
// cohort limit is refused; one that reads writes back to a text that reads to the same cohorts.
#include "InputLimits.h"
#include "SinceLastOpen.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    const kix::CohortSnapshotRead read = kix::parseCohortSnapshot(text);
    if (!read.snapshot) {
        if (read.reason.isEmpty())
            __builtin_trap();
        return 0;
    }
    if (read.snapshot->cohorts.size() > kix::limits::kMaxSnapshotCohorts)
        __builtin_trap();
    const kix::CohortSnapshotRead again =
        kix::parseCohortSnapshot(kix::serializeCohortSnapshot(*read.snapshot));
    if (!again.snapshot || again.snapshot->cohorts != read.snapshot->cohorts)
        __builtin_trap();
    return 0;
}
