// What a process with a window sets up so that its UI thread stays responsive during long loads: its
// background threads yield the CPU to the UI thread (ThreadPriority.h), and the allocator frees small
// blocks at once rather than collecting them for a later merge on whichever thread asks next. The explorer
// and the benchmarks that measure it call this first; the command line does not.
#pragma once

namespace kix {

void configureInteractiveProcess();

} // namespace kix
