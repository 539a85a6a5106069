// Splits a loop over [0, count) into chunks run by kix's pool and the calling thread together.
//
// Not QtConcurrent::blockingMap: from a pool thread (where kix's background work runs) it waits for the
// pool like any caller, so the waiting thread counts as busy, no second thread can be started, and the
// map ran on one thread of two (a 7,857-row refresh: 1.8 s on one core while the other idled; perf,
// 2026-12-07). Here the caller works through the chunks as well, so the loop finishes even when every
// pool thread is taken.
#pragma once

#include <functional>

namespace kix {

// Calls work(begin, end) for consecutive ranges of at most `chunk` indices covering [0, count), on up to
// the pool's thread count of helpers and the calling thread, and returns once every range is done. The
// first exception a range throws is rethrown here, after the other ranges have ended.
void parallelFor(int count, int chunk, const std::function<void(int begin, int end)>& work);

} // namespace kix
