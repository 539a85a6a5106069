// Background priority: nothing changes until a process opts in (the command line never does); then a
// thread that asks is lowered to nice kBackgroundNice, once, never raised, and no other thread changes.
// configureInteractiveProcess is that opt-in.
#include "InteractiveProcess.h"
#include "TestMain.h"
#include "ThreadPriority.h"

#include <QTest>
#include <thread>

#if defined(Q_OS_LINUX)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace {

#if defined(Q_OS_LINUX)
int threadNice() {
    return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)));
}
void setThreadNice(int nice) {
    ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), nice);
}
#endif

// Runs `body` on a new thread and returns what it returned.
template <typename Body> int onNewThread(Body body) {
    int out = 0;
    std::thread t([&] { out = body(); });
    t.join();
    return out;
}

} // namespace

class TestThreadPriority : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
#if !defined(Q_OS_LINUX)
        QSKIP("per-thread priorities are only set on Linux");
#endif
    }

    // Runs first: the opt-in below lasts for the rest of the process.
    void nothingChangesBeforeTheOptIn() {
#if defined(Q_OS_LINUX)
        const int start = threadNice();
        QCOMPARE(onNewThread([] {
                     kix::useBackgroundPriority();
                     return threadNice();
                 }),
                 start);
#endif
    }

    void lowersTheThreadThatAsks() {
#if defined(Q_OS_LINUX)
        kix::configureInteractiveProcess();
        const int start = threadNice();
        if (start >= kix::kBackgroundNice)
            QSKIP("the test runs at nice 10 or lower priority already");
        QCOMPARE(onNewThread([] {
                     kix::useBackgroundPriority();
                     kix::useBackgroundPriority(); // once per thread: no further change
                     return threadNice();
                 }),
                 kix::kBackgroundNice);
        QCOMPARE(threadNice(), start); // the asking thread only
#endif
    }

    void neverRaisesAThread() {
#if defined(Q_OS_LINUX)
        QCOMPARE(onNewThread([] {
                     setThreadNice(15);
                     if (threadNice() != 15)
                         return -100; // could not lower itself: nothing to check
                     kix::useBackgroundPriority();
                     return threadNice();
                 }),
                 15);
#endif
    }
};

KIX_TEST_GUILESS_MAIN(TestThreadPriority)
#include "tst_thread_priority.moc"
