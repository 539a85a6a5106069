// SHA-256 on worker threads and OpenSSL's shutdown order (issue 13 item 7): the runtime drains the
// pool, waits for every hashing thread to release its OpenSSL state, and only then cleans up.
#include "Sha256.h"
#include "WorkPool.h"

#include <QTest>
#include <QThreadPool>
#include <QtConcurrent>

class TestSha256 : public QObject {
    Q_OBJECT
private slots:
    // Runs first: OPENSSL_INIT_NO_ATEXIT only counts in the process's first OpenSSL call.
    void shutsDownAfterThePoolThreads() {
        {
            const kix::CryptoRuntime runtime;
            // kix hashes on its own pool; the runtime drains Qt's global one too.
            for (QThreadPool* pool : {kix::workPool(), QThreadPool::globalInstance()}) {
                pool->setMaxThreadCount(16);
                const QList<int> work(256, 0);
                const auto digests = QtConcurrent::blockingMapped<QList<QByteArray>>(
                    pool, work, [](int) { return kix::sha256Hex("abc"); });
                for (const QByteArray& d : digests)
                    QCOMPARE(d,
                             QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
            }
            QVERIFY(!kix::CryptoRuntime::cleanedUp());
        }
        // Every pool thread ended and released its state in time, so the cleanup ran.
        QVERIFY(kix::CryptoRuntime::cleanedUp());
    }
};

QTEST_GUILESS_MAIN(TestSha256)
#include "tst_sha256.moc"
