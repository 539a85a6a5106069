#include "ThreadPriority.h"

#include <QtGlobal>
#include <algorithm>
#include <atomic>
#include <cerrno>

#if defined(Q_OS_LINUX)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace kix {

namespace {
std::atomic<bool> g_enabled{false};
} // namespace

void enableBackgroundPriority() {
    g_enabled.store(true, std::memory_order_relaxed);
}

void useBackgroundPriority() {
    if (!g_enabled.load(std::memory_order_relaxed))
        return;
#if defined(Q_OS_LINUX)
    // Linux keeps the nice value per thread (PRIO_PROCESS with a thread id). A failure (a sandbox that
    // forbids it) leaves the thread as it was: only the UI is slower then.
    thread_local const bool lowered = [] {
        const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
        errno = 0;
        const int now = ::getpriority(PRIO_PROCESS, tid);
        return errno == 0 && ::setpriority(PRIO_PROCESS, tid, std::max(now, kBackgroundNice)) == 0;
    }();
    (void)lowered;
#endif
}

} // namespace kix
