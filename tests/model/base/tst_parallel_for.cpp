// parallelFor: every index once, in ranges of at most the chunk, on more than one thread where the pool
// has one free, the first failure rethrown after the rest, and no deadlock when called from pool threads
// that fill the pool.
#include "ParallelFor.h"
#include "TestMain.h"
#include "WorkPool.h"

#include <QFuture>
#include <QMutex>
#include <QSet>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>
#include <atomic>
#include <memory>
#include <stdexcept>
#include <vector>

class TestParallelFor : public QObject {
    Q_OBJECT
private slots:
    void everyIndexOnce_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("chunk");
        QTest::addColumn<int>("ranges");
        QTest::newRow("nothing") << 0 << 4 << 0;
        QTest::newRow("negative count") << -3 << 4 << 0;
        QTest::newRow("one") << 1 << 1 << 1;
        QTest::newRow("uneven") << 10 << 3 << 4;
        QTest::newRow("exact") << 12 << 3 << 4;
        QTest::newRow("many") << 1000 << 7 << 143;
        QTest::newRow("chunk above count") << 1000 << 2000 << 1;
        QTest::newRow("chunk 0 counts as 1") << 5 << 0 << 5;
    }
    void everyIndexOnce() {
        QFETCH(int, count);
        QFETCH(int, chunk);
        QFETCH(int, ranges);
        const auto visits = std::make_unique<std::atomic<int>[]>(std::size_t(std::max(count, 1)));
        std::atomic<int> calls{0}, oversized{0};
        kix::parallelFor(count, chunk, [&](int begin, int end) {
            ++calls;
            if (end - begin > std::max(chunk, 1) || begin >= end || begin < 0 || end > count)
                ++oversized;
            for (int i = begin; i < end; ++i)
                ++visits[std::size_t(i)];
        });
        QCOMPARE(calls.load(), ranges);
        QCOMPARE(oversized.load(), 0);
        for (int i = 0; i < count; ++i)
            QCOMPARE(visits[std::size_t(i)].load(), 1);
    }

    // With a free pool thread, ranges that take a while are shared: the point of not using blockingMap.
    void usesThePoolAndTheCaller() {
        if (kix::workPool()->maxThreadCount() < 1)
            QSKIP("the pool has no thread");
        QMutex lock;
        QSet<Qt::HANDLE> threads;
        kix::parallelFor(200, 1, [&](int, int) {
            QThread::usleep(500);
            const QMutexLocker locked(&lock);
            threads.insert(QThread::currentThreadId());
        });
        QVERIFY2(threads.size() >= 2, qPrintable(QStringLiteral("%1 thread(s)").arg(threads.size())));
        QVERIFY(threads.contains(QThread::currentThreadId())); // the caller worked too
    }

    void firstFailureRethrownAfterTheRest() {
        std::atomic<int> ran{0};
        bool caught = false;
        try {
            kix::parallelFor(50, 2, [&](int begin, int) {
                ++ran;
                if (begin == 10)
                    throw std::runtime_error("range at 10");
            });
        } catch (const std::runtime_error& e) {
            caught = true;
            QCOMPARE(QByteArray(e.what()), QByteArray("range at 10"));
        }
        QVERIFY(caught);
        QCOMPARE(ran.load(), 25); // every range ran, the failing one included
    }

    // Every pool thread inside a parallelFor: each caller finishes its own ranges, none waits on the pool.
    void fromPoolThreadsThatFillThePool() {
        const int threads = kix::workPool()->maxThreadCount();
        std::atomic<long> sum{0};
        QList<QFuture<void>> running;
        for (int t = 0; t < threads + 2; ++t)
            running << QtConcurrent::run(kix::workPool(), [&sum] {
                kix::parallelFor(1000, 10, [&sum](int begin, int end) {
                    for (int i = begin; i < end; ++i)
                        sum += i;
                });
            });
        for (QFuture<void>& f : running)
            QVERIFY(QTest::qWaitFor([&f] { return f.isFinished(); }, 20000));
        QCOMPARE(sum.load(), long(threads + 2) * 999 * 1000 / 2);
    }
};

KIX_TEST_GUILESS_MAIN(TestParallelFor)
#include "tst_parallel_for.moc"
