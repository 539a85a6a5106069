// SHA-256 through OpenSSL's EVP interface, and OpenSSL's lifetime in a process that hashes on
// worker threads.
#pragma once

#include <QByteArray>
#include <string_view>

namespace kix {

// Lowercase hex of the SHA-256 of bytes. Throws std::runtime_error if OpenSSL fails. Safe on any
// thread: it registers the calling thread with enterCryptoThread().
QByteArray sha256Hex(std::string_view bytes);

// OpenSSL's shutdown, in the right order (issue 13 item 7: 2 SIGSEGV in ~135k runs, an ASan double
// free in 5,166).
//
// By default OpenSSL cleans up from an atexit handler, and that handler also frees the per-thread
// state of every thread that ever used OpenSSL, without a lock. Qt's pool threads are detached:
// QThread::wait(), and so QThreadPool::waitForDone() run by ~QCoreApplication, returns before the
// thread's TLS destructors run, and OpenSSL's own TLS destructor frees that same per-thread state.
// A pool thread still in that destructor when main() returns and the atexit handler runs is a double
// free. Draining the pool is therefore not enough on its own.
//
// A CryptoRuntime made in main(), right after the QCoreApplication and before anything hashes, turns
// the atexit cleanup off. Its destructor drains the thread pools (kix's, model/base/WorkPool.h, and Qt's
// global one), waits until every thread that used OpenSSL has released its state itself (enterCryptoThread's
// guard calls OPENSSL_thread_stop() as the thread ends), and only then calls OPENSSL_cleanup(). Should a
// thread not end in time (one that is not a pool thread), the cleanup is skipped and the OS reclaims the
// memory: never a race.
class CryptoRuntime {
public:
    CryptoRuntime();
    ~CryptoRuntime();
    CryptoRuntime(const CryptoRuntime&) = delete;
    CryptoRuntime& operator=(const CryptoRuntime&) = delete;
    // Whether the destructor called OPENSSL_cleanup() (for tests).
    static bool cleanedUp();
};

// Any code that calls OpenSSL on a thread other than main()'s calls this first (once per call is
// fine: it costs a thread_local check), so the thread releases its OpenSSL state before it ends.
void enterCryptoThread();

} // namespace kix
