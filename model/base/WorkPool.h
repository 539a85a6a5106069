// kix's own thread pool for its long work (loading, parsing, hashing, comparing off the UI thread).
//
// Not QThreadPool::globalInstance(): Qt 6.4's painting uses the global pool too (large fills and image
// conversions split into segments on it) and the GUI thread waits for those segments on a semaphore.
// With the global pool busy parsing a 15 MiB manifest, a repaint waited 220–330 ms behind the parse
// (kix-ui-bench's load step, perf sched_switch: QSemaphore::acquire in libQt6Gui, 2026-12-05).
// On a pool of its own, kix's work never queues in front of Qt's.
#pragma once

class QThreadPool;

namespace kix {

QThreadPool* workPool();

} // namespace kix
