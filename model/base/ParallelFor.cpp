#include "ParallelFor.h"

#include "ThreadPriority.h"
#include "WorkPool.h"

#include <QSemaphore>
#include <QThreadPool>
#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>

namespace kix {

namespace {

// Shared with the helpers, which may start only after the loop has ended: they then find no range left
// and touch nothing but this.
struct Loop {
    const std::function<void(int, int)>* work = nullptr;
    int count = 0, chunk = 1, ranges = 0;
    std::atomic<int> next{0}, done{0};
    QSemaphore finished;
    std::mutex failureLock;
    std::exception_ptr failure;

    void runRanges() {
        for (int r = next.fetch_add(1); r < ranges; r = next.fetch_add(1)) {
            const int begin = r * chunk;
            try {
                (*work)(begin, std::min(begin + chunk, count));
            } catch (...) {
                const std::lock_guard lock(failureLock);
                if (!failure)
                    failure = std::current_exception();
            }
            if (done.fetch_add(1) + 1 == ranges)
                finished.release();
        }
    }
};

} // namespace

void parallelFor(int count, int chunk, const std::function<void(int begin, int end)>& work) {
    if (count <= 0)
        return;
    auto loop = std::make_shared<Loop>();
    loop->work = &work;
    loop->count = count;
    loop->chunk = std::max(1, chunk);
    loop->ranges = (count + loop->chunk - 1) / loop->chunk;
    const int helpers = std::min(loop->ranges - 1, workPool()->maxThreadCount());
    for (int i = 0; i < helpers; ++i)
        workPool()->start([loop] {
            useBackgroundPriority();
            loop->runRanges();
        });
    loop->runRanges();
    loop->finished.acquire();
    if (loop->failure)
        std::rethrow_exception(loop->failure);
}

} // namespace kix
