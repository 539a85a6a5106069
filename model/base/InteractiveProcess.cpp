#include "InteractiveProcess.h"

#include "ThreadPriority.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace kix {

void configureInteractiveProcess() {
    enableBackgroundPriority();
#if defined(__GLIBC__)
    // glibc keeps freed small blocks in "fast bins" and merges them all on the next large request. After a
    // load, the million strings of its interim table rows (built on the UI thread, freed on the pool) were
    // merged inside the UI thread's next allocation: 49 of a 96 ms stall (kix-load-bench, 50,000 files,
    // perf, 2026-12-07). Without fast bins a free merges its block at once, on the thread that frees it.
    mallopt(M_MXFAST, 0);
#endif
}

} // namespace kix
