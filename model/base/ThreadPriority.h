// Background threads yield the CPU to the UI thread. On a machine with fewer cores than kix's busy
// threads (a load: the loader, the pool's parsers, and the UI thread merging and drawing rows), equal
// priorities let the parsers take the UI thread's core for tens of milliseconds at a time; a load's work
// is no less, only the UI thread goes first. The explorer opts in; the command line, whose only waiting
// user is the process itself, keeps every thread at the priority it was started with.
#pragma once

namespace kix {

inline constexpr int kBackgroundNice = 10;

// From now on useBackgroundPriority() lowers the threads that call it (the explorer's main calls this).
void enableBackgroundPriority();

// Where enabled: lowers the calling thread's scheduling priority (Linux: nice +kBackgroundNice for this
// thread only), once per thread; else, and where the system has no per-thread priority, nothing. Never
// raised again: a pool thread that ran background work stays a background thread (kix's pool runs nothing
// else).
void useBackgroundPriority();

} // namespace kix
